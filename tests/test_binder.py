"""binder/ is understood by repo2docker, resolves, installs the package, and runs the dashboard.

No Docker engine runs on these machines, so this stops short of a real image
build: ``repo2docker --no-build`` shows the Dockerfile it would build, and the
same steps (requirements, then postBuild) run in a fresh virtual environment.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent

pytestmark = pytest.mark.slow


def test_binder_folder_has_what_binder_reads() -> None:
    assert (ROOT / "binder" / "runtime.txt").read_text().strip() == "python-3.11"
    postbuild = ROOT / "binder" / "postBuild"
    assert os.access(postbuild, os.X_OK)
    pins = (ROOT / "binder" / "requirements.txt").read_text().splitlines()
    pinned = [line for line in pins if line and not line.startswith("#")]
    assert pinned and all("==" in line for line in pinned), "every Binder requirement is pinned"


def test_repo2docker_understands_the_binder_folder() -> None:
    done = subprocess.run(
        [str(BIN / "jupyter-repo2docker"), "--no-build", "--debug", str(ROOT)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    out = done.stdout + done.stderr
    assert done.returncode == 0, out[-2000:]
    assert "python=3.11" in out
    assert 'pip install --no-cache-dir -r "binder/requirements.txt"' in out
    assert "./binder/postBuild" in out


def test_binder_requirements_resolve() -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--dry-run",
            "--ignore-installed",
            "-q",
            "-r",
            str(ROOT / "binder" / "requirements.txt"),
        ],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-2000:]


def test_readme_names_the_repository_on_one_binder_line() -> None:
    lines = [line for line in (ROOT / "README.md").read_text().splitlines() if "mybinder.org/v2/gh/" in line]
    assert len(lines) == 1, "a fork changes one line"
    line = lines[0]
    repos = set(re.findall(r"mybinder\.org/v2/gh/([^/]+/[^/]+)/", line))
    assert len(repos) == 1
    assert "urlpath=voila%2Frender%2Fnotebooks%2Fsolitaire.ipynb" in line
    assert "urlpath=lab%2Ftree%2Fnotebooks%2Flessons" in line


def test_postbuild_installs_the_package_and_the_dashboards_run(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    shutil.copytree(
        ROOT,
        repo,
        ignore=shutil.ignore_patterns(".venv", "artifacts", ".git", "__pycache__", "*.egg-info", ".*_cache"),
    )
    env_dir = tmp_path / "binder-env"
    venv.create(env_dir, with_pip=True)
    py = env_dir / "bin" / "python"
    env = {
        **os.environ,
        "PATH": f"{env_dir / 'bin'}:{os.environ['PATH']}",
        "PIP_DISABLE_PIP_VERSION_CHECK": "1",
    }
    env.pop("PYTHONPATH", None)
    env["HOME"] = str(tmp_path / "home")
    env["JUPYTER_PLATFORM_DIRS"] = "1"

    def run(*cmd: str, cwd: Path = repo) -> None:
        done = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=900)
        assert done.returncode == 0, f"{cmd}: {done.stdout[-1500:]}{done.stderr[-1500:]}"

    run(str(py), "-m", "pip", "install", "-q", "-r", "binder/requirements.txt")
    run("./binder/postBuild")
    # the package is installed (not just importable from the source folder)
    run(
        str(py),
        "-c",
        "import euchre_tutor, sys; assert 'site-packages' in euchre_tutor.__file__, euchre_tutor.__file__",
        cwd=tmp_path,
    )
    run(
        str(py),
        "-m",
        "jupyter",
        "nbconvert",
        "--to",
        "notebook",
        "--execute",
        "--ExecutePreprocessor.timeout=300",
        "--NotebookClient.store_widget_state=False",
        "--output-dir",
        str(tmp_path / "out"),
        "notebooks/solitaire.ipynb",
        "notebooks/classic.ipynb",
    )
    assert (tmp_path / "out" / "solitaire.ipynb").exists()
    assert (tmp_path / "out" / "classic.ipynb").exists()
