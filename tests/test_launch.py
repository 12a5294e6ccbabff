"""``make lab`` / ``python -m euchre_tutor.launch --lab``: JupyterLab starts for any user, root included."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from euchre_tutor import launch

ROOT = Path(__file__).resolve().parents[1]


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
    calls: list[tuple[list[str], Any]] = []
    monkeypatch.setattr(launch.os, "geteuid", lambda: uid, raising=False)
    monkeypatch.setattr(launch.subprocess, "call", lambda cmd, cwd: calls.append((cmd, cwd)) or 0)
    assert launch.main(["--lab", "--port", "8899", "--no-browser"]) == 0
    [(cmd, cwd)] = calls
    assert ("--ServerApp.allow_root=True" in cmd) == (uid == 0)
    assert Path(cwd).name == "notebooks" and (Path(cwd) / "lessons").is_dir()
    assert "http://127.0.0.1:8899/lab" in capsys.readouterr().out


def test_make_lab_goes_through_the_launcher() -> None:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    recipe = re.search(r"^lab:.*\n((?:\t.*\n)+)", makefile, re.MULTILINE)
    assert recipe is not None
    assert "-m euchre_tutor.launch --lab" in recipe.group(1) and "jupyter lab" not in recipe.group(1)
