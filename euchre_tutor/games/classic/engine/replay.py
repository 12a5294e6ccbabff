"""Replay one hand given as JSON (the ``classic replay`` command's engine-side half).

Input: ``{"rules": "standard", "dealer": "N", "hands": {"N": [5 cards], ...},
"up": "KS", "actions": ["pass", "order", "discard TH", ...]}``. Each action is
whoever is to act's. With ``"players": 3`` or ``6`` in the rules the seats
are ``P1``.. (clockwise) and the points are per team (``P1``.. at three
players; ``P135``/``P246`` or ``P14``/``P25``/``P36`` at six). The result says how far the hand got: the tricks, the
trump and makers, the points, or who is to act and what is legal now.
Anything wrong raises a :class:`~euchre_tutor.errors.EuchreError` that says
what and where.
"""

from __future__ import annotations

from typing import Any, Final

from euchre_tutor.games.classic.engine.deal import Deal, rules_seating
from euchre_tutor.games.classic.engine.hand import HandState, new_hand
from euchre_tutor.games.classic.rules import ClassicRules
from euchre_tutor.tricks.replay import apply_replay_actions, check_replay_input, end_result

__all__ = ["hand_result", "replay", "replay_state"]

_KEYS: Final = frozenset({"rules", "dealer", "hands", "up", "kitty", "actions"})
_EXAMPLE: Final = (
    '{"rules": "standard", "dealer": "N", "hands": {"N": [5 cards], "E": [...], "S": [...], '
    '"W": [...]}, "up": "KS", "actions": ["pass", "order", ...]}'
)


def replay(data: object) -> dict[str, Any]:
    """Replay the input object and describe the result (see the module docstring)."""
    return hand_result(replay_state(data))


def replay_state(data: object) -> HandState:
    data = check_replay_input(data, keys=_KEYS, required=("dealer", "hands", "up"), example=_EXAMPLE)
    rules = ClassicRules.from_json(data.get("rules", "standard"))
    deal = Deal.from_hands(
        data["dealer"],
        data["hands"],
        data["up"],
        size=rules.deck,
        joker=rules.joker,
        kitty=data.get("kitty"),
        seating=rules_seating(rules),
    )
    return apply_replay_actions(new_hand(deal, rules), data.get("actions", []), "'pass' or 'play 9S'")


def hand_result(state: HandState) -> dict[str, Any]:
    """The JSON description of a hand state (finished, passed out or in progress)."""
    points = {t.name: p for t, p in zip(state.seating.teams, state.points(), strict=True)}
    tricks = [t.to_json() for t in state.tricks]
    if state.misdealt or state.passed_out:
        thrown_in = "misdeal" if state.misdealt else "passed_out"
        return {
            "finished": True,
            thrown_in: True,
            "trump": None,
            "maker": None,
            "tricks": [],
            "points": points,
        }
    out: dict[str, Any] = {
        "finished": state.is_over,
        "trump": None if state.trump is None else str(state.trump),
        "maker": None if state.maker is None else state.maker.name,
        "alone": state.alone,
        "lone_defender": None if state.lone_defender is None else state.lone_defender.name,
        "tricks": tricks,
    }
    if state.notrump is not None:
        out["no_trump"] = state.notrump
    if state.under_seat is not None:
        out["went_under"] = state.under_seat.name
    return end_result(out, state, points)
