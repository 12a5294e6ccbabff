"""Computer players for classic Euchre; they decide from a :class:`~euchre_tutor.games.classic.views.SeatView` only.

- :class:`RandomPlayer`: any legal action, uniformly (seeded).
- :class:`RuleBasedPlayer` (:mod:`.rule_based`): point-count bidding, sensible leads and follows;
  how it weighs cards is :mod:`.cards`, its sentences :mod:`.reasons`.
- :class:`BeginnerPlayer`: the rule-based player with seeded mistakes (:mod:`.players`).
- :class:`ExpertPlayer`: the classic advisor's best action (:mod:`.players`).

:data:`LEVELS` names the levels a table offers (Beginner, Club, Expert). All have
``choose(view) -> Action``. :func:`play_out` drives a hand or a match with one player per seat. The
rule-based player (and a table of two of them) also has ``finish_bidding(state, me, first)``: the classic
advisor's faster route through a played-out deal's bidding, to the same state.
"""

from __future__ import annotations

from euchre_tutor.bots.shared import RandomPlayer
from euchre_tutor.games.classic.advisor.strength import hand_strength, no_trump_strength
from euchre_tutor.games.classic.bots.players import (
    EXPERT_BIDDING,
    LEVELS,
    BeginnerPlayer,
    ExpertPlayer,
    Level,
    Player,
    Seated,
    play_out,
)
from euchre_tutor.games.classic.bots.rule_based import RuleBasedPlayer

__all__ = [
    "EXPERT_BIDDING",
    "LEVELS",
    "BeginnerPlayer",
    "ExpertPlayer",
    "Level",
    "Player",
    "RandomPlayer",
    "RuleBasedPlayer",
    "Seated",
    "hand_strength",
    "no_trump_strength",
    "play_out",
]
