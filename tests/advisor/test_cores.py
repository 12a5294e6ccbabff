"""Which search serves, and how a user tells: ``euchre-tutor --version``; every compiled core listed."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from euchre_tutor.advisor import cores
from euchre_tutor.errors import EuchreError
from euchre_tutor.games.bid.advisor import dd as bid_dd
from euchre_tutor.games.classic.advisor import dd, placement
from euchre_tutor.games.classic.bots import playout_bidding
from euchre_tutor.games.solitaire.advisor import solver


def _version(env: dict[str, str]) -> list[str]:
    code = "import sys; from euchre_tutor.cli import main; sys.exit(main(['--version']))"
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    return out.stdout.splitlines()


def test_version_names_the_backend_of_each_search() -> None:
    env = {k: v for k, v in os.environ.items() if k != cores.PURE_PYTHON_VARIABLE}
    lines = _version(env)
    assert lines[0].startswith("euchre-tutor ")
    words = {"compiled": "compiled (C core)", "python": "pure Python"}
    assert lines[1:] == [
        f"Solitaire solver: {words[solver.BACKEND]}",
        f"classic double-dummy search: {words[dd.BACKEND]}",
        f"Bid Euchre double-dummy search: {words[bid_dd.BACKEND]}",
        f"classic candidate draw: {words[placement.BACKEND]}",
        f"classic play-outs' bidding: {words[playout_bidding.BACKEND]}",
    ]


def test_version_says_pure_python_when_asked_for() -> None:
    lines = _version({**os.environ, cores.PURE_PYTHON_VARIABLE: "1"})
    assert lines[1:] == [
        "Solitaire solver: pure Python",
        "classic double-dummy search: pure Python",
        "Bid Euchre double-dummy search: pure Python",
        "classic candidate draw: pure Python",
        "classic play-outs' bidding: pure Python",
    ]


def test_the_list_of_cores_is_what_the_build_compiles() -> None:
    """cores.CORES names every C extension pyproject.toml builds, and each C source is one of them."""
    root = Path(__file__).resolve().parents[2]
    built = tomllib.loads((root / "pyproject.toml").read_text())["tool"]["setuptools"]["ext-modules"]
    assert sorted(m["name"] for m in built) == sorted(cores.CORES)
    sources = sorted(str(p.relative_to(root)) for p in (root / "euchre_tutor").rglob("*.c"))
    assert sorted(src for m in built for src in m["sources"]) == sources
    makefile = (root / "Makefile").read_text()
    for line in makefile.splitlines():
        if line.startswith("$(VENV)/.installed-"):
            assert sorted(w for w in line.split() if w.endswith(".c")) == sources, line


def test_a_missing_core_is_refused_with_the_way_out() -> None:
    assert cores.load_core("euchre_tutor.advisor.no_such_core") is None
    with pytest.raises(EuchreError, match=r"compiled test core is not available .* use backend='python'"):
        cores.choose("compiled", None, "test core")
    assert cores.choose(None, None, "test core") == "python"
    assert cores.backends(None) == ("python",)
