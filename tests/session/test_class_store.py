"""The class's store: games and decks kept under a student's name in one SQLite file, shared safely."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from euchre_tutor.advisor.drills import Deck
from euchre_tutor.errors import EuchreError, SaveFileError
from euchre_tutor.games.solitaire.session.grading import computer_solitaire_save
from euchre_tutor.session.class_store import CLASS_DB_ENV, ClassStore, student_name
from euchre_tutor.session.learning import grade_saved_text
from euchre_tutor.session.practice import add_graded_game


@pytest.fixture(scope="module")
def save() -> str:
    return computer_solitaire_save(5, 3)


def test_a_game_is_kept_under_the_name_in_any_case_or_spacing(tmp_path: Path, save: str) -> None:
    store = ClassStore(tmp_path / "class.sqlite")
    kept = store.put_game("  Ada   Lovelace ", save)
    assert (kept.student, kept.save, kept.drilled) == ("Ada Lovelace", save, False)
    assert kept.game == json.loads(save)["format"]
    assert [g.digest for g in store.games("ada lovelace")] == [kept.digest]
    store.put_game("ADA LOVELACE", save)  # the same game again: still one
    assert len(store.games("Ada Lovelace")) == 1
    assert store.games("Sam") == []
    assert store.students() == ["Ada Lovelace"]  # as first typed


def test_the_store_shares_the_service_file_and_survives_reopening(tmp_path: Path, save: str) -> None:
    path = tmp_path / "class.sqlite"
    with sqlite3.connect(path) as other:  # the table service's own table in the same file
        other.execute("CREATE TABLE tables (id TEXT PRIMARY KEY)")
    ClassStore(path).put_game("Ada", save)
    assert len(ClassStore(path).games("Ada")) == 1
    with sqlite3.connect(path) as db:
        names = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        assert {"tables", "class_games", "class_decks"} <= names
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("", "type your name"),
        ("   ", "type your name"),
        ("x" * 41, "at most 40"),
        ("<script>", "letters, digits"),
        (7, "a name is text"),
    ],
)
def test_a_bad_name_gets_a_teaching_error_and_nothing_is_kept(
    tmp_path: Path, save: str, name: object, words: str
) -> None:
    store = ClassStore(tmp_path / "class.sqlite")
    with pytest.raises(EuchreError, match=words):
        store.put_game(name, save)  # type: ignore[arg-type]
    assert store.students() == []


def test_what_is_not_a_save_is_refused_and_nothing_is_kept(tmp_path: Path) -> None:
    store = ClassStore(tmp_path / "class.sqlite")
    for bad in ("not json", "[1, 2]", '{"deals": 3}'):
        with pytest.raises(SaveFileError):
            store.put_game("Ada", bad)
    assert store.games("Ada") == []


def test_the_saves_are_written_as_files_the_report_reads(tmp_path: Path, save: str) -> None:
    store = ClassStore(tmp_path / "class.sqlite")
    store.put_game("Ada L.", save)
    written = store.write_saves(tmp_path / "out")
    assert [p.name for p in written] == ["Ada-L-001.json"]
    graded = grade_saved_text(written[0].read_text(encoding="utf-8"), name="Ada L.")
    assert graded.name == "Ada L."


def test_the_store_is_found_from_the_class_servers_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(CLASS_DB_ENV, raising=False)
    assert ClassStore.from_env() is None
    monkeypatch.setenv(CLASS_DB_ENV, str(tmp_path / "c.sqlite"))
    store = ClassStore.from_env()
    assert store is not None and store.path == tmp_path / "c.sqlite"


def test_a_name_is_shown_trimmed() -> None:
    assert student_name(" Sam  K. ") == "Sam K."


def test_the_teachers_report_reads_the_games_kept_on_the_class_server(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, save: str
) -> None:
    notebook = json.loads(
        (Path(__file__).resolve().parents[2] / "notebooks" / "teacher" / "teacher-report.ipynb").read_text(
            encoding="utf-8"
        )
    )
    first = "".join(notebook["cells"][1]["source"])  # where the saved games are
    ClassStore(tmp_path / "class.sqlite").put_game("Ada", save)
    monkeypatch.setenv(CLASS_DB_ENV, str(tmp_path / "class.sqlite"))
    names: dict[str, object] = {}
    exec(compile(first, "teacher-report.ipynb", "exec"), names)
    assert sorted(p.name for p in names["saves"]) == ["Ada-001.json"]  # type: ignore[attr-defined]


# --- what the tables keep as the student plays ---------------------------------------------------


def test_a_match_put_again_replaces_its_earlier_save(tmp_path: Path, save: str) -> None:
    store = ClassStore(tmp_path / "class.sqlite")
    first = store.put_game("Ada", save, match="table 1 S", drilled=True)
    later = json.dumps({**json.loads(save), "note": "one hand more"})
    again = store.put_game("ada", later, match="table 1 S", drilled=True)
    assert [g.digest for g in store.games("Ada")] == [again.digest] != [first.digest]
    assert again.drilled
    store.put_game("Ada", save, match="table 2 S")  # another match: a game of its own
    assert len(store.games("Ada")) == 2


def test_a_store_made_before_matches_were_kept_is_read_and_extended(tmp_path: Path, save: str) -> None:
    path = tmp_path / "class.sqlite"
    with sqlite3.connect(path) as db:  # the first schema: no match column
        db.execute(
            "CREATE TABLE class_games (student TEXT NOT NULL, digest TEXT NOT NULL, name TEXT NOT NULL, "
            "game TEXT NOT NULL, save TEXT NOT NULL, at REAL NOT NULL, drilled INTEGER NOT NULL DEFAULT 0, "
            "PRIMARY KEY (student, digest))"
        )
        db.execute("INSERT INTO class_games VALUES ('ada', 'x', 'Ada', 'f', ?, 1.0, 0)", (save,))
    store = ClassStore(path)
    assert [g.digest for g in store.games("Ada")] == ["x"]
    store.put_game("Ada", save, match="m")
    assert len(store.games("Ada")) == 2


def _drills(save: str) -> Deck:
    deck = Deck()
    add_graded_game(deck, grade_saved_text(save, name="Sam"))
    return deck


def test_a_tables_drills_are_due_at_once_and_the_practice_pages_answers_are_not_lost(
    tmp_path: Path, save: str
) -> None:
    store = ClassStore(tmp_path / "class.sqlite")
    assert store.deck("Sam") is None  # nothing kept yet
    made = _drills(save).drills
    assert len(made) >= 2 and all(d.due == 2 for d in made)  # a deck alone serves them next session
    assert store.add_drills("Sam", made[:1]) == 1
    kept = store.deck("sam")
    assert kept is not None and [d.id for d in kept.due_drills()] == [made[0].id]  # due at once
    # the Practice page answers the first while a table adds the others: all are kept
    page = kept
    page.answer(made[0].id, right=True)
    assert store.add_drills("Sam", made) == len(made) - 1  # the first is held already
    merged = store.merge_deck("Sam", page)
    assert {d.id for d in merged.drills} == {d.id for d in made}
    assert merged[made[0].id].streak == 1 and merged[made[1].id].due == merged.session
    again = store.deck("Sam")
    assert again == merged
