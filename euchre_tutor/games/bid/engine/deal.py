"""Bid Euchre deals: who dealt, the four hands and the kitty, checked against the pack.

The pack is the 24-card deck (9-A), or two of them (``double_deck``), and
the joker (with ``joker``). The deal goes one card at a time from the
dealer's left; the undealt cards are the kitty (none unless ``kitty``).
Two equal cards are allowed only as the two copies of the double deck.

>>> from euchre_tutor.games.bid.rules import BidRules
>>> d = Deal.from_seed(7, "N")
>>> [len(h) for h in d.hands], d.kitty
([6, 6, 6, 6], ())
>>> len(Deal.from_seed(7, "N", BidRules(kitty=True)).kitty)
4
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache

from euchre_tutor.cards import JOKER, Card, deck, format_cards, parse_card
from euchre_tutor.errors import DealError
from euchre_tutor.games.bid.rules import BidRules
from euchre_tutor.tricks.seating import FOUR, Seat

__all__ = ["Deal", "check_deal", "pack"]


@cache
def pack(rules: BidRules) -> tuple[Card, ...]:
    """The cards a deal uses under ``rules``, in canonical order (the order a seeded shuffle starts from)."""
    one = deck(24)
    cards = one + one if rules.double_deck else one
    return cards + ((JOKER,) if rules.joker else ())


@dataclass(frozen=True, slots=True)
class Deal:
    """Who dealt, the hands (indexed by seat N E S W) and the kitty, for one rules configuration."""

    dealer: Seat
    hands: tuple[tuple[Card, ...], ...]
    kitty: tuple[Card, ...]
    rules: BidRules

    def __post_init__(self) -> None:
        check_deal(self.hands, self.kitty, self.rules)

    @classmethod
    def from_seed(
        cls, seed: int | str, dealer: Seat | str | None = None, rules: BidRules | None = None
    ) -> Deal:
        """A shuffled deal: the same seed, dealer and rules always give the same cards."""
        r = rules if rules is not None else BidRules()
        cards = list(pack(r))
        random.Random(f"bid:{seed}:{r.deck_size}:{r.kitty_size}").shuffle(cards)
        return cls.from_order(cards, dealer, r)

    @classmethod
    def from_order(
        cls, cards: Sequence[Card | str], dealer: Seat | str | None, rules: BidRules | None = None
    ) -> Deal:
        """Deal an explicit card order: card k (k < 4 * hand size) to seat (dealer + 1 + k) % 4,
        one at a time from the dealer's left; the rest is the kitty."""
        r = rules if rules is not None else BidRules()
        d = FOUR.seats[0] if dealer is None else FOUR.parse(dealer)
        parsed = [c if isinstance(c, Card) else parse_card(c) for c in cards]
        if len(parsed) != r.deck_size:
            raise DealError(f"a card order must list the whole pack ({r.deck_size} cards), not {len(parsed)}")
        n = r.hand_size * 4
        hands: list[list[Card]] = [[] for _ in range(4)]
        for k in range(n):
            hands[(d + 1 + k) % 4].append(parsed[k])
        return cls(d, tuple(tuple(h) for h in hands), tuple(parsed[n:]), r)

    @classmethod
    def from_hands(
        cls,
        dealer: Seat | str,
        hands: Mapping[str, Iterable[Card | str]] | Mapping[Seat, Iterable[Card | str]],
        rules: BidRules | None = None,
        kitty: Iterable[Card | str] | None = None,
    ) -> Deal:
        """Explicit hands; the kitty is given, or whatever the hands leave of the pack."""
        r = rules if rules is not None else BidRules()
        d = FOUR.parse(dealer)
        if not isinstance(hands, Mapping):
            raise DealError(f"hands must map each seat (N, E, S, W) to its {r.hand_size} cards")
        by_seat: dict[Seat, tuple[Card, ...]] = {}
        for key, cards in hands.items():
            seat = FOUR.parse(key)
            if seat in by_seat:
                raise DealError(f"{seat.word}'s hand is given twice")
            if isinstance(cards, str) or not isinstance(cards, Iterable):
                raise DealError(f"{seat.word}'s hand must be a list of cards, not {cards!r}"[:200])
            by_seat[seat] = tuple(c if isinstance(c, Card) else parse_card(c) for c in cards)
        missing = [s.word for s in FOUR.seats if s not in by_seat]
        if missing:
            raise DealError(f"no hand given for {', '.join(missing)}: give all four hands (N, E, S, W)")
        if kitty is None:
            rest = _left_over(pack(r), [c for h in by_seat.values() for c in h])
        elif isinstance(kitty, str) or not isinstance(kitty, Iterable):
            raise DealError(f"the kitty must be a list of cards, not {kitty!r}"[:200])
        else:
            rest = tuple(c if isinstance(c, Card) else parse_card(c) for c in kitty)
        return cls(d, tuple(by_seat[s] for s in FOUR.seats), rest, r)

    def to_json(self) -> dict[str, object]:
        """The deal as JSON (the pack comes from the rules); the kitty only when there is one."""
        out: dict[str, object] = {
            "dealer": self.dealer.name,
            "hands": {s.name: [str(c) for c in self.hands[s]] for s in FOUR.seats},
        }
        if self.kitty:
            out["kitty"] = [str(c) for c in self.kitty]
        return out

    @classmethod
    def from_json(cls, data: object, rules: BidRules) -> Deal:
        if not isinstance(data, dict) or not {"dealer", "hands"} <= set(data) <= {"dealer", "hands", "kitty"}:
            raise DealError(
                f'a deal is an object {{"dealer": "N", "hands": {{"N": [cards], ...}}, "kitty": [cards]?}}, '
                f"not {data!r}"[:300]
            )
        return cls.from_hands(data["dealer"], data["hands"], rules, data.get("kitty"))


def _left_over(cards: Sequence[Card], used: Sequence[Card]) -> tuple[Card, ...]:
    """The cards of ``cards`` not in ``used``, counting copies (the double deck has two of each)."""
    taken = Counter(used)
    rest: list[Card] = []
    for c in cards:
        if taken[c] > 0:
            taken[c] -= 1
        else:
            rest.append(c)
    return tuple(rest)


def _pack_words(rules: BidRules) -> str:
    words = (
        "two 24-card decks (9 10 J Q K A of each suit, twice)"
        if rules.double_deck
        else ("the 24-card deck (9 10 J Q K A of each suit)")
    )
    return words + (" and the joker JK" if rules.joker else "")


def check_deal(hands: Sequence[Sequence[Card]], kitty: Sequence[Card], rules: BidRules) -> None:
    """Raise DealError unless the hands (hand size each) and the kitty are exactly the pack."""
    if len(hands) != 4:
        raise DealError(f"a Bid Euchre deal has four hands (N, E, S, W), not {len(hands)}")
    for seat, hand in zip(FOUR.seats, hands, strict=True):
        if len(hand) != rules.hand_size:
            raise DealError(
                f"{seat.word} must hold {rules.hand_size} cards, not {len(hand)} ({format_cards(hand) or 'none'})"
            )
    want = Counter(pack(rules))
    got = Counter([c for h in hands for c in h] + list(kitty))
    extra = got - want
    if extra:
        card = next(iter(extra))
        if card in want:
            copies = "twice" if want[card] == 2 else "once"
            raise DealError(f"{card} is dealt {got[card]} times: in {_pack_words(rules)} it appears {copies}")
        raise DealError(f"{card} is not in {_pack_words(rules)}")
    if len(kitty) != rules.kitty_size:
        raise DealError(
            f"the kitty must hold {rules.kitty_size} cards under these rules, not {len(kitty)}"
            + ("" if rules.kitty else " (there is no kitty: every card is dealt)")
        )
    short = want - got
    if short:  # pragma: no cover - the sizes above match, so a missing card means an extra one
        raise DealError(f"the deal is missing {format_cards(sorted(short, key=lambda c: c.index))}")
