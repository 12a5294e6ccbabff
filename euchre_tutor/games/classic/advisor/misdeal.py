"""Worlds of a hand thrown in by another seat's misdeal, and worlds where a seat holds a misdeal hand.

A misdeal hand (no face card, or whatever the house rule says) is too rare a hand to wait
for among uniform candidates, so its five cards are drawn first from the unseen cards
without faces (:func:`misdeal_cards`) and pinned to the seat; the rest of the deal is
placed consistently with the view (:func:`misdeal_world`). The passes made before the
misdeal are not weighed. Deterministic for a given ``random.Random`` state.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Final

from euchre_tutor.cards import Card, Rank
from euchre_tutor.errors import EuchreError
from euchre_tutor.games.classic.advisor.plan import WorldPlan
from euchre_tutor.games.classic.engine.engine import HandState, Seat, misdeal_kind
from euchre_tutor.games.classic.views import SeatView

__all__ = ["misdeal_cards", "misdeal_world", "misdealt_worlds"]

_FACES: Final = frozenset({Rank.JACK, Rank.QUEEN, Rank.KING, Rank.JOKER})


def misdealt_worlds(view: SeatView, seat: Seat, n: int, rng: random.Random) -> tuple[list[HandState], int]:
    """``n`` worlds of a hand ``seat`` threw in by a misdeal, and the number of tries they took
    (a clear error when the tries run out: no misdeal hand is consistent with the view)."""
    plain = misdeal_cards(view)
    worlds: list[HandState] = []
    tries = 0
    while len(worlds) < n and tries < n * 200 and len(plain) >= 5:
        tries += 1
        world = misdeal_world(view, seat, plain, rng, lambda w: True)
        if world is not None:
            worlds.append(world)
    if len(worlds) < n:
        raise EuchreError(f"no deal gives {seat.word} a misdeal hand consistent with {view.seat.word}'s view")
    return worlds, tries


def misdeal_cards(view: SeatView) -> list[Card]:
    """The unseen cards without faces, in deck order: where a misdeal hand's five cards come from."""
    return sorted((c for c in view.unseen_cards() if c.rank not in _FACES), key=_index)


def misdeal_world(
    view: SeatView,
    seat: Seat,
    plain: Sequence[Card],
    rng: random.Random,
    accept: Callable[[HandState], bool],
) -> HandState | None:
    """One try at a world where ``seat`` holds a misdeal hand: five of ``plain`` drawn first, the rest
    dealt consistently with ``view``; None when the five make no misdeal or no world takes them."""
    hand = rng.sample(plain, 5)
    if misdeal_kind(hand, view.rules.misdeal) is None:
        return None
    try:
        plan = WorldPlan(view, pins={c: seat for c in hand})
    except EuchreError:
        return None
    return plan.one_world(rng, 3, accept)


def _index(card: Card) -> int:
    return card.index
