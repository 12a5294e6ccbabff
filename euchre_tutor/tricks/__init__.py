"""The trick-taking core under every game: seats and teams, the trick events, replaying a list of
actions, and the game-with-history skeleton (undo, redo, saved files).

What two games share lives here, one layer below the engines; no game package imports another's.
"""

from __future__ import annotations

from euchre_tutor.tricks.events import CardPlayed, Discarded, MatchWon, Passed, TextEvent, Trick, TrickWon
from euchre_tutor.tricks.seating import (
    FOUR,
    SEATINGS,
    SIX_2V2V2,
    SIX_3V3,
    THREE,
    Seat,
    Seating,
    Team,
    seating_for,
)

__all__ = [
    "FOUR",
    "SEATINGS",
    "SIX_2V2V2",
    "SIX_3V3",
    "THREE",
    "CardPlayed",
    "Discarded",
    "MatchWon",
    "Passed",
    "Seat",
    "Seating",
    "Team",
    "TextEvent",
    "Trick",
    "TrickWon",
    "seating_for",
]
