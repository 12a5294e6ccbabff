"""Dashboard benchmark: the Voila page in a real Chromium, as a student meets it.

Prints: per page load, the time to the first card visible and then, the
hint panel opened at once, the time until its recommendation is shown (the
student asks as soon as the cards are there); card-click-to-update median and
p95 (measured in the page, from the click to the hand or the message changing;
the analysis runs in its own process meanwhile), and the RSS of the Voila
kernel (and, separately, of its analysis worker and the Voila server).

Targets: first card <= 3 s, first hint <= 1 s after the first card (every
load, back to back right after the server starts), click median <= 100 ms and
p95 within reason, kernel <= 200 MB.

    python benchmarks/dashboard.py [--loads 3] [--deals 3] [--hints stub]

``--hints stub`` uses the test stub instead of the exact advisor (to time the
page without the solver). ``--settle S`` waits S seconds before each page load
(a student opening the dashboard on a server that has had time to preheat its
next kernel); the default, 0, loads the pages back to back, as right after
``make tutor`` starts and then reloads at once. Every figure is printed with the
1-minute load average: the machine is shared, compare runs at similar loads.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import psutil  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from tests.browser.conftest import BROWSER_ARGS, DASHBOARD, chromium_path, start_voila, stop_voila  # noqa: E402

CLICK_LIMIT_MS = 20_000  # a click that has not updated the table by then counts as this long
CLICK_JS = """
async (sel) => {
  const el = document.querySelector(sel);
  const count = () => document.querySelectorAll('.euchre-card').length;
  const msg = () => document.querySelector('.euchre-message').innerText;
  const trump = () => document.querySelector('.et-trumpbox').className;
  const before = [count(), msg(), trump()];
  const changed = () => count() !== before[0] || msg() !== before[1] || trump() !== before[2];
  const t0 = performance.now();
  return await new Promise((resolve) => {
    const obs = new MutationObserver(() => {
      if (changed()) { obs.disconnect(); resolve(performance.now() - t0); }
    });
    obs.observe(document.querySelector('.euchre-app'),
                {subtree: true, childList: true, attributes: true, characterData: true});
    el.click();
    setTimeout(() => { obs.disconnect(); resolve(-1); }, CLICK_LIMIT_MS);
  });
}
""".replace("CLICK_LIMIT_MS", str(CLICK_LIMIT_MS))


def kernel_processes(
    server_pid: int, kernel_id: str = ""
) -> tuple[psutil.Process | None, list[psutil.Process]]:
    """The page's kernel (by its id: a preheating server also keeps a spare kernel) and its workers."""
    server = psutil.Process(server_pid)
    kernels = []
    for child in server.children(recursive=False):
        try:
            cmdline = " ".join(child.cmdline())
        except psutil.Error:
            continue
        if "ipykernel" in cmdline:
            if kernel_id and kernel_id in cmdline:
                return child, child.children(recursive=True)
            kernels.append(child)
    if kernels:
        return kernels[0], kernels[0].children(recursive=True)
    return None, []


def page_kernel_id(page: Any) -> str:
    """The kernel id the page connected to (from Voila's page config)."""
    try:
        config = json.loads(page.locator("#jupyter-config-data").first.text_content() or "{}")
    except Exception:
        return ""
    return str(config.get("kernelId", ""))


def first_hint(page: Any, timeout: float) -> float | None:
    """Open the hint panel and time until its recommendation is shown (None: not shown)."""
    t0 = time.perf_counter()
    page.locator(".et-hint-toggle").click()
    try:
        page.wait_for_function(
            "document.querySelector('.euchre-hint .et-rec') !== null || "
            "document.querySelector('.euchre-hint').innerText.includes('analysis failed')",
            timeout=timeout * 1000,
        )
    except Exception:
        print(f"hint: not shown within {timeout:.0f} s")
        return None
    if page.locator(".euchre-hint .et-rec").count():
        return time.perf_counter() - t0
    print("hint: " + page.locator(".et-hint-status").inner_text().strip())
    return None


def load_average() -> str:
    return f"load average {os.getloadavg()[0]:.2f}"


def mb(process: psutil.Process) -> float:
    return float(process.memory_info().rss) / 2**20


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--loads", type=int, default=3, help="page loads timed (a fresh kernel each)")
    parser.add_argument("--deals", type=int, default=3, help="deals played by clicking")
    parser.add_argument("--hints", choices=["advisor", "stub"], default="advisor")
    parser.add_argument("--hint-timeout", type=float, default=120.0)
    parser.add_argument(
        "--settle", type=float, default=0.0, help="seconds to wait before each page load (default 0)"
    )
    parser.add_argument(
        "--pure-python",
        action="store_true",
        help="run the server with EUCHRE_TUTOR_PURE_PYTHON=1 (the solvers' Python twins, for comparison)",
    )
    args = parser.parse_args()
    chromium = chromium_path()
    if chromium is None:
        print("no Chromium: install Debian's chromium or set CHROMIUM")
        return 1
    extra = {"EUCHRE_TUTOR_HINTS": "tests.widgets.stub:make"} if args.hints == "stub" else {}
    extra["EUCHRE_TUTOR_HINTS"] = extra.get(
        "EUCHRE_TUTOR_HINTS",
        os.environ.get("EUCHRE_TUTOR_HINTS", "euchre_tutor.games.solitaire.session.advice:advisor_source"),
    )
    if args.pure_python:
        extra["EUCHRE_TUTOR_PURE_PYTHON"] = "1"
    tmp = Path(tempfile.mkdtemp(prefix="euchre-bench-"))
    server = start_voila(tmp, extra)
    first_card: list[float] = []
    hints: list[float | None] = []
    loads: list[float] = []
    clicks: list[float] = []
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium, args=BROWSER_ARGS)
            page: Any = None
            for i in range(args.loads):
                if page is not None:
                    page.context.close()
                page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
                if args.settle > 0:
                    time.sleep(args.settle)
                t0 = time.perf_counter()
                page.goto(server.url + DASHBOARD, timeout=120_000)
                page.locator(".euchre-card").first.wait_for(state="visible", timeout=120_000)
                first_card.append(time.perf_counter() - t0)
                loads.append(os.getloadavg()[0])
                # the student asks for a hint as soon as the cards are there
                hint = first_hint(page, args.hint_timeout)
                hints.append(hint)
                print(
                    f"load {i + 1}: first card visible after {first_card[-1]:.2f} s, then the hint after "
                    + (f"{hint:.2f} s" if hint is not None else "(not shown)")
                    + f" ({load_average()})",
                    flush=True,
                )
                page.locator(".et-hint-toggle").click()  # hide it again: play on while analyses run

            for deal in range(args.deals):
                page.locator(".et-trumpbox:not(.hidden) .euchre-bid").first.wait_for(timeout=60_000)
                clicks.append(page.evaluate(CLICK_JS, ".euchre-bid"))
                while page.locator(".euchre-review:not(.hidden)").count() == 0:
                    page.locator(".euchre-card.playable").first.wait_for(timeout=60_000)
                    ms = page.evaluate(CLICK_JS, ".euchre-card.playable")
                    clicks.append(ms)
                    page.wait_for_timeout(150)  # a student's pause is longer; keep the run short
                if deal + 1 < args.deals:
                    page.locator(".et-ctl", has_text="Next deal").click()
                    page.wait_for_function(
                        "document.querySelectorAll('.euchre-card.disabled').length === 5", timeout=60_000
                    )
            page.screenshot(path=str(ROOT / "artifacts" / "benchmark-last.png"), full_page=True)
            kernel, workers = kernel_processes(server.process.pid, page_kernel_id(page))
            kernel_mb = mb(kernel) if kernel else float("nan")
            worker_mb = sum(mb(w) for w in workers)
            server_mb = mb(psutil.Process(server.process.pid))
            browser.close()
    finally:
        stop_voila(server)

    # a timed-out click counts as the time limit (a lower bound of its time), not dropped from the figures
    timed_out = sum(1 for c in clicks if c < 0)
    valid = sorted(c if c >= 0 else float(CLICK_LIMIT_MS) for c in clicks)
    p95 = valid[min(len(valid) - 1, round(0.95 * (len(valid) - 1)))] if valid else float("nan")
    print()
    backend = "pure Python" if args.pure_python else "the compiled core where built"
    print(
        f"hint source: {extra['EUCHRE_TUTOR_HINTS']} ({backend}); settle {args.settle:g} s before each load"
    )
    print(
        f"first card visible      : median {statistics.median(first_card):.2f} s  (runs: "
        f"{', '.join(f'{t:.2f}' for t in first_card)})   target <= 3 s"
        f"   [load average {min(loads):.2f}-{max(loads):.2f}]"
    )
    print(
        f"click to update         : median {statistics.median(valid):.0f} ms, p95 {p95:.0f} ms over "
        f"{len(valid)} clicks ({timed_out} timed out, counted as {CLICK_LIMIT_MS} ms)   target median <= 100 ms"
    )
    # a hint not shown counts as the time limit (--hint-timeout), not dropped from the median
    waited = [args.hint_timeout if h is None else h for h in hints]
    print(
        "first hint after cards  : "
        + (
            f"median {statistics.median(waited):.2f} s, worst {max(waited):.2f} s"
            if waited
            else "never asked"
        )
        + f" (runs: {', '.join('-' if h is None else f'{h:.2f}' for h in hints)}; '-': not shown, counted as "
        f"{args.hint_timeout:g} s)   target <= 1 s"
    )
    print(f"kernel RSS              : {kernel_mb:.0f} MB   target <= 200 MB")
    print(f"analysis worker RSS     : {worker_mb:.0f} MB (separate process)")
    print(f"Voila server RSS        : {server_mb:.0f} MB")
    print(f"at the end: {load_average()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
