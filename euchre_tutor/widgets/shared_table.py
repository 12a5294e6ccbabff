"""A shared table's page: one student's seat (or a watcher) at a table the table service holds.

The page is the game's own table (its :class:`~euchre_tutor.widgets.table_app.TableApp`: the table,
the hand, the decisions, the hint panel, the review with Retry and drills, the session chart) on the
student's seat (:class:`~euchre_tutor.session.remote_seat.RemoteSeat`) with the game's own tutor, plus
what a shared table adds (:class:`SharedParts`): who sits where and who is connected, the time left,
Start and Give up my seat, the chat when the table allows it, every hand face up for a face-up
watcher. The app updates in place when the seat or its tutor announces a change (possibly from the
connection's thread: the app's redraw holds a lock).

:func:`shared_table_page` is the Voila page: it reads the service's address from the environment and
the table, name and seat key from the page's address (``?table=ID&name=Ann&key=...``), and says in
words what is missing.
"""

from __future__ import annotations

import html
import os
import threading
import urllib.parse
from collections.abc import Mapping
from typing import Any

import ipywidgets as w

from euchre_tutor.advisor.voice import capital
from euchre_tutor.errors import EuchreError
from euchre_tutor.protocol.schema import PRESET_PHRASES
from euchre_tutor.rules.games import find_game
from euchre_tutor.session.class_store import ClassStore
from euchre_tutor.session.on_hub import tables_on_hub
from euchre_tutor.session.remote_seat import RemoteSeat
from euchre_tutor.session.shared_table import (
    SeatKeys,
    SharedTableController,
    missing_service_words,
    service_address,
)
from euchre_tutor.session.tutor import tutor_class
from euchre_tutor.widgets import render
from euchre_tutor.widgets.page import message_page, page_query
from euchre_tutor.widgets.table import button, show
from euchre_tutor.widgets.table_app import TableApp

__all__ = ["SharedParts", "shared_table_app", "shared_table_page", "tables_address"]

esc = render.esc

SHARED_CSS = """
.et-shared-seats { display:flex; flex-wrap:wrap; gap:6px; margin:4px 0; }
.et-shared-seats .st { border:1px solid #ccd; border-radius:6px; padding:2px 8px; font-size:13px;
  background:#fff; color:#1a1a1a; }
.et-shared-seats .st.me { border-color:#1565c0; font-weight:600; }
.et-shared-seats .dot { display:inline-block; width:10px; height:10px; border-radius:50%; margin-right:4px;
  background:#fff; border:2px solid #616161; box-sizing:border-box; }
.et-shared-seats .st.on .dot { background:#2e7d32; border-color:#2e7d32; }
.et-shared-time { font-variant-numeric: tabular-nums; }
.et-chat-log { max-height:140px; overflow-y:auto; font-size:13px; border:1px solid #e0e0e0; padding:4px;
  background:#fff; color:#1a1a1a; }
.et-countdown { font-variant-numeric: tabular-nums; margin:2px 0; }
.et-countdown.mine b { color:#b71c1c; font-size:18px; }
.et-watch-hands .et-watch-hand { margin:2px 0; }
.et-shared-play { margin-top:6px; }
.et-keep-link { color:#fff; }
.et-keep-link a { color:#fff; text-decoration:underline; font-weight:600; }
"""


def tables_address(environ: Mapping[str, str] | None = None) -> tuple[str, str] | None:
    """The table service's address and the token a page opens it with: the class's (from
    ``euchre-tutor serve``), or on a hub the student's own hub token (None: no service for this page)."""
    env = os.environ if environ is None else environ
    return service_address(env) or tables_on_hub(env)


class SharedParts:
    """What a shared table adds to the game's table (:class:`~euchre_tutor.widgets.table_app.SeatParts`):
    the seats and who is connected, the countdown (redrawn each second on the kernel: the service sends
    the time left with each view), the link that brings the student back, a face-up watcher's view of
    every hand, Start and Give up my seat, and the chat."""

    css = SHARED_CSS

    def __init__(self, controller: SharedTableController, seat: RemoteSeat) -> None:
        self.controller = controller
        self.seat = seat
        self._lock = threading.RLock()
        self.seats_html = w.HTML()
        self.seats_html.add_class("et-shared-seats-box")
        self.time_html = w.HTML()
        self.time_html.add_class("et-shared-time")
        self.keep_link = w.HTML()
        self.watch_hands = w.HTML()
        self.watch_hands.add_class("et-watch-hands")
        self.start_button = button(
            "Start", "Start the match (empty seats are played by the computer)", controller.start, "et-start"
        )
        self.stand_button = button(
            "Give up my seat", "Leave this seat to the computer", controller.stand, "et-stand"
        )
        buttons = w.HBox([self.start_button, self.stand_button])
        buttons.add_class("et-shared-play")
        self._build_chat()
        self.header: list[w.Widget] = [self.seats_html, self.time_html, self.keep_link]
        self.play: list[w.Widget] = [self.watch_hands, buttons]
        self.side: list[w.Widget] = [self.chat]
        controller.subscribe(self._on_change)
        self.refresh_chat()
        self._stop = threading.Event()
        self._ticker = threading.Thread(target=self._tick, name="euchre-countdown", daemon=True)
        self._ticker.start()

    def _build_chat(self) -> None:
        """The chat: its log, a line of text or a preset phrase, and Send."""
        self.chat_log = w.HTML()
        self.chat_log.add_class("et-chat-log")
        self.chat_text = w.Text(
            placeholder="Say something to the table",
            description="Message",
            style={"description_width": "initial"},
            layout=w.Layout(width="320px"),
        )
        self.chat_text.add_class("et-chat-text")
        self.chat_phrase = w.Dropdown(
            options=[(p, i) for i, p in enumerate(PRESET_PHRASES)],
            description="Phrase",  # a visible label is the select's accessible name
            style={"description_width": "initial"},
            layout=w.Layout(width="260px"),
        )
        self.chat_phrase.add_class("et-chat-phrase")
        self.chat_send = button("Send", "Send to everyone at the table", self._send_chat, "et-chat-send")
        self.chat = w.VBox([self.chat_log, w.HBox([self.chat_text, self.chat_phrase, self.chat_send])])
        self.chat.add_class("et-chat")

    def _send_chat(self) -> None:
        c = self.controller
        if c.options.get("chat") == "preset":
            c.send_chat(phrase=int(self.chat_phrase.value))
        elif c.send_chat(text=str(self.chat_text.value)):
            self.chat_text.value = ""

    def _on_change(self, topic: str) -> None:
        if topic == "chat":
            self.refresh_chat()

    # -- drawing ---------------------------------------------------------------------------

    def refresh(self) -> None:
        """Redraw the parts (the app calls it inside its own redraw)."""
        c = self.controller
        with self._lock:
            self.seats_html.value = self._seats_html()
            self.time_html.value = self._countdown_html()
            self.watch_hands.value = self._watch_hands_html()
            show(self.start_button, c.seat is not None and not c.started)
            show(self.stand_button, c.seat is not None)
            show(self.chat, c.options.get("chat", "none") != "none")
            show(self.chat_text, c.options.get("chat") == "text")
            show(self.chat_phrase, c.options.get("chat") == "preset")

    def refresh_chat(self) -> None:
        lines = [
            f"<div><b>{m.get('from', '')}</b> ({esc(str(m.get('seat') or 'watching'))}): {m.get('text', '')}</div>"
            for m in list(self.controller.chat)
        ]  # the service sends names and text HTML-escaped: shown as they came, never unescaped
        with self._lock:
            self.chat_log.value = "".join(lines) or "<div class='none'>No messages yet.</div>"

    def _tick(self) -> None:
        while not self._stop.wait(1.0):
            self.refresh_time()

    def refresh_time(self) -> None:
        """Redraw the countdown (each second, and with every view)."""
        with self._lock:
            value = self._countdown_html()
            if self.time_html.value != value:
                self.time_html.value = value

    def _countdown_html(self) -> str:
        c = self.controller
        left = c.seconds_left()
        if left is None:
            return ""
        if c.my_turn:
            return (
                f'<p class="et-countdown mine" role="timer">Your time to act: <b>{left} s</b> '
                "(when it runs out, the computer chooses for you)</p>"
            )
        return f'<p class="et-countdown" role="timer">{esc(str(c.turn))} has <b>{left} s</b> to act</p>'

    def _watch_hands_html(self) -> str:
        """A face-up watcher's view of every hand."""
        views = self.controller.views
        if not views:
            return ""
        rows = "".join(
            f'<div class="et-watch-hand"><b>{esc(seat)}</b> '
            f"{render.faces(render.hand_order(v.hand, v.trump), small=True) or '(no cards)'}</div>"
            for seat, v in views.items()
        )
        return f'<div class="et-watch-hands-box" aria-label="Every hand, face up">{rows}</div>'

    def title_html(self) -> str:
        c = self.controller
        if c.table is None:
            return "<h1>Shared table</h1><div class='sub'>You are at no table: join one from the lobby.</div>"
        who = f"you sit at {c.seat}" if c.seat else "you are watching"
        return (
            f"<div class='et-title'><h1>{esc(capital(str(c.table.get('title', 'shared table'))))}</h1>"
            f"<div class='sub'>Shared table {esc(str(c.table_id))} · {esc(c.name)}, {esc(who)}</div></div>"
        )

    def _seats_html(self) -> str:
        c = self.controller
        parts = []
        for s in c.seats:
            player = s.get("player")
            name = "open seat" if player is None else html.unescape(str(player))
            if s.get("computer") and player is not None:
                name += " (the computer plays for now)"
            elif player is None:
                name += " (the computer plays)"
            on = bool(s.get("connected"))
            classes = ["st", "on" if on else "off"]
            if s.get("seat") == c.seat:
                classes.append("me")
            state = "connected" if on else "not connected"
            parts.append(
                f'<span class="{" ".join(classes)}" role="listitem" aria-label="{esc(str(s.get("seat")))}: '
                f'{esc(name)}, {state}"><span class="dot" aria-hidden="true"></span>{esc(str(s.get("seat")))} · '
                f"{esc(name)} · {state}</span>"
            )
        return f'<div class="et-shared-seats" role="list">{"".join(parts)}</div>'

    def prompt_text(self) -> str | None:
        """The prompt while the student is not asked to act (None on the student's turn: the game's)."""
        c = self.controller
        if c.table is None:
            return ""
        if not c.started:
            return "Waiting for the players: press Start when everyone is seated (the computer plays empty seats)."
        if c.over:
            return "The match is over."
        if c.seat is None:
            return f"{c.turn} is to act." if c.turn else ""
        if self.seat.waiting:  # the hand just played is on the table: the game says it is over
            return None
        return None if c.my_turn else self.seat.prompt()

    @property
    def version(self) -> int:
        """The version of the table last drawn."""
        return self.controller.version

    @property
    def hide_tricks(self) -> bool:
        """The table hides the tricks taken during a hand."""
        return bool(self.controller.options.get("hide_points"))

    def close(self) -> None:
        self._stop.set()
        self.controller.close()


def shared_table_app(
    controller: SharedTableController, *, store: ClassStore | None = None, **tutor_options: Any
) -> w.Widget:
    """The game's table on the controller's seat (or its watcher's view) with the shared table's parts;
    the student's seat has the game's tutor, when the game has one (``tutor_options``: ``runner``,
    ``source``, ``worlds``...), its drills kept by name in ``store`` (the class's store by default,
    when the server has one). A controller at no table gets the page's message."""
    spec = controller.spec
    if spec is None:
        return message_page(
            controller.message or "You are at no table: join one from the lobby, which opens your seat here."
        )
    seat = RemoteSeat(controller)
    app_class = find_game(spec.name).table_app()  # its module registers the game's tutor, if it has one
    tutor_of_game = tutor_class(spec.name)
    tutor = None
    if controller.seat is not None and tutor_of_game is not None:
        tutor = tutor_of_game.for_seat(seat, **tutor_options)
        kept = store if store is not None else ClassStore.from_env()
        if kept is not None:
            tutor.keep_drills(kept, controller.name)
    app: TableApp[Any, Any] = app_class(controller=seat, tutor=tutor, shared=SharedParts(controller, seat))
    return app


def shared_table_page(
    environ: Mapping[str, str] | None = None,
    query: Mapping[str, str] | None = None,
    keys: SeatKeys | None = None,
) -> w.Widget:
    """The shared table's page: the app at the table the address names, or a message saying what is missing."""
    address = tables_address(environ)
    if address is None:
        return message_page(missing_service_words())
    q = dict(page_query() if query is None else query)
    table, name = q.get("table", "").strip(), q.get("name", "").strip()
    if not table or not name:
        return message_page(
            "This page shows one shared table: open it from the lobby, which adds the table and your name to "
            "its address (shared-table.ipynb?table=...&name=...)."
        )
    try:
        controller = SharedTableController.connect(
            address[0], address[1], name, keys if keys is not None else SeatKeys.in_memory()
        )
    except EuchreError as exc:
        return message_page(str(exc))
    if q.get("key") and q.get("seat"):
        controller.keys.put(address[0], table, controller.name, q["seat"], q["key"])
    if q.get("watch"):
        controller.watch(table, q.get("invite"))
    elif not controller.resume(table, first=bool(q.get("new"))) and q.get("seat"):
        controller.sit(table, q["seat"], q.get("invite"))
    app = shared_table_app(controller)
    kept = controller.keys.get(address[0], table, controller.name)
    parts = app.shared if isinstance(app, TableApp) else None
    if kept is not None and not q.get("key") and isinstance(parts, SharedParts):
        link = {"table": table, "name": controller.name, "seat": kept[0], "key": kept[1]}
        parts.keep_link.value = (
            f'<p class="et-keep-link">Keep <a href="?{esc(urllib.parse.urlencode(link))}">this link</a>: '
            "it brings you back to your seat.</p>"
        )
    return app
