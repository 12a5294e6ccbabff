"""Hardening, round two (issue 21): nothing lost, nothing silently wrong.

Every case of :mod:`tests.hostile_cases` (command line, batch lines, save
files, the widgets' seed and Load boxes) must get a clear one-line error or a
correct answer with nothing lost. Here too: Ctrl-C during a real ``--batch``
(exit 130, one stderr line, only whole answer lines), saves that fail half-way
or race (the old save intact, never half a file), the reader's rules as
properties, and a match's history shared between states (so loading is linear).
``benchmarks/hostile_inputs.py`` runs the same cases and the heavy ones.
"""

from __future__ import annotations

import errno
import json
import os
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_tutor.errors import JsonInputError, SaveFileError
from euchre_tutor.games.classic.engine.game import ClassicGame
from euchre_tutor.games.classic.engine.match import new_match
from euchre_tutor.games.solitaire.engine.game import SolitaireGame
from euchre_tutor.jsonio import MAX_DIGITS, load_json_text, seed_number
from tests.hostile_cases import APPS, HAND, POSITION, SOLITAIRE_LINE, Case, all_cases

CASES = all_cases()


@pytest.fixture(scope="module", autouse=True)
def _close_apps() -> Iterator[None]:
    yield
    APPS.close()


def test_there_are_at_least_150_cases_in_every_group() -> None:
    groups = {case.group for case in CASES}
    assert len(CASES) >= 150 and groups == {"cli", "batch", "save", "box"}
    assert len({case.id for case in CASES}) == len(CASES)


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_hostile_input_gets_a_clear_line_or_a_correct_answer(case: Case) -> None:
    assert case.check() is None


# ----------------------------------------------------------------- Ctrl-C during a real batch

BATCHES = {
    "solitaire-replay": (["solitaire", "replay"], SOLITAIRE_LINE),
    "solitaire-analyze": (["solitaire", "analyze", "--jobs", "2"], {**SOLITAIRE_LINE, "plays": ""}),
    "classic-replay": (["classic", "replay"], HAND),
    "classic-analyze": (["classic", "analyze", "--worlds", "20"], POSITION),
}


@pytest.mark.parametrize("command", sorted(BATCHES))
def test_ctrl_c_stops_a_batch_after_its_last_whole_line(command: str) -> None:
    """SIGINT to the whole process group (as a terminal sends it) after the first answer line."""
    argv, line = BATCHES[command]
    process = subprocess.Popen(
        [sys.executable, "-m", "euchre_tutor", *argv, "--batch", "-"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write(json.dumps(line).encode() + b"\n")
    process.stdin.flush()
    first = process.stdout.readline()  # the answer: the batch now waits for the next line
    os.killpg(process.pid, signal.SIGINT)
    rest, err = process.communicate(timeout=120)
    out = (first + rest).decode()
    assert process.returncode == 130, err.decode()
    assert err.decode().count("\n") == 1 and err.decode().startswith("interrupted: stopped after 1 whole")
    assert "Traceback" not in err.decode()
    assert out.endswith("\n") and [json.loads(x) for x in out.splitlines()] and len(out.splitlines()) == 1
    assert "error" not in json.loads(out)


def test_ctrl_c_while_a_line_is_being_answered_still_leaves_whole_lines() -> None:
    """The signal lands during a slow analysis: the lines before it are whole, the one in progress absent."""
    position = json.dumps(POSITION).encode() + b"\n"
    process = subprocess.Popen(
        [sys.executable, "-m", "euchre_tutor", "classic", "analyze", "--worlds", "5000", "--batch", "-"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write(b"[]\n" + position * 50)
    process.stdin.flush()
    first = process.stdout.readline()  # the error line for [], then 5000-world analyses
    os.killpg(process.pid, signal.SIGINT)
    rest, err = process.communicate(timeout=120)
    out = (first + rest).decode()
    assert process.returncode == 130 and err.decode().count("\n") == 1, err.decode()
    assert out.endswith("\n") and all(json.loads(x) for x in out.splitlines())
    assert len(out.splitlines()) < 51  # stopped, not finished


# ----------------------------------------------------------------- atomic saves

GAMES = {"solitaire": lambda: SolitaireGame(seed=3), "classic": lambda: ClassicGame(seed=3)}


def _played(kind: str) -> SolitaireGame | ClassicGame:
    game = GAMES[kind]()
    if isinstance(game, SolitaireGame):
        game.new_deal()
    else:
        game.apply("pass")
    return game


@pytest.mark.parametrize("kind", sorted(GAMES))
@pytest.mark.parametrize("failing", ["write", "fsync", "replace"])
def test_a_save_that_fails_half_way_leaves_the_old_save_intact(
    kind: str, failing: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "game.json"
    old = GAMES[kind]()
    old.save(path)
    before = path.read_bytes()
    new = _played(kind)

    def disk_full(*args: object, **kwargs: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    if failing == "write":  # half the bytes reach the disk, then it is full
        real_fdopen = os.fdopen

        class HalfFile:
            def __init__(self, file: object) -> None:
                self.file = file

            def __enter__(self) -> HalfFile:
                return self

            def __exit__(self, *exc: object) -> None:
                self.file.close()  # type: ignore[attr-defined]

            def write(self, data: bytes) -> None:
                self.file.write(data[: len(data) // 2])  # type: ignore[attr-defined]
                self.file.flush()  # type: ignore[attr-defined]
                disk_full()

        monkeypatch.setattr(os, "fdopen", lambda *a, **k: HalfFile(real_fdopen(*a, **k)))
    else:
        monkeypatch.setattr(os, failing, disk_full)
    with pytest.raises(SaveFileError, match="No space left on device; the previous save is untouched"):
        new.save(path)
    monkeypatch.undo()
    assert path.read_bytes() == before and [p.name for p in tmp_path.iterdir()] == ["game.json"]
    assert type(old).load(path).to_json() == old.to_json()


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_saves_racing_with_readers_never_show_half_a_file(kind: str, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    games = [GAMES[kind](), _played(kind)]
    games[0].save(path)
    wanted = {json.dumps(g.to_json(), sort_keys=True) for g in games}
    stop = threading.Event()

    def keep_saving(game: SolitaireGame | ClassicGame) -> None:
        while not stop.is_set():
            game.save(path)

    writers = [threading.Thread(target=keep_saving, args=(g,)) for g in games]
    for w in writers:
        w.start()
    try:
        seen = {json.dumps(type(games[0]).load(path).to_json(), sort_keys=True) for _ in range(200)}
    finally:
        stop.set()
        for w in writers:
            w.join()
    assert seen <= wanted
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def test_a_save_keeps_the_files_permissions(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text("{}")
    path.chmod(0o600)
    SolitaireGame(seed=1).save(path)
    assert path.stat().st_mode & 0o777 == 0o600 and SolitaireGame.load(path).seed == 1


def test_a_save_to_a_missing_folder_is_one_line(tmp_path: Path) -> None:
    with pytest.raises(SaveFileError, match="cannot save the game to"):
        SolitaireGame(seed=1).save(tmp_path / "no" / "such" / "game.json")


# ----------------------------------------------------------------- the reader's rules as properties


@settings(deadline=None, max_examples=300)
@given(st.text(max_size=120) | st.integers(-(10**120), 10**120).map(str))
def test_a_seed_is_read_or_refused_in_one_line_never_a_traceback(text: str) -> None:
    try:
        value = seed_number(text)
    except JsonInputError as error:
        assert "\n" not in str(error) and len(str(error)) < 300
        return
    stripped = text.strip()
    assert 0 <= value < 10**MAX_DIGITS and value == int(stripped)
    assert stripped.lstrip("+").isascii() and stripped.lstrip("+").isdigit()


@settings(deadline=None, max_examples=100)
@given(st.dictionaries(st.text(max_size=5), st.integers(), min_size=1, max_size=5), st.data())
def test_any_key_given_twice_is_refused_by_name(obj: dict[str, int], data: st.DataObject) -> None:
    key = data.draw(st.sampled_from(sorted(obj)))
    text = json.dumps(obj)[:-1] + f", {json.dumps(key)}: 0}}"
    with pytest.raises(JsonInputError, match="is given twice in one object"):
        load_json_text(text)
    assert load_json_text(json.dumps(obj)) == obj


def test_a_longer_match_shares_its_earlier_hand_results() -> None:
    """Each passed-out hand adds one result that points at the earlier ones: no copy, so loading is linear."""
    match = new_match(seed=3)
    chains = []
    while len(chains) < 30:
        before = match.results
        match = match.apply("pass")
        if len(match.results) > len(before):
            assert match.results._before is before  # shared, not copied
            chains.append(match.results)
    assert list(match.results) == [r for r in match.results] and len(match.results) == 30
    assert match.results == tuple(match.results) and match.results[-1].number == 30
    assert match.results[:2] == tuple(match.results)[:2] and all(r.passed_out for r in match.results)


def test_a_classic_save_keeps_its_redo_tail_like_a_solitaire_save() -> None:
    game = ClassicGame(seed=3)
    for action in ("pass", "pass", "pass", "order"):
        game.apply(action)
    game.undo()
    game.undo()
    loaded = ClassicGame.loads(game.dumps())
    assert loaded.position == 2 and loaded.can_redo and loaded.state == game.state
    loaded.redo()
    loaded.redo()
    game.redo()
    game.redo()
    assert loaded.state == game.state and loaded.actions == game.actions
