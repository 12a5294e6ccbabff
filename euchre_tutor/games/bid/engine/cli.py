"""``euchre-tutor bid ...`` subcommands: ``replay``, ``analyze`` and ``rules``.

``bid replay --input JSON`` replays one hand (bad input: exit 2, one
teaching line on stderr, nothing on stdout); ``--batch FILE`` (``-`` for
stdin) answers every line with one JSON line, an error line
``{"error": ...}`` for a bad one. ``bid analyze`` takes the same input and
a ``"seat"`` (default: the seat to act) and answers what that seat may know
and do: its view of the hand and the legal actions. ``bid rules`` lists the
presets and the options.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any, Final, Protocol

from euchre_tutor.games.bid.engine.hand import HandState
from euchre_tutor.games.bid.engine.replay import replay, replay_seat
from euchre_tutor.games.bid.rules import OPTION_VALUES, PRESET_NOTES, BidRules
from euchre_tutor.jsonio import answer_json_command
from euchre_tutor.tricks.commands import add_hand_sources, add_rules_command, command_group
from euchre_tutor.tricks.seating import FOUR, Seat

__all__ = ["Advisor", "analyze", "register", "view_json"]

_INPUT: Final = (
    'Input: {"rules": "common", "dealer": "N", "hands": {"N": [6 cards], "E": [...], "S": [...], '
    '"W": [...]}, "kitty": [cards] (with the kitty option), "actions": ["bid 3 H", "pass", ...]}. '
    '"rules" may also be an object: {"preset": "common", "<option>": <value>, ...} (see "bid rules"). '
    "Actions: pass; bid N X (X = C, D, H, S, high, low; 'bid N' when bids are tricks only); bid alone X; "
    "bid call 1 X; bid call 2 X; trump X; discard XX; give XX; play XX (JK is the joker)."
)


SeatViewer = Callable[[HandState, Seat], Any]


class Advisor(Protocol):
    """What ``analyze`` adds when an advisor is passed in (the advisor layer sits above this one)."""

    description: str

    def add_arguments(self, parser: argparse.ArgumentParser) -> None: ...

    def advise(
        self, state: HandState, seat: Seat, data: dict[str, Any], args: argparse.Namespace
    ) -> dict[str, Any]: ...


def register(games: Any, seat_view: SeatViewer | None = None, advisor: Advisor | None = None) -> Any:
    """Add ``bid`` and its commands; returns the commands.

    ``seat_view`` (the view layer's :func:`~euchre_tutor.games.bid.views.seat_view`, passed in by the
    application, which sits above both layers) enables ``analyze``; ``advisor`` (the Bid Euchre
    advisor's command, :mod:`euchre_tutor.games.bid.advisor.cli`) adds its options and grades to it.
    """
    commands = command_group(games, "bid", "Bid Euchre (four players, bidding for trump)")
    rp = commands.add_parser(
        "replay",
        help="replay a hand from JSON and print the bids, tricks and points (or who is to act)",
        description=_INPUT,
    )
    add_hand_sources(rp)
    rp.set_defaults(run=lambda args: answer_json_command(args, replay))
    if seat_view is None:
        return _rules_command(commands)
    an = commands.add_parser(
        "analyze",
        help="one seat's view of a hand and its legal actions",
        description=_INPUT + ' Add "seat": "S" (default: the seat to act). Output: the seat, the phase, '
        "the legal actions and what the seat may know (its cards, the bids, the contract, the tricks, "
        "the cards it has not seen).",
    )
    add_hand_sources(an)
    if advisor is not None:
        an.description = (an.description or "") + " " + advisor.description
        advisor.add_arguments(an)

    def advise(
        state: HandState, seat: Seat, data: dict[str, Any], args: argparse.Namespace
    ) -> dict[str, Any]:
        assert advisor is not None
        return advisor.advise(state, seat, data, args)

    hook = None if advisor is None else advise
    an.set_defaults(
        run=lambda args: answer_json_command(args, lambda data: analyze(data, seat_view, hook, args))
    )
    return _rules_command(commands)


def _rules_command(commands: Any) -> Any:
    add_rules_command(
        commands,
        "list the Bid Euchre rules presets and their options",
        BidRules,
        PRESET_NOTES,
        OPTION_VALUES,
        'Options (defaults = the common game); in replay input use "rules": {"preset": "common", ...}:',
    )
    return commands


def analyze(
    data: object,
    seat_view: SeatViewer,
    advise: Callable[[HandState, Seat, dict[str, Any], argparse.Namespace], dict[str, Any]] | None = None,
    args: argparse.Namespace | None = None,
) -> dict[str, Any]:
    """The seat's view and legal actions for the hand the input describes (``bid analyze``), and
    with an advisor, when the seat is to act, every option's value, the best, the reasons and the
    grade of an ``"action"`` given in the input."""
    state, seat = replay_seat(data, frozenset({"action"} if advise is not None else ()))
    assert isinstance(data, dict)
    out = view_json(state, seat_view(state, seat))
    if advise is not None:
        assert args is not None
        out.update(advise(state, seat, data, args))
    return out


def view_json(state: HandState, view: Any) -> dict[str, Any]:
    """A seat view as JSON (cards in notation, seats by letter)."""
    return {
        "seat": view.seat.name,
        "phase": view.phase.value,
        "to_act": None if view.to_act is None else view.to_act.name,
        "legal": [str(a) for a in view.legal],
        "view": {
            "hand": [str(c) for c in view.hand],
            "bids": [f"{s.name}: {a}" for s, a in view.bids],
            "bid": None if view.high is None else str(view.high),
            "bidder": None if view.bidder is None else view.bidder.name,
            "trump": None if view.trump is None else str(view.trump),
            "no_trump": view.notrump,
            "needs": view.needs,
            "sits_out": None if view.sitting_out is None else view.sitting_out.name,
            "discards": [str(c) for c in view.discards],
            "gifts": [str(c) for c in view.gifts],
            "tricks": [t.to_json() for t in view.tricks],
            "on_table": [f"{s.name}: {c}" for s, c in view.trick_plays],
            "voids": {s.name: sorted(str(x) for x in view.voids[s]) for s in FOUR.seats if view.voids[s]},
            "unseen": [str(c) for c in view.unseen_cards()],
        },
        "finished": state.is_over,
    }
