"""Voila under load: a class opening its pages in the same second, each student finishing a deal by clicking.

    python benchmarks/voila_load.py [--serve 30] [--clients protocol|chromium] [--chromium-pages 1]
                                    [--solitaire N] [--classic N] [--deals D] [--refill-delay S]
                                    [--hints advisor|stub]
    python benchmarks/voila_load.py --serve 0 ...    # plain Voila on notebooks/, as the browser tests start it

With ``--serve N`` (the default, 30) the server is ``euchre-tutor serve --students N`` (both tables'
pools of N kernels, a token), started here and given time to fill its pools (its "Ready" line) before
the class opens its pages in the same second: two thirds of N at the Solitaire table, the rest at the
classic table, unless ``--solitaire``/``--classic`` say otherwise.

The students (``--clients protocol``, the default under ``--serve``) are protocol students: what a
student's browser does on the wire, without rendering it, since in a class each browser runs on the
student's own computer, not on the server's cores. Each one GETs the page with the token, fetches the
page's own static files (scripts, styles, the widget extensions' entry points) as an empty cache
does, finds the kernel Voila put in the page (``kernelId``), opens ``/api/kernels/<id>/channels``,
asks for the kernel's info, and fetches the widget models as @jupyter-widgets/base's manager does
(a ``jupyter.widget.control`` comm and ``request_states``). "First card" is the moment those states,
with every card button of the hand, have arrived. A click is the message a Button view sends
(``{"method": "custom", "content": {"event": "click"}}`` on the button's comm); its "update" is the
first comm update of the hand, the message or the decision buttons after it; then the student waits
for the kernel to be idle and for 250 ms without a message. Each plays a whole deal: Solitaire orders
up and plays a playable card (the button's classes say which) until the deal review shows; classic
makes trump at its first chance and plays until the trick log holds five tricks (``--deals D``: then
Next deal / Next hand, D times in all, to keep the server busy while ``--refill-delay``, passed to
serve, starts the pools' replacements). ``--chromium-pages``
(default 1) of the sessions are real Chromium pages instead, in one headless Chromium with one browser
context each, so the report also shows what a browser adds; ``--clients chromium`` makes every session
a Chromium page (goto to the first card visible; clicks timed in the page from the click to the hand,
the message or the trump box changing). Chromium's requests that do not go to the local server are
aborted (loopback only).

A session fails on an HTTP error or a failed request, a page error (Chromium), a click that gets no
update within 20 s, or a deal not finished. The report: the failures (must be 0); per table and kind
of client the first card, the server's first byte and the page's HTML, and click to update (median,
p95, max); the CPU-seconds used until every first card and until every deal was played, by the
server's processes (serve, Voila, the kernels, their analysis workers, each part apart), by Chromium
and by the protocol students (this process), independent of what else runs on the machine; the
peak memory of the server's process tree (psutil, sampled every half second); the memory per student
(each kernel with its worker processes, RSS and USS, at the moment every page has finished its deal,
pages still open) and how many students one machine of ``--machine-gb`` holds at that figure; the
load average. Bounded by ``--timeout``: it stops by itself, and stops the server.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import datetime
import html
import json
import os
import re
import statistics
import struct
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import psutil  # noqa: E402
from playwright.async_api import async_playwright  # noqa: E402
from tornado.httpclient import AsyncHTTPClient, HTTPRequest  # noqa: E402
from tornado.websocket import websocket_connect  # noqa: E402

from tests.browser.conftest import BROWSER_ARGS, DASHBOARD, chromium_path, start_voila, stop_voila  # noqa: E402

CLASSIC = "/voila/render/classic.ipynb"
QUERY = ""  # "?token=..." under --serve: the address the teacher gives the class
SERVE_TOKEN = "voila-load-benchmark"
DEALS = 1  # deals (Solitaire) or hands (classic) each protocol student plays (--deals)
STEP_TIMEOUT = 600_000  # ms: one wait in a session (--step-timeout; kernels start on demand under load)

# From a click on the index-th element matching the selector to the first change of the hand, the
# message or the trump/decision box (as benchmarks/dashboard.py measures it); -1 after 20 s.
CLICK_JS = """
async ([sel, index]) => {
  const el = document.querySelectorAll(sel)[index];
  if (!el) { return -2; }
  const count = () => document.querySelectorAll('.euchre-card').length;
  const msg = () => document.querySelector('.euchre-message').innerText;
  const box = () => document.querySelector('.et-trumpbox').className;
  const before = [count(), msg(), box()];
  const changed = () => count() !== before[0] || msg() !== before[1] || box() !== before[2];
  const t0 = performance.now();
  return await new Promise((resolve) => {
    const obs = new MutationObserver(() => {
      if (changed()) { obs.disconnect(); resolve(performance.now() - t0); }
    });
    obs.observe(document.querySelector('.euchre-app'),
                {subtree: true, childList: true, attributes: true, characterData: true});
    el.click();
    setTimeout(() => { obs.disconnect(); resolve(-1); }, 20000);
  });
}
"""

# Resolves once the app has had no DOM change for ``quiet`` ms (the rest of a move's updates arrived).
SETTLE_JS = """
async (quiet) => await new Promise((resolve) => {
  let timer = setTimeout(() => { obs.disconnect(); resolve(true); }, quiet);
  const obs = new MutationObserver(() => {
    clearTimeout(timer);
    timer = setTimeout(() => { obs.disconnect(); resolve(true); }, quiet);
  });
  obs.observe(document.querySelector('.euchre-app'),
              {subtree: true, childList: true, attributes: true, characterData: true});
  setTimeout(() => { obs.disconnect(); resolve(false); }, 20000);
})
"""


@dataclass
class Session:
    app: str
    number: int
    client: str = "chromium"  # or "protocol": a Student on the wire, no browser
    first_render: float | None = None
    clicks: list[float] = field(default_factory=list)
    finished: bool = False
    errors: list[str] = field(default_factory=list)
    blocked: int = 0
    elapsed: float = 0.0
    page: Any = None  # kept open until every session is done (the memory snapshot sees its kernel)
    commit: float | None = None
    html: float | None = None
    files: float | None = None  # protocol: the page's static files fetched
    kernel: float | None = None  # protocol: the kernel's info reply over the websocket


@dataclass
class Memory:
    """Peak RSS of the Voila server's process tree, sampled in a thread."""

    pid: int
    peak_mb: float = 0.0
    peak_kernels: int = 0
    peak_processes: int = 0
    samples: int = 0
    _stop: threading.Event = field(default_factory=threading.Event)

    def sample(self) -> tuple[float, int, int]:
        """(RSS in MB, kernels, processes) of the server and all its descendants now."""
        server = psutil.Process(self.pid)
        procs = [server, *server.children(recursive=True)]
        total = 0.0
        kernels = 0
        for p in procs:
            try:
                total += p.memory_info().rss / 2**20
                if "ipykernel" in " ".join(p.cmdline()):
                    kernels += 1
            except psutil.Error:
                continue
        return total, kernels, len(procs)

    def kernels(self, own: bool = False) -> list[float]:
        """MB of each kernel with its worker processes (RSS, or with ``own`` USS: memory no other
        process shares, which is what one more student adds)."""
        server = psutil.Process(self.pid)
        sizes = []
        for p in server.children(recursive=True):
            try:
                if "ipykernel" not in " ".join(p.cmdline()):
                    continue
                tree = [p, *p.children(recursive=True)]
                total = 0.0
                for q in tree:
                    info = q.memory_full_info() if own else q.memory_info()
                    total += (info.uss if own else info.rss) / 2**20
                sizes.append(total)
            except psutil.Error:
                continue
        return sizes

    def run(self) -> None:
        while not self._stop.is_set():
            try:
                total, kernels, count = self.sample()
            except psutil.Error:
                break
            self.samples += 1
            if total > self.peak_mb:
                self.peak_mb, self.peak_processes = total, count
            self.peak_kernels = max(self.peak_kernels, kernels)
            if CPU is not None:
                CPU.poll()
            self._stop.wait(0.5)

    def stop(self) -> None:
        self._stop.set()


@dataclass
class Cpu:
    """CPU seconds used since the burst began: by the server's processes (serve, Voila, kernels, their
    workers), by Chromium (Playwright's driver and the browser) and by the protocol students (this
    benchmark's own process): with the students' browsers on their own computers in a real class, only
    the first is the server's load. Independent of what else runs on the machine, unlike the
    wall-clock figures."""

    server_pid: int
    server: dict[int, float] = field(default_factory=dict)
    browser: dict[int, float] = field(default_factory=dict)
    protocol: float = 0.0
    start_each: dict[int, float] = field(default_factory=dict)
    base: tuple[float, float, float] = (0.0, 0.0, 0.0)
    t0: float = 0.0
    # wall s, server CPU-s, Chromium CPU-s, protocol students' CPU-s
    marks: dict[str, tuple[float, float, float, float]] = field(default_factory=dict)
    role: dict[int, str] = field(default_factory=dict)  # a server process: serve, voila, kernel or worker
    parts: dict[str, dict[str, float]] = field(default_factory=dict)  # per mark: CPU-s of each role
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def poll(self) -> None:
        with self._lock:
            try:
                root = psutil.Process(self.server_pid)
                tree = {self.server_pid, *(p.pid for p in root.children(recursive=True))}
            except psutil.Error:
                tree = set()
            me = psutil.Process()
            self.protocol = sum(me.cpu_times()[:2])
            for p in me.children(recursive=True):
                try:
                    used = sum(p.cpu_times()[:2])
                except psutil.Error:
                    continue
                if p.pid in tree and p.pid not in self.role:
                    with contextlib.suppress(psutil.Error):
                        line = " ".join(p.cmdline())
                        self.role[p.pid] = (
                            "serve"
                            if p.pid == self.server_pid
                            else "kernels"
                            if "ipykernel" in line
                            else "Voila"
                            if "-m voila" in line
                            else "workers"
                        )
                (self.server if p.pid in tree or p.pid in self.server else self.browser)[p.pid] = used

    def used(self) -> tuple[float, float, float]:
        return (
            sum(self.server.values()) - self.base[0],
            sum(self.browser.values()) - self.base[1],
            self.protocol - self.base[2],
        )

    def start(self) -> None:
        self.poll()
        self.base = (sum(self.server.values()), sum(self.browser.values()), self.protocol)
        self.start_each = dict(self.server)
        self.t0 = time.perf_counter()

    def mark(self, name: str) -> None:
        self.poll()
        self.marks[name] = (time.perf_counter() - self.t0, *self.used())
        parts: dict[str, float] = {}
        for pid, used in self.server.items():
            role = self.role.get(pid, "workers")
            parts[role] = parts.get(role, 0.0) + used - self.start_each.get(pid, 0.0)
        self.parts[name] = parts


CPU: Cpu | None = None  # set by main once the server runs
RENDERED: list[float] = []  # first-card times so far; the CPU is marked when every session has one
SESSIONS = 0


async def open_page(browser: Any, session: Session, base: str) -> Any:
    context = await browser.new_context(viewport={"width": 1280, "height": 900})

    async def route(r: Any) -> None:
        if r.request.url.startswith(base):
            await r.continue_()
        else:
            session.blocked += 1
            await r.abort()

    await context.route("**/*", route)
    page = await context.new_page()
    page.on("pageerror", lambda e: session.errors.append(f"page error: {e}"))

    def failed(request: Any) -> None:
        if request.url.startswith(base):
            session.errors.append(f"failed request {request.method} {request.url}: {request.failure}")

    def response(resp: Any) -> None:
        if resp.url.startswith(base) and resp.status >= 400:
            session.errors.append(f"HTTP {resp.status} {resp.url}")

    page.on("requestfailed", failed)
    page.on("response", response)
    return page


async def click(page: Any, session: Session, selector: str, index: int = 0) -> None:
    ms = await page.evaluate(CLICK_JS, [selector, index])
    if ms == -2:
        session.errors.append(f"nothing to click at {selector} #{index}")
    elif ms < 0:
        session.errors.append(f"no update within 20 s after clicking {selector}")
    else:
        session.clicks.append(float(ms))
    await page.evaluate(SETTLE_JS, 250)


async def first_render(page: Any, session: Session, url: str) -> None:
    t0 = time.perf_counter()
    # Voila streams the page while the kernel runs the notebook: wait for the first card, not the load event
    await page.goto(url, timeout=STEP_TIMEOUT, wait_until="commit")
    session.commit = time.perf_counter() - t0  # the server's first byte of the page
    await page.wait_for_load_state("domcontentloaded", timeout=STEP_TIMEOUT)
    session.html = time.perf_counter() - t0  # the page's HTML (Voila streams the executed notebook)
    await page.locator(".euchre-card").first.wait_for(state="visible", timeout=STEP_TIMEOUT)
    session.first_render = time.perf_counter() - t0
    RENDERED.append(session.first_render)
    if CPU is not None and len(RENDERED) == SESSIONS:
        CPU.mark("every first card")
    await page.evaluate(SETTLE_JS, 500)


async def solitaire_session(browser: Any, session: Session, base: str) -> None:
    page = await open_page(browser, session, base)
    await first_render(page, session, base + DASHBOARD + QUERY)
    await page.locator(".et-trumpbox:not(.hidden) .euchre-bid").first.wait_for(timeout=STEP_TIMEOUT)
    await click(page, session, ".euchre-bid")
    for _ in range(20):
        if await page.locator(".euchre-review:not(.hidden)").count():
            break
        await page.locator(".euchre-card.playable").first.wait_for(timeout=STEP_TIMEOUT)
        await click(page, session, ".euchre-card.playable")
    session.finished = await page.locator(".euchre-review:not(.hidden)").count() > 0
    session.page = page


async def classic_session(browser: Any, session: Session, base: str) -> None:
    page = await open_page(browser, session, base)
    await first_render(page, session, base + CLASSIC + QUERY)
    for _ in range(40):
        if await page.locator(".euchre-log tbody tr").count() >= 5:
            break
        bids = [t.strip() for t in await page.locator(".euchre-bid").all_inner_texts()]
        if bids:
            # make trump at the first chance (so the hand is played), with the partner, no misdeal
            plain = [i for i, t in enumerate(bids) if not t.startswith(("Pass", "Misdeal", "Go under"))]
            pick = next((i for i in plain if "alone" not in bids[i].lower()), plain[0] if plain else 0)
            await click(page, session, ".euchre-bid", pick)
        elif await page.locator(".euchre-card.playable").count():
            await click(page, session, ".euchre-card.playable")
        else:
            await page.evaluate(SETTLE_JS, 500)
    session.finished = await page.locator(".euchre-log tbody tr").count() >= 5
    session.page = page


# --- the protocol student: what a student's browser does on the wire, without rendering -----------

CONFIG_DATA = re.compile(r'<script id="jupyter-config-data" type="application/json">(.*?)</script>', re.S)
ASSET = re.compile(r'<(?:script|link)\b[^>]*?\b(?:src|href)="(/[^"]*)"')
# the models whose first update after a click is "the update" (the hand, the message, the decisions)
WATCHED = {"euchre-card", "et-hand", "euchre-message", "et-trumpbox", "euchre-bid"}
HAND = 5  # card buttons of a hand: the first card counts once every one of them is received


def decode(frame: str | bytes) -> dict[str, Any]:
    """A kernel message from Jupyter Server's websocket: JSON text, or (with buffers) its binary framing."""
    if isinstance(frame, str):
        message: dict[str, Any] = json.loads(frame)
        return message
    (count,) = struct.unpack("!I", frame[:4])
    offsets = struct.unpack(f"!{count}I", frame[4 : 4 * (count + 1)])
    ends = [*offsets[1:], len(frame)]
    message = json.loads(frame[offsets[0] : ends[0]])
    message["buffers"] = [frame[a:b] for a, b in zip(offsets[1:], ends[1:], strict=True)]
    return message


@dataclass
class Event:
    at: float
    kind: str  # msg_type
    comm: str | None
    method: str | None  # a comm message's data.method
    parent: str | None  # the msg_id it answers
    state: str | None  # a status message's execution_state


class Student:
    """One student's page on the wire: the page and its static files by HTTP, then the kernel's
    websocket, the widget models fetched as @jupyter-widgets/base's manager does (a
    ``jupyter.widget.control`` comm and ``request_states``), and clicks sent as a Button view sends
    them. No rendering: in a class that part runs on the student's own computer."""

    def __init__(self, session: Session, base: str, query: str) -> None:
        self.session, self.base, self.query = session, base, query
        self.models: dict[str, dict[str, Any]] = {}
        self.events: list[Event] = []
        self.ws: Any = None
        self.closed = False
        self._poke = asyncio.Event()
        self._reader: asyncio.Task[None] | None = None
        self.id = uuid.uuid4().hex
        self.bytes = 0

    # -- the wire
    def message(
        self, kind: str, content: dict[str, Any], metadata: dict[str, Any] | None = None
    ) -> dict[str, Any]:
        now = datetime.datetime.now(datetime.UTC).isoformat()
        header = {
            "msg_id": uuid.uuid4().hex,
            "msg_type": kind,
            "username": "student",
            "session": self.id,
            "date": now,
            "version": "5.3",
        }
        return {
            "header": header,
            "parent_header": {},
            "metadata": metadata or {},
            "content": content,
            "channel": "shell",
            "buffers": [],
        }

    async def send(self, kind: str, content: dict[str, Any], metadata: dict[str, Any] | None = None) -> str:
        message = self.message(kind, content, metadata)
        await self.ws.write_message(json.dumps(message))
        return str(message["header"]["msg_id"])

    async def read(self) -> None:
        while True:
            frame = await self.ws.read_message()
            if frame is None:
                self.closed = True
                self._poke.set()
                return
            self.receive(decode(frame))

    def receive(self, m: dict[str, Any]) -> None:
        kind, content = m["header"]["msg_type"], m.get("content", {})
        comm, method = content.get("comm_id"), None
        if kind == "comm_open" and content.get("target_name") == "jupyter.widget":
            self.models[comm] = dict(content.get("data", {}).get("state", {}))
        elif kind == "comm_msg":
            data = content.get("data", {})
            method = data.get("method")
            if method == "update_states":
                for model, value in data.get("states", {}).items():
                    self.models[model] = dict(value.get("state", {}))
            elif method in ("update", "echo_update") and comm in self.models:
                self.models[comm].update(data.get("state", {}))
        elif kind == "comm_close":
            self.models.pop(comm, None)
        parent = m.get("parent_header", {}).get("msg_id")
        self.events.append(
            Event(time.perf_counter(), kind, comm, method, parent, content.get("execution_state"))
        )
        self._poke.set()

    async def wait(self, found: Any, start: int, timeout: float) -> Event | None:
        """The first event from ``start`` on for which ``found(event)`` holds, or None after ``timeout`` s."""
        deadline = time.perf_counter() + timeout
        while True:
            for event in self.events[start:]:
                if found(event):
                    return event
            start = len(self.events)
            left = deadline - time.perf_counter()
            if left <= 0 or self.closed:
                return None
            self._poke.clear()
            try:
                await asyncio.wait_for(self._poke.wait(), left)
            except TimeoutError:
                return None

    async def quiet(self, ms: float) -> None:
        """Until no message has come for ``ms`` (the rest of a move's updates arrived), at most 20 s."""
        deadline = time.perf_counter() + 20
        while time.perf_counter() < deadline:
            count = len(self.events)
            await asyncio.sleep(ms / 1000)
            if len(self.events) == count:
                return

    # -- what the page does
    async def open(self, path: str) -> None:
        client = AsyncHTTPClient()
        s = self.session
        t0 = time.perf_counter()
        chunks: list[bytes] = []

        def chunk(data: bytes) -> None:
            if not chunks:
                s.commit = time.perf_counter() - t0  # the server's first byte of the page
            chunks.append(data)

        timeout = STEP_TIMEOUT / 1000
        await client.fetch(
            HTTPRequest(self.base + path + self.query, request_timeout=timeout, streaming_callback=chunk)
        )
        s.html = time.perf_counter() - t0
        page = b"".join(chunks).decode("utf-8", "replace")
        self.bytes += len(page)
        found = CONFIG_DATA.search(page)
        if found is None:
            raise RuntimeError("the page has no jupyter-config-data (no kernel to connect to)")
        config = json.loads(found.group(1))
        kernel = config["kernelId"]
        # the static files an empty cache fetches before the scripts open the kernel's connection
        assets = {html.unescape(a) for a in ASSET.findall(page)}
        labextensions = config.get("fullLabextensionsUrl", "/voila/labextensions")
        extensions = config.get("federated_extensions", [])
        if isinstance(extensions, str):  # Voila 0.5 passes it as Python's repr of a list
            import ast

            extensions = ast.literal_eval(extensions)
        assets |= {f"{labextensions}/{e['name']}/{e['load']}" for e in extensions}
        for reply in await asyncio.gather(
            *(client.fetch(HTTPRequest(self.base + a, request_timeout=timeout)) for a in sorted(assets))
        ):
            self.bytes += len(reply.body)
        s.files = time.perf_counter() - t0
        url = f"{self.base.replace('http', 'ws', 1)}/api/kernels/{kernel}/channels?session_id={self.id}"
        url += "&" + self.query.lstrip("?") if self.query else ""
        self.ws = await websocket_connect(HTTPRequest(url, request_timeout=timeout), max_message_size=2**28)
        self._reader = asyncio.ensure_future(self.read())
        start = len(self.events)
        info = await self.send("kernel_info_request", {})
        if (
            await self.wait(lambda e: e.kind == "kernel_info_reply" and e.parent == info, start, timeout)
            is None
        ):
            raise RuntimeError("no kernel_info_reply")
        s.kernel = time.perf_counter() - t0
        control = uuid.uuid4().hex
        start = len(self.events)
        await self.send(
            "comm_open",
            {"comm_id": control, "target_name": "jupyter.widget.control", "data": {}},
            {"version": "1.0.0"},
        )
        await self.send("comm_msg", {"comm_id": control, "data": {"method": "request_states"}})
        if (
            await self.wait(lambda e: e.comm == control and e.method == "update_states", start, timeout)
            is None
        ):
            raise RuntimeError("the kernel sent no widget states")
        await self.send("comm_close", {"comm_id": control, "data": {}})
        if len(self.having("euchre-card")) < HAND:
            raise RuntimeError(
                f"the widget states hold {len(self.having('euchre-card'))} card buttons, not a hand"
            )
        s.first_render = time.perf_counter() - t0
        RENDERED.append(s.first_render)
        if CPU is not None and len(RENDERED) == SESSIONS:
            CPU.mark("every first card")
        await self.quiet(500)

    def classes(self, model: str) -> set[str]:
        return set(self.models.get(model, {}).get("_dom_classes", ()))

    def having(self, *wanted: str, without: str = "") -> list[str]:
        """The models with every one of these CSS classes (and not ``without``), in the page's order."""
        found = [m for m in self.models if set(wanted) <= self.classes(m) and without not in self.classes(m)]
        place: dict[str, int] = {}  # a model's place among its box's children
        for state in self.models.values():
            for i, child in enumerate(state.get("children", ()) or ()):
                if isinstance(child, str) and child.startswith("IPY_MODEL_"):
                    place[child[len("IPY_MODEL_") :]] = i
        return sorted(found, key=lambda m: place.get(m, 1 << 30))

    async def click(self, model: str) -> None:
        """Click the button ``model`` as its view does; the time to the first update of the hand, the message
        or the decisions; then wait until the kernel is idle and no message came for 250 ms."""
        s = self.session
        watched = {m for m in self.models if self.classes(m) & WATCHED}
        start = len(self.events)
        t0 = time.perf_counter()
        sent = await self.send(
            "comm_msg", {"comm_id": model, "data": {"method": "custom", "content": {"event": "click"}}}
        )
        update = await self.wait(lambda e: e.method == "update" and e.comm in watched, start, 20)
        if update is None:
            s.errors.append(
                f"no update within 20 s after clicking {self.models.get(model, {}).get('description')!r}"
            )
        else:
            s.clicks.append((update.at - t0) * 1000)
        await self.wait(lambda e: e.kind == "status" and e.state == "idle" and e.parent == sent, start, 20)
        await self.quiet(250)

    async def close(self) -> None:
        if self.ws is not None:
            self.ws.close()
        if self._reader is not None:
            self._reader.cancel()


def log_rows(student: Student) -> int:
    """Rows of the trick log (the HTML widget ``euchre-log``), as the browser sessions count them."""
    rows = 0
    for model in student.having("euchre-log"):
        value = str(student.models[model].get("value", ""))
        body = value.split("<tbody>", 1)[1].split("</tbody>", 1)[0] if "<tbody>" in value else ""
        rows = max(rows, body.count("<tr"))
    return rows


def control(student: Student, label: str) -> str | None:
    """The enabled ``label`` button (Next deal, Next hand), if there is one."""
    for model in student.having("et-ctl"):
        state = student.models[model]
        if str(state.get("description", "")).startswith(label) and not state.get("disabled"):
            return model
    return None


async def next_deal(student: Student, label: str) -> bool:
    """Click the enabled ``label`` button; False if there is none."""
    model = control(student, label)
    if model is not None:
        await student.click(model)
    return model is not None


def hand_over(student: Student) -> bool:
    """The classic hand is played: five tricks in its log, and Next hand is enabled."""
    return log_rows(student) >= 5 and control(student, "Next hand") is not None


async def protocol_solitaire(session: Session, base: str) -> None:
    student = Student(session, base, QUERY)
    session.page = student
    await student.open(DASHBOARD)
    for deal in range(DEALS):
        if deal and not await next_deal(student, "Next deal"):
            raise RuntimeError(f"no Next deal button after deal {deal}")
        order_up = student.having("euchre-bid")  # the first trump choice: Order up
        if not order_up:
            raise RuntimeError("no Order up button")
        await student.click(order_up[0])
        for _ in range(20):
            if student.having("euchre-review", without="hidden"):
                break
            playable = student.having("euchre-card", "playable")
            if not playable:
                await student.quiet(500)
                continue
            await student.click(playable[0])
        session.finished = bool(student.having("euchre-review", without="hidden"))
        if not session.finished:
            return


async def protocol_classic(session: Session, base: str) -> None:
    student = Student(session, base, QUERY)
    session.page = student
    await student.open(CLASSIC)
    for hand in range(DEALS):
        if hand and not await next_deal(student, "Next hand"):
            raise RuntimeError(f"no Next hand button after hand {hand}")
        for _ in range(40):
            if hand_over(student):
                break
            bids = student.having("euchre-bid", without="hidden")
            if bids:
                labels = [str(student.models[b].get("description", "")) for b in bids]
                # make trump at the first chance (so the hand is played), with the partner, no misdeal
                plain = [i for i, t in enumerate(labels) if not t.startswith(("Pass", "Misdeal", "Go under"))]
                pick = next((i for i in plain if "alone" not in labels[i].lower()), plain[0] if plain else 0)
                await student.click(bids[pick])
            elif playable := student.having("euchre-card", "playable"):
                await student.click(playable[0])
            else:
                await student.quiet(500)
        session.finished = hand_over(student)
        if not session.finished:
            return


async def run_sessions(
    chromium: str,
    base: str,
    solitaire: int,
    classic: int,
    timeout: float,
    stagger: float,
    snapshot: Any = None,
    chromium_pages: int | None = None,
) -> list[Session]:
    """Every session at once; ``chromium_pages`` of them in Chromium, the others protocol students
    (None: all in Chromium)."""
    sessions = [Session("solitaire", i + 1) for i in range(solitaire)]
    sessions += [Session("classic", i + 1) for i in range(classic)]
    if chromium_pages is not None:
        for k, s in enumerate(sessions):
            s.client = "chromium" if k < chromium_pages else "protocol"
    AsyncHTTPClient.configure(None, max_clients=4 * len(sessions) + 10)  # each page's files at once
    async with async_playwright() as pw:
        browser: Any = None
        if any(s.client == "chromium" for s in sessions):
            browser = await pw.chromium.launch(executable_path=chromium, args=BROWSER_ARGS)

        async def one(s: Session, delay: float) -> None:
            await asyncio.sleep(delay)
            t0 = time.perf_counter()
            try:
                if s.client == "protocol":
                    await (protocol_solitaire if s.app == "solitaire" else protocol_classic)(s, base)
                else:
                    await (solitaire_session if s.app == "solitaire" else classic_session)(browser, s, base)
            except Exception as error:  # a stuck or broken session is a failure to report
                s.errors.append(f"{type(error).__name__}: {(str(error).splitlines() or [''])[0][:200]}")
            s.elapsed = time.perf_counter() - t0
            render = f"{s.first_render:.1f} s" if s.first_render is not None else "none"
            state = "finished" if s.finished else f"FAILED ({s.errors[0] if s.errors else 'not finished'})"
            print(
                f"  {s.app} #{s.number} ({s.client}): first card {render}, {len(s.clicks)} clicks, {state} "
                f"after {s.elapsed:.0f} s",
                flush=True,
            )

        # interleave the two apps, so a stagger spreads both over the start
        order = sorted(range(len(sessions)), key=lambda i: (sessions[i].number, sessions[i].app))
        delays = {i: k * stagger for k, i in enumerate(order)}
        tasks = [asyncio.ensure_future(one(s, delays[i])) for i, s in enumerate(sessions)]
        _done, pending = await asyncio.wait(tasks, timeout=timeout)
        for task, s in zip(tasks, sessions, strict=True):
            if task in pending:
                task.cancel()
                s.errors.append(f"not finished within the {timeout:.0f} s bound")
        await asyncio.gather(*pending, return_exceptions=True)
        if snapshot is not None:
            snapshot()  # every page still open: each student's kernel is in use
        for s in sessions:
            if isinstance(s.page, Student):
                await s.page.close()
            elif s.page is not None:
                await s.page.context.close()
        if browser is not None:
            await browser.close()
    return sessions


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def summary(label: str, values: list[float], unit: str, scale: float = 1.0) -> str:
    if not values:
        return f"{label}: none"
    v = [x * scale for x in values]
    return (
        f"{label}: median {statistics.median(v):.{0 if unit == 'ms' else 2}f} {unit}, "
        f"p95 {p95(v):.{0 if unit == 'ms' else 2}f} {unit}, max {max(v):.{0 if unit == 'ms' else 2}f} {unit} "
        f"over {len(v)}"
    )


@dataclass
class Served:
    """``euchre-tutor serve`` started by this benchmark (the same shape as tests' VoilaServer)."""

    url: str
    process: subprocess.Popen[bytes]
    log: Path
    ready_after: float = 0.0


def start_serve(
    tmp: Path, students: int, env_extra: dict[str, str], timeout: float, refill_delay: float | None = None
) -> Served:
    """``euchre-tutor serve --students N`` on a free port; returns once it prints "Ready" (pools warm)."""
    from tests.browser.conftest import free_port

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
        **env_extra,
    )
    log = tmp / "serve.log"
    cmd = [sys.executable, "-m", "euchre_tutor", "serve", "--students", str(students), "--port", str(port)]
    if refill_delay is not None:
        cmd += ["--refill-delay", f"{refill_delay:g}"]
    t0 = time.perf_counter()
    with log.open("wb") as out:
        proc = subprocess.Popen(
            [*cmd, "--token", SERVE_TOKEN], cwd=tmp, env=env, stdout=out, stderr=subprocess.STDOUT
        )
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        text = log.read_text(errors="replace")
        if "Ready:" in text:
            return Served(f"http://127.0.0.1:{port}", proc, log, time.perf_counter() - t0)
        if proc.poll() is not None:
            raise RuntimeError(f"euchre-tutor serve exited ({proc.returncode}):\n{text[-3000:]}")
        time.sleep(1)
    proc.terminate()
    raise RuntimeError(f"euchre-tutor serve was not ready within {timeout:.0f} s")


def stop_serve(server: Served) -> None:
    server.process.terminate()  # serve stops Voila, which stops its kernels
    try:
        server.process.wait(timeout=120)
    except subprocess.TimeoutExpired:
        server.process.kill()
        server.process.wait(timeout=10)


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--solitaire",
        type=int,
        default=None,
        help="concurrent Solitaire sessions (default: two thirds of --serve's N, or 20 with --serve 0)",
    )
    parser.add_argument(
        "--classic",
        type=int,
        default=None,
        help="concurrent classic table sessions (default: the rest, or 10)",
    )
    parser.add_argument("--hints", choices=["advisor", "stub"], default="advisor")
    parser.add_argument("--timeout", type=float, default=1200.0, help="seconds before the run stops itself")
    parser.add_argument(
        "--step-timeout",
        type=float,
        default=600.0,
        help="seconds one wait in a session may take (default 600)",
    )
    parser.add_argument(
        "--stagger", type=float, default=0.0, help="seconds between session starts (default 0: all at once)"
    )
    parser.add_argument(
        "--serve",
        type=int,
        default=30,
        metavar="N",
        help=(
            "start `euchre-tutor serve --students N` and wait for its pools before the class opens its pages "
            "(default 30; 0: plain Voila on notebooks/ as the browser tests start it)"
        ),
    )
    parser.add_argument(
        "--clients",
        choices=["protocol", "chromium"],
        default=None,
        help=(
            "protocol: students on the wire (the page, its files, the kernel's websocket, the widget states, "
            "the clicks; no rendering), with --chromium-pages of them in Chromium; chromium: every session "
            "in Chromium (default: protocol under --serve, chromium with --serve 0)"
        ),
    )
    parser.add_argument(
        "--chromium-pages",
        type=int,
        default=1,
        metavar="K",
        help="with --clients protocol: how many of the sessions are real Chromium pages (default 1)",
    )
    parser.add_argument(
        "--deals",
        type=int,
        default=1,
        help="deals (Solitaire) or hands (classic) each protocol student plays, one after the other (default 1)",
    )
    parser.add_argument(
        "--refill-delay",
        type=float,
        default=None,
        metavar="SECONDS",
        help="passed to serve: seconds before Voila replaces a kernel a student took (default: serve's)",
    )
    parser.add_argument(
        "--machine-gb",
        type=float,
        default=24.0,
        help="memory of the machine to size a class for (default 24)",
    )
    args = parser.parse_args()
    global STEP_TIMEOUT, QUERY, CPU, SESSIONS, DEALS
    DEALS = max(1, args.deals)
    STEP_TIMEOUT = int(args.step_timeout * 1000)
    class_size = args.serve or 30
    if args.solitaire is None:
        args.solitaire = (
            round(2 * class_size / 3) if args.classic is None else max(0, class_size - args.classic)
        )
    if args.classic is None:
        args.classic = max(0, class_size - args.solitaire)
    clients = args.clients or ("protocol" if args.serve else "chromium")
    chromium_pages = None if clients == "chromium" else max(0, args.chromium_pages)
    chromium = chromium_path()
    if chromium is None and chromium_pages != 0:
        print("no Chromium: run `make chromium` (Debian's chromium) or set CHROMIUM")
        return 1
    source = (
        "tests.widgets.stub:make"
        if args.hints == "stub"
        else "euchre_tutor.games.solitaire.session.advice:advisor_source"
    )
    tmp = Path(tempfile.mkdtemp(prefix="euchre-load-"))
    print(
        f"Voila load: {args.solitaire} Solitaire + {args.classic} classic sessions ("
        f"{'all in Chromium' if chromium_pages is None else f'{chromium_pages} in Chromium, the rest protocol students'}), "
        f"{'all at once' if not args.stagger else f'one every {args.stagger:g} s'}, hints {source}, "
        f"load average {os.getloadavg()[0]:.1f} at start",
        flush=True,
    )
    served: Served | None = None
    if args.serve:
        print(f"starting euchre-tutor serve --students {args.serve} and waiting for its pools...", flush=True)
        served = start_serve(
            tmp, args.serve, {"EUCHRE_TUTOR_HINTS": source}, args.step_timeout, args.refill_delay
        )
        QUERY = f"?token={SERVE_TOKEN}"
        print(f"serve was ready after {served.ready_after:.0f} s", flush=True)
        server: Any = served
    else:
        server = start_voila(tmp, {"EUCHRE_TUTOR_HINTS": source})
    memory = Memory(server.process.pid)
    students: dict[str, list[float]] = {}

    def snapshot() -> None:
        if CPU is not None:
            CPU.mark("every deal played")
        students["rss"] = memory.kernels()
        students["uss"] = memory.kernels(own=True)
        students["server"] = [memory.sample()[0]]

    sampler = threading.Thread(target=memory.run, daemon=True)
    t0 = time.perf_counter()
    loads: list[float] = []
    sessions: list[Session] = []
    try:
        if served is None:
            time.sleep(8)  # let Voila preheat its pools (notebooks/voila.json), as on a server up for a while
        idle_mb, idle_kernels, _ = memory.sample()
        idle_each = memory.kernels(own=True)
        idle_rss = memory.kernels()

        def watch_load() -> None:
            while not memory._stop.is_set():
                loads.append(os.getloadavg()[0])
                memory._stop.wait(5)

        SESSIONS = args.solitaire + args.classic
        CPU = Cpu(server.process.pid)
        CPU.start()
        sampler.start()
        threading.Thread(target=watch_load, daemon=True).start()
        t0 = time.perf_counter()
        sessions = asyncio.run(
            run_sessions(
                chromium or "",
                server.url,
                args.solitaire,
                args.classic,
                args.timeout,
                args.stagger,
                snapshot,
                chromium_pages,
            )
        )
    finally:
        memory.stop()
        wall = time.perf_counter() - t0
        if served is not None:
            stop_serve(served)
        else:
            stop_voila(server)

    log = server.log.read_text(errors="replace")
    iopub = log.count("Timeout waiting for IOPub output")
    failures = [f"{s.app} #{s.number}: {e}" for s in sessions for e in s.errors]
    failures += [
        f"{s.app} #{s.number}: the deal was not finished" for s in sessions if not s.finished and not s.errors
    ]
    print()
    for app in ("solitaire", "classic"):
        for client in ("protocol", "chromium"):
            group = [s for s in sessions if s.app == app and s.client == client]
            if not group:
                continue
            done = sum(s.finished for s in group)
            renders = [s.first_render for s in group if s.first_render is not None]
            clicks = [c for s in group for c in s.clicks]
            page = (
                "GET to the hand's card models received"
                if client == "protocol"
                else "goto to first card visible"
            )
            print(f"{app}, {client}: {len(group)} sessions, {done} finished their deal")
            print("  " + summary(f"first card ({page})", renders, "s"))
            print(
                "  " + summary("server's first byte of the page", [s.commit for s in group if s.commit], "s")
            )
            print("  " + summary("page HTML loaded", [s.html for s in group if s.html], "s"))
            if client == "protocol":
                print("  " + summary("its static files fetched", [s.files for s in group if s.files], "s"))
                print(
                    "  "
                    + summary("kernel info over the websocket", [s.kernel for s in group if s.kernel], "s")
                )
            print("  first cards in order: " + ", ".join(f"{t:.1f}" for t in sorted(renders)) + " s")
            print("  " + summary("click to update", clicks, "ms"))
            print(
                f"  session time: median {statistics.median([s.elapsed for s in group]):.1f} s, "
                f"max {max(s.elapsed for s in group):.1f} s"
            )
    for client in ("protocol", "chromium"):
        group = [s for s in sessions if s.client == client]
        if group:
            renders = [s.first_render for s in group if s.first_render is not None]
            print(summary(f"first card, every {client} session", renders, "s"))
            print(
                summary(
                    f"click to update, every {client} session", [c for s in group for c in s.clicks], "ms"
                )
            )
    if CPU is not None:
        chromium_pages = sum(s.client == "chromium" for s in sessions)
        protocol_students = len(sessions) - chromium_pages
        for name, (wall, server_cpu, browser_cpu, protocol_cpu) in CPU.marks.items():
            print(
                f"CPU until {name} ({wall:.0f} s after the burst began): server {server_cpu:.1f} CPU-s "
                f"({server_cpu / len(sessions):.1f} per student); Chromium {browser_cpu:.1f} CPU-s for "
                f"{chromium_pages} page(s) ({browser_cpu / max(1, chromium_pages):.1f} per page); protocol "
                f"students {protocol_cpu:.1f} CPU-s for {protocol_students} "
                f"({protocol_cpu / max(1, protocol_students):.2f} each); on 2 idle cores the server's part "
                f"alone takes {server_cpu / 2:.0f} s"
            )
            parts = CPU.parts.get(name, {})
            print(
                "  the server's part: "
                + ", ".join(
                    f"{role} {parts[role]:.1f}"
                    for role in ("Voila", "kernels", "workers", "serve")
                    if role in parts
                )
                + " CPU-s"
            )
    print(
        f"server memory (Voila + kernels + analysis workers): idle preheated {idle_mb:.0f} MB "
        f"({idle_kernels} kernels); peak {memory.peak_mb:.0f} MB over {memory.peak_processes} "
        f"processes, at most {memory.peak_kernels} kernels ({memory.samples} samples)"
    )
    if students.get("uss"):
        rss, uss = students["rss"], students["uss"]
        in_use = sorted(uss)[-len(sessions) :]  # the largest: the kernels the pages used, not the idle pools
        per = statistics.median(in_use)
        print(
            f"memory per kernel with its workers when every page has played its deal ({len(uss)} kernels, "
            f"pools included): USS median {statistics.median(uss):.0f} MB, max {max(uss):.0f} MB; "
            f"RSS median {statistics.median(rss):.0f} MB, max {max(rss):.0f} MB"
        )
        if idle_each:
            print(
                f"an idle pooled kernel before the class (USS): median {statistics.median(idle_each):.0f} MB"
            )
        print(
            f"memory per student (the {len(in_use)} largest kernels, the ones the pages played with, USS): "
            f"median {per:.0f} MB, max {max(in_use):.0f} MB"
        )
        if args.serve:
            pooled = statistics.median(idle_each) if idle_each else per
            tables = 2
            # a student's kernel in use, and the pools refilled behind the class: one kernel per table each
            student_mb = per + tables * pooled
            server_mb = max(0.0, idle_mb - sum(idle_rss))
            holds = int((args.machine_gb * 1024 - server_mb) // student_mb)
            print(
                f"one {args.machine_gb:g} GB machine at these figures: each student costs {student_mb:.0f} MB "
                f"(their kernel {per:.0f} MB + a refilled kernel in each table's pool, {tables} x {pooled:.0f} MB), "
                f"the server itself {server_mb:.0f} MB: its memory holds about {holds} students; on 2 cores the "
                f"processor limits first (the first-card and click figures above are for {len(sessions)})"
            )
    blocked = sum(s.blocked for s in sessions)
    print(f"requests to other hosts aborted (loopback only): {blocked}")
    if loads:
        print(f"load average during the run: {min(loads):.1f}-{max(loads):.1f}; wall time {wall:.0f} s")
    print(
        f"Voila log: {iopub} 'Timeout waiting for IOPub output' (a notebook cell's output dropped after "
        f"VoilaExecutor.iopub_timeout, notebooks/voila.json; the page then shows no app)"
    )
    print(f"failures: {len(failures)}")
    for f in failures[:30]:
        print(f"  FAILURE {f}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
