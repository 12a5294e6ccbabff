"""One story from hint to review: graded classic decisions whose review tells another story than the hint.

Classic matches are played at the table as a student would (the rule-based player's choice, the
worst-looking one every seventh decision, forced cards at once) with grading on, each grade
refined after the move as the table refines it. When every grade is in, each decision's review is
compared with the hint the student saw: the review's best option (the refined analysis) outside the
hint's best (its tie group), or the student's choice a tie with the best in the hint and a loss in the
review. Each such decision must carry the review's one sentence that says why (``ClassicTutor.story``),
and the review's page must show it. Prints the decisions graded, the refined ones, the decisions
whose story changed, and those without the sentence (target 0).

    python benchmarks/voice_review.py [--decisions 200] [--hands 6] [--seed 1000]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.review_speed import STEP, pump  # noqa: E402
from euchre_tutor.advisor.voice import Depth  # noqa: E402
from euchre_tutor.games.classic.advisor.ideas import tie_group  # noqa: E402
from euchre_tutor.games.classic.bots import RuleBasedPlayer  # noqa: E402
from euchre_tutor.games.classic.widgets.hints import review_html  # noqa: E402
from euchre_tutor.widgets import ClassicApp  # noqa: E402


def play_match(seed: int, hands: int) -> ClassicApp:
    app = ClassicApp(seed=seed, rules={"hands": hands}, grading=True, show_hint=False)
    c, t = app.controller, app.tutor
    student = RuleBasedPlayer()
    made = 0
    while not c.state.is_over:
        if c.waiting:
            c.next_hand()
            continue
        if not c.my_turn:
            pump(t.analyst, STEP)
            continue
        if t.forced is not None:
            t.autoplay_now()
            continue
        if t.current_hint is None:
            pump(t.analyst, STEP)
            continue
        view = c.view
        act = view.legal[-1] if made % 7 == 3 else student.choose(view)
        c.act(act)
        made += 1
    while any(d.key is not None and t.grade_of(d) is None for d in t.decisions()):
        pump(t.analyst, STEP)
    return app


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--decisions", type=int, default=200, help="graded decisions, at least")
    parser.add_argument("--hands", type=int, default=6, help="hands per match")
    parser.add_argument("--seed", type=int, default=1000, help="the first match's seed")
    args = parser.parse_args()
    graded = refined = changed = missing = 0
    examples: list[str] = []
    seed = args.seed
    t0 = time.perf_counter()
    while graded < args.decisions:
        app = play_match(seed, args.hands)
        t = app.tutor
        pages = {
            n: review_html(t, review, 0, Depth.BRIEF)
            for n in {d.hand_number for d in t.decisions()}
            if (review := t.review(n)) is not None
        }
        for d in t.decisions():
            if d.key is None:
                continue
            graded += 1
            shown, final = t.hints.get(d.key), t.hint_of(d)
            assert shown is not None and final is not None
            if final is not shown:
                refined += 1
            hint_best = {o.action for o in tie_group(shown)}
            now_best = {o.action for o in tie_group(final)}
            other = final.best.action not in hint_best or (d.action in hint_best and d.action not in now_best)
            if not other:
                continue
            changed += 1
            story = t.story(d)
            if story is None or story not in pages.get(d.hand_number, "").replace("&#x27;", "'"):
                missing += 1
                examples.append(f"seed {seed}, hand {d.hand_number}, {d.label}: no sentence says why")
            elif len(examples) < 3:
                examples.append(f"seed {seed}, hand {d.hand_number}: {story}")
        app.close()
        print(
            f"  match {seed}: {graded} decisions graded so far ({time.perf_counter() - t0:.0f} s)", flush=True
        )
        seed += 1
    print()
    print(f"decisions graded: {graded}; refined after the move: {refined}")
    print(f"reviews whose best (or the student's tie) differs from the hint's: {changed}")
    print(f"... of them without a sentence that says why: {missing} (target 0)")
    for line in examples:
        print(f"  {line}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
