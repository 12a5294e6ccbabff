"""A Bid Euchre position as ``euchre-tutor bid analyze`` reads it, written from a table and read back.

The input is ``bid replay``'s (the rules, the dealer, every hand and the kitty, the hand's actions so
far) plus ``"seat"``: every card is given, but the advisor reads only what the seat may know, through
its view (:func:`~euchre_tutor.games.bid.views.seat_view`), so a drill built from a table's decision is
graded on the same view the table's hint analysed.

>>> from euchre_tutor.games.bid.engine import Deal, new_hand
>>> hand = new_hand(Deal.from_seed(7)).apply("pass")
>>> position = write_position(hand, "E")
>>> position["actions"], position["seat"]
(['pass'], 'E')
>>> read_position(position) == seat_view(hand, "E")
True
"""

from __future__ import annotations

from typing import Any, Final

from euchre_tutor.games.bid.engine import HandState, Seat
from euchre_tutor.games.bid.engine.replay import replay_seat
from euchre_tutor.games.bid.views import SeatView, seat_view
from euchre_tutor.tricks.seating import FOUR

__all__ = ["read_position", "write_position"]

#: the key ``bid analyze`` reads beside ``bid replay``'s and the seat (the action it grades)
ANALYZE_KEYS: Final = frozenset({"action"})


def write_position(hand: HandState, seat: Seat | str) -> dict[str, Any]:
    """The ``bid analyze`` input of ``seat``'s position in ``hand``: its rules, its deal and its actions."""
    me = FOUR.parse(seat)
    return {
        "rules": hand.rules.to_json(),
        **hand.deal.to_json(),
        "actions": [str(a) for _, a in hand.history],
        "seat": me.name,
    }


def read_position(data: object) -> SeatView:
    """The view of the position's ``"seat"`` (default: the seat to act), as ``bid analyze`` reads it;
    bad input raises the teaching :class:`~euchre_tutor.errors.EuchreError` that command prints."""
    state, seat = replay_seat(data, ANALYZE_KEYS)
    return seat_view(state, seat)
