"""The drill check of the proof game (the registry's ``check_drill``)."""

from __future__ import annotations

from euchre_tutor.errors import EuchreError
from tests.proof_game.engine import replay_hand


def check_position(position: object) -> None:
    """Refuse a position that is not a proof hand, or one with no card to play."""
    hand = replay_hand(position)
    if hand.to_act is None:
        raise EuchreError("the hand is over: there is no decision to drill")
