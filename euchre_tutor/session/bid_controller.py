"""The Bid Euchre controller: the student at South, rule-based computer players in the other seats, no widgets.

:class:`BidController` owns a :class:`~euchre_tutor.bid.game.BidGame`. The
student plays South; a :class:`~euchre_tutor.bots.bid.RuleBasedPlayer` plays
North (the partner), East and West and acts at once until it is the
student's turn again, so every action a computer player takes is in the
game's history (and in the logs). When a hand ends the controller waits
(:attr:`~BidController.waiting`) so the student can read the last trick and
the score; :meth:`~BidController.next_hand` goes on.

Every command either changes the game or, when the input is bad or the
action illegal, leaves it exactly as it was and sets :attr:`message` to the
engine's teaching sentence. Views subscribe with :meth:`subscribe` and are
told ``"state"`` (the game changed) or ``"message"`` (only the message or
the suggestion did). The shape is the classic table's
(:mod:`~euchre_tutor.session.classic_controller`): undo goes back to the
student's previous decision (the computer players' answers are undone with
it), redo plays it again and the answers up to the student's next decision.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from euchre_tutor.advisor.voice import how_many
from euchre_tutor.bid import (
    Action,
    BidGame,
    BidMade,
    CardPlayed,
    Event,
    HandScored,
    HandStarted,
    HandState,
    MatchState,
    MatchWon,
    PassedOut,
    Phase,
    Seat,
    Trick,
    TrickWon,
    TrumpNamed,
)
from euchre_tutor.bid.game import FORMAT
from euchre_tutor.bid.replay import replay_state
from euchre_tutor.bots.bid import Player, RuleBasedPlayer
from euchre_tutor.cards import Card, Suit
from euchre_tutor.errors import EuchreError, IllegalAction, JsonInputError, RulesError
from euchre_tutor.jsonio import capped_text, error_text, load_json_text, seed_number, short
from euchre_tutor.rules.bid import PRESETS, BidRules
from euchre_tutor.session.observing import Observable, sentence
from euchre_tutor.tricks.history import gc_paused
from euchre_tutor.views.bid import SeatView, seat_view

__all__ = [
    "CARD_KINDS",
    "STUDENT",
    "BidController",
    "BidHandLog",
    "action_label",
    "action_meaning",
    "bid_hand_logs",
    "bid_rules",
    "contract_label",
    "load_bid_saved_or_deal",
]

#: the student's seat: South, partnered with North against East and West
STUDENT: Final = Seat.S
#: the actions the student takes by clicking a card of the hand (all others are buttons)
CARD_KINDS: Final = ("play", "discard", "give")
#: the suggestion's player: a rule of thumb that says why in a sentence
_RULE_OF_THUMB: Final = RuleBasedPlayer()

_CARD_ACTION_OF_PHASE: Final = {
    Phase.PLAY: "play",
    Phase.KITTY: "discard",
    Phase.LONER_DISCARD: "discard",
    Phase.CALL: "give",
}
_DEAL_EXAMPLE: Final = (
    '{"rules": "common", "dealer": "N", "hands": {"N": ["9S", ...], "E": [...], "S": [...], "W": [...]}, '
    '"actions": ["pass", ...]}'
)


def bid_rules(rules: str | BidRules | Mapping[str, Any]) -> BidRules:
    """A rules object from a preset name, a rules object, or a JSON-like mapping of options."""
    if isinstance(rules, BidRules):
        return rules
    if isinstance(rules, str | Mapping):
        return BidRules.from_json(dict(rules) if isinstance(rules, Mapping) else rules)
    raise RulesError(
        f"rules must be a Bid Euchre preset name ({', '.join(PRESETS)}) or a BidRules object, not {rules!r}"
    )


# ---------------------------------------------------------------------------
# Words for actions


def contract_label(suit: Suit | None, notrump: str | None) -> str:
    """A contract on a button: ``♥``, ``NT↑`` (no trump high), ``NT↓`` (low), ``""`` (tricks only)."""
    if suit is not None:
        return suit.symbol
    if notrump == "high":
        return "NT↑"
    if notrump == "low":
        return "NT↓"
    return ""


def _contract_words(suit: Suit | None, notrump: str | None) -> str:
    if suit is not None:
        return f"{suit.plural} trump"
    if notrump is not None:
        return "no trump, " + ("the lowest card of the led suit wins" if notrump == "low" else "ace high")
    return "trump named after the bidding"


_ALONE_LABELS: Final = {"alone": "Alone", "call-1": "Call 1", "call-2": "Call 2"}


def action_label(action: Action) -> str:
    """A decision in a few words: 'Pass', 'Bid 3 ♥', 'Bid 4 NT↑', 'Alone ♠', 'Call 1 ♥', 'Trump ♦', 'Play 9♠'."""
    kind = action.kind
    contract = contract_label(action.suit, action.notrump)
    if kind == "pass":
        return "Pass"
    if kind == "bid":
        head = _ALONE_LABELS[action.alone] if action.alone is not None else f"Bid {action.level}"
        return f"{head} {contract}".strip()
    if kind == "trump":
        return f"Trump {contract}"
    assert action.card is not None
    return f"{kind.capitalize()} {action.card.symbol}"


def action_meaning(action: Action, rules: BidRules) -> str:
    """A tooltip: what the decision commits the student's side to, then its action string."""
    kind = action.kind
    if kind == "pass":
        text = "Pass: let the next player bid"
    elif kind == "bid" and action.alone is not None:
        gift = {
            "call-1": "North first passes you one card and you discard one; ",
            "call-2": "North first passes you two cards and you discard two; ",
        }.get(action.alone, "")
        text = (
            f"{_ALONE_LABELS[action.alone]} in {_contract_words(action.suit, action.notrump)}: "
            f"{gift}North sits out and you must take all {rules.hand_size} tricks "
            f"(worth {rules.alone_value(action.alone)} points, or lose as many)"
        )
    elif kind == "bid":
        text = (
            f"Bid {action.level} tricks in {_contract_words(action.suit, action.notrump)}: you and North "
            f"must take at least {action.level} of {rules.hand_size}"
        )
    elif kind == "trump":
        text = f"Name {_contract_words(action.suit, action.notrump)}"
    else:
        text = str(action)
    return f"{text} (action: {action})"


# ---------------------------------------------------------------------------
# The logs, from the engine's events (what everyone saw)


@dataclass(frozen=True, slots=True)
class BidHandLog:
    """One hand as the logs show it."""

    number: int
    dealer: Seat
    bidding: tuple[str, ...]
    trump: Suit | None
    notrump: str | None
    bidder: Seat | None
    bid: str
    tricks: tuple[tuple[int, Trick], ...]
    result: tuple[str, ...]
    points: tuple[int, int] | None
    outcome: str = ""

    @property
    def finished(self) -> bool:
        return self.points is not None


def bid_hand_logs(events: Sequence[Event]) -> list[BidHandLog]:
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
        bidder: Seat | None = None
        bid = ""
        points: tuple[int, int] | None = None
        outcome = ""
        for e in group[1:]:
            if isinstance(e, CardPlayed):
                continue
            if isinstance(e, TrickWon):
                tricks.append((e.number, e.trick))
            elif isinstance(e, HandScored):
                points = (int(e.points[0]), int(e.points[1]))
                outcome = e.text
                result.append(e.text)
                bid = e.bid
            elif isinstance(e, PassedOut):
                bidding.append(e.text)
                points, outcome = (0, 0), e.text
            elif isinstance(e, MatchWon):
                result.append(e.text)
            else:
                if isinstance(e, BidMade):
                    trump, notrump, bidder = e.trump, e.notrump, e.seat
                elif isinstance(e, TrumpNamed):
                    trump, notrump = e.trump, e.notrump
                bidding.append(e.text)
        out.append(
            BidHandLog(
                start.hand_number,
                start.dealer,
                tuple(bidding),
                trump,
                notrump,
                bidder,
                bid,
                tuple(tricks),
                tuple(result),
                points,
                outcome,
            )
        )
    return out


# ---------------------------------------------------------------------------
# A teacher's deal or a saved game


def load_bid_saved_or_deal(data: bytes | str | Mapping[str, Any]) -> BidGame | HandState:
    """What a Load box holds: a saved game (a JSON object with ``"format": "euchre-tutor/bid-game"``),
    or a teacher's deal (the ``euchre-tutor bid replay`` input: ``rules``, ``dealer``, ``hands``,
    optional ``kitty`` and ``actions``), returned as the hand state after its actions."""
    if isinstance(data, Mapping):
        obj: object = dict(data)
    elif isinstance(data, bytes | str):
        if not data.strip():
            raise IllegalAction(f"paste a deal first: {_DEAL_EXAMPLE}")
        try:
            obj = load_json_text(capped_text(data, "the teacher's deal"), "the teacher's deal")
        except JsonInputError as error:
            raise IllegalAction(f"{error}; a deal looks like {_DEAL_EXAMPLE}") from None
    else:
        raise IllegalAction(f"a teacher's deal is a JSON object (text), not {short(data)}")
    if isinstance(obj, dict) and "format" in obj:
        if obj.get("format") != FORMAT:
            raise IllegalAction(
                f"a deal with a 'format' key is a saved game ({FORMAT!r}), not {short(obj.get('format'))}"
            )
        return BidGame.from_json(obj)
    return replay_state(obj)


# ---------------------------------------------------------------------------
# The controller


@dataclass(frozen=True, slots=True)
class _Step:
    """Who took an action of the game's history (None: a teacher's set-up action) and whether it ended a hand."""

    actor: Seat | None
    ended_hand: bool


class BidController(Observable):
    """A Bid Euchre match for one student at South.

    ``rules``: a preset name (``"common"``, ``"nt-high-low"``, ``"auction"``, ``"kitty-joker"``,
    ``"double-deck"``), a :class:`BidRules` or a mapping of options (``{"preset": "common",
    "hands": 4}``). ``bot``: the player of the other seats (a :class:`RuleBasedPlayer` by default).
    """

    def __init__(
        self,
        seed: int | str = 0,
        *,
        rules: str | BidRules | Mapping[str, Any] = "common",
        bot: Player | None = None,
    ) -> None:
        super().__init__()
        self.rules = bid_rules(rules)
        self.seat = STUDENT
        self.bot: Player = bot if bot is not None else RuleBasedPlayer()
        self.seed: int | str = seed
        self.suggestion = ""
        self.waiting = False
        self.game = BidGame(self.rules, seed=seed)
        self._steps: list[_Step] = []
        self._run_bots()
        self.message = f"New match (seed {seed}): {self.goal_words()}." + self._turn_note()

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
    def my_turn(self) -> bool:
        return not self.waiting and not self.state.is_over and self.state.to_act == self.seat

    @property
    def legal(self) -> tuple[Action, ...]:
        """The student's legal actions now (empty when it is not the student's turn)."""
        return self.state.legal_actions() if self.my_turn else ()

    @property
    def decision_actions(self) -> tuple[Action, ...]:
        """The student's legal actions taken with a button (pass, bids, naming trump)."""
        return tuple(a for a in self.legal if a.kind not in CARD_KINDS)

    def goal_words(self) -> str:
        r = self.rules
        return f"{r.hands} hands" if r.hands is not None else f"first to {r.target}"

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
        if state.to_act != self.seat:  # pragma: no cover - the computer players act at once
            return f"{card.name}: it is {state.to_act.word if state.to_act else 'nobody'}'s turn"
        action = self.card_action(card)
        if action is None:
            if state.hand.phase is Phase.TRUMP:
                return f"{card.name}: name trump first with the buttons below your hand"
            return f"{card.name}: cards are played after the bidding; bid or pass with the buttons below your hand"
        try:
            state.hand.apply(action)
        except EuchreError as error:
            return f"{card.name} may not be played: {error}" if action.kind == "play" else str(error)
        return None

    def hand_logs(self) -> list[BidHandLog]:
        return bid_hand_logs(self.game.log())

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
        """The student's decision (an action string such as ``"bid 3 H"``, ``"pass"`` or ``"trump low"``)."""

        def command() -> str:
            if self.state.is_over:
                raise IllegalAction("the match is over: start a new match")
            if self.waiting:
                raise IllegalAction("the hand is over: press Next hand to deal the next one")
            if self.state.to_act != self.seat:  # pragma: no cover - the computer players act at once
                raise IllegalAction(f"it is {self.state.to_act}'s turn, not yours")
            act = Action.parse(action)
            before = len(self.game.log())
            self._apply(act, self.seat)
            self.waiting = self._steps[-1].ended_hand and not self.state.is_over
            self._run_bots()
            return self._news(before)

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
            self._run_bots()
            return self._news(before, start=True)

        return self._attempt(command)

    def new_match(
        self, seed: int | str | None = None, rules: str | BidRules | Mapping[str, Any] | None = None
    ) -> bool:
        """A new match (0-0) from ``seed``; ``rules`` (a preset name, options) replaces the rules."""

        def command() -> str:
            value = self._seed_value(seed)
            new_rules = self.rules if rules is None else bid_rules(rules)
            self._start(BidGame(new_rules, seed=value), [])
            self.seed = value
            self.rules = new_rules
            self._run_bots()
            return f"New match (seed {value}): {self.goal_words()}." + self._turn_note()

        return self._attempt(command)

    def load_deal(self, data: str | Mapping[str, Any]) -> bool:
        """A teacher's deal: the JSON object ``euchre-tutor bid replay`` reads (``rules``, ``dealer``,
        ``hands``, optional ``kitty`` and ``actions``), or a saved game."""

        def command() -> str:
            try:
                return load()
            except EuchreError as error:  # one short message, however long the pasted text
                raise type(error)(error_text(str(error))) from None

        def load() -> str:
            loaded = load_bid_saved_or_deal(data)
            if isinstance(loaded, BidGame):
                game, steps, said = loaded, _walk_steps(loaded), "Loaded the saved game."
            else:  # a teacher's deal: the hand after its set-up actions
                game = BidGame(loaded.rules, seed=self.seed, deals=[loaded.deal])
                setup = [a for _, a in loaded.history]
                for a in setup:
                    game.apply(a)
                steps = [_Step(None, False)] * len(setup)
                said = f"Here is the teacher's deal: {loaded.dealer.word} deals" + (
                    f"; {how_many(len(setup), 'move')} already made." if setup else "."
                )
            self._start(game, steps)
            self.rules = game.rules
            at = game.position
            # a game saved just after a hand ended opens on that hand, as it was left
            self.waiting = at > 0 and steps[at - 1].ended_hand and not game.state.is_over
            self._run_bots()
            return said + self._turn_note()

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
            self._run_bots()
            return "Redone." + self._turn_note()

        return self._attempt(command)

    def suggest(self) -> bool:
        """What the rule-based computer player would do in the student's place (a rule of thumb; the
        hint panel has the advisor's numbers)."""
        if not self.my_turn:
            self._say("There is nothing to decide now, so nothing to suggest.", error=True)
            return False
        view = seat_view(self.state, self.seat)
        action = _RULE_OF_THUMB.choose(view)
        self.suggestion = (
            f"The rule-based computer player would choose: {action_label(action)} ({action}). "
            "It counts the tricks its hand should take, one more from its partner, and bids that many "
            "in its best trump. (A rule of thumb, not an exact hint.)"
        )
        self._say(self.message, self.message_is_error)
        return True

    def illegal(self, text: str) -> None:
        self._say(sentence(text), error=True)

    def save_text(self) -> str:
        return json.dumps(self.game.to_json(), ensure_ascii=False, indent=1)

    # ----------------------------------------------------------------- internals

    def _seed_value(self, seed: int | str | None) -> int | str:
        if seed is None:
            return self.seed
        if isinstance(seed, str) and not seed.strip():
            return self.seed
        return seed_number(seed)  # the save must load again: at most 100 digits, no int() traceback

    def _start(self, game: BidGame, steps: list[_Step]) -> None:
        """Replace the session (the caller has checked everything)."""
        self.game = game
        self._steps = steps
        self.waiting = False

    def _apply(self, action: Action, actor: Seat | None) -> None:
        before = len(self.state.results)
        self.game.apply(action)
        del self._steps[self.game.position - 1 :]
        self._steps.append(_Step(actor, len(self.state.results) > before))

    def _run_bots(self) -> None:
        """Let the computer players act until the student's turn, the end of a hand, or the match."""
        while not self.state.is_over and self.state.to_act != self.seat and not self.waiting:
            seat = self.state.to_act
            assert seat is not None
            self._apply(self.bot.choose(seat_view(self.state, seat)), seat)
            if self._steps[-1].ended_hand and not self.state.is_over:
                self.waiting = True

    def _previous_decision(self) -> int | None:
        for i in range(self.game.position - 1, -1, -1):
            if i < len(self._steps) and self._steps[i].actor == self.seat:
                return i
        return None

    def _news(self, since: int, *, start: bool = False) -> str:
        """What happened since the student's decision: the events, then the score or whose turn."""
        events = self.game.log()[since:]
        skip = (MatchWon, HandScored) if start else (HandStarted, MatchWon, HandScored)
        texts = [e.text for e in events if not isinstance(e, skip)]
        parts = [" ".join(texts[-10:])] if texts else []
        parts.extend(e.text for e in events if isinstance(e, HandScored))
        state = self.state
        score = f"N-S {state.scores[0]} – E-W {state.scores[1]}"
        if state.is_over:
            winner = state.winner
            if winner is None:
                parts.append(f"The match ends level at {score}. Press New match to play again.")
            elif self.seat in winner.seats:
                parts.append(f"You and North win the match, {score}! Press New match to play again.")
            else:
                parts.append(f"East and West win the match, {score}. Press New match to play again.")
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
        return ""  # pragma: no cover - the computer players act at once


def _walk_steps(game: BidGame) -> list[_Step]:
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
