"""A shared table's page: one student's seat at a table the table service holds, in the tables' look.

:class:`SharedTableApp` draws a :class:`~euchre_tutor.session.shared_table.SharedTableController`'s
latest seat view with the pieces of today's tables (the table of seats and the trick, the hand's
card buttons, the decision buttons, the message line, the hint panel), plus what a shared table
adds: who sits where and who is connected, the time left, the chat when the table allows it, and
after each hand the review of the student's own decisions. It updates in place when the controller
or its tutor announces a change (possibly from the connection's thread: the redraw holds a lock).

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

from euchre_tutor.advisor.session import SessionStats
from euchre_tutor.advisor.shared import KEY_MOMENTS
from euchre_tutor.cards import Card, describe_rank, is_trump
from euchre_tutor.errors import EuchreError
from euchre_tutor.protocol.schema import PRESET_PHRASES
from euchre_tutor.rules.games import find_game
from euchre_tutor.session.class_store import ClassStore
from euchre_tutor.session.remote_seat import RemoteSeat
from euchre_tutor.session.seats import positions
from euchre_tutor.session.shared_table import (
    SeatKeys,
    SharedTableController,
    missing_service_words,
    service_address,
)
from euchre_tutor.session.tutor import TableTutor, tutor_class
from euchre_tutor.widgets import render
from euchre_tutor.widgets.depth import DEPTH_CSS
from euchre_tutor.widgets.retry import RetryCase, RetryPanel, drills_html, tutor_moments
from euchre_tutor.widgets.stats import SessionChart
from euchre_tutor.widgets.style import CLASSIC_CSS, CSS
from euchre_tutor.widgets.table import CardTable, button, show
from euchre_tutor.widgets.table_app import ActionRow, HintPanel, TutorHtml, retry_case, seat_html, trick_html

__all__ = ["SharedTableApp", "message_page", "page_query", "shared_table_page"]

esc = render.esc

SHARED_CSS = """
.et-shared-seats { display:flex; flex-wrap:wrap; gap:6px; margin:4px 0; }
.et-shared-seats .st { border:1px solid #ccd; border-radius:6px; padding:2px 8px; font-size:13px; }
.et-shared-seats .st.me { border-color:#1565c0; font-weight:600; }
.et-shared-seats .dot { display:inline-block; width:8px; height:8px; border-radius:50%; margin-right:4px;
  background:#9e9e9e; }
.et-shared-seats .st.on .dot { background:#2e7d32; }
.et-shared-time { font-variant-numeric: tabular-nums; }
.et-chat-log { max-height:140px; overflow-y:auto; font-size:13px; border:1px solid #e0e0e0; padding:4px; }
.et-shared-review li { margin:2px 0; }
.et-countdown { font-variant-numeric: tabular-nums; margin:2px 0; }
.et-countdown.mine b { color:#b71c1c; font-size:18px; }
.et-watch-hands .et-watch-hand { margin:2px 0; }
"""


def _label(action: Any) -> str:
    """An action as its button says it: the deck's words with the suits' symbols."""
    text = str(action)
    for suit, symbol in (("C", "♣"), ("D", "♦"), ("H", "♥"), ("S", "♠")):
        if text.endswith(f" {suit}"):
            text = text[:-1] + symbol
    return text.replace("order", "order up", 1) if text.startswith("order") else text


def _upper_first(text: str) -> str:
    return text[:1].upper() + text[1:]


def _card_of(action: Any) -> Card | None:
    card = getattr(action, "card", None)
    return card if isinstance(card, Card) and not getattr(action, "cards", None) else None


class SharedTableApp(CardTable):
    """One seat (or a watcher) at a shared table (see the module doc).

    The student's seat has the one-person table's tutor of the game (its :class:`TableTutor`, on a
    :class:`~euchre_tutor.session.remote_seat.RemoteSeat`), drawn with the game's own hint and review
    HTML; ``tutor_options`` go to the tutor (``runner``, ``source``, ``worlds``...). ``store``: where
    the student's drills are kept by name (the class's store by default, when the server has one)."""

    def __init__(
        self,
        controller: SharedTableController,
        *,
        store: ClassStore | None = None,
        **tutor_options: Any,
    ) -> None:
        super().__init__(slots=8)
        self.controller = controller
        self.seat = RemoteSeat(controller)
        self.tutor: TableTutor[Any, Any, Any] | None = None
        self.hints: TutorHtml | None = None
        self._review_step = 0
        self._make_tutor(store if store is not None else ClassStore.from_env(), tutor_options)
        self._lock = threading.RLock()
        self.style_html = w.HTML(f"<style>{CSS}\n{CLASSIC_CSS}\n{DEPTH_CSS}\n{SHARED_CSS}</style>")
        show(self.style_html, False)
        self.title = w.HTML()
        self.title.add_class("et-title")
        self.seats_html = w.HTML()
        self.seats_html.add_class("et-shared-seats-box")
        self.time_html = w.HTML()
        self.time_html.add_class("et-shared-time")
        self.table_html = w.HTML()
        self.table_html.add_class("euchre-table")
        self.prompt = w.HTML()
        self.prompt.add_class("euchre-prompt")
        self.bids = ActionRow(6, self._act)
        hand = w.HBox(self.cards)
        hand.add_class("euchre-hand")
        self.start_button = button(
            "Start", "Start the match (empty seats are played by the computer)", self._start, "et-start"
        )
        self.stand_button = button(
            "Give up my seat", "Leave this seat to the computer", self._stand, "et-stand"
        )
        # the tutor: the hint panel (only at a table that allows suggestions), the review after each hand
        self.hint = HintPanel(
            shown=False,
            grading=True,
            on_toggle=self._toggle_hint,
            on_grade=lambda _on: None,
            on_depth=self.refresh_hint,
        )
        show(self.hint.grade, False)
        self._build_review()
        self.bidding = w.HTML()
        self.bidding.add_class("euchre-bidding")
        self.watch_hands = w.HTML()
        self.watch_hands.add_class("et-watch-hands")
        self._build_chat()
        self._lay_out(hand)
        controller.subscribe(self._on_change)
        if self.tutor is not None:
            self.tutor.subscribe(lambda _t: self.refresh_hint())
        self.refresh()
        # the countdown, redrawn each second on the kernel (the service sends the time left with each view)
        self._stop = threading.Event()
        self._ticker = threading.Thread(target=self._tick, name="euchre-countdown", daemon=True)
        self._ticker.start()

    def _build_review(self) -> None:
        """After each hand: the review (opened by the student), a retry of its key moments, the drills
        and the session's statistics, as the one-person tables have them."""
        self.review_toggle = w.ToggleButton(
            value=False, description="Review the last hand", tooltip="Your decisions of the hand just played"
        )
        self.review_toggle.add_class("et-review-toggle")
        self.review_toggle.observe(lambda _ch: self.refresh_hint(), names="value")
        self.review = w.HTML()
        self.review.add_class("et-shared-review")
        self.review_prev = button("◀ Back", "The previous step of the hand", lambda: self._step(-1), "et-ctl")
        self.review_next = button("Next ▶", "The next trick of the hand", lambda: self._step(1), "et-ctl")
        self.review_nav = w.HBox([self.review_prev, self.review_next])
        self.review_nav.add_class("ec-stepnav")
        self.retry = RetryPanel(KEY_MOMENTS, lambda text: self._show_message(text, True))
        self.drills = w.HTML()
        self.drills.add_class("et-shared-drills")
        self.stats = SessionChart(
            self.tutor.stats if self.tutor is not None else SessionStats(), title="Your session", report=False
        )

    def _build_chat(self) -> None:
        """The chat: its log, a line of text or a preset phrase, and Send."""
        self.chat_log = w.HTML()
        self.chat_log.add_class("et-chat-log")
        self.chat_text = w.Text(placeholder="Say something to the table", layout=w.Layout(width="260px"))
        self.chat_text.add_class("et-chat-text")
        self.chat_phrase = w.Dropdown(
            options=[(p, i) for i, p in enumerate(PRESET_PHRASES)], layout=w.Layout(width="200px")
        )
        self.chat_phrase.add_class("et-chat-phrase")
        self.chat_send = button("Send", "Send to everyone at the table", self._send_chat, "et-chat-send")
        self.chat = w.VBox([self.chat_log, w.HBox([self.chat_text, self.chat_phrase, self.chat_send])])
        self.chat.add_class("et-chat")

    def _lay_out(self, hand: w.HBox) -> None:
        """The page: the header, the message line, and the table with the hand (``hand``) beside the
        tutor's side panel and the chat."""
        self.keep_link = w.HTML()
        header = w.VBox([self.title, self.seats_html, self.time_html, self.keep_link])
        play = w.VBox(
            [
                self.table_html,
                self.watch_hands,
                self.prompt,
                self.bids,
                hand,
                w.HBox([self.start_button, self.stand_button]),
            ]
        )
        play.layout = w.Layout(flex="3 1 0", min_width="0")
        side = w.VBox(
            [
                self.hint,
                self.bidding,
                self.review_toggle,
                self.review,
                self.review_nav,
                self.retry,
                self.drills,
                self.stats,
                self.chat,
            ],
            layout=w.Layout(flex="2 1 0", min_width="0"),
        )
        side.add_class("et-side")
        main = w.HBox([play, side])
        main.add_class("et-main")
        self.children = [self.style_html, header, self.message, main]
        self.add_class("et-shared-table")
        self.add_class("euchre-classic")  # the tables' look: seats around the trick

    def _make_tutor(self, store: ClassStore | None, options: dict[str, Any]) -> None:
        """The game's tutor on the student's seat (none for a watcher, or before a table is chosen)."""
        spec = self.controller.spec
        if spec is None or self.controller.seat is None:
            return
        app = find_game(spec.name).table_app()  # the game's table: its hints' HTML, its tutor
        self.hints = app.HINTS
        self.tutor = tutor_class(spec.name).for_seat(self.seat, **options)
        if store is not None:
            self.tutor.keep_drills(store, self.controller.name)

    # -- clicks --------------------------------------------------------------------------

    def _card_clicked(self, card: Card) -> None:
        self.controller.click_card(card)
        self.refresh()

    def _act(self, action: Any) -> None:
        self.controller.act(action)
        self.refresh()

    def _start(self) -> None:
        self.controller.start()
        self.refresh()

    def _stand(self) -> None:
        self.controller.stand()
        self.refresh()

    def _toggle_hint(self, on: bool) -> None:
        if self.tutor is not None:
            self.tutor.set_show_hint(on)
        self.refresh_hint()

    def _step(self, by: int) -> None:
        self._review_step = max(0, self._review_step + by)
        self.refresh_hint()

    def _send_chat(self) -> None:
        c = self.controller
        if c.options.get("chat") == "preset":
            ok = c.send_chat(phrase=int(self.chat_phrase.value))
        else:
            ok = c.send_chat(text=str(self.chat_text.value))
            if ok:
                self.chat_text.value = ""
        if not ok:
            self.refresh_message()

    # -- drawing ---------------------------------------------------------------------------

    def _on_change(self, topic: str) -> None:
        if topic == "message":
            self.refresh_message()
        elif topic == "chat":
            self.refresh_chat()
        else:
            self.refresh()

    def refresh_message(self) -> None:
        with self._lock:
            self._show_message(self.controller.message, self.controller.message_is_error)

    def refresh(self) -> None:
        with self._lock, self.hold_sync():
            c = self.controller
            self._set(self.title, "value", self._title_html())
            self._set(self.seats_html, "value", self._seats_html())
            self._set(self.time_html, "value", self._countdown_html())
            view = c.view
            show(self.start_button, c.seat is not None and not c.started)
            show(self.stand_button, c.seat is not None)
            drawn = view if view is not None else next(iter(c.views.values()), None)
            self._set(self.table_html, "value", "" if drawn is None else self._table_html(drawn))
            self._set(self.watch_hands, "value", self._watch_hands_html())
            self._set(self.prompt, "value", self._prompt_html())
            legal = c.legal
            self.bids.show_actions(
                [a for a in legal if _card_of(a) is None],
                _label,
                lambda a: f"{_label(a)}",
                lambda a: str(a).endswith((" H", " D")),
            )
            self._refresh_hand(view)
            self._show_message(c.message, c.message_is_error)
            show(self.chat, c.options.get("chat", "none") != "none")
            show(self.chat_text, c.options.get("chat") == "text")
            show(self.chat_phrase, c.options.get("chat") == "preset")
        self.refresh_chat()
        self.refresh_hint()

    def _tick(self) -> None:
        while not self._stop.wait(1.0):
            self.refresh_time()

    def refresh_time(self) -> None:
        """Redraw the countdown (each second, and with every view)."""
        with self._lock:
            self._set(self.time_html, "value", self._countdown_html())

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

    def _refresh_hand(self, view: Any) -> None:
        cards = [] if view is None else render.hand_order(view.hand, view.trump)
        trump = None if view is None else view.trump
        for i in range(len(self.cards)):
            card = cards[i] if i < len(cards) else None
            if card is None:
                self._show_slot(i, None, {"empty"}, "empty", "")
                continue
            action = self.controller.card_action(card)
            want = {"euchre-card", f"c-{card}", "red" if card.is_red else "black"}
            want.add(f"s-{card.suit.value}" if card.suit is not None else "joker")
            if trump is not None and is_trump(card, trump):
                want.add("trump")
            if action is not None:
                want.add("playable")
                rank = describe_rank(card, trump) if trump is not None or card.suit else ""
                tip = f"{action.kind.capitalize()} the {card.name}" + (f": {rank}" if rank else "")
            else:
                want |= {"disabled", "wait" if not self.controller.my_turn else "illegal"}
                tip = "Not your turn" if not self.controller.my_turn else "Not a legal card now"
            self._show_slot(i, card, want, card.name, tip)

    def _title_html(self) -> str:
        c = self.controller
        if c.table is None:
            return "<h1>Shared table</h1><div class='sub'>You are at no table: join one from the lobby.</div>"
        who = f"you sit at {c.seat}" if c.seat else "you are watching"
        return (
            f"<h1>{esc(_upper_first(str(c.table.get('title', 'shared table'))))}</h1>"
            f"<div class='sub'>Shared table {esc(str(c.table_id))} · {esc(c.name)}, {esc(who)}</div>"
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
                f'<span class="{" ".join(classes)}" aria-label="{esc(str(s.get("seat")))}: {esc(name)}, {state}">'
                f'<span class="dot" aria-hidden="true"></span>{esc(str(s.get("seat")))} · {esc(name)}</span>'
            )
        return f'<div class="et-shared-seats" role="list">{"".join(parts)}</div>'

    def _table_html(self, view: Any) -> str:
        me = view.seat
        pos = positions(me)
        seats = me.seating.seats
        out = (
            view.sitting_out
            if isinstance(view.sitting_out, frozenset)
            else frozenset(() if view.sitting_out is None else (view.sitting_out,))
        )
        my_plays = sum(1 for t in view.tricks for s, _ in t.plays if s == me) + sum(
            1 for s, _ in view.trick_plays if s == me
        )
        dealt = len(view.hand) + my_plays
        hide = bool(self.controller.options.get("hide_points"))
        parts = []
        for seat in seats:
            plays = sum(1 for t in view.tricks for s, _ in t.plays if s == seat) + sum(
                1 for s, _ in view.trick_plays if s == seat
            )
            badges = []
            if seat == view.dealer:
                badges.append("dealer")
            maker = getattr(view, "maker", None) or getattr(view, "bidder", None)
            if seat == maker:
                badges.append("maker")
            acting = view.to_act == seat
            if acting:
                badges.append("to act")
            tricks = 0 if hide else sum(1 for t in view.tricks if t.winner == seat)
            parts.append(
                seat_html(
                    seat,
                    me,
                    pos[seat],
                    badges,
                    acting=acting,
                    out=seat in out,
                    count=0 if seat in out else max(0, dealt - plays),
                    tricks=tricks,
                )
            )
        center = trick_html(view, seats, pos, out, lambda text: text)
        trump = "" if view.trump is None else f"Trump: {view.trump.symbol} {view.trump.plural}"
        up = getattr(view, "up", None)
        up_html = "" if up is None else f"<span class='cap'>Up card</span>{render.face(up)}"
        scores = " · ".join(f"{t.name} {view.scores[t.index]}" for t in me.seating.teams)
        info = (
            f'<div class="ec-info">{up_html}<span class="ec-trump">{esc(trump)}</span>'
            f'<span class="note">Score: {esc(scores)}</span></div>'
        )
        # the table's version on the page: a test or a benchmark can tell this view from the one before
        version = self.controller.version
        return (
            f'<div class="ec-table ec-n{me.seating.players}" data-version="{version}">'
            f"{info}{''.join(parts)}{center}</div>"
        )

    def _prompt_html(self) -> str:
        c = self.controller
        if c.table is None:
            return ""
        if not c.started:
            text = "Waiting for the players: press Start when everyone is seated (the computer plays empty seats)."
        elif c.over:
            text = "The match is over."
        elif c.seat is None:
            text = f"{c.turn} is to act."
        else:
            text = self.seat.prompt()
        return f'<p class="et-prompt" role="status">{esc(text)}</p>'

    def refresh_chat(self) -> None:
        lines = [
            f"<div><b>{m.get('from', '')}</b> ({esc(str(m.get('seat') or 'watching'))}): {m.get('text', '')}</div>"
            for m in list(self.controller.chat)
        ]  # the service sends names and text HTML-escaped: shown as they came, never unescaped
        with self._lock:
            self._set(self.chat_log, "value", "".join(lines) or "<div class='none'>No messages yet.</div>")

    def refresh_hint(self) -> None:
        """The tutor's parts: the hint (where the table allows it), the bidding of the hand, and after
        a hand its review with the retry of its key moments, the drills and the statistics; each drawn
        as the game's one-person table draws it."""
        t = self.tutor
        with self._lock, self.hint.hold_sync():
            self._set(self.bidding, "value", self._bidding_html())
            show(self.hint, t is not None)
            show(self.stats, t is not None)
            if t is None or self.hints is None:
                show(self.review_toggle, False)
                show(self.review_nav, False)
                return
            show(self.hint.toggle, t.hint_allowed)
            depth = self.hint.depth.depth
            self.hint.analysing(t.analysing and self.hint.shown)
            status, body = self._hint_html(t, self.hints)
            self._set(self.hint.status, "value", status)
            self._set(self.hint.body, "value", body)
            # a table without suggestions grades after the hand only: no grade during play
            line = self.hints.grade_line(t, depth) if t.hint_allowed else ""
            self._set(self.hint.grade_line, "value", line)
            review = t.review()
            show(self.review_toggle, review is not None)
            shown = review is not None and bool(self.review_toggle.value)
            self._set(self.review, "value", self._review_html(t, self.hints, review) if shown else "")
            steps = len(getattr(review, "steps", ())) if shown else 0
            show(self.review_nav, steps > 1)
            self._set(self.review_prev, "disabled", self._review_step <= 0)
            self._set(self.review_next, "disabled", self._review_step >= steps - 1)
            self._set(self.drills, "value", self._drills_html(t) if review is not None else "")
        self.retry.refresh(self._moments(review) if shown else [])

    def _hint_html(self, t: TableTutor[Any, Any, Any], hints: TutorHtml) -> tuple[str, str]:
        """The hint panel's status line and body, as the one-person table draws them."""
        if not t.hint_allowed:
            return (
                '<span class="et-status">This table allows no suggestions during play: your grades come '
                "after each hand.</span>",
                "",
            )
        depth = self.hint.depth.depth
        status = hints.status(t, depth) if self.hint.shown else ""
        if not self.hint.shown:
            return status, ""
        hint = t.current_hint
        if hint is not None and self.controller.my_turn and hints.body is not None:
            return status, hints.body(t, hint, depth)
        if not self.controller.my_turn:
            return status, "<p>The hint comes on your turn.</p>"
        return status, hints.placeholder(t)

    def _bidding_html(self) -> str:
        """Who bid what in the hand on the table, by name (the seat's log of it)."""
        logs = self.seat.hand_logs()
        if not logs or self.controller.seat is None or not self.controller.started:
            return ""
        log = logs[-1]
        lines = "".join(f"<li>{esc(line)}</li>" for line in log.bidding) or "<li>No bids yet.</li>"
        dealer = self.seat.who(log.dealer)
        return (
            f"<b>Bidding · hand {log.number}</b> · {esc(dealer[:1].upper() + dealer[1:])} "
            f"{'deal' if dealer == 'you' else 'deals'}<ol class='ec-bidlog'>{lines}</ol>"
        )

    def _review_html(self, t: TableTutor[Any, Any, Any], hints: TutorHtml, review: Any) -> str:
        """The last finished hand's review, in the game's words, at the chosen depth."""
        if hints.review is None:
            return ""
        steps = len(getattr(review, "steps", ())) or 1
        self._review_step = min(self._review_step, steps - 1)
        return hints.review(t, review, self._review_step, self.hint.depth.depth)

    def _moments(self, review: Any) -> list[tuple[Any, str, Any]]:
        """The reviewed hand's key moments, as the retry panel lists them."""
        t, hints = self.tutor, self.hints
        if t is None or hints is None:
            return []

        def case(d: Any) -> RetryCase:
            return retry_case(t, hints, d, lambda: self.hint.depth.depth, t._label)

        return tutor_moments(t, review.number, hints.moment_words, case)

    def _drills_html(self, t: TableTutor[Any, Any, Any]) -> str:
        if t.store is None or not len(t.drills):
            return drills_html(t.drills)
        n = len(t.drills)
        kept = (
            f"<p class='et-teach'>{esc(t.store_error)}</p>"
            if t.store_error
            else "<p>They are kept on the class server under your name: the Practice page finds them.</p>"
        )
        return (
            f'<div class="et-drills">Your drills: <b>{n}</b> position{"" if n == 1 else "s"} from your '
            f"Mistakes and Blunders at this table.{kept}</div>"
        )

    def close(self) -> None:
        self._stop.set()
        if self.tutor is not None:
            self.tutor.close()
        self.controller.close()
        super().close()


def message_page(text: str) -> w.HTML:
    """A page's teaching message when it cannot work (no service, a wrong address...)."""
    box = w.HTML(f'<div class="et-teach" role="status"><p>{esc(text)}</p></div>')
    box.add_class("et-missing-service")
    return box


def page_query(query: str | None = None) -> dict[str, str]:
    """The page address's query (Voila gives it to the kernel as ``QUERY_STRING``): first values."""
    text = os.environ.get("QUERY_STRING", "") if query is None else query
    return {k: v[0] for k, v in urllib.parse.parse_qs(text).items() if v}


def shared_table_page(
    environ: Mapping[str, str] | None = None,
    query: Mapping[str, str] | None = None,
    keys: SeatKeys | None = None,
) -> w.Widget:
    """The shared table's page: the app at the table the address names, or a message saying what is missing."""
    address = service_address(environ)
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
    app = SharedTableApp(controller)
    kept = controller.keys.get(address[0], table, controller.name)
    if kept is not None and not q.get("key"):
        link = {"table": table, "name": controller.name, "seat": kept[0], "key": kept[1]}
        app.keep_link.value = (
            f'<p class="et-keep-link">Keep <a href="?{esc(urllib.parse.urlencode(link))}">this link</a>: '
            "it brings you back to your seat.</p>"
        )
    return app
