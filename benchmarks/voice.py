"""What a student reads at each table, collected in a real Chromium at every explanation depth.

For each table (Solitaire, classic, Bid Euchre) and each depth (the move and why, compare
choices, all the figures), the Voila page is opened on one seed with the hint panel open and
grading on, and a student makes ``--decisions`` decisions (always the first legal button, so
every depth sees the same positions). Before each decision the hint panel's visible text (its
tooltips included) is collected; at the end of each hand or deal, the review's. Every text is
checked (each distinct tooltip once: a student reads one at a time) by
:func:`euchre_tutor.advisor.voice.text_problems` (action codes, rule ids, undefined
symbols, ASCII minus signs, long fractions, repeated sentences; at the first depth also ±,
decimal percentages and deal counts), and the script prints, per table and depth: texts read,
problems found (target 0), the words of the first depth's explanation (target ≤ 45) and the
longest sentence. Every idea sentence shown (``data-idea``) is listed with its idea id, for the
in-process re-check of its condition (``benchmarks/voice_ideas.py``).

    python benchmarks/voice.py [--decisions 20] [--seed 3] [--tables solitaire,classic,bid]
"""

from __future__ import annotations

import argparse
import collections
import re
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import TimeoutError as PlaywrightTimeout  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from euchre_tutor.advisor.voice import DEPTH_LABELS, Depth, text_problems, word_count  # noqa: E402
from tests.browser.conftest import BROWSER_ARGS, chromium_path, start_voila, stop_voila  # noqa: E402

PAGES = {"solitaire": "solitaire.ipynb", "classic": "classic.ipynb", "bid": "bid.ipynb"}
#: the buttons a student decides with, in the order tried (the first legal one is clicked)
CHOICES = {
    "solitaire": (".et-trumpbox .euchre-bid:not([disabled])", ".euchre-card.playable"),
    "classic": (".ec-bids .euchre-bid:not([disabled])", ".euchre-card.playable"),
    "bid": (".eb-cell.euchre-bid:not([disabled])", ".euchre-bid:not([disabled])", ".euchre-card.playable"),
}
NEXT = {"solitaire": "Next deal", "classic": "Next hand", "bid": "Next hand"}

#: the visible text of an element with its tooltips, each as a sentence of its own
TEXT_JS = """
(sel) => {
  const el = document.querySelector(sel);
  if (el === null || el.offsetParent === null) return null;
  const tips = [...new Set([...el.querySelectorAll('[title]')].map((e) => e.getAttribute('title')).filter((t) => t))];
  const ideas = [...el.querySelectorAll('[data-idea]')].map((e) => [e.getAttribute('data-idea'), e.innerText]);
  const brief = el.querySelector('.et-explain');
  return [el.innerText, tips, ideas, brief === null ? '' : brief.innerText];
}
"""


#: whether the hand (deal) is over: its "Next hand" button shown and enabled
OVER_JS = """
(next) => [...document.querySelectorAll('button')].some(
  (b) => b.textContent.trim() === next && !b.disabled && b.offsetParent !== null)
"""


def tap(element: Any) -> bool:
    """Click ``element``; False when the page moved on before the click could land (it was redrawn)."""
    try:
        element.click(timeout=5000)
    except PlaywrightTimeout:
        return False
    return True


def sentences(text: str) -> list[str]:
    return [s.strip() for s in re.split(r"(?<=[.!?])\s+|\n+", text) if s.strip()]


def settle(page: Any, next_name: str, timeout: float = 120.0) -> None:
    """Wait until the table waits for the student (a choice to click or the hand over) and the hint
    panel is not analysing."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        ready = page.evaluate(
            """(next) => {
              const app = document.querySelector('.euchre-app');
              if (app === null || app.classList.contains('thinking')) return false;
              const hint = document.querySelector('.euchre-hint');
              if (hint !== null && hint.classList.contains('analysing')) return false;
              const over = [...document.querySelectorAll('button')].some(
                (b) => b.textContent.trim() === next && !b.disabled && b.offsetParent !== null);
              return over || [...document.querySelectorAll('.euchre-card.playable, .euchre-bid, .euchre-trump')]
                .some((e) => e.offsetParent !== null && !e.disabled);
            }""",
            next_name,
        )
        if ready:
            page.wait_for_timeout(400)
            return
        page.wait_for_timeout(200)


def run_table(page: Any, url: str, table: str, depth: Depth, decisions: int) -> dict[str, Any]:
    page.goto(url, timeout=300_000)
    page.locator(".euchre-card").first.wait_for(state="visible", timeout=300_000)
    page.locator(".et-hint-toggle").click()
    page.locator(".et-depth").get_by_text(DEPTH_LABELS[depth], exact=True).click()
    grade = page.get_by_label("Grade my play")
    if not grade.is_checked():
        grade.check()
    texts: list[tuple[str, str]] = []  # (where, text)
    ideas: list[tuple[str, str]] = []
    brief_words: list[int] = []
    longest_brief = ""
    made = 0
    while made < decisions:
        settle(page, NEXT[table])
        if page.evaluate(OVER_JS, NEXT[table]):  # the end-of-hand bar shows only then
            review = page.locator(".euchre-review")
            opened = page.get_by_role("button", name="Review hand").locator("visible=true")
            if opened.count():
                tap(opened.first)
            page.wait_for_timeout(800)
            got = page.evaluate(TEXT_JS, ".euchre-review")
            if got is not None and review.count():
                texts.append(
                    ("review", got[0] + " " + " ".join(t if t.endswith(".") else t + "." for t in got[1]))
                )
            if page.evaluate(OVER_JS, NEXT[table]):
                tap(page.get_by_role("button", name=NEXT[table]).locator("visible=true").first)
            else:  # the game is over (Solitaire: a player reached the target)
                page.screenshot(path=str(ROOT / "artifacts" / f"voice-{table}-end.png"))
                break
            continue
        got = page.evaluate(TEXT_JS, ".euchre-hint")
        if got is not None:
            body, tips, shown_ideas, explain = got
            texts.append(("hint", body + " " + " ".join(t if t.endswith(".") else t + "." for t in tips)))
            ideas.extend((i, t) for i, t in shown_ideas)
            if depth is Depth.BRIEF and explain:
                brief_words.append(word_count(explain))
                if word_count(explain) > len(longest_brief.split()):
                    longest_brief = " ".join(explain.split())
        clicked = False
        for sel in CHOICES[table]:
            el = page.locator(f"{sel} >> visible=true")
            if el.count():
                clicked = tap(el.first)  # False: it moved on meanwhile (a forced card played for the student)
                break
        if not clicked:
            page.wait_for_timeout(500)
            continue
        made += 1
    problems = collections.Counter()
    examples: dict[str, str] = {}
    longest = ""
    for where, text in texts:
        for p in text_problems(text, depth):
            kind = p.split(" ")[0] if not p.startswith("rule id") else "rule id"
            problems[kind] += 1
            examples.setdefault(kind, f"in the {where}: {p}")
        for s in sentences(text):
            if len(s.split()) > len(longest.split()):
                longest = s
    return {
        "texts": len(texts),
        "problems": problems,
        "examples": examples,
        "brief_words": brief_words,
        "longest": longest,
        "longest_brief": longest_brief,
        "ideas": ideas,
    }


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--decisions", type=int, default=20, help="decisions per table and depth")
    parser.add_argument("--seed", default="3", help="the first deal's seed (EUCHRE_SEED)")
    parser.add_argument("--tables", default="solitaire,classic,bid")
    args = parser.parse_args()
    chromium = chromium_path()
    if chromium is None:
        print("no Chromium: install Debian's chromium or set CHROMIUM")
        return 1
    server = start_voila(Path(tempfile.mkdtemp(prefix="euchre-voice-")), {"EUCHRE_SEED": args.seed})
    total_problems = 0
    all_ideas: collections.Counter[str] = collections.Counter()
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium, args=BROWSER_ARGS)
            for table in args.tables.split(","):
                for depth in Depth:
                    page: Any = browser.new_context(viewport={"width": 1366, "height": 768}).new_page()
                    t0 = time.perf_counter()
                    r = run_table(
                        page, server.url + "/voila/render/" + PAGES[table], table, depth, args.decisions
                    )
                    page.context.close()
                    n = sum(r["problems"].values())
                    total_problems += n
                    all_ideas.update(i for i, _ in r["ideas"])
                    words = r["brief_words"]
                    print(
                        f"{table:9} {depth.value:8} texts {r['texts']:3}  problems {n:3}"
                        + (
                            f"  brief words max {max(words)} median {sorted(words)[len(words) // 2]}"
                            if words
                            else ""
                        )
                        + f"  longest sentence {len(r['longest'].split())} words  ({time.perf_counter() - t0:.0f} s)",
                        flush=True,
                    )
                    for kind, example in r["examples"].items():
                        print(f"    {kind}: {r['problems'][kind]} e.g. {example}")
                    print(f"    longest sentence: {r['longest']}")
                    if r["longest_brief"]:
                        print(f"    longest brief hint: {r['longest_brief']}")
            browser.close()
    finally:
        stop_voila(server)
    print()
    print(f"problems found in all: {total_problems} (target 0)")
    print("idea sentences shown, by idea: " + ", ".join(f"{k} {v}" for k, v in sorted(all_ideas.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
