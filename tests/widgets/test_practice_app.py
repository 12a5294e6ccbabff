"""The Practice page driven from Python: answers clicked, a bad upload, the download link, sessions."""

from __future__ import annotations

import base64
import html
import json
import re
from datetime import UTC, datetime
from pathlib import Path

import pytest

from euchre_tutor.advisor.drills import Deck
from euchre_tutor.games.classic.session.grading import computer_classic_save
from euchre_tutor.games.solitaire.session.grading import computer_solitaire_save
from euchre_tutor.session.learning import grade_saved_text
from euchre_tutor.session.practice import add_graded_game
from euchre_tutor.widgets import PracticeApp

NOW = datetime(2024, 1, 1, tzinfo=UTC)


@pytest.fixture(scope="module")
def deck_text() -> str:
    """Three Solitaire mistakes (exact grading: fast) and three classic ones, due next session."""
    deck = Deck()
    add_graded_game(deck, grade_saved_text(computer_solitaire_save(5, 3), name="cleo"))
    add_graded_game(
        deck,
        grade_saved_text(computer_classic_save(13, 3, "beginner"), name="ada", quick=True),
        level="beginner",
    )
    return deck.dumps()


@pytest.fixture
def app(deck_text: str) -> PracticeApp:
    deck = Deck.loads(deck_text)
    deck.next_session()
    return PracticeApp(deck, worlds=60, max_worlds=60)


def downloaded(app: PracticeApp) -> Deck:
    match = re.search(r'download="([^"]+)" href="data:application/json;base64,([^"]+)"', app.download.value)
    assert match is not None and match.group(1).endswith(".json")
    return Deck.loads(base64.b64decode(match.group(2)).decode("utf-8"))


def upload(app: PracticeApp, content: bytes, name: str = "deck.json") -> None:
    app.upload.value = (
        {
            "name": name,
            "type": "application/json",
            "size": len(content),
            "content": content,
            "last_modified": NOW,
        },
    )


def test_the_page_serves_the_due_drills_without_the_hint(app: PracticeApp) -> None:
    assert "<b>6</b> due this session" in app.counts.value and "<b>6</b> drills in all" in app.counts.value
    drill = app.current
    assert drill is not None and drill.game == "solitaire"
    assert [b.description for b in app.buttons.children][:2] == ["order up ♦", "name ♣"]
    shown = app.position.value
    assert "Which trump do you choose?" in shown and "cleo: deal 1, the trump choice" in shown
    assert "name spades" not in shown and "Blunder" not in shown  # neither the best answer nor the old grade
    assert app.next_button.disabled and app.feedback.value == ""


def test_a_wrong_click_is_graded_and_comes_back_next_session(app: PracticeApp) -> None:
    drill = app.current
    assert drill is not None
    app.buttons.children[0].click()  # order up: the Blunder again
    assert app.last is not None and (app.last.label, app.last.right) == ("Blunder", False)
    assert "Not quite. Blunder." in app.feedback.value and "Best: name ♠" in app.feedback.value
    assert "It comes back next session." in app.feedback.value
    assert all(b.disabled for b in app.buttons.children) and not app.next_button.disabled
    assert app.deck[drill.id].due == app.deck.session + 1
    assert "<b>5</b> due" in app.counts.value


def test_double_and_stale_clicks_do_nothing(app: PracticeApp) -> None:
    first = app.current
    assert first is not None
    buttons = app.buttons.children
    right = next(i for i, b in enumerate(buttons) if b.description == "name ♠")
    assert app.answer(right) is not None
    after = app.deck[first.id]
    assert (after.box, after.streak) == (2, 1)
    assert app.answer(right) is None and app.answer(0) is None  # a double click
    assert app.deck[first.id] == after
    app.next_button.click()
    second = app.current
    assert second is not None and second.id != first.id
    buttons[right].click()  # a button of the drill answered before
    assert app.last is None and app.deck[second.id] == second
    assert app.answer(99) is None and app.answer("play ZZ") is None  # not an answer on the page
    assert app.last is None and app.deck[second.id] == second


def test_a_classic_drill_is_answered_on_the_page(app: PracticeApp) -> None:
    while app.current is not None and app.current.game != "classic":
        app.answer(0)
        app.serve()
    drill = app.current
    assert drill is not None and drill.source == "ada: hand 1, the bidding"
    assert [b.description for b in app.buttons.children] == ["pass", "order up", "order up alone"]
    graded = app.answer("order alone")
    assert graded is not None and graded.label == "Blunder" and graded.reasons
    assert "In your game you chose order up alone (Blunder)" in app.feedback.value  # as its button says it


def test_a_bad_upload_shows_the_error_and_keeps_the_deck(app: PracticeApp) -> None:
    before = app.deck.dumps()
    shown = app.current
    upload(app, b'{"format": "euchre-tutor/drill-deck", "version": 1, "session": "two"}')
    message = html.unescape(app.message.value)
    assert "not loaded" in message and '"session" must be a whole number' in message
    assert app.deck.dumps() == before and app.current == shown
    upload(app, b"\xff\xfe")
    assert "not UTF-8" in app.message.value and app.deck.dumps() == before
    assert 'role="alert"' in app.message.value


def test_a_good_upload_replaces_the_deck_and_serves_its_drills_at_once(
    app: PracticeApp, deck_text: str
) -> None:
    assert all(d.due == 2 for d in Deck.loads(deck_text).drills)  # written in session 1, due in 2
    upload(app, deck_text.encode())
    assert "Deck loaded: 6 drills, session 2" in app.message.value  # opened: its drills' session
    assert app.deck.session == 2 and app.current is not None and "<b>6</b> due" in app.counts.value
    app.next_session_button.click()
    assert app.deck.session == 3 and "<b>6</b> due" in app.counts.value


def test_the_download_link_decodes_to_the_deck(app: PracticeApp) -> None:
    assert downloaded(app) == app.deck
    app.answer(0)
    assert downloaded(app) == app.deck and downloaded(app).drills[0].box == 1
    data = json.loads(app.deck.dumps())
    assert data["format"] == "euchre-tutor/drill-deck"


def test_learned_twice_right_is_not_served(deck_text: str) -> None:
    one = Deck.loads(deck_text).drills[0]
    app = PracticeApp(Deck([one], session=one.due), worlds=60, max_worlds=60)
    first = app.current
    assert first is not None
    app.answer("name spades")
    for _ in range(3):
        app.next_session()
    assert app.current is not None and app.current.id == first.id
    app.answer("name spades")
    assert "Learned" in app.feedback.value and app.deck[first.id].learned
    assert "<b>1</b> learned" in app.counts.value
    app.next_session()
    assert first.id not in {d.id for d in app.deck.due_drills()}


def test_an_empty_page_says_there_is_nothing_due() -> None:
    app = PracticeApp()
    assert app.current is None and "No drills are due" in app.position.value
    assert app.answer(0) is None and app.buttons.children == ()
    assert downloaded(app) == Deck()


def test_the_practice_notebook_is_thin_and_shows_the_page(monkeypatch: pytest.MonkeyPatch) -> None:
    notebook = json.loads((Path(__file__).resolve().parents[2] / "notebooks" / "practice.ipynb").read_text())
    assert "widgets" not in notebook["metadata"]  # committed without widget state
    (cell,) = notebook["cells"]
    assert cell["outputs"] == [] and cell["execution_count"] is None
    monkeypatch.setenv("EUCHRE_SEED", "7")
    space: dict[str, object] = {}
    exec("".join(cell["source"]), space)
    app = space["app"]
    assert isinstance(app, PracticeApp) and app._grading["seed"] == 7
    assert "No drills are due" in app.position.value


# --- a class server's store: the student's name keeps their games and deck ---------------------------


def test_away_from_a_class_server_the_name_row_is_hidden(app: PracticeApp) -> None:
    assert app.store is None and app.children[3].layout.display == "none"
    assert not app.use_name("Ada")
    assert "no class server" in app.message.value and app.student is None


def test_a_name_brings_the_drills_of_the_students_saved_games_and_keeps_the_deck(tmp_path: Path) -> None:
    from euchre_tutor.session.class_store import ClassStore

    store = ClassStore(tmp_path / "class.sqlite")
    store.put_game("Cleo", computer_solitaire_save(5, 3))
    page = PracticeApp(worlds=60, max_worlds=60, store=store)
    assert page.children[3].layout.display != "none" and len(page.deck) == 0
    page.name_box.value = " cleo "
    page.name_button.click()
    assert page.student == "cleo" and len(page.deck) == 3
    assert "1 saved game on this server, 3 drills (3 new)" in page.message.value
    assert all(g.drilled for g in store.games("Cleo"))
    kept = store.deck("Cleo")
    assert kept is not None and len(kept) == 3
    drill = page.current  # due at once: no Next session
    assert drill is not None and page.deck.due == 3
    page.answer(0)
    kept = store.deck("Cleo")
    assert kept is not None and kept.session == page.deck.session and kept[drill.id] == page.deck[drill.id]
    # the next visit (a new page, a new kernel): the same deck, the game not drilled twice
    again = PracticeApp(worlds=60, max_worlds=60, store=store)
    assert again.use_name("CLEO") and again.deck == page.deck
    assert "(0 new)" in again.message.value


def test_a_bad_name_on_the_practice_page_says_so_and_changes_nothing(tmp_path: Path, deck_text: str) -> None:
    from euchre_tutor.session.class_store import ClassStore

    store = ClassStore(tmp_path / "class.sqlite")
    page = PracticeApp(Deck.loads(deck_text), worlds=60, max_worlds=60, store=store)
    before = page.deck.dumps()
    assert not page.use_name("<b>")
    assert "letters, digits" in page.message.value and 'role="alert"' in page.message.value
    assert page.student is None and page.deck.dumps() == before and store.students() == []
