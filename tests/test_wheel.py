"""The built wheel is the whole app: installed into a fresh environment, it serves the tables and lessons.

The wheel is built from a copy of the checkout (``pip wheel --no-deps``, with the build backend
`make test` installs: no network), then installed with a plain ``pip install`` into a new virtual
environment. Offline, that environment takes the runtime dependencies from the test environment
(a ``.pth`` line, after its own site-packages, and ``JUPYTER_PATH`` for the Voila templates those
packages ship), never the package: ``euchre_tutor`` must import from the new environment's
site-packages, and the tables it serves come from the notebooks inside the wheel.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import venv
import zipfile
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.browser.conftest import CHROMIUM_ARGS, PAGE_TIMEOUT, free_port, require_chromium
from tests.browser.test_serve import TOKEN, own_home, start_serve, stop_serve

ROOT = Path(__file__).resolve().parents[1]
LESSONS = sorted(p.name for p in (ROOT / "notebooks" / "lessons").glob("*.ipynb"))

pytestmark = pytest.mark.slow


@dataclass
class Installed:
    """A fresh virtual environment with the wheel installed, and how to run things in it."""

    root: Path
    site: Path
    wheel: Path
    env: dict[str, str]
    tmp: Path

    def run(self, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        done = subprocess.run(
            [str(self.root / "bin" / args[0]), *args[1:]],
            cwd=self.tmp,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=600,
        )
        if check:
            assert done.returncode == 0, f"{args}: {done.stdout[-1500:]}{done.stderr[-1500:]}"
        return done


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    tmp = tmp_path_factory.mktemp("wheel")
    source = tmp / "source"
    shutil.copytree(
        ROOT,
        source,
        ignore=shutil.ignore_patterns(
            ".venv", "artifacts", ".git", "__pycache__", "*.egg-info", ".*_cache", "*.so", "build", "dist"
        ),
    )
    env = {**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1", "PIP_NO_INDEX": "1", **own_home(tmp)}
    env.pop("PYTHONPATH", None)
    dist = tmp / "dist"
    built = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "-q",
            "--no-deps",
            "--no-build-isolation",
            "-w",
            str(dist),
            ".",
        ],
        cwd=source,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert built.returncode == 0, built.stdout[-2000:] + built.stderr[-2000:]
    (wheel,) = dist.glob("euchre_tutor-*.whl")
    root = tmp / "fresh-env"
    venv.create(root, with_pip=False, system_site_packages=False)
    site = Path(sysconfig.get_paths(vars={"base": str(root), "platbase": str(root)})["purelib"])
    # the dependencies, from the test environment (after the fresh site-packages, so the wheel wins)
    (site / "test-environment-dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    env["PATH"] = f"{root / 'bin'}{os.pathsep}{env['PATH']}"
    env["JUPYTER_PATH"] = str(Path(sys.prefix) / "share" / "jupyter")  # Voila's templates, with voila
    env["JUPYTERLAB_DIR"] = str(
        Path(sys.prefix) / "share" / "jupyter" / "lab"
    )  # JupyterLab's assets, with it
    env["VIRTUAL_ENV"] = str(root)
    box = Installed(root, site, wheel, env, tmp)
    box.run("python", "-m", "pip", "install", "-q", str(wheel))
    return box


def test_the_wheel_carries_the_dashboards_and_the_lessons(installed: Installed) -> None:
    names = set(zipfile.ZipFile(installed.wheel).namelist())
    for name in ("solitaire.ipynb", "classic.ipynb", "voila.json", *(f"lessons/{n}" for n in LESSONS)):
        member = f"euchre_tutor/notebooks/{name}"
        assert member in names, f"{member} is not in the wheel"
        shipped = zipfile.ZipFile(installed.wheel).read(member)
        assert shipped == (ROOT / "notebooks" / name).read_bytes(), f"{member} differs from notebooks/{name}"


def test_the_wheel_carries_each_games_measured_files(installed: Installed) -> None:
    """A game's measured files (its luck baselines, bands, tables) are files of its package."""
    names = set(zipfile.ZipFile(installed.wheel).namelist())
    shipped = sorted(p.relative_to(ROOT).as_posix() for p in ROOT.glob("euchre_tutor/games/*/data/*.json"))
    assert len(shipped) >= 9 and not set(shipped) - names, set(shipped) - names


def test_the_wheel_carries_every_compiled_core(installed: Installed) -> None:
    """Built where a C compiler is (here), the wheel holds each core cores.CORES lists, and the
    installed package serves every search from it."""
    from euchre_tutor.advisor.cores import CORES

    names = zipfile.ZipFile(installed.wheel).namelist()
    for module in CORES:
        stem = module.replace(".", "/") + "."
        assert any(n.startswith(stem) and n.endswith(".so") for n in names), f"{module} is not in the wheel"
    version = installed.run("euchre-tutor", "--version").stdout.splitlines()
    searches = [name for served in CORES.values() for name in served]
    assert version[1:] == [f"{name}: compiled (C core)" for name in searches], version


def test_the_package_runs_from_the_fresh_environment_not_the_checkout(installed: Installed) -> None:
    where = installed.run(
        "python",
        "-c",
        "import euchre_tutor, euchre_tutor.serve as s; print(euchre_tutor.__file__); print(s.notebooks_dir())",
    ).stdout.split()
    assert Path(where[0]).is_relative_to(installed.site), where
    assert Path(where[1]) == installed.site / "euchre_tutor" / "notebooks", where
    assert str(ROOT) not in " ".join(where)


def test_the_installed_command_helps_and_refuses_an_open_server(installed: Installed) -> None:
    helped = installed.run("euchre-tutor", "serve", "--help")
    assert "--students N" in helped.stdout and "--password" in helped.stdout
    refused = installed.run("euchre-tutor", "serve", "--host", "0.0.0.0", "--no-token", check=False)
    assert refused.returncode == 2
    assert refused.stderr.startswith("error: refusing to serve on 0.0.0.0 with no password or token")


def test_the_installed_command_copies_the_lessons(installed: Installed) -> None:
    folder = installed.tmp / "student"
    done = installed.run("euchre-tutor", "lessons", str(folder), "--copy-only")
    assert f"{len(LESSONS)} copied" in done.stdout
    assert sorted(p.name for p in folder.glob("*.ipynb")) == LESSONS


def test_the_installed_command_opens_jupyterlab_on_the_lessons(installed: Installed) -> None:
    """`lessons` starts JupyterLab in the student's folder: its contents API lists the lessons."""
    import json
    import time
    import urllib.request

    folder = installed.tmp / "lab-student"
    port = free_port()
    out = installed.tmp / "lab.out"
    with out.open("wb") as sink:
        proc = subprocess.Popen(
            [
                str(installed.root / "bin" / "euchre-tutor"),
                "lessons",
                str(folder),
                "--no-browser",
                "--port",
                str(port),
            ],
            cwd=installed.tmp,
            env={**installed.env, "JUPYTER_TOKEN": TOKEN},
            stdout=sink,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        listing = None
        deadline = time.monotonic() + 120
        while listing is None and time.monotonic() < deadline:
            assert proc.poll() is None, out.read_text(errors="replace")[-2000:]
            try:
                with urllib.request.urlopen(
                    f"http://127.0.0.1:{port}/api/contents?token={TOKEN}", timeout=5
                ) as r:
                    listing = json.load(r)
            except OSError:
                time.sleep(0.5)
        assert listing is not None, out.read_text(errors="replace")[-2000:]
        assert sorted(c["name"] for c in listing["content"] if c["type"] == "notebook") == LESSONS
    finally:
        stop_serve(proc)  # type: ignore[arg-type]


def open_table(chromium: str, url: str) -> tuple[int, list[str]]:
    """In a Chromium of its own thread (the browser tests' Playwright may hold this one): the page's
    app count once its first card shows, and its JavaScript errors."""

    def run() -> tuple[int, list[str]]:
        from playwright.sync_api import sync_playwright

        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            context.set_default_timeout(PAGE_TIMEOUT)
            page = context.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(url)
            page.locator(".euchre-card").first.wait_for(state="visible")
            apps = page.locator(".euchre-app").count()
            browser.close()
            return apps, errors

    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(run).result()


@pytest.mark.browser
def test_a_table_served_from_the_installed_package_plays_in_chromium(installed: Installed) -> None:
    path = require_chromium()
    port = free_port()
    served = start_serve(
        [
            str(installed.root / "bin" / "euchre-tutor"),
            *("serve", "--students", "1", "--table", "classic"),
            *("--teacher-port", str(free_port())),  # a free one: the port after the class's may be taken
        ],
        installed.tmp,
        installed.env,
        port,
    )
    try:
        # the server serves the notebooks inside the installed package
        import psutil

        # (Voila runs through euchre_tutor.class_site, on a folder of links to the students' pages)
        voila = [
            p
            for p in psutil.Process(served.process.pid).children()
            if "euchre_tutor.class_site" in " ".join(p.cmdline())
        ]
        assert voila
        folder = Path(voila[0].cmdline()[voila[0].cmdline().index("euchre_tutor.class_site") + 1])
        assert (folder / "classic.ipynb").resolve() == (
            installed.site / "euchre_tutor" / "notebooks" / "classic.ipynb"
        ).resolve()
        apps, errors = open_table(path, served.url("/voila/render/classic.ipynb"))
        assert apps == 1
        assert not errors, errors
    finally:
        stop_serve(served.process)
