"""The proof game's advisor: each legal card's value, averaged over every hand the other seat may hold.

The value of a card is the seat's tricks minus the other seat's at the hand's end, both playing
perfectly once the cards are known (a double-dummy search), averaged over each set of unseen cards the
other seat may hold. Exact and small: at most a few dozen worlds of three cards.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations

from euchre_tutor.cards import Card, playable, winning_index
from euchre_tutor.tricks.seating import Seat
from tests.proof_game.engine import Action
from tests.proof_game.views import ProofView

Cards = frozenset[Card]


@cache
def _search(mine: Cards, theirs: Cards, led: Card | None) -> int:
    """The side to act's tricks minus the other's from here (``led``: the other seat's card on the table)."""
    if not mine:
        return 0
    best = -99
    for card in playable(sorted(mine, key=lambda c: c.index), None, None if led is None else led.suit):
        rest = mine - {card}
        if led is None:
            value = -_search(theirs, rest, card)
        else:
            i_win = winning_index([led, card], None) == 1
            value = (1 if i_win else -1) + (
                _search(rest, theirs, None) if i_win else -_search(theirs, rest, None)
            )
        best = max(best, value)
    return best


def _value(view: ProofView, card: Card, theirs: Cards) -> int:
    mine = frozenset(view.hand) - {card}
    done = sum(1 if t.winner == view.seat else -1 for t in view.tricks)
    if not view.trick_plays:
        return done - _search(theirs, mine, card)
    led = view.trick_plays[0][1]
    i_win = winning_index([led, card], None) == 1
    after = _search(mine, theirs, None) if i_win else -_search(theirs, mine, None)
    return done + (1 if i_win else -1) + after


def analyse(view: ProofView) -> dict[Action, float]:
    """Each legal action's expected tricks won minus lost over the hand, for the seat to act."""
    worlds = [
        frozenset(w) for w in combinations(sorted(view.unseen, key=lambda c: c.index), view.other_holds)
    ]
    return {a: sum(_value(view, a.card, w) for w in worlds) / len(worlds) for a in view.legal}


def best_action(view: ProofView) -> Action:
    values = analyse(view)
    return max(view.legal, key=lambda a: (values[a], -a.card.index))


class Player:
    """The proof game's computer player: the advisor's best card."""

    def choose(self, view: ProofView) -> Action:
        return best_action(view)


def seat_of(view: ProofView) -> Seat:
    return view.seat
