"""Load on the table service: protocol clients at shared tables playing whole matches at once, beside
one real Chromium page.

Starts the service as its own process (a fresh database), seats ``--tables`` x 4 players (no computer
players): protocol clients, each playing its seat's last legal action on its turn, and, at the first
table, one seat played by a real Chromium page (Voila's shared-table page, by clicks: the last bid shown
or the first playable card). Measures, for every accepted action, the time from the act sent (or the
page's click) to the moment every seat of the table has the view of that version (at the first table,
the page included: its drawn table carries the version, ``data-version``); the actions lost (an
accepted action missing from the log); and the service's memory per table (resident set size after the
run, less before any table, per table). The first table's figures are also given alone
(``page_table_*``). Writes its run to a file of its own in ``artifacts/`` and prints its figures.

    python benchmarks/table_service_load.py --tables 10 --target 10 [--no-browser]
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
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from euchre_tutor.protocol.client import TableClient  # noqa: E402
from euchre_tutor.service.process import spawn_service  # noqa: E402
from euchre_tutor.service.store import Store  # noqa: E402
from euchre_tutor.session.shared_table import TABLES_TOKEN_ENV, TABLES_URL_ENV  # noqa: E402
from tests.browser.conftest import (  # noqa: E402
    CHROMIUM_ARGS,
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


class PageSeat:
    """One seat of a table played by a real Chromium page (the shared table's Voila page), by clicks.

    ``version`` waits until the page draws a version of the table (``data-version`` of its drawn table);
    ``act`` clicks a bid (the last shown) or the first playable card."""

    def __init__(self, page: Any, seat: str) -> None:
        self.page = page
        self.seat = seat

    async def drawn(self, version: int) -> None:
        await self.page.wait_for_function(
            "(v) => { const t = document.querySelector('.ec-table[data-version]');"
            " return !!t && +t.dataset.version >= v; }",
            arg=version,
            timeout=60_000,
        )

    async def act(self, version: int) -> None:
        await self.drawn(version)
        await self.page.wait_for_function(
            "() => document.querySelectorAll('.euchre-bid, .euchre-card.playable').length > 0", timeout=60_000
        )
        bids = self.page.locator(".euchre-bid")
        if await bids.count():
            await bids.last.click()
        else:
            await self.page.locator(".euchre-card.playable").first.click()


async def _table(
    url: str,
    index: int,
    target: int,
    latencies: list[float],
    accepted: dict[str, int],
    page: Any = None,
    page_latencies: list[float] | None = None,
) -> str:
    """One table's whole match. With ``page`` (a Chromium page opener: ``await page(table, seat)``), its
    last seat is that page's, played by clicks, and every action of this table counts as seen when the
    page draws it too; those latencies also go to ``page_latencies``."""
    owner = await TableClient.connect(url, TOKEN, f"t{index}p0")
    created = await owner.request(
        {"type": "create", "game": "classic", "seed": index, "rules": {"target": target}}
    )
    tid = created["table"]["id"]
    seats = [s["seat"] for s in created["table"]["seats"]]
    browser_seat: PageSeat | None = None
    if page is not None:
        browser_seat = await page(tid, seats[-1])
    clients_seats = seats[:-1] if browser_seat is not None else seats
    clients = [owner] + [
        await TableClient.connect(url, TOKEN, f"t{index}p{i}") for i in range(1, len(clients_seats))
    ]
    latest: dict[str, dict[str, Any]] = {}
    seen: dict[str, asyncio.Event] = {s: asyncio.Event() for s in clients_seats}
    for seat, c in zip(clients_seats, clients, strict=True):

        def got(m: dict[str, Any], seat: str = seat) -> None:
            if m.get("type") == "view":
                latest[seat] = m
                seen[seat].set()

        await c.request({"type": "sit", "table": tid, "seat": seat})
        c.on_message = got
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
        if browser_seat is not None and turn == browser_seat.seat:
            await browser_seat.drawn(top)
            sent = time.perf_counter()
            await browser_seat.act(top)
            version = top + 1
        else:
            mine = latest[turn]
            if mine["version"] != top or not mine["view"]["legal"]:
                await asyncio.sleep(0.005)
                continue
            sent = time.perf_counter()
            reply = await by_seat[turn].request(
                {"type": "act", "table": tid, "action": mine["view"]["legal"][-1], "version": top}
            )
            version = reply["version"]
        await everyone_has(version)
        accepted[tid] = max(accepted.get(tid, 0), version)
        latencies.append(time.perf_counter() - sent)
        if browser_seat is not None and page_latencies is not None:
            page_latencies.append(latencies[-1])
        await asyncio.sleep(0.02)  # a (very fast) person's pace, under the rate limit
    for c in clients:
        await c.close()
    return tid


def _ms(values: list[float]) -> dict[str, float | None]:
    if not values:
        return {"median_ms": None, "p99_ms": None, "max_ms": None}
    v = sorted(values)
    return {
        "median_ms": round(1000 * statistics.median(v), 1),
        "p99_ms": round(1000 * v[min(len(v) - 1, int(0.99 * len(v)))], 1),
        "max_ms": round(1000 * v[-1], 1),
    }


@contextlib.asynccontextmanager
async def _chromium_page(url: str, tmp: Path) -> AsyncIterator[Any]:
    """Voila on the shared table's page (the service's address in its kernels' environment) and one
    Chromium page: yields ``open(table, seat)``, which opens the page at that seat and waits for it."""
    from playwright.async_api import async_playwright

    chromium = chromium_path()
    if chromium is None:
        raise SystemExit(HOW_TO_GET_CHROMIUM + " (or run with --no-browser)")
    env = {TABLES_URL_ENV: url, TABLES_TOKEN_ENV: TOKEN}
    with voila_on(tmp, ("shared-table.ipynb",), env) as voila:
        async with async_playwright() as pw:
            browser = await pw.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
            try:
                context = await browser.new_context(viewport={"width": 1280, "height": 900})
                context.set_default_timeout(PAGE_TIMEOUT)

                async def open_seat(table: str, seat: str) -> PageSeat:
                    page = await context.new_page()
                    await page.goto(
                        f"{voila.url}/voila/render/shared-table.ipynb?table={table}&name=Page&seat={seat}"
                    )
                    await page.locator(".et-shared-table").wait_for()
                    return PageSeat(page, seat)

                yield open_seat
            finally:
                await browser.close()


async def _run(args: argparse.Namespace, db: Path) -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    running = spawn_service(db, token=TOKEN, extra=["--allow-seed"], env=env, stdout=subprocess.PIPE)
    proc = running.proc
    try:
        base = _rss_kib(proc.pid)
        url = running.url
        latencies: list[float] = []
        page_latencies: list[float] = []
        accepted: dict[str, int] = {}
        async with contextlib.AsyncExitStack() as stack:
            page = None
            if args.browser:
                page = await stack.enter_async_context(_chromium_page(url, db.parent))
            started = time.perf_counter()
            tids = await asyncio.gather(
                *(
                    _table(
                        url,
                        i,
                        args.target,
                        latencies,
                        accepted,
                        page if i == 0 else None,
                        page_latencies if i == 0 else None,
                    )
                    for i in range(args.tables)
                )
            )
            wall = time.perf_counter() - started
        rss = _rss_kib(proc.pid)
    finally:
        running.stop()
    store = Store(db)
    logged = {t: len(store.table(t).actions) for t in tids}  # type: ignore[union-attr]
    lost = sum(max(0, accepted.get(t, 0) - logged[t]) for t in tids)
    return {
        "tables": args.tables,
        "clients": args.tables * 4 - (1 if args.browser else 0),
        "chromium_pages": 1 if args.browser else 0,
        "target": args.target,
        "actions": len(latencies),
        **_ms(latencies),
        "page_table_actions": len(page_latencies),
        **{f"page_table_{k}": v for k, v in _ms(page_latencies).items()},
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
