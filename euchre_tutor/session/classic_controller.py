"""The classic Euchre controller: one student's seat, computer players in the others, no widgets.

:class:`ClassicController` owns a :class:`~euchre_tutor.classic.game.ClassicGame`.
The student plays one seat (South by default; P1 at three and six players); a
:class:`~euchre_tutor.bots.classic.RuleBasedPlayer` plays each other seat and
acts at once until it is the student's turn again, so every action a bot
takes is in the game's history (and in the logs). When a hand ends the
controller waits (:attr:`waiting`) so the student can read the last trick
and the score; :meth:`next_hand` goes on.

A computer player that thinks for long (the Expert level) need not think on
the click path: with a :attr:`~ClassicController.thinker` set, each of its
decisions that has a choice is asked of the thinker (a background worker, see
:class:`~euchre_tutor.session.classic_tutor.ClassicTutor`), the student's
click updates the table at once, and the answer comes back through
:meth:`~ClassicController.bot_answered`; meanwhile :attr:`~ClassicController.thinking`
names the seat and the student's clicks are refused with a message. The
game played is the same either way.

Every command either changes the game or, when the input is bad or the
action illegal, leaves it exactly as it was and sets :attr:`message` to the
engine's teaching sentence. Views subscribe with :meth:`subscribe` and are
told ``"state"`` (the game changed) or ``"message"`` (only the message or the
suggestion did).

Undo goes back to the student's previous decision (the bots' actions after
it are undone with it); redo plays the student's decision again and the bots'
answers up to the student's next decision.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from euchre_tutor.advisor.classic.reasons import action_label
from euchre_tutor.advisor.voice import card_words, how_many
from euchre_tutor.bots.classic import Player, RuleBasedPlayer
from euchre_tutor.cards import Card, Suit
from euchre_tutor.classic.draw import TableDraw, draw_for_deal
from euchre_tutor.classic.engine import (
    Action,
    CardPlayed,
    Event,
    HandScored,
    HandStarted,
    HandState,
    MatchState,
    MatchWon,
    Misdealt,
    PassedOut,
    Phase,
    Trick,
    TrickWon,
    TrumpMade,
)
from euchre_tutor.classic.game import ClassicGame, load_saved_or_deal
from euchre_tutor.errors import EuchreError, IllegalAction, RulesError
from euchre_tutor.jsonio import error_text, seed_number
from euchre_tutor.rules.catalogue import rule
from euchre_tutor.rules.classic import ClassicRules
from euchre_tutor.session.observing import Observable, sentence
from euchre_tutor.session.seats import student_seat, tagged, win_words
from euchre_tutor.session.tables import track
from euchre_tutor.tricks.history import gc_paused
from euchre_tutor.tricks.seating import Seat, seating_for
from euchre_tutor.views.classic import SeatView, seat_view

__all__ = [
    "CARD_KINDS",
    "ClassicController",
    "HandLog",
    "action_meaning",
    "classic_rules",
    "hand_logs",
]


#: the actions the student takes by clicking a card of the hand (all others are buttons)
CARD_KINDS: Final = ("play", "discard", "give")
#: the suggestion's player, whatever the table's level: a rule of thumb that can say why in a sentence
_RULE_OF_THUMB: Final = RuleBasedPlayer()

_CARD_ACTION_OF_PHASE: Final = {
    Phase.PLAY: "play",
    Phase.DISCARD: "discard",
    Phase.LONER_DISCARD: "discard",
    Phase.BEST_CARD: "give",
}


def classic_rules(rules: str | ClassicRules | Mapping[str, Any]) -> ClassicRules:
    """A rules object from a preset name, a rules object, or a JSON-like mapping of options
    (three, four or six players: the table lays out each)."""
    if isinstance(rules, ClassicRules):
        return rules
    if isinstance(rules, str | Mapping):
        return ClassicRules.from_json(dict(rules) if isinstance(rules, Mapping) else rules)
    raise RulesError(f"rules must be a preset name or a ClassicRules object, not {rules!r}")


def rules_seat(rules: ClassicRules, chosen: Seat | str | None) -> Seat:
    """The student's seat at the table these rules lay out (see :func:`student_seat`)."""
    return student_seat(seating_for(rules.players, rules.six_handed_teams), chosen)


# ---------------------------------------------------------------------------
# Words for actions and tricks


def action_meaning(action: Action, hand: HandState | SeatView) -> str:
    """A tooltip: what the decision does, then its action string."""
    kind = action.kind
    up_suit = hand.up.suit or Suit.SPADES
    lone = "; alone: your partner sits the hand out" if action.alone else ""
    if kind == "pass":
        text = "Pass: let the next player decide"
    elif kind == "order":
        text = (
            f"Make {up_suit.plural} trump; the dealer picks up {hand.up.symbol} and discards one card{lone}"
        )
    elif kind == "call" and action.notrump is not None:
        low = "the lowest" if action.notrump == "low" else "the highest"
        text = f"Play without trump: {low} card of the led suit wins; jacks are plain cards{lone}"
    elif kind == "call" and action.suit is not None:
        text = f"Make {action.suit.plural} trump{lone}"
    elif kind == "alone":
        text = (
            "Defend alone: your partner sits out; a euchre by you scores more"
            if hand.phase is Phase.DEFEND_ALONE
            else "Go alone: your partner sits the hand out; all five tricks score more"
        )
    elif kind == "partner":
        text = "Play the hand with your partner"
    elif kind == "misdeal":
        text = "Throw the hand in (a misdeal hand): the same dealer deals again"
    elif kind == "under":
        text = "Farmer's hand: swap these three low cards for the three hidden kitty cards"
    else:
        text = str(action)
    return f"{text} (action: {action})"


@dataclass(frozen=True, slots=True)
class HandLog:
    """One hand as the logs show it, built from the engine's events (what everyone saw)."""

    number: int
    dealer: Seat
    up: Card
    bidding: tuple[str, ...]
    trump: Suit | None
    notrump: str | None
    maker: Seat | None
    tricks: tuple[tuple[int, Trick], ...]
    result: tuple[str, ...]
    points: tuple[int, ...] | None
    outcome: str = ""  # the hand's end in one sentence: the score, a pass-out or a misdeal

    @property
    def finished(self) -> bool:
        return self.points is not None


def hand_logs(events: Sequence[Event]) -> list[HandLog]:
    """Group a match's events by hand (each starts with :class:`HandStarted`)."""
    groups: list[list[Event]] = []
    for event in events:
        if isinstance(event, HandStarted) or not groups:
            groups.append([])
        groups[-1].append(event)
    out = []
    for group in groups:
        start = group[0]
        if not isinstance(start, HandStarted):  # pragma: no cover - a match always starts with one
            continue
        bidding: list[str] = []
        tricks: list[tuple[int, Trick]] = []
        result: list[str] = []
        trump: Suit | None = None
        notrump: str | None = None
        maker: Seat | None = None
        points: tuple[int, ...] | None = None
        outcome = ""
        for e in group[1:]:
            if isinstance(e, CardPlayed):
                continue
            if isinstance(e, TrickWon):
                tricks.append((e.number, e.trick))
            elif isinstance(e, HandScored):
                points, outcome = e.points, e.text
                r = rule(e.rule_id)
                result.append(f"{e.text} ({r.title}: {r.text})")
            elif isinstance(e, PassedOut | Misdealt):
                bidding.append(e.text)
                points, outcome = (0,) * len(start.dealer.seating.teams), e.text
            elif isinstance(e, MatchWon):
                result.append(e.text)
            else:
                if isinstance(e, TrumpMade):
                    trump, notrump, maker = e.trump, e.notrump, e.seat
                bidding.append(e.text)
        out.append(
            HandLog(
                start.hand_number,
                start.dealer,
                start.up,
                tuple(bidding),
                trump,
                notrump,
                maker,
                tuple(tricks),
                tuple(result),
                points,
                outcome,
            )
        )
    return out


# ---------------------------------------------------------------------------
# The controller


@dataclass(frozen=True, slots=True)
class _Step:
    """Who took an action of the game's history (None: a teacher's set-up action) and whether it ended a hand."""

    actor: Seat | None
    ended_hand: bool


#: asks for a computer player's decision in the background: ``thinker(view, ticket)`` returns at once,
#: and the answer comes later (never from within the call) through ``bot_answered(ticket, action)``
Thinker = Callable[[SeatView, int], None]


class ClassicController(Observable):
    """A classic Euchre match for one student at a table of three, four or six.

    ``rules``: a preset name, a :class:`ClassicRules` or a mapping of options.
    ``seat``: the student's seat (None: South at four players, P1 at three and
    six; a seat the table lacks is refused). ``bot``: the player of the other
    seats (a :class:`RuleBasedPlayer` by default), which also makes the
    suggestions.
    """

    def __init__(
        self,
        seed: int | str = 0,
        *,
        rules: str | ClassicRules | Mapping[str, Any] = "standard",
        seat: Seat | str | None = None,
        bot: Player | None = None,
    ) -> None:
        super().__init__()
        self.rules = classic_rules(rules)
        self.seat = rules_seat(self.rules, seat)
        #: the seat asked for (None: the table's default); kept when new rules change the table
        self.chosen_seat: Seat | str | None = seat
        self.bot: Player = bot if bot is not None else RuleBasedPlayer()
        self.seed: int | str = seed
        self.suggestion = ""
        self.waiting = False
        self.game = ClassicGame(self.rules, seed=seed)
        #: the draw for partners and the first deal that opened this match (None: North dealt first)
        self.table_draw: TableDraw | None = None
        self._steps: list[_Step] = []
        #: where decisions with a choice go while the computer players think in the background (None: here)
        self.thinker: Thinker | None = None
        self._ticket = 0
        self._asked: tuple[int, Seat] | None = None  # the open question: its ticket and the seat thinking
        #: the message of the last command, written again once the computer players have answered
        self._said: Callable[[], str] = lambda: self.message
        self._run_bots()
        track(self)  # a table's Download report finds the session's games by it

    # ----------------------------------------------------------------- reading

    @property
    def state(self) -> MatchState:
        return self.game.state

    @property
    def hand(self) -> HandState:
        """The hand on the table: the one just finished while :attr:`waiting`, else the one in play."""
        state = self.state
        if self.waiting and state.last_hand is not None:
            return state.last_hand
        return state.hand

    @property
    def view(self) -> SeatView:
        """What the student's seat may know of the hand on the table."""
        return seat_view(self.hand, self.seat)

    @property
    def thinking(self) -> Seat | None:
        """The computer player thinking in the background now (None: nobody is)."""
        return None if self._asked is None else self._asked[1]

    @property
    def my_turn(self) -> bool:
        return not self.waiting and not self.state.is_over and self.state.to_act == self.seat

    @property
    def legal(self) -> tuple[Action, ...]:
        """The student's legal actions now (empty when it is not the student's turn)."""
        return self.state.legal_actions() if self.my_turn else ()

    @property
    def decision_actions(self) -> tuple[Action, ...]:
        """The student's legal actions taken with a button (not with a card of the hand)."""
        return tuple(a for a in self.legal if a.kind not in CARD_KINDS)

    def card_action(self, card: Card) -> Action | None:
        """The action a click on ``card`` asks for now (None when cards are not clicked now)."""
        if not self.my_turn:
            return None
        kind = _CARD_ACTION_OF_PHASE.get(self.state.hand.phase)
        return None if kind is None else Action(kind, card=card)

    def card_reason(self, card: Card) -> str | None:
        """Why ``card`` of the student's hand may not be clicked now (None: it may)."""
        state = self.state
        if state.is_over:
            return f"{card.name}: the match is over; start a new match"
        if self.waiting:
            return f"{card.name}: the hand is over; press Next hand"
        if self.thinking is not None:
            return f"{card.name}: wait for your turn, {self.thinking.word} is thinking"
        if state.to_act != self.seat:  # pragma: no cover - the bots act at once or think
            return f"{card.name}: it is {state.to_act.word if state.to_act else 'nobody'}'s turn"
        action = self.card_action(card)
        if action is None:
            phase = state.hand.phase
            if phase in (Phase.ROUND_1, Phase.ROUND_2, Phase.BLIND):
                return f"{card.name}: cards are played after the bidding; bid with the buttons above the hand"
            return f"{card.name}: answer with the buttons above the hand first"
        try:
            state.hand.apply(action)
        except EuchreError as error:
            return f"{card.name} may not be played: {error}" if action.kind == "play" else str(error)
        return None

    def hand_logs(self) -> list[HandLog]:
        return hand_logs(self.game.log())

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

    def _attempt(self, command: Callable[[], str]) -> bool:
        """Run a command; a EuchreError becomes the teaching message and changes nothing."""
        try:
            said = command()
        except EuchreError as error:
            self._say(sentence(str(error)), error=True)
            return False
        self.suggestion = ""
        self._emit("state")
        self._say(said)
        return True

    def act(self, action: Action | str) -> bool:
        """The student's decision (an action string such as ``"order"`` or ``"call H alone"``)."""

        def command() -> str:
            if self.state.is_over:
                raise IllegalAction("the match is over: start a new match")
            if self.waiting:
                raise IllegalAction("the hand is over: press Next hand to deal the next one")
            if self.thinking is not None:
                raise IllegalAction(f"wait for your turn: {self.thinking.word} is still thinking")
            if self.state.to_act != self.seat:  # pragma: no cover - the bots act at once or think
                raise IllegalAction(f"it is {self.state.to_act}'s turn, not yours")
            act = Action.parse(action)
            before = len(self.game.log())
            self._apply(act, self.seat)
            self.waiting = self._steps[-1].ended_hand and not self.state.is_over
            self._said = lambda: self._news(before)
            self._run_bots()
            return self._said()

        return self._attempt(command)

    def click_card(self, card: Card | str) -> bool:
        """A click on a card of the hand: play, discard or give it, or explain why not (nothing changes)."""
        chosen = Card.parse(card) if isinstance(card, str) else card
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

    def new_match(
        self,
        seed: int | str | None = None,
        rules: str | ClassicRules | Mapping[str, Any] | None = None,
        *,
        draw: bool = False,
    ) -> bool:
        """A new match (0-0) from ``seed``; ``rules`` (a four-player preset name, ...) replaces the rules.

        ``draw``: the players first draw cards for partners and the first deal (the custom of the
        table); without it North (P1) deals first as always.
        """

        def command() -> str:
            value = self._seed_value(seed)
            new_rules = self.rules if rules is None else classic_rules(rules)
            new_seat = self._seat_for(new_rules)
            table_draw = (
                draw_for_deal(
                    value, seating=seating_for(new_rules.players, new_rules.six_handed_teams), home=new_seat
                )
                if draw
                else None
            )
            dealer = table_draw.first_dealer if table_draw is not None else None
            self._start(ClassicGame(new_rules, seed=value, dealer=dealer), [], run=False)
            self.seed = value
            self.rules = new_rules
            self.seat = new_seat
            self.table_draw = table_draw
            goal = (
                f"{self.rules.hands} hands"
                if self.rules.hands is not None
                else f"first to {self.rules.target}"
            )
            said = f"New match (seed {value}): {goal}."
            if table_draw is not None:
                said += " " + " ".join(table_draw.sentences())
            self._said = lambda: said + self._turn_note()
            self._run_bots()
            return self._said()

        return self._attempt(command)

    def load_deal(self, data: str | Mapping[str, Any]) -> bool:
        """A teacher's deal: the JSON object ``euchre-tutor classic replay`` reads
        (``rules``, ``dealer``, ``hands``, ``up``, optional ``kitty`` and ``actions``), or a saved game."""

        def command() -> str:
            try:
                return load()
            except EuchreError as error:  # one short message, however long the pasted text
                raise type(error)(error_text(str(error))) from None

        def load() -> str:
            loaded = load_saved_or_deal(data)
            if isinstance(loaded, ClassicGame):
                game, steps, said = loaded, _walk_steps(loaded), "Loaded the saved game."
            else:  # a teacher's deal: the hand after its setup actions
                game = ClassicGame(loaded.rules, seed=self.seed, deals=[loaded.deal])
                setup = [a for _, a in loaded.history]
                for a in setup:
                    game.apply(a)
                steps = [_Step(None, False)] * len(setup)
                d = loaded.deal
                said = (
                    f"Here is the teacher's deal: {d.dealer.word} deals and the up card is {card_words(d.up)}"
                    + (f"; {how_many(len(setup), 'move')} already made." if setup else ".")
                )
            new_seat = self._seat_for(game.rules)
            self._start(game, steps, run=False)
            self.table_draw = None
            self.rules = game.rules
            self.seat = new_seat
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
        """What the Club (rule-based) computer player would do in the student's place, and why: a rule of
        thumb at every level (the hint panel has the advisor's numbers)."""
        if not self.my_turn:
            self._say("There is nothing to decide now, so nothing to suggest.", error=True)
            return False
        view = seat_view(self.state, self.seat)
        action = _RULE_OF_THUMB.choose(view)  # whatever the level: the hint panel has the numbers
        why = _RULE_OF_THUMB.explain(view, action)  # the player that chose says why, from its own counts
        label = action_label(action, view)
        self.suggestion = (
            f"The Club computer player would {label[0].lower()}{label[1:]}. {why} "
            "(This is the rule-based player's choice, a rule of thumb, not an exact hint.)"
        )
        self._say(self.message, self.message_is_error)
        return True

    def illegal(self, text: str) -> None:
        self._say(sentence(text), error=True)

    def save_text(self) -> str:
        return json.dumps(self.game.to_json(), ensure_ascii=False, indent=1)

    # ----------------------------------------------------------------- internals

    def _seat_for(self, rules: ClassicRules) -> Seat:
        """The student's seat at the table of ``rules``: the chosen seat if that table has it, else
        its default (South, or P1), so switching between three, four and six players just works."""
        try:
            return rules_seat(rules, self.chosen_seat)
        except EuchreError:
            return rules_seat(rules, None)

    def _seed_value(self, seed: int | str | None) -> int | str:
        if seed is None:
            return self.seed
        if isinstance(seed, str) and not seed.strip():
            return self.seed
        return seed_number(seed)  # the save must load again: at most 100 digits, no int() traceback

    def _start(self, game: ClassicGame, steps: list[_Step], *, run: bool = True) -> None:
        """Replace the session (the caller has checked everything)."""
        self.game = game
        self._steps = steps
        self.waiting = False
        if run:
            self._run_bots()

    def _apply(self, action: Action, actor: Seat | None) -> None:
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
            view = seat_view(self.state, seat)
            if self.thinker is not None and len(view.legal) > 1:
                self._ticket += 1
                self._asked = (self._ticket, seat)
                self.thinker(view, self._ticket)
                return
            self._apply(self.bot.choose(view), seat)
            if self._steps[-1].ended_hand and not self.state.is_over:
                self.waiting = True

    def bot_answered(self, ticket: int, action: Action | str | None) -> bool:
        """The thinker's answer to question ``ticket``; False (nothing changes) when that question is
        no longer open (the student undid, a new match began). An answer that is not a legal action
        (the worker failed) is replaced by the rule-based player's choice, so the game never stalls."""
        if self._asked is None or self._asked[0] != ticket:
            return False
        seat = self._asked[1]
        view = seat_view(self.state, seat)
        try:
            chosen = Action.parse(action) if isinstance(action, str) else action
        except EuchreError:
            chosen = None
        if chosen not in view.legal:
            chosen = _RULE_OF_THUMB.choose(view)
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
        skip = (MatchWon, HandScored) if start else (HandStarted, MatchWon, HandScored)
        texts = [tagged(e.text, self.seat) for e in events if not isinstance(e, skip)]
        parts = [" ".join(texts[-10:])] if texts else []
        for e in events:
            if isinstance(e, HandScored):
                parts.append(e.text)
        state = self.state
        score = " – ".join(f"{t} {state.scores[t.index]}" for t in state.seating.teams)
        if state.is_over:
            winner = state.winner
            if winner is None:
                parts.append(f"The match ends level at {score}. Press New match to play again.")
            elif self.seat in winner.seats:
                parts.append(
                    f"{win_words(winner, self.seat)} the match, {score}! Press New match to play again."
                )
            else:
                parts.append(
                    f"{win_words(winner, self.seat)} the match, {score}. Press New match to play again."
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
        return ""  # pragma: no cover - the bots act at once


def _walk_steps(game: ClassicGame) -> list[_Step]:
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
