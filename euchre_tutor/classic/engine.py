"""The classic 4-player Euchre engine: immutable hand and match states.

A :class:`HandState` is one deal, from the first bid to the score; a
:class:`MatchState` strings hands together to the target (or a fixed number
of hands) with dealer rotation and redeals after a passed-out hand. Both are
frozen: ``state.apply(action)`` checks the action and returns a new state,
so bad input never changes anything. ``state.events`` says what the last
action did (for the trick log and the hints).

Phases and who acts (one pair of functions per phase: legal actions, apply):

- ``round-1``: from the dealer's left, ``pass`` or ``order`` (the dealer's
  ``order`` picks the up card up); with ``alone_timing="with-bid"`` also
  ``order alone``.
- ``round-2``: ``pass`` or ``call X`` for the three other suits (and
  ``call X alone``); a stuck dealer may not pass.
- ``discard``: the dealer, holding six cards, discards one.
- ``go-alone``: with ``alone_timing="after-discard"`` the maker answers
  ``alone`` or ``partner``.
- ``defend-alone``: with ``defend_alone="any-bid"`` each defender in turn from
  the dealer's left answers ``alone`` or ``partner``.
- ``play``: the dealer's left leads the first trick (skipping a player who
  sits out); follow the led suit if able; the winner leads the next.
- ``over``: scored (or passed out).

>>> deal = Deal.from_seed(7, Seat.N)
>>> state = new_hand(deal)
>>> state.to_act, [str(a) for a in state.legal_actions()]
(<Seat.E: 1>, ['pass', 'order', 'order alone'])
"""

from __future__ import annotations

import enum
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from typing import Final, TypeAlias

from euchre_tutor.cards import (
    Card,
    Suit,
    deck,
    effective_suit,
    format_cards,
    is_left_bower,
    parse_card,
    winning_index,
)
from euchre_tutor.errors import CardError, DealError, IllegalAction, IllegalPlay, RulesError
from euchre_tutor.rules.classic import ClassicRules

__all__ = [
    "Action",
    "CardPlayed",
    "Deal",
    "Discarded",
    "Event",
    "HandScored",
    "HandStarted",
    "HandState",
    "MatchState",
    "MatchWon",
    "Passed",
    "PassedOut",
    "Phase",
    "PickedUp",
    "Seat",
    "Team",
    "Trick",
    "TrickWon",
    "TrumpMade",
    "WentAlone",
    "hand_points",
    "new_hand",
    "new_match",
]

HAND_SIZE: Final = 5
TRICKS: Final = 5


class Seat(enum.IntEnum):
    """The four seats, numbered like OpenSpiel (N E S W = 0..3); play goes clockwise."""

    N = 0
    E = 1
    S = 2
    W = 3

    @property
    def next(self) -> Seat:
        """The seat on this one's left (the next to act)."""
        return _SEATS[(self + 1) % 4]

    @property
    def partner(self) -> Seat:
        return _SEATS[(self + 2) % 4]

    @property
    def team(self) -> Team:
        return Team.NS if self % 2 == 0 else Team.EW

    @property
    def word(self) -> str:
        return _SEAT_WORDS[self]

    def __str__(self) -> str:
        return self.name

    @classmethod
    def parse(cls, text: object) -> Seat:
        if isinstance(text, Seat):
            return text
        if isinstance(text, str):
            key = text.strip().upper()
            for seat in _SEATS:
                if key in (seat.name, seat.word.upper()):
                    return seat
        raise DealError(f"{text!r} is not a seat: use N, E, S or W (North, East, South, West)")


_SEATS: Final = (Seat.N, Seat.E, Seat.S, Seat.W)
_SEAT_WORDS: Final = {Seat.N: "North", Seat.E: "East", Seat.S: "South", Seat.W: "West"}


class Team(enum.Enum):
    """The partnerships: North-South and East-West."""

    NS = "NS"
    EW = "EW"

    @property
    def seats(self) -> tuple[Seat, Seat]:
        return (Seat.N, Seat.S) if self is Team.NS else (Seat.E, Seat.W)

    @property
    def other(self) -> Team:
        return Team.EW if self is Team.NS else Team.NS

    def __str__(self) -> str:
        return self.value


class Phase(enum.Enum):
    ROUND_1 = "round-1"
    ROUND_2 = "round-2"
    DISCARD = "discard"
    GO_ALONE = "go-alone"
    DEFEND_ALONE = "defend-alone"
    PLAY = "play"
    OVER = "over"


# ---------------------------------------------------------------------------
# Actions

ACTION_KINDS: Final = ("pass", "order", "call", "alone", "partner", "discard", "play")


@dataclass(frozen=True, slots=True)
class Action:
    """One action of whoever is to act; ``str(action)`` is the CLI notation.

    ``Action.parse("call H alone")``, ``Action.parse("play 10S")``. ``repr``
    is valid code.
    """

    kind: str
    suit: Suit | None = None
    card: Card | None = None
    alone: bool = False

    @classmethod
    def parse(cls, text: object) -> Action:
        if isinstance(text, Action):
            return text
        if not isinstance(text, str):
            raise IllegalAction(f"an action is a string such as 'pass' or 'play 9S', not {text!r}")
        words = text.strip().lower().split()
        if not words:
            raise IllegalAction(f"empty action; {_ACTION_HELP}")
        kind, rest = words[0], words[1:]
        try:
            if kind in ("pass", "alone", "partner") and not rest:
                return cls(kind)
            if kind == "order" and rest in ([], ["alone"]):
                return cls("order", alone=bool(rest))
            if kind == "call" and len(rest) in (1, 2) and rest[1:] in ([], ["alone"]):
                return cls("call", suit=Suit.parse(rest[0]), alone=len(rest) == 2)
            if kind in ("discard", "play") and len(rest) == 1:
                return cls(kind, card=parse_card(rest[0]))
        except CardError as exc:
            raise IllegalAction(f"in action {text!r}: {exc}") from None
        raise IllegalAction(f"{text!r} is not an action; {_ACTION_HELP}")

    def __str__(self) -> str:
        if self.kind == "order":
            return "order alone" if self.alone else "order"
        if self.kind == "call":
            return f"call {self.suit}" + (" alone" if self.alone else "")
        if self.kind in ("discard", "play"):
            return f"{self.kind} {self.card}"
        return self.kind

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"


_ACTION_HELP: Final = (
    "the actions are: pass; order; order alone; call C|D|H|S; call X alone; alone; partner; "
    "discard <card>; play <card> (cards like 9S, TH, 10H, J♥)"
)

PASS: Final = Action("pass")
ORDER: Final = Action("order")
ORDER_ALONE: Final = Action("order", alone=True)
ALONE: Final = Action("alone")
PARTNER: Final = Action("partner")


# ---------------------------------------------------------------------------
# Deals


@dataclass(frozen=True, slots=True)
class Deal:
    """Who dealt, the four hands (indexed by seat), the up card and the rest of the kitty."""

    dealer: Seat
    hands: tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]
    up: Card
    kitty: tuple[Card, ...]

    def __post_init__(self) -> None:
        check_deal(self.hands, self.up, self.kitty)

    @classmethod
    def from_seed(cls, seed: int | str, dealer: Seat | str = Seat.N, *, size: int = 24) -> Deal:
        """A shuffled deal; card k of the shuffle goes to seat (dealer + k) % 4 (OpenSpiel's order)."""
        cards = list(deck(size))
        random.Random(f"classic:{seed}").shuffle(cards)
        return cls.from_order(cards, dealer)

    @classmethod
    def from_order(cls, cards: Sequence[Card], dealer: Seat | str) -> Deal:
        """Deal an explicit card order: card k (k < 20) to seat (dealer + k) % 4, then the up card."""
        d = Seat.parse(dealer)
        if len(cards) < 4 * HAND_SIZE + 1:
            raise DealError(f"a deal needs at least 21 cards (20 dealt and the up card), got {len(cards)}")
        hands: list[list[Card]] = [[], [], [], []]
        for k in range(4 * HAND_SIZE):
            hands[(d + k) % 4].append(cards[k])
        h = tuple(tuple(x) for x in hands)
        return cls(d, (h[0], h[1], h[2], h[3]), cards[4 * HAND_SIZE], tuple(cards[4 * HAND_SIZE + 1 :]))

    @classmethod
    def from_hands(
        cls,
        dealer: Seat | str,
        hands: Mapping[Seat, Iterable[Card | str]] | Mapping[str, Iterable[Card | str]],
        up: Card | str,
        *,
        size: int = 24,
    ) -> Deal:
        """Explicit hands and up card; the kitty is whatever is left of the deck."""
        d = Seat.parse(dealer)
        if not isinstance(hands, Mapping):
            raise DealError("hands must map each seat (N, E, S, W) to its five cards")
        by_seat: dict[Seat, tuple[Card, ...]] = {}
        for key, cards in hands.items():
            seat = Seat.parse(key)
            if seat in by_seat:
                raise DealError(f"{seat.word}'s hand is given twice")
            if isinstance(cards, str):
                raise DealError(f"{seat.word}'s hand must be a list of cards, not the string {cards!r}")
            try:
                parsed = tuple(c if isinstance(c, Card) else parse_card(c) for c in cards)
            except TypeError:
                raise DealError(f"{seat.word}'s hand must be a list of cards, not {cards!r}") from None
            by_seat[seat] = parsed
        missing = [s.word for s in _SEATS if s not in by_seat]
        if missing:
            raise DealError(f"no hand given for {', '.join(missing)}: give all four hands (N, E, S, W)")
        up_card = up if isinstance(up, Card) else parse_card(up)
        used = {c for h in by_seat.values() for c in h} | {up_card}
        kitty = tuple(c for c in deck(size) if c not in used)
        h = tuple(by_seat[s] for s in _SEATS)
        return cls(d, (h[0], h[1], h[2], h[3]), up_card, kitty)

    def to_json(self) -> dict[str, object]:
        return {
            "dealer": self.dealer.name,
            "hands": {s.name: [str(c) for c in self.hands[s]] for s in _SEATS},
            "up": str(self.up),
        }

    @classmethod
    def from_json(cls, data: object) -> Deal:
        if not isinstance(data, dict) or set(data) - {"dealer", "hands", "up"} or len(data) != 3:
            raise DealError(
                'a deal is an object {"dealer": "N", "hands": {"N": [5 cards], ...}, "up": "KS"}, '
                f"not {data!r}"[:300]
            )
        return cls.from_hands(data["dealer"], data["hands"], data["up"])


def check_deal(hands: Sequence[Sequence[Card]], up: Card, kitty: Sequence[Card], size: int = 24) -> None:
    """Raise DealError unless the hands, up card and kitty are exactly the deck."""
    if len(hands) != 4:
        raise DealError(f"a classic deal has four hands, not {len(hands)}")
    full = set(deck(size))
    seen: dict[Card, str] = {}
    for seat, hand in zip(_SEATS, hands, strict=True):
        if len(hand) != HAND_SIZE:
            raise DealError(
                f"{seat.word} must hold {HAND_SIZE} cards, not {len(hand)} ({format_cards(hand) or 'none'})"
            )
        for c in hand:
            _claim(c, f"{seat.word}'s hand", seen, full, size)
    _claim(up, "the up card", seen, full, size)
    for c in kitty:
        _claim(c, "the kitty", seen, full, size)
    if len(seen) != len(full):
        missing = sorted(full - set(seen), key=lambda c: c.index)
        raise DealError(f"the deal is missing {format_cards(missing)}")


def _claim(card: Card, where: str, seen: dict[Card, str], full: set[Card], size: int) -> None:
    if card not in full:
        raise DealError(f"{card} ({where}) is not in the {size}-card Euchre deck (9 10 J Q K A of each suit)")
    if card in seen:
        raise DealError(f"{card} is dealt twice: in {seen[card]} and in {where}")
    seen[card] = where


# ---------------------------------------------------------------------------
# Tricks and events


@dataclass(frozen=True, slots=True)
class Trick:
    """A completed trick: the leader, the cards in play order with their seats, the winner."""

    leader: Seat
    plays: tuple[tuple[Seat, Card], ...]
    winner: Seat

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(c for _, c in self.plays)

    def to_json(self) -> dict[str, object]:
        return {"leader": self.leader.name, "cards": [str(c) for c in self.cards], "winner": self.winner.name}


@dataclass(frozen=True, slots=True)
class HandStarted:
    hand_number: int
    dealer: Seat
    up: Card

    @property
    def text(self) -> str:
        return f"Hand {self.hand_number}: {self.dealer.word} deals; the up card is {self.up.symbol}."


@dataclass(frozen=True, slots=True)
class Passed:
    seat: Seat
    round: int

    @property
    def text(self) -> str:
        return f"{self.seat.word} passes."


@dataclass(frozen=True, slots=True)
class TrumpMade:
    seat: Seat
    trump: Suit
    round: int
    alone: bool | None  # None: decided later (alone_timing="after-discard")

    @property
    def text(self) -> str:
        how = "orders up" if self.round == 1 else "calls"
        lone = " and goes alone" if self.alone else ""
        return f"{self.seat.word} {how} {self.trump.plural}{lone}."


@dataclass(frozen=True, slots=True)
class PickedUp:
    seat: Seat
    card: Card

    @property
    def text(self) -> str:
        return f"{self.seat.word} picks up {self.card.symbol}."


@dataclass(frozen=True, slots=True)
class Discarded:
    """The dealer's discard; only the dealer may see ``card`` (views hide it)."""

    seat: Seat
    card: Card

    @property
    def text(self) -> str:
        return f"{self.seat.word} discards a card face down."


@dataclass(frozen=True, slots=True)
class WentAlone:
    """A maker's or defender's answer to "alone?"; ``defender`` tells which."""

    seat: Seat
    alone: bool
    defender: bool

    @property
    def text(self) -> str:
        if self.defender:
            return (
                f"{self.seat.word} defends alone."
                if self.alone
                else f"{self.seat.word} defends with partner."
            )
        return f"{self.seat.word} goes alone." if self.alone else f"{self.seat.word} plays with partner."


@dataclass(frozen=True, slots=True)
class CardPlayed:
    seat: Seat
    card: Card
    trick: int

    @property
    def text(self) -> str:
        return f"{self.seat.word} plays {self.card.symbol}."


@dataclass(frozen=True, slots=True)
class TrickWon:
    number: int
    trick: Trick

    @property
    def seat(self) -> Seat:
        return self.trick.winner

    @property
    def text(self) -> str:
        return f"{self.trick.winner.word} wins trick {self.number}."


@dataclass(frozen=True, slots=True)
class PassedOut:
    dealer: Seat

    @property
    def text(self) -> str:
        return "Everyone passed twice: the hand is thrown in and the next dealer deals."


@dataclass(frozen=True, slots=True)
class HandScored:
    makers: Team
    makers_tricks: int
    points: tuple[int, int]  # (NS, EW) for this hand
    rule_id: str

    @property
    def text(self) -> str:
        team = Team.NS if self.points[0] else Team.EW
        pts = max(self.points)
        return (
            f"The makers ({self.makers}) take {self.makers_tricks} trick"
            f"{'s' if self.makers_tricks != 1 else ''}: {team} score {pts}."
        )


@dataclass(frozen=True, slots=True)
class MatchWon:
    team: Team | None
    scores: tuple[int, int]

    @property
    def text(self) -> str:
        if self.team is None:
            return f"The match ends level at {self.scores[0]}-{self.scores[1]}."
        return f"{self.team} win the match {self.scores[0]}-{self.scores[1]}."


Event: TypeAlias = (
    HandStarted
    | Passed
    | TrumpMade
    | PickedUp
    | Discarded
    | WentAlone
    | CardPlayed
    | TrickWon
    | PassedOut
    | HandScored
    | MatchWon
)


# ---------------------------------------------------------------------------
# Scoring


def hand_points(
    rules: ClassicRules, makers_tricks: int, alone: bool, lone_defender: bool
) -> tuple[int, int, str]:
    """(makers' points, defenders' points, rule id) for a played hand."""
    if makers_tricks == TRICKS:
        return (4, 0, "classic.score-alone-march") if alone else (2, 0, "classic.score-march")
    if makers_tricks >= 3:
        return 1, 0, "classic.score-point"
    if lone_defender:
        return 0, rules.lone_defender_euchre_points, "classic.lone-defender"
    return 0, 2, "classic.score-euchre"


# ---------------------------------------------------------------------------
# The hand state

_HandCards = tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]


@dataclass(frozen=True, slots=True)
class HandState:
    """One hand of classic Euchre, immutable; build it with :func:`new_hand`."""

    rules: ClassicRules
    deal: Deal
    phase: Phase
    to_act: Seat | None
    hands: _HandCards
    passes: int = 0
    trump: Suit | None = None
    maker: Seat | None = None
    alone: bool = False
    lone_defender: Seat | None = None
    discard: Card | None = None
    defenders_to_ask: tuple[Seat, ...] = ()
    tricks: tuple[Trick, ...] = ()
    trick_leader: Seat | None = None
    trick_plays: tuple[tuple[Seat, Card], ...] = ()
    history: tuple[tuple[Seat, Action], ...] = ()
    events: tuple[Event, ...] = field(default=(), compare=False)
    _legal: tuple[Action, ...] | None = field(default=None, init=False, compare=False, repr=False)

    # -- what anyone can ask -------------------------------------------------

    @property
    def dealer(self) -> Seat:
        return self.deal.dealer

    @property
    def up(self) -> Card:
        return self.deal.up

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def passed_out(self) -> bool:
        return self.phase is Phase.OVER and self.trump is None

    @property
    def sitting_out(self) -> frozenset[Seat]:
        out = set()
        if self.alone and self.maker is not None:
            out.add(self.maker.partner)
        if self.lone_defender is not None:
            out.add(self.lone_defender.partner)
        return frozenset(out)

    @property
    def active_seats(self) -> tuple[Seat, ...]:
        out = self.sitting_out
        return tuple(s for s in _SEATS if s not in out)

    @property
    def makers(self) -> Team | None:
        return None if self.maker is None else self.maker.team

    def tricks_won(self, team: Team) -> int:
        return sum(1 for t in self.tricks if t.winner.team is team)

    @property
    def led_suit(self) -> Suit | None:
        """The effective suit of the current trick's first card (None when someone is to lead)."""
        if not self.trick_plays:
            return None
        return effective_suit(self.trick_plays[0][1], self.trump)

    def points(self) -> tuple[int, int]:
        """(NS, EW) points this hand scores; (0, 0) until it is over or when passed out."""
        if self.phase is not Phase.OVER or self.maker is None:
            return (0, 0)
        makers = self.maker.team
        m, d, _ = hand_points(self.rules, self.tricks_won(makers), self.alone, self.lone_defender is not None)
        return (m, d) if makers is Team.NS else (d, m)

    def hand_of(self, seat: Seat) -> tuple[Card, ...]:
        return self.hands[seat]

    # -- legal actions ---------------------------------------------------------

    def legal_actions(self) -> tuple[Action, ...]:
        legal = self._legal
        if legal is None:
            legal = _LEGAL[self.phase](self)
            object.__setattr__(self, "_legal", legal)  # a cache: the state itself never changes
        return legal

    def legal_plays(self) -> tuple[Card, ...]:
        """The cards the player to act may play (empty outside the play phase)."""
        if self.phase is not Phase.PLAY or self.to_act is None:
            return ()
        return _legal_cards(self.hands[self.to_act], self.trump, self.led_suit)

    def apply(self, action: Action | str) -> HandState:
        """The state after ``action`` by whoever is to act; raises IllegalAction and changes nothing."""
        act = Action.parse(action)
        if self.phase is Phase.OVER:
            raise IllegalAction(f"the hand is over; no {act} is possible")
        legal = self.legal_actions()
        if act not in legal:
            raise self._explain_illegal(act, legal)
        seat = self.to_act
        assert seat is not None
        new = _APPLY[self.phase](self, act)
        # ``new`` is fresh and not shared yet: completing it in place keeps it immutable to callers.
        _SLOTS["history"].__set__(new, (*self.history, (seat, act)))
        return new

    # -- teaching errors -------------------------------------------------------

    def _explain_illegal(self, act: Action, legal: tuple[Action, ...]) -> IllegalAction:
        seat = self.to_act
        assert seat is not None
        who = seat.word
        options = ", ".join(str(a) for a in legal)
        if self.phase is Phase.PLAY and act.kind == "play" and act.card is not None:
            return self._explain_play(act.card, seat, legal)
        if self.phase is Phase.DISCARD and act.kind == "discard" and act.card is not None:
            if act.card not in self.hands[seat]:
                return IllegalPlay(f"{who} (the dealer) does not hold {act.card.symbol}; legal: {options}")
            if act.card == self.up:
                return IllegalAction(
                    f"under these rules the dealer may not discard the up card {self.up.symbol}; legal: {options}"
                )
        if self.phase is Phase.ROUND_2 and act.kind == "call" and act.suit is self.up.suit:
            return IllegalAction(
                f"{act.suit.plural if act.suit else ''} was turned down in round 1 and cannot be named "
                f"in round 2; legal: {options}"
            )
        if self.phase is Phase.ROUND_2 and act.kind == "pass" and self.rules.stick_the_dealer:
            return IllegalAction(f"stick the dealer: {who}, the dealer, must name a suit; legal: {options}")
        if act.kind in ("order", "call") and act.alone:
            return IllegalAction(
                f"under these rules 'alone' is not said with the bid: the maker decides after "
                f"the dealer's discard; legal: {options}"
            )
        return IllegalAction(
            f"{act} is not legal now: it is {who}'s turn ({_PHASE_WORDS[self.phase]}); legal: {options}"
        )

    def _explain_play(self, card: Card, seat: Seat, legal: tuple[Action, ...]) -> IllegalPlay:
        who = seat.word
        cards = [a.card for a in legal if a.card is not None]
        options = ", ".join(c.symbol for c in cards)
        if card not in self.hands[seat]:
            return IllegalPlay(
                f"{who} does not hold {card.symbol} (hand: {format_cards(self.hands[seat], symbols=True)}); "
                f"legal: {options}"
            )
        led = self.led_suit
        assert led is not None and self.trump is not None
        note = ""
        if is_left_bower(card, self.trump):
            note = f" ({card.symbol} is the left bower, so it counts as {self.trump.symbol}, not {card.suit.symbol if card.suit else ''})"
        else:
            lefts = [c for c in cards if is_left_bower(c, self.trump)]
            if lefts:
                note = f" ({lefts[0].symbol} is the left bower, so it counts as {self.trump.symbol})"
        return IllegalPlay(
            f"{card.symbol} does not follow {led.symbol} led and {who} holds {led.plural}{note}; "
            f"legal: {options}"
        )


_PHASE_WORDS: Final = {
    Phase.ROUND_1: "round 1 of bidding: pass or order up",
    Phase.ROUND_2: "round 2 of bidding: pass or name a suit",
    Phase.DISCARD: "the dealer's discard",
    Phase.GO_ALONE: "the maker decides alone or with partner",
    Phase.DEFEND_ALONE: "a defender decides whether to defend alone",
    Phase.PLAY: "play",
    Phase.OVER: "the hand is over",
}


_SLOTS: Final = {f.name: HandState.__dict__[f.name] for f in fields(HandState)}
_INIT_SLOTS: Final = tuple((f.name, HandState.__dict__[f.name]) for f in fields(HandState) if f.init)


def _evolve(s: HandState, **changes: object) -> HandState:
    """``dataclasses.replace`` for HandState, several times faster (no __init__ round trip)."""
    new = object.__new__(HandState)
    for name, slot in _INIT_SLOTS:
        slot.__set__(new, changes[name] if name in changes else slot.__get__(s))
    _SLOTS["_legal"].__set__(new, None)
    return new


def _legal_cards(hand: tuple[Card, ...], trump: Suit | None, led: Suit | None) -> tuple[Card, ...]:
    if led is not None:
        follow = tuple(c for c in hand if effective_suit(c, trump) is led)
        if follow:
            return tuple(sorted(follow, key=_card_key))
    return tuple(sorted(hand, key=_card_key))


def _card_key(card: Card) -> int:
    return card.index


def new_hand(deal: Deal, rules: ClassicRules | None = None) -> HandState:
    """The first state of a hand: round 1, the dealer's left to act."""
    if not isinstance(deal, Deal):
        raise DealError(f"expected a Deal, got {deal!r}")
    return HandState(
        rules=rules if rules is not None else ClassicRules(),
        deal=deal,
        phase=Phase.ROUND_1,
        to_act=deal.dealer.next,
        hands=deal.hands,
    )


# -- one pair of functions per phase ---------------------------------------------


def _legal_round_1(s: HandState) -> tuple[Action, ...]:
    if s.rules.alone_timing == "with-bid":
        return (PASS, ORDER, ORDER_ALONE)
    return (PASS, ORDER)


def _legal_round_2(s: HandState) -> tuple[Action, ...]:
    stuck = s.rules.stick_the_dealer and s.to_act == s.dealer
    out: list[Action] = [] if stuck else [PASS]
    with_bid = s.rules.alone_timing == "with-bid"
    for suit in Suit:
        if suit is s.up.suit:
            continue
        out.append(Action("call", suit=suit))
        if with_bid:
            out.append(Action("call", suit=suit, alone=True))
    return tuple(out)


def _legal_discard(s: HandState) -> tuple[Action, ...]:
    hand = s.hands[s.dealer]
    allowed = [c for c in hand if s.rules.dealer_may_discard_up_card or c != s.up]
    return tuple(Action("discard", card=c) for c in sorted(allowed, key=_card_key))


def _legal_alone(s: HandState) -> tuple[Action, ...]:
    return (ALONE, PARTNER)


def _legal_play(s: HandState) -> tuple[Action, ...]:
    return tuple(Action("play", card=c) for c in s.legal_plays())


def _legal_over(s: HandState) -> tuple[Action, ...]:
    return ()


def _apply_round_1(s: HandState, a: Action) -> HandState:
    seat = s.to_act
    assert seat is not None
    if a.kind == "pass":
        if seat == s.dealer:
            return _evolve(
                s, phase=Phase.ROUND_2, to_act=seat.next, passes=s.passes + 1, events=(Passed(seat, 1),)
            )
        return _evolve(s, to_act=seat.next, passes=s.passes + 1, events=(Passed(seat, 1),))
    trump = s.up.suit
    assert trump is not None
    dealer = s.dealer
    hands = list(s.hands)
    hands[dealer] = (*hands[dealer], s.up)
    return _evolve(
        s,
        phase=Phase.DISCARD,
        to_act=dealer,
        trump=trump,
        maker=seat,
        alone=a.alone,
        hands=_four(hands),
        events=(
            TrumpMade(seat, trump, 1, a.alone if s.rules.alone_timing == "with-bid" else None),
            PickedUp(dealer, s.up),
        ),
    )


def _apply_round_2(s: HandState, a: Action) -> HandState:
    seat = s.to_act
    assert seat is not None
    if a.kind == "pass":
        if seat == s.dealer:
            return _evolve(
                s,
                phase=Phase.OVER,
                to_act=None,
                passes=s.passes + 1,
                events=(Passed(seat, 2), PassedOut(s.dealer)),
            )
        return _evolve(s, to_act=seat.next, passes=s.passes + 1, events=(Passed(seat, 2),))
    assert a.suit is not None
    made = _evolve(s, trump=a.suit, maker=seat, alone=a.alone)
    ev: Event = TrumpMade(seat, a.suit, 2, a.alone if s.rules.alone_timing == "with-bid" else None)
    return _after_exchange(made, (ev,))


def _apply_discard(s: HandState, a: Action) -> HandState:
    dealer = s.dealer
    assert a.card is not None
    hands = list(s.hands)
    hands[dealer] = tuple(c for c in hands[dealer] if c != a.card)
    done = _evolve(s, hands=_four(hands), discard=a.card)
    return _after_exchange(done, (Discarded(dealer, a.card),))


def _after_exchange(s: HandState, events: tuple[Event, ...]) -> HandState:
    """After the bid (and the dealer's discard): ask the maker, then the defenders, then play."""
    if s.rules.alone_timing == "after-discard":
        return _evolve(s, phase=Phase.GO_ALONE, to_act=s.maker, events=events)
    return _ask_defenders(s, events)


def _ask_defenders(s: HandState, events: tuple[Event, ...]) -> HandState:
    if s.rules.defend_alone == "any-bid":
        assert s.maker is not None
        defenders = [seat for seat in _from_left_of(s.dealer) if seat.team is not s.maker.team]
        return _evolve(
            s,
            phase=Phase.DEFEND_ALONE,
            to_act=defenders[0],
            defenders_to_ask=tuple(defenders[1:]),
            events=events,
        )
    return _start_play(s, events)


def _apply_go_alone(s: HandState, a: Action) -> HandState:
    seat = s.to_act
    assert seat is not None
    alone = a.kind == "alone"
    return _ask_defenders(_evolve(s, alone=alone), (WentAlone(seat, alone, defender=False),))


def _apply_defend_alone(s: HandState, a: Action) -> HandState:
    seat = s.to_act
    assert seat is not None
    if a.kind == "alone":
        ev = (WentAlone(seat, True, defender=True),)
        return _start_play(_evolve(s, lone_defender=seat, defenders_to_ask=()), ev)
    ev = (WentAlone(seat, False, defender=True),)
    if s.defenders_to_ask:
        return _evolve(s, to_act=s.defenders_to_ask[0], defenders_to_ask=s.defenders_to_ask[1:], events=ev)
    return _start_play(s, ev)


def _start_play(s: HandState, events: tuple[Event, ...]) -> HandState:
    out = s.sitting_out
    leader = next(seat for seat in _from_left_of(s.dealer) if seat not in out)
    return _evolve(s, phase=Phase.PLAY, to_act=leader, trick_leader=leader, events=events)


def _apply_play(s: HandState, a: Action) -> HandState:
    seat = s.to_act
    assert seat is not None and a.card is not None
    hands = list(s.hands)
    hands[seat] = tuple(c for c in hands[seat] if c != a.card)
    plays = (*s.trick_plays, (seat, a.card))
    number = len(s.tricks) + 1
    events: tuple[Event, ...] = (CardPlayed(seat, a.card, number),)
    out = s.sitting_out
    if len(plays) < 4 - len(out):
        nxt = seat.next
        while nxt in out:
            nxt = nxt.next
        return _evolve(s, hands=_four(hands), trick_plays=plays, to_act=nxt, events=events)
    winner = plays[winning_index([c for _, c in plays], s.trump)][0]
    assert s.trick_leader is not None
    trick = Trick(s.trick_leader, plays, winner)
    tricks = (*s.tricks, trick)
    events = (*events, TrickWon(number, trick))
    if len(tricks) < TRICKS:
        return _evolve(
            s,
            hands=_four(hands),
            tricks=tricks,
            trick_plays=(),
            trick_leader=winner,
            to_act=winner,
            events=events,
        )
    over = _evolve(
        s, hands=_four(hands), tricks=tricks, trick_plays=(), trick_leader=None, to_act=None, phase=Phase.OVER
    )
    assert s.maker is not None
    makers = s.maker.team
    taken = over.tricks_won(makers)
    m, d, rule_id = hand_points(s.rules, taken, s.alone, s.lone_defender is not None)
    pts = (m, d) if makers is Team.NS else (d, m)
    return _evolve(over, events=(*events, HandScored(makers, taken, pts, rule_id)))


def _apply_over(s: HandState, a: Action) -> HandState:  # pragma: no cover - apply() refuses first
    raise IllegalAction("the hand is over")


_LEGAL: Final = {
    Phase.ROUND_1: _legal_round_1,
    Phase.ROUND_2: _legal_round_2,
    Phase.DISCARD: _legal_discard,
    Phase.GO_ALONE: _legal_alone,
    Phase.DEFEND_ALONE: _legal_alone,
    Phase.PLAY: _legal_play,
    Phase.OVER: _legal_over,
}
_APPLY: Final = {
    Phase.ROUND_1: _apply_round_1,
    Phase.ROUND_2: _apply_round_2,
    Phase.DISCARD: _apply_discard,
    Phase.GO_ALONE: _apply_go_alone,
    Phase.DEFEND_ALONE: _apply_defend_alone,
    Phase.PLAY: _apply_play,
    Phase.OVER: _apply_over,
}


def _from_left_of(dealer: Seat) -> tuple[Seat, Seat, Seat, Seat]:
    return (dealer.next, dealer.partner, dealer.partner.next, dealer)


def _four(hands: Sequence[tuple[Card, ...]]) -> _HandCards:
    return (hands[0], hands[1], hands[2], hands[3])


# ---------------------------------------------------------------------------
# The match


@dataclass(frozen=True, slots=True)
class HandResult:
    """A finished hand as the match remembers it."""

    number: int
    dealer: Seat
    passed_out: bool
    points: tuple[int, int]


@dataclass(frozen=True, slots=True)
class MatchState:
    """A match: hands to the target (or a fixed number of hands), dealer rotating left.

    ``hand`` is the hand in progress; when a hand ends and the match goes on,
    the next hand is dealt at once and ``last_hand`` keeps the finished one.
    Deals come from ``deals`` (explicit, in order) and then from ``seed``.
    """

    rules: ClassicRules
    seed: int | str
    first_dealer: Seat
    deals: tuple[Deal, ...]
    hand: HandState
    scores: tuple[int, int] = (0, 0)
    results: tuple[HandResult, ...] = ()
    last_hand: HandState | None = None
    events: tuple[Event, ...] = field(default=(), compare=False)

    @property
    def hand_number(self) -> int:
        """1-based number of the hand in progress (or the last one, when the match is over)."""
        return len(self.results) + (0 if self.is_over else 1)

    @property
    def is_over(self) -> bool:
        return self.hand.is_over

    @property
    def to_act(self) -> Seat | None:
        return self.hand.to_act

    @property
    def winner(self) -> Team | None:
        if not self.is_over or self.scores[0] == self.scores[1]:
            return None
        return Team.NS if self.scores[0] > self.scores[1] else Team.EW

    def legal_actions(self) -> tuple[Action, ...]:
        return self.hand.legal_actions()

    def apply(self, action: Action | str) -> MatchState:
        hand = self.hand.apply(action)
        if not hand.is_over:
            return replace(self, hand=hand, events=hand.events)
        pts = hand.points()
        scores = (self.scores[0] + pts[0], self.scores[1] + pts[1])
        results = (*self.results, HandResult(len(self.results) + 1, hand.dealer, hand.passed_out, pts))
        events: tuple[Event, ...] = hand.events
        if _match_over(self.rules, scores, len(results)):
            winner = None if scores[0] == scores[1] else (Team.NS if scores[0] > scores[1] else Team.EW)
            return replace(
                self,
                hand=hand,
                scores=scores,
                results=results,
                events=(*events, MatchWon(winner, scores)),
            )
        nxt = self._hand_for(len(results))
        return replace(
            self,
            hand=nxt,
            scores=scores,
            results=results,
            last_hand=hand,
            events=(*events, HandStarted(len(results) + 1, nxt.dealer, nxt.up)),
        )

    def dealer_for(self, index: int) -> Seat:
        return _SEATS[(self.first_dealer + index) % 4]

    def _hand_for(self, index: int) -> HandState:
        if index < len(self.deals):
            deal = self.deals[index]
        else:
            deal = Deal.from_seed(f"{self.seed}:{index}", self.dealer_for(index))
        return new_hand(deal, self.rules)


def _match_over(rules: ClassicRules, scores: tuple[int, int], hands_played: int) -> bool:
    if rules.hands is not None:
        return hands_played >= rules.hands
    return max(scores) >= rules.target


def new_match(
    rules: ClassicRules | None = None,
    *,
    seed: int | str = 0,
    dealer: Seat | str = Seat.N,
    deals: Sequence[Deal] = (),
) -> MatchState:
    """A new match; the first hands use ``deals`` (if given), then seeded deals.

    Explicit deals must follow the rotation: deal i is dealt by the seat left of deal i-1's dealer.
    """
    r = rules if rules is not None else ClassicRules()
    if not isinstance(r, ClassicRules):
        raise RulesError(f"expected ClassicRules, got {r!r}")
    first = deals[0].dealer if deals else Seat.parse(dealer)
    for i, d in enumerate(deals):
        want = _SEATS[(first + i) % 4]
        if d.dealer != want:
            raise DealError(f"deal {i + 1} is dealt by {d.dealer.word}, but the deal rotates to {want.word}")
    deals_t = tuple(deals)
    first_deal = deals_t[0] if deals_t else Deal.from_seed(f"{seed}:0", first)
    hand = new_hand(first_deal, r)
    return MatchState(
        rules=r,
        seed=seed,
        first_dealer=first,
        deals=deals_t,
        hand=hand,
        events=(HandStarted(1, first, first_deal.up),),
    )
