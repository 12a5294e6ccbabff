"""Fixtures for the browser tests: a Voila server on a free loopback port and a real Chromium.

No Chromium: the tests skip with a message saying how to get one, except in
CI (``CI=true``), where that is a failure.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from euchre_tutor.kernel_socket import VOILA_OPTIONS
from euchre_tutor.service.process import ServiceProcess, service_process

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
SCREENSHOTS = ROOT / "artifacts" / "screenshots"
#: Chromium as a student's browser (the benchmarks time this one)
BROWSER_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
#: the tests' Chromium also asks for reduced motion: no endless animation to draw while a test waits
CHROMIUM_ARGS = [*BROWSER_ARGS, "--force-prefers-reduced-motion"]
HOW_TO_GET_CHROMIUM = (
    "no Chromium found: install Debian's (apt-get update && DEBIAN_FRONTEND=noninteractive "
    "apt-get install -y chromium, or `make chromium`) or set CHROMIUM=/path/to/chromium"
)
DASHBOARD = "/voila/render/solitaire.ipynb"
# Generous on purpose: on a loaded machine (scripts/browser-stability.sh runs the suite beside a busy
# core) a kernel start or an exact hint takes many times its usual second; a timeout only costs time
# when something is really stuck. Every wait and every Playwright action uses it.
PAGE_TIMEOUT = 120_000  # ms


def chromium_path() -> str | None:
    for candidate in (os.environ.get("CHROMIUM"), "/usr/bin/chromium"):
        if candidate and Path(candidate).exists():
            return candidate
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_for_port(port: int, proc: subprocess.Popen[bytes], timeout: float = PAGE_TIMEOUT / 1000) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"Voila exited early with code {proc.returncode}")
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    raise RuntimeError(f"Voila did not open port {port} within {timeout} s")


@dataclass
class VoilaServer:
    url: str
    process: subprocess.Popen[bytes]
    log: Path


def start_voila(
    tmp: Path,
    env_extra: dict[str, str] | None = None,
    pages: Path = NOTEBOOKS,
    options: Sequence[str] = VOILA_OPTIONS,
) -> VoilaServer:
    """Voila on ``pages`` (``notebooks/`` by default: its voila.json applies, it starts there), with its
    own HOME; ``env_extra`` added to its kernels' environment; ``options`` on its command line (by
    default the package's, as every Voila it starts has them)."""
    port = free_port()
    home = tmp / "home"
    for sub in ("", "jupyter-data", "ipython", "jupyter-config", "jupyter-runtime"):
        (home / sub).mkdir(parents=True, exist_ok=True)
    env = dict(os.environ)
    env.update(
        HOME=str(home),
        JUPYTER_DATA_DIR=str(home / "jupyter-data"),
        JUPYTER_CONFIG_DIR=str(home / "jupyter-config"),
        JUPYTER_RUNTIME_DIR=str(home / "jupyter-runtime"),
        IPYTHONDIR=str(home / "ipython"),
        PYTHONPATH=str(ROOT) + os.pathsep + env.get("PYTHONPATH", ""),
        EUCHRE_SEED="3",
    )
    env.update(env_extra or {})
    log = tmp / "voila.log"
    cmd = [
        sys.executable,
        "-m",
        "voila",
        ".",
        "--no-browser",
        f"--port={port}",
        "--Voila.ip=127.0.0.1",
        "--Voila.port_retries=0",
        "--show_tracebacks=True",
        *options,
    ]
    with log.open("wb") as out:
        proc = subprocess.Popen(cmd, cwd=pages, env=env, stdout=out, stderr=subprocess.STDOUT)
    try:
        wait_for_port(port, proc)
    except Exception:
        proc.kill()
        raise RuntimeError(f"Voila did not start; its log:\n{log.read_text(errors='replace')}") from None
    return VoilaServer(f"http://127.0.0.1:{port}", proc, log)


def stop_voila(server: VoilaServer) -> None:
    server.process.terminate()
    try:
        server.process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        server.process.kill()
        server.process.wait(timeout=5)


@contextlib.contextmanager
def voila_on(
    tmp: Path, notebooks: Sequence[str], env_extra: dict[str, str], options: Sequence[str] = VOILA_OPTIONS
) -> Iterator[VoilaServer]:
    """Voila on copies of these notebooks only (no voila.json: no preheated pool, a kernel per page
    opened), ``env_extra`` in its kernels' environment, ``options`` on its command line; stopped when
    the ``with`` block ends."""
    pages = tmp / "pages"
    pages.mkdir()
    for name in notebooks:
        shutil.copy(NOTEBOOKS / name, pages / Path(name).name)  # a page of a subfolder: at the top
    server = start_voila(tmp, env_extra, pages, options)
    try:
        yield server
    finally:
        stop_voila(server)


def table_service(tmp: Path, token: str, teacher_token: str | None = None) -> ServiceProcess:
    """The table service in its own process on ``tmp``'s database, with ``--allow-seed`` (the test
    knows the deal), importing this checkout's package; use it in a ``with`` block (stopped at its end)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    db = tmp / "tables.sqlite"
    return service_process(db, token=token, teacher_token=teacher_token, extra=["--allow-seed"], env=env)


#: Chromium's headless shell (Debian's ``chromium-headless-shell``): the same Blink and V8 without the
#: browser's windows and GPU process, so a page costs less CPU; the tests drive it when it is installed
#: (``make chromium`` installs it beside Debian's chromium), the benchmarks drive the full browser.
HEADLESS_SHELL = Path("/usr/lib/chromium/chromium-headless-shell")


def driven_chromium() -> str | None:
    """The Chromium the tests drive: ``CHROMIUM`` if set, else the headless shell, else ``chromium_path()``."""
    if not os.environ.get("CHROMIUM") and HEADLESS_SHELL.exists():
        return str(HEADLESS_SHELL)
    return chromium_path()


def require_chromium() -> str:
    """The Chromium to drive: a missing one skips the test here and fails it in CI."""
    path = driven_chromium()
    if path is None:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(HOW_TO_GET_CHROMIUM + " (CI=true: browser tests must run, never skip)")
        pytest.skip(HOW_TO_GET_CHROMIUM)
    return path


@pytest.fixture(scope="session")
def chromium() -> str:
    return require_chromium()


PREHEATED = ("solitaire.ipynb", "classic.ipynb")  # the pools of notebooks/voila.json
STARTUP_TIMEOUT = 600.0  # s: three kernels run their notebooks (two start an exact analysis) at once


def wait_for_pools(server: VoilaServer, notebooks: tuple[str, ...] = PREHEATED) -> None:
    """Wait until Voila says each preheated pool is full: on a loaded machine the first page
    would otherwise wait for a kernel still starting, and a page's timeout would measure start-up."""
    deadline = time.monotonic() + STARTUP_TIMEOUT
    while time.monotonic() < deadline:
        log = server.log.read_text(errors="replace")
        if all(f"Kernel pool of {name} is filled" in log for name in notebooks):
            return
        if server.process.poll() is not None:
            raise RuntimeError(f"Voila exited with code {server.process.returncode}; its log:\n{log}")
        time.sleep(0.5)
    raise RuntimeError(f"Voila's preheated pools were not full within {STARTUP_TIMEOUT} s; its log:\n{log}")


@pytest.fixture(scope="session")
def voila(tmp_path_factory: pytest.TempPathFactory, chromium: str) -> Iterator[VoilaServer]:
    server = start_voila(tmp_path_factory.mktemp("voila"))
    try:
        wait_for_pools(server)
        yield server
    finally:
        stop_voila(server)


FAILURES = ROOT / "artifacts" / "browser-failures"


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """A failed browser test leaves its evidence: the Voila log and a screenshot, in artifacts/."""
    outcome = yield
    report = outcome.get_result()  # type: ignore[attr-defined]
    if report.when != "call" or not report.failed:
        return
    funcargs = getattr(item, "funcargs", {})
    name = re.sub(r"[^\w.-]+", "_", item.nodeid)
    FAILURES.mkdir(parents=True, exist_ok=True)
    server = funcargs.get("voila")
    if isinstance(server, VoilaServer):
        log = server.log.read_text(errors="replace")
        (FAILURES / f"{name}.voila.log").write_text(log)
        report.sections.append(("Voila log (last 60 lines)", "\n".join(log.splitlines()[-60:])))
    page = funcargs.get("page")
    if isinstance(page, tuple):
        with contextlib.suppress(Exception):
            page[0].screenshot(path=str(FAILURES / f"{name}.png"), full_page=True)


@pytest.fixture(scope="module")
def browser(chromium: str) -> Iterator[Any]:
    """Chromium for one test module. Playwright's sync API keeps an event loop running in this thread
    while it lives: one for the whole session would still be there for the tests the worker runs after
    the browser tests (their own asyncio.run, another Playwright), so it stops with the module."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        yield b
        b.close()


@dataclass
class Problems:
    """What must not happen: page errors, and failed requests to our own server."""

    page_errors: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)

    def assert_clean(self) -> None:
        assert not self.page_errors, f"JavaScript errors in the page: {self.page_errors}"
        assert not self.failed, f"failed requests to the Voila server: {self.failed}"


@pytest.fixture
def page(browser: Any, voila: VoilaServer) -> Iterator[tuple[Any, Problems]]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(PAGE_TIMEOUT)
    p = context.new_page()
    problems = Problems()
    p.on("pageerror", lambda e: problems.page_errors.append(str(e)))

    def on_failed(request: Any) -> None:
        if request.url.startswith(voila.url):
            problems.failed.append(f"{request.method} {request.url}: {request.failure}")

    def on_response(response: Any) -> None:
        if response.url.startswith(voila.url) and response.status >= 400:
            problems.failed.append(f"{response.status} {response.url}")

    p.on("requestfailed", on_failed)
    p.on("response", on_response)
    yield p, problems
    context.close()


def wait_for_hand(page: Any, names: list[str], timeout: float = PAGE_TIMEOUT) -> None:
    """Wait until the hand's buttons show exactly these card names (each button updates on its own)."""
    page.wait_for_function(
        "(want) => JSON.stringify([...document.querySelectorAll('.euchre-card')]"
        ".map((e) => e.textContent.trim()).sort()) === JSON.stringify(want)",
        arg=sorted(names),
        timeout=timeout,
    )


CARD_REASONS = ("playable", "illegal", "wait")

# Each card of the hand as the page shows it: its name, why it may (not) be played, its tooltip.
_PAGE_CARDS = """() => [...document.querySelectorAll('.euchre-card')].map((e) => [
  e.textContent.trim(),
  ['playable', 'illegal', 'wait'].find((c) => e.classList.contains(c)) || '',
  e.getAttribute('title') || '',
])"""


def app_cards(app: Any) -> list[list[str]]:
    """The same for a headless app: what the page must show once every update has arrived."""
    shown = []
    for b in app.cards:
        classes = set(b._dom_classes)
        if "euchre-card" in classes:
            reason = next((c for c in CARD_REASONS if c in classes), "")
            shown.append([str(b.description), reason, str(b.tooltip)])
    return shown


def wait_for_cards(page: Any, app: Any, timeout: float = PAGE_TIMEOUT) -> None:
    """Wait until the page's hand equals the headless ``app``'s: names, reason classes and tooltips.

    Each card's classes and tooltip arrive in one message (tests/browser/test_card_updates.py), so
    this holds only when every card has been updated, never half-way through a move.
    """
    want = app_cards(app)
    try:
        page.wait_for_function(
            f"(want) => JSON.stringify(({_PAGE_CARDS})()) === JSON.stringify(want)", arg=want, timeout=timeout
        )
    except Exception as error:
        shown = page.evaluate(_PAGE_CARDS)
        raise AssertionError(f"the page's hand never became {want}; it shows {shown}") from error


def screenshot(page: Any, name: str) -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


@contextlib.contextmanager
def sized_page(
    browser: Any, voila: VoilaServer, width: int, height: int, *, touch: bool = False
) -> Iterator[tuple[Any, Problems]]:
    """A page in its own context at ``width``×``height``; ``touch``: a phone or tablet (touch events,
    a coarse pointer, no hover, the page's viewport meta honoured)."""
    context = browser.new_context(
        viewport={"width": width, "height": height}, has_touch=touch, is_mobile=touch
    )
    context.set_default_timeout(PAGE_TIMEOUT)
    p = context.new_page()
    problems = Problems()
    p.on("pageerror", lambda e: problems.page_errors.append(str(e)))

    def on_response(response: Any) -> None:
        if response.url.startswith(voila.url) and response.status >= 400:
            problems.failed.append(f"{response.status} {response.url}")

    p.on("response", on_response)
    try:
        yield p, problems
    finally:
        context.close()
