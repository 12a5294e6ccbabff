"""Read a position as one seat saw it (the ``classic analyze`` input) into a view and one world.

Input::

    {"rules": "standard" or {...options}, "dealer": "E", "seat": "S",
     "hand": ["JS", "AC", ...], "up": "KH",
     "actions": ["E: pass", "S: pass", "W: pass", "N: pass", "E: pass"],
     "score": {"us": 3, "them": 5}}

``rules`` (a preset name or an object of options, as ``classic replay``) and
``score`` are optional. ``hand`` is the seat's *current* hand: the cards it
still holds (after its own plays and, for the dealer, after its discard).
Each action is one ``classic replay`` accepts, prefixed by the seat that took
it. Cards other seats hide may be left out: ``"N: discard"`` (the dealer's
discard), ``"E: give"`` (a call-for-best card), ``"W: go under"`` (a farmer's
hand). With alone said with the bid, ``"S: alone"`` right after ``"S: order"``
(or after the dealer's discard that follows it) makes it ``order alone``.

Before a blind call (a joker turned up under ``joker_up="dealer-blind"``) no
seat has seen its hand: ``hand`` is then ``[]``.

``score``: ``{"us": 3, "them": 5}`` at tables of two teams (four players, six
in 3v3), or one entry per team by name at any table (``{"P1": 3, "P2": 5,
"P3": 0}`` at three players; ``P14``/``P25``/``P36`` in 2v2v2).

Positions as books print them; each reading is returned by
:func:`read_position_noting` (and echoed by ``classic analyze``), none is silent:

- Actions that begin with the bid (``["S: call D"]``, ``["W: order"]``): every seat before it passed
  (round 1 by all, for a round-2 call); those passes are put in front. Actions that begin with a play
  leave who made trump unsaid: refused, naming the bid to add.
- ``"up": null`` when trump was called in round 2: the up card was turned down, so it is not in play;
  it could have been any unseen card of a suit other than the one called. The reading lists them all
  (:attr:`Reading.cards`: the analysis averages over them, weighted by how likely the passes were
  with each) and the view shows one. Before such a call, or after an order (the dealer holds the
  card: its rank matters), it is refused, asking for what was turned up.
- The analysed dealer's ``"hand"`` of its five dealt cards after it picked up
  the up card: read as those five plus the up card, the six it discards from.
  Once play has gone on, which card it put down is unknown: refused, asking
  for ``"E: discard XX"``.
- Another seat's hidden discard left out: taken as made face down, before the
  next action (or, for the analysis, at the end of the actions).

The reader replays the actions through the engine on one world consistent
with what the seat has seen, drawing a new one (:mod:`worlds`) whenever
another seat's action needs hidden cards the current one lacks. A position
that no world fits is refused with a message that says what is impossible.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final, NamedTuple

from euchre_tutor.cards import deck
from euchre_tutor.errors import DealError
from euchre_tutor.games.classic.advisor.position_book import implied_passes, read_unknown_up
from euchre_tutor.games.classic.advisor.position_input import (
    Reading,
    brief,
    merge_alone,
    parse_step,
    read_card,
    read_cards,
    read_scores,
    read_seat,
)
from euchre_tutor.games.classic.advisor.position_replay import read_world
from euchre_tutor.games.classic.engine.engine import HandState, Phase, Seat, rules_seating
from euchre_tutor.games.classic.rules import PRESETS, ClassicRules
from euchre_tutor.games.classic.views import SeatView, seat_view

__all__ = ["Position", "Reading", "read_position", "read_position_noting", "write_position"]

_KEYS: Final = ("rules", "dealer", "seat", "hand", "up", "actions", "score")

_EXAMPLE: Final = (
    '{"dealer": "E", "seat": "S", "hand": ["JS", "AC", ...], "up": "KH", '
    '"actions": ["E: pass", "S: order", ...]}'
)

_HIDDEN: Final = ("discard", "give", "under")


class Position(NamedTuple):
    """The seat's view of the position and one full world consistent with it."""

    view: SeatView
    world: HandState


def read_position(data: object) -> Position:
    """Read the position (see the module docstring); bad input raises a teaching EuchreError."""
    return read_position_noting(data, to_turn=False)[0]


def read_position_noting(data: object, *, to_turn: bool = True) -> tuple[Position, tuple[Reading, ...]]:
    """:func:`read_position`, with how a book-style position was read (see the module docstring).

    ``to_turn``: a position that ends just before another seat's discard is taken on past it (face
    down), as a book asking "what do you lead?" means; :func:`read_position` reads it as it stands.
    """
    readings: list[Reading] = []
    if not isinstance(data, dict):
        raise DealError(f"a position must be a JSON object like {_EXAMPLE}")
    unknown = sorted(set(data) - set(_KEYS))
    if unknown:
        raise DealError(
            f"unknown key(s) {brief(', '.join(map(repr, unknown)))}; the keys are {', '.join(_KEYS)}"
        )
    missing = [k for k in ("dealer", "seat", "hand", "up") if k not in data]
    if missing:
        raise DealError(f"missing {', '.join(map(repr, missing))}: a position looks like {_EXAMPLE}")
    rules = ClassicRules.from_json(data.get("rules", "standard"))
    seating = rules_seating(rules)
    dealer = read_seat(seating.parse, data["dealer"], "dealer")
    me = read_seat(seating.parse, data["seat"], "seat")
    pack = deck(rules.deck, joker=rules.joker)
    hand = read_cards(data["hand"], "hand", pack, rules)
    given_up = None if data["up"] is None else read_card(data["up"], "up", pack, rules)
    actions = data.get("actions", [])
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise DealError(
            f'"actions" must be a list of strings such as "E: pass" or "N: play JS", not {brief(actions)}'
        )
    steps = merge_alone(rules, [parse_step(i, text, seating.parse) for i, text in enumerate(actions, 1)])
    steps = implied_passes(rules, dealer, given_up, steps, pack, readings)
    if given_up is not None:
        world = read_world(rules, dealer, me, hand, given_up, steps, pack, readings, to_turn)
    else:
        world = read_unknown_up(rules, dealer, me, hand, steps, pack, readings, to_turn)
    view = seat_view(world, me)
    if "score" in data:
        view = replace(view, scores=read_scores(data["score"], me, rules))
    return Position(view, world), tuple(readings)


def write_position(state: HandState, seat: Seat, scores: tuple[int, ...] | None = None) -> dict[str, object]:
    """The ``classic analyze`` input for ``seat``'s view of ``state``: what it saw, nothing more.

    The inverse of :func:`read_position`: a table can hand its student's position to the same
    analysis the command line runs. Other seats' discards, gifts and goings-under are written hidden
    (``"N: discard"``, ``"E: give"``, ``"W: go under"``: a loner's gift is read back as the last card
    to arrive); ``scores`` (one per team) adds the ``"score"`` key.
    """
    actions: list[str] = []
    for who, action in state.history:
        kind = action.kind
        if who != seat and kind in _HIDDEN:
            actions.append(f"{who.name}: {'go under' if kind == 'under' else kind}")
        else:
            actions.append(f"{who.name}: {action}")
    hand = () if state.phase is Phase.BLIND else state.hands[seat]
    out: dict[str, object] = {
        "rules": next((name for name, r in PRESETS.items() if r == state.rules), None)
        or state.rules.to_json(),
        "dealer": state.dealer.name,
        "seat": seat.name,
        "hand": [str(c) for c in hand],
        "up": str(state.up),
        "actions": actions,
    }
    if scores is not None:
        teams = seat.seating.teams
        if len(teams) == 2:
            out["score"] = {"us": scores[seat.team.index], "them": scores[1 - seat.team.index]}
        else:
            out["score"] = {t.name: scores[t.index] for t in teams}
    return out
