"""The Bid Euchre table: ``BidApp(seed=7)`` in a notebook or in Voila.

The student plays South with North as partner; the rule-based computer
player plays North, East and West, acting at once until it is the student's
turn again. The widget tree is built once (the grid of bids again only when
new rules change its rows or columns); every click goes to the
:class:`~euchre_tutor.games.bid.session.controller.BidController` and the view
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
  disabled with the reason as their tooltip; on a narrow table (a phone) the
  grid shows one row, chosen by the row of levels above it (``eb-levels``:
  ``eb-level`` buttons, the chosen one ``eb-chosen``; the other rows' cells
  have ``eb-off``);
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
from collections.abc import Mapping, Sequence
from typing import Any, Final

import ipywidgets as w

from euchre_tutor.advisor.voice import Depth
from euchre_tutor.errors import JsonInputError
from euchre_tutor.games.bid.bots import Player
from euchre_tutor.games.bid.engine import Action, Phase, Seat, explain_trick
from euchre_tutor.games.bid.engine.actions import ALONE_WORDS, CARDS_PASSED
from euchre_tutor.games.bid.rules import PRESET_NOTES, PRESETS, BidRules
from euchre_tutor.games.bid.session.controller import (
    BidController,
    BidHandLog,
    action_label,
    action_meaning,
    contract_label,
)
from euchre_tutor.games.bid.session.tutor import DEFAULT_BID_SOURCE, BidTutor
from euchre_tutor.games.bid.views import SeatView
from euchre_tutor.games.bid.widgets import hints as bid_hints
from euchre_tutor.jsonio import capped_text, load_json_text
from euchre_tutor.session.analysis import AnalysisSource
from euchre_tutor.session.seats import positions
from euchre_tutor.widgets import render
from euchre_tutor.widgets import table_html as tables
from euchre_tutor.widgets.style import CLASSIC_CSS, CSS
from euchre_tutor.widgets.table import button, set_class
from euchre_tutor.widgets.table_app import SeatParts, TableApp

__all__ = ["RULES_CHOICES", "BidApp", "bid_grid_actions"]

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
.euchre-bidtable .eb-levels{display:none}
@container euchre-app (max-width:599px){
  .euchre-bidtable .eb-bidgrid{gap:3px;padding:4px;width:auto}
  .euchre-app .jupyter-button.eb-cell,.euchre-app .jupyter-button.eb-cell.euchre-bid,
  .euchre-app .jupyter-button.eb-cell.eb-alone{min-width:0;padding:0 2px;font-size:14px;white-space:normal;
    line-height:1.1;height:auto;min-height:30px;overflow-wrap:anywhere}
  .euchre-bidtable .eb-bidrow>.eb-levels:not(.hidden){display:flex;flex:1 1 100%;flex-wrap:wrap;gap:4px;
    align-items:center;margin:4px 0 0}
  .euchre-bidtable .eb-bidrow>.eb-bidgrid{flex:1 1 100%}
  .euchre-bidtable .eb-levels .eb-levels-cap{flex:1 1 100%;font-size:14px;font-weight:600}
  .euchre-app .jupyter-button.eb-level{width:auto;min-width:40px;height:36px;padding:0 8px;margin:0;
    font-size:15px;font-weight:700;border-radius:7px}
  .euchre-app .jupyter-button.eb-level.eb-chosen{background:#ffd54f;color:#222;box-shadow:inset 0 0 0 2px #8a5a00}
  .euchre-app .jupyter-button.eb-level:disabled{opacity:.35}
  .euchre-bidtable .eb-bidgrid .eb-cell.eb-off{display:none}
  .euchre-bidtable .eb-bidgrid.eb-one:not(.hidden){display:flex;flex-wrap:wrap}
}
"""


def bid_grid_actions(rules: BidRules) -> list[list[Action]]:
    """Every bid these rules allow, as the grid's rows: one row per level (lowest first), then
    call 2, call 1 and alone; one column per contract."""
    contracts = rules.bid_contracts  # the grid's columns: one with bids of tricks only
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


class BidApp(TableApp[BidController, BidTutor]):
    """Play Bid Euchre against the computer: the student at South, rule-based players in the other seats.

    ``seed`` names the match's deals; ``rules`` is a preset name (``"common"``, ``"nt-high-low"``,
    ``"auction"``, ``"kitty-joker"``, ``"double-deck"``), a :class:`BidRules` or a mapping of
    options; ``deal`` a teacher's deal (the JSON object ``euchre-tutor bid replay`` reads) or a saved
    game to start with. ``hints``: the advisor's analysis of each turn, off the click path, from
    ``source``; ``show_hint`` opens the hint panel; ``tutor_options`` go to the
    :class:`~euchre_tutor.games.bid.session.tutor.BidTutor` (``runner`` and ``worlds``: where the
    analysis runs and on how many sampled deals; ``grading`` labels each decision; ``stats``: the
    session statistics the graded hands feed, which tables may share).
    """

    GAME = "bid"
    HINTS = bid_hints.TUTOR_HTML
    SAVE_NAME = "bid-euchre-seed-{seed}.json"
    TABLE_CSS = f"{CSS}\n{CLASSIC_CSS}\n{BID_CSS}"
    HINT_CSS = bid_hints.HINT_CSS
    RULES_CLASS = "eb-rules"
    RULES_CHOICES = RULES_CHOICES
    NEW_MATCH_TIP = "Start a new match (0-0) with this seed's deals, the preset chosen and the options typed"
    LOAD_TIP = "Deal the teacher's deal typed here (the JSON of 'euchre-tutor bid replay'), or a saved game"
    DEAL_PLACEHOLDER = (
        'teacher\'s deal: {"rules": "common", "dealer": "N", "hands": {"N": ["9S", ...], '
        '"E": [...], "S": [...], "W": [...]}, "actions": ["pass"]}'
    )
    SUGGEST_TIP = "What would the computer player do in your place? (a rule of thumb, not an exact hint)"
    SUGGEST_IDLE = "Suggest shows what the rule-based computer player would do in your place."
    SLOTS = 16  # double deck: eleven and a four-card kitty, or twelve and two gifts
    POOL = 8  # pass and the trump names (six contracts at most)
    CLASSES = ("euchre-classic", "euchre-bidtable")  # the classic table's layout and faces apply

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
        source: str | AnalysisSource | None = DEFAULT_BID_SOURCE,
        tutor: BidTutor | None = None,
        shared: SeatParts | None = None,
        **tutor_options: Any,
    ) -> None:
        if shared is None:  # a one-person table (at a shared table: the student's seat and its tutor)
            controller = controller or BidController(seed, rules=rules, bot=bot)
            tutor = tutor or BidTutor(
                controller, source=source if hints else None, show_hint=show_hint, **tutor_options
            )
        super().__init__(
            controller, tutor, deal=deal, four_colour=four_colour, show_hint=show_hint, shared=shared
        )

    # ----------------------------------------------------------------- building

    def _build_game(self) -> None:
        """The grid of bids (built for the rules at the first redraw), its row of levels and the options
        box. On a narrow table (a phone) the grid shows one row (its bids of one level, one per trump):
        the row of levels above it (``eb-levels``: how many tricks, or an alone bid) chooses which, so
        the hand, every decision and Show hint fit the first screen."""
        self._grid_rules: BidRules | None = None
        self._grid_rows: list[list[Action]] = []
        self._grid_actions: list[Action] = []
        self.grid_buttons: list[w.Button] = []
        self.level_buttons: list[w.Button] = []
        self._grid_row = 0  # the row the narrow grid shows
        self.grid = w.GridBox()
        self.grid.add_class("eb-bidgrid")
        self.levels = w.HBox()
        self.levels.add_class("eb-levels")
        self.options_text = w.Text(
            value="",
            description="Options",
            placeholder='e.g. {"hands": 4, "alone_bids": "call-2", "no_trump": "high-low"}',
            layout=w.Layout(width="420px"),
        )
        self.options_text.add_class("eb-options")

    def _control_rows(self) -> list[Sequence[w.Widget] | w.Box]:
        return [
            [self.undo, self.redo],
            [self.seed, self.rules_choice, self.new_match, self.four],
            [self.options_text],
            [self.deal_text, self.load],
            [self.save, self.save_link],
        ]

    def _left_children(self) -> list[w.Widget]:
        # the hand above the bids: the student reads it while choosing a bid from the grid below
        # pass (and the other decisions) beside the grid where the width allows, under it where not
        self.decisions = self.bids
        bid_row = w.HBox([self.decisions, self.levels, self.grid])
        bid_row.add_class("eb-bidrow")
        return [self.table, self.prompt, self.hand, self.hand_end, self.review, bid_row, self.controls]

    @property
    def decision_buttons(self) -> list[w.Button]:
        """Pass and the trump names' pool (the bids are the grid's)."""
        return self.bids.buttons

    def _build_grid(self, rules: BidRules) -> None:
        """The grid of bids for these rules (built again only when the rules change its shape)."""
        rows = bid_grid_actions(rules)
        actions = [a for row in rows for a in row]
        if self._grid_rules is not None and actions == self._grid_actions:
            self._grid_rules = rules
            return
        self._grid_rules = rules
        self._grid_rows = rows
        self._grid_actions = actions
        self._grid_row = 0
        caption = w.HTML("Your bid: how many tricks, then the trump")
        caption.add_class("eb-levels-cap")
        self.level_buttons = [
            button(_level_label(row[0]), "", functools.partial(self._choose_row, i), "eb-level")
            for i, row in enumerate(rows)
        ]
        self.levels.children = (caption, *self.level_buttons)
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
        # one column (bids of tricks only): on a narrow table its bids flow in a row, no levels to choose
        set_class(self.grid, "eb-one", columns == 1)

    # ----------------------------------------------------------------- commands

    def _choose_row(self, i: int) -> None:
        """A level tapped: the narrow grid shows its row of bids."""
        with self._lock, self.hold_sync():
            self._grid_row = i
            self._show_grid_row()

    def _show_grid_row(self) -> None:
        """The narrow grid's row (the others' cells ``eb-off``) and its level marked ``eb-chosen``."""
        columns = len(self._grid_rows[0]) if self._grid_rows else 1
        for k, b in enumerate(self.grid_buttons):
            set_class(b, "eb-off", columns > 1 and k // columns != self._grid_row)
        for i, b in enumerate(self.level_buttons):
            set_class(b, "eb-chosen", i == self._grid_row)

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

    # ----------------------------------------------------------------- updating in place

    def _refresh_table(self, view: SeatView, logs: list[BidHandLog], shown: BidHandLog) -> None:
        c = self.controller
        self._set(self.title, "value", title_html(view))
        self._set(self.score, "value", score_html(view, shown, c.state.scores))
        self._set(self.table, "value", table_html(view, shown, hide_tricks=self.hide_tricks))
        self._set(self.bidding, "value", bidding_html(view, shown))
        self._set(self.trick_log, "value", log_html(logs, shown))
        self._set(self.prompt, "value", prompt_html(c, view, shown))
        self.bids.show_actions(
            [a for a in c.decision_actions if a.kind != "bid"],
            action_label,
            lambda a: action_meaning(a, c.rules),
            lambda a: a.suit is not None and a.suit.is_red,
        )
        self._refresh_grid(view)

    def _refresh_grid(self, view: SeatView) -> None:
        c = self.controller
        self._build_grid(c.rules)
        bidding = c.my_turn and view.phase is Phase.BIDDING
        legal = set(c.decision_actions) if bidding else set()
        for action, b in zip(self._grid_actions, self.grid_buttons, strict=True):
            ok = action in legal
            tip = action_meaning(action, c.rules) if ok else _why_not(c, view, action)
            with b.hold_sync():
                self._set(b, "disabled", not ok)
                set_class(b, "euchre-bid", ok)
                set_class(b, "illegal", not ok)
                self._set(b, "tooltip", tip)
        # the levels with a bid legal now; the row shown stays while it has one, else the lowest that has
        open_rows = [i for i, row in enumerate(self._grid_rows) if legal.intersection(row)]
        if open_rows and self._grid_row not in open_rows:
            self._grid_row = open_rows[0]
        for i, (row, b) in enumerate(zip(self._grid_rows, self.level_buttons, strict=True)):
            self._set(b, "disabled", i not in open_rows)
            self._set(b, "tooltip", _level_tip(row[0], i in open_rows))
        self._show_grid_row()
        set_class(self.grid, "hidden", not bidding)
        set_class(self.levels, "hidden", not bidding or len(self._grid_rows[0]) == 1)

    # ----------------------------------------------------------------- the tutor's parts

    def _hint_body(self, hint: Any, depth: Depth) -> str:
        return bid_hints.hint_body_html(hint, self.controller.view, depth)

    def _review_html(self, review: Any, step: int, depth: Depth) -> str:
        return bid_hints.review_html(self.tutor, review, depth)

    @staticmethod
    def _hand_log_of_view(fields: dict[str, Any], view: SeatView) -> BidHandLog:
        bid = "" if view.high is None else _bid_words(view.high)
        return BidHandLog(**fields, trump=view.trump, notrump=view.notrump, bidder=view.bidder, bid=bid)

    def _answer_label(self, action: Action, view: SeatView) -> str:
        return action_label(action)

    # ----------------------------------------------------------------- test helpers

    def bid_actions(self) -> list[str]:
        """The decisions the student can click now (pass, the enabled bids, the trump names), as action strings."""
        shown = super().bid_actions()
        shown += [
            str(a) for a, b in zip(self._grid_actions, self.grid_buttons, strict=True) if not b.disabled
        ]
        return shown

    def _button_of(self, action: Action) -> w.Button | None:
        """The button that takes ``action`` (a decision button, or a grid cell even when disabled)."""
        found = super()._button_of(action)
        if found is not None:
            return found
        for b, a in zip(self.grid_buttons, self._grid_actions, strict=True):
            if a == action:
                return b
        return None


# ---------------------------------------------------------------------------
# HTML for the read-only parts (pure functions of the controller's data)


def _level_label(action: Action) -> str:
    """A level's button: its number of tricks, or the alone bid ('Call 2', 'Alone')."""
    return ALONE_WORDS[action.alone].capitalize() if action.alone is not None else str(action.level)


def _level_tip(action: Action, open_now: bool) -> str:
    """A level's tooltip: the row of bids it shows, and why none may be bid now when so."""
    what = (
        f"the {ALONE_WORDS[action.alone]} bids"
        if action.alone is not None
        else f"the bids of {action.level} tricks"
    )
    return f"Show {what}, one per trump" + ("" if open_now else " (none is higher than the bid so far)")


def _why_not(c: BidController, view: SeatView, action: Action) -> str:
    """A grid cell's tooltip when it may not be bid now, in a few words."""
    label = _cell_label(action)
    if not (c.my_turn and view.phase is Phase.BIDDING):
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


def title_html(view: SeatView) -> str:
    """The title, the partnership from the student's seat ``view`` and the rules in a few words."""
    r = view.rules
    me = view.seat
    what = f"{r.hand_size} cards each" + (", double deck" if r.double_deck else "")
    if r.kitty:
        what += f", a {r.kitty_size}-card kitty" + (" with the joker" if r.joker else "")
    return (
        '<div class="et-title"><h1>♠ Bid Euchre ♥</h1>'
        f'<div class="sub">You ({me.word}) and {me.partner.word} against '
        f"{' and '.join(s.word for s in me.seating.seats if s.team is not me.team)} · {esc(what)} · bid the "
        "tricks your side will take</div></div>"
    )


def score_html(view: SeatView, log: BidHandLog, scores: Sequence[int]) -> str:
    """The score board of the match's ``scores``, the student's side first (``view``: the student's
    seat; ``log``: the hand on the table)."""
    rules = view.rules
    me = view.seat
    teams = (me.team, *(t for t in me.seating.teams if t is not me.team))
    sides = [tables.score_side_html(team, scores[team.index], me, rules.target) for team in teams]
    return tables.score_board_html(sides, f"N-S {scores[0]}, E-W {scores[1]}", rules, log.number)


def _contract_html(hand: SeatView) -> str:
    if hand.bidder is None or hand.high is None:
        return ""
    high = hand.high
    named = hand.trump is not None or hand.notrump is not None
    trump = hand.trump if named else high.suit  # the high bid's trump while bidding goes on
    notrump = hand.notrump if named else high.notrump
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


def table_html(view: SeatView, log: BidHandLog, *, hide_tricks: bool = False) -> str:
    """The table from the student's seat ``view``: every seat with its cards counted, the trick, the
    contract (``log``: the hand on the table)."""
    me = view.seat
    pos = positions(me)
    seats = []
    out = view.sitting_out
    for seat in (Seat.N, Seat.E, Seat.S, Seat.W):
        roles = ["bidder, alone" if view.alone else "bidder"] if seat == view.bidder else []
        seats.append(
            tables.view_seat_html(view, seat, me, pos[seat], roles, out=seat == out, hide_tricks=hide_tricks)
        )
    # While the bids go round no card is on the table: the empty trick folds away, so the grid of
    # bids under the hand fits a laptop's screen without scrolling
    bidding = " bidding" if view.phase is Phase.BIDDING and not view.tricks else ""
    center = tables.trick_html(view, (Seat.N, Seat.E, Seat.S, Seat.W), pos, {out} - {None}, str, bidding)
    if view.phase is Phase.OVER and view.bidder is None:
        note = "everyone passed"
    elif view.bidder is None:
        note = "bidding: no bid yet"
    elif view.phase is Phase.BIDDING:
        note = "the high bid so far"
    else:
        won = sum(1 for t in view.tricks if t.winner.team is view.bidder.team)
        note = f"{won} of {view.needs} tricks so far"
    info = (
        f'<div class="ec-info"><span class="cap">Hand {log.number} · contract</span>'
        f'<span class="ec-trump">{esc(_contract_html(view) or "no bid yet")}</span>'
        f'<span class="note">{esc(note)}</span></div>'
    )
    return f'<div class="ec-table ec-n4">{info}{"".join(seats)}{center}</div>'


def bidding_html(view: SeatView, log: BidHandLog) -> str:
    """Who bid what in the hand ``log``, the student's discards and passed cards, and the rules."""
    me = view.seat
    mine = ""
    if view.discards:
        mine += f"<p>Your discards (only you see them): {render.faces(view.discards, small=True)}</p>"
    if view.gifts:
        who = f"{me.partner.word} passed you" if view.bidder == me else f"You passed {me.partner.word}"
        mine += f"<p>{who} (only you two see them): {render.faces(view.gifts, small=True)}</p>"
    r = view.rules
    kinds = ", ".join(ALONE_WORDS[k] for k in r.alone_kinds) or "none"
    rules = (
        f'<p class="ec-level">Rules: bids of {r.minimum_bid} to {r.hand_size} '
        f"{'tricks only, trump named after' if r.bid_type == 'level' else 'tricks with trump'}; "
        f"no trump: {r.no_trump}; alone bids: {esc(kinds)}; "
        f"{'an auction' if r.bidding == 'auction' else 'one round'} from the "
        f"{'dealer' if r.bidding_order == 'dealer-first' else 'dealer’s left'}.</p>"
    )
    return tables.bidding_html(log, f"{esc(log.dealer.word)} deals", mine + rules)


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
    return tables.log_html(logs, shown, trump, explain_trick, _summary)


def prompt_html(c: BidController, view: SeatView, log: BidHandLog) -> str:
    over = tables.over_prompt(c, log)
    if over is not None:
        return over
    if not c.my_turn:  # pragma: no cover - the computer players act at once
        return ""
    phase = view.phase
    me = view.seat
    to_discard = len(view.hand) - view.rules.hand_size  # the kitty's or the passed cards' discards
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
        text = f"You took the kitty: click a card to discard it face down ({to_discard} to go)."
    elif phase is Phase.CALL:
        to_give = CARDS_PASSED.get(view.alone or "", 0) - len(view.gifts)
        partner = me.partner.word
        text = (
            f"{partner} bid {ALONE_WORDS.get(view.alone or '', '')}: click a card to pass to {partner} face down "
            f"({to_give} to go)."
        )
    elif phase is Phase.LONER_DISCARD:
        text = (
            f"{me.partner.word} passed you {len(view.gifts)} card(s): click a card to discard face down "
            f"({to_discard} to go)."
        )
    elif phase is Phase.PLAY:
        text = tables.play_prompt(view, c.rules.hand_size)
    else:  # pragma: no cover - every phase with a decision is named above
        text = ""
    return esc(text)
