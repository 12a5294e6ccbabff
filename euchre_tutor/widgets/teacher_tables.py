"""The teacher's tables page: every shared table of the class, any table face up, close, download.

:class:`TeacherTablesApp` draws a :class:`~euchre_tutor.session.teacher_tables.TeacherDesk` in the
tables' look: one row per table (its game, open or private, seat by seat who plays and whether they
are connected, the hand and the score) with **Watch** and **Close** (closing asks first); the watched
table face up, every seat's cards; and **Download the finished matches**, one zip of save files for
``euchre-tutor report`` and the Practice page. The list is asked for again every few seconds and
redrawn only when it changed; the watched table redraws on every view the service sends (possibly
from the connection's thread: the redraw holds a lock).

:func:`teacher_tables_page` is the Voila page: it reads the service's address and the teacher's token
from the environment and says in words what is missing.
"""

from __future__ import annotations

import html
import os
import threading
from collections.abc import Mapping
from typing import Any

import ipywidgets as w

from euchre_tutor.cards import Card
from euchre_tutor.errors import EuchreError
from euchre_tutor.session.report_charts import data_link
from euchre_tutor.session.teacher_tables import (
    POLL_SECONDS,
    FaceUpSeat,
    TeacherDesk,
    matches_zip,
    missing_teacher_words,
    teacher_address,
)
from euchre_tutor.widgets import render
from euchre_tutor.widgets.page import message_page
from euchre_tutor.widgets.shared_table import SHARED_CSS
from euchre_tutor.widgets.style import CLASSIC_CSS, CSS
from euchre_tutor.widgets.table import button, show

__all__ = ["TeacherTablesApp", "teacher_tables_page"]

esc = render.esc

TEACHER_CSS = """
.et-teacher-row { align-items:center; gap:8px; border-bottom:1px solid #e0e0e0; padding:4px 0; }
.et-teacher-row .et-row-text { flex:1 1 auto; min-width:0; }
.et-teacher-row .game { font-weight:600; }
.et-teacher-row .tag { font-size:12px; border:1px solid #ccd; border-radius:4px; padding:0 4px; margin-left:4px; }
.et-face-up { display:grid; grid-template-columns:repeat(auto-fill, minmax(260px, 1fr)); gap:8px; }
.et-face-up .fu-seat { border:1px solid #ccd; border-radius:6px; padding:4px 8px; }
.et-face-up .fu-seat.to-act { border-color:#1565c0; box-shadow:0 0 0 1px #1565c0; }
.et-face-up .fu-name { font-weight:600; }
.et-watch-info { margin:4px 0; }
.et-teacher-page .et-shared-seats .st { font-size:14px; padding:3px 10px; }
.et-teacher-page .et-shared-seats .dot { width:12px; height:12px; }
.et-teacher-page .et-shared-seats .st.on { border-color:#2e7d32; background:#e8f5e9; }
.et-teacher-page .et-shared-seats .st.off { border-color:#8a8a8a; background:#f2f2f2; }
.et-teacher-page .et-shared-seats .presence { font-weight:600; margin-left:4px; }
.et-teacher-page .et-shared-seats .st.on .presence { color:#1b5e20; }
.et-teacher-page .et-shared-seats .st.off .presence { color:#4a4a4a; }
.et-teacher-page .jupyter-button { width:auto; min-width:max-content; padding:0 12px; }
.et-teacher-page .et-score b { font-variant-numeric:tabular-nums; }
"""


def _player_words(player: str | None, computer: bool) -> str:
    if player is None:
        return "open seat (the computer plays)"
    return player + (" (the computer plays for now)" if computer else "")


def seats_line_html(seats: list[dict[str, Any]]) -> str:
    """Seat by seat: who sits there and whether they are connected (a green dot), as the table page shows."""
    parts = []
    for s in seats:
        player = s.get("player")
        name = _player_words(None if player is None else html.unescape(str(player)), bool(s.get("computer")))
        on = bool(s.get("connected"))
        state = "connected" if on else "not connected"
        shown = f'<span class="presence">{state}</span>' if player is not None else ""  # said in words too
        parts.append(
            f'<span class="st {"on" if on else "off"}" aria-label="{esc(str(s.get("seat")))}: {esc(name)}, {state}">'
            f'<span class="dot" aria-hidden="true"></span>{esc(str(s.get("seat")))} · {esc(name)}{shown}</span>'
        )
    return f'<div class="et-shared-seats" role="list">{"".join(parts)}</div>'


def table_row_html(table: Mapping[str, Any]) -> str:
    """One table of the overview: game, id, open or private, where the match is, score, seats."""
    options = table.get("options", {})
    tags = ["private" if options.get("private") else "open"]
    if table.get("over"):
        tags.append("finished")
    elif table.get("started"):
        tags.append(f"hand {table.get('hand')}")
    else:
        tags.append("not started")
    if table.get("watchers"):
        tags.append(f"{table['watchers']} watching")
    tag_html = "".join(f'<span class="tag">{esc(t)}</span>' for t in tags)
    score = score_words_html(list(table.get("score", [])), list(table.get("seats", [])))
    return (
        f'<div><span class="game">{esc(str(table.get("title", table.get("game"))))}</span> '
        f"<code>{esc(str(table.get('id')))}</code>{tag_html} "
        f'<span class="note et-score">Score: {score}</span></div>{seats_line_html(list(table.get("seats", [])))}'
    )


def score_words_html(score: list[Any], seats: list[dict[str, Any]]) -> str:
    """The score side by side, each side named by its seats and players (``N–S (Ann, Cat) <b>3</b>``):
    the seats around the table take the sides in turn (partners across), one side a seat when each plays
    alone."""
    if not score:
        return "not started"
    sides = []
    for i, points in enumerate(score):
        mine = [s for k, s in enumerate(seats) if k % len(score) == i]
        names = "–".join(str(s.get("seat")) for s in mine) or f"side {i + 1}"
        players = [html.unescape(str(s["player"])) for s in mine if s.get("player") is not None]
        who = f" ({', '.join(players)})" if players else ""
        sides.append(f"{esc(names)}{esc(who)} <b>{esc(str(points))}</b>")
    return " · ".join(sides)


def face_up_html(seats: list[FaceUpSeat], note: str = "") -> str:
    """The watched table face up: trump, the trick on the table, then every seat's cards."""
    if not seats:
        return '<p class="note">Waiting for the table\'s view…</p>'
    view = seats[0].view
    trump = getattr(view, "trump", None)
    trump_words = "not named yet" if trump is None else f"{trump.symbol} {trump.plural}"
    trick = " ".join(f"{s.name} {render.face(c, small=True)}" for s, c in getattr(view, "trick_plays", ()))
    # the bidding is about the up card (classic): the teacher sees it until trump is named
    up_card = getattr(view, "up", None)
    up = (
        f" · <span>Up card: {render.face(up_card, small=True)}</span>"
        if isinstance(up_card, Card) and trump is None
        else ""
    )
    info = (
        f'<div class="et-watch-info"><span class="ec-trump">Trump: {esc(trump_words)}'
        f"{esc(_maker_words(view, seats)) if trump is not None else ''}</span>"
        f" · <span>Dealer: {esc(view.dealer.name)}</span>"
        f"{up}"
        f"{' · <span>Trick: ' + trick + '</span>' if trick else ''}</div>"
    )
    parts = []
    for s in seats:
        v = s.view
        acting = v.to_act is not None and v.to_act == v.seat
        tricks = sum(1 for t in v.tricks if t.winner == v.seat)
        cards = render.faces(render.hand_order(list(v.hand), trump), small=True) if v.hand else "no cards"
        who = _player_words(s.player, s.computer)
        state = "" if s.player is None else (" · connected" if s.connected else " · not connected")
        parts.append(
            f'<div class="fu-seat{" to-act" if acting else ""}" aria-label="{esc(s.seat)}: {esc(who)}">'
            f'<div><span class="fu-name">{esc(s.seat)} · {esc(who)}</span>{esc(state)}'
            f"{' · <b>to act</b>' if acting else ''}</div>"
            f'<div class="fu-cards">{cards}</div><div class="note">tricks {tricks}</div></div>'
        )
    note_html = f'<p class="note">{esc(note)}</p>' if note else ""
    return f'{info}<div class="et-face-up">{"".join(parts)}</div>{note_html}'


def _maker_words(view: Any, seats: list[FaceUpSeat]) -> str:
    """Who made trump (the maker, or the high bidder), by seat and player, and whether alone."""
    maker = getattr(view, "maker", None) or getattr(view, "bidder", None)
    if maker is None:
        return ""
    seat = str(getattr(maker, "name", maker))
    player = next((s.player for s in seats if s.seat == seat), None)
    alone = getattr(view, "alone", None)
    return (
        f", made by {seat}" + (f" · {player}" if player else " · the computer") + (", alone" if alone else "")
    )


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}{'es' if noun.endswith('ch') else 's'}"


class TeacherTablesApp(w.VBox):  # type: ignore[misc]
    """The teacher's tables (see the module doc)."""

    def __init__(self, desk: TeacherDesk, *, poll: float | None = POLL_SECONDS) -> None:
        super().__init__()
        self.desk = desk
        self._lock = threading.RLock()
        self._drawn: list[dict[str, Any]] | None = None
        self.style_html = w.HTML(f"<style>{CSS}\n{CLASSIC_CSS}\n{SHARED_CSS}\n{TEACHER_CSS}</style>")
        show(self.style_html, False)
        self.title = w.HTML("<h2>The class's tables</h2>")
        self.title.add_class("et-title")
        self.message = w.HTML()
        self.message.add_class("euchre-message")
        self.tables_box = w.VBox()
        self.tables_box.add_class("et-teacher-tables")
        # closing asks first
        self.closing: str | None = None
        self.confirm_text = w.HTML()
        self.confirm_yes = button(
            "Yes, close it", "Close the table: its players are told", self._close_confirmed, "et-close-yes"
        )
        self.confirm_no = button("Keep it", "Keep the table open", self._close_cancelled, "et-close-no")
        self.confirm = w.HBox([self.confirm_text, self.confirm_yes, self.confirm_no])
        self.confirm.add_class("et-close-confirm")
        show(self.confirm, False)
        # the watched table, face up
        self.watch_title = w.HTML()
        self.watch_html = w.HTML()
        self.watch_html.add_class("et-watch")
        self.stop_button = button("Stop watching", "Stop watching this table", self._stop, "et-stop-watch")
        self.watch_box = w.VBox([self.watch_title, self.watch_html, self.stop_button])
        show(self.watch_box, False)
        # the class's finished matches
        self.download_button = button(
            "Download the finished matches",
            "One zip of save files, a folder per seat, for euchre-tutor report and the Practice page",
            self._download,
            "et-download",
        )
        self.download_link = w.HTML()
        download = w.VBox([w.HBox([self.download_button, self.download_link])])
        self.children = [
            self.style_html,
            self.title,
            self.message,
            self.tables_box,
            self.confirm,
            self.watch_box,
            download,
        ]
        self.add_class("et-teacher-page")
        self.add_class("euchre-app")
        desk.subscribe(self._on_change)
        desk.refresh()
        self.refresh_tables()
        if poll:
            desk.start_polling(poll)

    # -- drawing ----------------------------------------------------------------------------

    def _on_change(self, topic: str) -> None:
        if topic == "tables":
            self.refresh_tables()
        elif topic == "watch":
            self.refresh_watch()
        elif topic == "message":
            self.refresh_message()

    def refresh_message(self) -> None:
        text, is_error = self.desk.message, self.desk.message_is_error
        kind = "error" if is_error else ("info" if text else "empty")
        role = "alert" if is_error else "status"
        self.message.value = f'<div class="msg {kind}" role="{role}" aria-live="polite">{esc(text)}</div>'

    def refresh_tables(self) -> None:
        with self._lock:
            tables = list(self.desk.tables)
            if tables == self._drawn:
                return
            self._drawn = tables
            if not tables:
                empty = w.HTML(
                    '<p class="note">No table yet: students create tables in the lobby; this list shows them '
                    "as they come, every few seconds.</p>"
                )
                self.tables_box.children = [empty]
            else:
                self.tables_box.children = [self._row(t) for t in tables]
            self.refresh_watch()

    def _row(self, table: dict[str, Any]) -> w.HBox:
        table_id = str(table["id"])
        text = w.HTML(table_row_html(table))
        text.add_class("et-row-text")
        watch = button(
            "Watch", f"Watch table {table_id} face up", lambda: self.watch(table_id), "et-watch-button"
        )
        close = button(
            "Close…", f"Close table {table_id}", lambda: self.ask_close(table_id), "et-close-button"
        )
        row = w.HBox([text, watch, close])
        row.add_class("et-teacher-row")
        return row

    def refresh_watch(self) -> None:
        with self._lock:
            watched = self.desk.watched
            show(self.watch_box, watched is not None)
            if watched is None:
                self.watch_html.value = ""
                return
            summary = self.desk.summary(watched) or {}
            title = summary.get("title", "")
            self.watch_title.value = (
                f"<h3>Watching table <code>{esc(watched)}</code> face up {esc(str(title))}</h3>"
                f"{seats_line_html(list((self.desk.frame or summary).get('seats', [])))}"
            )
            try:
                body = face_up_html(self.desk.seats_face_up(), self.desk.note)
            except EuchreError as exc:  # a view the game cannot read: say so, keep the page
                body = f'<p class="note">This table\'s view cannot be shown: {esc(str(exc))}</p>'
            self.watch_html.value = body

    # -- clicks -------------------------------------------------------------------------------

    def watch(self, table_id: str) -> None:
        self.desk.watch(table_id)

    def _stop(self) -> None:
        self.desk.stop_watching()

    def ask_close(self, table_id: str) -> None:
        self.closing = table_id
        self.confirm_text.value = (
            f"<b>Close table <code>{esc(table_id)}</code>?</b> Its players are told and its match ends "
            "here (a match closed before its end is not among the finished matches)."
        )
        show(self.confirm, True)

    def _close_confirmed(self) -> None:
        table_id, self.closing = self.closing, None
        show(self.confirm, False)
        if table_id is not None:
            self.desk.close_table(table_id)

    def _close_cancelled(self) -> None:
        self.closing = None
        show(self.confirm, False)

    def _download(self) -> None:
        matches = self.desk.finished_matches()
        if matches is None:
            self.download_link.value = ""
            return
        data, files = matches_zip(matches)
        if not files:
            self.download_link.value = (
                '<span class="note">No finished match with a student yet: nothing to download.</span>'
            )
            return
        self.download_link.value = data_link(
            data,
            "class-matches.zip",
            f"⬇ class-matches.zip ({_count(files, 'save file')} of {_count(len(matches), 'match')}: a folder "
            "per seat; "
            "euchre-tutor report --seat SEAT FOLDER/SEAT/*.json)",
            "application/zip",
        )

    def close(self) -> None:
        self.desk.close()
        super().close()


def teacher_tables_page(
    environ: Mapping[str, str] | None = None, *, poll: float | None = POLL_SECONDS
) -> w.Widget:
    """The teacher's tables page, or a message saying what is missing (no service, no teacher's token)."""
    env = os.environ if environ is None else environ
    address = teacher_address(env)
    if address is None:
        return message_page(missing_teacher_words(env))
    try:
        desk = TeacherDesk.connect(address[0], address[1])
    except EuchreError as exc:
        return message_page(str(exc))
    return TeacherTablesApp(desk, poll=poll)
