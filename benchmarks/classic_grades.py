"""Grade stability: the same decision graded with two seeds gets the same label.

Usage: ``python benchmarks/classic_grades.py [--hands 60] [--first 0] [--tables club,expert]
[--student club] [--worlds 200] [--max-worlds N] [--grade-worlds N] [--caps N,...] [--baseline]
[--out FILE] [--stop-z Z]``

Deals ``--hands`` seeded hands at each table (``club``: the rule-based player in the other seats;
``expert``: the Expert player, 200 worlds, in the other seats). The "student" (the rule-based
player, or the Beginner player with its slips) sits South. Every decision of the student with a
real choice is analysed twice, with two different sampling seeds, exactly as the classic table
does (``classic analyze``: paired losses, adaptive worlds up to ``--max-worlds``), and the
student's action is graded each time (:func:`classic_grade`). It prints, per table and overall:
the decisions graded, those either seed grades below Best, the share of those with the same label
under both seeds (the issue's target: >= 95% over >= 300 graded decisions) with its 95% interval
clustered by hand (:func:`share_interval`: a hand's decisions share its cards, and each ``--out`` row
records its hand), the label changes
that remain, and the analysis cost (CPU ms: median, p90, worst; worlds used: median, worst).
``--grade-worlds N`` refines a grade the hint's analysis left unsettled as the table does after
the move (the turn's :class:`~euchre_tutor.games.classic.advisor.analysis.AnalysisRun` goes on, focused on
the action taken, up to N deals; the table uses
:data:`~euchre_tutor.games.classic.advisor.analysis.GRADE_MAX_WORLDS`, a class server
:data:`euchre_tutor.serve.CLASS_GRADE_WORLDS`) and prints what that costs, and the CPU of one
graded decision as the table pays it (the hint's analysis and the refinement after the move, per
grade: the figure a class server's cap is chosen by).

The class server's grades (issue 37: >= 95% of the grades below Best keep their label at the class
server's own cap, over >= 300 such decisions, Beginner and Club students, at a Club table)::

    nice python benchmarks/classic_grades.py --student beginner --tables club --hands 250 --first 3000 --grade-worlds 10800 --out beginner-club.jsonl
    nice python benchmarks/classic_grades.py --student club --tables club --hands 500 --first 6000 --grade-worlds 10800 --out club-club.jsonl

What higher caps give and cost (the runs docs/advisors.md reports; each up to 43,200 deals, with the
class cap and two between as ``--caps``), then all three read as one::

    nice python benchmarks/classic_grades.py --student beginner --tables club --hands 150 --first 3000 --grade-worlds 43200 --caps 5400,10800,21600 --out artifacts/grades/beginner-club-43200-3000-3149.jsonl
    nice python benchmarks/classic_grades.py --student beginner --tables club --hands 100 --first 3150 --grade-worlds 43200 --caps 5400,10800,21600 --out artifacts/grades/beginner-club-43200-3150-3249.jsonl
    nice python benchmarks/classic_grades.py --student club --tables club --hands 150 --first 6000 --grade-worlds 43200 --caps 5400,10800,21600 --out artifacts/grades/club-club-43200-6000-6149.jsonl
    python benchmarks/classic_grades.py --project artifacts/grades/*-43200-*.jsonl

(``--grade-worlds`` at the value of ``CLASS_GRADE_WORLDS``; each prints ``CPU per graded decision``.
The two students on other deals: where the Beginner does not slip it decides as the Club player
does, so on the same deals most of their decisions, and both seeds' grades of them, are one and the
same decision counted twice.)
``--caps 5400,10800`` also records, from the same run, each seed's grade and CPU at those lower caps,
exactly as a run capped there gives them (:func:`refine`), and prints per cap the share of same labels
(with its 95% interval) and the mean CPU per graded decision: what a class server's cap buys, and what
it costs, from one run.
``--baseline`` also grades with one fixed sample of ``--worlds`` and the loss's point estimate
alone (the grading before paired intervals), for comparison on the same decisions.

At the end it projects what more deals would give (:func:`projection`): from each decision's two
losses and their intervals, its loss and its spread per deal, and then the share of same labels
expected if every grade ran on N deals (a normal sampling error at the table's grading rule). The
model leaves out the adaptive stop and the error in the measured losses, so it is a little
optimistic: it prints its own figure at the deals the run used beside the measured one.
``--project FILE...`` prints the figures by cap and the projection of earlier runs' ``--out`` files
(read as one) without grading.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from fractions import Fraction
from pathlib import Path
from statistics import NormalDist

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the scripts beside this one

from run_files import interval

from euchre_tutor.advisor import sampling
from euchre_tutor.advisor.shared import BOUNDARIES, GRADES, TIE_FLOOR, Z95, grade_label
from euchre_tutor.games.classic.advisor.analysis import AnalysisRun, ClassicAnalysis, adaptive_cap, analyse
from euchre_tutor.games.classic.advisor.reasons import borderline, classic_grade
from euchre_tutor.games.classic.bots import LEVELS, BeginnerPlayer, ExpertPlayer, Player, RuleBasedPlayer
from euchre_tutor.games.classic.engine.engine import Action, Deal, Seat, new_hand
from euchre_tutor.games.classic.views import SeatView, seat_view

CLUB = RuleBasedPlayer()


def decisions(table: str, hands: int, student: str, first: int = 0) -> Iterator[tuple[SeatView, Action]]:
    """The student's (South's) decisions with a real choice, hand by hand (deals ``first`` on)."""
    for _, view, act in hand_decisions(table, hands, student, first):
        yield view, act


def hand_decisions(
    table: str, hands: int, student: str, first: int = 0
) -> Iterator[tuple[int, SeatView, Action]]:
    """:func:`decisions`, each with its hand's number (the cluster its interval counts it in)."""
    for i in range(first, first + hands):
        others: Player = CLUB if table == "club" else ExpertPlayer(worlds=200, seed=i)
        me: Player = CLUB if student == "club" else BeginnerPlayer(seed=i)
        state = new_hand(Deal.from_seed(50_000 + i, Seat(i % 4)))
        while not state.is_over:
            seat = state.to_act
            assert seat is not None
            view = seat_view(state, seat)
            act = (me if seat == Seat.S else others).choose(view)
            if seat == Seat.S and len(view.legal) > 1:
                yield i, view, act
            state = state.apply(act)


def grade_entry(analysis: ClassicAnalysis, action: Action) -> dict[str, object]:
    """One seed's grade of ``action`` as the ``--out`` rows record it."""
    g = classic_grade(analysis, action)
    assert g is not None
    o = analysis.option(action)
    edge = borderline(o, analysis.mode) if g.label != "Best" else None
    return {
        "label": g.label,
        "loss": round(o.loss, 4),
        "half": round(o.interval, 4),
        "worlds": analysis.worlds,
        "edge": list(edge) if edge else None,
    }


def refine(
    run: AnalysisRun, action: Action, limit: int, caps: Sequence[int] = ()
) -> tuple[ClassicAnalysis, dict[int, tuple[ClassicAnalysis, float]], float]:
    """The table's refinement of ``action``'s grade up to ``limit`` deals, and, for each of ``caps``
    (multiples of the run's batch) the run reached unsettled, the analysis a run capped there ends
    with, with the refinement's CPU (ms) up to that point. A run capped lower adds the very same
    batches and looks at the same counts up to its cap, where it ranks the options once more; the
    snapshot ranks them there without changing what the run does next (it puts back the run's last
    look: no option is dropped, no look is moved), so one run to ``limit`` gives every lower cap's
    grade exactly (tests/test_benchmark_runs.py compares one with a run capped there). Last, the
    snapshots' own CPU (ms), which the caller leaves out of every figure."""
    wanted = {c for c in caps if c < limit}
    start = time.process_time()
    spent = 0.0  # the snapshots' own CPU
    snaps: dict[int, tuple[ClassicAnalysis, float]] = {}

    def on_batch(done: int, cap: int) -> None:
        nonlocal spent
        if done not in wanted:
            return
        t = time.process_time()
        ranked, checked = run.ranked, run.checked
        run._look(None)  # a look without a focus drops no option
        snap = run.analysis()
        run.ranked, run.checked = ranked, checked
        snaps[done] = (snap, 1000 * (t - start) - spent)
        spent += 1000 * (time.process_time() - t)

    final = run.extend(limit, focus=action, on_batch=on_batch)
    return final, snaps, spent


def old_label(analysis: ClassicAnalysis, action: Action) -> str:
    """The grading before paired intervals: the point estimate of the loss, ties only when exact."""
    mine = analysis.option(action)
    loss = max(0.0, analysis.best.ev - mine.ev)
    if mine is analysis.best or loss == 0:
        return "Best"
    return grade_label(Fraction(loss).limit_denominator(10_000), "points")


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


#: the deals per grade the projection tries (play, bid): twice as many each step
PROJECTED: tuple[tuple[int, int], ...] = tuple((4800 * 2**k, 4800 * 2**k) for k in range(6))


def label_chances(loss: float, sd: float) -> dict[str, float]:
    """The chance of each label when the measured loss is normal around ``loss`` with error ``sd``,
    graded as the table grades (Best when the 95% interval reaches 0 or the loss is under the tie
    floor, else the loss's band)."""
    floor = TIE_FLOOR["points"]
    if sd <= 0:
        return {
            "Best" if loss < floor else grade_label(Fraction(loss).limit_denominator(10_000), "points"): 1.0
        }
    cdf = NormalDist(loss, sd).cdf
    low = max(Z95 * sd, floor)
    chances = {"Best": cdf(low)}
    for edge, name in zip(BOUNDARIES["points"], GRADES[1:], strict=False):
        chances[name] = max(0.0, cdf(edge) - cdf(low)) if edge > low else 0.0
        low = max(low, edge)
    chances["Blunder"] = 1 - cdf(low)
    return chances


def same_share(decisions: list[tuple[str, float, float]], deals: tuple[int, int] | None) -> float:
    """The expected share of same labels under two seeds among decisions either seed grades below
    Best, each decision's loss and per-deal spread given, graded on ``deals`` (play, bid) deals
    (None: on the deals each decision's run used, its third field then being the loss's error)."""
    same = below = 0.0
    for phase, loss, spread in decisions:
        sd = spread if deals is None else spread / math.sqrt(deals[0] if phase == "play" else deals[1])
        p = label_chances(loss, sd)
        best = p.get("Best", 0.0)
        below += 1 - best * best
        same += sum(v * v for k, v in p.items() if k != "Best")
    return same / below if below else 1.0


def cap_lines(rows: list[dict[str, object]]) -> list[str]:
    """Per cap every row recorded (``--caps``), and the runs' own caps: the decisions either seed
    grades below Best, the share with the same label under both seeds (with its 95% interval clustered
    by hand, :func:`share_interval`) and the mean CPU per graded decision (the hint's analysis and the refinement up to that cap)."""
    recorded = [set(d.get("caps", ())) for row in rows for d in row["seeds"]]  # type: ignore[attr-defined]
    if not recorded or not all(recorded):
        return []  # a run without --caps among them: no cap every grade recorded
    every = sorted(int(c) for c in set.intersection(*recorded))
    lines = ["by cap (each seed's grade as a run capped there gives it; CPU without the snapshots):"]
    for cap in [*every, None]:
        below = same = agree = 0
        cpu: list[float] = []
        kept: list[bool] = []
        graded: list[dict[str, object]] = []  # the rows below Best at this cap (``kept``'s hands)
        for row in rows:
            seeds = row["seeds"]
            assert isinstance(seeds, list)
            grades = [d if cap is None else d["caps"][str(cap)] for d in seeds]
            cpu += [g["cpu"] for g in grades]
            labels = [g["label"] for g in grades]
            if labels != ["Best", "Best"]:
                below += 1
                same += labels[0] == labels[1]
                kept.append(labels[0] == labels[1])
                graded.append(row)
                agree += bool(set.intersection(*(claims(g) for g in grades)))
        low, high = share_interval(kept, hands_of(graded))
        name = "the run's own cap" if cap is None else f"{cap:>6} deals"
        lines.append(
            f"  {name}: same label {same}/{below} = {100 * same / max(below, 1):.1f}% "
            f"(95% interval {100 * low:.1f}-{100 * high:.1f}%{clustering(rows)}), CPU per graded decision "
            f"{statistics.fmean(cpu):.0f} ms; the two grades' words agree in {agree}/{below}"
        )
    lines.append(
        "  (words agree: a grade that says its loss is on the edge between two labels claims either, and"
        " the two grades claim a label in common)"
    )
    return lines


def claims(grade: dict[str, object]) -> set[str]:
    """The labels a recorded grade's words allow: its label, or both labels of the edge it says its loss
    sits on ("read the label as either", :func:`~euchre_tutor.games.classic.advisor.reasons.classic_grade`)."""
    edge = grade.get("edge")
    return {str(grade["label"])} | (set(edge) if isinstance(edge, list) else set())


def wilson(k: float, n: float) -> tuple[float, float]:
    """The 95% Wilson interval of a share ``k`` of ``n`` (both may be effective counts, not whole)."""
    if n <= 0:
        return 0.0, 1.0
    p, z = k / n, Z95
    mid = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, mid - half), min(1.0, mid + half)


def share_interval(same: Sequence[bool], hands: Sequence[object] | None) -> tuple[float, float]:
    """The 95% interval of the share of ``same`` that are true, clustered by hand: the decisions of one
    hand share its cards (and a grade's edge often sits in both), so they are not independent draws.
    The Wilson interval on the effective number of decisions, n over the design effect (the
    cluster-robust variance of the share, ``run_files.interval``, over the binomial one; never below 1,
    so never narrower than the plain Wilson). ``hands`` None (rows from runs that did not record the
    hand): the plain Wilson interval, which treats the decisions as independent."""
    n, k = len(same), sum(same)
    if hands is None or n < 2 or k in (0, n):
        return wilson(k, n)
    _, half = interval([float(x) for x in same], list(hands))
    p = k / n
    effect = 1.0 if math.isnan(half) else max(1.0, (half / 1.96) ** 2 / (p * (1 - p) / n))
    return wilson(k / effect, n / effect)


def below_best(rows: Sequence[dict[str, object]]) -> list[dict[str, object]]:
    """The rows (decisions) either seed's grade (at the run's own cap) puts below Best."""
    return [r for r in rows if [d["label"] for d in r["seeds"]] != ["Best", "Best"]]  # type: ignore[attr-defined]


def hands_of(rows: Sequence[dict[str, object]]) -> list[object] | None:
    """Each row's hand (deal) number, the cluster of its interval; None when a row has none (runs from
    before rows recorded it). The same deal at two tables is one cluster: its cards are the same."""
    hands = [r.get("hand") for r in rows]
    return None if any(h is None for h in hands) else hands


def clustering(rows: Sequence[dict[str, object]]) -> str:
    """What a share's interval over ``rows`` counts as one draw (see :func:`share_interval`)."""
    return (
        ", clustered by hand"
        if hands_of(rows) is not None
        else ", rows without hands: decisions as independent"
    )


def stability(rows: Sequence[dict[str, object]]) -> str:
    """Same label k/n = share, with its 95% interval clustered by hand, over the decisions of ``rows``
    either seed grades below Best."""
    below = below_best(rows)
    kept = [r["seeds"][0]["label"] == r["seeds"][1]["label"] for r in below]  # type: ignore[index]
    low, high = share_interval(kept, hands_of(below))
    return (
        f"same label {sum(kept)}/{len(below)} = {100 * sum(kept) / max(len(below), 1):.1f}% "
        f"(95% interval {100 * low:.1f}-{100 * high:.1f}%{clustering(below)})"
    )


def projection(rows: list[dict[str, object]]) -> list[str]:
    """The lines of the projection from the ``--out`` rows of a run (see the module doc)."""
    per_deal: list[tuple[str, float, float]] = []
    as_run: list[tuple[str, float, float]] = []
    for row in rows:
        seeds = row["seeds"]
        assert isinstance(seeds, list)
        if all(d["loss"] == 0 for d in seeds):
            continue
        spreads = [d["half"] / Z95 * math.sqrt(d["worlds"]) for d in seeds if d["half"] > 0]
        if not spreads:
            continue
        loss = sum(d["loss"] for d in seeds) / len(seeds)
        per_deal.append((str(row["phase"]), loss, max(spreads)))
        as_run.append((str(row["phase"]), loss, max(d["half"] for d in seeds) / Z95))
    if not per_deal:
        return ["projection: no decision with a loss"]
    lines = [
        f"projection over {len(per_deal)} decisions with a loss (model: normal error, the table's rule at "
        f"N deals; {100 * same_share(as_run, None):.1f}% at the deals this run used):"
    ]
    for deals in PROJECTED:
        lines.append(
            f"  {deals[0]:>6} deals a card play, {deals[1]:>6} a bid: same label "
            f"{100 * same_share(per_deal, deals):.1f}%"
        )
    return lines


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--hands", type=int, default=60)
    ap.add_argument(
        "--first", type=int, default=0, help="the first deal's number (fresh deals for a re-check)"
    )
    ap.add_argument("--tables", default="club,expert")
    ap.add_argument("--student", choices=["club", "beginner"], default="club")
    ap.add_argument("--worlds", type=int, default=200)
    ap.add_argument("--max-worlds", type=int, default=None, help="default: the advisor's cap by phase")
    ap.add_argument("--baseline", action="store_true")
    ap.add_argument(
        "--grade-worlds",
        type=int,
        default=None,
        help="refine an unsettled grade as the table does after the move (focus on the action taken, "
        "up to this many deals); default: no refinement",
    )
    ap.add_argument(
        "--caps",
        default="",
        help="lower caps (comma-separated multiples of --worlds) whose grades and CPU the same run also "
        "gives, exactly as a run capped there (see refine)",
    )
    ap.add_argument(
        "--out", default=None, help="a JSON line per decision: both seeds' labels, losses, intervals"
    )
    ap.add_argument(
        "--project",
        nargs="+",
        default=None,
        metavar="FILE",
        help="only print the figures by cap and the projection of earlier runs' --out files, read as one",
    )
    ap.add_argument(
        "--stop-z",
        type=float,
        default=None,
        help="the interval's z for the stopping rule (default: the advisor's)",
    )
    args = ap.parse_args()
    if args.project:
        done = []
        for path in args.project:
            with open(path) as f:
                done += [json.loads(line) for line in f if line.strip()]
        print("\n".join(cap_lines(done) + projection(done)))
        return
    caps = sorted({int(c) for c in args.caps.split(",") if c.strip()})
    for c in caps:
        if c % args.worlds or not args.grade_worlds or c >= args.grade_worlds:
            ap.error(f"--caps: {c} is not a multiple of --worlds ({args.worlds}) below --grade-worlds")
    if args.stop_z is not None:
        sampling.STOP_Z = args.stop_z
    log = open(args.out, "w") if args.out else None  # noqa: SIM115 - closed at exit
    total = Counter[str]()
    rows: list[dict[str, object]] = []
    every_grade_cpu: list[float] = []
    for table in args.tables.split(","):
        cpu: list[float] = []
        used: list[int] = []
        refine_cpu: list[float] = []
        grade_cpu: list[float] = []  # per grade: the hint's analysis and its refinement after the move
        refine_used: list[int] = []
        graded = below = same = flagged = 0
        changes = Counter[str]()
        old_below = old_same = 0
        model = LEVELS[table].model()  # the table's model of its players, as its hints use
        for hand, view, act in hand_decisions(table, args.hands, args.student, args.first):
            labels = []
            detail = []
            for seed in (1, 2):
                t = time.process_time()
                cap = adaptive_cap(view, args.worlds) if args.max_worlds is None else args.max_worlds
                run = AnalysisRun(view, continuation=model, worlds=args.worlds, seed=seed)
                a = run.extend(cap)
                cpu.append(1000 * (time.process_time() - t))
                used.append(a.worlds)
                refined_ms = 0.0
                hint = a
                at_caps: dict[int, tuple[ClassicAnalysis, float]] = {}
                if args.grade_worlds and args.grade_worlds > a.worlds and not a.grade_holds(act):
                    # as the table: the turn's run goes on, focused on the action taken
                    t = time.process_time()
                    a, at_caps, snap_ms = refine(run, act, args.grade_worlds, caps)
                    refined_ms = 1000 * (time.process_time() - t) - snap_ms
                    refine_cpu.append(refined_ms)
                    refine_used.append(a.worlds)
                grade_cpu.append(cpu[-1] + refined_ms)
                entry = grade_entry(a, act)
                entry["cpu"] = round(cpu[-1] + refined_ms, 1)
                if caps:
                    # each lower cap's grade and CPU, as a run capped there gives them (see refine)
                    entry["caps"] = {}
                    for c in caps:
                        if c in at_caps:
                            snap, ms = at_caps[c]
                            low = grade_entry(snap, act)
                            low["cpu"] = round(cpu[-1] + ms, 1)
                        else:
                            low = grade_entry(hint if c <= hint.worlds else a, act)
                            low["cpu"] = round(cpu[-1] + (0.0 if c <= hint.worlds else refined_ms), 1)
                        entry["caps"][str(c)] = low
                labels.append(str(entry["label"]))
                detail.append(entry)
            graded += 1
            rows.append(
                {
                    "table": table,
                    "hand": hand,
                    "phase": view.phase.value,
                    "trick": len(view.tricks),
                    "cards": len(view.hand),
                    "options": len(view.legal),
                    "seeds": detail,
                }
            )
            if log is not None:
                log.write(json.dumps(rows[-1]) + "\n")
            if labels != ["Best", "Best"]:
                below += 1
                if labels[0] == labels[1]:
                    same += 1
                else:
                    changes["↔".join(sorted(labels))] += 1
                    # Both seeds' grades said the loss sits on the edge between these very two labels.
                    flagged += all(
                        d["edge"] is not None and sorted(d["edge"]) == sorted(labels) for d in detail
                    )
            if args.baseline:
                olds = [
                    old_label(analyse(view, continuation=model, worlds=args.worlds, seed=s), act)
                    for s in (1, 2)
                ]
                if olds != ["Best", "Best"]:
                    old_below += 1
                    old_same += olds[0] == olds[1]
        print(
            f"{table} table, {args.student} student: {graded} decisions graded twice, {below} below Best by "
            f"either seed, {stability([r for r in rows if r['table'] == table])}"
        )
        if changes:
            print("  label changes: " + ", ".join(f"{k} {v}" for k, v in changes.most_common()))
            print(
                f"  of the changes, {flagged} were said by both grades to sit on the edge between the two labels"
            )
        if cpu:
            print(
                f"  analysis CPU ms: median {statistics.median(cpu):.0f}, p90 {pct(cpu, 0.9):.0f}, "
                f"worst {max(cpu):.0f}; worlds used: median {statistics.median(used):.0f}, worst {max(used)}"
            )
        if grade_cpu:
            print(
                f"  CPU per graded decision (the hint's analysis and its refinement"
                f"{'' if args.grade_worlds else ', none here'}): mean {statistics.fmean(grade_cpu):.0f} ms, "
                f"median {statistics.median(grade_cpu):.0f}, p90 {pct(grade_cpu, 0.9):.0f}, "
                f"worst {max(grade_cpu):.0f} (over {len(grade_cpu)} grades, two per decision)"
            )
        if refine_cpu:
            print(
                f"  refined after the move: {len(refine_cpu)} of {2 * graded} grades; CPU ms median "
                f"{statistics.median(refine_cpu):.0f}, p90 {pct(refine_cpu, 0.9):.0f}, worst "
                f"{max(refine_cpu):.0f}; worlds median {statistics.median(refine_used):.0f}, "
                f"worst {max(refine_used)}"
            )
            print(
                f"  refinement CPU in all: {sum(refine_cpu) / 1000:.0f} s for {2 * graded} grades "
                f"({sum(refine_cpu) / 1000 / (2 * graded):.2f} s a decision on average); "
                f"{sum(u >= max(refine_used) for u in refine_used)} grades ran to the cap"
            )
        if args.baseline and old_below:
            print(
                f"  baseline (one sample of {args.worlds}, point estimate): same label "
                f"{old_same}/{old_below} = {100 * old_same / old_below:.1f}%"
            )
        total.update(graded=graded, below=below, same=same)
        every_grade_cpu += grade_cpu
    if total["below"]:
        print(
            f"all tables: {total['graded']} decisions, {total['below']} below Best by either seed, "
            f"{stability(rows)}"
        )
    if every_grade_cpu:
        print(
            f"all tables: CPU per graded decision {statistics.fmean(every_grade_cpu):.0f} ms "
            f"(mean over {len(every_grade_cpu)} grades)"
        )
    print("\n".join(cap_lines(rows) + projection(rows)))


if __name__ == "__main__":
    main()
