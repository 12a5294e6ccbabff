"""The lobby of the class's shared tables: give a name, list the open tables, create one with the
option sheet, sit at a seat, watch, or join a private table by its invite code.

:class:`LobbyApp` drives a :class:`~euchre_tutor.session.shared_table.SharedTableController`; once the
student sits (or watches), the page goes to the table's page in the same tab (the seat's key in its
address, so the table's page sits back down), with a button to the same address should the browser not
move by itself. :func:`lobby_page` is the Voila page: without a configured table service it says so in
words.
"""

from __future__ import annotations

import json
import os
import sys
import urllib.parse
from collections.abc import Callable, Mapping
from dataclasses import fields, is_dataclass
from typing import Any

import ipywidgets as w
from IPython.display import Javascript, display

from euchre_tutor.advisor.voice import capital
from euchre_tutor.errors import EuchreError
from euchre_tutor.rules.games import all_games, find_game
from euchre_tutor.session.on_hub import hub_user
from euchre_tutor.session.shared_table import SeatKeys, SharedTableController, missing_service_words
from euchre_tutor.widgets import render
from euchre_tutor.widgets.page import message_page, page_query
from euchre_tutor.widgets.shared_table import SHARED_CSS, tables_address
from euchre_tutor.widgets.style import CSS
from euchre_tutor.widgets.table import button, show

__all__ = ["LOBBY_CSS", "TABLE_PAGE", "LobbyApp", "lobby_page", "presets_of"]

esc = render.esc

#: the table's page, beside the lobby's
TABLE_PAGE = "shared-table.ipynb"
TIME_LIMITS = [
    ("no limit", 0),
    ("7 seconds", 7),
    ("15 seconds", 15),
    ("30 seconds", 30),
    ("1 minute", 60),
]
#: labels as long as they need (ipywidgets cuts a description at a fixed width by default)
WIDE = {"description_width": "initial"}
#: the lobby in the tables' look: the felt of ``.euchre-app``, its forms on cream panels, its buttons the
#: tables' buttons, the way to the seat a large button
LOBBY_CSS = """
.et-lobby h1{margin:0 0 2px;font-size:28px;color:#fff7d6;text-shadow:0 2px 3px rgba(0,0,0,.4)}
.et-lobby .et-lobby-sub{margin:0 0 8px;color:#f4f1e8;font-size:15px}
.et-lobby .et-lobby-panel{background:rgba(255,253,247,.96);color:#1d1d1f;border-radius:12px;padding:8px 14px 12px;
  margin:8px 0;box-shadow:0 4px 12px rgba(0,0,0,.35)}
.et-lobby .et-lobby-panel .widget-html-content,.et-lobby .et-lobby-panel .widget-label,
.et-lobby .et-lobby-panel .widget-checkbox label,.et-lobby .et-lobby-panel label{color:#1d1d1f}
.et-lobby .et-lobby-panel h2{margin:4px 0 6px;font-size:19px}
.et-lobby .et-lobby-panel .et-lobby-note{margin:0 0 6px;font-size:14px;color:#3d3d3d}
.et-lobby .widget-hbox{flex-wrap:wrap;gap:4px 10px;align-items:center}
.et-lobby .jupyter-button{border-radius:7px;font-weight:600;width:auto;min-width:90px;padding:0 16px;
  align-self:flex-start}
.et-lobby .widget-checkbox,.et-lobby .widget-dropdown{width:auto}
.et-lobby .widget-checkbox label{overflow:visible;white-space:nowrap}
.et-lobby .widget-dropdown select{min-width:9em}
.et-lobby .et-lobby-panel .jupyter-button{background:#1e6b41;color:#fff}
.et-lobby .et-lobby-who .jupyter-button{background:#f4f1e8;color:#1b4d32}
.et-lobby .jupyter-button:focus-visible{outline:3px solid #ffd54f;outline-offset:2px}
.et-lobby .et-lobby-who .widget-label{color:#f4f1e8;font-size:15px}
.et-lobby .et-lobby-table{border-top:1px solid #e0dccf;padding:6px 0}
.et-lobby .et-lobby-table .widget-html-content{font-size:15px}
.et-lobby .et-lobby-go{margin:6px 0;font-size:15px}
.et-lobby a.et-lobby-go-button{display:inline-block;padding:10px 18px;border-radius:8px;background:#fffdf7;color:#144d2e;
  font-size:17px;font-weight:700;text-decoration:none;box-shadow:0 3px 6px rgba(0,0,0,.35)}
.et-lobby a.et-lobby-go-button:hover,.et-lobby a.et-lobby-go-button:focus{background:#ffd54f;outline:2px solid #fff7d6}
"""


def presets_of(game: str) -> list[str]:
    """The named rule presets of a registered game (its rules module's ``PRESETS``)."""
    rules = find_game(game).new_game(0).rules
    presets = getattr(sys.modules[type(rules).__module__], "PRESETS", {})
    return list(presets)


def _players_of(game: str) -> list[int]:
    """The player counts a game's rules offer (empty: the game has one layout)."""
    rules = find_game(game).new_game(0).rules
    if is_dataclass(rules) and "players" in {f.name for f in fields(rules)}:
        return [3, 4, 6]
    return []


def _panel(title: str, note: str, *children: w.Widget) -> w.VBox:
    """A cream panel on the felt: a heading, a sentence saying what it is for, then ``children``."""
    box = w.VBox([w.HTML(f'<h2>{esc(title)}</h2><p class="et-lobby-note">{esc(note)}</p>'), *children])
    box.add_class("et-lobby-panel")
    return box


class LobbyApp(w.VBox):  # type: ignore[misc]
    """The lobby (see the module doc). ``connect(name)`` makes the controller (a test passes its own)."""

    def __init__(self, connect: Callable[[str], SharedTableController]) -> None:
        super().__init__()
        self._connect = connect
        self.controller: SharedTableController | None = None
        style = w.HTML(f"<style>{CSS}\n{SHARED_CSS}\n{LOBBY_CSS}</style>")
        show(style, False)
        self.message = w.HTML()
        self.message.add_class("euchre-message")
        # who you are
        self.name = w.Text(
            description="Your name",
            placeholder="e.g. Alice",
            style=WIDE,
            tooltip="Your classmates see this name",
        )
        self.name.add_class("et-lobby-name")
        self.enter = button("Enter the lobby", "See the class's tables", self._enter, "et-lobby-enter")
        self.who = w.HBox([self.name, self.enter])
        self.who.add_class("et-lobby-who")
        # the open tables
        self.refresh_button = button(
            "Refresh the list", "List the open tables again", self.refresh, "et-lobby-refresh"
        )
        self.tables_box = w.VBox()
        self.tables_box.add_class("et-lobby-tables")
        self._sheet()
        # a private table
        self.join_table = w.Text(description="Table", placeholder="e.g. d2954f5b", style=WIDE)
        self.join_code = w.Text(
            description="Invite code", placeholder="from whoever made the table", style=WIDE
        )
        self.join_seat = w.Text(description="Seat", placeholder="N, E, S or W", style=WIDE)
        self.join_button = button("Sit", "Sit at that seat of that table", self._join, "et-lobby-join")
        self.watch_button = button("Watch", "Watch that table", self._watch_code, "et-lobby-watch")
        invite = _panel(
            "Join a private table",
            "Type the table and the invite code that the table's maker gave you.",
            w.HBox([self.join_table, self.join_code, self.join_seat, self.join_button, self.watch_button]),
        )
        self.table_link = w.HTML()
        self.table_link.add_class("et-lobby-link")
        self.go = w.Output()  # the script that takes the page to the table (see _link)
        self.go.add_class("et-lobby-go-script")
        tables = _panel(
            "Open tables",
            "Choose an open seat (N and S play together against E and W), or watch a game.",
            self.tables_box,
            self.refresh_button,
        )
        self.lobby = w.VBox([tables, self.sheet, invite])
        show(self.lobby, False)
        self.children = [
            style,
            w.HTML(
                "<h1>The class's tables</h1>"
                '<p class="et-lobby-sub">Play with your classmates: write your name, then sit at a table.</p>'
            ),
            self.who,
            self.message,
            self.table_link,
            self.go,
            self.lobby,
        ]
        self.add_class("et-lobby")
        self.add_class("euchre-app")

    def _sheet(self) -> None:
        """The option sheet of a new table (``self.sheet``)."""
        seated = [g.name for g in all_games() if g.seated]
        self.game = w.Dropdown(
            options=[(g.title, g.name) for g in all_games() if g.seated],
            value=seated[0],
            description="Game",
            style=WIDE,
        )
        self.players = w.Dropdown(options=[4], value=4, description="Players", style=WIDE)
        self.preset = w.Dropdown(options=[""], description="House rules", style=WIDE)
        self.level = w.Dropdown(options=[""], description="Computer players", style=WIDE)
        self.private = w.Checkbox(
            value=False, description="Private: players need an invite code", indent=False
        )
        self.random_seats = w.Checkbox(value=False, description="Seat players at random", indent=False)
        self.watchers = w.Dropdown(
            options=[
                ("may watch, without seeing the hands", "face-down"),
                ("may watch and see every hand", "face-up"),
                ("may not watch", "none"),
            ],
            description="Classmates not playing",
            style=WIDE,
        )
        self.chat = w.Dropdown(
            options=[("ready-made phrases", "preset"), ("anything typed", "text"), ("no chat", "none")],
            description="Chat",
            style=WIDE,
        )
        self.time_limit = w.Dropdown(
            options=TIME_LIMITS, value=0, description="Time for each move", style=WIDE
        )
        self.suggestions = w.Checkbox(value=True, description="Hints allowed", indent=False)
        self.autoplay = w.Checkbox(
            value=True, description="Play a card by itself when it is the only one allowed", indent=False
        )
        self.hide_points = w.Checkbox(
            value=False, description="Hide the points each side has taken", indent=False
        )
        self.create_button = button(
            "Create the table", "Create a table with these choices", self._create, "et-lobby-create"
        )
        self.game.observe(lambda _ch: self._game_changed(), names="value")
        self._game_changed()
        self.sheet = _panel(
            "Make a new table",
            "Seats nobody takes are played by the computer.",
            w.HBox([self.game, self.players, self.preset, self.level]),
            w.HBox([self.watchers, self.chat, self.time_limit]),
            w.HBox([self.private, self.random_seats, self.suggestions]),
            w.HBox([self.autoplay, self.hide_points]),
            self.create_button,
        )
        self.sheet.add_class("et-lobby-sheet")

    # -- the sheet ------------------------------------------------------------------------

    def _game_changed(self) -> None:
        game = str(self.game.value)
        spec = find_game(game)
        presets = presets_of(game)
        self.preset.options = presets
        self.preset.value = presets[0]
        players = _players_of(game)
        self.players.options = players or [4]
        self.players.value = 4
        show(self.players, bool(players))
        levels = list(spec.levels) if spec.levels is not None else []
        self.level.options = levels or ["(one level)"]
        self.level.value = spec.default_level if spec.default_level in levels else self.level.options[0]
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
        if find_game(str(self.game.value)).levels is not None:
            out["level"] = self.level.value
        return out

    def rules(self) -> Any:
        rules: dict[str, Any] = {"preset": self.preset.value}
        if _players_of(str(self.game.value)):
            preset_players = find_game(str(self.game.value)).new_game(0).rules
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
            self._say("Write your name first: your classmates see it at the table.", error=True)
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
            state = "finished" if t.get("over") else "playing" if t.get("started") else "waiting to start"
            label = w.HTML(f"<b>{esc(capital(t['title']))}</b>, table {esc(t['id'])} ({state}): {seats}")
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
        """Sit at ``seat`` of ``table``, then go to the table's page (its address holds the seat's key)."""
        c = self.controller
        if c is None or not c.sit(table, seat, invite):
            return False
        kept = c.keys.get(c.link.url, table, c.name)
        query = {"table": table, "name": c.name, "seat": c.seat or seat, "new": "1"}
        if kept is not None:
            query["key"] = kept[1]
        if invite:
            query["invite"] = invite
        self._link(query, f"Go to your seat ({query['seat']}) at table {table}")
        return True

    def watch(self, table: str, invite: str | None = None) -> bool:
        """Watch ``table``, then go to the table's page."""
        c = self.controller
        if c is None or not c.watch(table, invite):
            return False
        query = {"table": table, "name": c.name, "watch": "1"}
        if invite:
            query["invite"] = invite
        self._link(query, f"Go and watch table {table}")
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
        """Take the page to the table's page in this tab, and show a button to it should that not happen.

        The address is relative (the table's page beside the lobby's), so it holds on any server and
        under any base path. In Voila a script shown in an ``Output`` runs in the page; where it does
        not (JupyterLab does not run scripts it does not trust), the button is the way.
        """
        href = f"{TABLE_PAGE}?{urllib.parse.urlencode(query)}"
        self.table_link.value = (
            f'<p class="et-lobby-go"><a class="et-lobby-go-button" href="{esc(href)}" target="_self">'
            f"{esc(words)}</a></p>"
        )
        show(self.lobby, False)
        self.go.clear_output()
        with self.go:
            display(Javascript(f"window.location.assign({json.dumps(href)});"))  # type: ignore[no-untyped-call]


def lobby_page(environ: Mapping[str, str] | None = None, keys: SeatKeys | None = None) -> w.Widget:
    """The lobby's page, or the teaching message when no table service is configured. On a hub the
    student's own hub token opens the tables, and the name is their hub login."""
    env = os.environ if environ is None else environ
    address = tables_address(env)
    if address is None:
        return message_page(missing_service_words())
    url, token = address
    kept = keys if keys is not None else SeatKeys.in_memory()  # the table's link carries the seat's key
    app = LobbyApp(lambda name: SharedTableController.connect(url, token, name, kept))
    app.name.value = hub_user(env) or page_query().get("name", "").strip()  # the class page's name
    return app
