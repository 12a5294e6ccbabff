"""The table app: every table feature written once, each game supplying hooks.

:class:`TableApp` is a trick-taking table with a tutor for the student's seat (every game's table:
Solitaire's of one seat, the classic and Bid tables alone or shared with other people), built once
and updated in place whenever the controller or the tutor announces a change: the header, table,
prompt and hand; the decision buttons; the controls (undo/redo, seed, rules, new match, four-colour
suits, the deal box, Save game); the hint panel; the review with its Retry panel and drills line;
Suggest, the session chart, the bidding and the trick log; the message banner and the end-of-hand
bar. The hand is a fixed row of card-slot buttons whose classes, labels and tooltips change only
where they differ, so a click never rebuilds the widget tree. When a hand is over, the hand's row
gives its place to the buttons that come next (``et-handend``: next hand, review), so they sit where
the student was looking, above the fold; the message line keeps its height when empty, so the table
never moves when a message appears.

A game subclasses it with its class constants (tooltips, file name, CSS, its hints module's
:class:`TutorHtml`) and hooks (its table HTML, controls rows, left column, hint body, review). The
pieces it is built of are in :mod:`~euchre_tutor.widgets.table_parts`, the HTML the tables draw alike
in :mod:`~euchre_tutor.widgets.table_html`.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Protocol, TypeVar

import ipywidgets as w

from euchre_tutor.advisor.session import SessionStats
from euchre_tutor.advisor.shared import KEY_MOMENTS, grade_scale
from euchre_tutor.advisor.voice import Depth
from euchre_tutor.cards import Card, describe_rank, is_trump
from euchre_tutor.errors import EuchreError
from euchre_tutor.session.observing import Table
from euchre_tutor.session.report_charts import data_link
from euchre_tutor.widgets import render
from euchre_tutor.widgets.retry import RetryCase, RetryPanel, tutor_drills_html, tutor_moments
from euchre_tutor.widgets.stats import SessionChart
from euchre_tutor.widgets.table import button, set_class, show
from euchre_tutor.widgets.table_html import with_version
from euchre_tutor.widgets.table_parts import (
    ActionRow,
    HintPanel,
    controls_box,
    forced_card_html,
    four_colour_box,
    seed_text,
    tutor_placeholder_html,
    tutor_status_html,
    uploaded_text,
)

__all__ = [
    "ActionRow",
    "HintPanel",
    "SeatParts",
    "TableApp",
    "TutorHtml",
    "controls_box",
    "forced_card_html",
    "four_colour_box",
    "retry_case",
    "seed_text",
    "tutor_placeholder_html",
    "tutor_status_html",
    "uploaded_text",
]

esc = render.esc

#: a game's controller and tutor (the game's app names them: ``TableApp[BidController, BidTutor]``)
ControllerT = TypeVar("ControllerT", bound=Table)
TutorT = TypeVar("TutorT", bound=Any)


# --------------------------------------------------------------------------- the table app


class SeatParts(Protocol):
    """What a table shared with other people adds to the one table (see
    :mod:`euchre_tutor.widgets.shared_table`): widgets under the header (who sits where, the time
    left), after the hand (Start, Give up my seat) and at the foot of the side panel (the chat); the
    title and, while the student is not asked to act, the prompt (None: the game's own)."""

    css: str
    header: Sequence[w.Widget]
    play: Sequence[w.Widget]
    side: Sequence[w.Widget]

    @property
    def hide_tricks(self) -> bool: ...
    @property
    def version(self) -> int: ...
    def title_html(self) -> str: ...
    def prompt_text(self) -> str | None: ...
    def refresh(self) -> None: ...
    def close(self) -> None: ...


@dataclass(frozen=True, slots=True)
class TutorHtml:
    """What a game's hints module draws for its table's tutor: the status line, the body while there is
    no hint, the grade line, a key moment's Retry words, a retry's position and its graded answer (the
    hint itself and the review are the game's table's hooks)."""

    status: Callable[[Any, Depth], str]
    placeholder: Callable[[Any], str]
    grade_line: Callable[[Any, Depth], str]
    moment_words: Callable[[Any, Any], str]
    retry_prompt: Callable[[Any], str]
    retry_result: Callable[[Any, Any, Depth], str]


def retry_case(
    tutor: Any, hints: TutorHtml, decision: Any, depth: Callable[[], Depth], label: Callable[[Any, Any], str]
) -> RetryCase:
    """A key moment posed again (the Retry panel's case): its position, an answer button per legal
    action (``label(action, view)``), and the graded answer (``depth()``: the depth chosen when it comes)."""

    def grade(i: int) -> str:
        return hints.retry_result(tutor, tutor.retry(decision, decision.view.legal[i]), depth())

    answers = tuple(label(a, decision.view) for a in decision.view.legal)
    return RetryCase(hints.retry_prompt(decision), answers, grade)


class TableApp(w.VBox, Generic[ControllerT, TutorT]):  # type: ignore[misc]
    """A trick-taking table with a tutor for the student's seat: built once, updated in place.

    A game supplies its ``controller`` (act, undo/redo, next hand, load and save, suggest, messages)
    and its ``tutor`` (hints, grades, review, key moments, retry, drills, statistics), the class
    constants below and the hooks marked so; ``deal`` is loaded first (a bad one raises
    ``ValueError`` with the controller's reason).

    The same app is the student's seat at a table shared with other people: then ``controller`` is
    the seat (a :class:`~euchre_tutor.session.remote_seat.RemoteSeat`), ``shared`` the shared table's
    own parts (:class:`SeatParts`), and the one-person table's controls (undo, the seed, the rules,
    load and save, Suggest) are not shown. A watcher has no seat and no ``tutor`` (None): the table
    only."""

    #: the game's name for its session chart
    GAME: ClassVar[str]
    #: the saved file's name, with ``{seed}``
    SAVE_NAME: ClassVar[str]
    #: the tutor's HTML (from the game's hints module)
    HINTS: ClassVar[TutorHtml]
    #: the styles: the table's, then its hint panel's
    TABLE_CSS: ClassVar[str]
    HINT_CSS: ClassVar[str]
    #: the rules chooser's class and presets ((label, value) pairs)
    RULES_CLASS: ClassVar[str]
    RULES_CHOICES: ClassVar[Sequence[tuple[str, str]]]
    NEW_MATCH_TIP: ClassVar[str]
    LOAD_TIP: ClassVar[str]
    DEAL_PLACEHOLDER: ClassVar[str]
    SUGGEST_TIP: ClassVar[str]
    SUGGEST_IDLE: ClassVar[str]
    #: the words of the buttons that go on to the next hand (and its tooltip), start a new match and
    #: open a hand's review (a game that deals deals, not hands, says so)
    NEXT_HAND: ClassVar[str] = "Next hand"
    NEXT_HAND_TIP: ClassVar[str] = "Deal the next hand of the match"
    NEW_MATCH: ClassVar[str] = "New match"
    REVIEW_HAND: ClassVar[str] = "Review hand"
    #: the review is read a step at a time (Back, Next); otherwise whole, with a Close button
    STEPPED_REVIEW: ClassVar[bool] = False
    #: a Retry left open stays open while its review is hidden
    KEEP_RETRY_WHEN_HIDDEN: ClassVar[bool] = False
    #: the review opens by itself when a hand ends (Review hand opens it again once closed)
    OPEN_REVIEW: ClassVar[bool] = False
    #: Suggest asks a computer player what it would do in the student's place
    SUGGEST: ClassVar[bool] = True
    #: the words under a saved game's link
    SAVE_WORDS: ClassVar[str] = "(paste it into the deal box and press Load deal to replay the match)"

    #: the most cards a hand holds (the hand's row of card slots)
    SLOTS: ClassVar[int]
    #: decision buttons made up front (more are added if a position ever has more decisions)
    POOL: ClassVar[int] = 8
    #: the app's own CSS classes
    CLASSES: ClassVar[tuple[str, ...]] = ()

    controller: ControllerT
    tutor: TutorT

    def __init__(
        self,
        controller: Any,
        tutor: Any,
        *,
        deal: object = None,
        four_colour: bool = False,
        show_hint: bool = False,
        shared: SeatParts | None = None,
    ) -> None:
        super().__init__()
        self._slot_cards: list[Card | None] = [None] * self.SLOTS
        self._slot_classes: list[set[str]] = [set() for _ in range(self.SLOTS)]
        self.cards: list[w.Button] = [
            button("", "", functools.partial(self._click_slot, i), "et-slot") for i in range(self.SLOTS)
        ]
        self.message = w.HTML()
        self.message.add_class("euchre-message")
        self.add_class("euchre-app")
        if controller.remote:  # a seat at a shared table: its hands' logs in this game's form
            controller.log_of = self._hand_log_of_view
        self.controller = controller
        self.tutor = tutor
        self.shared = shared
        # a shared table's seat is told of changes on its connection's thread: one redraw at a time
        self._lock = threading.RLock()
        if deal is not None and not controller.load_deal(deal):
            raise ValueError(controller.message)
        self._review_step = 0
        self._review_open = False
        self._was_over = False  # the hand was over at the last redraw (the review opens when it ends)
        #: at a shared table, the drawn table waits here while the rest of a redraw is drawn
        self._held_table: str | None = None
        self._holding_table = False
        # which of the student's turns the hint body speaks of (a count, for a page to wait on): the game
        # and its position at the turn last shown (the game held, so a new match is always a new turn)
        self._turn_at: tuple[object, int] | None = None
        self._hint_turn = 0
        for cls in self.CLASSES:
            self.add_class(cls)
        if four_colour:
            self.add_class("four-colour")
        self._build(show_hint)
        controller.subscribe(self._on_change)
        if tutor is not None:
            tutor.subscribe(self._on_tutor)
        self.refresh()

    # ----------------------------------------------------------------- building

    def _build(self, show_hint: bool) -> None:
        c, t = self.controller, self.tutor
        self._build_game()
        more = "" if self.shared is None else f"<style>{self.shared.css}</style>"
        self.style_html = w.HTML(
            f"<style>{self.TABLE_CSS}</style><style>{self.HINT_CSS}</style>{more}",
            layout=w.Layout(display="none"),
        )
        self.title = w.HTML()
        self.score = w.HTML()
        self.score.add_class("euchre-score")
        header = w.HBox([self.title, self.score])
        header.add_class("et-header")
        self.table = w.HTML()
        self.table.add_class("euchre-table")
        self.prompt = w.HTML()
        self.prompt.add_class("et-prompt")
        self.bids = ActionRow(self.POOL, c.act)
        self.hand = w.HBox(self.cards)
        self.hand.add_class("et-hand")

        self._build_controls()

        self.suggest = button("Suggest", self.SUGGEST_TIP, c.suggest, "et-ctl")
        self.suggestion = w.HTML()
        self.suggestion.add_class("ec-suggestion")
        self.suggest_panel = w.VBox([self.suggest, self.suggestion])
        self.suggest_panel.add_class("euchre-suggest")
        self.bidding = w.HTML()
        self.bidding.add_class("euchre-bidding")
        self.trick_log = w.HTML()
        self.trick_log.add_class("euchre-log")
        self.session = SessionChart(
            t.stats if t is not None else SessionStats(), game=self.GAME, report=self.shared is None
        )

        self.hint_panel = HintPanel(
            shown=show_hint,
            grading=t is not None and t.grading,
            on_toggle=lambda on: t is not None and t.set_show_hint(on),
            on_grade=lambda on: t is not None and t.set_grading(on),
            on_depth=lambda: self._on_tutor("depth"),
            grade_tip=grade_scale(),
            switches=self._hint_switches(),
            extras=self._hint_extras(),
        )
        p = self.hint_panel
        self.hint_toggle, self.grade, self.depth = p.toggle, p.grade, p.depth
        self.hint_status, self.hint_body, self.grade_line = p.status, p.body, p.grade_line
        self._build_review()

        shared = self.shared
        left = w.VBox([*self._left_children(), *(() if shared is None else shared.play)])
        left.add_class("et-left")
        right = w.VBox(
            [
                self.hint_panel,
                self.suggest_panel,
                self.session,
                self.bidding,
                self.trick_log,
                *(() if shared is None else shared.side),
            ]
        )
        right.add_class("et-right")
        main = w.HBox([left, right])
        main.add_class("et-main")
        top = [header] if shared is None else [header, *shared.header]
        self.children = [self.style_html, *top, self.message, main]
        if shared is not None:  # the service deals and keeps the match: no controls of a one-person table
            self.next_hand.tooltip = "Go on to the hand the table has dealt"
            show(self.controls, False)
            self.add_class("et-shared-table")
        show(self.suggest_panel, self.SUGGEST and shared is None)
        show(self.hint_panel, t is not None)
        show(self.session, t is not None)

    def _build_controls(self) -> None:
        """The one-person table's controls: undo and redo, Next hand, the seed, the rules and New
        match, the deal box and Load deal, Save game, four-colour suits (the game lays out the rows)."""
        c = self.controller
        self.undo = button(
            "↶ Undo", "Take back your last decision (and the computer players' answers)", c.undo, "et-ctl"
        )
        self.redo = button("Redo ↷", "Make the undone decision again", c.redo, "et-ctl")
        self.next_hand = button(self.NEXT_HAND, self.NEXT_HAND_TIP, c.next_hand, "et-ctl")
        self.seed = seed_text(c.seed)
        self.new_match = button(self.NEW_MATCH, self.NEW_MATCH_TIP, self._new_match, "et-ctl")
        self.rules_choice = w.Dropdown(
            options=[("these rules", ""), *self.RULES_CHOICES],
            value="",
            description="Rules",
            layout=w.Layout(width="340px"),
        )
        self.rules_choice.add_class(self.RULES_CLASS)
        self.deal_text = w.Textarea(
            placeholder=self.DEAL_PLACEHOLDER, layout=w.Layout(width="420px", height="64px")
        )
        self.deal_text.add_class("et-deal-text")
        self.load = button("Load deal", self.LOAD_TIP, self._load_text, "et-ctl")
        self.upload = w.FileUpload(accept=".txt,.json,.deal", multiple=False, description="Deal file")
        self.upload.add_class("et-upload")
        self.upload.observe(self._on_upload, names="value")
        self.save = button(
            "Save game", "Download this match: a teacher can load the file to replay it", self._save, "et-ctl"
        )
        self.save_link = w.HTML()
        self.save_link.add_class("et-save-link")
        self.four = four_colour_box(self)
        self.controls = controls_box(self._control_rows())

    def _build_review(self) -> None:
        """Review hand (in the end-of-hand bar) and the review under it: its body, the Retry panel of the
        hand's key moments, the drills line, and its buttons."""
        self.review_open = button(
            self.REVIEW_HAND,
            "Each of your decisions in the hand just played: its grade and the best one",
            self._open_review,
            "et-ctl",
        )
        self.review_open.add_class("euchre-review-open")
        self.review_prev = button(
            "◀ Back", "The previous step of the hand", lambda: self._step_review(-1), "et-ctl"
        )
        self.review_prev.add_class("euchre-review-prev")
        self.review_next = button(
            "Next ▶", "The next trick of the hand", lambda: self._step_review(1), "et-ctl"
        )
        self.review_next.add_class("euchre-review-next")
        self.review_close = button("Close review", "Hide the review", self._close_review, "et-ctl")
        if self.STEPPED_REVIEW:
            nav = w.HBox([self.review_prev, self.review_next, self.review_close])
            nav.add_class("ec-stepnav")
        else:
            self.review_close.add_class("euchre-review-close")
            nav = w.HBox([self.review_close])
        self.review_body = w.HTML()
        # Retry: the hand's key moments, each answered again with the hint hidden
        self.retry = RetryPanel(KEY_MOMENTS, self.controller.illegal)
        self.drills_line = w.HTML()
        self.review = w.VBox([self.review_body, self.retry, self.drills_line, nav])
        self.review.add_class("euchre-review")
        self.review.add_class("hidden")
        # the end of a hand: Next hand and Review hand in the emptied hand's place (``et-handend``, the
        # first the main one, ``et-next``), the review under them
        buttons = self._end_buttons()
        buttons[0].add_class("et-next")
        self.hand_end = w.HBox(buttons)
        self.hand_end.add_class("et-handend")
        show(self.hand_end, False)

    # ----------------------------------------------------------------- the game's hooks (building)

    def _build_game(self) -> None:
        """Hook: the game's own widgets, made before the shared ones are laid out."""

    def _end_buttons(self) -> list[w.Button]:
        """Hook: the buttons in the emptied hand's place when a hand ends, the main one first."""
        return [self.next_hand, self.review_open]

    def _control_rows(self) -> list[Sequence[w.Widget] | w.Box]:
        """Hook: the controls' rows."""
        raise NotImplementedError

    def _left_children(self) -> list[w.Widget]:
        """Hook: the left column, top to bottom (the table, the prompt, the hand, the end-of-hand bar,
        the review, the decisions, the controls)."""
        raise NotImplementedError

    def _hint_switches(self) -> list[w.Widget]:
        """Hook: the game's switches in the hint panel's head, between Show hint and Grade my play."""
        return []

    def _hint_extras(self) -> list[w.Widget]:
        """Hook: the game's parts of the hint panel between the hint and the grade line."""
        return []

    # ----------------------------------------------------------------- the game's hooks (drawing)

    def _thinking(self) -> bool:
        """Hook: a computer player thinks in the background now."""
        return False

    def _refresh_table(self, view: Any, logs: list[Any], shown: Any) -> None:
        """Hook: the title, score, table, bidding, trick log, prompt and decision buttons for ``view``;
        ``shown`` is the hand log on the table (the finished hand while the next one waits)."""
        raise NotImplementedError

    def _refresh_options(self) -> None:
        """Hook: the game's tutor switches after a change of the tutor's options."""

    def _hint_body(self, hint: Any, depth: Depth) -> str:
        raise NotImplementedError

    def _review_html(self, review: Any, step: int, depth: Depth) -> str:
        raise NotImplementedError

    @staticmethod
    def _hand_log_of_view(fields: dict[str, Any], view: Any) -> Any:
        """Hook: a hand's log as a seat at a shared table saw it, in the game's own form: what every
        log holds (``fields``) and the contract from the hand's last ``view``."""
        raise NotImplementedError

    def _answer_label(self, action: Any, view: Any) -> str:
        """Hook: an action's words on a Retry answer button."""
        raise NotImplementedError

    # ----------------------------------------------------------------- commands

    def _click_slot(self, i: int) -> None:
        card = self._slot_cards[i]
        if card is not None:
            self.controller.click_card(card)

    def _new_match(self) -> None:
        raise NotImplementedError

    def _load_text(self) -> None:
        self.controller.load_deal(self.deal_text.value)

    def _on_upload(self, change: dict[str, Any]) -> None:
        text = uploaded_text(change, self.controller.illegal)
        if text is not None:
            self.controller.load_deal(text)

    def _save(self) -> None:
        # a data link (Voila and JupyterLab alike) with the table's grades, which the class report reads
        # (a table without a tutor: the match)
        name = self.SAVE_NAME.format(seed=self.controller.seed)
        try:
            text = (self.tutor or self.controller).save_text()
        except EuchreError as error:  # a shared table's match: the service keeps it
            self.controller.illegal(str(error))
            return
        self.save_link.value = f"{data_link(text, name, mime='application/json')} {self.SAVE_WORDS}"

    def _open_review(self) -> None:
        if self.tutor.review() is None:
            self.controller.illegal("no hand has finished yet: play one to the end, then review it")
            return
        self._review_open = True
        self._review_step = 0
        self.refresh_review()

    def _close_review(self) -> None:
        self._review_open = False
        self.retry.dismiss()
        self.refresh_review()

    def _step_review(self, by: int) -> None:
        review = self.tutor.review()
        if review is None:
            return
        self._review_step = max(0, min(len(review.steps) - 1, self._review_step + by))
        self.refresh_review()

    # ----------------------------------------------------------------- updating in place

    def _on_change(self, topic: str) -> None:
        with self._lock:
            if topic == "message":
                self.refresh_message()
            else:
                self.refresh()

    @property
    def hide_tricks(self) -> bool:
        """The tricks taken are not shown during a hand (a shared table's option)."""
        return self.shared is not None and self.shared.hide_tricks

    def _on_tutor(self, topic: str) -> None:
        if self.tutor is None:
            return
        with self._lock, self.hold_sync():
            self.refresh_hint()
            if topic == "options":
                self._refresh_options()
            self.refresh_review()

    def _shown_log(self, logs: Sequence[Any] | None = None) -> Any:
        """The hand log on the table: the finished hand while the next one waits, else the current one."""
        logs = self.controller.hand_logs() if logs is None else logs
        return logs[-2] if self.controller.waiting and len(logs) > 1 else logs[-1]

    def refresh(self) -> None:
        c = self.controller
        # first, so a page never shows the new table without knowing that someone is still thinking
        set_class(self, "thinking", self._thinking())
        view = c.view
        logs = list(c.hand_logs())
        with self._lock, self.hold_sync():
            show(self.trick_log, not self.hide_tricks)
            if self.shared is not None:
                self.shared.refresh()
                # the drawn table goes last, carrying the table's version: once a page has it, the hand
                # and the decisions of that version are drawn too (tests and benchmarks wait for it)
                self._holding_table, self._held_table = True, None
            try:
                if view is not None and logs:
                    self._refresh_table(view, logs, self._shown_log(logs))
                    self._refresh_hand(view)
                else:  # a shared table before its first view: nothing on the table yet
                    for name in ("table", "bidding", "trick_log", "prompt"):
                        self._set(getattr(self, name), "value", "")
                    self.bids.show_actions([], str, str, lambda _a: False)
                    for i in range(len(self.cards)):
                        self._show_slot(i, None, {"empty"}, "empty", "")
            finally:
                self._holding_table = False
            if self.shared is not None:
                # a title the game did not draw (no view yet): _set gives it the shared table's
                self._set(self.title, "value", self.title.value)
                held = self.table.value if self._held_table is None else self._held_table
                self._set(self.table, "value", held)
            self._set(self.undo, "disabled", not c.can_undo)
            self._set(self.redo, "disabled", not c.can_redo)
            self._set(self.next_hand, "disabled", not c.waiting)
            over = bool(logs) and (c.waiting or c.state.is_over)
            # at the end of a hand, the bar in place of the emptied hand row (``et-hand-done`` drops the
            # row's reserved height); during a hand, the hand row and no bar
            set_class(self.hand, "et-hand-done", over)
            show(self.hand_end, over)
            if over and not self._was_over and self.OPEN_REVIEW and self.tutor is not None:
                self._review_open, self._review_step = True, 0
            self._was_over = over
            self._set(self.suggest, "disabled", not c.my_turn)
            if not str(self.seed.value).strip():
                self.seed.value = str(c.seed)
            self.refresh_message()
            self.refresh_hint()
            self._refresh_options()
            if not (c.waiting or c.state.is_over):
                self._review_open = False
            self.refresh_review()

    def refresh_message(self) -> None:
        c = self.controller
        kind = "error" if c.message_is_error else ("info" if c.message else "empty")
        role = "alert" if c.message_is_error else "status"
        self._set(
            self.message,
            "value",
            f'<div class="msg {kind}" role="{role}" aria-live="polite">{esc(c.message)}</div>',
        )
        text = (
            f'<div class="ec-suggest-text" role="status"><b>Computer player\'s suggestion</b> '
            f"(not an exact hint): {esc(c.suggestion)}</div>"
            if c.suggestion
            else f'<div class="et-status">{self.SUGGEST_IDLE}</div>'
        )
        self._set(self.suggestion, "value", text)

    def _set(self, widget: w.Widget, name: str, value: Any) -> None:
        """Set a trait only when it changes (no message to the browser otherwise). At a shared table the
        title, the drawn table and the prompt are set as the shared table has them (:meth:`_shared_value`),
        so the browser gets each once, never the one-person table's first."""
        if self.shared is not None and name == "value":
            if widget is self.table and self._holding_table:
                self._held_table = value
                return
            value = self._shared_value(widget, value)
        if getattr(widget, name) != value:
            setattr(widget, name, value)

    def _shared_value(self, widget: w.Widget, value: Any) -> Any:
        """A shared table's title; its version on the drawn table (a test or a benchmark tells this view
        from the last by it); whom the table waits for, in the prompt, while another seat is to act."""
        shared = self.shared
        assert shared is not None
        if widget is self.title:
            return shared.title_html()
        if widget is self.table:
            return with_version(value, shared.version)
        if widget is self.prompt:
            words = shared.prompt_text()
            return value if words is None else esc(words)
        return value

    def _show_slot(
        self, i: int, card: Card | None, classes: Iterable[str], description: str, tooltip: str
    ) -> None:
        """Slot ``i`` shows ``card`` with these classes, label and tooltip (``None``: an empty slot)."""
        self._slot_cards[i] = card
        want = set(classes)
        old = self._slot_classes[i]
        b = self.cards[i]
        if want == old and b.description == description and b.tooltip == tooltip:
            return
        with b.hold_sync():
            for cls in old - want:
                b.remove_class(cls)
            for cls in sorted(want - old):
                b.add_class(cls)
            b.description = description
            b.tooltip = tooltip
        self._slot_classes[i] = want

    def _refresh_hand(self, view: Any) -> None:
        """The hand's slots: each card with its classes and tooltip (why it may not be played now); a
        watcher holds no hand (a face-up watcher sees every hand in the shared table's own row)."""
        c = self.controller
        trump = getattr(view, "trump", None)
        watcher = self.shared is not None and c.seat is None
        cards = [] if watcher else render.hand_order(view.hand, trump)
        for i in range(len(self.cards)):
            card = cards[i] if i < len(cards) else None
            if card is None:
                self._show_slot(i, None, {"empty"}, "empty", "")
                continue
            reason = c.card_reason(card)
            action = c.card_action(card)
            want = {"euchre-card", f"c-{card}", "red" if card.is_red else "black"}
            want.add(f"s-{card.suit.value}" if card.suit is not None else "joker")
            if reason is None:
                want.add("playable")
            else:
                # why it is greyed, as a class that changes with its tooltip (one synced update):
                # "illegal" = this card's own action is refused (follow suit, a discard rule), "wait" = not now
                want |= {"disabled", "illegal" if action is not None else "wait"}
            if trump is not None and is_trump(card, trump):
                want.add("trump")
            if reason is None:
                verb = getattr(action, "kind", "play")
                rank = describe_rank(card, trump) if trump is not None or card.suit else ""
                tip = f"{verb.capitalize()} the {card.name}" + (f": {rank}" if rank else "")
            else:
                tip = reason
            self._show_slot(i, card, want, card.name, tip)

    # ----------------------------------------------------------------- the tutor's parts

    def refresh_hint(self) -> None:
        t = self.tutor
        if t is None:
            return
        c = self.controller
        panel = self.hint_panel
        shown = panel.shown
        depth = self.depth.depth
        show(self.hint_toggle, t.hint_allowed)
        show(self.grade, self.shared is None)
        self._set(self.grade, "value", t.grading)
        if not t.hint_allowed:  # a shared table that allows no suggestions: grades after the hand only
            self._set(
                self.hint_status,
                "value",
                '<span class="et-status">This table allows no suggestions during play: your grades come '
                "after each hand.</span>",
            )
            for part in (self.hint_body, self.grade_line):
                self._set(part, "value", "")
            panel.analysing(False)
            return
        self._set(self.hint_status, "value", self.HINTS.status(t, depth))
        panel.analysing(t.analysing and shown)
        hint = t.current_hint
        if not shown:
            body = ""
        else:
            body = self._turn_marker() if c.my_turn else ""
            body += (
                self._hint_body(hint, depth) if hint is not None and c.my_turn else self.HINTS.placeholder(t)
            )
        self._set(self.hint_body, "value", body)
        self._set(self.grade_line, "value", self.HINTS.grade_line(t, depth) if t.grading else "")

    def _turn_marker(self) -> str:
        """An invisible count of the student's turns the panel has spoken of, one more at each new turn
        (not at another depth, nor when the turn's hint arrives after its placeholder): a page (a
        benchmark) waits for a higher count to time this turn's hint, not the last turn's."""
        game: object = self.controller.game
        position = int(self.controller.game.position)
        if self._turn_at is None or self._turn_at[0] is not game or self._turn_at[1] != position:
            self._turn_at = (game, position)
            self._hint_turn += 1
        return f'<span class="et-hint-turn" data-turn="{self._hint_turn}" hidden></span>'

    def refresh_review(self) -> None:
        c = self.controller
        review = self.tutor.review() if self.tutor is not None and (c.waiting or c.state.is_over) else None
        self._set(self.review_open, "disabled", review is None)
        if review is None or not self._review_open:
            self.review.add_class("hidden")
            self._set(self.review_body, "value", "")
            if not self.KEEP_RETRY_WHEN_HIDDEN:
                self.retry.dismiss()
            return
        step = max(0, min(self._review_step, len(review.steps) - 1)) if self.STEPPED_REVIEW else 0
        self._set(self.review_body, "value", self._review_html(review, step, self.depth.depth))
        if self.STEPPED_REVIEW:
            self._set(self.review_prev, "disabled", step == 0)
            self._set(self.review_next, "disabled", step >= len(review.steps) - 1)
        self._refresh_retry(review.number)
        self.review.remove_class("hidden")

    def _refresh_retry(self, hand_number: int) -> None:
        """The hand's key moments, each with its Retry button (graded by the tutor, on the same deals)."""
        self.retry.refresh(tutor_moments(self.tutor, hand_number, self.HINTS.moment_words, self._retry_case))
        self._set(self.drills_line, "value", tutor_drills_html(self.tutor))

    def _retry_case(self, d: Any) -> RetryCase:
        return retry_case(self.tutor, self.HINTS, d, lambda: self.depth.depth, self._answer_label)

    def close(self) -> None:
        for part in ("shared", "tutor", "session"):  # a table whose construction failed may lack them
            found = getattr(self, part, None)
            if found is not None:
                found.close()
        super().close()

    # ----------------------------------------------------------------- test helpers

    def hand_cards(self) -> list[Card]:
        return [card for card in self._slot_cards if card is not None]

    def card_button(self, card: Card | str) -> w.Button:
        wanted = Card.parse(card) if isinstance(card, str) else card
        for b, c in zip(self.cards, self._slot_cards, strict=True):
            if c == wanted:
                return b
        raise KeyError(f"{wanted} is not in the hand")

    @property
    def bid_buttons(self) -> list[w.Button]:
        """The decision buttons' pool."""
        return self.bids.buttons

    def bid_actions(self) -> list[str]:
        """The decisions shown as buttons now, as action strings."""
        return [str(a) for a in self.bids.shown()]

    def _parse_action(self, action: Any) -> Any:
        """The action ``action`` names (an action or its text), as the controller reads it."""
        return self.controller._parse_action(action)

    def bid_button(self, action: Any) -> w.Button:
        wanted = self._parse_action(action)
        found = self._button_of(wanted)
        if found is None:
            raise KeyError(f"no button for {wanted} (shown: {', '.join(self.bid_actions()) or 'none'})")
        return found

    def _button_of(self, action: Any) -> w.Button | None:
        return self.bids.button_of(action)
