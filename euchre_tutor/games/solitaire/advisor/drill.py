"""A Solitaire position as a drill: one the advisor reads, with a decision left in the deal."""

from __future__ import annotations

from euchre_tutor.errors import EuchreError
from euchre_tutor.games.solitaire.engine.cli import position_from_json
from euchre_tutor.games.solitaire.engine.engine import Phase

__all__ = ["check_position"]


def check_position(position: object) -> None:
    """Refuse a position ``solitaire analyze`` cannot read, or a deal that is over."""
    if position_from_json(position).phase is Phase.OVER:
        raise EuchreError("the deal is over in this position: there is no decision left to drill")
