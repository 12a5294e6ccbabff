"""``euchre-tutor serve``: one server, both tables and the lessons, behind its token, in a real Chromium.

The server is started as a teacher starts it (``python -m euchre_tutor serve``, one kernel for each
table's pool); the tests wait for its "Ready" line, then open the landing page, both tables and a
lesson with the printed address, and check that a page without the token is turned away.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import psutil
import pytest

from tests.browser.conftest import PAGE_TIMEOUT, ROOT, STARTUP_TIMEOUT, Problems, free_port

pytestmark = pytest.mark.browser

TOKEN = "class-token-for-tests"


@dataclass
class Served:
    """A running ``euchre-tutor serve``: its address (token included) and what it printed."""

    base: str
    process: subprocess.Popen[bytes]
    out: Path

    def url(self, path: str) -> str:
        return f"{self.base}{path}?token={TOKEN}"


def own_home(tmp: Path) -> dict[str, str]:
    """Jupyter, IPython and Chromium write under ~: a home of the test's own."""
    home = tmp / "home"
    for sub in ("", "jupyter-data", "ipython", "jupyter-config", "jupyter-runtime"):
        (home / sub).mkdir(parents=True, exist_ok=True)
    return {
        "HOME": str(home),
        "JUPYTER_DATA_DIR": str(home / "jupyter-data"),
        "JUPYTER_CONFIG_DIR": str(home / "jupyter-config"),
        "JUPYTER_RUNTIME_DIR": str(home / "jupyter-runtime"),
        "IPYTHONDIR": str(home / "ipython"),
        "EUCHRE_SEED": "3",
    }


def start_serve(command: list[str], tmp: Path, env: dict[str, str], port: int) -> Served:
    """Start a serve command; return once it has printed its "Ready" line (its pools are warm)."""
    out = tmp / "serve.out"
    with out.open("wb") as sink:
        proc = subprocess.Popen(
            [*command, "--port", str(port), "--token", TOKEN],
            cwd=tmp,
            env=env,
            stdout=sink,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    deadline = time.monotonic() + STARTUP_TIMEOUT
    while time.monotonic() < deadline:
        text = out.read_text(errors="replace")
        if "Ready:" in text:
            return Served(f"http://127.0.0.1:{port}", proc, out)
        if proc.poll() is not None:
            raise RuntimeError(f"serve exited with code {proc.returncode}:\n{text[-3000:]}")
        time.sleep(0.5)
    stop_serve(proc)
    raise RuntimeError(
        f"serve was not ready within {STARTUP_TIMEOUT} s:\n{out.read_text(errors='replace')[-3000:]}"
    )


def stop_serve(proc: subprocess.Popen[bytes]) -> None:
    """SIGTERM, as a service manager would: serve stops Voila, which stops its kernels."""
    proc.terminate()
    try:
        proc.wait(timeout=60)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, 9)
        proc.wait(timeout=10)


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory, chromium: str) -> Iterator[Served]:
    tmp = tmp_path_factory.mktemp("serve")
    env = {**os.environ, **own_home(tmp), "PYTHONPATH": str(ROOT)}
    server = start_serve(
        [sys.executable, "-m", "euchre_tutor", "serve", "--students", "1"], tmp, env, free_port()
    )
    try:
        yield server
    finally:
        stop_serve(server.process)
    assert server.process.returncode == 0, server.out.read_text(errors="replace")[-2000:]


@pytest.fixture
def page(browser: Any, served: Served) -> Iterator[tuple[Any, Problems]]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(PAGE_TIMEOUT)
    p = context.new_page()
    problems = Problems()
    p.on("pageerror", lambda e: problems.page_errors.append(str(e)))

    def on_failed(request: Any) -> None:
        if request.url.startswith(served.base):
            problems.failed.append(f"{request.method} {request.url}: {request.failure}")

    p.on("requestfailed", on_failed)
    yield p, problems
    context.close()


def test_serve_prints_the_address_to_give_the_class(served: Served) -> None:
    text = served.out.read_text(errors="replace")
    assert f"{served.base}/?token={TOKEN}" in text
    assert f"{served.base}/voila/render/classic.ipynb?token={TOKEN}" in text
    assert "Kernel pool of solitaire.ipynb is filled with 1 kernel(s)" in text
    assert "Kernel pool of classic.ipynb is filled with 1 kernel(s)" in text
    assert re.search(r"Ready: 2 kernels have run their table in \d+ s", text)


def test_the_landing_page_lists_both_tables_and_the_lessons(
    page: tuple[Any, Problems], served: Served
) -> None:
    p, problems = page
    p.goto(served.url("/"))
    for name in ("solitaire.ipynb", "classic.ipynb", "lessons"):
        p.get_by_text(name, exact=True).first.wait_for(state="visible")
    p.get_by_text("lessons", exact=True).first.click()
    p.get_by_text("01-cards-and-bowers.ipynb", exact=True).first.wait_for(state="visible")
    problems.assert_clean()


@pytest.mark.parametrize("table", ["solitaire", "classic"])
def test_each_table_loads_from_the_one_server(page: tuple[Any, Problems], served: Served, table: str) -> None:
    p, problems = page
    p.goto(served.url(f"/voila/render/{table}.ipynb"))
    p.locator(".euchre-card").first.wait_for(state="visible")
    assert p.locator(".euchre-app").count() == 1
    problems.assert_clean()


def test_a_lesson_loads_with_its_exercises(page: tuple[Any, Problems], served: Served) -> None:
    p, problems = page
    p.goto(served.url("/voila/render/lessons/01-cards-and-bowers.ipynb"))
    p.get_by_text("Lesson 1: the cards and the bowers").wait_for(state="visible")
    # the lesson's exercises are widgets run by the lesson's own kernel (started on demand)
    p.locator(".widget-button").first.wait_for(state="visible")
    problems.assert_clean()


def test_a_page_without_the_token_is_turned_away(page: tuple[Any, Problems], served: Served) -> None:
    p, _ = page
    response = p.goto(f"{served.base}/voila/render/solitaire.ipynb")
    p.wait_for_load_state()
    assert "/login" in p.url, (response.status if response else None, p.url)
    assert p.locator(".euchre-card").count() == 0


def test_the_served_kernels_talk_over_socket_files(served: Served) -> None:
    # each pooled kernel's connection file (its -f argument) says ipc, and its sockets are files
    kernels = [
        p
        for p in psutil.Process(served.process.pid).children(recursive=True)
        if "ipykernel" in " ".join(p.cmdline())
    ]
    assert len(kernels) >= 2, "a kernel for each table's pool"
    for kernel in kernels:
        args = kernel.cmdline()
        info = json.loads(Path(args[args.index("-f") + 1]).read_text())
        assert info["transport"] == "ipc", info
        assert all(Path(f"{info['ip']}-{info[port]}").is_socket() for port in ("shell_port", "iopub_port"))
    assert "Address already in use" not in served.out.read_text(errors="replace")
