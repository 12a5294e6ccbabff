"""``euchre-tutor tables ...`` against the real service, in its own process."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from euchre_tutor.cli import main
from euchre_tutor.protocol.client import ServiceError, run_to_end
from euchre_tutor.service.process import free_loopback_port, spawn_service
from euchre_tutor.session.learning import grade_saved_file

ROOT = Path(__file__).resolve().parents[2]
CLASS, TEACHER = "cli-class", "cli-teacher"


@pytest.fixture(scope="module")
def url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db = tmp_path_factory.mktemp("svc") / "tables.db"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    running = spawn_service(db, token=CLASS, teacher_token=TEACHER, extra=["--allow-seed"], env=env)
    yield running.url
    running.kill()


@pytest.fixture(autouse=True)
def _env(monkeypatch: pytest.MonkeyPatch) -> None:
    for var in ("EUCHRE_TABLES_URL", "EUCHRE_TABLES_TOKEN", "EUCHRE_TABLES_TEACHER_TOKEN"):
        monkeypatch.delenv(var, raising=False)


def _tables(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["tables", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_create_fill_follow_list_and_download_a_match(
    url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("EUCHRE_TABLES_URL", url)
    monkeypatch.setenv("EUCHRE_TABLES_TOKEN", CLASS)
    code, out, _ = _tables(capsys, "create", "classic", "--rules", '{"target": 2}', "--seed", "4")
    assert code == 0
    table = out.split()[0]
    code, out, _ = _tables(capsys, "list")
    assert code == 0 and table in out and "waiting" in out
    follow = subprocess.Popen(
        [sys.executable, "-m", "euchre_tutor", "tables", "follow", table, "--teacher-token", TEACHER],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert follow.stdout is not None
    assert follow.stdout.readline().startswith(f"table {table}: classic Euchre")
    code, out, err = _tables(capsys, "fill", table)
    assert code == 0 and "4 players filled" in out and "match over" in out, err
    text, err = follow.communicate(timeout=30)
    assert follow.returncode == 0, (err, text)
    lines = text.splitlines()
    assert lines[0] == "hand 1: dealer N, up card 9D", lines[:3]
    holds = [line for line in lines if " holds " in line]
    assert len(holds) % 4 == 0 and all(len(h.split()) == 7 for h in holds), "face up: every seat's five cards"
    assert any(line.startswith("trick 1 to ") for line in lines) and lines[-1].startswith("match over")
    assert sum(": play " in line for line in lines) >= 20
    code, out, _ = _tables(capsys, "list", "--teacher-token", TEACHER)
    assert code == 0 and f"{table}  classic  over" in out and "bot 1 [away]" in out
    code, out, _ = _tables(capsys, "download", str(tmp_path / "class"), "--teacher-token", TEACHER)
    assert code == 0 and "4 save files of 1 finished matches" in out
    assert "euchre-tutor report --seat S" in out
    saved = tmp_path / "class" / "S" / f"bot_3-{table}.json"
    graded = grade_saved_file(saved, seat="S", quick=True)
    assert graded.name == f"bot_3-{table}" and graded.seat == "South"


def test_close_is_the_teacher_s_and_every_seat_is_told(url: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _tables(capsys, "create", "classic", "--private", "--url", url, "--token", CLASS)
    table, invite = out.split()[0], out.split()[-1]
    assert code == 0 and len(invite) == 12
    code, _, err = _tables(capsys, "close", table, "--url", url, "--token", CLASS)
    assert code == 2 and "only the teacher may do this: give --teacher-token" in err
    code, out, _ = _tables(capsys, "list", "--url", url, "--teacher-token", TEACHER)
    assert table in out and "private" in out
    code, out, _ = _tables(capsys, "close", table, "--url", url, "--teacher-token", TEACHER)
    assert code == 0 and "closed" in out
    code, _, err = _tables(capsys, "close", table, "--url", url, "--teacher-token", TEACHER)
    assert code == 2 and f"table '{table}' has ended" in err


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--token", "guess"], "the service refused the token: wrong or missing token"),
        (["--teacher-token", "guess"], "wrong teacher's token"),
        ([], "the class's token is needed: give --token or set $EUCHRE_TABLES_TOKEN"),
    ],
)
def test_a_wrong_or_missing_token_says_which(
    url: str, capsys: pytest.CaptureFixture[str], args: list[str], words: str
) -> None:
    code, out, err = _tables(capsys, "list", "--url", url, *args)
    assert code == 2 and out == "" and words in err and err.count("\n") == 1


def test_no_service_listening_says_how_to_start_one(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _tables(
        capsys, "list", "--url", f"ws://127.0.0.1:{free_loopback_port()}/tables", "--token", "x"
    )
    assert code == 2 and "no table service is listening" in err and "python -m euchre_tutor.service" in err
    code, _, err = _tables(capsys, "list", "--token", "x")
    assert code == 2 and "give --url ws://HOST:PORT/tables or set $EUCHRE_TABLES_URL" in err


def test_the_client_runs_where_an_event_loop_already_runs() -> None:
    """A notebook's kernel (or a browser driver) runs an event loop in its thread, where
    ``asyncio.run`` refuses: the client's commands still run there, and their errors still reach
    the caller."""

    async def cell() -> int:
        asyncio.get_running_loop()  # as in a notebook: a loop runs in this thread
        return run_to_end(asyncio.sleep(0, result=7))

    async def failing() -> None:
        raise ServiceError({"type": "error", "code": "bad_token", "message": "wrong token"})

    async def failing_cell() -> None:
        run_to_end(failing())

    assert run_to_end(cell()) == 7
    with pytest.raises(ServiceError):
        run_to_end(failing_cell())
