"""A one-person table on a class server keeps the student's games and drills under their name (the real
class's store), and the Practice page serves them at once, with no download or upload."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from euchre_tutor.games.classic.session.advice import ClassicAdvisorSource
from euchre_tutor.games.classic.session.controller import ClassicController
from euchre_tutor.games.classic.session.tutor import ClassicTutor
from euchre_tutor.games.solitaire.engine.engine import Phase
from euchre_tutor.games.solitaire.session.advice import AdvisorSource
from euchre_tutor.games.solitaire.session.controller import SolitaireController
from euchre_tutor.games.solitaire.session.tutor import SolitaireTutor
from euchre_tutor.session.class_store import CLASS_DB_ENV, ClassStore
from euchre_tutor.session.learning import grade_saved_text
from euchre_tutor.widgets import ClassicApp, PracticeApp, SolitaireApp, class_name
from euchre_tutor.widgets.class_name import ClassName, keep_by_name
from tests.widgets.test_classic_tutor import WORLDS, play_to_end_of_hand, worst


@pytest.fixture(autouse=True)
def _forget_names(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(class_name, "_remembered", {})
    monkeypatch.delenv(CLASS_DB_ENV, raising=False)


def _solitaire(hints: bool) -> SolitaireApp:
    source = AdvisorSource() if hints else None
    return SolitaireApp(
        tutor=SolitaireTutor(SolitaireController(5), source=source, runner="inline", grading=hints)
    )


def _play_deal_badly(app: SolitaireApp) -> None:
    """The deal's last trump choice (naming a suit), then the first legal card each trick."""
    c = app.controller
    view = c.view
    assert view is not None
    c.choose(view.legal[-1])
    while c.view is not None and c.view.phase is not Phase.OVER:
        c.play(c.view.legal_cards[0])
    assert app.tutor.wait_for_analysis(120)


def _line(page: Any) -> ClassName:
    line = page.name_line
    assert isinstance(line, ClassName)
    return line


def test_away_from_a_class_server_the_table_is_shown_as_it_is() -> None:
    app = _solitaire(hints=False)
    try:
        assert keep_by_name(app, query={"name": "Ada"}) is app
        assert app.tutor.store is None
    finally:
        app.close()


def test_a_graded_solitaire_deal_is_kept_by_the_pages_name_and_its_drills_are_due_at_once(
    tmp_path: Path,
) -> None:
    store = ClassStore(tmp_path / "class.sqlite")
    app = _solitaire(hints=True)
    try:
        page = keep_by_name(app, store=store, query={"name": " Cleo "})
        assert page.children[1] is app and _line(page).name == "Cleo"
        assert "Playing as <b>Cleo</b>" in _line(page).said.value
        _play_deal_badly(app)
        (game,) = store.games("cleo")
        assert game.drilled, "every decision was graded at the table: its drills are in the deck already"
        graded = grade_saved_text(game.save, name="Cleo")
        assert len(graded.hands) == 1
        assert json.loads(game.save)["format"] == "euchre-tutor/solitaire-game"
        mistakes = [d for d in app.tutor.decisions() if app.tutor.grade_of(d).label in ("Mistake", "Blunder")]
        assert mistakes, [app.tutor.grade_of(d).label for d in app.tutor.decisions()]
        kept = store.deck("Cleo")
        assert kept is not None and len(kept) == len(app.tutor.drills) == len(mistakes)
        assert kept.due == len(kept), "a table's drills are due at once"
        # the Practice page, opened by name: the drills at once, no Next session, no upload
        practice = PracticeApp(worlds=60, max_worlds=60, store=store, name="cleo")
        assert practice.current is not None and practice.deck.due == len(mistakes)
        assert "1 saved game on this server" in practice.message.value
        # another deal at the same table: still one game, with two deals
        app.controller.next_deal()
        _play_deal_badly(app)
        (again,) = store.games("Cleo")
        assert len(grade_saved_text(again.save, name="Cleo").hands) == 2
    finally:
        app.close()


def test_a_table_without_hints_keeps_its_game_and_practice_grades_it_for_drills(tmp_path: Path) -> None:
    store = ClassStore(tmp_path / "class.sqlite")
    app = _solitaire(hints=False)
    try:
        page = keep_by_name(app, store=store, query={})
        line = _line(page)
        assert line.name == "" and app.tutor.store is None  # no name yet: nothing kept
        assert not line.use("<b>")
        assert "letters, digits" in line.said.value and app.tutor.store is None
        line.box.value = "Dan"
        line.keep.click()
        assert line.name == "Dan" and line.keep.description == "Change name"
        _play_deal_badly(app)
        (game,) = store.games("Dan")
        assert not game.drilled, "nothing was graded at the table: Practice grades it"
        practice = PracticeApp(worlds=60, max_worlds=60, store=store, name="Dan")
        assert practice.deck.due == len(practice.deck) > 0
        assert all(g.drilled for g in store.games("Dan"))
    finally:
        app.close()
    # the kernel remembers the name for the page's next table
    other = _solitaire(hints=False)
    try:
        assert _line(keep_by_name(other, store=store, query={})).name == "Dan"
    finally:
        other.close()


def test_a_classic_hand_is_kept_with_its_grades_and_drills(tmp_path: Path) -> None:
    store = ClassStore(tmp_path / "class.sqlite")
    base = ClassicController(4)
    tutor = ClassicTutor(base, source=ClassicAdvisorSource(), runner="inline", worlds=WORLDS, grading=True)
    app = ClassicApp(controller=base, tutor=tutor)
    try:
        keep_by_name(app, store=store, query={"name": "Ben"})
        play_to_end_of_hand(app, worst)
        tutor.wait_for_analysis()
        (game,) = store.games("Ben")
        assert game.game == "euchre-tutor/classic-game" and game.drilled
        assert len(grade_saved_text(game.save, name="Ben", quick=True).hands) == 1
        kept = store.deck("Ben")
        assert kept is not None and kept.due == len(kept) == len(tutor.drills) > 0
    finally:
        app.close()
