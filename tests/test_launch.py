"""``make tutor`` / ``make lab`` (``python -m euchre_tutor.launch``): a table for one person is Voila on the
whole notebooks folder opened at the table's page, JupyterLab opens on the lessons with one address and
its token, for any user, root included; the port printed is the port served."""

from __future__ import annotations

import json
import re
import socket
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from euchre_tutor import launch
from euchre_tutor.rules.games import GAMES

ROOT = Path(__file__).resolve().parents[1]


@contextmanager
def busy(port: int) -> Iterator[bool]:
    """Hold ``port`` on 127.0.0.1 (True), or yield False when something else already does."""
    with socket.socket() as holder:
        try:
            holder.bind(("127.0.0.1", port))
        except OSError:
            yield False
            return
        holder.listen()
        yield True


def run(monkeypatch: pytest.MonkeyPatch, *argv: str) -> tuple[list[str], Path, dict[str, str] | None]:
    """``launch.main(argv)`` with the server's start recorded instead: its command, folder and environment."""
    calls: list[tuple[list[str], Path, Any]] = []

    def record(cmd: list[str], cwd: Path, env: Any = None) -> int:
        if cmd[2] == "voila":  # the run's configuration, read before its folder goes
            calls.append((cmd, cwd, json.loads((cwd / "voila.json").read_text())))
        else:
            calls.append((cmd, cwd, env))
        return 0

    monkeypatch.setattr(launch, "run_server", record)
    assert launch.main([*argv, "--no-browser"]) == 0
    [call] = calls
    return call


def test_the_lab_command_allows_root_only_for_root() -> None:
    as_root = launch.lab_command(8888, open_browser=False, as_root=True)
    as_user = launch.lab_command(8888, open_browser=False, as_root=False)
    assert as_root[1:3] == ["-m", "jupyterlab"] and "--ServerApp.allow_root=True" in as_root
    assert "--ServerApp.allow_root=True" not in as_user
    for cmd in (as_root, as_user):
        assert "--ServerApp.ip=127.0.0.1" in cmd and "--port=8888" in cmd and "--no-browser" in cmd
    assert "--no-browser" not in launch.lab_command(8888, open_browser=True, as_root=False)


@pytest.mark.parametrize("uid", [0, 1000])
def test_launch_lab_runs_jupyterlab_in_the_notebooks_as_this_user(
    monkeypatch: pytest.MonkeyPatch, uid: int, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(launch.os, "geteuid", lambda: uid, raising=False)
    monkeypatch.delenv(launch.TOKEN_ENV, raising=False)
    port = _free()
    cmd, cwd, env = run(monkeypatch, "--lab", "--port", str(port))
    assert ("--ServerApp.allow_root=True" in cmd) == (uid == 0)
    assert Path(cwd).name == "notebooks" and (Path(cwd) / "lessons").is_dir()
    assert f"--ServerApp.root_dir={cwd}" in cmd and "--ServerApp.default_url=/lab/tree/lessons" in cmd
    # one address, with its token (JupyterLab reads it from the environment, not the command line)
    assert env is not None
    token = env[launch.TOKEN_ENV]
    assert len(token) >= 32 and not any(token in part for part in cmd)
    out = capsys.readouterr().out
    assert re.findall(r"http://\S+", out) == [f"http://127.0.0.1:{port}/lab/tree/lessons?token={token};"]


def test_launch_lab_keeps_a_token_already_set(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv(launch.TOKEN_ENV, "a-token-the-teacher-set")
    port = _free()
    _cmd, _cwd, env = run(monkeypatch, "--lab", "--port", str(port))
    assert env is not None and env[launch.TOKEN_ENV] == "a-token-the-teacher-set"
    assert "?token=a-token-the-teacher-set;" in capsys.readouterr().out


def test_the_lab_hides_the_class_servers_pages_and_the_teachers_are_in_their_folder() -> None:
    cmd = launch.lab_command(8888, open_browser=False, as_root=False)
    [hidden] = [part for part in cmd if part.startswith("--ContentsManager.hide_globs=")]
    globs = json.loads(hidden.split("=", 1)[1])
    assert {"lobby.ipynb", "shared-table.ipynb", "voila.json", ".ipynb_checkpoints"} <= set(globs)
    notebooks = ROOT / "notebooks"
    shown = sorted(p.name for p in notebooks.iterdir() if p.name not in globs)
    assert shown == sorted(["lessons", "teacher", "practice.ipynb", *(g.notebook for g in GAMES)])


@pytest.mark.parametrize("flag", ["", "--classic", "--practice"])
def test_a_table_for_one_person_serves_the_notebooks_folder_opened_at_its_page(
    monkeypatch: pytest.MonkeyPatch, flag: str, capsys: pytest.CaptureFixture[str]
) -> None:
    notebook = {"": GAMES[0].notebook, "--classic": "classic.ipynb", "--practice": "practice.ipynb"}[flag]
    port = _free()
    cmd, _cwd, config = run(monkeypatch, *([flag] if flag else []), "--port", str(port))
    assert cmd[1:3] == ["-m", "voila"] and Path(cmd[3]).name == "notebooks"  # the folder: lessons served too
    assert "--Voila.port_retries=0" in cmd and f"--port={port}" in cmd and "--Voila.ip=127.0.0.1" in cmd
    assert config is not None
    pools = config["VoilaKernelManager"]["kernel_pools_config"]
    assert set(pools) == {"default", notebook} and pools["default"] == {"pool_size": 0}
    assert config["VoilaConfiguration"]["theme"] == "light"
    out = capsys.readouterr().out
    assert f"at http://127.0.0.1:{port}/voila/render/{notebook};" in out


def test_the_printed_port_is_the_served_one_when_the_usual_is_taken(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    with busy(launch.DEFAULT_PORT):
        cmd, _cwd, _config = run(monkeypatch, "--classic")
        out = capsys.readouterr().out
    served = int(re.search(r"http://127\.0\.0\.1:(\d+)/", out).group(1))  # type: ignore[union-attr]
    assert served != launch.DEFAULT_PORT and f"--port={served}" in cmd
    assert f"port {launch.DEFAULT_PORT} is taken, so this one serves on {served}" in out


def test_a_port_given_and_taken_is_refused(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(launch, "run_server", lambda *a, **k: pytest.fail("nothing starts"))
    port = _free()
    with busy(port):
        assert launch.main(["--classic", "--port", str(port), "--no-browser"]) == 2
    err = capsys.readouterr().err
    assert f"port {port} is already in use" in err


def _free() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_make_lab_goes_through_the_launcher() -> None:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    recipe = re.search(r"^lab:.*\n((?:\t.*\n)+)", makefile, re.MULTILINE)
    assert recipe is not None
    assert "-m euchre_tutor.launch --lab" in recipe.group(1) and "jupyter lab" not in recipe.group(1)
    assert "--port" not in recipe.group(1), "the launcher says the port it serves"
