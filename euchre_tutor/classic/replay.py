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

from typing import Any, Final, Protocol, TypeVar

from euchre_tutor.classic.deal import Deal, rules_seating
from euchre_tutor.classic.hand import HandState, new_hand
from euchre_tutor.errors import DealError, EuchreError
from euchre_tutor.jsonio import short
from euchre_tutor.rules.classic import ClassicRules

__all__ = ["apply_replay_actions", "check_replay_input", "hand_result", "replay"]

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


def check_replay_input(
    data: object,
    *,
    keys: frozenset[str],
    required: tuple[str, ...],
    example: str,
    extra_keys: frozenset[str] = frozenset(),
) -> dict[str, Any]:
    """A replay input (classic or Bid Euchre): a JSON object with only ``keys`` (and
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


def hand_result(state: HandState) -> dict[str, Any]:
    """The JSON description of a hand state (finished, passed out or in progress)."""
    points = {t.name: p for t, p in zip(state.seating.teams, state.points(), strict=True)}
    tricks = [t.to_json() for t in state.tricks]
    if state.misdealt:
        return {
            "finished": True,
            "misdeal": True,
            "trump": None,
            "maker": None,
            "tricks": [],
            "points": points,
        }
    if state.passed_out:
        return {
            "finished": True,
            "passed_out": True,
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
    if state.is_over:
        out["points"] = points
    else:
        assert state.to_act is not None
        out["to_act"] = state.to_act.name
        out["legal"] = [str(a) for a in state.legal_actions()]
    return out
