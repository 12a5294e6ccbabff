"""The Bid Euchre table: ``BidApp(seed=7)`` in a notebook or in Voila.

The student plays South with North as partner; the rule-based computer
player plays North, East and West, acting at once until it is the student's
turn again. The widget tree is built once (the grid of bids again only when
new rules change its rows or columns); every click goes to the
:class:`~euchre_tutor.session.bid_controller.BidController` and the view
updates the existing widgets in place. The layout is the classic table's
(``et-main`` with ``et-left`` and ``et-right``, ``et-hand`` of
``euchre-card`` buttons), so the shared styles apply. Stable hooks for tests
and styling:

- ``euchre-card``: each button of the student's hand; an unplayable one
  also has ``disabled`` and ``illegal`` (the rules refuse it now) or
  ``wait`` (not the time for a card), and its tooltip says why;
- ``eb-bidgrid``: the grid of every bid the rules allow (level rows ×
  trump columns, then the alone rows); ``eb-cell`` on each; the ones the
  student may bid now are enabled and have ``euchre-bid``, the others are
  disabled with the reason as their tooltip;
- ``ec-bids``: the other decisions (pass; naming trump after a bid of
  tricks only), each shown one with ``euchre-bid``;
- ``euchre-score``, ``euchre-message``, ``euchre-table`` (``ec-seat`` per
  seat, ``ec-play`` per card of the trick), ``euchre-bidding`` (the bids),
  ``euchre-log`` (the tricks), ``euchre-suggest``, ``eb-rules`` (the
  preset), ``eb-options`` (options as JSON), ``et-deal-text`` (a teacher's
  deal or a saved game);
- ``euchre-hint`` (when the tutor has hints): ``et-hint-toggle``,
  ``et-grade-toggle``, ``et-hint-status``, ``et-hint-body`` (one
  ``eb-option`` per option) and ``euchre-grade``;
- ``euchre-review``: the review of the finished hand (the classic table's
  hooks), opened with ``euchre-review-open`` and closed with
  ``euchre-review-close``: every decision with its grade, key moments
  (``et-key``) with their Retry buttons (the shared
  :class:`~euchre_tutor.widgets.retry.RetryPanel`: ``et-retry-open``, ...)
  and the drills line (``et-drills``);
- ``euchre-stats``: the session's statistics and chart, with **Download
  report** (:class:`~euchre_tutor.widgets.stats.SessionChart`).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any, Final, Literal

import ipywidgets as w

from euchre_tutor.advisor.session import SessionStats
from euchre_tutor.advisor.shared import KEY_MOMENTS, grade_scale
from euchre_tutor.bid import Action, HandState, Phase, Seat, explain_trick
from euchre_tutor.bid.actions import ALONE_WORDS
from euchre_tutor.bots.bid import Player
from euchre_tutor.cards import Card, Suit, describe_rank, is_trump
from euchre_tutor.errors import JsonInputError
from euchre_tutor.jsonio import capped_text, load_json_text
from euchre_tutor.rules.bid import PRESET_NOTES, PRESETS, BidRules
from euchre_tutor.session.analysis import AnalysisSource
from euchre_tutor.session.bid_controller import (
    BidController,
    BidHandLog,
    action_label,
    action_meaning,
    contract_label,
)
from euchre_tutor.session.bid_tutor import DEFAULT_BID_SOURCE, BidDecision, BidTutor
from euchre_tutor.session.seats import positions, seat_name, team_words
from euchre_tutor.views.bid import SeatView
from euchre_tutor.widgets import bid_hints, render
from euchre_tutor.widgets.depth import DepthPicker
from euchre_tutor.widgets.retry import RetryCase, RetryPanel, drills_html, tutor_moments
from euchre_tutor.widgets.stats import SessionChart
from euchre_tutor.widgets.style import CLASSIC_CSS, CSS
from euchre_tutor.widgets.table import CardTable, action_button, button, hidden_button

__all__ = ["RULES_CHOICES", "BidApp", "bid_grid_actions"]

#: the most cards a hand holds (double deck: eleven and a four-card kitty, or twelve and two gifts)
SLOTS: Final = 16
#: buttons for pass and the trump names (six contracts at most)
DECISION_POOL: Final = 8

esc = render.esc
face = render.face

#: the rules chooser's presets: (label, preset name)
RULES_CHOICES: Final = tuple((f"{name} · {PRESET_NOTES[name]}", name) for name in PRESETS)

#: the grid's own look (the shared table styles stay in widgets/style.py)
BID_CSS: Final = """
.euchre-bidtable .eb-bidgrid{display:grid;gap:4px;background:rgba(0,0,0,.2);border-radius:10px;padding:8px 10px;margin:4px 0;
  width:max-content;max-width:100%;overflow-x:auto}
.euchre-bidtable .eb-bidgrid.hidden{display:none}
.euchre-app .jupyter-button.eb-cell{width:auto;min-width:54px;height:30px;padding:0 6px;font-size:14px;font-weight:700;
  border-radius:7px;margin:0}
.euchre-app .jupyter-button.eb-cell.euchre-bid{min-width:54px;height:30px;padding:0 6px;font-size:14px}
.euchre-app .jupyter-button.eb-cell.illegal{opacity:.35}
.euchre-app .jupyter-button.eb-cell.eb-alone{min-width:76px}
.euchre-bidtable .eb-options input{font-family:monospace}
.euchre-bidtable .ec-center.bidding .ec-trick{display:none}
.euchre-bidtable .eb-bidrow{display:flex;flex-wrap:wrap;align-items:flex-start;gap:0 8px}
.euchre-bidtable .eb-bidrow>.ec-bids{flex:0 1 auto;min-width:120px}
.euchre-bidtable .eb-bidrow>.eb-bidgrid{flex:0 1 auto}
@container euchre-app (max-width:599px){
  .euchre-bidtable .eb-bidgrid{gap:3px;padding:4px;width:auto}
  .euchre-app .jupyter-button.eb-cell,.euchre-app .jupyter-button.eb-cell.euchre-bid,
  .euchre-app .jupyter-button.eb-cell.eb-alone{min-width:0;padding:0 2px;font-size:12px;white-space:normal;
    line-height:1.1;height:auto;min-height:30px;overflow-wrap:anywhere}
}
"""


def _contracts(rules: BidRules) -> list[tuple[Suit | None, str | None]]:
    """The grid's columns: the four suits and no trump (high, low) with bids of level and suit;
    one column with bids of tricks only."""
    if rules.bid_type == "level":
        return [(None, None)]
    out: list[tuple[Suit | None, str | None]] = [
        (s, None) for s in (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
    ]
    if rules.no_trump != "off":
        out.append((None, "high"))
    if rules.no_trump == "high-low":
        out.append((None, "low"))
    return out


def bid_grid_actions(rules: BidRules) -> list[list[Action]]:
    """Every bid these rules allow, as the grid's rows: one row per level (lowest first), then
    call 2, call 1 and alone; one column per contract."""
    contracts = _contracts(rules)
    rows = [
        [Action("bid", level=level, suit=s, notrump=n) for s, n in contracts]
        for level in range(rules.minimum_bid, rules.hand_size + 1)
    ]
    for kind in ("call-2", "call-1", "alone"):
        if kind in rules.alone_kinds:
            rows.append([Action("bid", alone=kind, suit=s, notrump=n) for s, n in contracts])
    return rows


def _cell_label(action: Action) -> str:
    contract = contract_label(action.suit, action.notrump)
    if action.alone is not None:
        return action_label(action)
    if not contract:
        return f"Bid {action.level}"
    return f"{action.level}{contract}" if action.suit is not None else f"{action.level} {contract}"


class BidApp(CardTable):
    """Play Bid Euchre against the computer: the student at South, rule-based players in the other seats.

    ``seed`` names the match's deals; ``rules`` is a preset name (``"common"``, ``"nt-high-low"``,
    ``"auction"``, ``"kitty-joker"``, ``"double-deck"``), a :class:`BidRules` or a mapping of
    options; ``deal`` a teacher's deal (the JSON object ``euchre-tutor bid replay`` reads) or a saved
    game to start with. ``hints``: the advisor's analysis of each turn, off the click path
    (:class:`~euchre_tutor.session.bid_tutor.BidTutor`: ``source`` and ``runner`` say where,
    ``worlds`` how many sampled deals); ``show_hint`` opens the hint panel; ``grading`` labels
    each decision. ``stats``: the session statistics the graded hands feed (tables may share one).
    """

    def __init__(
        self,
        seed: int | str = 0,
        *,
        rules: str | BidRules | Mapping[str, Any] = "common",
        deal: str | Mapping[str, Any] | None = None,
        four_colour: bool = False,
        bot: Player | None = None,
        controller: BidController | None = None,
        hints: bool = True,
        show_hint: bool = False,
        grading: bool = False,
        source: str | AnalysisSource | None = DEFAULT_BID_SOURCE,
        runner: Literal["process", "inline"] = "process",
        worlds: int = 200,
        tutor: BidTutor | None = None,
        stats: SessionStats | None = None,
    ) -> None:
        super().__init__(SLOTS)
        self.controller = controller or BidController(seed, rules=rules, bot=bot)
        self.tutor = tutor or BidTutor(
            self.controller,
            source=source if hints else None,
            runner=runner,
            worlds=worlds,
            grading=grading,
            show_hint=show_hint,
            stats=stats,
        )
        self._review_open = False
        if deal is not None and not self.controller.load_deal(deal):
            raise ValueError(self.controller.message)
        self.add_class("euchre-classic")  # the classic table's layout and faces apply
        self.add_class("euchre-bidtable")
        if four_colour:
            self.add_class("four-colour")
        self._decision_actions: list[Action | None] = []
        self._grid_rules: BidRules | None = None
        self._grid_actions: list[Action] = []
        self.grid_buttons: list[w.Button] = []
        self._build()
        self._build_hints(show_hint)
        self._build_review()
        self.controller.subscribe(self._on_change)
        self.tutor.subscribe(self._on_tutor)
        self.refresh()

    # ----------------------------------------------------------------- building

    def _build(self) -> None:
        c = self.controller
        self.style_html = w.HTML(
            f"<style>{CSS}\n{CLASSIC_CSS}\n{BID_CSS}</style>", layout=w.Layout(display="none")
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

        self.decision_buttons: list[w.Button] = []
        self.decisions = w.HBox()
        self.decisions.add_class("et-trumpbox")
        self.decisions.add_class("ec-bids")
        for i in range(DECISION_POOL):
            b = hidden_button(functools.partial(self._click_decision, i))
            self.decision_buttons.append(b)
            self._decision_actions.append(None)
        self.decisions.children = tuple(self.decision_buttons)
        self.grid = w.GridBox()
        self.grid.add_class("eb-bidgrid")

        self.hand = w.HBox(self.cards)
        self.hand.add_class("et-hand")

        self.undo = button(
            "↶ Undo", "Take back your last decision (and the computer players' answers)", c.undo, "et-ctl"
        )
        self.redo = button("Redo ↷", "Make the undone decision again", c.redo, "et-ctl")
        self.next_hand = button("Next hand", "Deal the next hand of the match", c.next_hand, "et-ctl")
        self.seed = w.Text(
            value=str(c.seed), description="Seed", placeholder="e.g. 7", layout=w.Layout(width="150px")
        )
        self.seed.add_class("et-seed")
        self.rules_choice = w.Dropdown(
            options=[("these rules", ""), *RULES_CHOICES],
            value="",
            description="Rules",
            layout=w.Layout(width="340px"),
        )
        self.rules_choice.add_class("eb-rules")
        self.options_text = w.Text(
            value="",
            description="Options",
            placeholder='e.g. {"hands": 4, "alone_bids": "call-2", "no_trump": "high-low"}',
            layout=w.Layout(width="420px"),
        )
        self.options_text.add_class("eb-options")
        self.new_match = button(
            "New match",
            "Start a new match (0-0) with this seed's deals, the preset chosen and the options typed",
            self._new_match,
            "et-ctl",
        )
        self.deal_text = w.Textarea(
            placeholder='teacher\'s deal: {"rules": "common", "dealer": "N", "hands": {"N": ["9S", ...], '
            '"E": [...], "S": [...], "W": [...]}, "actions": ["pass"]}',
            layout=w.Layout(width="420px", height="64px"),
        )
        self.deal_text.add_class("et-deal-text")
        self.load = button(
            "Load deal",
            "Deal the teacher's deal typed here (the JSON of 'euchre-tutor bid replay'), or a saved game",
            self._load_text,
            "et-ctl",
        )
        self.save = button(
            "Save game", "Download this match: a teacher can load the file to replay it", self._save, "et-ctl"
        )
        self.save_link = w.HTML()
        self.save_link.add_class("et-save-link")
        self.four = w.Checkbox(
            value="four-colour" in self._dom_classes, description="Four-colour suits", indent=False
        )
        self.four.observe(lambda ch: self._set_four(bool(ch["new"])), names="value")
        controls = w.VBox(
            [
                w.HBox([self.undo, self.redo]),
                w.HBox([self.seed, self.rules_choice, self.new_match, self.four]),
                w.HBox([self.options_text]),
                w.HBox([self.deal_text, self.load]),
                w.HBox([self.save, self.save_link]),
            ]
        )
        controls.add_class("et-controls")
        for box in controls.children:
            box.add_class("et-controls")
        self.controls = controls
        # the hand above the bids: the student reads it while choosing a bid from the grid below
        # pass (and the other decisions) beside the grid where the width allows, under it where not
        bid_row = w.HBox([self.decisions, self.grid])
        bid_row.add_class("eb-bidrow")
        left = w.VBox([self.table, self.prompt, self.hand, bid_row, controls])
        left.add_class("et-left")
        self.left_column = left

        self.suggest = button(
            "Suggest",
            "What would the computer player do in your place? (a rule of thumb, not an exact hint)",
            c.suggest,
            "et-ctl",
        )
        self.suggestion = w.HTML()
        self.suggestion.add_class("ec-suggestion")
        self.suggest_panel = w.VBox([self.suggest, self.suggestion])
        self.suggest_panel.add_class("euchre-suggest")
        self.bidding = w.HTML()
        self.bidding.add_class("euchre-bidding")
        self.trick_log = w.HTML()
        self.trick_log.add_class("euchre-log")
        right = w.VBox([self.suggest_panel, self.bidding, self.trick_log])
        right.add_class("et-right")
        self.right_column = right
        main = w.HBox([left, right])
        main.add_class("et-main")
        self.children = [self.style_html, header, self.message, main]

    def _build_hints(self, show_hint: bool) -> None:
        """The hint panel at the top of the right column (built once)."""
        t = self.tutor
        self.style_html.value += f"<style>{bid_hints.HINT_CSS}</style>"
        self.hint_toggle = w.ToggleButton(
            value=show_hint, description="Show hint", tooltip="Show or hide the advisor's hint for your turn"
        )
        self.hint_toggle.add_class("et-hint-toggle")
        self.hint_toggle.observe(lambda ch: t.set_show_hint(bool(ch["new"])), names="value")
        self.grade = w.Checkbox(
            value=t.grading, description="Grade my play", indent=False, tooltip=grade_scale()
        )
        self.grade.add_class("et-grade-toggle")
        self.grade.observe(lambda ch: t.set_grading(bool(ch["new"])), names="value")
        self.depth = DepthPicker()
        self.depth.on_change(lambda _d: self._on_tutor("depth"))
        self.hint_status = w.HTML()
        self.hint_status.add_class("et-hint-status")
        self.hint_body = w.HTML()
        self.hint_body.add_class("et-hint-body")
        self.grade_line = w.HTML()
        self.grade_line.add_class("euchre-grade")
        head = w.HBox([self.hint_toggle, self.grade])
        head.add_class("et-hinthead")
        self.hint_panel = w.VBox([head, self.depth, self.hint_status, self.hint_body, self.grade_line])
        self.hint_panel.add_class("euchre-hint")
        self.right_column.children = (self.hint_panel, *self.right_column.children)

    def _build_review(self) -> None:
        """The review of the finished hand under the bids, its Retry panel, and the session chart (built once)."""
        self.review_open = button(
            "Review hand",
            "Each of your decisions in the hand just played: its grade and the best one",
            self._open_review,
            "et-ctl",
        )
        self.review_open.add_class("euchre-review-open")
        self.review_close = button("Close review", "Hide the review", self._close_review, "et-ctl")
        self.review_close.add_class("euchre-review-close")
        self.review_body = w.HTML()
        # Retry: the hand's key moments, each answered again with the hint hidden
        self.retry = RetryPanel(KEY_MOMENTS, self.controller.illegal)
        self.drills_line = w.HTML()
        self.review = w.VBox([self.review_body, self.retry, self.drills_line, w.HBox([self.review_close])])
        self.review.add_class("euchre-review")
        self.review.add_class("hidden")
        # the end of a hand: Next hand and Review hand in the emptied hand's place, the review under them
        left = list(self.left_column.children)
        left.insert(
            left.index(self.hand) + 1, self._end_of_hand_bar(self.hand, self.next_hand, self.review_open)
        )
        left.insert(left.index(self.hand_end) + 1, self.review)
        self.left_column.children = tuple(left)
        self.session = SessionChart(self.tutor.stats, game="bid")
        right = list(self.right_column.children)
        right.insert(right.index(self.suggest_panel) + 1, self.session)
        self.right_column.children = tuple(right)

    def _open_review(self) -> None:
        if self.tutor.review() is None:
            self.controller.illegal("no hand has finished yet: play one to the end, then review it")
            return
        self._review_open = True
        self.refresh_review()

    def _close_review(self) -> None:
        self._review_open = False
        self.retry.dismiss()
        self.refresh_review()

    def refresh_review(self) -> None:
        c = self.controller
        review = self.tutor.review() if (c.waiting or c.state.is_over) else None
        self._set(self.review_open, "disabled", review is None)
        if review is None or not self._review_open:
            self.review.add_class("hidden")
            self._set(self.review_body, "value", "")
            self.retry.dismiss()
            return
        self._set(self.review_body, "value", bid_hints.review_html(self.tutor, review, self.depth.depth))
        self._refresh_retry(review.number)
        self.review.remove_class("hidden")

    def _refresh_retry(self, hand_number: int) -> None:
        """The hand's key moments, each with its Retry button (graded by the tutor, on the same deals)."""
        self.retry.refresh(
            tutor_moments(self.tutor, hand_number, bid_hints.key_moment_words, self._retry_case)
        )
        self._set(self.drills_line, "value", drills_html(self.tutor.drills))

    def _retry_case(self, d: BidDecision) -> RetryCase:
        def grade(i: int) -> str:
            return bid_hints.retry_result_html(
                self.tutor, self.tutor.retry(d, d.view.legal[i]), self.depth.depth
            )

        answers = tuple(action_label(a) for a in d.view.legal)
        return RetryCase(bid_hints.retry_prompt_html(d), answers, grade)

    def _on_tutor(self, _topic: str) -> None:
        with self.hold_sync():
            self.refresh_hint()
            self.refresh_review()

    def refresh_hint(self) -> None:
        t = self.tutor
        c = self.controller
        shown = bool(self.hint_toggle.value)
        self._set(self.hint_toggle, "description", "Hide hint" if shown else "Show hint")
        depth = self.depth.depth
        self._set(self.hint_status, "value", bid_hints.hint_status_html(t, depth))
        if t.analysing:
            self.hint_panel.add_class("analysing")
        else:
            self.hint_panel.remove_class("analysing")
        hint = t.current_hint
        if not shown:
            body = ""
        elif hint is not None and c.my_turn:
            body = bid_hints.hint_body_html(hint, c.view, depth)
        else:
            body = bid_hints.hint_placeholder(t)
        self._set(self.hint_body, "value", body)
        self._set(self.grade, "value", t.grading)
        self._set(self.grade_line, "value", bid_hints.grade_line_html(t, depth) if t.grading else "")

    def close(self) -> None:
        self.tutor.close()
        self.session.close()
        super().close()

    def _build_grid(self, rules: BidRules) -> None:
        """The grid of bids for these rules (built again only when the rules change its shape)."""
        rows = bid_grid_actions(rules)
        actions = [a for row in rows for a in row]
        if self._grid_rules is not None and actions == self._grid_actions:
            self._grid_rules = rules
            return
        self._grid_rules = rules
        self._grid_actions = actions
        buttons = []
        for i, action in enumerate(actions):
            b = button(
                _cell_label(action),
                action_meaning(action, rules),
                functools.partial(self._click_grid, i),
                "eb-cell",
            )
            if action.alone is not None:
                b.add_class("eb-alone")
            if action.suit is not None and action.suit.is_red:
                b.add_class("red")
            buttons.append(b)
        self.grid_buttons = buttons
        columns = len(rows[0]) if rows else 1
        # columns as wide as their bids, narrower (the labels wrap) when the table is narrower than the grid
        self.grid.layout.grid_template_columns = f"repeat({columns}, minmax(0, max-content))"
        self.grid.children = tuple(buttons)

    # ----------------------------------------------------------------- commands

    def _card_clicked(self, card: Card) -> None:
        self.controller.click_card(card)

    def _click_decision(self, i: int) -> None:
        action = self._decision_actions[i]
        if action is not None:
            self.controller.act(action)

    def _click_grid(self, i: int) -> None:
        # a disabled cell cannot be clicked in the page; any other caller is refused with the reason
        self.controller.act(self._grid_actions[i])

    def _new_match(self) -> None:
        """A new match: the seed typed, the preset chosen (or these rules) with the options typed over it."""
        preset = self.rules_choice.value or None
        text = str(self.options_text.value).strip()
        if not text:
            self.controller.new_match(self.seed.value, preset)
            return
        try:
            options = load_json_text(capped_text(text, "the options"), "the options")
        except JsonInputError as error:
            self.controller.illegal(f'the options are a JSON object such as {{"hands": 4}}: {error}')
            return
        if not isinstance(options, dict):
            self.controller.illegal(
                'the options are a JSON object such as {"hands": 4}, with names and values'
            )
            return
        if "preset" in options:  # the options name their own starting point
            base: dict[str, Any] = {}
        elif preset is not None:
            base = {"preset": preset}
        else:
            base = self.controller.rules.to_json()
        # the controller checks the combination: a bad one is refused with the reason, nothing changes
        self.controller.new_match(self.seed.value, {**base, **options})

    def _load_text(self) -> None:
        self.controller.load_deal(self.deal_text.value)

    def _save(self) -> None:
        self.save_link.value = self._download_link(
            f"bid-euchre-seed-{self.controller.seed}.json",
            self.tutor.save_text(),  # with the table's grades, which the class report reads
            "(paste it into the deal box and press Load deal to replay the match)",
        )

    # ----------------------------------------------------------------- updating in place

    def _on_change(self, topic: str) -> None:
        if topic == "message":
            self.refresh_message()
        else:
            self.refresh()

    def refresh(self) -> None:
        c = self.controller
        view = c.view
        logs = c.hand_logs()
        shown = logs[-2] if c.waiting and len(logs) > 1 else logs[-1]
        with self.hold_sync():
            self._set(self.title, "value", title_html(c))
            self._set(self.score, "value", score_html(c))
            self._set(self.table, "value", table_html(c, view, shown))
            self._set(self.bidding, "value", bidding_html(c, view, shown))
            self._set(self.trick_log, "value", log_html(logs, shown))
            self._set(self.prompt, "value", prompt_html(c, view, shown))
            self._refresh_decisions()
            self._refresh_grid(view)
            self._refresh_hand(view)
            self._set(self.undo, "disabled", not c.can_undo)
            self._set(self.redo, "disabled", not c.can_redo)
            self._set(self.next_hand, "disabled", not c.waiting)
            self._show_hand_end(c.waiting or c.state.is_over)
            self._set(self.suggest, "disabled", not c.my_turn)
            if not str(self.seed.value).strip():
                self.seed.value = str(c.seed)
            self.refresh_message()
            self.refresh_hint()
            if not (c.waiting or c.state.is_over):
                self._review_open = False
            self.refresh_review()

    def refresh_message(self) -> None:
        c = self.controller
        self._show_message(c.message, c.message_is_error)
        text = (
            f'<div class="ec-suggest-text" role="status"><b>Computer player\'s suggestion</b> '
            f"(not an exact hint): {esc(c.suggestion)}</div>"
            if c.suggestion
            else '<div class="et-status">Suggest shows what the rule-based computer player would do in your '
            "place.</div>"
        )
        self._set(self.suggestion, "value", text)

    def _refresh_decisions(self) -> None:
        actions = [a for a in self.controller.decision_actions if a.kind != "bid"]
        for i, b in enumerate(self.decision_buttons):
            action = actions[i] if i < len(actions) else None
            if action == self._decision_actions[i]:
                continue
            self._decision_actions[i] = action
            if action is None:
                action_button(b, None)
                continue
            red = action.suit is not None and action.suit.is_red
            action_button(b, action_label(action), action_meaning(action, self.controller.rules), red=red)
        if actions:
            self.decisions.remove_class("hidden")
        else:
            self.decisions.add_class("hidden")

    def _refresh_grid(self, view: SeatView) -> None:
        c = self.controller
        self._build_grid(c.rules)
        bidding = c.my_turn and c.state.hand.phase is Phase.BIDDING
        legal = set(c.decision_actions) if bidding else set()
        for action, b in zip(self._grid_actions, self.grid_buttons, strict=True):
            ok = action in legal
            tip = action_meaning(action, c.rules) if ok else _why_not(c, view, action)
            with b.hold_sync():
                self._set(b, "disabled", not ok)
                if ok:
                    b.add_class("euchre-bid")
                    b.remove_class("illegal")
                else:
                    b.remove_class("euchre-bid")
                    b.add_class("illegal")
                self._set(b, "tooltip", tip)
        if bidding:
            self.grid.remove_class("hidden")
        else:
            self.grid.add_class("hidden")

    def _refresh_hand(self, view: SeatView) -> None:
        c = self.controller
        trump = view.trump
        cards = render.hand_order(view.hand, trump)
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
                want |= {"disabled", "illegal" if action is not None else "wait"}
            if trump is not None and is_trump(card, trump):
                want.add("trump")
            if reason is None:
                verb = action.kind if action is not None else "play"
                rank = describe_rank(card, trump) if trump is not None or card.suit else ""
                tip = f"{verb.capitalize()} the {card.name}" + (f": {rank}" if rank else "")
            else:
                tip = reason
            self._show_slot(i, card, want, card.name, tip)

    # ----------------------------------------------------------------- test helpers

    def bid_actions(self) -> list[str]:
        """The decisions the student can click now (pass, the enabled bids, the trump names), as action strings."""
        shown = [str(a) for a in self._decision_actions if a is not None]
        shown += [
            str(a) for a, b in zip(self._grid_actions, self.grid_buttons, strict=True) if not b.disabled
        ]
        return shown

    def bid_button(self, action: Action | str) -> w.Button:
        """The button that takes ``action`` (a grid cell even when disabled, or a decision button)."""
        wanted = Action.parse(action)
        for b, a in zip(self.decision_buttons, self._decision_actions, strict=True):
            if a == wanted:
                return b
        for b, a in zip(self.grid_buttons, self._grid_actions, strict=True):
            if a == wanted:
                return b
        raise KeyError(f"no button for {wanted} (shown: {', '.join(self.bid_actions()) or 'none'})")


# ---------------------------------------------------------------------------
# HTML for the read-only parts (pure functions of the controller's data)


def _why_not(c: BidController, view: SeatView, action: Action) -> str:
    """A grid cell's tooltip when it may not be bid now, in a few words."""
    label = _cell_label(action)
    if not (c.my_turn and c.state.hand.phase is Phase.BIDDING):
        return f"{label}: bids are made in the bidding, when it is your turn"
    r = c.rules
    if action.level is not None and action.level < r.minimum_bid:  # pragma: no cover - the grid starts there
        return f"{label}: the minimum bid is {r.minimum_bid}"
    if view.high is not None and view.bidder is not None:
        return (
            f"{label}: not higher than {view.bidder.word}'s {action_label(view.high)}; suits do not rank, "
            "so a higher bid has more tricks (or is an alone bid)"
        )
    return f"{label}: not legal now"  # pragma: no cover - every cell is legal before the first bid


def title_html(c: BidController) -> str:
    r = c.rules
    what = f"{r.hand_size} cards each" + (", double deck" if r.double_deck else "")
    if r.kitty:
        what += f", a {r.kitty_size}-card kitty" + (" with the joker" if r.joker else "")
    return (
        '<div class="et-title"><h1>♠ Bid Euchre ♥</h1>'
        f'<div class="sub">You (South) and North against East and West · {esc(what)} · bid the tricks '
        "your side will take</div></div>"
    )


def score_html(c: BidController) -> str:
    state = c.state
    rules = state.rules
    target = rules.target
    sides = []
    for team in (c.seat.team, *(t for t in (Seat.N.team, Seat.E.team) if t is not c.seat.team)):
        pts = state.scores[team.index]
        mine = c.seat in team.seats
        who = team_words(team, c.seat)
        width = max(0, min(100, round(100 * pts / target)))
        sides.append(
            f'<div class="side {"you" if mine else "deck"} ec-team-{team.index}" aria-label="{esc(team.name)}, '
            f'{esc(who)}: {pts}"><span class="lbl">{esc(team.name)} · {esc(who)}</span>'
            f'<span class="pts">{pts}</span><div class="meter" aria-hidden="true"><div style="width:{width}%"></div>'
            "</div></div>"
        )
    if rules.hands is not None:
        goal = f"hand {min(state.hand_number, rules.hands)} of<br><b>{rules.hands}</b>"
        goal_words = f"hand {min(state.hand_number, rules.hands)} of {rules.hands}"
    else:
        goal = f"first to<br><b>{target}</b>"
        goal_words = f"first to {target}"
    label = f"N-S {state.scores[0]}, E-W {state.scores[1]}"
    return (
        f'<div class="board" role="status" aria-label="Score: {esc(label)}, {esc(goal_words)}">'
        f'{"".join(sides)}<span class="to">{goal}</span></div>'
    )


def _contract_html(hand: HandState) -> str:
    if hand.bidder is None or hand.high is None:
        return ""
    high = hand.high
    trump = hand.trump if hand.contract_named else high.suit  # the high bid's trump while bidding goes on
    notrump = hand.notrump if hand.contract_named else high.notrump
    if trump is not None:
        what = f"{trump.symbol} {trump.plural}"
    elif notrump is not None:
        what = f"no trump ({notrump})"
    else:
        what = "trump to be named"
    return f"{hand.bidder.word} bid {_bid_words(high)}: {what}; needs {hand.needs}"


def _bid_words(bid: Action) -> str:
    """A bid without its verb: '3 ♥', 'alone NT↑', 'call 1 ♠', '4' (tricks only)."""
    head = ALONE_WORDS[bid.alone] if bid.alone is not None else f"{bid.level}"
    return f"{head} {contract_label(bid.suit, bid.notrump)}".strip()


def table_html(c: BidController, view: SeatView, log: BidHandLog) -> str:
    hand = c.hand
    pos = positions(c.seat)
    seats = []
    out = hand.sitting_out
    for seat in (Seat.N, Seat.E, Seat.S, Seat.W):
        badges = []
        if seat == hand.dealer:
            badges.append("dealer")
        if seat == hand.bidder:
            badges.append("bidder, alone" if hand.alone else "bidder")
        if seat == out:
            badges.append("sits out")
        acting = hand.to_act == seat and not hand.is_over
        if acting:
            badges.append("to act")
        count = len(hand.hands[seat])
        tricks = sum(1 for t in hand.tricks if t.winner == seat)
        name = seat_name(seat, c.seat, team=False)
        classes = ["ec-seat", f"ec-{pos[seat]}", f"ec-team-{seat.team.index}"]
        if acting:
            classes.append("to-act")
        if seat == out:
            classes.append("out")
        badge_html = "".join(f'<span class="ec-badge">{esc(b)}</span>' for b in badges)
        card_words = "sits this hand out" if seat == out else f"{count} card{'s' if count != 1 else ''}"
        seats.append(
            f'<div class="{" ".join(classes)}" aria-label="{esc(name)}: {esc(card_words)}, {tricks} tricks'
            f'{", " + ", ".join(badges) if badges else ""}"><span class="ec-name">{esc(name)}</span>'
            f'{badge_html}<span class="ec-count">{esc(card_words)} · tricks {tricks}</span></div>'
        )
    plays = dict(hand.trick_plays)
    caption = "Current trick" if hand.trick_plays else ""
    last = False
    if not plays and hand.tricks:
        t = hand.tricks[-1]
        plays = dict(t.plays)
        caption = f"{t.winner.word} won trick {len(hand.tricks)}"
        last = True
    slots = []
    for seat in (Seat.N, Seat.E, Seat.S, Seat.W):
        card = plays.get(seat)
        body = face(card, trump=hand.trump) if card is not None else '<span class="et-empty small"></span>'
        win = last and seat == hand.tricks[-1].winner
        label = f"{seat.word}: {card.name}" if card is not None else f"{seat.word}: no card yet"
        tag = seat.name
        if seat == out:
            label, tag, body = (
                f"{seat.word} sits out",
                f"{seat.name} · out",
                '<span class="et-empty small out"></span>',
            )
        slots.append(
            f'<div class="ec-play ec-p-{pos[seat]} ec-team-{seat.team.index}{" won" if win else ""}'
            f'{" out" if seat == out else ""}" aria-label="{esc(label)}"><span class="ec-who">{esc(tag)}</span>'
            f"{body}</div>"
        )
    # While the bids go round no card is on the table: the empty trick folds away, so the grid of
    # bids under the hand fits a laptop's screen without scrolling
    bidding = " bidding" if hand.phase is Phase.BIDDING and not hand.tricks else ""
    center = (
        f'<div class="ec-center{" last" if last else ""}{bidding}"><span class="cap">{esc(caption)}</span>'
        f'<div class="ec-trick">{"".join(slots)}</div></div>'
    )
    if hand.passed_out:
        note = "everyone passed"
    elif hand.bidder is None:
        note = "bidding: no bid yet"
    elif hand.phase is Phase.BIDDING:
        note = "the high bid so far"
    else:
        note = f"{hand.tricks_won(hand.bidder.team)} of {hand.needs} tricks so far"
    info = (
        f'<div class="ec-info"><span class="cap">Hand {log.number} · contract</span>'
        f'<span class="ec-trump">{esc(_contract_html(hand) or "no bid yet")}</span>'
        f'<span class="note">{esc(note)}</span></div>'
    )
    return f'<div class="ec-table ec-n4">{info}{"".join(seats)}{center}</div>'


def bidding_html(c: BidController, view: SeatView, log: BidHandLog) -> str:
    lines = "".join(f"<li>{esc(text)}</li>" for text in log.bidding)
    mine = ""
    if view.discards:
        mine += f"<p>Your discards (only you see them): {render.faces(view.discards, small=True)}</p>"
    if view.gifts:
        who = "North passed you" if view.bidder == c.seat else "You passed North"
        mine += f"<p>{who} (only you two see them): {render.faces(view.gifts, small=True)}</p>"
    r = c.rules
    kinds = ", ".join(ALONE_WORDS[k] for k in r.alone_kinds) or "none"
    rules = (
        f'<p class="ec-level">Rules: bids of {r.minimum_bid} to {r.hand_size} '
        f"{'tricks only, trump named after' if r.bid_type == 'level' else 'tricks with trump'}; "
        f"no trump: {r.no_trump}; alone bids: {esc(kinds)}; "
        f"{'an auction' if r.bidding == 'auction' else 'one round'} from the "
        f"{'dealer' if r.bidding_order == 'dealer-first' else 'dealer’s left'}.</p>"
    )
    return (
        f"<b>Bidding · hand {log.number}</b> · {esc(log.dealer.word)} deals"
        f"<ol class='ec-bidlog'>{lines or '<li>No bids yet.</li>'}</ol>{mine}{rules}"
    )


def _log_table(log: BidHandLog) -> str:
    result = "".join(f"<p class='ec-result'>{esc(r)}</p>" for r in log.result)
    if not log.tricks:
        return "<p>No tricks yet.</p>" + result
    rows = []
    for number, trick in log.tricks:
        plays = " ".join(
            f'<span class="ec-logplay ec-team-{seat.team.index}">{esc(seat.name)} '
            f"{face(card, small=True, trump=log.trump)}</span>"
            for seat, card in trick.plays
        )
        why = explain_trick(trick, log.trump, log.notrump)
        rows.append(
            f'<tr><td>{number}</td><td>{esc(trick.leader.word)}</td><td><div class="ec-plays">{plays}</div></td>'
            f'<td class="won">{esc(trick.winner.word)}</td><td class="why">{esc(why)}</td></tr>'
        )
    return (
        "<table><thead><tr><th>#</th><th>led by</th><th>cards in play order</th><th>won by</th>"
        f"<th>why</th></tr></thead><tbody>{''.join(rows)}</tbody></table>{result}"
    )


def _summary(log: BidHandLog) -> str:
    if log.bidder is None:
        return f"Hand {log.number}: {log.bidding[-1] if log.bidding else 'no bid'}"
    return f"Hand {log.number}: {log.bidder.word} bid {log.bid or 'a contract'}"


def log_html(logs: list[BidHandLog], shown: BidHandLog) -> str:
    trump = ""
    if not shown.tricks:  # while bidding, the high bid's trump may still change
        pass
    elif shown.trump is not None:
        trump = f" · trump {shown.trump.symbol}"
    elif shown.notrump is not None:
        trump = f" · no trump ({shown.notrump})"
    head = f'<div class="stock"><b>Trick log · hand {shown.number}</b>{esc(trump)}</div>'
    past = [log for log in logs if log.number < shown.number]
    earlier = "".join(
        f"<details><summary>{esc(_summary(log))}</summary>{_log_table(log)}</details>"
        for log in reversed(past)
    )
    if earlier:
        earlier = f'<div class="ec-earlier"><b>Earlier hands</b>{earlier}</div>'
    return head + _log_table(shown) + earlier


def prompt_html(c: BidController, view: SeatView, log: BidHandLog) -> str:
    state = c.state
    if state.is_over:
        return esc(
            f"The match is over. {log.outcome} {log.result[-1] if log.result else ''} Press New match."
        )
    if c.waiting:
        return esc(f"Hand {log.number} is over. {log.outcome} Press Next hand.")
    if not c.my_turn:  # pragma: no cover - the computer players act at once
        return ""
    phase = view.phase
    hand = state.hand
    if phase is Phase.BIDDING:
        if view.high is None or view.bidder is None:
            text = "Bidding: bid the tricks you and North will take, with trump (click a bid below), or pass."
        else:
            text = (
                f"Bidding: {view.bidder.word} bid {_bid_words(view.high)}. Bid higher (more tricks, or "
                "an alone bid) or pass."
            )
    elif phase is Phase.TRUMP:
        text = f"You won the bidding with {view.high.level if view.high else ''} tricks: name trump."
    elif phase is Phase.KITTY:
        text = f"You took the kitty: click a card to discard it face down ({hand.to_discard} to go)."
    elif phase is Phase.CALL:
        text = f"North bid {ALONE_WORDS.get(hand.alone or '', '')}: click a card to pass to North face down ({hand.to_give} to go)."
    elif phase is Phase.LONER_DISCARD:
        text = f"North passed you {len(view.gifts)} card(s): click a card to discard face down ({hand.to_discard} to go)."
    elif phase is Phase.PLAY:
        number = len(view.tricks) + 1
        of = c.rules.hand_size
        if not view.trick_plays:
            text = f"Trick {number} of {of}: your lead. Click a card."
        else:
            led = view.led_suit
            text = f"Trick {number} of {of}: {led.plural if led else ''} led. Follow suit if you can: click a card."
    else:  # pragma: no cover - every phase with a decision is named above
        text = ""
    return esc(text)
