"""The teacher's report for a class: ``euchre-tutor report`` on 30 students x 20 hands (target: 60 s).

Usage: ``python benchmarks/report.py [--students 30] [--hands 20] [--game classic|solitaire]
[--jobs N] [--quick] [--recorded] [--out artifacts/report-bench.html]``

Makes the class's saved games first (computer students: the Beginner and the Club player in turn,
South at a Club table; or Solitaire players who slip one decision in three), not timed, then times
:func:`euchre_tutor.report.build_report` on them (grading every decision as the tables do, on
``--jobs`` processes, default: every core) and the HTML. It prints the wall time, the decisions
graded and the time per decision, against the issue's target of 60 s for 30 students x 20 hands.

``--recorded`` (classic): the saves carry grades as a tutor's Save writes them (the table's grades of
the student's decisions), and the report reads them instead of grading. Here they come from a quick
grading of each save (one fixed sample of 200 deals a decision, not timed, on ``--jobs`` processes):
the report's cost does not depend on the labels it reads.
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from euchre_tutor.games.classic.engine.game import ClassicGame
from euchre_tutor.games.classic.session.controller import rules_seat
from euchre_tutor.games.classic.session.grading import computer_classic_save, grade_classic
from euchre_tutor.games.solitaire.session.grading import computer_solitaire_save
from euchre_tutor.report import build_report, report_html


def with_recorded_grades(text: str) -> str:
    """The save with a ``grades`` section as a tutor's Save writes it (from a quick grading, untimed)."""
    data = json.loads(text)
    game = ClassicGame.from_json(data)
    graded = grade_classic(game, name="s", quick=True)
    moves = iter(m for h in graded.hands for m in h.moves)
    me = rules_seat(game.rules, None)
    state = ClassicGame.from_json({**game.to_json(), "actions": [], "position": 0}).state
    out = []
    for index, act in enumerate(game.actions):
        if state.to_act == me and len(state.hand.legal_actions()) > 1:
            m = next(moves)
            hand = next(h for h in graded.hands if m in h.moves)
            first = hand.moves[0] is m
            out.append(
                {
                    "index": index,
                    "action": m.action,
                    "label": m.label,
                    "loss": m.loss,
                    "best": m.best,
                    "best_ev": hand.expected if first and hand.expected is not None else 0.0,
                    "rules": list(m.rules),
                }
            )
        state = state.apply(act)
    data["grades"] = {"level": "club", "seed": 0, "decisions": out}
    return json.dumps(data)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--students", type=int, default=30)
    ap.add_argument("--hands", type=int, default=20)
    ap.add_argument("--game", choices=["classic", "solitaire"], default="classic")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--out", default="artifacts/report-bench.html")
    ap.add_argument("--quick", action="store_true", help="the report's --quick grading")
    ap.add_argument("--recorded", action="store_true", help="classic saves carrying the table's grades")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        paths = []
        for i in range(args.students):
            if args.game == "classic":
                text = computer_classic_save(1000 + i, args.hands, "beginner" if i % 2 == 0 else "club")
            else:
                text = computer_solitaire_save(1000 + i, args.hands)
            path = Path(tmp) / f"student-{i + 1:02d}.json"
            path.write_text(text)
            paths.append(path)
        if args.recorded and args.game == "classic":
            with ProcessPoolExecutor(args.jobs) as pool:
                texts = list(pool.map(with_recorded_grades, [p.read_text() for p in paths]))
            for path, text in zip(paths, texts, strict=True):
                path.write_text(text)
        start = time.perf_counter()
        cpu = time.process_time()
        report = build_report(paths, jobs=args.jobs, quick=args.quick)
        page = report_html(report, f"Benchmark: {args.students} students x {args.hands} hands")
        wall = time.perf_counter() - start
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text(page)
    decisions = sum(s.decisions for s in report.students)
    hands = sum(s.hands for s in report.students)
    print(
        f"{args.game}{' (--quick)' if args.quick else ''}{' (recorded grades)' if args.recorded else ''}: {len(report.students)} students, {hands} hands, {decisions} decisions graded in "
        f"{wall:.1f} s on {args.jobs} process(es) ({1000 * wall / max(1, decisions):.0f} ms a decision; "
        f"main process CPU {time.process_time() - cpu:.1f} s); HTML {len(page) // 1024} kB in {args.out}"
    )
    if (args.students, args.hands) == (30, 20):
        print(f"target 60 s for 30 students x 20 hands: {'met' if wall <= 60 else 'NOT met'}")
    elif hands:
        print(
            f"at this rate 30 students x 20 hands would take about {wall * 600 / hands:.0f} s (target 60 s)"
        )


if __name__ == "__main__":
    main()
