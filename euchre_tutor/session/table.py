"""The table framework's controller: one student's seat at a partnership match, computer players in the others.

:class:`TableController` is written once for every dealt game (classic Euchre, Bid Euchre); a game's
controller subclasses it and supplies hooks: its game class, how it reads rules and actions, a seat's
view, the words of its messages. The controller owns the game (a
:class:`~euchre_tutor.tricks.game.MatchGame`); the student plays :attr:`~TableController.seat` and a
computer player (:attr:`~TableController.bot`) plays each other seat, acting at once until it is the
student's turn again, so every action a computer player takes is in the game's history. When a hand
ends the controller waits (:attr:`~TableController.waiting`) so the student can read the last trick
and the score; :meth:`~TableController.next_hand` goes on.

A computer player that thinks for long need not think on the click path: with a
:attr:`~TableController.thinker` set, each of its decisions that has a choice is asked of the thinker
(a background worker), the student's click updates the table at once, and the answer comes back
through :meth:`~TableController.bot_answered`; meanwhile :attr:`~TableController.thinking` names the
seat and the student's clicks are refused with a message. An answer to a question whose position is
gone (the student undid, a new match began) is ignored. The game played is the same either way.

Every command either changes the game or, when the input is bad or the action illegal, leaves it
exactly as it was and sets :attr:`message` to the engine's teaching sentence. Views subscribe with
:meth:`subscribe` and are told ``"state"`` (the game changed) or ``"message"`` (only the message or
the suggestion did).

Undo goes back to the student's previous decision (the computer players' actions after it are undone
with it); redo plays the student's decision again and the answers up to the student's next decision.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Final, Generic, Protocol, TypeVar

from euchre_tutor.advisor.voice import how_many
from euchre_tutor.cards import Card
from euchre_tutor.errors import EuchreError, IllegalAction
from euchre_tutor.jsonio import error_text, seed_number
from euchre_tutor.session.observing import Observable, sentence
from euchre_tutor.session.seats import tagged, win_words
from euchre_tutor.session.tables import track
from euchre_tutor.tricks.events import CardPlayed, MatchWon, Trick, TrickWon
from euchre_tutor.tricks.game import MatchGame
from euchre_tutor.tricks.history import gc_paused
from euchre_tutor.tricks.seating import Seat, Team

__all__ = [
    "CARD_KINDS",
    "TableAhead",
    "TableController",
    "TableHandLog",
    "Thinker",
    "build_hand_logs",
    "controller_class",
]

#: the actions the student takes by clicking a card of the hand (all others are buttons)
CARD_KINDS: Final = ("play", "discard", "give")


class _Hand(Protocol):
    @property
    def phase(self) -> Any: ...
    def apply(self, action: Any, /) -> Any: ...


class _Match(Protocol):
    """What the controller reads of a game's immutable match state."""

    @property
    def is_over(self) -> bool: ...
    @property
    def to_act(self) -> Seat | None: ...
    @property
    def results(self) -> Sequence[Any]: ...
    @property
    def scores(self) -> Sequence[int]: ...
    @property
    def winner(self) -> Team | None: ...
    @property
    def hand_number(self) -> int: ...
    def legal_actions(self) -> tuple[Any, ...]: ...


class _Rules(Protocol):
    @property
    def hands(self) -> int | None: ...
    @property
    def target(self) -> int: ...


class _View(Protocol):
    @property
    def legal(self) -> tuple[Any, ...]: ...


class _Action(Protocol):
    @property
    def kind(self) -> str: ...


class _Player(Protocol):
    def choose(self, view: Any, /) -> Any: ...


GameT = TypeVar("GameT", bound=MatchGame[Any, Any])
StateT = TypeVar("StateT", bound=_Match)
HandT = TypeVar("HandT", bound=_Hand)
ViewT = TypeVar("ViewT", bound=_View)
ActionT = TypeVar("ActionT", bound=_Action)
RulesT = TypeVar("RulesT", bound=_Rules)

#: asks for a computer player's decision in the background: ``thinker(view, ticket)`` returns at once,
#: and the answer comes later (never from within the call) through ``bot_answered(ticket, action)``
Thinker = Callable[[Any, int], None]


@dataclass(frozen=True, slots=True)
class _Step:
    """Who took an action of the game's history (None: a teacher's set-up action) and whether it ended a hand."""

    actor: Seat | None
    ended_hand: bool


@dataclass(frozen=True, slots=True)
class TableHandLog:
    """One hand as the logs show it, built from the engine's events (what everyone saw); a game's
    log adds its contract (:func:`build_hand_logs`)."""

    number: int
    dealer: Seat
    bidding: tuple[str, ...]
    tricks: tuple[tuple[int, Trick], ...]
    result: tuple[str, ...]
    points: tuple[int, ...] | None  # one per team; None while the hand is played
    outcome: str  # the hand's end in one sentence: the score, a pass-out or a misdeal

    @property
    def finished(self) -> bool:
        return self.points is not None


LogT = TypeVar("LogT", bound=TableHandLog)


def _text(event: Any) -> str:
    return str(event.text)


def build_hand_logs(
    make: Callable[..., LogT],
    events: Sequence[Any],
    *,
    started: type[Any],
    scored: type[Any],
    thrown_in: tuple[type[Any], ...],
    contract: Callable[[Any, list[Any], Any], Mapping[str, Any]],
    scored_line: Callable[[Any], str] = _text,
) -> list[LogT]:
    """A match's events as hand logs, one a hand (each opens with a ``started`` event).

    Every event of a hand that is not a card, a trick, its score (a ``scored`` event, told in the
    result by ``scored_line``) or the match's end is a line of the bidding; a ``thrown_in`` event
    (a pass-out, a misdeal) ends the hand with no points. ``contract(start, bidding events, scored
    event or None)`` gives the game's own fields of the log.
    """
    groups: list[list[Any]] = []
    for event in events:
        if isinstance(event, started) or not groups:
            groups.append([])
        groups[-1].append(event)
    out = []
    for group in (g for g in groups if isinstance(g[0], started)):
        start = group[0]
        bidding: list[Any] = []
        tricks: list[tuple[int, Trick]] = []
        result: list[str] = []
        points: tuple[int, ...] | None = None
        score, outcome = None, ""
        for e in group[1:]:
            if isinstance(e, CardPlayed):
                continue
            if isinstance(e, TrickWon):
                tricks.append((e.number, e.trick))
            elif isinstance(e, scored):
                score, points, outcome = e, tuple(int(p) for p in e.points), e.text
                result.append(scored_line(e))
            elif isinstance(e, thrown_in):
                bidding.append(e)
                points, outcome = (0,) * len(start.dealer.seating.teams), e.text
            elif isinstance(e, MatchWon):
                result.append(e.text)
            else:
                bidding.append(e)
        out.append(
            make(
                number=start.hand_number,
                dealer=start.dealer,
                bidding=tuple(_text(e) for e in bidding),
                tricks=tuple(tricks),
                result=tuple(result),
                points=points,
                outcome=outcome,
                **contract(start, bidding, score),
            )
        )
    return out


#: the most computer players' decisions :meth:`TableController.ahead` plays before the student's turn
AHEAD_STEPS: Final = 24


@dataclass(frozen=True)
class _AheadGame:
    position: int


@dataclass(frozen=True)
class TableAhead:
    """The table as it will be at the student's next decision (:meth:`TableController.ahead`): what a
    tutor reads of a controller to name and pose that turn (its state, hand and view, the student's
    seat and legal actions, and the game's position then)."""

    state: Any
    view: Any
    seat: Seat
    seed: int | str
    game: _AheadGame
    remote: bool = False
    my_turn: bool = True

    @property
    def hand(self) -> Any:
        return self.state.hand

    @property
    def legal(self) -> tuple[Any, ...]:
        found: tuple[Any, ...] = self.state.legal_actions()
        return found


#: every game's table controller class, by its game's save format (a controller registers itself when
#: its module is imported: the game's session hooks import it)
CONTROLLERS: dict[str, type[TableController[Any, Any, Any, Any, Any, Any]]] = {}


def controller_class(save_format: str) -> type[TableController[Any, Any, Any, Any, Any, Any]] | None:
    """The table controller class of the game whose saves are ``save_format`` (None: no such game)."""
    return CONTROLLERS.get(save_format)


class TableController(Observable, Generic[GameT, StateT, HandT, ViewT, ActionT, RulesT]):
    """A match for one student at a table of computer players; a game supplies the hooks below."""

    #: the game's class (made with ``GAME(rules, seed=..., dealer=..., deals=...)``)
    GAME: ClassVar[Callable[..., Any]]
    #: the event that opens a hand and the one that scores it (the news tells the score after the events)
    HAND_STARTED: ClassVar[type[Any]]
    HAND_SCORED: ClassVar[type[Any]]
    #: a hand's log (:func:`build_hand_logs`: what every log holds, and :meth:`_contract`'s fields) and
    #: the events that throw a hand in with no points (a pass-out, a misdeal)
    HAND_LOG: ClassVar[Callable[..., TableHandLog]] = TableHandLog
    THROWN_IN: ClassVar[tuple[type[Any], ...]] = ()
    #: which click on a card of the hand each phase asks for ("play", "discard", "give")
    CARD_ACTION_OF_PHASE: ClassVar[Mapping[Any, str]]
    #: a seat's view of a match or hand state: ``SEAT_VIEW(state, seat)``
    SEAT_VIEW: ClassVar[Callable[[Any, Seat], Any]]
    #: the player whose choice replaces a failed background answer (a rule of thumb)
    RULE_OF_THUMB: ClassVar[_Player]
    #: a game saved just after a hand ended opens on that hand, as it was left (else the play goes on)
    OPENS_ON_FINISHED_HAND: ClassVar[bool] = True
    #: a one-person table: this kernel holds the game (a shared table's seat says True)
    remote: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        game: Any = cls.__dict__.get("GAME")
        if game is not None:
            CONTROLLERS[game.FORMAT] = cls

    def __init__(self, seed: int | str, rules: RulesT, seat: Seat, bot: _Player) -> None:
        super().__init__()
        self.rules: RulesT = rules
        self.seat = seat
        self.bot = bot
        self.seed: int | str = seed
        self.suggestion = ""
        self.waiting = False
        self.game: GameT = self._new_game(rules, seed, None)
        self._steps: list[_Step] = []
        #: where decisions with a choice go while the computer players think in the background (None: here)
        self.thinker: Thinker | None = None
        self._ticket = 0
        self._asked: tuple[int, Seat] | None = None  # the open question: its ticket and the seat thinking
        #: the message of the last command, written again once the computer players have answered
        self._said: Callable[[], str] = lambda: self.message
        self._run_bots()
        track(self)  # a table's Download report finds the session's games by it

    # ----------------------------------------------------------------- hooks

    def _new_game(self, rules: RulesT, seed: int | str, dealer: Seat | None) -> GameT:
        game: GameT = self.GAME(rules, seed=seed, dealer=dealer)
        return game

    def read_rules(self, rules: Any) -> RulesT:
        """A rules object from a preset name, a rules object or a mapping of options."""
        raise NotImplementedError

    def _parse_action(self, action: ActionT | str) -> ActionT:
        """The action ``action`` names (an action or its text), as the game reads it."""
        game: Any = self.GAME
        parsed: ActionT = game.parse_action(action)
        return parsed

    def _card_click(self, kind: str, card: Card) -> ActionT:
        """The action of a click on ``card`` of the hand, of ``kind`` ("play", "discard", "give")."""
        game: Any = self.GAME
        clicked: ActionT = game.ACTION(kind, card=card)
        return clicked

    @classmethod
    def deal_event(cls, number: int, view: Any) -> Any:
        """The event that opens hand ``number``, as a seat's ``view`` of it tells it (a shared table's
        seat sees the deal, not the event)."""
        return cls.HAND_STARTED(hand_number=number, dealer=view.dealer)

    def _seat_view(self, state: StateT | HandT, seat: Seat) -> ViewT:
        view: ViewT = type(self).SEAT_VIEW(state, seat)
        return view

    def _seat_for(self, rules: RulesT) -> Seat:
        """The student's seat at the table of ``rules``."""
        return self.seat

    def _load(self, data: str | Mapping[str, Any]) -> GameT | Any:
        """A saved game, or a teacher's deal as the hand state after its set-up actions (its ``rules``,
        its ``deal`` and its ``history``: (seat, action) pairs)."""
        raise NotImplementedError

    def _deal_words(self, loaded: Any) -> str:
        """The first words after loading a teacher's deal: who deals (and what is turned up)."""
        raise NotImplementedError

    def _no_card_reason(self, card: Card, phase: Any) -> str:
        """Why no card of the hand is clicked in ``phase`` (the bidding: the buttons answer)."""
        raise NotImplementedError

    def _suggestion(self, view: ViewT) -> str:
        """What the rule-based computer player would do in the student's place, and why."""
        raise NotImplementedError

    def _score_words(self) -> str:
        state = self.state
        return " – ".join(f"{t} {state.scores[t.index]}" for t in self.seat.seating.teams)

    def _win_words(self, winner: Team) -> str:
        """Who won the match, from the student's chair ("You and your partner win")."""
        return win_words(winner, self.seat)

    @staticmethod
    def _contract(start: Any, bidding: list[Any], scored: Any) -> Mapping[str, Any]:
        """A hand log's own fields (its contract), from the hand's opening event, its bidding events and
        the event that scored it (None: not scored)."""
        return {}

    @staticmethod
    def _scored_line(scored: Any) -> str:
        """How a hand log's result says the hand's score."""
        return _text(scored)

    def hand_logs(self) -> list[Any]:
        """The match's hands as the logs show them, from the engine's events (what everyone saw)."""
        return build_hand_logs(
            self.HAND_LOG,
            self.game.log(),
            started=self.HAND_STARTED,
            scored=self.HAND_SCORED,
            thrown_in=self.THROWN_IN,
            contract=self._contract,
            scored_line=self._scored_line,
        )

    # ----------------------------------------------------------------- reading

    @property
    def state(self) -> StateT:
        state: StateT = self.game.state
        return state

    @property
    def hand(self) -> HandT:
        """The hand on the table: the one just finished while :attr:`waiting`, else the one in play."""
        state = self.game.state
        found: HandT = state.last_hand if self.waiting and state.last_hand is not None else state.hand
        return found

    @property
    def view(self) -> ViewT:
        """What the student's seat may know of the hand on the table."""
        return self._seat_view(self.hand, self.seat)

    @property
    def thinking(self) -> Seat | None:
        """The computer player thinking in the background now (None: nobody is)."""
        return None if self._asked is None else self._asked[1]

    @property
    def my_turn(self) -> bool:
        return not self.waiting and not self.state.is_over and self.state.to_act == self.seat

    def ahead(self) -> TableAhead | None:
        """The student's next decision when no choice of theirs comes before it: the hand just played
        (:attr:`waiting`), the next one dealt, the computer players having acted as they will when
        Next hand is pressed (on a copy of them: they decide from each seat's view alone). None while a
        hand is played, when a computer player thinks in the background, or when the match or the next
        hand ends before the student's turn."""
        if not self.waiting or self.thinker is not None or self.state.is_over:
            return None
        bot = copy.deepcopy(self.bot)  # a player with a running stream of choices keeps its own
        state: Any = self.state
        results = len(state.results)
        position = self.game.position
        for _ in range(AHEAD_STEPS):
            if state.is_over or len(state.results) > results:
                return None
            seat = state.to_act
            if seat == self.seat:
                view = self._seat_view(state.hand, seat)
                return TableAhead(state, view, seat, self.seed, _AheadGame(position))
            state = state.apply(bot.choose(self._seat_view(state, seat)))
            position += 1
        return None

    @property
    def legal(self) -> tuple[ActionT, ...]:
        """The student's legal actions now (empty when it is not the student's turn)."""
        return self.state.legal_actions() if self.my_turn else ()

    @property
    def decision_actions(self) -> tuple[ActionT, ...]:
        """The student's legal actions taken with a button (not with a card of the hand)."""
        return tuple(a for a in self.legal if a.kind not in CARD_KINDS)

    def goal_words(self) -> str:
        r = self.rules
        return f"{r.hands} hands" if r.hands is not None else f"first to {r.target}"

    def card_action(self, card: Card) -> ActionT | None:
        """The action a click on ``card`` asks for now (None when cards are not clicked now)."""
        if not self.my_turn:
            return None
        kind = self.CARD_ACTION_OF_PHASE.get(self.game.state.hand.phase)
        return None if kind is None else self._card_click(kind, card)

    def card_reason(self, card: Card) -> str | None:
        """Why ``card`` of the student's hand may not be clicked now (None: it may)."""
        state = self.game.state
        if state.is_over:
            return f"{card.name}: the match is over; start a new match"
        if self.waiting:
            return f"{card.name}: the hand is over; press Next hand"
        if self.thinking is not None:
            return f"{card.name}: wait for your turn, {self.thinking.word} is thinking"
        if state.to_act != self.seat:  # pragma: no cover - the computer players act at once or think
            return f"{card.name}: it is {state.to_act.word if state.to_act else 'nobody'}'s turn"
        action = self.card_action(card)
        if action is None:
            return self._no_card_reason(card, state.hand.phase)
        try:
            state.hand.apply(action)
        except EuchreError as error:
            return f"{card.name} may not be played: {error}" if action.kind == "play" else str(error)
        return None

    @property
    def can_undo(self) -> bool:
        return self._previous_decision() is not None

    @property
    def can_redo(self) -> bool:
        return self.game.can_redo

    def decision_positions(self) -> list[int]:
        """Where in the game's history the student decided (the tutor grades these)."""
        end = self.game.position
        return [i for i, step in enumerate(self._steps[:end]) if step.actor == self.seat]

    # ----------------------------------------------------------------- commands

    def _done(self) -> None:
        self.suggestion = ""  # it was for the position before the command

    def act(self, action: ActionT | str) -> bool:
        """The student's decision (an action string such as ``"pass"``)."""

        def command() -> str:
            if self.state.is_over:
                raise IllegalAction("the match is over: start a new match")
            if self.waiting:
                raise IllegalAction("the hand is over: press Next hand to deal the next one")
            if self.thinking is not None:
                raise IllegalAction(f"wait for your turn: {self.thinking.word} is still thinking")
            if self.state.to_act != self.seat:  # pragma: no cover - the computer players act at once or think
                raise IllegalAction(f"it is {self.state.to_act}'s turn, not yours")
            act = self._parse_action(action)
            before = len(self.game.log())
            self._apply(act, self.seat)
            self.waiting = self._steps[-1].ended_hand and not self.state.is_over
            self._said = lambda: self._news(before)
            self._run_bots()
            return self._said()

        return self._attempt(command)

    def click_card(self, card: Card | str) -> bool:
        """A click on a card of the hand: play, discard or give it, or explain why not (nothing changes)."""
        try:
            chosen = Card.parse(card) if isinstance(card, str) else card
        except EuchreError as error:
            self._say(sentence(str(error)), error=True)
            return False
        reason = self.card_reason(chosen)
        if reason is not None:
            self._say(sentence(reason), error=True)
            return False
        action = self.card_action(chosen)
        assert action is not None
        return self.act(action)

    def next_hand(self) -> bool:
        def command() -> str:
            if not self.waiting:
                raise IllegalAction(
                    "the hand is still being played: finish it first (or start a new match)"
                    if not self.state.is_over
                    else "the match is over: start a new match"
                )
            self.waiting = False
            before = len(self.game.log()) - 1  # the new hand's HandStarted
            self._said = lambda: self._news(before, start=True)
            self._run_bots()
            return self._said()

        return self._attempt(command)

    def _new_match(
        self,
        seed: int | str | None,
        rules: Any,
        opening: Callable[[int | str, RulesT, Seat], tuple[GameT, str]],
    ) -> bool:
        """A new match (0-0) from ``seed``; ``rules`` replaces the rules; ``opening(seed, rules, seat)``
        deals its game and says anything more than the goal (a draw for partners, ...)."""

        def command() -> str:
            value = self._seed_value(seed)
            new_rules = self.rules if rules is None else self.read_rules(rules)
            new_seat = self._seat_for(new_rules)
            game, more = opening(value, new_rules, new_seat)
            self._start(game, [], new_seat)
            self.seed = value
            said = f"New match (seed {value}): {self.goal_words()}." + more
            self._said = lambda: said + self._turn_note()
            self._run_bots()
            return self._said()

        return self._attempt(command)

    def new_match(self, seed: int | str | None = None, rules: Any = None) -> bool:
        """A new match (0-0) from ``seed``; ``rules`` (a preset name, options) replaces the rules."""
        return self._new_match(
            seed, rules, lambda value, new_rules, _: (self._new_game(new_rules, value, None), "")
        )

    def load_deal(self, data: str | Mapping[str, Any]) -> bool:
        """A teacher's deal (the JSON object the game's ``replay`` command reads), or a saved game."""

        def command() -> str:
            try:
                return load()
            except EuchreError as error:  # one short message, however long the pasted text
                raise type(error)(error_text(str(error))) from None

        def load() -> str:
            loaded = self._load(data)
            if not isinstance(loaded, MatchGame):  # a teacher's deal: the hand after its set-up actions
                game = self.GAME(loaded.rules, seed=self.seed, deals=[loaded.deal])
                setup = [a for _, a in loaded.history]
                for a in setup:
                    game.apply(a)
                steps = [_Step(None, False)] * len(setup)
                said = self._deal_words(loaded) + (
                    f"; {how_many(len(setup), 'move')} already made." if setup else "."
                )
            else:
                game, steps, said = loaded, _walk_steps(loaded), "Loaded the saved game."
            self._start(game, steps, self._seat_for(game.rules))
            at = game.position
            # a game saved just after a hand ended opens on that hand, as it was left
            self.waiting = (
                self.OPENS_ON_FINISHED_HAND and at > 0 and steps[at - 1].ended_hand and not game.state.is_over
            )
            self._said = lambda: said + self._turn_note()
            self._run_bots()
            return self._said()

        return self._attempt(command)

    def undo(self) -> bool:
        def command() -> str:
            target = self._previous_decision()
            if target is None:
                raise IllegalAction(
                    "nothing to undo: you have not made a decision yet in this match "
                    "(the computer players' actions are undone with yours)"
                )
            self.game.go_to(target)
            self.waiting = False
            self._asked = None  # an answer still on its way is for a position that is gone
            return "Undone: your decision again." + self._turn_note()

        return self._attempt(command)

    def redo(self) -> bool:
        def command() -> str:
            if not self.game.can_redo:
                raise IllegalAction("nothing to redo: undo a decision first")
            steps = self._steps
            target, waiting = len(steps), False
            for i in range(self.game.position + 1, len(steps) + 1):
                if steps[i - 1].ended_hand:  # stop where the hand ended, as when it was played
                    target, waiting = i, True
                    break
                if i < len(steps) and steps[i].actor == self.seat:
                    target = i
                    break
            self.game.go_to(target)
            self.waiting = waiting and not self.state.is_over
            # the history may stop while a computer player was still thinking (undone meanwhile)
            self._said = lambda: "Redone." + self._turn_note()
            self._run_bots()
            return self._said()

        return self._attempt(command)

    def suggest(self) -> bool:
        """What the rule-based computer player would do in the student's place, and why (a rule of
        thumb; the hint panel has the advisor's numbers)."""
        if not self.my_turn:
            self._say("There is nothing to decide now, so nothing to suggest.", error=True)
            return False
        self.suggestion = self._suggestion(self._seat_view(self.state, self.seat))
        self._say(self.message, self.message_is_error)
        return True

    def save_text(self) -> str:
        return json.dumps(self.game.to_json(), ensure_ascii=False, indent=1)

    # ----------------------------------------------------------------- internals

    def _seed_value(self, seed: int | str | None) -> int | str:
        if seed is None:
            return self.seed
        if isinstance(seed, str) and not seed.strip():
            return self.seed
        return seed_number(seed)  # the save must load again: at most 100 digits, no int() traceback

    def _start(self, game: GameT, steps: list[_Step], seat: Seat) -> None:
        """Replace the session (the caller has checked everything)."""
        self.game = game
        self._steps = steps
        self.waiting = False
        self.rules = game.rules
        self.seat = seat

    def _apply(self, action: ActionT, actor: Seat | None) -> None:
        before = len(self.state.results)
        self.game.apply(action)
        del self._steps[self.game.position - 1 :]
        self._steps.append(_Step(actor, len(self.state.results) > before))

    def _run_bots(self) -> None:
        """Let the computer players act until the student's turn, the end of a hand, or the match.

        With a :attr:`thinker`, a decision with a choice is asked of it and this returns at once."""
        self._asked = None
        while not self.state.is_over and self.state.to_act != self.seat and not self.waiting:
            seat = self.state.to_act
            assert seat is not None
            view = self._seat_view(self.state, seat)
            if self.thinker is not None and len(view.legal) > 1:
                self._ticket += 1
                self._asked = (self._ticket, seat)
                self.thinker(view, self._ticket)
                return
            self._apply(self.bot.choose(view), seat)
            if self._steps[-1].ended_hand and not self.state.is_over:
                self.waiting = True

    def bot_answered(self, ticket: int, action: ActionT | str | None) -> bool:
        """The thinker's answer to question ``ticket``; False (nothing changes) when that question is
        no longer open (the student undid, a new match began). An answer that is not a legal action
        (the worker failed) is replaced by the rule-based player's choice, so the game never stalls."""
        if self._asked is None or self._asked[0] != ticket:
            return False
        seat = self._asked[1]
        view = self._seat_view(self.state, seat)
        chosen: ActionT | None
        try:
            chosen = None if action is None else self._parse_action(action)
        except EuchreError:
            chosen = None
        if chosen not in view.legal:
            chosen = self.RULE_OF_THUMB.choose(view)
        assert chosen is not None
        self._apply(chosen, seat)
        if self._steps[-1].ended_hand and not self.state.is_over:
            self.waiting = True
        self._run_bots()
        self._emit("state")
        self._say(self._said())
        return True

    def _previous_decision(self) -> int | None:
        for i in range(self.game.position - 1, -1, -1):
            if i < len(self._steps) and self._steps[i].actor == self.seat:
                return i
        return None

    def _news(self, since: int, *, start: bool = False) -> str:
        """What happened since the student's decision: the events, then the score or whose turn.

        A new hand's deal is told only when the student asked for it (``start``): after the last
        card the student is still looking at the finished hand."""
        events = self.game.log()[since:]
        scored = self.HAND_SCORED
        skip = (MatchWon, scored) if start else (self.HAND_STARTED, MatchWon, scored)
        texts = [tagged(e.text, self.seat) for e in events if not isinstance(e, skip)]
        parts = [" ".join(texts[-10:])] if texts else []
        parts.extend(e.text for e in events if isinstance(e, scored))
        state = self.state
        score = self._score_words()
        if state.is_over:
            winner = state.winner
            if winner is None:
                parts.append(f"The match ends level at {score}. Press New match to play again.")
            else:
                mark = "!" if self.seat in winner.seats else "."
                parts.append(
                    f"{self._win_words(winner)} the match, {score}{mark} Press New match to play again."
                )
        elif self.waiting:
            parts.append(f"Score: {score}. Press Next hand.")
        else:
            parts.append(self._turn_note().strip())
        return " ".join(p for p in parts if p)

    def _turn_note(self) -> str:
        if self.state.is_over:
            return " The match is over."
        if self.waiting:
            return " The hand is over: press Next hand."
        if self.my_turn:
            return " Your turn."
        if self.thinking is not None:
            return f" {self.thinking.word} is thinking…"
        return ""  # pragma: no cover - the computer players act at once


def _walk_steps(game: MatchGame[Any, Any]) -> list[_Step]:
    """Who took each action of a loaded game, its redo tail too (walking its history, then back)."""
    end = game.position
    steps = []
    with gc_paused():
        for i in range(game.recorded):
            game.go_to(i)
            actor = game.state.to_act
            results = len(game.state.results)
            game.go_to(i + 1)
            steps.append(_Step(actor, len(game.state.results) > results))
    game.go_to(end)
    return steps
