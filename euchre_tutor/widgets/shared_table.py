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

import functools
import html
import os
import threading
import urllib.parse
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import ipywidgets as w

from euchre_tutor.cards import Card, describe_rank, is_trump
from euchre_tutor.errors import EuchreError
from euchre_tutor.service.wire import PRESET_PHRASES
from euchre_tutor.session.class_store import ClassStore
from euchre_tutor.session.seats import positions
from euchre_tutor.session.shared_table import (
    Decision,
    SeatKeys,
    SharedTableController,
    SharedTutor,
    missing_service_words,
    service_address,
)
from euchre_tutor.widgets import render
from euchre_tutor.widgets.depth import DEPTH_CSS, explanation_html
from euchre_tutor.widgets.retry import RetryCase, RetryPanel, drills_html
from euchre_tutor.widgets.stats import SessionChart
from euchre_tutor.widgets.style import CLASSIC_CSS, CSS
from euchre_tutor.widgets.table import CardTable, button, show
from euchre_tutor.widgets.table_app import ActionRow, HintPanel, seat_html, trick_html

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
    """One seat (or a watcher) at a shared table (see the module doc)."""

    def __init__(self, controller: SharedTableController, tutor: SharedTutor | None = None) -> None:
        super().__init__(slots=8)
        self.controller = controller
        self.tutor = tutor if tutor is not None else SharedTutor(controller, store=ClassStore.from_env())
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
        # after each hand: the review (opened by the student), a retry of its key moments, the drills and
        # the session's statistics, as the one-person tables have them
        self.review_toggle = w.ToggleButton(
            value=False, description="Review the last hand", tooltip="Your decisions of the hand just played"
        )
        self.review_toggle.add_class("et-review-toggle")
        self.review_toggle.observe(lambda _ch: self.refresh_hint(), names="value")
        self.review = w.HTML()
        self.review.add_class("et-shared-review")
        self.retry = RetryPanel(3, lambda text: self._show_message(text, True))
        self.drills = w.HTML()
        self.drills.add_class("et-shared-drills")
        self.stats = SessionChart(self.tutor.stats, title="Your session", report=False)
        self.watch_hands = w.HTML()
        self.watch_hands.add_class("et-watch-hands")
        # the chat
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
            [self.hint, self.review_toggle, self.review, self.retry, self.drills, self.stats, self.chat],
            layout=w.Layout(flex="2 1 0", min_width="0"),
        )
        side.add_class("et-side")
        main = w.HBox([play, side])
        main.add_class("et-main")
        self.children = [self.style_html, header, self.message, main]
        self.add_class("et-shared-table")
        self.add_class("euchre-classic")  # the tables' look: seats around the trick
        controller.subscribe(self._on_change)
        self.tutor.subscribe(lambda _t: self.refresh_hint())
        self.refresh()
        # the countdown, redrawn each second on the kernel (the service sends the time left with each view)
        self._stop = threading.Event()
        self._ticker = threading.Thread(target=self._tick, name="euchre-countdown", daemon=True)
        self._ticker.start()

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
        self.tutor.set_show_hint(on)
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
        elif c.my_turn:
            text = "Your turn: choose a card or a bid."
        else:
            text = f"Waiting for {c.turn}."
        return f'<p class="et-prompt" role="status">{esc(text)}</p>'

    def refresh_chat(self) -> None:
        lines = [
            f"<div><b>{m.get('from', '')}</b> ({esc(str(m.get('seat') or 'watching'))}): {m.get('text', '')}</div>"
            for m in list(self.controller.chat)
        ]  # the service sends names and text HTML-escaped: shown as they came, never unescaped
        with self._lock:
            self._set(self.chat_log, "value", "".join(lines) or "<div class='none'>No messages yet.</div>")

    def refresh_hint(self) -> None:
        t = self.tutor
        with self._lock, self.hint.hold_sync():
            show(self.hint, self.controller.seat is not None)
            show(self.hint.toggle, t.allowed)
            shown = self.hint.shown
            body = ""
            status = ""
            if shown:
                advice = t.current_hint()
                if advice is not None:
                    body = explanation_html(advice.explanation, self.hint.depth.depth)
                else:
                    status = t.hint_refusal() or "Analysing your turn…"
            elif not t.allowed:
                status = "This table allows no suggestions during play: your grades come after each hand."
            self._set(self.hint.body, "value", body)
            self._set(self.hint.status, "value", f"<p>{esc(status)}</p>" if status else "")
            show(self.review_toggle, self.controller.seat is not None and bool(t.finished))
            self._set(self.review, "value", self._review_html())
            self._set(self.drills, "value", self._drills_html())
            show(self.stats, self.controller.seat is not None)
        self.retry.refresh(self._moments())

    def _review_html(self) -> str:
        """The last hand's review, when the student opened it: each decision, the best one, its grade and
        cost, the key moments starred, and the hint's own words for each (at the chosen depth)."""
        t = self.tutor
        if not t.finished or not self.review_toggle.value:
            return ""
        number = t.finished[-1]
        if number not in t.graded:
            return f"<p class='et-status'>Hand {number}: grading your decisions…</p>"
        depth = self.hint.depth.depth
        decisions = [d for d in t.review(number) if not d.forced and d.grade is not None]
        points = t.points(number)
        result = f"Hand {number}" + (
            "" if points is None else f": your side {'+' if points > 0 else ''}{points} against the others"
        )
        if not decisions:
            return f"<h3>{esc(result)}</h3><p>You had no choice to make in that hand.</p>"
        keys = {d.version for d in t.key_moments(number)}
        rows = [
            (_label(d.action), "" if d.advice is None else _label(d.advice.best), d.grade) for d in decisions
        ]
        total = Fraction(sum(float(d.grade.loss) for d in decisions)).limit_denominator(1000)
        stories = {
            i: " ".join(d.advice.explanation.sentences(depth))
            for i, d in enumerate(decisions)
            if d.advice is not None
        }
        marks = render.swing_marks(t.swings(number))
        by_row = {i: marks[d.version] for i, d in enumerate(decisions) if d.version in marks}
        review = render.review_html(
            result.replace("-", "−") + ".",
            rows,
            total,
            keys=frozenset(i for i, d in enumerate(decisions) if d.version in keys),
            swings=by_row,
            depth=depth,
            stories=stories,
        )
        # the luck and skill of the hand (and of the match so far), and its swings in words, as the
        # one-person tables' reviews say them
        said = [
            (i + 1, f"{d.where}, {_label(d.action)}", by_row[i])
            for i, d in enumerate(decisions)
            if i in by_row
        ]
        luck = render.luck_html(t.stats, t.game_name, id(t), number)
        return review + luck + render.swings_html(said)

    def _moments(self) -> list[tuple[Any, str, Any]]:
        """The last graded hand's key moments, as the retry panel lists them."""
        t = self.tutor
        if not t.graded or not self.review_toggle.value:
            return []
        return [
            (
                d.version,
                f"Retry: {_label(d.action)} ({d.grade.label})",
                functools.partial(self._retry_case, d),
            )
            for d in t.key_moments(t.graded[-1])
        ]

    def _retry_case(self, d: Decision) -> RetryCase:
        legal = tuple(d.view.legal)
        return RetryCase(
            self._retry_prompt(d),
            tuple(_label(a) for a in legal),
            lambda i: self._retry_result(d, legal[i]),
        )

    def _retry_prompt(self, d: Decision) -> str:
        view = d.view
        lines = [f"<p>Hand {d.hand}, {esc(d.where)}.</p>"]
        up = getattr(view, "up", None)
        if up is not None and view.trump is None:
            lines.append(f"<p>The up card: {render.face(up, small=True)}</p>")
        if view.trump is not None:
            lines.append(f"<p>Trump: {esc(view.trump.symbol)} {esc(view.trump.plural)}</p>")
        if view.bids:
            lines.append(f"<p>The bidding: {esc(', '.join(f'{s}: {_label(a)}' for s, a in view.bids))}</p>")
        if view.trick_plays:
            played = " ".join(f"{esc(str(s))} {render.face(c, small=True)}" for s, c in view.trick_plays)
            lines.append(f"<p>The trick so far: {played}</p>")
        hand = render.faces(render.hand_order(view.hand, view.trump), small=True)
        return (
            f'<div class="et-retry-position">{"".join(lines)}<div class="et-retry-hand">Your hand: {hand}</div>'
            "<p class='et-status'>The hint is hidden: choose as if for the first time. Your new answer is "
            "graded against the very analysis of your first one.</p></div>"
        )

    def _retry_result(self, d: Decision, action: Any) -> str:
        done = self.tutor.retry(d, action)
        depth = self.hint.depth.depth
        assert d.advice is not None  # a retried decision was graded
        return render.retry_result_html(
            _label(action),
            done.grade,
            render.loss_words(done.grade.loss, depth=depth),
            _label(d.action),
            d.grade,
            _label(d.advice.best),
            (),
        ) + explanation_html(d.advice.explanation, depth)

    def _drills_html(self) -> str:
        t = self.tutor
        if t.store is None or not len(t.drills):
            return drills_html(t.drills) if t.finished else ""
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
    elif not controller.resume(table) and q.get("seat"):
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
