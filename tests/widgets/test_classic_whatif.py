"""The what-if row of the classic hint panel, headless: the command's numbers for the changed hand, the game untouched."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from euchre_tutor.games.classic.advisor.whatif import what_if
from euchre_tutor.widgets import ClassicApp
from tests.test_layers import assert_loads_no_widget_library
from tests.widgets.test_classic_tutor import classes, cli_json, tutor_app


@pytest.fixture
def app() -> Iterator[ClassicApp]:
    a = tutor_app(show_hint=True)
    yield a
    a.close()


def whatif_options(app: ClassicApp) -> list[tuple[str, str]]:
    body = app.whatif.body.value
    actions = re.findall(r'class="opt ec-option[^"]*"[^>]*data-action="([^"]+)"', body)
    evs = re.findall(r'class="opt ec-option[^"]*"[^>]*data-ev="([^"]+)"', body)
    return list(zip(actions, evs, strict=True))


def swap(app: ClassicApp, out_card: str, in_card: str) -> None:
    row = app.whatif
    row.out_card.value = out_card
    row.in_card.value = in_card
    row.show.click()


def test_the_row_offers_the_hand_and_the_unseen_cards(app: ClassicApp) -> None:
    position = app.tutor.position()
    assert position is not None and "hidden" not in classes(app.whatif)
    # folded behind its own button until the student asks for it
    assert "hidden" in classes(app.whatif.rows)
    app.whatif.open.value = True
    assert "hidden" not in classes(app.whatif.rows)
    assert [v for _, v in app.whatif.out_card.options] == position["hand"]
    unseen = {v for _, v in app.whatif.in_card.options}
    assert len(unseen) == 24 - 5 - 1 and not unseen & {*position["hand"], position["up"]}


def test_a_swap_shows_the_numbers_classic_analyze_prints_for_the_changed_hand_and_changes_nothing(
    app: ClassicApp, capsys: pytest.CaptureFixture[str]
) -> None:
    c, t = app.controller, app.tutor
    position = t.position()
    assert position is not None
    before = (c.state, c.game.position, app.hint_body.value)
    out_card, in_card = position["hand"][0], app.whatif.in_card.options[0][1]
    swap(app, out_card, in_card)
    changed = what_if(position, f"swap {out_card} {in_card}")
    data = cli_json(changed, t.seed, capsys)
    assert whatif_options(app) == [(o["action"], str(o["ev"])) for o in data["options"]]
    head = re.search(r'data-change="([^"]+)"', app.whatif.body.value)
    assert head is not None and head.group(1) == f"swap {out_card} {in_card}"
    changed_flag = re.search(r'class="ec-whatif-best" data-changed="(\w+)"', app.whatif.body.value)
    hint = t.current_hint
    assert hint is not None and changed_flag is not None
    assert changed_flag.group(1) == ("no" if hint.best.label == data["best"] else "yes")
    assert (c.state, c.game.position, app.hint_body.value) == before  # the game and its hint are untouched


def test_the_what_if_is_cleared_when_the_student_moves_on(app: ClassicApp) -> None:
    position = app.tutor.position()
    assert position is not None
    swap(app, position["hand"][1], app.whatif.in_card.options[-1][1])
    assert "data-change" in app.whatif.body.value
    hint = app.tutor.current_hint
    assert hint is not None and app.controller.act(hint.best.action)
    assert "data-change" not in app.whatif.body.value and app.whatif.whatif.key is None


def test_a_what_if_that_cannot_be_made_says_why_and_asks_nothing(app: ClassicApp) -> None:
    position = app.tutor.position()
    assert position is not None
    asked = dict(app.tutor.hints)
    assert not app.whatif.whatif.ask(f"swap {position['hand'][0]} {position['up']}")
    assert "the up card" in app.whatif.body.value and "ec-whatif-refused" in app.whatif.body.value
    assert app.tutor.hints == asked


@pytest.mark.parametrize("kw", [{"show_hint": False}, {"show_hint": True, "source": None}])
def test_no_what_if_without_the_hint(kw: dict[str, Any]) -> None:
    app = tutor_app(**kw)
    try:
        assert "hidden" in classes(app.whatif)
        assert not app.whatif.whatif.ask("score 8:9")
        assert app.tutor.analyst is None  # nothing was sent to a worker
    finally:
        app.close()


def test_the_session_part_loads_no_widget_library() -> None:
    assert_loads_no_widget_library("import euchre_tutor.games.classic.session.whatif")


def test_a_typed_change_shows_the_commands_numbers_and_a_bad_one_teaches(
    app: ClassicApp, capsys: pytest.CaptureFixture[str]
) -> None:
    c, t = app.controller, app.tutor
    position = t.position()
    assert position is not None and c.view.phase.value == "round-1"
    before = (c.state, c.game.position, app.hint_body.value)
    # Another up card: the same numbers as classic analyze --what-if for the same change.
    up = next(v for _, v in app.whatif.in_card.options if v[0] != position["up"][0])
    app.whatif.text.value = f"  up {up}  "
    app.whatif.ask_text.click()
    data = cli_json(what_if(position, f"up {up}"), t.seed, capsys)
    assert whatif_options(app) == [(o["action"], str(o["ev"])) for o in data["options"]]
    assert f'data-change="up {up}"' in app.whatif.body.value
    # A mistyped change, and one far too long: a teaching line each, and nothing else changes.
    for typed, says in (("up ZZ", "ZZ"), ("score " + "9" * 500, "over")):
        app.whatif.text.value = typed
        app.whatif.ask_text.click()
        refused = app.whatif.body.value
        assert "ec-whatif-refused" in refused and says in refused and "Traceback" not in refused
    assert (c.state, c.game.position, app.hint_body.value) == before
