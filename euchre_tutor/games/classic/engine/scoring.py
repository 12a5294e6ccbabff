"""Classic Euchre scoring: a played hand's points for the makers and for each team against them.

The rule sheet's table (3-4 tricks: 1; all 5: 2; alone: 4; euchred: 2 to the
defenders) and the house rules that change it (rules/classic.py documents
their precedence).
"""

from __future__ import annotations

from typing import Final

from euchre_tutor.games.classic.engine.deal import rules_seating
from euchre_tutor.games.classic.rules import ClassicRules
from euchre_tutor.tricks.seating import Team

__all__ = ["THREE_HANDED_MARCH", "TRICKS", "hand_points", "team_points"]

TRICKS: Final = 5


def hand_points(
    rules: ClassicRules, makers_tricks: int, alone: bool, lone_defender: bool
) -> tuple[int, int, str]:
    """(makers' points, defenders' points, rule id) for a played hand.

    Each team against the makers scores the defenders' points (at three players
    and at six in three teams, two teams do).

    >>> hand_points(ClassicRules(take_4_for_1=True), 3, False, False)
    (0, 2, 'house.take-4-for-1')
    >>> hand_points(ClassicRules(players=3), 5, False, False)
    (3, 0, 'classic.three-handed-march')
    """
    if makers_tricks == TRICKS:
        if rules.players == 3:
            return THREE_HANDED_MARCH, 0, "classic.three-handed-march"
        if alone:
            pts = rules.alone_march_points
            return pts, 0, "classic.score-alone-march" if pts == 4 else "house.alone-march-points"
        return 2, 0, "classic.score-march"
    if makers_tricks >= 3:
        if alone and rules.alone_must_take_5:
            return 0, _euchre_points(rules, makers_tricks, lone_defender)[0], "house.alone-must-take-5"
        if rules.take_4_for_1:
            if makers_tricks == 4:
                return 1, 0, "house.take-4-for-1"
            if rules.take_4_three_tricks == "nothing":
                return 0, 0, "house.take-4-for-1"
            return 0, _euchre_points(rules, makers_tricks, lone_defender)[0], "house.take-4-for-1"
        return 1, 0, "classic.score-point"
    pts, rule_id = _euchre_points(rules, makers_tricks, lone_defender)
    if rule_id == "classic.score-euchre" and _teams_against(rules) > 1:
        rule_id = "classic.euchre-each-opponent"
    return 0, pts, rule_id


THREE_HANDED_MARCH: Final = 3


def _teams_against(rules: ClassicRules) -> int:
    """How many teams defend against the makers."""
    return len(rules_seating(rules).teams) - 1


def team_points(makers: Team, makers_points: int, defenders_points: int) -> tuple[int, ...]:
    """The hand's points per team (in the seating's team order): every other team scores the defenders'."""
    return tuple(makers_points if t is makers else defenders_points for t in makers.seating.teams)


def _euchre_points(rules: ClassicRules, makers_tricks: int, lone_defender: bool) -> tuple[int, str]:
    """The defenders' points for a euchre and the rule that sets them."""
    pts, rule_id = 2, "classic.score-euchre"
    if lone_defender:
        pts, rule_id = rules.lone_defender_euchre_points, "classic.lone-defender"
    if makers_tricks == 0 and rules.defender_march_points > pts:
        pts, rule_id = rules.defender_march_points, "house.defenders-march"
    return pts, rule_id
