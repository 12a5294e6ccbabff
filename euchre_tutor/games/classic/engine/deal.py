"""Classic Euchre deals: who dealt, the hands, the up card and the kitty, checked against the pack.

A :class:`Deal` is exactly one pack (20, 24, 28 or 32 cards, with or without
the joker) dealt to a table of 3, 4 or 6 (:mod:`euchre_tutor.tricks.seating`):
five cards each, the up card, the rest in the kitty.

>>> d = Deal.from_seed(7, "N")
>>> len(d.hands), len(d.kitty), d.seating.players
(4, 3, 4)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Final

from euchre_tutor.cards import Card, deck, format_cards, parse_card
from euchre_tutor.errors import CardError, DealError
from euchre_tutor.games.classic.rules import ClassicRules
from euchre_tutor.tricks.seating import FOUR, Seat, Seating, seating_for

__all__ = ["HAND_SIZE", "Deal", "check_deal", "pack_words", "rules_seating"]

HAND_SIZE: Final = 5


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

    @classmethod
    def unchecked(
        cls,
        dealer: Seat,
        hands: tuple[tuple[Card, ...], ...],
        up: Card,
        kitty: tuple[Card, ...],
        size: int = 24,
        joker: bool = False,
    ) -> Deal:
        """A deal built without :func:`check_deal`, for a caller that placed every card of the pack
        exactly once itself: the classic advisor's sampler, whose candidate deals are whole packs by
        construction (tested) and for which the check cost more than the rest of building a sampled
        world. Anything read from a user, a file or a seed goes through the constructor."""
        deal = object.__new__(cls)
        for put, value in zip(_DEAL_SETTERS, (dealer, hands, up, kitty, size, joker), strict=True):
            put(deal, value)
        return deal

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


_DEAL_SETTERS: Final = tuple(Deal.__dict__[f.name].__set__ for f in fields(Deal))
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


def pack_words(size: int, joker: bool) -> str:
    """The pack in words for messages: 'the 24-card deck' (and ' with the joker')."""
    return f"the {size}-card deck" + (" with the joker" if joker else "")
