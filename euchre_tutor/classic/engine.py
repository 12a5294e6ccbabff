"""The classic Euchre engine (3, 4 or 6 players): immutable hand and match states.

A :class:`HandState` is one deal, from the first bid to the score; a
:class:`MatchState` strings hands together to the target (or a fixed number
of hands) with dealer rotation and redeals after a passed-out hand. Both are
frozen: ``state.apply(action)`` checks the action and returns a new state,
so bad input never changes anything. ``state.events`` says what the last
action did (for the trick log and the hints).

Phases and who acts (one pair of functions per phase: legal actions, apply):

- ``blind``: only with a joker turned up under ``joker_up="dealer-blind"``:
  the dealer names trump (``call X``) before looking at the hand.
- ``round-1``: from the dealer's left (the dealer with ``dealer_bids_first``),
  ``pass`` or ``order`` (the dealer's ``order`` picks the up card up); with
  ``alone_timing="with-bid"`` also ``order alone``; under house rules also
  ``misdeal`` and ``go under A B C`` on the player's turn.
- ``round-2``: ``pass`` or ``call X`` for the three other suits (and
  ``call X alone``, ``call high``, ``call low``); a stuck dealer may not pass.
- ``discard``: the dealer, holding six cards, discards one.
- ``go-alone``: with ``alone_timing="after-discard"`` the maker answers
  ``alone`` or ``partner``.
- ``best-card`` and ``loner-discard``: with ``call_for_best`` the loner's
  partner passes a card (``give XX``) and the loner discards one.
- ``defend-alone``: with ``defend_alone`` on, each defender in turn from
  the dealer's left answers ``alone`` or ``partner``.
- ``play``: the dealer's left leads the first trick (skipping a player who
  sits out); follow the led suit if able; the winner leads the next.
- ``over``: scored (or passed out, or thrown in as a misdeal).

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
from itertools import combinations
from typing import Final, TypeAlias

from euchre_tutor.cards import (
    Card,
    Rank,
    Suit,
    deck,
    describe_rank,
    effective_suit,
    format_cards,
    is_left_bower,
    is_trump,
    parse_card,
    winning_index,
)
from euchre_tutor.classic.seating import FOUR, Seat, Seating, Team, seating_for
from euchre_tutor.errors import CardError, DealError, IllegalAction, IllegalPlay, RulesError
from euchre_tutor.rules.classic import ClassicRules

__all__ = [
    "Action",
    "CardPlayed",
    "Deal",
    "Discarded",
    "Event",
    "GaveBest",
    "HandScored",
    "HandStarted",
    "HandState",
    "MatchState",
    "MatchWon",
    "Misdealt",
    "Passed",
    "PassedOut",
    "Phase",
    "PickedUp",
    "Seat",
    "Seating",
    "Team",
    "Trick",
    "TrickWon",
    "TrumpMade",
    "WentAlone",
    "WentUnder",
    "explain_trick",
    "hand_points",
    "new_hand",
    "new_match",
    "rules_seating",
]

HAND_SIZE: Final = 5
TRICKS: Final = 5


class Phase(enum.Enum):
    BLIND = "blind"
    ROUND_1 = "round-1"
    ROUND_2 = "round-2"
    DISCARD = "discard"
    GO_ALONE = "go-alone"
    BEST_CARD = "best-card"
    LONER_DISCARD = "loner-discard"
    DEFEND_ALONE = "defend-alone"
    PLAY = "play"
    OVER = "over"


# ---------------------------------------------------------------------------
# Actions

ACTION_KINDS: Final = (
    "pass",
    "order",
    "call",
    "alone",
    "partner",
    "discard",
    "play",
    "misdeal",
    "under",
    "give",
)
NO_TRUMP_CALLS: Final = ("high", "low")


@dataclass(frozen=True, slots=True)
class Action:
    """One action of whoever is to act; ``str(action)`` is the CLI notation.

    ``Action.parse("call H alone")``, ``Action.parse("play 10S")``,
    ``Action.parse("call high")`` (no trump), ``Action.parse("go under 9S TS 9H")``.
    ``repr`` is valid code.
    """

    kind: str
    suit: Suit | None = None
    card: Card | None = None
    alone: bool = False
    notrump: str | None = None
    cards: tuple[Card, ...] = ()

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
        if kind == "go" and rest[:1] == ["under"]:
            kind, rest = "under", rest[1:]
        try:
            if kind in ("pass", "alone", "partner", "misdeal") and not rest:
                return cls(kind)
            if kind == "order" and rest in ([], ["alone"]):
                return cls("order", alone=bool(rest))
            if kind == "call" and len(rest) in (1, 2) and rest[1:] in ([], ["alone"]):
                if rest[0] in NO_TRUMP_CALLS:
                    return cls("call", notrump=rest[0], alone=len(rest) == 2)
                return cls("call", suit=Suit.parse(rest[0]), alone=len(rest) == 2)
            if kind in ("discard", "play", "give") and len(rest) == 1:
                return cls(kind, card=parse_card(rest[0]))
            if kind == "under" and len(rest) == 3:
                cards = tuple(sorted((parse_card(w) for w in rest), key=_card_key))
                if len(set(cards)) == 3:
                    return cls("under", cards=cards)
        except CardError as exc:
            raise IllegalAction(f"in action {text!r}: {exc}") from None
        raise IllegalAction(f"{text!r} is not an action; {_ACTION_HELP}")

    def __str__(self) -> str:
        if self.kind == "order":
            return "order alone" if self.alone else "order"
        if self.kind == "call":
            what = self.notrump if self.notrump is not None else str(self.suit)
            return f"call {what}" + (" alone" if self.alone else "")
        if self.kind in ("discard", "play", "give"):
            return f"{self.kind} {self.card}"
        if self.kind == "under":
            return "go under" + "".join(f" {c}" for c in self.cards)
        return self.kind

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"


_ACTION_HELP: Final = (
    "the actions are: pass; order; order alone; call C|D|H|S|high|low; call X alone; alone; partner; "
    "discard <card>; play <card>; misdeal; go under <3 cards>; give <card> "
    "(cards like 9S, TH, 10H, J♥, JK for the joker)"
)

PASS: Final = Action("pass")
ORDER: Final = Action("order")
ORDER_ALONE: Final = Action("order", alone=True)
ALONE: Final = Action("alone")
PARTNER: Final = Action("partner")
MISDEAL: Final = Action("misdeal")


# ---------------------------------------------------------------------------
# Deals


@dataclass(frozen=True, slots=True)
class Deal:
    """Who dealt, the hands (indexed by seat), the up card and the rest of the kitty.

    ``size`` (20, 24, 28 or 32) and ``joker`` say which pack was dealt; the hands,
    up card and kitty are exactly that pack. The dealer's seat says the table
    (:attr:`seating`): four hands at the classic table, three or six at the others.
    """

    dealer: Seat
    hands: tuple[tuple[Card, ...], ...]
    up: Card
    kitty: tuple[Card, ...]
    size: int = 24
    joker: bool = False

    def __post_init__(self) -> None:
        check_deal(self.hands, self.up, self.kitty, self.size, self.joker, self.dealer.seating)

    @property
    def seating(self) -> Seating:
        return self.dealer.seating

    @classmethod
    def from_seed(
        cls,
        seed: int | str,
        dealer: Seat | str | None = None,
        *,
        size: int = 24,
        joker: bool = False,
        seating: Seating | None = None,
    ) -> Deal:
        """A shuffled deal; card k of the shuffle goes to seat (dealer + k) % players (OpenSpiel's order)."""
        table = _table(seating, dealer)
        cards = list(_pack(size, joker))
        key = f"classic:{seed}" if (size, joker) == (24, False) else f"classic:{seed}:{size}:{joker}"
        if table is not FOUR:
            key = f"classic:{seed}:{size}:{joker}:{table.key}"
        random.Random(key).shuffle(cards)
        return cls.from_order(cards, dealer, size=size, joker=joker, seating=table)

    @classmethod
    def from_order(
        cls,
        cards: Sequence[Card],
        dealer: Seat | str | None,
        *,
        size: int = 24,
        joker: bool = False,
        seating: Seating | None = None,
    ) -> Deal:
        """Deal an explicit card order: card k (k < 5 * players) to seat (dealer + k) % players,
        then the up card."""
        table = _table(seating, dealer)
        d = table.seats[0] if dealer is None else table.parse(dealer)
        n = table.players
        dealt = n * HAND_SIZE
        if len(cards) < dealt + 1:
            raise DealError(
                f"a deal needs at least {dealt + 1} cards ({dealt} dealt and the up card), got {len(cards)}"
            )
        hands: list[list[Card]] = [[] for _ in range(n)]
        for k in range(dealt):
            hands[(d + k) % n].append(cards[k])
        return cls(d, tuple(tuple(x) for x in hands), cards[dealt], tuple(cards[dealt + 1 :]), size, joker)

    @classmethod
    def from_hands(
        cls,
        dealer: Seat | str,
        hands: Mapping[Seat, Iterable[Card | str]] | Mapping[str, Iterable[Card | str]],
        up: Card | str,
        *,
        size: int = 24,
        joker: bool = False,
        kitty: Iterable[Card | str] | None = None,
        seating: Seating | None = None,
    ) -> Deal:
        """Explicit hands and up card; the kitty (top first) is given or whatever is left of the deck."""
        table = _table(seating, dealer)
        d = table.parse(dealer)
        names = ", ".join(s.name for s in table.seats)
        every = f"{_NUMBER_WORDS[table.players]} hands ({names})"
        if not isinstance(hands, Mapping):
            raise DealError(f"hands must map each seat ({names}) to its five cards")
        by_seat: dict[Seat, tuple[Card, ...]] = {}
        for key, cards in hands.items():
            seat = table.parse(key)
            if seat in by_seat:
                raise DealError(f"{seat.word}'s hand is given twice")
            if isinstance(cards, str):
                raise DealError(f"{seat.word}'s hand must be a list of cards, not the string {cards!r}")
            try:
                parsed = tuple(c if isinstance(c, Card) else parse_card(c) for c in cards)
            except TypeError:
                raise DealError(f"{seat.word}'s hand must be a list of cards, not {cards!r}") from None
            by_seat[seat] = parsed
        missing = [s.word for s in table.seats if s not in by_seat]
        if missing:
            raise DealError(f"no hand given for {', '.join(missing)}: give all {every}")
        up_card = up if isinstance(up, Card) else parse_card(up)
        used = {c for h in by_seat.values() for c in h} | {up_card}
        if size not in _LOW_RANK_WORDS:
            raise DealError(f"a Euchre deck has 20, 24, 28 or 32 cards, not {size!r}")
        if kitty is None:
            rest = tuple(c for c in _pack(size, joker) if c not in used)
        elif isinstance(kitty, str) or not isinstance(kitty, Iterable):
            raise DealError(f"the kitty must be a list of cards, not {kitty!r}")
        else:
            rest = tuple(c if isinstance(c, Card) else parse_card(c) for c in kitty)
        return cls(d, tuple(by_seat[s] for s in table.seats), up_card, rest, size, joker)

    def to_json(self) -> dict[str, object]:
        """The deal as JSON; the pack (deck size, joker) comes from the rules.

        The kitty is listed (top first) only when its order can matter (going under
        takes the top three) or it is not the rest of a 24-card deck in order.
        """
        out: dict[str, object] = {
            "dealer": self.dealer.name,
            "hands": {s.name: [str(c) for c in self.hands[s]] for s in self.seating.seats},
            "up": str(self.up),
        }
        used = {c for h in self.hands for c in h} | {self.up}
        if self.kitty != tuple(c for c in _pack(self.size, self.joker) if c not in used):
            out["kitty"] = [str(c) for c in self.kitty]
        return out

    @classmethod
    def from_json(
        cls, data: object, *, size: int = 24, joker: bool = False, seating: Seating | None = None
    ) -> Deal:
        """Read :meth:`to_json`'s object; ``size``, ``joker`` and ``seating`` come from the rules."""
        if not isinstance(data, dict) or set(data) - {"dealer", "hands", "up", "kitty"} or len(data) < 3:
            raise DealError(
                'a deal is an object {"dealer": "N", "hands": {"N": [5 cards], ...}, "up": "KS"} '
                f'(and optionally "kitty": [cards, top first]), not {data!r}'[:300]
            )
        if not {"dealer", "hands", "up"} <= set(data):
            raise DealError(f'a deal needs "dealer", "hands" and "up", not {data!r}'[:300])
        return cls.from_hands(
            data["dealer"],
            data["hands"],
            data["up"],
            size=size,
            joker=joker,
            kitty=data.get("kitty"),
            seating=seating,
        )


def _table(seating: Seating | None, dealer: object) -> Seating:
    """The table of a deal: as given, else the dealer's (a Seat knows its table), else four players."""
    if seating is not None:
        return seating
    if isinstance(dealer, Seat):
        return dealer.seating
    return FOUR


def rules_seating(rules: ClassicRules) -> Seating:
    """The table layout the rules ask for (players, six_handed_teams)."""
    return seating_for(rules.players, rules.six_handed_teams)


_NUMBER_WORDS: Final = {3: "three", 4: "four", 6: "six"}
_LOW_RANK_WORDS: Final = {
    20: "10 J Q K A",
    24: "9 10 J Q K A",
    28: "8 9 10 J Q K A",
    32: "7 8 9 10 J Q K A",
}


def _pack(size: int, joker: bool) -> tuple[Card, ...]:
    try:
        return deck(size, joker=joker)
    except CardError as exc:
        raise DealError(str(exc)) from None


def check_deal(
    hands: Sequence[Sequence[Card]],
    up: Card,
    kitty: Sequence[Card],
    size: int = 24,
    joker: bool = False,
    seating: Seating = FOUR,
) -> None:
    """Raise DealError unless the hands, up card and kitty are exactly the pack."""
    if len(hands) != seating.players:
        table = "classic" if seating is FOUR else seating.description
        raise DealError(f"a {table} deal has {_NUMBER_WORDS[seating.players]} hands, not {len(hands)}")
    full = set(_pack(size, joker))
    seen: dict[Card, str] = {}
    for seat, hand in zip(seating.seats, hands, strict=True):
        if len(hand) != HAND_SIZE:
            raise DealError(
                f"{seat.word} must hold {HAND_SIZE} cards, not {len(hand)} ({format_cards(hand) or 'none'})"
            )
        for c in hand:
            _claim(c, f"{seat.word}'s hand", seen, full, size, joker)
    _claim(up, "the up card", seen, full, size, joker)
    for c in kitty:
        _claim(c, "the kitty", seen, full, size, joker)
    if len(seen) != len(full):
        missing = sorted(full - set(seen), key=lambda c: c.index)
        raise DealError(f"the deal is missing {format_cards(missing)}")


def _claim(card: Card, where: str, seen: dict[Card, str], full: set[Card], size: int, joker: bool) -> None:
    if card not in full:
        pack = f"the {size}-card Euchre deck ({_LOW_RANK_WORDS[size]} of each suit" + (
            ", and the joker JK)" if joker else ")"
        )
        if card.is_joker:
            pack += "; the joker is only in play with the joker rule"
        raise DealError(f"{card} ({where}) is not in {pack}")
    if card in seen:
        if seen[card] == where:
            raise DealError(f"{card} is dealt twice in {where}: every card of the deck appears once")
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
    """Trump made (``trump`` None: a no-trump bid, ``notrump`` 'high' or 'low'); round 0 is a blind call."""

    seat: Seat
    trump: Suit | None
    round: int
    alone: bool | None  # None: decided later (alone_timing="after-discard")
    notrump: str | None = None

    @property
    def text(self) -> str:
        how = {0: "names blind", 1: "orders up"}.get(self.round, "calls")
        lone = " and goes alone" if self.alone else ""
        if self.trump is None:
            what = (
                f"no trump ({self.notrump}: the {'lowest' if self.notrump == 'low' else 'highest'} card wins)"
            )
        else:
            what = self.trump.plural
        return f"{self.seat.word} {how} {what}{lone}."


@dataclass(frozen=True, slots=True)
class Misdealt:
    seat: Seat
    kind: str

    @property
    def text(self) -> str:
        return (
            f"{self.seat.word} shows an “{self.kind}” hand and calls a misdeal: the same dealer deals again."
        )


@dataclass(frozen=True, slots=True)
class WentUnder:
    """A farmer's hand swap; only the seat itself may see ``cards`` (views hide them)."""

    seat: Seat
    cards: tuple[Card, ...]

    @property
    def text(self) -> str:
        return f"{self.seat.word} goes under: three low cards swapped for the hidden kitty cards."


@dataclass(frozen=True, slots=True)
class GaveBest:
    """Call for best: the loner's partner passes ``card`` face down (views hide it from the others)."""

    seat: Seat
    to: Seat

    @property
    def text(self) -> str:
        return f"{self.seat.word} passes a card to {self.to.word}, who goes alone."


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
    points: tuple[int, ...]  # one per team, in the seating's team order ((NS, EW) at four)
    rule_id: str

    @property
    def text(self) -> str:
        teams = self.makers.seating.teams
        scorers = [t for t in teams if self.points[t.index]]
        pts = max(self.points)
        one = len(self.makers.seats) == 1
        took = (
            f"The {'maker' if one else 'makers'} ({self.makers}) {'takes' if one else 'take'} "
            f"{self.makers_tricks} trick{'s' if self.makers_tricks != 1 else ''}"
        )
        if pts == 0:
            return f"{took}: nobody scores."
        if len(scorers) > 1:
            return f"{took}: {' and '.join(str(t) for t in scorers)} score {pts} each."
        verb = "scores" if len(scorers[0].seats) == 1 else "score"
        return f"{took}: {scorers[0]} {verb} {pts}."


@dataclass(frozen=True, slots=True)
class MatchWon:
    team: Team | None
    scores: tuple[int, ...]

    @property
    def text(self) -> str:
        score = "-".join(str(x) for x in self.scores)
        if self.team is None:
            return f"The match ends level at {score}."
        verb = "wins" if len(self.team.seats) == 1 else "win"
        return f"{self.team} {verb} the match {score}."


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
    | Misdealt
    | WentUnder
    | GaveBest
)


# ---------------------------------------------------------------------------
# Scoring


def hand_points(
    rules: ClassicRules, makers_tricks: int, alone: bool, lone_defender: bool
) -> tuple[int, int, str]:
    """(makers' points, defenders' points, rule id) for a played hand.

    Each team against the makers scores the defenders' points (at three players
    and at six in three teams, two teams do).

    >>> hand_points(ClassicRules(take_4_for_1=True), 3, False, False)
    (0, 2, 'house.take-4-for-1')
    >>> hand_points(ClassicRules(players=3), 5, False, False)
    (3, 0, 'classic.three-handed-march')
    """
    if makers_tricks == TRICKS:
        if rules.players == 3:
            return THREE_HANDED_MARCH, 0, "classic.three-handed-march"
        if alone:
            pts = rules.alone_march_points
            return pts, 0, "classic.score-alone-march" if pts == 4 else "house.alone-march-points"
        return 2, 0, "classic.score-march"
    if makers_tricks >= 3:
        if alone and rules.alone_must_take_5:
            return 0, _euchre_points(rules, makers_tricks, lone_defender)[0], "house.alone-must-take-5"
        if rules.take_4_for_1:
            if makers_tricks == 4:
                return 1, 0, "house.take-4-for-1"
            if rules.take_4_three_tricks == "nothing":
                return 0, 0, "house.take-4-for-1"
            return 0, _euchre_points(rules, makers_tricks, lone_defender)[0], "house.take-4-for-1"
        return 1, 0, "classic.score-point"
    pts, rule_id = _euchre_points(rules, makers_tricks, lone_defender)
    if rule_id == "classic.score-euchre" and _teams_against(rules) > 1:
        rule_id = "classic.euchre-each-opponent"
    return 0, pts, rule_id


THREE_HANDED_MARCH: Final = 3


def _teams_against(rules: ClassicRules) -> int:
    """How many teams defend against the makers."""
    return len(rules_seating(rules).teams) - 1


def team_points(makers: Team, makers_points: int, defenders_points: int) -> tuple[int, ...]:
    """The hand's points per team (in the seating's team order): every other team scores the defenders'."""
    return tuple(makers_points if t is makers else defenders_points for t in makers.seating.teams)


def _euchre_points(rules: ClassicRules, makers_tricks: int, lone_defender: bool) -> tuple[int, str]:
    """The defenders' points for a euchre and the rule that sets them."""
    pts, rule_id = 2, "classic.score-euchre"
    if lone_defender:
        pts, rule_id = rules.lone_defender_euchre_points, "classic.lone-defender"
    if makers_tricks == 0 and rules.defender_march_points > pts:
        pts, rule_id = rules.defender_march_points, "house.defenders-march"
    return pts, rule_id


# ---------------------------------------------------------------------------
# The hand state

_HandCards = tuple[tuple[Card, ...], ...]


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
    kitty: tuple[Card, ...] = ()
    up_taken: bool = False
    notrump: str | None = None
    under_seat: Seat | None = None
    under_cards: tuple[Card, ...] = ()
    gift: Card | None = None
    loner_discard: Card | None = None
    misdealt: bool = False
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
    def up_suit(self) -> Suit:
        """The suit the up card proposes in round 1 (a turned-up joker proposes spades)."""
        return self.deal.up.suit or Suit.SPADES

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def passed_out(self) -> bool:
        """Over with nobody making trump (a misdeal is not a pass-out: see ``misdealt``)."""
        return self.phase is Phase.OVER and self.maker is None and not self.misdealt

    @property
    def made(self) -> bool:
        """Someone made trump (or a no-trump bid)."""
        return self.maker is not None

    @property
    def sitting_out(self) -> frozenset[Seat]:
        out: set[Seat] = set()
        if self.alone and self.maker is not None:
            out.update(self.maker.partners)
        if self.lone_defender is not None:
            out.update(self.lone_defender.partners)
        return frozenset(out)

    @property
    def seating(self) -> Seating:
        return self.deal.dealer.seating

    @property
    def active_seats(self) -> tuple[Seat, ...]:
        out = self.sitting_out
        return tuple(s for s in self.seating.seats if s not in out)

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

    def points(self) -> tuple[int, ...]:
        """Points per team this hand scores ((NS, EW) at four players); all 0 until it is over,
        passed out or misdealt."""
        if self.phase is not Phase.OVER or self.maker is None:
            return (0,) * len(self.seating.teams)
        makers = self.maker.team
        m, d, _ = hand_points(self.rules, self.tricks_won(makers), self.alone, self.lone_defender is not None)
        return team_points(makers, m, d)

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
        hand = self.hands[self.to_act]
        if not self.trick_plays and self.trump is not None and self._trump_lead_barred():
            plain = tuple(c for c in hand if effective_suit(c, self.trump) is not self.trump)
            if plain:
                return tuple(sorted(plain, key=_card_key))
        return _legal_cards(hand, self.trump, self.led_suit)

    def _trump_lead_barred(self) -> bool:
        """Under a trump-lead restriction, is leading trump barred now (holding other cards)?"""
        rule = self.rules.trump_lead
        if rule == "not-first-trick":
            return not self.tricks
        if rule == "after-broken":
            return not trump_broken(self.tricks, self.trump)
        return False

    def _lead_message(self, card: Card, options: str) -> str:
        assert self.trump is not None
        why = (
            "trump may not be led to the first trick"
            if self.rules.trump_lead == "not-first-trick"
            else "trump may not be led until trump is broken (a trump played to a non-trump lead)"
        )
        return f"{card.symbol} is a trump and {why}, unless you hold only trumps; legal: {options}"

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
        role = {Phase.DISCARD: " (the dealer)", Phase.LONER_DISCARD: " (the loner)", Phase.BEST_CARD: ""}
        if self.phase in role and act.kind in ("discard", "give") and act.card is not None:
            if act.card not in self.hands[seat]:
                return IllegalPlay(
                    f"{who}{role[self.phase]} does not hold {act.card.symbol}; legal: {options}"
                )
            if self.phase is Phase.DISCARD and act.card == self.up:
                return IllegalAction(
                    f"under these rules the dealer may not discard the up card {self.up.symbol}; legal: {options}"
                )
        if self.phase is Phase.ROUND_2 and act.kind == "call" and act.suit is self.up_suit:
            return IllegalAction(
                f"{self.up_suit.plural} was turned down in round 1 and cannot be named "
                f"in round 2; legal: {options}"
            )
        if self.phase is Phase.ROUND_2 and act.kind == "pass" and self.rules.stick_the_dealer:
            if self.rules.dealer_bids_first:
                return IllegalAction(
                    f"stick the last bidder: {who}, the last to bid (the dealer bids first), must name "
                    f"a suit; legal: {options}"
                )
            return IllegalAction(f"stick the dealer: {who}, the dealer, must name a suit; legal: {options}")
        if act.kind == "call" and act.notrump is not None and self.phase is Phase.ROUND_2:
            allowed = "are not allowed" if self.rules.no_trump == "off" else "are only 'call high'"
            return IllegalAction(f"under these rules no-trump bids {allowed}; legal: {options}")
        if self.phase is Phase.ROUND_1 and act.kind == "order":
            if (
                self.rules.canadian_loner
                and seat in self.dealer.partners
                and not act.alone
                and ORDER_ALONE in legal
            ):
                return IllegalAction(
                    f"Canadian loner: {who}, the dealer's partner, may only pass or order up alone; "
                    f"legal: {options}"
                )
            if not _may_order(self, seat):
                return IllegalAction(self._requirement_message(who, options))
        if act.kind == "misdeal" and self.phase is Phase.ROUND_1:
            return IllegalAction(self._misdeal_message(who, seat, options))
        if act.kind == "under" and self.phase is Phase.ROUND_1:
            return IllegalAction(self._under_message(act, who, seat, options))
        if act.kind in ("order", "call") and act.alone and self.rules.no_alone:
            return IllegalAction(
                f"under these rules nobody goes alone (no alone): bid without 'alone'; legal: {options}"
            )
        if act.kind in ("order", "call") and act.alone and self.rules.players == 3:
            return IllegalAction(
                f"at three players the maker always plays alone against the other two: bid without "
                f"'alone'; legal: {options}"
            )
        if act.kind in ("order", "call") and act.alone and self.rules.alone_timing == "after-discard":
            return IllegalAction(
                f"under these rules 'alone' is not said with the bid: the maker decides after "
                f"the dealer's discard; legal: {options}"
            )
        return IllegalAction(
            f"{act} is not legal now: it is {who}'s turn ({_PHASE_WORDS[self.phase]}); legal: {options}"
        )

    def _requirement_message(self, who: str, options: str) -> str:
        suit = self.up_suit
        if self.rules.round_1_requirement == "holding-trump":
            need = f"a {suit.plural[:-1]} (the left bower counts)"
        else:
            need = f"a natural {suit.plural[:-1]} (a card printed in {suit.plural}; the left bower does not count)"
        return f"under these rules only a player holding {need} may order up {suit.plural}; {who} holds none; legal: {options}"

    def _misdeal_message(self, who: str, seat: Seat, options: str) -> str:
        rule = self.rules.misdeal
        if rule == "off":
            return f"misdeals are not played under these rules; legal: {options}"
        if self.under_seat == seat:
            return f"{who} went under this hand and may no longer call a misdeal; legal: {options}"
        want = _MISDEAL_WANTS[rule]
        return (
            f"{who}'s hand ({format_cards(self.hands[seat], symbols=True)}) is not {want} hand "
            f"(a face is a jack, queen, king or joker); legal: {options}"
        )

    def _under_message(self, act: Action, who: str, seat: Seat, options: str) -> str:
        if not self.rules.farmers_hand:
            return f"going under (farmer's hand) is not played under these rules; legal: {options}"
        if self.under_seat is not None:
            return f"{self.under_seat.word} already went under this hand; legal: {options}"
        missing = [c for c in act.cards if c not in self.hands[seat]]
        if missing:
            return f"{who} does not hold {format_cards(missing, symbols=True)}; legal: {options}"
        ranks = " and ".join(f"{r.display}s" for r in farmer_ranks(self.rules.deck))
        return (
            f"going under swaps three of the deck's low cards ({ranks} with the {self.rules.deck}-card "
            f"deck); legal: {options}"
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
        if led is None:
            return IllegalPlay(self._lead_message(card, options))
        note = ""
        if self.trump is None:
            pass
        elif is_left_bower(card, self.trump):
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
    Phase.BLIND: "the dealer names trump blind (a joker was turned up)",
    Phase.BEST_CARD: "the loner's partner passes a card (call for best)",
    Phase.LONER_DISCARD: "the loner discards one card after the call for best",
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
    """The first state of a hand: round 1, the dealer's left to act (or the dealer, see the rules)."""
    if not isinstance(deal, Deal):
        raise DealError(f"expected a Deal, got {deal!r}")
    r = rules if rules is not None else ClassicRules()
    if (deal.size, deal.joker) != (r.deck, r.joker):
        raise DealError(
            f"the deal uses {_pack_words(deal.size, deal.joker)} but the rules say {_pack_words(r.deck, r.joker)}"
        )
    table = rules_seating(r)
    if deal.seating is not table:
        raise DealError(
            f"the deal is for a {deal.seating.description} table but the rules say {table.description}"
        )
    blind = deal.up.is_joker and r.joker_up == "dealer-blind"
    first = deal.dealer if blind or r.dealer_bids_first else deal.dealer.next
    return HandState(
        rules=r,
        deal=deal,
        phase=Phase.BLIND if blind else Phase.ROUND_1,
        to_act=first,
        hands=deal.hands,
        kitty=deal.kitty,
    )


def _pack_words(size: int, joker: bool) -> str:
    return f"the {size}-card deck" + (" with the joker" if joker else "")


# -- who may do what ---------------------------------------------------------------


def _first_bidder(s: HandState) -> Seat:
    return s.dealer if s.rules.dealer_bids_first else s.dealer.next


def _last_bidder(s: HandState) -> Seat:
    return s.dealer.prev if s.rules.dealer_bids_first else s.dealer


def _may_order(s: HandState, seat: Seat) -> bool:
    """The round-1 calling requirement (the dealer always qualifies: the up card joins the hand)."""
    rule = s.rules.round_1_requirement
    if rule == "anytime" or seat == s.dealer:
        return True
    suit = s.up_suit
    if rule == "holding-trump":
        return any(effective_suit(c, suit) is suit for c in s.hands[seat])
    return any(c.suit is suit for c in s.hands[seat])


_FACES: Final = frozenset({Rank.JACK, Rank.QUEEN, Rank.KING, Rank.JOKER})
# misdeal option -> the aces an "ace" hand may hold (None: that kind is not played) and
# whether a hand with no ace counts ("no ace, no face").
_MISDEAL_KINDS: Final[dict[str, tuple[range | None, bool]]] = {
    "off": (None, False),
    "ace-no-face": (range(1, 2), False),  # the sheet: exactly one ace, four non-face cards
    "aces-no-face": (range(1, 6), False),  # the lenient reading: one or more aces
    "no-ace-no-face": (None, True),
    "either": (range(1, 2), True),
    "no-face": (range(1, 6), True),
}
_MISDEAL_WANTS: Final = {
    "off": "a misdeal",
    "ace-no-face": "an 'ace, no face' (exactly one ace)",
    "aces-no-face": "an 'ace, no face' (one or more aces)",
    "no-ace-no-face": "a 'no ace, no face'",
    "either": "an 'ace, no face' (exactly one ace) or a 'no ace, no face'",
    "no-face": "a no-face",
}


def misdeal_kind(hand: Sequence[Card], rule: str) -> str | None:
    """'ace, no face' or 'no ace, no face' when ``hand`` may be thrown in under ``rule`` (else None).

    >>> from euchre_tutor.cards import parse_cards
    >>> misdeal_kind(parse_cards("AS 9H TH 9C TC"), "ace-no-face")
    'ace, no face'
    >>> misdeal_kind(parse_cards("AS AH TH 9C TC"), "ace-no-face") is None  # two aces
    True
    >>> misdeal_kind(parse_cards("AS AH TH 9C TC"), "aces-no-face")
    'ace, no face'
    """
    aces_ok, no_ace_ok = _MISDEAL_KINDS[rule]
    if any(c.rank in _FACES for c in hand):
        return None
    aces = sum(1 for c in hand if c.rank is Rank.ACE)
    if aces and aces_ok is not None and aces in aces_ok:
        return "ace, no face"
    if not aces and no_ace_ok:
        return "no ace, no face"
    return None


_FARMER_RANKS: Final = {
    20: (Rank.TEN,),
    24: (Rank.NINE, Rank.TEN),
    28: (Rank.EIGHT, Rank.NINE),
    32: (Rank.SEVEN, Rank.EIGHT),
}


def farmer_ranks(deck_size: int) -> tuple[Rank, ...]:
    """The low ranks a farmer's hand swaps: the deck's two lowest (the sheet: 9s and 10s; 8-A deck:
    8s and 9s; 7-A deck: 7s and 8s). The 10-A deck has no 9s, so "9s or 10s" leaves its 10s."""
    return _FARMER_RANKS[deck_size]


def _low_cards(hand: Sequence[Card], deck_size: int) -> list[Card]:
    """The cards of ``hand`` a farmer's hand may swap (see :func:`farmer_ranks`)."""
    ranks = farmer_ranks(deck_size)
    return sorted((c for c in hand if c.rank in ranks), key=_card_key)


def trump_broken(tricks: Sequence[Trick], trump: Suit | None) -> bool:
    """Is trump broken: did a completed trick have a trump played to a non-trump lead?

    The sheet's "a trump dumped on a non-trump lead": a trump played to a trump
    lead (by a leader holding only trumps) does not break it.
    """
    if trump is None:
        return False
    for trick in tricks:
        cards = trick.cards
        if effective_suit(cards[0], trump) is not trump and any(
            effective_suit(c, trump) is trump for c in cards[1:]
        ):
            return True
    return False


def _bid_extras(s: HandState, seat: Seat) -> list[Action]:
    """Misdeal and going under, open on the player's round-1 turn before the bid."""
    out: list[Action] = []
    hand = s.hands[seat]
    if s.rules.misdeal != "off" and s.under_seat != seat and misdeal_kind(hand, s.rules.misdeal):
        out.append(MISDEAL)
    if s.rules.farmers_hand and s.under_seat is None:
        lows = _low_cards(hand, s.rules.deck)
        if len(lows) >= 3:
            out.extend(Action("under", cards=tuple(combo)) for combo in combinations(lows, 3))
    return out


# -- one pair of functions per phase ---------------------------------------------


def _alone_with_bid(rules: ClassicRules) -> bool:
    """May a bid say 'alone'? Not at three players, where the maker always plays alone, nor under no alone."""
    return rules.alone_timing == "with-bid" and rules.players != 3 and not rules.no_alone


def _legal_blind(s: HandState) -> tuple[Action, ...]:
    with_bid = _alone_with_bid(s.rules)
    out: list[Action] = []
    for suit in Suit:
        out.append(Action("call", suit=suit))
        if with_bid:
            out.append(Action("call", suit=suit, alone=True))
    return tuple(out)


def _legal_round_1(s: HandState) -> tuple[Action, ...]:
    seat = s.to_act
    assert seat is not None
    out = [PASS]
    if _may_order(s, seat):
        if not (s.rules.canadian_loner and seat in s.dealer.partners):
            out.append(ORDER)
        if _alone_with_bid(s.rules):
            out.append(ORDER_ALONE)
    if s.rules.misdeal != "off" or s.rules.farmers_hand:
        out.extend(_bid_extras(s, seat))
    return tuple(out)


def _legal_round_2(s: HandState) -> tuple[Action, ...]:
    # Stick the dealer; with the dealer bidding first, stick the last bidder (the sheet).
    stuck = s.rules.stick_the_dealer and s.to_act == _last_bidder(s)
    out: list[Action] = [] if stuck else [PASS]
    with_bid = _alone_with_bid(s.rules)
    may_name_up = stuck and s.rules.stuck_dealer_may_name_up_suit
    for suit in Suit:
        if suit is s.up_suit and not may_name_up:
            continue
        out.append(Action("call", suit=suit))
        if with_bid:
            out.append(Action("call", suit=suit, alone=True))
    if s.rules.no_trump != "off":
        for nt in ("high", "low") if s.rules.no_trump == "high-low" else ("high",):
            out.append(Action("call", notrump=nt))
            if with_bid:
                out.append(Action("call", notrump=nt, alone=True))
    return tuple(out)


def _legal_discard(s: HandState) -> tuple[Action, ...]:
    hand = s.hands[s.dealer]
    allowed = [c for c in hand if s.rules.dealer_may_discard_up_card or c != s.up]
    return tuple(Action("discard", card=c) for c in sorted(allowed, key=_card_key))


def _legal_alone(s: HandState) -> tuple[Action, ...]:
    return (ALONE, PARTNER)


def _legal_best_card(s: HandState) -> tuple[Action, ...]:
    assert s.to_act is not None
    return tuple(Action("give", card=c) for c in sorted(s.hands[s.to_act], key=_card_key))


def _legal_loner_discard(s: HandState) -> tuple[Action, ...]:
    assert s.to_act is not None
    return tuple(Action("discard", card=c) for c in sorted(s.hands[s.to_act], key=_card_key))


def _legal_play(s: HandState) -> tuple[Action, ...]:
    return tuple(Action("play", card=c) for c in s.legal_plays())


def _legal_over(s: HandState) -> tuple[Action, ...]:
    return ()


def _apply_blind(s: HandState, a: Action) -> HandState:
    dealer = s.dealer
    assert a.suit is not None
    hands = list(s.hands)
    hands[dealer] = (*hands[dealer], s.up)
    timing = a.alone if s.rules.alone_timing == "with-bid" else None
    return _evolve(
        s,
        phase=Phase.DISCARD,
        to_act=dealer,
        trump=a.suit,
        maker=dealer,
        alone=a.alone,
        hands=_four(hands),
        up_taken=True,
        events=(TrumpMade(dealer, a.suit, 0, timing), PickedUp(dealer, s.up)),
    )


def _apply_round_1(s: HandState, a: Action) -> HandState:
    seat = s.to_act
    assert seat is not None
    if a.kind == "pass":
        if seat == _last_bidder(s):
            return _evolve(
                s,
                phase=Phase.ROUND_2,
                to_act=_first_bidder(s),
                passes=s.passes + 1,
                events=(Passed(seat, 1),),
            )
        return _evolve(s, to_act=seat.next, passes=s.passes + 1, events=(Passed(seat, 1),))
    if a.kind == "misdeal":
        kind = misdeal_kind(s.hands[seat], s.rules.misdeal) or "misdeal"
        return _evolve(s, phase=Phase.OVER, to_act=None, misdealt=True, events=(Misdealt(seat, kind),))
    if a.kind == "under":
        hands = list(s.hands)
        taken = s.kitty[:3]
        kept = tuple(c for c in hands[seat] if c not in a.cards)
        hands[seat] = kept + taken
        return _evolve(
            s,
            hands=_four(hands),
            kitty=a.cards + s.kitty[3:],
            under_seat=seat,
            under_cards=a.cards,
            events=(WentUnder(seat, a.cards),),
        )
    trump = s.up_suit
    dealer = s.dealer
    timing = a.alone if s.rules.alone_timing == "with-bid" else None
    made: Event = TrumpMade(seat, trump, 1, timing)
    if a.alone and seat in dealer.partners and not s.rules.dealer_exchanges_when_partner_alone:
        # The dealer sits out and does not exchange: the up card stays on the kitty.
        return _after_exchange(_evolve(s, trump=trump, maker=seat, alone=True), (made,))
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
        up_taken=True,
        events=(made, PickedUp(dealer, s.up)),
    )


def _apply_round_2(s: HandState, a: Action) -> HandState:
    seat = s.to_act
    assert seat is not None
    if a.kind == "pass":
        if seat == _last_bidder(s):
            return _evolve(
                s,
                phase=Phase.OVER,
                to_act=None,
                passes=s.passes + 1,
                events=(Passed(seat, 2), PassedOut(s.dealer)),
            )
        return _evolve(s, to_act=seat.next, passes=s.passes + 1, events=(Passed(seat, 2),))
    made = _evolve(s, trump=a.suit, notrump=a.notrump, maker=seat, alone=a.alone)
    timing = a.alone if s.rules.alone_timing == "with-bid" else None
    ev: Event = TrumpMade(seat, a.suit, 2, timing, a.notrump)
    return _after_exchange(made, (ev,))


def _apply_discard(s: HandState, a: Action) -> HandState:
    dealer = s.dealer
    assert a.card is not None
    hands = list(s.hands)
    hands[dealer] = tuple(c for c in hands[dealer] if c != a.card)
    done = _evolve(s, hands=_four(hands), discard=a.card)
    return _after_exchange(done, (Discarded(dealer, a.card),))


def _after_exchange(s: HandState, events: tuple[Event, ...]) -> HandState:
    """After the bid (and the dealer's discard): ask the maker, then call for best, the defenders, play."""
    if s.rules.alone_timing == "after-discard":
        return _evolve(s, phase=Phase.GO_ALONE, to_act=s.maker, events=events)
    return _after_alone(s, events)


def _after_alone(s: HandState, events: tuple[Event, ...]) -> HandState:
    if s.alone and s.rules.call_for_best:
        assert s.maker is not None
        return _evolve(s, phase=Phase.BEST_CARD, to_act=s.maker.partner, events=events)
    return _ask_defenders(s, events)


def _ask_defenders(s: HandState, events: tuple[Event, ...]) -> HandState:
    rule = s.rules.defend_alone
    if rule == "any-bid" or (rule == "against-loner" and s.alone):
        assert s.maker is not None
        defenders = [seat for seat in s.seating.from_left_of(s.dealer) if seat.team is not s.maker.team]
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
    return _after_alone(_evolve(s, alone=alone), (WentAlone(seat, alone, defender=False),))


def _apply_best_card(s: HandState, a: Action) -> HandState:
    seat = s.to_act
    assert seat is not None and a.card is not None and s.maker is not None
    hands = list(s.hands)
    hands[seat] = tuple(c for c in hands[seat] if c != a.card)
    hands[s.maker] = (*hands[s.maker], a.card)
    return _evolve(
        s,
        phase=Phase.LONER_DISCARD,
        to_act=s.maker,
        hands=_four(hands),
        gift=a.card,
        events=(GaveBest(seat, s.maker),),
    )


def _apply_loner_discard(s: HandState, a: Action) -> HandState:
    seat = s.to_act
    assert seat is not None and a.card is not None
    hands = list(s.hands)
    hands[seat] = tuple(c for c in hands[seat] if c != a.card)
    done = _evolve(s, hands=_four(hands), loner_discard=a.card)
    return _ask_defenders(done, (Discarded(seat, a.card),))


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
    if s.alone and s.rules.alone_lead == "loner-left":
        assert s.maker is not None
        order: Iterable[Seat] = s.seating.from_left_of(s.maker)
    else:
        order = s.seating.from_left_of(s.dealer)
    leader = next(seat for seat in order if seat not in out)
    return _evolve(s, phase=Phase.PLAY, to_act=leader, trick_leader=leader, events=events)


def trick_winner(cards: Sequence[Card], trump: Suit | None, notrump: str | None = None) -> int:
    """Index of the winning card; under a low no-trump bid the lowest card of the led suit wins."""
    if notrump != "low":
        return winning_index(cards, trump)
    led = effective_suit(cards[0], None)
    best = 0
    for i in range(1, len(cards)):
        if cards[i].suit is led and cards[i].rank < cards[best].rank:
            best = i
    return best


def explain_trick(trick: Trick, trump: Suit | None, notrump: str | None = None) -> str:
    """Why the winner's card won, in plain words."""
    cards = trick.cards
    win = cards[trick_winner(cards, trump, notrump)]
    led_card = cards[0]
    if trump is None:
        led = led_card.suit
        assert led is not None
        if notrump == "low":
            return (
                f"{win.symbol} is the lowest {led.plural[:-1]} played: with no trump (low), the lowest "
                "card of the led suit wins"
            )
        return f"{win.symbol} is the highest {led.plural[:-1]} played: with no trump, the highest card of the led suit wins"
    led = effective_suit(led_card, trump)
    trumps = [c for c in cards if is_trump(c, trump)]
    if not trumps:
        return f"{win.symbol} is the highest {led.plural[:-1]} (the led suit) and no trump was played"
    rank_words = describe_rank(win, trump)
    if led is trump:
        return f"{win.symbol} is {rank_words}: the highest trump played"
    if len(trumps) == 1:
        return f"{win.symbol} is a trump ({rank_words}): a trump beats every card of the other suits"
    return f"{win.symbol} is {rank_words}: the highest of the trumps played"


def _apply_play(s: HandState, a: Action) -> HandState:
    seat = s.to_act
    assert seat is not None and a.card is not None
    hands = list(s.hands)
    hands[seat] = tuple(c for c in hands[seat] if c != a.card)
    plays = (*s.trick_plays, (seat, a.card))
    number = len(s.tricks) + 1
    events: tuple[Event, ...] = (CardPlayed(seat, a.card, number),)
    out = s.sitting_out
    if len(plays) < s.seating.players - len(out):
        nxt = seat.next
        while nxt in out:
            nxt = nxt.next
        return _evolve(s, hands=_four(hands), trick_plays=plays, to_act=nxt, events=events)
    winner = plays[trick_winner([c for _, c in plays], s.trump, s.notrump)][0]
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
    pts = team_points(makers, m, d)
    return _evolve(over, events=(*events, HandScored(makers, taken, pts, rule_id)))


def _apply_over(s: HandState, a: Action) -> HandState:  # pragma: no cover - apply() refuses first
    raise IllegalAction("the hand is over")


_LEGAL: Final = {
    Phase.BLIND: _legal_blind,
    Phase.ROUND_1: _legal_round_1,
    Phase.ROUND_2: _legal_round_2,
    Phase.DISCARD: _legal_discard,
    Phase.GO_ALONE: _legal_alone,
    Phase.BEST_CARD: _legal_best_card,
    Phase.LONER_DISCARD: _legal_loner_discard,
    Phase.DEFEND_ALONE: _legal_alone,
    Phase.PLAY: _legal_play,
    Phase.OVER: _legal_over,
}
_APPLY: Final = {
    Phase.BLIND: _apply_blind,
    Phase.ROUND_1: _apply_round_1,
    Phase.ROUND_2: _apply_round_2,
    Phase.DISCARD: _apply_discard,
    Phase.GO_ALONE: _apply_go_alone,
    Phase.BEST_CARD: _apply_best_card,
    Phase.LONER_DISCARD: _apply_loner_discard,
    Phase.DEFEND_ALONE: _apply_defend_alone,
    Phase.PLAY: _apply_play,
    Phase.OVER: _apply_over,
}


def _four(hands: Sequence[tuple[Card, ...]]) -> _HandCards:
    return tuple(hands)


# ---------------------------------------------------------------------------
# The match


@dataclass(frozen=True, slots=True)
class HandResult:
    """A finished hand as the match remembers it."""

    number: int
    dealer: Seat
    passed_out: bool
    points: tuple[int, ...]
    misdeal: bool = False


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
    scores: tuple[int, ...] = (0, 0)
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
    def seating(self) -> Seating:
        return self.first_dealer.seating

    @property
    def winner(self) -> Team | None:
        return _leader(self.seating, self.scores) if self.is_over else None

    def legal_actions(self) -> tuple[Action, ...]:
        return self.hand.legal_actions()

    def apply(self, action: Action | str) -> MatchState:
        hand = self.hand.apply(action)
        if not hand.is_over:
            return replace(self, hand=hand, events=hand.events)
        pts = hand.points()
        scores = tuple(a + b for a, b in zip(self.scores, pts, strict=True))
        results = (
            *self.results,
            HandResult(len(self.results) + 1, hand.dealer, hand.passed_out, pts, hand.misdealt),
        )
        events: tuple[Event, ...] = hand.events
        if _match_over(self.rules, scores, len(results)):
            winner = _leader(self.seating, scores)
            return replace(
                self,
                hand=hand,
                scores=scores,
                results=results,
                events=(*events, MatchWon(winner, scores)),
            )
        nxt = self._hand_for(len(results), hand.dealer if hand.misdealt else hand.dealer.next)
        return replace(
            self,
            hand=nxt,
            scores=scores,
            results=results,
            last_hand=hand,
            events=(*events, HandStarted(len(results) + 1, nxt.dealer, nxt.up)),
        )

    def dealer_for(self, index: int) -> Seat:
        """The dealer of hand ``index`` (0-based): the deal rotates left, except after a misdeal."""
        dealer = self.first_dealer
        for i in range(index):
            if not (i < len(self.results) and self.results[i].misdeal):
                dealer = dealer.next
        return dealer

    def _hand_for(self, index: int, dealer: Seat) -> HandState:
        r = self.rules
        if index < len(self.deals):
            deal = self.deals[index]
            if deal.dealer != dealer:  # a misdeal shifted the rotation: same cards, the right dealer
                deal = replace(deal, dealer=dealer)
        else:
            deal = Deal.from_seed(f"{self.seed}:{index}", dealer, size=r.deck, joker=r.joker)
        return new_hand(deal, r)


def _leader(seating: Seating, scores: Sequence[int]) -> Team | None:
    """The team alone on top (None when the top score is shared)."""
    top = max(scores)
    leaders = [t for t in seating.teams if scores[t.index] == top]
    return leaders[0] if len(leaders) == 1 else None


def _match_over(rules: ClassicRules, scores: tuple[int, ...], hands_played: int) -> bool:
    """Over after ``hands`` hands, or when one team alone has reached the target.

    With three teams two can reach the target in the same hand (both score a
    euchre): the higher wins; level at the top, play goes on.
    """
    if rules.hands is not None:
        return hands_played >= rules.hands
    top = max(scores)
    return top >= rules.target and scores.count(top) == 1


def new_match(
    rules: ClassicRules | None = None,
    *,
    seed: int | str = 0,
    dealer: Seat | str | None = None,
    deals: Sequence[Deal] = (),
) -> MatchState:
    """A new match; the first hands use ``deals`` (if given), then seeded deals.

    ``dealer`` (the first dealer) defaults to the table's first seat (N; P1).
    Explicit deals must follow the rotation: deal i is dealt by the seat left of deal i-1's dealer.
    """
    r = rules if rules is not None else ClassicRules()
    if not isinstance(r, ClassicRules):
        raise RulesError(f"expected ClassicRules, got {r!r}")
    table = rules_seating(r)
    given = table.seats[0] if dealer is None else table.parse(dealer)
    first = deals[0].dealer if deals else given
    for i, d in enumerate(deals):
        if d.seating is not table:
            raise DealError(f"deal {i + 1} is for a {d.seating.description} table, not {table.description}")
        want = table.seats[(first + i) % table.players]
        if d.dealer != want:
            raise DealError(f"deal {i + 1} is dealt by {d.dealer.word}, but the deal rotates to {want.word}")
    deals_t = tuple(deals)
    first_deal = deals_t[0] if deals_t else Deal.from_seed(f"{seed}:0", first, size=r.deck, joker=r.joker)
    hand = new_hand(first_deal, r)
    return MatchState(
        rules=r,
        seed=seed,
        first_dealer=first,
        deals=deals_t,
        hand=hand,
        scores=(0,) * len(table.teams),
        events=(HandStarted(1, first, first_deal.up),),
    )
