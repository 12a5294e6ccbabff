"""binder/ is understood by repo2docker, its pins resolve, and postBuild installs a package whose dashboards run.

No Docker engine runs on these machines, so this stops short of a real image
build: ``repo2docker --no-build`` shows the Dockerfile it would build, and the
same steps (requirements, then postBuild) run in a fresh virtual environment.

Nothing here needs the network. The pins are checked against the test
environment, which is one resolution of them (every pin installed at exactly
that version, and every requirement of the pinned packages and of their
dependencies satisfied there). The fresh environment sees the test
environment's packages (a ``.pth`` line) instead of downloading them, and
pip runs with ``PIP_NO_INDEX`` and without build isolation: postBuild's build
uses the build backend the test environment has (`make test` installs
pyproject.toml's build requirements). On Binder the same steps download.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tomllib
import venv
from importlib import metadata
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

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


def binder_pins() -> dict[str, str]:
    pins = {}
    for line in (ROOT / "binder" / "requirements.txt").read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            name, _, version = line.partition("==")
            pins[canonicalize_name(name)] = version.strip()
    return pins


def test_binder_pins_are_the_versions_the_tests_run_with() -> None:
    installed = {name: metadata.version(name) for name in binder_pins()}
    assert installed == binder_pins(), (
        "binder/requirements.txt must pin the versions the test suite runs with "
        f"(installed here: {installed})"
    )


def test_binder_requirements_resolve() -> None:
    """The pins and everything they need, transitively, are satisfied together by installed versions."""
    seen: set[str] = set()
    todo = list(binder_pins())
    unmet = []
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        dist = metadata.distribution(name)
        for text in dist.requires or []:
            req = Requirement(text)
            if req.marker is not None and not req.marker.evaluate({"extra": ""}):
                continue  # an optional extra, or another platform's requirement
            try:
                version = metadata.version(req.name)
            except metadata.PackageNotFoundError:
                unmet.append(f"{name} needs {req}, which is not installed")
                continue
            if not req.specifier.contains(version, prereleases=True):
                unmet.append(f"{name} needs {req}, installed: {version}")
            todo.append(canonicalize_name(req.name))
    assert not unmet, "the Binder pins do not resolve together: " + "; ".join(unmet)
    assert len(seen) > 20  # the whole Jupyter stack was walked, not just the four pins


def test_the_build_backend_is_installed_for_an_offline_build() -> None:
    """postBuild builds the package; offline, the test environment must hold pyproject's build requirements."""
    requires = tomllib.loads((ROOT / "pyproject.toml").read_text())["build-system"]["requires"]
    for text in requires:
        req = Requirement(text)
        version = metadata.version(req.name)
        assert req.specifier.contains(version), (
            f"the build needs {req} but the test environment has {version}: run `make test` "
            "(it installs pyproject.toml's build requirements)"
        )


def test_readme_names_the_repository_on_one_binder_line() -> None:
    lines = [line for line in (ROOT / "README.md").read_text().splitlines() if "mybinder.org/v2/gh/" in line]
    assert len(lines) == 1, "a fork changes one line"
    line = lines[0]
    repos = set(re.findall(r"mybinder\.org/v2/gh/([^/]+/[^/]+)/", line))
    assert len(repos) == 1
    assert "urlpath=voila%2Frender%2Fnotebooks%2Fsolitaire.ipynb" in line
    assert "urlpath=lab%2Ftree%2Fnotebooks%2Flessons" in line
    for page in sorted((ROOT / "docs").rglob("*.md")):  # the docs link to the README's line instead
        assert "mybinder.org/v2/gh/" not in page.read_text(), (
            f"{page.name} names the repository: a fork changes one line"
        )


def test_postbuild_installs_the_package_and_the_dashboards_run(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    shutil.copytree(
        ROOT,
        repo,
        # no built cores either: postBuild must compile them itself
        ignore=shutil.ignore_patterns(
            ".venv", "artifacts", ".git", "__pycache__", "*.egg-info", ".*_cache", "*.so", "build"
        ),
    )
    # A fresh environment that sees the test environment's packages instead of downloading them.
    # Its own site-packages comes first, so what postBuild installs there is what it imports.
    env_dir = tmp_path / "binder-env"
    venv.create(env_dir, with_pip=False)
    py = env_dir / "bin" / "python"
    site = Path(sysconfig.get_paths(vars={"base": str(env_dir), "platbase": str(env_dir)})["purelib"])
    (site / "test-environment.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    env = {
        **os.environ,
        "PATH": f"{env_dir / 'bin'}:{os.environ['PATH']}",
        "PIP_DISABLE_PIP_VERSION_CHECK": "1",
        "PIP_NO_INDEX": "1",  # never the network: a missing package fails here instead
        "PIP_NO_BUILD_ISOLATION": "0",  # pip's spelling for "build with the installed backend"
    }
    env.pop("PYTHONPATH", None)
    env["HOME"] = str(tmp_path / "home")
    env["JUPYTER_PLATFORM_DIRS"] = "1"

    def run(*cmd: str, cwd: Path = repo) -> str:
        done = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=900)
        assert done.returncode == 0, f"{cmd}: {done.stdout[-1500:]}{done.stderr[-1500:]}"
        return done.stdout

    run(str(py), "-m", "pip", "install", "-q", "-r", "binder/requirements.txt")
    run("./binder/postBuild")
    # the package is installed in the fresh environment (not imported from the source folder)
    where = run(str(py), "-c", "import euchre_tutor; print(euchre_tutor.__file__)", cwd=tmp_path)
    assert where.strip().startswith(str(site)), where
    # every search runs its compiled core there (Binder's image has a C compiler)
    version = run(str(py), "-m", "euchre_tutor", "--version", cwd=tmp_path)
    assert "Solitaire solver: compiled (C core)" in version, version
    assert "classic double-dummy search: compiled (C core)" in version, version
    assert "Bid Euchre double-dummy search: compiled (C core)" in version, version
    run(
        str(py),
        "-m",
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
    for name in ("solitaire.ipynb", "classic.ipynb"):
        executed = json.loads((tmp_path / "out" / name).read_text())
        outputs = [o for cell in executed["cells"] for o in cell.get("outputs", [])]
        assert outputs and not [o for o in outputs if o["output_type"] == "error"], name
        # the app was displayed (a widget view), by a kernel running the fresh environment's package
        assert any("application/vnd.jupyter.widget-view+json" in o.get("data", {}) for o in outputs), name
