"""The proof game's engine: immutable hand and match states, a seeded deal, actions, a saved game."""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from euchre_tutor.cards import Card, Suit, parse_cards, playable, winning_index
from euchre_tutor.errors import DealError, IllegalAction, SaveFileError
from euchre_tutor.tricks.events import CardPlayed, MatchWon, TextEvent, Trick, TrickWon
from euchre_tutor.tricks.game import MatchGame
from euchre_tutor.tricks.seating import Seat, Seating

TWO = Seating("proof-2", ("N", "S"), ("North", "South"), ((0,), (1,)), ("N", "S"), "two-player")
NORTH, SOUTH = TWO.seats
DECK = parse_cards("9H TH JH QH KH AH 9S TS JS QS KS AS")
HAND_SIZE = 3
SAVE_FORMAT = "euchre-tutor/proof-game"


@dataclass(frozen=True, slots=True)
class ProofRules:
    """The match's length in hands (``target``: the points that end it sooner)."""

    hands: int | None = 2
    target: int = 99

    def to_json(self) -> dict[str, Any]:
        return {"hands": self.hands, "target": self.target}

    @classmethod
    def from_json(cls, data: object) -> ProofRules:
        if data in (None, "standard"):
            return cls()
        if not isinstance(data, dict) or set(data) - {"hands", "target"}:
            raise DealError(f"proof rules are {{'hands': N, 'target': N}}, not {data!r}")
        return cls(**data)


@dataclass(frozen=True, slots=True)
class Action:
    """Play a card: ``play 9H``."""

    kind: str
    card: Card

    def __str__(self) -> str:
        return f"{self.kind} {self.card}"

    @classmethod
    def parse(cls, text: object) -> Action:
        if isinstance(text, Action):
            return text
        parts = str(text).split()
        if len(parts) != 2 or parts[0] != "play":
            raise IllegalAction(f"an action is 'play <card>', such as 'play 9H', not {text!r}")
        return cls("play", Card.parse(parts[1]))


@dataclass(frozen=True, slots=True)
class Deal:
    """Each seat's three cards, North's first."""

    hands: tuple[tuple[Card, ...], tuple[Card, ...]]

    @classmethod
    def from_seed(cls, seed: int | str, number: int) -> Deal:
        cards = list(DECK)
        random.Random(f"{seed}/{number}").shuffle(cards)
        return cls((tuple(cards[:HAND_SIZE]), tuple(cards[HAND_SIZE : 2 * HAND_SIZE])))

    def to_json(self) -> list[str]:
        return [" ".join(map(str, h)) for h in self.hands]

    @classmethod
    def from_json(cls, data: object) -> Deal:
        if not isinstance(data, list) or len(data) != 2:
            raise DealError(f"a proof deal is two hands of three cards, not {data!r}")
        north, south = (parse_cards(h) for h in data)
        return cls((north, south))


@dataclass(frozen=True, slots=True)
class HandStarted(TextEvent):
    hand_number: int
    dealer: Seat
    TEXT = "Hand {hand_number}: {dealer.word} deals."


@dataclass(frozen=True, slots=True)
class HandScored(TextEvent):
    points: tuple[int, int]
    TEXT = "The hand ends: North {points[0]}, South {points[1]}."


@dataclass(frozen=True, slots=True)
class Hand:
    """One hand: the cards each seat holds, the trick on the table and the tricks won."""

    deal: Deal
    dealer: Seat
    hand_number: int = 1
    held: tuple[frozenset[Card], frozenset[Card]] = (frozenset(), frozenset())
    to_act: Seat | None = None
    plays: tuple[tuple[Seat, Card], ...] = ()
    tricks: tuple[Trick, ...] = ()
    rules: ProofRules = field(default_factory=ProofRules)
    history: tuple[tuple[Seat, Action], ...] = ()

    @property
    def phase(self) -> str:
        return "play" if self.to_act is not None else "over"

    @property
    def won(self) -> tuple[int, int]:
        return tuple(sum(t.winner == s for t in self.tricks) for s in TWO.seats)  # type: ignore[return-value]

    def legal_actions(self) -> tuple[Action, ...]:
        if self.to_act is None:
            return ()
        held = sorted(self.held[self.to_act], key=lambda c: c.index)
        led: Suit | None = self.plays[0][1].suit if self.plays else None
        return tuple(Action("play", c) for c in playable(held, None, led))

    def apply(self, action: Any) -> Hand:
        return self.step(Action.parse(action))[0]

    def step(self, action: Action) -> tuple[Hand, tuple[Any, ...]]:
        """The hand after ``action`` and what happened; an illegal action raises and changes nothing."""
        seat = self.to_act
        if seat is None:
            raise IllegalAction("the hand is over")
        if action not in self.legal_actions():
            legal = ", ".join(str(a.card) for a in self.legal_actions())
            raise IllegalAction(f"{action.card} may not be played: follow the suit led; legal: {legal}")
        held = tuple(h - {action.card} if s == seat else h for s, h in zip(TWO.seats, self.held, strict=True))
        plays = (*self.plays, (seat, action.card))
        events: list[Any] = [CardPlayed(seat, action.card, len(self.tricks) + 1)]
        tricks, to_act = self.tricks, seat.next
        if len(plays) == 2:
            winner = plays[winning_index([c for _, c in plays], None)][0]
            trick = Trick(plays[0][0], plays, winner)
            tricks, plays, to_act = (*tricks, trick), (), winner
            events.append(TrickWon(len(tricks), trick))
            if len(tricks) == HAND_SIZE:
                to_act = None
        hand = replace(
            self,
            held=held,  # type: ignore[arg-type]
            plays=plays,
            tricks=tricks,
            to_act=to_act,
            history=(*self.history, (seat, action)),
        )
        if to_act is None:
            events.append(HandScored(hand.won))
        return hand, tuple(events)


def new_hand(deal: Deal, dealer: Seat, number: int = 1, rules: ProofRules | None = None) -> Hand:
    return Hand(
        deal,
        dealer,
        number,
        (frozenset(deal.hands[0]), frozenset(deal.hands[1])),
        dealer.next,
        rules=rules or ProofRules(),
    )


@dataclass(frozen=True, slots=True)
class Match:
    """A match: hand after hand, the dealer alternating; each trick is a point."""

    rules: ProofRules
    seed: int | str
    first_dealer: Seat
    deals: tuple[Deal, ...]
    hand: Hand
    results: tuple[tuple[int, int], ...] = ()
    last_hand: Hand | None = None
    events: tuple[Any, ...] = ()

    @property
    def scores(self) -> tuple[int, int]:
        return (sum(r[0] for r in self.results), sum(r[1] for r in self.results))

    @property
    def hand_number(self) -> int:
        return self.hand.hand_number

    @property
    def is_over(self) -> bool:
        hands = self.rules.hands
        done = hands is not None and len(self.results) >= hands
        return done or max(self.scores) >= self.rules.target

    @property
    def winner(self) -> Any:
        if not self.is_over:
            return None
        n, s = self.scores
        return None if n == s else TWO.teams[0 if n > s else 1]

    @property
    def to_act(self) -> Seat | None:
        return None if self.is_over else self.hand.to_act

    def legal_actions(self) -> tuple[Action, ...]:
        return () if self.is_over else self.hand.legal_actions()

    def apply(self, action: Any) -> Match:
        if self.is_over:
            raise IllegalAction("the match is over")
        hand, events = self.hand.step(Action.parse(action))
        if hand.to_act is not None:
            return replace(self, hand=hand, events=events)
        results = (*self.results, hand.won)
        after = replace(self, hand=hand, results=results, last_hand=hand, events=events)
        if after.is_over:
            return replace(after, events=(*events, MatchWon(after.winner, after.scores)))
        number = hand.hand_number + 1
        dealer = hand.dealer.next
        nxt = new_hand(_deal_of(self, number), dealer, number, self.rules)
        return replace(after, hand=nxt, events=(*events, HandStarted(number, dealer)))


def _deal_of(match: Match, number: int) -> Deal:
    return match.deals[number - 1] if number <= len(match.deals) else Deal.from_seed(match.seed, number)


def new_match(
    rules: ProofRules | None = None, *, seed: int | str = 0, dealer: Any = None, deals: Any = ()
) -> Match:
    rules = rules or ProofRules()
    first = TWO.parse(dealer) if dealer is not None else TWO.seats[random.Random(str(seed)).randrange(2)]
    deals = tuple(d if isinstance(d, Deal) else Deal.from_json(d) for d in deals)
    start = Match(rules, seed, first, deals, new_hand(Deal.from_seed(seed, 1), first, 1, rules))
    hand = new_hand(_deal_of(start, 1), first, 1, rules)
    return replace(start, hand=hand, events=(HandStarted(1, first),))


class ProofGame(MatchGame[Match, Action]):
    """A proof match with history, saved and loaded as every game's file is."""

    NEW_MATCH: ClassVar[Any] = staticmethod(new_match)
    ACTION: ClassVar[Any] = Action
    FORMAT = SAVE_FORMAT
    VERSION = 1
    KEYS = frozenset({"format", "version", "rules", "seed", "dealer", "deals", "actions", "position"})
    WHAT = "proof game"
    HOLDER = "a proof game save file"
    KIND = "the proof game"

    @classmethod
    def check_seed(cls, seed: object) -> int | str:
        if not isinstance(seed, int | str) or isinstance(seed, bool):
            raise SaveFileError(f"seed must be a number or text, not {seed!r}")
        return seed

    @classmethod
    def from_setup(cls, data: dict[str, Any], seed: int | str) -> ProofGame:
        return cls(ProofRules.from_json(data["rules"]), seed=seed, dealer=data["dealer"], deals=data["deals"])


def replay_hand(position: object) -> Hand:
    """A hand from a position: ``{"seed", "hand", "dealer", "actions"}`` (the ``analyze`` input)."""
    if not isinstance(position, dict) or set(position) - {"seed", "hand", "dealer", "actions"}:
        raise DealError(f'a proof position is {{"seed", "hand", "dealer", "actions"}}, not {position!r}')
    number = int(position.get("hand", 1))
    hand = new_hand(Deal.from_seed(position.get("seed", 0), number), TWO.parse(position["dealer"]), number)
    for action in position.get("actions", []):
        hand = hand.apply(action)
    return hand


def position_of(hand: Hand, seed: int | str) -> dict[str, Any]:
    """The position of ``hand`` as :func:`replay_hand` reads it (its deal from ``seed``)."""
    return {
        "seed": seed,
        "hand": hand.hand_number,
        "dealer": hand.dealer.name,
        "actions": [str(a) for _, a in hand.history],
    }
