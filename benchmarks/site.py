"""Static-site benchmark: the tutor running in Chromium on Pyodide, served by a plain static file server.

Prints the site's size (and its largest parts), the time to the first card of the Solitaire table cold
(a fresh browser profile: every file fetched and compiled) and warm (the same profile again: the
browser's cache holds the files), the Solitaire hint for a fresh deal (from the click on New game to
the exact hint shown, computed in the page's kernel) and the classic hint at 200 sampled deals (from
the click on New match to the hint shown). Each hint is checked against the advisor run here.

Targets (issue 24): first card <= 20 s cold, <= 8 s warm; Solitaire hint <= 5 s median; classic hint
<= 2 s median. Every figure is printed with the 1-minute load average: the machine is shared.

    python benchmarks/site.py [--loads 2] [--hints 3] [--classic-hints 3] [--site artifacts/site]

Each first card is split at the moment the page's Python starts the notebook (the kernel's console
says so): before it, Pyodide boots and loads the kernel's packages; after it, the tutor is imported, the
table built and drawn. ``--site`` measures another build (e.g. an older one, for a before/after).

The site is built first (``make site``) if it is missing.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import http.server
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from euchre_tutor.games.classic.advisor import dd  # noqa: E402
from euchre_tutor.games.solitaire.session.advice import AdvisorSource  # noqa: E402
from euchre_tutor.games.solitaire.session.controller import SolitaireController  # noqa: E402
from euchre_tutor.games.solitaire.session.tutor import SolitaireTutor  # noqa: E402
from euchre_tutor.widgets import ClassicApp  # noqa: E402
from euchre_tutor.widgets.render import signed  # noqa: E402
from tests.browser.conftest import BROWSER_ARGS, chromium_path  # noqa: E402

SITE = ROOT / "artifacts" / "site"
TIMEOUT = 600_000  # ms: a figure, however slow, is better than none


def load() -> str:
    return f"load {os.getloadavg()[0]:.1f}"


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextlib.contextmanager
def serve(site: Path) -> Iterator[str]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def size_report(site: Path) -> None:
    files = [p for p in site.rglob("*") if p.is_file()]
    total = sum(p.stat().st_size for p in files)
    print(f"site: {total / 1e6:.1f} MB in {len(files)} files")
    parts: dict[str, int] = {}
    for p in files:
        rel = p.relative_to(site).parts
        key = "/".join(rel[:2]) if len(rel) > 2 else rel[0]
        parts[key] = parts.get(key, 0) + p.stat().st_size
    for key, size in sorted(parts.items(), key=lambda kv: -kv[1])[:6]:
        print(f"  {key}: {size / 1e6:.1f} MB")


def first_card(context: Any, url: str) -> tuple[Any, float]:
    page = context.new_page()
    page.set_default_timeout(TIMEOUT)
    kernel: list[float] = []

    def on_console(message: Any) -> None:
        # the kernel checks the notebook's imports just before it runs its first cell
        if not kernel and ("No new packages to load" in message.text or "already loaded" in message.text):
            kernel.append(time.perf_counter() - started)

    page.on("console", on_console)
    started = time.perf_counter()
    page.goto(url + "/voici/render/solitaire.html")
    page.locator(".euchre-card").first.wait_for()
    seconds = time.perf_counter() - started
    if kernel:
        print(
            f"  (Python ready for the notebook at {kernel[0]:.1f} s, then {seconds - kernel[0]:.1f} s to the card)"
        )
    return page, seconds


def solitaire_hints(page: Any, seeds: list[int]) -> list[float]:
    page.get_by_role("button", name="Show hint").click()
    page.locator(".euchre-hint").get_by_text("Best:").wait_for()
    times = []
    for seed in seeds:
        exact = SolitaireTutor(
            SolitaireController(seed), source=AdvisorSource(), runner="inline"
        ).current_hint
        assert exact is not None
        want = f"Best: {exact.best.label} · expected points {signed(exact.best.ev)}"
        page.locator(".et-seed input").fill(str(seed))
        started = time.perf_counter()
        page.get_by_role("button", name="New game").click()
        page.wait_for_function(
            "(want) => document.querySelector('.euchre-hint').innerText.replace(/\\s+/g, ' ').includes(want)",
            arg=want,
            timeout=TIMEOUT,
        )
        times.append(time.perf_counter() - started)
        print(f"  Solitaire hint, seed {seed}: {times[-1]:.2f} s ({load()})", flush=True)
    return times


# the count of the student's turns the classic table's panel has spoken of (its invisible et-hint-turn
# marker; 0 before any): a new match's first turn is a higher count
TURN_JS = "() => Number(document.querySelector('.et-hint-turn')?.dataset.turn ?? 0)"


def classic_hints(context: Any, url: str, seeds: list[int]) -> list[float]:
    page = context.new_page()
    page.set_default_timeout(TIMEOUT)
    page.goto(url + "/voici/render/classic.html")
    page.locator(".euchre-card").first.wait_for()
    page.locator(".et-hint-toggle").click()
    page.locator(".ec-best").wait_for()
    times = []
    for seed in seeds:
        # the page has no C core: the same pure-Python search here (the same values, the same cap)
        compiled, dd.BACKEND = dd.BACKEND, "python"
        try:
            mirror = ClassicApp(seed=seed, runner="inline")
            mirror.seed.value = str(seed)
            mirror.new_match.click()
            mirror.hint_toggle.value = True
            hint = mirror.tutor.current_hint
            mirror.close()
        finally:
            dd.BACKEND = compiled
        if hint is None:  # the student does not act first in this deal: no hint to time
            continue
        page.locator(".et-seed input").fill(str(seed))
        # the hint of this turn, not the last one: the panel counts the turns it has spoken of (et-hint-turn),
        # and the previous match's hint may well recommend the same action (often "pass")
        before = page.evaluate(TURN_JS)
        started = time.perf_counter()
        page.get_by_role("button", name="New match").click()
        page.wait_for_function(
            "([want, seed, before]) => document.querySelector('.euchre-message').innerText.includes(`seed ${seed}`)"
            f" && ({TURN_JS})() > before"
            " && document.querySelector('.ec-best')?.dataset.action === want",
            arg=[str(hint.best.action), seed, before],
            timeout=TIMEOUT,
        )
        times.append(time.perf_counter() - started)
        print(f"  classic hint ({hint.worlds} deals), seed {seed}: {times[-1]:.2f} s ({load()})", flush=True)
    page.close()
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=2, help="cold and warm page loads each")
    parser.add_argument("--hints", type=int, default=3, help="Solitaire hints for fresh deals")
    parser.add_argument("--classic-hints", type=int, default=3, help="classic hints (new matches)")
    parser.add_argument("--site", type=Path, default=SITE, help="the built site (default: artifacts/site)")
    args = parser.parse_args(argv)
    site = args.site.resolve()
    if not (site / "voici" / "render" / "solitaire.html").exists():  # as `make site` does
        if site != SITE:
            print(f"no site at {site}", file=sys.stderr)
            return 2
        subprocess.run([sys.executable, str(ROOT / "scripts" / "build_site.py")], check=True, cwd=ROOT)
    chromium = chromium_path()
    if chromium is None:
        print("no Chromium: `make chromium`", file=sys.stderr)
        return 2
    print(f"{site} ({load()})")
    size_report(site)
    cold: list[float] = []
    warm: list[float] = []
    solitaire: list[float] = []
    classic: list[float] = []
    with serve(site) as url, sync_playwright() as pw:
        for i in range(args.loads):
            with tempfile.TemporaryDirectory() as profile:
                context = pw.chromium.launch_persistent_context(
                    profile,
                    executable_path=chromium,
                    args=BROWSER_ARGS,
                    viewport={"width": 1280, "height": 1000},
                )
                page, seconds = first_card(context, url)
                cold.append(seconds)
                print(f"first card, cold: {seconds:.1f} s ({load()})", flush=True)
                page.close()
                page, seconds = first_card(context, url)
                warm.append(seconds)
                print(f"first card, warm: {seconds:.1f} s ({load()})", flush=True)
                if i == 0:
                    solitaire = solitaire_hints(page, [101 + k for k in range(args.hints)])
                    page.close()
                    classic = classic_hints(context, url, [201 + k for k in range(args.classic_hints)])
                context.close()

    def median(xs: list[float]) -> str:
        return f"{statistics.median(xs):.2f} s (of {len(xs)})" if xs else "n/a"

    print(f"summary ({load()}): first card cold median {median(cold)} (target <= 20 s), "
          f"warm median {median(warm)} (target <= 8 s); Solitaire hint median {median(solitaire)} "
          f"(target <= 5 s); classic hint median {median(classic)} (target <= 2 s)")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
