"""The computer players of classic Euchre, built on the advisor, by level (see :mod:`.classic`)."""

from __future__ import annotations

from euchre_tutor.bots.classic import (
    LEVELS,
    BeginnerPlayer,
    ExpertPlayer,
    Level,
    Player,
    RandomPlayer,
    RuleBasedPlayer,
    play_out,
)

__all__ = [
    "LEVELS",
    "BeginnerPlayer",
    "ExpertPlayer",
    "Level",
    "Player",
    "RandomPlayer",
    "RuleBasedPlayer",
    "play_out",
]
