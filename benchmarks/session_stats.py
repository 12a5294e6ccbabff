"""Session statistics benchmark: what the stats and their chart cost per click, as a session grows.

Plays ``--deals`` Solitaire deals headless (the inline test stub grades every
decision, so the figures are the bookkeeping's and the chart's, not the
solver's) and prints, every ``--every`` deals: the median and p95 time of one
click (the controller's move, the stats update and the chart's redraw
together), the median time of a chart redraw alone, and the size of the SVG
the browser receives. Every figure is printed with the 1-minute load average.

    python benchmarks/session_stats.py [--deals 100] [--every 25]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from euchre_tutor.games.solitaire.engine.engine import Phase
from euchre_tutor.widgets import SolitaireApp
from tests.widgets.stub import StubSource


def ms(xs: list[float]) -> str:
    xs = sorted(xs)
    return f"median {1000 * statistics.median(xs):.2f} ms, p95 {1000 * xs[int(0.95 * (len(xs) - 1))]:.2f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--every", type=int, default=25)
    args = parser.parse_args()
    app = SolitaireApp(seed=1, target=100, source=StubSource(), runner="inline")
    c = app.controller
    clicks: list[float] = []
    for deal in range(1, args.deals + 1):
        view = c.view
        assert view is not None
        t = time.perf_counter()
        c.choose(view.legal[deal % len(view.legal)])
        clicks.append(time.perf_counter() - t)
        while c.view is not None and c.view.phase is not Phase.OVER:
            t = time.perf_counter()
            c.play(c.view.legal_cards[0])
            clicks.append(time.perf_counter() - t)
        if deal % args.every == 0:
            redraws = []
            for _ in range(20):
                t = time.perf_counter()
                app.session.refresh()
                redraws.append(time.perf_counter() - t)
            s = app.tutor.stats.summary()
            print(
                f"{deal:4d} deals, {s.decisions:4d} decisions: click {ms(clicks)}; chart redraw "
                f"{ms(redraws)}; SVG {len(app.session.chart.value) / 1024:.1f} KB "
                f"(load {os.getloadavg()[0]:.1f})",
                flush=True,
            )
            clicks = []
        if c.state.is_over:  # a game to 100 is over: a new game, the same session
            c.new_game(deal)
        else:
            c.next_deal()
    app.close()


if __name__ == "__main__":
    main()
