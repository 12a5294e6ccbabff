"""Replay one Bid Euchre hand given as JSON (the ``bid replay`` command's engine-side half).

Input: ``{"rules": "common", "dealer": "N", "hands": {"N": [6 cards], ...},
"kitty": [cards]?, "actions": ["bid 3 H", "pass", ..., "play 9S", ...]}``.
Each action is whoever is to act's. The result says how far the hand got:
the bids, the contract, the tricks and the points, or who is to act and
what is legal now. Anything wrong raises a teaching
:class:`~euchre_tutor.errors.EuchreError` that says what and where.
"""

from __future__ import annotations

from typing import Any, Final

from euchre_tutor.errors import DealError
from euchre_tutor.games.bid.engine.deal import Deal
from euchre_tutor.games.bid.engine.hand import HandState, new_hand
from euchre_tutor.games.bid.rules import BidRules
from euchre_tutor.jsonio import short
from euchre_tutor.tricks.replay import apply_replay_actions, check_replay_input, end_result
from euchre_tutor.tricks.seating import FOUR, Seat

__all__ = ["hand_result", "replay", "replay_seat", "replay_state"]

KEYS: Final = frozenset({"rules", "dealer", "hands", "kitty", "actions"})
EXAMPLE: Final = (
    '{"rules": "common", "dealer": "N", "hands": {"N": [6 cards], "E": [...], "S": [...], '
    '"W": [...]}, "actions": ["bid 3 H", "pass", ...]}'
)


def replay(data: object) -> dict[str, Any]:
    """Replay the input object and describe the result (see the module docstring)."""
    return hand_result(replay_state(data))


def replay_state(data: object, extra_keys: frozenset[str] = frozenset()) -> HandState:
    """The hand state after the input's actions (``extra_keys`` are other commands' own keys)."""
    data = check_replay_input(
        data, keys=KEYS, required=("dealer", "hands"), example=EXAMPLE, extra_keys=extra_keys
    )
    rules = BidRules.from_json(data.get("rules", "common"))
    deal = Deal.from_hands(data["dealer"], data["hands"], rules, data.get("kitty"))
    return apply_replay_actions(new_hand(deal, rules), data.get("actions", []), "'pass' or 'bid 3 H'")


def replay_seat(data: object, extra_keys: frozenset[str] = frozenset()) -> tuple[HandState, Seat]:
    """The hand state after the input's actions and the seat its ``"seat"`` names (default: the seat
    to act): what ``bid analyze`` reads, and a drill's position with it."""
    state = replay_state(data, extra_keys | {"seat"})
    assert isinstance(data, dict)
    seat_text = data.get("seat")
    if seat_text is None:
        if state.to_act is None:
            raise DealError('the hand is over: name a "seat" to see its view')
        return state, state.to_act
    if not isinstance(seat_text, str):
        raise DealError(f'"seat" must be a seat name such as "S", not {short(seat_text)}')
    return state, FOUR.parse(seat_text)


def hand_result(state: HandState) -> dict[str, Any]:
    """The JSON description of a hand state (finished, passed out or in progress)."""
    points = {"NS": state.points()[0], "EW": state.points()[1]}
    out: dict[str, Any] = {
        "finished": state.is_over,
        "phase": state.phase.value,
        "bids": [f"{seat.name}: {a}" for seat, a in state.history if a.kind in ("pass", "bid")],
    }
    if state.passed_out:
        out.update(passed_out=True, points=points)
        return out
    if state.high is not None and state.bidder is not None:
        out["bid"] = str(state.high)
        out["bidder"] = state.bidder.name
        out["needs"] = state.needs
        if state.contract_named:
            out["trump"] = None if state.trump is None else str(state.trump)
            if state.notrump is not None:
                out["no_trump"] = state.notrump
        if state.alone is not None:
            out["alone"] = state.alone
            out["sits_out"] = None if state.sitting_out is None else state.sitting_out.name
    out["tricks"] = [t.to_json() for t in state.tricks]
    if state.is_over:
        out["made"] = state.made()
    return end_result(out, state, points)
