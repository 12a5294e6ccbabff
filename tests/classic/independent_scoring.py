"""An independent scorer for classic Euchre, transcribed from the rule sheet.

Property tests (and a benchmark) compare the engine's score with this one, so
it must never import the engine's scoring (``hand_points``, ``team_points``):
it reads only the rules configuration, a plain dataclass of options.

API
---

``expected_points(rules, makers_tricks, alone, lone_defender, makers_team=0) -> tuple[int, ...]``
    The points each team scores for one played hand, in the seating's team
    order: (NS, EW) at four players, (P1, P2, P3) at three, (P135, P246) at six
    in 3v3, (P14, P25, P36) at six in 2v2v2. ``makers_tricks`` is 0..5,
    ``alone`` whether the maker went alone (always False at three players,
    where nobody says alone), ``lone_defender`` whether a defender defended
    alone, ``makers_team`` the index of the makers' team in that order.

``expected_outcome(rules, makers_tricks, alone) -> str``
    ``"march"``, ``"point"``, ``"nothing"`` or ``"euchre"``: which line of the
    sheet scores the hand.

``team_count(rules) -> int``
    How many teams the table has (the length of ``expected_points``' answer).

The sheet's sentences, and the decisions the rules module documents where the
sheet is silent, are in :data:`SHEET`.
"""

from __future__ import annotations

from euchre_tutor.games.classic.rules import ClassicRules

__all__ = ["SHEET", "expected_outcome", "expected_points", "team_count"]

SHEET = {
    "base": "Scoring: makers take 3–4 tricks: 1; all 5: 2; all 5 alone: 4; makers take 0–2 (euchred): "
    "defenders 2.",
    "alone_must_take_5": "alone must take 5 (3–4 alone is a euchre)",
    "alone_march_points": "alone worth 2",
    "defend_alone": "a euchre by a lone defender scores 4.",
    "take_4_for_1": "Take 4 for 1: makers need 4 tricks for a point; 5 still scores 2.",
    "defender_march_points": "Defenders taking all 5 score 4.",
    "three": "3 (each for themselves; the maker plays against two)",
    # Documented decisions (euchre_tutor/games/classic/rules.py):
    "take_4_three_tricks": "with take 4 for 1, 3 tricks are a euchre or (by option) score nothing",
    "march_and_lone": "defenders taking all five score the larger of the defenders' march points and the "
    "lone defender's points",
    "three_march": "three players (Pagat): 1 for 3 or 4 tricks, 3 for a march, each opponent 2 when euchred",
    "several_teams": "each team against the makers scores the defenders' points",
}

# (players, six_handed_teams) -> number of teams
_TEAMS = {(4, "3v3"): 2, (3, "3v3"): 3, (6, "3v3"): 2, (6, "2v2v2"): 3}


def team_count(rules: ClassicRules) -> int:
    return _TEAMS[(rules.players, rules.six_handed_teams)]


def expected_outcome(rules: ClassicRules, makers_tricks: int, alone: bool) -> str:
    """Which line of the sheet scores a hand where the makers took ``makers_tricks``."""
    if not 0 <= makers_tricks <= 5:
        raise ValueError(f"makers take 0 to 5 tricks, not {makers_tricks}")
    if makers_tricks == 5:
        return "march"
    if makers_tricks <= 2:
        return "euchre"
    if alone and rules.alone_must_take_5:  # 3-4 alone is a euchre
        return "euchre"
    if rules.take_4_for_1 and makers_tricks == 3:
        return "nothing" if rules.take_4_three_tricks == "nothing" else "euchre"
    return "point"


def _march_points(rules: ClassicRules, alone: bool) -> int:
    if rules.players == 3:
        return 3
    if alone:
        return rules.alone_march_points
    return 2


def _euchre_points(rules: ClassicRules, makers_tricks: int, lone_defender: bool) -> int:
    points = rules.lone_defender_euchre_points if lone_defender else 2
    if makers_tricks == 0:
        points = max(points, rules.defender_march_points)
    return points


def expected_points(
    rules: ClassicRules, makers_tricks: int, alone: bool, lone_defender: bool, makers_team: int = 0
) -> tuple[int, ...]:
    """The points per team for one played hand (see the module docstring)."""
    teams = team_count(rules)
    if not 0 <= makers_team < teams:
        raise ValueError(f"makers_team must be 0..{teams - 1} at this table, not {makers_team}")
    outcome = expected_outcome(rules, makers_tricks, alone)
    makers = defenders = 0
    if outcome == "march":
        makers = _march_points(rules, alone)
    elif outcome == "point":
        makers = 1
    elif outcome == "euchre":
        defenders = _euchre_points(rules, makers_tricks, lone_defender)
    return tuple(makers if i == makers_team else defenders for i in range(teams))
