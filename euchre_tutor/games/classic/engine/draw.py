"""Customs of the table before the first deal: drawing for partners and the deal, and the cut.

Each player draws one card from the shuffled pack. For the draw the cards rank
King high, then Queen, Jack, 10, 9, 8, 7, and Ace low; suits do not rank. At
four players the two highest partner the two lowest, and the lowest deals
first. At three or six players the draw chooses only the first dealer (the
lowest). Players whose equal cards leave the outcome open draw again; ties
that decide nothing stand. Before each deal the player at the dealer's right
cuts the pack.

The draw is presentation around a match: it picks the first dealer (and who
partners whom), and every deal is then shuffled from the match's seed as usual.

>>> d = draw_for_deal(3)
>>> [card.symbol for card in d.cards[0]], d.first_dealer, cutter(d.first_dealer)
(['9♦', 'Q♠'], <Seat.E: 1>, <Seat.N: 0>)
>>> d.sentences()[-1]
'Computer 3 drew the lowest card and deals first; Computer 2 (North), at the dealer’s right, cuts the pack.'
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from euchre_tutor.cards import Card, Rank, deck
from euchre_tutor.errors import DealError
from euchre_tutor.tricks.seating import FOUR, Seat, Seating

__all__ = ["DRAW_ORDER", "PLAYERS", "TableDraw", "cutter", "draw_for_deal", "draw_rank", "players_for"]

DRAW_ORDER: tuple[Rank, ...] = (
    Rank.KING,
    Rank.QUEEN,
    Rank.JACK,
    Rank.TEN,
    Rank.NINE,
    Rank.EIGHT,
    Rank.SEVEN,
    Rank.ACE,
)
"""Ranks for the draw, high to low: King high, Ace low."""

PLAYERS: tuple[str, ...] = ("You", "Computer 1", "Computer 2", "Computer 3")


def players_for(seating: Seating) -> tuple[str, ...]:
    """The student and the computer players of a table: ``You``, ``Computer 1`` ..."""
    return ("You", *(f"Computer {i}" for i in range(1, seating.players)))


def draw_rank(card: Card) -> int:
    """The card's strength in the draw (higher draws higher): King 7 ... Ace 0.

    >>> draw_rank(Card.parse("KC")) > draw_rank(Card.parse("9H")) > draw_rank(Card.parse("AS"))
    True
    """
    if card.rank not in DRAW_ORDER:
        raise DealError(f"{card.symbol} takes no part in the draw: the pack for the draw has no joker")
    return len(DRAW_ORDER) - 1 - DRAW_ORDER.index(card.rank)


def cutter(dealer: Seat) -> Seat:
    """Who cuts before a deal: the player at the dealer's right (the one who plays just before the dealer)."""
    return dealer.prev


@dataclass(frozen=True, slots=True)
class TableDraw:
    """The draw's result: each player's cards (a redraw adds one), their seats and the first dealer.

    ``players`` are names in the order they drew; ``cards[i]`` and ``seats[i]``
    belong to ``players[i]``; ``order`` lists the players' indices from the
    highest draw to the lowest.
    """

    players: tuple[str, ...]
    cards: tuple[tuple[Card, ...], ...]
    seats: tuple[Seat, ...]
    order: tuple[int, ...]
    first_dealer: Seat

    def sentences(self) -> list[str]:
        """The draw told in words, for the table and the command line."""
        drew = []
        for name, cards in zip(self.players, self.cards, strict=True):
            shown = " then ".join(c.symbol for c in cards)
            again = " (a tie, drawn again)" if len(cards) > 1 else ""
            drew.append(f"{name} drew {shown}{again}")
        lines = ["; ".join(drew) + ". Kings rank high, aces low; suits do not count."]
        table = self.first_dealer.seating
        if table is FOUR:
            hi, lo = self.order[:2], self.order[2:]
            lines.append(
                f"{self._pair(hi)} drew the two highest cards and partner each other; "
                f"{self._pair(lo)} are the other partnership. Partners sit across."
            )
        low = self.players[self.order[-1]]
        deals = "deal" if low == "You" else "deals"
        cut = self._who(self.seats.index(cutter(self.first_dealer)))
        lines.append(
            f"{low} drew the lowest card and {deals} first; {cut}, at the dealer’s right, cuts the pack."
        )
        return lines

    def _who(self, i: int) -> str:
        """A player in mid-sentence, with their seat: ``Computer 2 (East)``, ``you (South)``."""
        name = "you" if self.players[i] == "You" else self.players[i]
        return f"{name} ({self.seats[i].word})"

    def _pair(self, pair: Sequence[int]) -> str:
        a, b = (self._who(i) for i in pair)
        return f"{a[0].upper()}{a[1:]} and {b}"


def draw_for_deal(
    seed: int | str,
    players: Sequence[str] | None = None,
    *,
    seating: Seating = FOUR,
    home: Seat | None = None,
    pack: Sequence[Card] | None = None,
) -> TableDraw:
    """Draw for partners and the first deal from a pack shuffled by ``seed`` (or from ``pack``, top first).

    The first player (the student) keeps ``home`` (South; the first seat at
    other tables). At four players the student's partner sits across and the
    other two take the remaining seats in the order they drew.
    """
    if players is None:
        players = players_for(seating)
    if len(players) != seating.players:
        raise DealError(
            f"a {seating.description} table draws with {seating.players} players, not {len(players)}"
        )
    seat_home = home if home is not None else (Seat.S if seating is FOUR else seating.seats[0])
    rng = random.Random(f"draw:{seed}")
    if pack is None:
        stock = [c for c in deck(24) if c.rank in DRAW_ORDER]
        rng.shuffle(stock)
    else:
        for card in pack:
            draw_rank(card)  # refuses the joker
        if len(set(pack)) != len(pack):
            raise DealError("the pack for the draw holds a card twice")
        stock = list(reversed(pack))
    cards: list[list[Card]] = [[] for _ in players]

    def take(who: int) -> Card:
        if not stock:
            if pack is not None:
                raise DealError(f"the pack ran out after {len(pack)} cards with ties still to break")
            stock.extend(c for c in deck(24) if c.rank in DRAW_ORDER)  # ties ran the pack out: shuffle again
            rng.shuffle(stock)
        card = stock.pop()
        cards[who].append(card)
        return card

    n = len(players)
    boundaries = {2, 3} if seating is FOUR else {n - 1}

    def rank_group(group: list[int], start: int) -> list[int]:
        drawn = {who: draw_rank(take(who)) for who in group}
        ranked: list[int] = []
        by_rank = sorted(set(drawn.values()), reverse=True)
        for value in by_rank:
            tied = [who for who in group if drawn[who] == value]
            pos = start + len(ranked)
            if len(tied) > 1 and any(pos < b < pos + len(tied) for b in boundaries):
                ranked.extend(rank_group(tied, pos))
            else:
                ranked.extend(tied)
        return ranked

    order = rank_group(list(range(n)), 0)
    seats: list[Seat] = list(seating.seats)
    if seating is FOUR:
        mine = order[:2] if 0 in order[:2] else order[2:]
        partner = mine[1] if mine[0] == 0 else mine[0]
        others = [i for i in range(n) if i not in (0, partner)]
        seats[0], seats[partner] = seat_home, seat_home.partner
        seats[others[0]], seats[others[1]] = seat_home.next, seat_home.prev
    else:
        rest = [s for s in seating.seats if s != seat_home]
        seats = [seat_home, *rest]
    return TableDraw(
        players=tuple(players),
        cards=tuple(tuple(c) for c in cards),
        seats=tuple(seats),
        order=tuple(order),
        first_dealer=seats[order[-1]],
    )
