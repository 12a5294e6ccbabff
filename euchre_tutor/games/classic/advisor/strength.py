"""Point counts of a hand: how strong it is for a trump suit or a no-trump bid.

The rule-based player bids on these counts, and the classic advisor's bidding
model reads bids through them (a seat that ordered up probably had the
points), so both use this one definition.

>>> from euchre_tutor.cards import parse_cards
>>> hand_strength(parse_cards("JH JD AH AS 9C"), Suit.HEARTS)
9.0
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from euchre_tutor.cards import (
    JOKER,
    Card,
    Rank,
    Suit,
    effective_suit,
    is_left_bower,
    is_right_bower,
    is_trump,
)

__all__ = ["VOID_BONUS", "StrengthTable", "hand_strength", "no_trump_strength", "trump_points"]

#: points per plain suit a hand is void in, when it holds two or more trumps
VOID_BONUS = 0.5


def trump_points(card: Card, trump: Suit) -> float:
    if card.is_joker:
        return 3.5
    if is_right_bower(card, trump):
        return 3.0
    if is_left_bower(card, trump):
        return 2.5
    if not is_trump(card, trump):
        return 1.0 if card.rank is Rank.ACE else 0.0
    return {Rank.ACE: 2.0, Rank.KING: 1.5, Rank.QUEEN: 1.25}.get(card.rank, 1.0)


def hand_strength(cards: Sequence[Card], trump: Suit) -> float:
    """A point count of ``cards`` with ``trump``: joker 3.5, bowers 3 and 2.5, trump A 2, K 1.5,
    Q 1.25, other trumps 1, off-suit aces 1, and 0.5 per void in a plain suit when holding 2+ trumps.

    Read from per-card rows built once per trump (the rule-based player counts every hand it bids
    on, thousands of times an analysis); the same additions in the same order as
    :func:`trump_points`, so the same floats (a test compares them on every deck)."""
    rows = _ROWS.get(trump)
    if rows is None:
        rows = _ROWS[trump] = _rows(trump)
    points = 0.0
    trumps = 0
    mask = 0
    for c in cards:
        pts, t, bit = rows[c.index]
        points += pts
        trumps += t
        mask |= bit
    if trumps >= 2:
        points += VOID_BONUS * (3 - (mask & _PLAIN[trump]).bit_count())
    return points


_SUIT_BIT: dict[Suit, int] = {s: 1 << i for i, s in enumerate(Suit)}
#: per trump, the bits of the three plain suits
_PLAIN: dict[Suit, int] = {t: sum(b for s, b in _SUIT_BIT.items() if s is not t) for t in Suit}
#: per trump, per card index (0..32): (points, 1 if a trump, the bit of its effective suit)
_ROWS: dict[Suit, list[tuple[float, int, int]]] = {}


def _rows(trump: Suit) -> list[tuple[float, int, int]]:
    rows: list[tuple[float, int, int]] = [(0.0, 0, 0)] * 33
    for card in (*(Card(r, s) for s in Suit for r in Rank if r is not Rank.JOKER), JOKER):
        rows[card.index] = (
            trump_points(card, trump),
            1 if is_trump(card, trump) else 0,
            _SUIT_BIT[effective_suit(card, trump)],
        )
    return rows


def no_trump_strength(cards: Sequence[Card], notrump: str, lowest: Rank = Rank.NINE) -> float:
    """A point count for a no-trump bid: sure winners (aces high; the lowest ranks low) 2.5,
    the next rank 1.2 (on the same scale as :func:`hand_strength`)."""
    points = 0.0
    for c in cards:
        step = (Rank.ACE - c.rank) if notrump == "high" else (c.rank - lowest)
        points += {0: 2.5, 1: 1.2}.get(int(step), 0.0)
    return points


class StrengthTable:
    """:func:`hand_strength` from per-card tables: the same numbers, several times faster.

    The per-card points come from :func:`trump_points`; the void bonus is the
    one :func:`hand_strength` adds (0.5 per plain suit missing, with 2+ trumps).
    A property test checks it against :func:`hand_strength` on every deck.
    The rows are lists by card index, every card of every deck (``card.index`` is a
    plain attribute; a dict of cards would call ``Card.__hash__`` for every card counted).
    """

    def __init__(self) -> None:
        # Per trump, per card index: (points, 1 if a trump, its effective suit's bit,
        # 2 right bower or joker / 1 left); the same for every table, worked out once.
        self.rows, self.plain_bits = _table_rows()
        self._last: tuple[Suit | None, list[Card], list[float]] = (None, [], [])

    def __call__(self, hand: Sequence[Card], trump: Suit) -> float:
        rows = self.rows[trump]
        total = 0.0
        n = 0
        mask = 0
        for c in hand:
            pts, t, bit, _ = rows[c.index]
            total += pts
            n += t
            mask |= bit
        if n >= 2:
            total += VOID_BONUS * (3 - (mask & self.plain_bits[trump]).bit_count())
        return total

    def drop_points(self, six: Sequence[Card], trump: Suit) -> list[float]:
        """The points of the five cards left when each of ``six`` is dropped, in one pass."""
        if trump is self._last[0] and six == self._last[1]:
            return self._last[2]  # the dealer's six: counted for its bid, then for its discard
        out = self._drop_points(six, trump)
        self._last = (trump, list(six), out)
        return out

    def _drop_points(self, six: Sequence[Card], trump: Suit) -> list[float]:
        table = self.rows[trump]
        rows = [table[c.index] for c in six]
        total = 0.0
        trumps = 0
        count: dict[int, int] = {}
        mask = 0
        for r in rows:
            total += r[0]
            trumps += r[1]
            count[r[2]] = count.get(r[2], 0) + 1
            mask |= r[2]
        plain = self.plain_bits[trump]
        out: list[float] = []
        for pts, t, bit, _ in rows:
            points = total - pts
            if trumps - t >= 2:
                left = mask if count[bit] > 1 else mask & ~bit
                points += VOID_BONUS * (3 - (left & plain).bit_count())
            out.append(points)
        return out

    def best_five(self, six: Sequence[Card], trump: Suit) -> list[Card]:
        """The five of six cards with the most points (the first such drop, as ``max`` would)."""
        points = self.drop_points(six, trump)
        best = points.index(max(points))
        return [c for i, c in enumerate(six) if i != best]

    def up_points(self, card: Card, trump: Suit) -> float:
        return self.rows[trump][card.index][0]

    def bowers(self, hand: Sequence[Card], trump: Suit) -> tuple[bool, bool, int]:
        """(right bower or joker held, left bower held, number of trumps)."""
        rows = self.rows[trump]
        right = left = False
        n = 0
        for c in hand:
            _, t, _, bower = rows[c.index]
            n += t
            if bower == 2:
                right = True
            elif bower == 1:
                left = True
        return right, left, n


@cache
def _table_rows() -> tuple[dict[Suit, list[tuple[float, int, int, int]]], dict[Suit, int]]:
    """:class:`StrengthTable`'s rows (read only: shared by every table) and each trump's plain-suit bits."""
    bits = {s: 1 << i for i, s in enumerate(Suit)}
    every = sorted(
        (*(Card(r, s) for s in Suit for r in Rank if r is not Rank.JOKER), JOKER), key=lambda c: c.index
    )
    rows = {
        t: [
            (
                trump_points(c, t),
                1 if is_trump(c, t) else 0,
                bits[effective_suit(c, t)],
                2 if c.is_joker or is_right_bower(c, t) else 1 if is_left_bower(c, t) else 0,
            )
            for c in every
        ]
        for t in Suit
    }
    return rows, {t: sum(b for s, b in bits.items() if s is not t) for t in Suit}
