"""What each receiver at a shared table is told: a table's summary, the frame every view message
shares, a seat's view and a watcher's view.

This is the service's side of the hidden-information boundary: a seat is sent its own view (the
game's views layer), a face-down watcher the game's public view, a face-up watcher and the teacher
every seat's view whole; ``last`` names a card only to a receiver that may know it
(:func:`last_for`). ``docs/table-protocol.md`` says what each receiver may know.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from euchre_tutor.protocol.schema import Code, Kind, Refusal, message
from euchre_tutor.service.table import Table
from euchre_tutor.service.wire import to_wire, without_cards

__all__ = ["frame", "last_for", "seat_message", "seats", "summary", "watcher_message"]


def last_for(last: dict[str, Any], seat: str | None, hand: int) -> dict[str, Any]:
    """The last action as ``seat`` (None: a face-down watcher) may know it, in hand ``hand``.

    A card played is played face up, seen by all (the last card of a hand too, which ends it: the
    views have the next hand by then), and a seat knows its own actions in the present hand; any
    other action that names cards (a discard, a passed card, cards gone under) keeps only its words
    that are not cards, so nobody learns which card went where."""
    if last["action"].split()[0] == "play" or (last["hand"] == hand and last["seat"] == seat):
        return last
    return {**last, "action": without_cards(last["action"])}


def summary(table: Table) -> dict[str, Any]:
    """The table as the lobby and the teacher list it (no cards, no invite code)."""
    return {
        "id": table.id,
        "game": table.spec.name,
        "title": table.spec.title,
        "rules": table.rules,
        "options": table.options.to_json(),
        "started": table.started,
        "over": table.over,
        "version": table.version,
        "hand": table.game.state.hand_number,
        "score": list(table.game.state.scores),
        "seats": seats(table),
        "watchers": sum(not c.teacher for c in table.watchers),
    }


def seats(table: Table) -> list[dict[str, Any]]:
    """Who sits where: each seat's player, whether the computer plays it, whether they are connected."""
    return [
        {
            "seat": seat,
            "player": h.name,
            "computer": h.credential is None or (h.conn is None and h.away_since is not None),
            "connected": h.conn is not None,
        }
        for seat, h in table.seats.items()
    ]


def frame(table: Table, now: float) -> dict[str, Any]:
    """What every view message of the table says, whoever receives it (``now``: the service's clock)."""
    left = None if table.deadline is None else max(0.0, round(table.deadline - now, 1))
    return message(
        Kind.VIEW,
        table=table.id,
        version=table.version,
        started=table.started,
        over=table.over,
        turn=table.to_act,
        time_left=left,
        seats=seats(table),
        hand=table.game.state.hand_number,
        score=list(table.game.state.scores),
        last=table.last,
    )


def _wire_view(view: Any) -> dict[str, Any]:
    """A view object as JSON: every field but the rules (the table's summary has them)."""
    return {f.name: to_wire(getattr(view, f.name)) for f in fields(view) if f.name != "rules"}


def seat_message(table: Table, seat: str, now: float) -> dict[str, Any]:
    """A seat's view message; before ``start`` it holds no cards (``view`` null): a seat sat at
    before the start is not yet the seat played (random seats; anyone may stand and sit again)."""
    game = table.game
    out = frame(table, now)
    out["seat"] = seat
    if not table.started:
        out["view"] = None
        return out
    out["view"] = _wire_view(table.spec.seat_view(game, game.state.first_dealer.seating.parse(seat)))
    if out["last"] is not None:
        out["last"] = last_for(out["last"], seat, out["hand"])
    return out


def watcher_message(table: Table, now: float, *, face_up: bool = False) -> dict[str, Any]:
    """A watcher's view message: every seat's view as a face-up watcher sees it (the table's option,
    or the teacher: ``face_up``), else what a face-down watcher may know (the game's public view: no
    seat's cards). Before ``start`` only the teacher is sent cards: a watcher may still sit down."""
    spec, game = table.spec, table.game
    if spec.open_view is None or spec.public_view is None:
        raise Refusal(Code.NOT_ALLOWED, f"{spec.title} has no watchers' views")
    out = frame(table, now)
    out["seat"] = None
    if not table.started and not face_up:
        out["view"] = None
    elif face_up or table.options.watchers == "face-up":
        seating = game.state.first_dealer.seating
        out["views"] = {seat: _wire_view(spec.open_view(game, seating.parse(seat))) for seat in table.seats}
    else:
        out["view"] = {**_wire_view(spec.public_view(game)), "seat": None, "legal": []}
        if out["last"] is not None:
            out["last"] = last_for(out["last"], None, out["hand"])
    return out
