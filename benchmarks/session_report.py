"""Download report: how long a click takes to build the report of a student's session.

Usage: ``python benchmarks/session_report.py [--hands 5] [--deals 5] [--seed 11]``

Plays a classic match of ``--hands`` hands twice with random legal choices (not timed): once with the
table grading every decision (the tutor's own analyses, run here in-process with the table's 200
deals, no refinement) and once with grading off, then a Solitaire game of ``--deals`` deals, and times
:func:`euchre_tutor.session.session_report.build_session_report` on each: from the table's grades,
with every classic decision graded on the spot (one fixed sample each, as ``report --quick``), and
Solitaire graded exactly. It prints the hands, the decisions and where their grades came from.
"""

from __future__ import annotations

import argparse
import random
import time

from euchre_tutor.advisor.session import SessionStats
from euchre_tutor.games.classic.session.advice import ClassicAdvisorSource
from euchre_tutor.games.classic.session.controller import ClassicController
from euchre_tutor.games.classic.session.tutor import ClassicTutor
from euchre_tutor.games.solitaire.engine.engine import Phase
from euchre_tutor.games.solitaire.session.controller import SolitaireController
from euchre_tutor.games.solitaire.session.tutor import SolitaireTutor
from euchre_tutor.session.session_report import build_session_report


def classic(hands: int, seed: int, grading: bool) -> None:
    stats = SessionStats()
    c = ClassicController(seed)
    source = ClassicAdvisorSource() if grading else None
    t = ClassicTutor(c, source=source, runner="inline", grading=grading, stats=stats, refine_grades=False)
    rng = random.Random(seed)
    while not c.state.is_over and sum(log.finished for log in c.hand_logs()) < hands:
        if c.waiting:
            c.next_hand()
        elif t.forced is not None:
            t.autoplay_now()
        else:
            c.act(rng.choice(c.legal))
    start = time.perf_counter()
    built = build_session_report(stats)
    wall = time.perf_counter() - start
    assert built is not None
    how = "the table's grades" if grading else "grading off at the table"
    print(
        f"classic, {how}: {built.hands} hands, {built.table_grades} table grades + {built.graded_now} "
        f"graded now: {wall:.2f} s"
    )
    t.close()


def solitaire(deals: int, seed: int) -> None:
    stats = SessionStats()
    s = SolitaireController(seed)
    tutor = SolitaireTutor(s, source=None, stats=stats)  # the session report finds the table by it
    for k in range(deals):
        if s.state.is_over:
            break
        if k:
            s.next_deal()
        view = s.view
        assert view is not None
        s.choose(view.legal[0])
        while s.view is not None and s.view.phase is not Phase.OVER:
            s.play(s.view.legal_cards[0])
    start = time.perf_counter()
    built = build_session_report(stats)
    wall = time.perf_counter() - start
    assert built is not None
    print(f"Solitaire: {built.hands} deals, {built.graded_now} decisions graded exactly: {wall:.2f} s")
    tutor.close()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--hands", type=int, default=5)
    ap.add_argument("--deals", type=int, default=5)
    ap.add_argument("--seed", type=int, default=11)
    args = ap.parse_args()
    classic(args.hands, args.seed, grading=True)
    classic(args.hands, args.seed, grading=False)
    solitaire(args.deals, args.seed)


if __name__ == "__main__":
    main()
