"""The lobby of the class's shared tables: give a name, list the open tables, create one with the
option sheet, sit at a seat, watch, or join a private table by its invite code.

:class:`LobbyApp` drives a :class:`~euchre_tutor.session.shared_table.SharedTableController`; once the
student sits (or watches), it gives the link to the table's page, which sits back down with the seat's
key. :func:`lobby_page` is the Voila page: without a configured table service it says so in words.
"""

from __future__ import annotations

import sys
import urllib.parse
from collections.abc import Callable, Mapping
from dataclasses import fields, is_dataclass
from typing import Any

import ipywidgets as w

from euchre_tutor.errors import EuchreError
from euchre_tutor.rules.games import GAMES
from euchre_tutor.session.games import game_spec
from euchre_tutor.session.shared_table import (
    SeatKeys,
    SharedTableController,
    missing_service_words,
    service_address,
)
from euchre_tutor.widgets import render
from euchre_tutor.widgets.shared_table import SHARED_CSS, message_page
from euchre_tutor.widgets.style import CSS
from euchre_tutor.widgets.table import button, show

__all__ = ["TABLE_PAGE", "LobbyApp", "lobby_page", "presets_of"]

esc = render.esc

#: the table's page, beside the lobby's
TABLE_PAGE = "shared-table.ipynb"
TIME_LIMITS = [("off", 0), ("7 s", 7), ("15 s", 15), ("30 s", 30), ("60 s", 60)]


def presets_of(game: str) -> list[str]:
    """The named rule presets of a registered game (its rules module's ``PRESETS``)."""
    spec = game_spec(game)
    rules = spec.new_game(0).rules
    presets = getattr(sys.modules[type(rules).__module__], "PRESETS", {})
    return list(presets)


def _players_of(game: str) -> list[int]:
    """The player counts a game's rules offer (empty: the game has one layout)."""
    rules = game_spec(game).new_game(0).rules
    if is_dataclass(rules) and "players" in {f.name for f in fields(rules)}:
        return [3, 4, 6]
    return []


class LobbyApp(w.VBox):  # type: ignore[misc]
    """The lobby (see the module doc). ``connect(name)`` makes the controller (a test passes its own)."""

    def __init__(self, connect: Callable[[str], SharedTableController]) -> None:
        super().__init__()
        self._connect = connect
        self.controller: SharedTableController | None = None
        style = w.HTML(f"<style>{CSS}\n{SHARED_CSS}</style>")
        show(style, False)
        self.message = w.HTML()
        self.message.add_class("euchre-message")
        # who you are
        self.name = w.Text(description="Your name", placeholder="as the table shows it")
        self.name.add_class("et-lobby-name")
        self.enter = button("Enter the lobby", "Connect to the class's tables", self._enter, "et-lobby-enter")
        self.who = w.HBox([self.name, self.enter])
        # the open tables
        self.refresh_button = button(
            "Refresh", "List the open tables again", self.refresh, "et-lobby-refresh"
        )
        self.tables_box = w.VBox()
        self.tables_box.add_class("et-lobby-tables")
        # the option sheet
        seated = [g.name for g in GAMES if g.seated]
        self.game = w.Dropdown(
            options=[(g.title, g.name) for g in GAMES if g.seated], value=seated[0], description="Game"
        )
        self.players = w.Dropdown(options=[4], value=4, description="Players")
        self.preset = w.Dropdown(options=[""], description="Rules")
        self.level = w.Dropdown(options=[""], description="Computer")
        self.private = w.Checkbox(value=False, description="Private (invite code)", indent=False)
        self.random_seats = w.Checkbox(value=False, description="Random seats", indent=False)
        self.watchers = w.Dropdown(
            options=[
                ("watchers: face down", "face-down"),
                ("watchers: face up", "face-up"),
                ("no watchers", "none"),
            ],
            description="Watchers",
        )
        self.chat = w.Dropdown(
            options=[("preset phrases", "preset"), ("text", "text"), ("no chat", "none")], description="Chat"
        )
        self.time_limit = w.Dropdown(options=TIME_LIMITS, value=0, description="Time limit")
        self.suggestions = w.Checkbox(value=True, description="Suggestions (hints) allowed", indent=False)
        self.autoplay = w.Checkbox(value=False, description="Autoplay forced cards", indent=False)
        self.hide_points = w.Checkbox(value=False, description="Hide points taken", indent=False)
        self.create_button = button(
            "Create table", "Create a table with these options", self._create, "et-lobby-create"
        )
        self.game.observe(lambda _ch: self._game_changed(), names="value")
        self._game_changed()
        sheet = w.VBox(
            [
                w.HTML("<h3>Create a table</h3>"),
                w.HBox([self.game, self.players, self.preset, self.level]),
                w.HBox([self.private, self.random_seats, self.watchers, self.chat]),
                w.HBox([self.time_limit, self.suggestions, self.autoplay, self.hide_points]),
                self.create_button,
            ]
        )
        sheet.add_class("et-lobby-sheet")
        # a private table
        self.join_table = w.Text(description="Table", placeholder="its id")
        self.join_code = w.Text(description="Invite code", placeholder="12 letters")
        self.join_seat = w.Text(description="Seat", placeholder="N, E, S, W ...")
        self.join_button = button("Sit", "Sit at that seat of that table", self._join, "et-lobby-join")
        self.watch_button = button("Watch", "Watch that table", self._watch_code, "et-lobby-watch")
        invite = w.VBox(
            [
                w.HTML("<h3>Join by invite code</h3>"),
                w.HBox(
                    [self.join_table, self.join_code, self.join_seat, self.join_button, self.watch_button]
                ),
            ]
        )
        self.table_link = w.HTML()
        self.table_link.add_class("et-lobby-link")
        self.lobby = w.VBox(
            [w.HTML("<h3>Open tables</h3>"), self.refresh_button, self.tables_box, sheet, invite]
        )
        show(self.lobby, False)
        self.children = [
            style,
            w.HTML("<h1>The class's tables</h1>"),
            self.who,
            self.message,
            self.table_link,
            self.lobby,
        ]
        self.add_class("et-lobby")

    # -- the sheet ------------------------------------------------------------------------

    def _game_changed(self) -> None:
        game = str(self.game.value)
        spec = game_spec(game)
        presets = presets_of(game)
        self.preset.options = presets
        self.preset.value = presets[0]
        players = _players_of(game)
        self.players.options = players or [4]
        self.players.value = 4
        show(self.players, bool(players))
        levels = list(spec.levels) if spec.levels is not None else []
        self.level.options = levels or ["(one kind)"]
        self.level.value = (
            spec.info.default_level if spec.info.default_level in levels else self.level.options[0]
        )
        show(self.level, bool(levels))

    def options(self) -> dict[str, Any]:
        """The option sheet as the service's ``create`` reads it."""
        out: dict[str, Any] = {
            "private": bool(self.private.value),
            "random_seats": bool(self.random_seats.value),
            "watchers": self.watchers.value,
            "chat": self.chat.value,
            "time_limit": int(self.time_limit.value),
            "suggestions": bool(self.suggestions.value),
            "autoplay": bool(self.autoplay.value),
            "hide_points": bool(self.hide_points.value),
        }
        if game_spec(str(self.game.value)).levels is not None:
            out["level"] = self.level.value
        return out

    def rules(self) -> Any:
        rules: dict[str, Any] = {"preset": self.preset.value}
        if _players_of(str(self.game.value)):
            preset_players = game_spec(str(self.game.value)).new_game(0).rules
            preset = type(preset_players).from_json(self.preset.value)
            if preset.players != self.players.value:
                rules["players"] = int(self.players.value)
        return rules

    # -- what the student does ---------------------------------------------------------------

    def _say(self, text: str, error: bool = False) -> None:
        kind = "error" if error else ("info" if text else "empty")
        self.message.value = (
            f'<div class="msg {kind}" role="{"alert" if error else "status"}">{esc(text)}</div>'
        )

    def _enter(self) -> None:
        name = str(self.name.value).strip()
        if not name:
            self._say("Write your name first: it is how the table shows you.", error=True)
            return
        try:
            self.controller = self._connect(name)
        except EuchreError as exc:
            self._say(str(exc), error=True)
            return
        self.controller.subscribe(self._on_controller)
        show(self.who, False)
        show(self.lobby, True)
        self._say(f"Welcome, {self.controller.name}: sit at an open table, or create one.")
        self.refresh()

    def _on_controller(self, topic: str) -> None:
        if topic == "message" and self.controller is not None:
            self._say(self.controller.message, self.controller.message_is_error)

    def refresh(self) -> None:
        c = self.controller
        if c is None:
            return
        tables = c.refresh_tables()
        rows: list[w.Widget] = []
        for t in tables:
            seats = " · ".join(
                f"{s['seat']} {'open' if s['player'] is None else s['player']}" for s in t["seats"]
            )
            state = "over" if t.get("over") else "playing" if t.get("started") else "waiting"
            label = w.HTML(f"<b>{esc(t['title'])}</b> {esc(t['id'])} ({state}): {seats}")
            buttons = [
                button(
                    f"Sit {s['seat']}",
                    f"Sit at {s['seat']}",
                    self._sitter(t["id"], s["seat"]),
                    "et-lobby-sit",
                )
                for s in t["seats"]
                if s["player"] is None
            ]
            if t["options"].get("watchers") != "none":
                buttons.append(button("Watch", "Watch this table", self._watcher(t["id"]), "et-lobby-watch"))
            row = w.HBox([label, *buttons])
            row.add_class("et-lobby-table")
            rows.append(row)
        if not rows:
            rows.append(w.HTML("<p>No open table yet: create one below.</p>"))
        self.tables_box.children = rows

    def _sitter(self, table: str, seat: str) -> Callable[[], object]:
        return lambda: self.sit(table, seat)

    def _watcher(self, table: str) -> Callable[[], object]:
        return lambda: self.watch(table)

    def _create(self) -> None:
        c = self.controller
        if c is None:
            return
        summary = c.create(str(self.game.value), self.rules(), self.options())
        if summary is not None:
            self.join_table.value = str(summary["id"])
            if c.invite:
                self.join_code.value = c.invite
            self.refresh()

    def sit(self, table: str, seat: str, invite: str | None = None) -> bool:
        c = self.controller
        if c is None or not c.sit(table, seat, invite):
            return False
        kept = c.keys.get(c.link.url, table, c.name)
        query = {"table": table, "name": c.name, "seat": c.seat or seat}
        if kept is not None:
            query["key"] = kept[1]
        if invite:
            query["invite"] = invite
        self._link(query, f"Open your seat at table {table}")
        self.refresh()
        return True

    def watch(self, table: str, invite: str | None = None) -> bool:
        c = self.controller
        if c is None or not c.watch(table, invite):
            return False
        query = {"table": table, "name": c.name, "watch": "1"}
        if invite:
            query["invite"] = invite
        self._link(query, f"Watch table {table}")
        return True

    def _join(self) -> None:
        self.sit(
            str(self.join_table.value).strip(),
            str(self.join_seat.value).strip().upper(),
            str(self.join_code.value),
        )

    def _watch_code(self) -> None:
        self.watch(str(self.join_table.value).strip(), str(self.join_code.value))

    def _link(self, query: Mapping[str, str], words: str) -> None:
        href = f"{TABLE_PAGE}?{urllib.parse.urlencode(query)}"
        self.table_link.value = (
            f'<p class="et-lobby-go"><a href="{esc(href)}" target="_blank" rel="noopener">{esc(words)}</a> '
            "(keep this link: it brings you back to your seat)</p>"
        )


def lobby_page(environ: Mapping[str, str] | None = None, keys: SeatKeys | None = None) -> w.Widget:
    """The lobby's page, or the teaching message when no table service is configured."""
    address = service_address(environ)
    if address is None:
        return message_page(missing_service_words())
    url, token = address
    kept = keys if keys is not None else SeatKeys.in_memory()  # the table's link carries the seat's key
    return LobbyApp(lambda name: SharedTableController.connect(url, token, name, kept))
