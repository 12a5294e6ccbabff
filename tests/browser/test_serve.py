"""``euchre-tutor serve``: one server, both tables and the lessons, behind its token, in a real Chromium.

The server is started as a teacher starts it (``python -m euchre_tutor serve``, one kernel for each
table's pool); the tests wait for its "Ready" line, then open the class page, both tables and a
lesson with the printed address, open three tables at once on a pool of one (each gets its table,
the pages without a pooled kernel with the loading message), check that a page without the token is
turned away, that the teacher's pages are on a server and login of their own, and that the table
service runs on this computer only.
"""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import psutil
import pytest

from euchre_tutor.class_site import WAIT_WORDS
from tests.browser.conftest import PAGE_TIMEOUT, ROOT, STARTUP_TIMEOUT, Problems, free_port

pytestmark = pytest.mark.browser

TOKEN = "class-token-for-tests"


@dataclass
class Served:
    """A running ``euchre-tutor serve``: its address (token included) and what it printed."""

    base: str
    process: subprocess.Popen[bytes]
    out: Path
    folder: Path

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
            return Served(f"http://127.0.0.1:{port}", proc, out, tmp)
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
        [
            sys.executable,
            "-m",
            "euchre_tutor",
            "serve",
            "--students",
            "1",
            "--teacher-port",
            str(free_port()),
        ],
        tmp,
        env,
        free_port(),
    )
    try:
        yield server
        beside = [  # the table service and the teacher's server, stopped with serve
            p
            for p in psutil.Process(server.process.pid).children()
            if any(m in " ".join(p.cmdline()) for m in ("euchre_tutor.service", " voila "))
        ]  # (a child that died would be a zombie here, and its cmdline() would raise)
    finally:
        stop_serve(server.process)
    assert server.process.returncode == 0, server.out.read_text(errors="replace")[-2000:]
    assert len(beside) == 2 and not any(p.is_running() for p in beside)


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
    assert f"kept in {served.folder / 'euchre-class' / 'class.sqlite'}" in text
    assert re.search(r"table service on ws://127\.0\.0\.1:\d+/tables", text)


def test_the_class_page_links_the_tables_the_lobby_practice_and_the_lessons(
    page: tuple[Any, Problems], served: Served
) -> None:
    p, problems = page
    p.goto(served.url("/"))
    main = p.locator("#et-class-page")
    main.wait_for(state="visible")
    for name, href in [
        ("Solitaire", "/voila/render/solitaire.ipynb"),
        ("Classic Euchre", "/voila/render/classic.ipynb"),
        ("Bid Euchre", "/voila/render/bid.ipynb"),
        ("The lobby", "/voila/render/lobby.ipynb"),
        ("Your drills", "/voila/render/practice.ipynb"),
        ("All the lessons", "/voila/tree/lessons"),
    ]:
        assert main.get_by_role("link", name=name, exact=True).get_attribute("href") == href
    assert "teacher" not in main.inner_text().lower()
    assert main.evaluate("e => getComputedStyle(e).backgroundImage").startswith("radial-gradient")  # the felt
    main.get_by_role("link", name="All the lessons").click()
    p.get_by_role("link", name="Lesson 1: the cards and the bowers").wait_for(state="visible")
    problems.assert_clean()


def test_the_printed_lessons_address_opens_the_lessons_page(
    page: tuple[Any, Problems], served: Served
) -> None:
    p, problems = page
    printed = re.search(r"lessons:\s+(\S+)", served.out.read_text(errors="replace"))
    assert printed is not None
    p.goto(printed.group(1))
    lessons = p.locator("#et-lessons-page")
    lessons.wait_for(state="visible")
    assert lessons.get_by_role("link").count() >= 14  # every lesson and the way back
    lessons.get_by_role("link", name="Lesson 12: Bid Euchre").wait_for(state="visible")
    problems.assert_clean()


def test_three_pages_opened_at_once_on_a_pool_of_one_each_get_their_table(
    browser: Any, served: Served
) -> None:
    contexts = [browser.new_context(viewport={"width": 1280, "height": 900}) for _ in range(3)]
    try:
        pages = [c.new_page() for c in contexts]
        responses = [p.goto(served.url("/voila/render/classic.ipynb"), wait_until="commit") for p in pages]
        for p in pages:  # every page gets its table: the pooled kernel, or one started for it at once
            p.locator(".euchre-card").first.wait_for(state="visible", timeout=240_000)
            assert p.locator(".euchre-app").count() == 1
        bodies = [r.text() for r in responses]
        assert all(WAIT_WORDS in b for b in bodies), "each page says what it waits for while it loads"
    finally:
        for c in contexts:
            c.close()
    log = served.out.read_text(errors="replace")
    assert "Using pre-heated kernel" in log
    assert log.count("Kernel started") >= 2 + 2, "two kernels started on demand beside the two pooled ones"


def test_the_teachers_pages_are_not_on_the_class_server_but_on_their_own(served: Served) -> None:
    with pytest.raises(urllib.error.HTTPError) as missing:
        urllib.request.urlopen(served.url("/voila/render/teacher-report.ipynb"), timeout=60)
    assert missing.value.code == 404
    text = served.out.read_text(errors="replace")
    address = re.search(r"Your pages \(not shown to students[^)]*\):\s+(\S+)", text)
    assert address is not None
    teacher = address.group(1)
    teacher_base, teacher_token = teacher.split("/?token=")
    assert teacher_token != TOKEN
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor())  # a browser keeps the login
    with opener.open(f"{teacher_base}/voila/render/teacher-report.ipynb?token={TOKEN}", timeout=60) as r:
        assert "/login" in r.url, "the class's token does not open the teacher's pages"
    with opener.open(teacher, timeout=60) as r:
        assert r.status == 200 and "/login" not in r.url, r.url


def test_the_table_service_listens_on_this_computer_only(served: Served) -> None:
    service = [
        p
        for p in psutil.Process(served.process.pid).children(recursive=True)
        if "euchre_tutor.service" in " ".join(p.cmdline())
    ]
    assert len(service) == 1
    listening = [c.laddr for c in service[0].net_connections(kind="tcp") if c.status == psutil.CONN_LISTEN]
    assert listening and all(a.ip == "127.0.0.1" for a in listening)
    port = listening[0].port
    with socket.create_connection(("127.0.0.1", port), timeout=5):
        pass
    kernel_env = [
        p.environ()
        for p in psutil.Process(served.process.pid).children(recursive=True)
        if "ipykernel" in " ".join(p.cmdline())
    ]
    assert kernel_env and all(e["EUCHRE_TABLES_URL"] == f"ws://127.0.0.1:{port}/tables" for e in kernel_env)
    assert all(e["EUCHRE_TABLES_TOKEN"] and e["EUCHRE_CLASS_DB"].endswith("class.sqlite") for e in kernel_env)


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
