"""A classic position as a drill: one the advisor reads, with a decision for the seat to act."""

from __future__ import annotations

from euchre_tutor.errors import EuchreError
from euchre_tutor.games.classic.advisor.position import read_position

__all__ = ["check_position"]


def check_position(position: object) -> None:
    """Refuse a position ``classic analyze`` cannot read, or one where it is not the seat's turn."""
    view = read_position(position)[0]
    if not view.my_turn:
        raise EuchreError(
            f"it is not {view.seat.word}'s turn in this position: there is no decision to drill"
        )
