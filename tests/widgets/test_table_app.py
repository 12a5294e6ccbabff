"""The table-app builder's pieces: the decision row, the hint panel, the controls, uploads, and the
tutor sentences the classic and Bid hint panels share."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import ipywidgets as w
import pytest

from euchre_tutor.jsonio import MAX_INPUT_BYTES
from euchre_tutor.widgets.table_app import (
    ActionRow,
    HintPanel,
    controls_box,
    four_colour_box,
    seed_text,
    tutor_placeholder_html,
    tutor_status_html,
    uploaded_text,
)


def _label(a: Any) -> str:
    return f"Do {a}"


def _tip(a: Any) -> str:
    return f"why {a}"


def _red(a: Any) -> bool:
    return str(a).endswith("H")


def test_the_row_shows_each_legal_action_and_hides_the_rest() -> None:
    acted: list[str] = []
    row = ActionRow(3, acted.append)
    assert "et-trumpbox" in row._dom_classes and "ec-bids" in row._dom_classes
    row.show_actions(["pass", "call H"], _label, _tip, _red)
    assert [b.description for b in row.buttons] == ["Do pass", "Do call H", ""]
    assert [b.tooltip for b in row.buttons[:2]] == ["why pass", "why call H"]
    assert "red" in row.buttons[1]._dom_classes and "red" not in row.buttons[0]._dom_classes
    assert all("euchre-bid" in b._dom_classes for b in row.buttons[:2])
    assert "hidden" in row.buttons[2]._dom_classes and "hidden" not in row._dom_classes
    assert row.shown() == ["pass", "call H"]
    row.buttons[1].click()
    row.buttons[2].click()  # a hidden button's click does nothing
    assert acted == ["call H"]
    assert row.button_of("pass") is row.buttons[0] and row.button_of("order") is None
    row.show_actions([], _label, _tip, _red)
    assert "hidden" in row._dom_classes
    assert all("euchre-bid" not in b._dom_classes for b in row.buttons)


def test_the_row_grows_when_a_position_has_more_decisions_than_its_pool() -> None:
    row = ActionRow(1, lambda _a: None)
    row.show_actions(["a", "b", "c"], _label, _tip, _red)
    assert len(row.buttons) == 3 and list(row.children) == row.buttons
    assert row.shown() == ["a", "b", "c"]


def test_the_hint_panel_lays_out_its_parts_and_calls_back() -> None:
    calls: list[tuple[str, object]] = []
    switch = w.Dropdown(options=["x"])
    extra = w.HTML()
    panel = HintPanel(
        shown=False,
        grading=True,
        on_toggle=lambda v: calls.append(("toggle", v)),
        on_grade=lambda v: calls.append(("grade", v)),
        on_depth=lambda: calls.append(("depth", None)),
        grade_tip="the grades",
        switches=[switch],
        extras=[extra],
    )
    head, depth, status, body, more, grade_line = panel.children
    assert list(head.children) == [panel.toggle, switch, panel.grade]
    assert "et-hinthead" in head._dom_classes and "euchre-hint" in panel._dom_classes
    assert (depth, status, body, more, grade_line) == (
        panel.depth,
        panel.status,
        panel.body,
        extra,
        panel.grade_line,
    )
    assert "et-hint-status" in status._dom_classes and "euchre-grade" in grade_line._dom_classes
    assert panel.grade.value is True and panel.grade.tooltip == "the grades"
    assert panel.shown is False and panel.toggle.description == "Show hint"
    panel.toggle.value = True
    assert panel.shown is True and panel.toggle.description == "Hide hint"
    panel.grade.value = False
    buttons = panel.depth.buttons
    buttons.value = next(v for _label, v in buttons.options if v != buttons.value)
    assert calls == [("toggle", True), ("grade", False), ("depth", None)]
    panel.analysing(True)
    assert "analysing" in panel._dom_classes
    panel.analysing(False)
    assert "analysing" not in panel._dom_classes


def test_the_controls_box_marks_every_row_and_keeps_a_ready_box() -> None:
    ready = w.HBox([w.Button()])
    ready.add_class("mine")
    a, b = w.Button(), w.Button()
    box = controls_box([ready, [a, b]])
    assert "et-controls" in box._dom_classes
    first, second = box.children
    assert first is ready and ready._dom_classes == ("mine", "et-controls")
    assert list(second.children) == [a, b] and "et-controls" in second._dom_classes


def test_the_seed_box_and_the_four_colour_switch() -> None:
    seed = seed_text(7)
    assert seed.value == "7" and "et-seed" in seed._dom_classes
    table = w.VBox()
    four = four_colour_box(table)
    assert four.value is False
    four.value = True
    assert "four-colour" in table._dom_classes
    four.value = False
    assert "four-colour" not in table._dom_classes


def test_an_upload_gives_its_text_or_its_refusal() -> None:
    refused: list[str] = []
    assert uploaded_text({"new": ()}, refused.append) is None
    item = {"name": "deal.json", "content": b'{"seed": 7}'}
    assert uploaded_text({"new": (item,)}, refused.append) == '{"seed": 7}'
    assert uploaded_text({"new": (SimpleNamespace(content=b"9H 9C"),)}, refused.append) == "9H 9C"
    assert not refused
    huge = {"content": b" " * (MAX_INPUT_BYTES + 1)}
    assert uploaded_text({"new": (huge,)}, refused.append) is None
    assert len(refused) == 1 and "the deal file" in refused[0]


def _tutor(**kw: Any) -> SimpleNamespace:
    controller = SimpleNamespace(
        my_turn=kw.pop("my_turn", True),
        waiting=kw.pop("waiting", False),
        state=SimpleNamespace(is_over=False),
    )
    base = dict(hints_on=True, wanted=True, forced=None, current_error=None, analysing=False)
    base.update(kw)
    return SimpleNamespace(controller=controller, **base)


@pytest.mark.parametrize(
    ("tutor", "expected"),
    [
        (_tutor(hints_on=False), "Hints are off for this table."),
        (_tutor(wanted=False), "Show the hint or grade your play"),
        (_tutor(my_turn=False), "No decision of yours to analyse now."),
        (_tutor(current_error="<boom>"), "The analysis failed: &lt;boom&gt;"),
        (_tutor(analysing=True), '<span class="et-status xy-analysing">weighing 3</span>'),
        (_tutor(), '<span class="et-status xy-ready" data-ready="1"></span>'),  # nothing said when ready
    ],
)
def test_the_status_line_says_why_there_is_no_hint_yet(tutor: SimpleNamespace, expected: str) -> None:
    assert expected in tutor_status_html(tutor, lambda: "weighing 3", "xy")


def test_a_forced_choice_has_no_status_line_the_hint_says_why() -> None:
    assert tutor_status_html(_tutor(forced="pass"), lambda: "weighing 3", "xy") == ""


def test_the_placeholder_says_what_stands_in_for_the_hint() -> None:
    def forced(a: object) -> str:
        return f"<p>only {a}</p>"

    assert (
        tutor_placeholder_html(_tutor(hints_on=False), forced)
        == "<p>Hints are switched off for this table.</p>"
    )
    assert tutor_placeholder_html(_tutor(my_turn=False), forced) == ""
    over = tutor_placeholder_html(_tutor(my_turn=False, waiting=True), forced)
    assert "press Review hand" in over
    assert (
        tutor_placeholder_html(_tutor(forced="pass"), forced)
        == '<div class="et-forced"><p>only pass</p></div>'
    )
    assert "as soon as the analysis is done" in tutor_placeholder_html(_tutor(), forced)
