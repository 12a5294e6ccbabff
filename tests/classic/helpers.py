"""Shared helpers for the classic tests."""

from __future__ import annotations

import random

from euchre_tutor.games.classic.engine.engine import Action, Deal, HandState, MatchState, Phase, Seat

# A deal every rule test can read at a glance (dealer N, up card AH):
#   N: 9S TS QS KS AS    E: 9H TH QH KH JD
#   S: 9D TD QD KD AD    W: 9C TC QC KC AC     kitty: AH (up), JH JC JS
HANDS = {
    "N": ["9S", "TS", "QS", "KS", "AS"],
    "E": ["9H", "TH", "QH", "KH", "JD"],
    "S": ["9D", "TD", "QD", "KD", "AD"],
    "W": ["9C", "TC", "QC", "KC", "AC"],
}
UP = "AH"


def sample_deal(dealer: str = "N") -> Deal:
    return Deal.from_hands(dealer, HANDS, UP)


def run(state: HandState, *actions: str) -> HandState:
    for a in actions:
        state = state.apply(a)
    return state


def random_to_end(state: HandState | MatchState, rng: random.Random) -> HandState | MatchState:
    while not state.is_over:
        legal = state.legal_actions()
        state = state.apply(legal[rng.randrange(len(legal))])
    return state


def action_code(action: Action, state: HandState) -> int:
    """OpenSpiel-style number, with 35..38 for a bid made alone (the fast path's records)."""
    from euchre_tutor.games.classic.engine.openspiel import action_id

    code = action_id(action, state)
    if action.kind in ("order", "call") and action.alone:
        code += 10
    return code


def action_from_code(code: int, state: HandState) -> Action:
    from euchre_tutor.games.classic.engine.openspiel import action_from_id

    if 35 <= code <= 38:
        base = action_from_id(code - 10, state)
        return Action(base.kind, suit=base.suit, card=base.card, alone=True)
    return action_from_id(code, state)


__all__ = [
    "HANDS",
    "UP",
    "Phase",
    "Seat",
    "action_code",
    "action_from_code",
    "random_to_end",
    "run",
    "sample_deal",
]
