"""Replaying a hand given as JSON, the part every trick-taking game shares: checking the input
object's keys, applying its list of actions, each whoever is to act's, with an error that says
which action went wrong, and ending the answer (the points, or who is to act and what is legal). Each
game reads its own deal and rules around these.
"""

from __future__ import annotations

from typing import Any, Protocol, TypeVar

from euchre_tutor.errors import DealError, EuchreError
from euchre_tutor.jsonio import short

__all__ = ["apply_replay_actions", "check_replay_input", "end_result"]


def check_replay_input(
    data: object,
    *,
    keys: frozenset[str],
    required: tuple[str, ...],
    example: str,
    extra_keys: frozenset[str] = frozenset(),
) -> dict[str, Any]:
    """A replay input (any game's): a JSON object with only ``keys`` (and
    ``extra_keys``, other commands' own), the ``required`` among them."""
    if not isinstance(data, dict):
        raise DealError(f"the input must be a JSON object like {example}")
    unknown = sorted(set(data) - keys - extra_keys)
    if unknown:
        raise DealError(
            f"unknown key(s) {', '.join(map(short, unknown))}; the keys are {', '.join(sorted(keys | extra_keys))}"
        )
    missing = [k for k in required if k not in data]
    if missing:
        raise DealError(f"missing {', '.join(map(repr, missing))}: the input looks like {example}")
    return data


class _Applies(Protocol):
    def apply(self, action: str, /) -> Any: ...


S = TypeVar("S", bound=_Applies)


def apply_replay_actions(state: S, actions: object, examples: str) -> S:
    """``state`` after the input's actions, each whoever is to act's; a bad one says which it is.

    ``examples`` are the game's sample actions for the not-a-list message ("'pass' or 'play 9S'").
    """
    if not isinstance(actions, list):
        raise DealError(f"actions must be a list of strings such as {examples}, not {short(actions)}")
    for i, text in enumerate(actions, 1):
        if not isinstance(text, str):
            raise DealError(f"action {i} must be a string such as 'pass' or 'play 9S', not {short(text)}")
        try:
            state = state.apply(text)
        except EuchreError as exc:
            raise type(exc)(f"action {i} ({short(text)}): {exc}") from None
    return state


def end_result(out: dict[str, Any], state: Any, points: object) -> dict[str, Any]:
    """A replay's answer ``out`` ended: with the ``points`` when the hand ``state`` is over, else with
    the seat to act and its legal actions."""
    if state.is_over:
        out["points"] = points
    else:
        assert state.to_act is not None
        out["to_act"] = state.to_act.name
        out["legal"] = [str(a) for a in state.legal_actions()]
    return out
