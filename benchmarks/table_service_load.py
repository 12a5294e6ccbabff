"""Load on the table service: protocol clients at shared tables playing whole matches at once, beside
one real Chromium page.

Starts the service as its own process (a fresh database), seats ``--tables`` x 4 players (no computer
players): protocol clients, each playing its seat's last legal action on its turn, and, at the first
table, one seat played by a real Chromium page (Voila's shared-table page, by clicks: the last bid shown
or the first playable card). Measures, for every accepted action, the time from the act sent (or the
page's click) to the moment every seat of the table has the view of that version (at the first table,
the page included: its drawn table carries the version, ``data-version``); the actions per second
(from the first act to the last one seen); the actions lost (an accepted action missing from the log);
and the service's memory per table (resident set size after the run, less before any table, per
table). The first table's figures are also given alone (``page_table_*``): on the page's own clock (it
records its clicks, the kernel's frames and its drawn table, :data:`PAGE_TRACE`), with where their time
goes (``page_table_stages_ms``), and as the driver sees them (``page_table_driver_*``: its waits before
a click and its noticing a drawn table included). Voila runs with the package's no-delay connection
(:mod:`euchre_tutor.kernel_socket`), as every Voila the package starts; ``--page-delay`` runs it without,
to compare. Writes its run to a file of its own in ``artifacts/`` and prints its figures.

    python benchmarks/table_service_load.py --tables 10 --target 10 [--no-browser] [--page-delay]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from euchre_tutor.kernel_socket import VOILA_OPTIONS  # noqa: E402
from euchre_tutor.protocol.client import TableClient  # noqa: E402
from euchre_tutor.service.process import spawn_service  # noqa: E402
from euchre_tutor.service.store import Store  # noqa: E402
from euchre_tutor.session.shared_table import TABLES_TOKEN_ENV, TABLES_URL_ENV  # noqa: E402
from tests.browser.conftest import (  # noqa: E402
    BROWSER_ARGS,
    HOW_TO_GET_CHROMIUM,
    PAGE_TIMEOUT,
    chromium_path,
    voila_on,
)

TOKEN = "load-token"


def _rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


#: what the page records for the benchmark (an init script, before the page's own code): when each click
#: that acts happens, when each kernel frame naming a drawn table's version arrives, and when the page first draws
#: each version, on the computer's clock (milliseconds since the epoch, as ``time.time()``); a version
#: drawn is also told to the driver (``__tableDrawn``, when the driver gave one), so it need not poll
PAGE_TRACE = """
(() => {
  const now = () => performance.timeOrigin + performance.now();
  const trace = { clicks: [], frames: {}, drawn: {} };
  window.__tableTrace = trace;
  // an action's click (Next hand, which acts at no table, is not one)
  document.addEventListener('click', (e) => {
    if (!(e.target instanceof Element && e.target.closest('.et-next'))) trace.clicks.push(now());
  }, true);
  const decoder = new TextDecoder();
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (event) => {
        const t = now();
        const text = typeof event.data === 'string' ? event.data
          : event.data instanceof ArrayBuffer ? decoder.decode(event.data) : '';
        for (const m of text.matchAll(/data-version=\\\\?"(\\d+)/g)) {
          if (!(m[1] in trace.frames)) trace.frames[m[1]] = t;
        }
      });
    }
  };
  const seen = () => {
    const table = document.querySelector('.ec-table[data-version]');
    if (table && !(table.dataset.version in trace.drawn)) {
      trace.drawn[table.dataset.version] = now();
      if (window.__tableDrawn) window.__tableDrawn(+table.dataset.version);
    }
  };
  new MutationObserver(seen).observe(document, {subtree: true, childList: true, attributes: true,
                                                 attributeFilter: ['data-version']});
})();
"""


class PageSeat:
    """One seat of a table played by a real Chromium page (the shared table's Voila page), by clicks.

        ``drawn`` waits until the page draws a version of the table (``data-version`` of its drawn table):
        told by the page (:meth:`tell`, given to the page as ``__tableDrawn``), or with ``poll`` by asking
        the page at each of its animation frames (Playwright's own wait, which keeps the page drawing
        frames); ``act`` clicks a bid (the last shown) or the first playable card (after Next hand, when the
    page still shows the hand just played); ``trace`` is what the
        page recorded (:data:`PAGE_TRACE`)."""

    def __init__(self, page: Any, seat: str, poll: bool = False) -> None:
        self.page = page
        self.seat = seat
        self.poll = poll
        self.version = -1
        self._news = asyncio.Event()

    def tell(self, version: int) -> None:
        """The page drew ``version``."""
        self.version = max(self.version, version)
        self._news.set()

    async def drawn(self, version: int) -> None:
        if self.poll:
            await self.page.wait_for_function(
                "(v) => { const t = document.querySelector('.ec-table[data-version]');"
                " return !!t && +t.dataset.version >= v; }",
                arg=version,
                timeout=60_000,
            )
            return
        async with asyncio.timeout(60):
            while self.version < version:
                self._news.clear()
                await self._news.wait()

    async def act(self, version: int) -> None:
        await self.drawn(version)
        if await self.page.locator(".et-handend .et-next").is_visible():
            # the hand just played is kept on the page until the student moves on: Next hand, as a student
            await self.page.locator(".et-handend .et-next").click()
        await self.page.wait_for_function(
            "() => document.querySelectorAll('.euchre-bid, .euchre-card.playable').length > 0", timeout=60_000
        )
        bids = self.page.locator(".euchre-bid")
        if await bids.count():
            await bids.last.click()
        else:
            await self.page.locator(".euchre-card.playable").first.click()

    async def trace(self) -> dict[str, Any]:
        return dict(await self.page.evaluate("() => window.__tableTrace"))


@dataclass
class PageLog:
    """The page's table: each action (its version, whether the page made it, when it was sent and when
    the benchmark noticed every seat had it, when the protocol clients had it, all ``time.time()``) and
    what the page recorded (:data:`PAGE_TRACE`)."""

    actions: list[dict[str, Any]] = field(default_factory=list)
    trace: dict[str, Any] = field(default_factory=dict)

    def add(self, version: int, by_page: bool, sent: float) -> None:
        """An action every seat has now (``sent``: when it was sent or clicked, ``time.time()``)."""
        self.actions.append({"version": version, "by_page": by_page, "sent": sent, "noticed": time.time()})

    def finish(self, trace: dict[str, Any], arrived: dict[int, dict[str, float]], clients: int) -> None:
        """The page's ``trace``, and when each action's view had come to all ``clients`` (``arrived``:
        version -> seat -> when, as :func:`_sit` keeps it)."""
        self.trace = trace
        for record in self.actions:
            came = arrived.get(record["version"], {})
            record["clients"] = max(came.values()) if len(came) == clients else record["noticed"]


def _first_at_or_after(times: dict[str, float], version: int) -> float | None:
    """When the page first had ``version`` or a later one (``times``: version -> milliseconds), in s."""
    later = [t for v, t in times.items() if int(v) >= version]
    return min(later) / 1000 if later else None


def _page_figures(log: PageLog) -> tuple[list[float], dict[str, Any]]:
    """The page's table's latencies on the page's own clock, and where their time goes.

    An action starts at its act: the page's click (not the driver's waits before it) or a protocol
    client's send; it is seen when every client has it and the page has drawn it (its drawn table's
    ``data-version``). The stages: the driver's work before a click; a click to the clients' views
    (the page's socket, Voila, the kernel, the service); the clients' views to the page's first frame
    naming the version (the kernel's view and redraw, its messages through Voila to the page); that
    frame to the drawn table (the page's widgets); the drawn table to the driver noticing it."""
    clicks = [t / 1000 for t in log.trace.get("clicks", [])]
    page_acts = [r for r in log.actions if r["by_page"]]
    click_of = dict(zip((id(r) for r in page_acts), clicks, strict=False))
    latencies: list[float] = []
    stages: dict[str, list[float]] = {
        "driver_before_click": [],
        "click_to_clients": [],
        "clients_to_page_frame": [],
        "page_frame_to_drawn": [],
        "drawn_to_driver": [],
    }
    driver: list[float] = []
    for r in log.actions:
        frame = _first_at_or_after(log.trace.get("frames", {}), r["version"])
        drawn = _first_at_or_after(log.trace.get("drawn", {}), r["version"])
        start = click_of.get(id(r), r["sent"])
        driver.append(r["noticed"] - r["sent"])
        if drawn is None:
            latencies.append(r["noticed"] - r["sent"])
            continue
        latencies.append(max(r["clients"], drawn) - start)
        if r["by_page"] and id(r) in click_of:
            stages["driver_before_click"].append(start - r["sent"])
            stages["click_to_clients"].append(r["clients"] - start)
        if frame is not None:
            stages["clients_to_page_frame"].append(frame - r["clients"])
            stages["page_frame_to_drawn"].append(drawn - frame)
        stages["drawn_to_driver"].append(r["noticed"] - drawn)
    figures: dict[str, Any] = {
        "page_table_actions": len(log.actions),
        "page_table_by_page": len(page_acts),
        **{f"page_table_{k}": v for k, v in _ms(latencies).items()},
        **{f"page_table_driver_{k}": v for k, v in _ms(driver).items()},
        "page_table_stages_ms": {name: _ms(values, signed=True) for name, values in stages.items()},
    }
    return latencies, figures


async def _sit(
    tid: str, seats: list[str], clients: list[TableClient]
) -> tuple[dict[str, dict[str, Any]], dict[str, asyncio.Event], dict[int, dict[str, float]]]:
    """Sit each client at its seat of table ``tid``; returns what their views tell, kept as they come:
    each seat's latest view, an event set when one comes, and version -> seat -> when it came
    (``time.time()``)."""
    latest: dict[str, dict[str, Any]] = {}
    seen: dict[str, asyncio.Event] = {s: asyncio.Event() for s in seats}
    arrived: dict[int, dict[str, float]] = {}
    for seat, c in zip(seats, clients, strict=True):

        def got(m: dict[str, Any], seat: str = seat) -> None:
            if m.get("type") == "view":
                arrived.setdefault(m["version"], {}).setdefault(seat, time.time())
                latest[seat] = m
                seen[seat].set()

        await c.request({"type": "sit", "table": tid, "seat": seat})
        c.on_message = got
    return latest, seen, arrived


async def _table(
    url: str,
    index: int,
    target: int,
    latencies: list[float],
    accepted: dict[str, int],
    page: Any = None,
    page_log: PageLog | None = None,
    span: list[float] | None = None,
) -> str:
    """One table's whole match. With ``page`` (a Chromium page opener: ``await page(table, seat)``), its
    last seat is that page's, played by clicks, and every action of this table counts as seen when the
    page draws it too; those actions go to ``page_log`` (with what the page recorded, at the match's
    end) rather than to ``latencies``: their figures are the page's own clock's (:func:`_page_figures`).
    ``span`` (``[first, last]``, ``time.perf_counter()``) is widened to this table's first act and the
    moment every seat had its last one: the actions' throughput is over that span."""
    owner = await TableClient.connect(url, TOKEN, f"t{index}p0")
    created = await owner.request(
        {"type": "create", "game": "classic", "seed": index, "rules": {"target": target}}
    )
    tid = str(created["table"]["id"])
    seats = [s["seat"] for s in created["table"]["seats"]]
    browser_seat: PageSeat | None = None
    if page is not None:
        browser_seat = await page(tid, seats[-1])
    clients_seats = seats[:-1] if browser_seat is not None else seats
    clients = [owner] + [
        await TableClient.connect(url, TOKEN, f"t{index}p{i}") for i in range(1, len(clients_seats))
    ]
    latest, seen, arrived = await _sit(tid, clients_seats, clients)
    if browser_seat is not None:
        # the page sat down when it opened: start once it shows every seat taken
        await browser_seat.page.wait_for_function(
            "(n) => document.querySelectorAll('.et-shared-seats .st.on').length === n", arg=len(seats)
        )
    await owner.request({"type": "start", "table": tid})
    by_seat = dict(zip(clients_seats, clients, strict=True))

    async def everyone_has(version: int) -> None:
        # wait for a seat still behind to hear something: its event is cleared when it is found behind
        # (no await in between, so no view slips past), and a seat whose view came already is never
        # waited for (that wait would last the whole timeout)
        while behind := [s for s in clients_seats if latest[s]["version"] < version]:
            for s in behind:
                seen[s].clear()
            waits = [asyncio.ensure_future(seen[s].wait()) for s in behind]
            await asyncio.wait(waits, timeout=5, return_when=asyncio.FIRST_COMPLETED)
            for w in waits:
                w.cancel()
        if browser_seat is not None:
            await browser_seat.drawn(version)

    while True:
        await asyncio.sleep(0)
        views = [latest.get(s) for s in clients_seats]
        if any(v is None for v in views):
            await asyncio.sleep(0.01)
            continue
        top = max(v["version"] for v in views if v)
        current = [v for v in views if v and v["version"] == top]
        if current[0]["over"]:
            break
        turn = current[0]["turn"]
        for e in seen.values():
            e.clear()
        by_page = browser_seat is not None and turn == browser_seat.seat
        if browser_seat is not None and by_page:  # (said twice for the type checker)
            await browser_seat.drawn(top)
            sent = time.perf_counter()
            sent_at = time.time()
            await browser_seat.act(top)
            version = top + 1
        else:
            mine = latest[turn]
            if mine["version"] != top or not (mine["view"] or {}).get("legal"):  # no view before the start
                await asyncio.sleep(0.005)
                continue
            sent = time.perf_counter()
            sent_at = time.time()
            reply = await by_seat[turn].request(
                {"type": "act", "table": tid, "action": mine["view"]["legal"][-1], "version": top}
            )
            version = reply["version"]
        await everyone_has(version)
        accepted[tid] = max(accepted.get(tid, 0), version)
        if span is not None:
            span[:] = [min(span[0], sent), max(span[1], time.perf_counter())]
        if browser_seat is not None and page_log is not None:
            page_log.add(version, by_page, sent_at)
        else:
            latencies.append(time.perf_counter() - sent)
        await asyncio.sleep(0.02)  # a (very fast) person's pace, under the rate limit
    if browser_seat is not None and page_log is not None:
        page_log.finish(await browser_seat.trace(), arrived, len(clients_seats))
    for c in clients:
        await c.close()
    return tid


def _ms(values: list[float], signed: bool = False) -> dict[str, float | None]:
    """Median, p99 and worst in milliseconds (``signed``: also the least, for a stage between two
    clocks' readings that may come in either order)."""
    if not values:
        return {"median_ms": None, "p99_ms": None, "max_ms": None}
    v = sorted(values)
    if signed:
        return {"min_ms": round(1000 * v[0], 1), **_ms(values)}
    return {
        "median_ms": round(1000 * statistics.median(v), 1),
        "p99_ms": round(1000 * v[min(len(v) - 1, int(0.99 * len(v)))], 1),
        "max_ms": round(1000 * v[-1], 1),
    }


@contextlib.asynccontextmanager
async def _chromium_page(
    url: str, tmp: Path, voila_options: Sequence[str], poll: bool = False
) -> AsyncIterator[Any]:
    """Voila on the shared table's page (the service's address in its kernels' environment; its options
    ``voila_options``) and one Chromium page: yields ``open(table, seat)``, which opens the page at that
    seat and waits for it (``poll``: :class:`PageSeat`'s)."""
    from playwright.async_api import async_playwright

    chromium = chromium_path()
    if chromium is None:
        raise SystemExit(HOW_TO_GET_CHROMIUM + " (or run with --no-browser)")
    env = {TABLES_URL_ENV: url, TABLES_TOKEN_ENV: TOKEN}
    with voila_on(tmp, ("shared-table.ipynb",), env, voila_options) as voila:
        async with async_playwright() as pw:
            browser = await pw.chromium.launch(executable_path=chromium, args=BROWSER_ARGS)
            try:
                context = await browser.new_context(viewport={"width": 1280, "height": 900})
                context.set_default_timeout(PAGE_TIMEOUT)
                await context.add_init_script(PAGE_TRACE)

                async def open_seat(table: str, seat: str) -> PageSeat:
                    page = await context.new_page()
                    played = PageSeat(page, seat, poll)
                    if not poll:
                        await page.expose_function("__tableDrawn", played.tell)
                    await page.goto(
                        f"{voila.url}/voila/render/shared-table.ipynb?table={table}&name=Page&seat={seat}"
                    )
                    await page.locator(".et-shared-table").wait_for()
                    return played

                yield open_seat
            finally:
                await browser.close()


def _cpu_by_role(service: int) -> dict[str, float]:
    """CPU seconds so far (user and system) of this benchmark's processes, by role: this process (the
    protocol clients and the driver's Python side), the service, the browser driver, Chromium (by its
    processes' kinds: the browser, the renderer, the GPU process), Voila's server and the page's kernel
    (with the worker processes it starts)."""
    import psutil

    me = psutil.Process()
    roles: dict[str, float] = {}

    def add(role: str, proc: psutil.Process) -> None:
        with contextlib.suppress(psutil.Error):
            roles[role] = roles.get(role, 0.0) + sum(proc.cpu_times()[:2])

    add("benchmark", me)
    for child in me.children(recursive=True):
        with contextlib.suppress(psutil.Error):
            line = " ".join(child.cmdline())
            if child.pid == service:
                add("service", child)
            elif "chrom" in child.name():
                kind = next((a[7:] for a in child.cmdline() if a.startswith("--type=")), "browser")
                add(f"chromium_{kind.replace('-', '_')}", child)
            elif "-m voila" in line:
                add("voila_server", child)
            elif "ipykernel" in line or any("ipykernel" in " ".join(a.cmdline()) for a in child.parents()):
                add("page_kernel", child)
            else:
                add("driver" if "node" in child.name() or "playwright" in line else "other", child)
    return roles


async def _sample_cpu(service: int, samples: list[tuple[float, dict[str, float]]]) -> None:
    """Every half second, :func:`_cpu_by_role` with its ``time.perf_counter()``, until cancelled."""
    while True:
        samples.append((time.perf_counter(), _cpu_by_role(service)))
        await asyncio.sleep(0.5)


def _cpu_over(samples: list[tuple[float, dict[str, float]]], span: list[float]) -> dict[str, Any]:
    """Cores used by each role over the samples inside ``span`` (the actions' span), and in all."""
    inside = [s for s in samples if span[0] <= s[0] <= span[1]]
    if len(inside) < 2:
        return {}
    (t0, first), (t1, last) = inside[0], inside[-1]
    used = {role: round((last.get(role, 0.0) - first.get(role, 0.0)) / (t1 - t0), 2) for role in last}
    return {**used, "all": round(sum(used.values()), 2)}


async def _run(args: argparse.Namespace, db: Path) -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    running = spawn_service(db, token=TOKEN, extra=["--allow-seed"], env=env, stdout=subprocess.PIPE)
    proc = running.proc
    try:
        base = _rss_kib(proc.pid)
        url = running.url
        latencies: list[float] = []
        page_log = PageLog()
        span = [float("inf"), float("-inf")]
        accepted: dict[str, int] = {}
        async with contextlib.AsyncExitStack() as stack:
            page = None
            if args.browser:
                options = () if args.page_delay else VOILA_OPTIONS
                page = await stack.enter_async_context(
                    _chromium_page(url, db.parent, options, args.poll_page)
                )
            started = time.perf_counter()
            samples: list[tuple[float, dict[str, float]]] = []
            sampler = asyncio.ensure_future(_sample_cpu(proc.pid, samples))
            tids = await asyncio.gather(
                *(
                    _table(
                        url,
                        i,
                        args.target,
                        latencies,
                        accepted,
                        page if i == 0 else None,
                        page_log if i == 0 else None,
                        span,
                    )
                    for i in range(args.tables)
                )
            )
            wall = time.perf_counter() - started
            sampler.cancel()
        rss = _rss_kib(proc.pid)
    finally:
        running.stop()
    store = Store(db)
    logged = {t: len(store.table(t).actions) for t in tids}  # type: ignore[union-attr]
    lost = sum(max(0, accepted.get(t, 0) - logged[t]) for t in tids)
    page_latencies, page_figures = _page_figures(page_log) if args.browser else ([], {})
    latencies += page_latencies
    return {
        "tables": args.tables,
        "clients": args.tables * 4 - (1 if args.browser else 0),
        "chromium_pages": 1 if args.browser else 0,
        "page_socket": ("nagle" if args.page_delay else "no-delay") if args.browser else None,
        "page_driver": ("polls" if args.poll_page else "told") if args.browser else None,
        "target": args.target,
        "actions": len(latencies),
        **_ms(latencies),
        "actions_per_s": round(len(latencies) / (span[1] - span[0]), 1),
        "cores_used": _cpu_over(samples, span),
        **page_figures,
        "actions_lost": lost,
        "memory_per_table_kib": round((rss - base) / args.tables),
        "service_rss_kib": rss,
        "wall_s": round(wall, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--target", type=int, default=10, help="each match's target score")
    parser.add_argument(
        "--no-browser",
        dest="browser",
        action="store_false",
        help="no Chromium page (protocol clients only, 4 per table)",
    )
    parser.add_argument(
        "--page-delay",
        action="store_true",
        help="Voila without the package's no-delay connection (Nagle's algorithm on the page's socket, "
        "as Voila has it alone): to compare",
    )
    parser.add_argument(
        "--poll-page",
        action="store_true",
        help="the driver asks the page at each animation frame whether it drew a version (as before the "
        "page told it), rather than being told",
    )
    parser.add_argument("--out", default=None, help="where the run goes (default: a new file in artifacts/)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        result = asyncio.run(_run(args, Path(tmp) / "tables.db"))
    stamp = time.strftime("%Y%m%d-%H%M%S")
    out = Path(args.out) if args.out else ROOT / "artifacts" / f"table_service_load-{stamp}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=1) + "\n")
    for key, value in result.items():
        print(f"{key}: {value}")
    print(f"written to {out}")


if __name__ == "__main__":
    main()
