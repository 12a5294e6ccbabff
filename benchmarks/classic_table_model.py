"""How Expert players bid, measured: the thresholds of the advisor's Expert-table model.

Usage: ``python benchmarks/classic_table_model.py [--hands 600] [--start 0] [--table club|expert]
[--out artifacts/expert-bids-TABLE]``, or ``python benchmarks/classic_table_model.py --summary RUN.jsonl
[RUN.jsonl ...]``

Plays ``--hands`` seeded hands with the Expert player (200 worlds) in every seat; ``--table`` is
the model the Expert itself values its bids with (``club``: the Expert before the Expert-table
model; ``expert``: today's). For every bid it records where the seat speaks, the rule-based
player's point count for the bid (the round-1 count with the up card; in round 2 the best suit's),
and what the Expert and the rule-based player did. It then fits, by seat and round, the count
from which a seat bids that agrees best with the Expert's bids, and the count from which it goes
alone, and prints them with their agreement against the Club player's fixed thresholds, and
:data:`~euchre_tutor.games.classic.bots.EXPERT_BIDDING`'s agreement. At the start of play it also
records the makers' tricks that the double-dummy solver and the Club card play predict against
those the Experts took (the card-play model's bias at an Expert table).

A fitted threshold agrees best with the very bids it was fitted on, so its agreement there flatters
it: beside it the script prints the agreement on hands it was not fitted on (two folds, even and odd
hands: fitted on one, judged on the other). :data:`EXPERT_BIDDING` itself was fitted by this script
(``--table club``) on hands 0-660 (:data:`MODEL_FITTED_ON`): at ``--table club`` its agreement is
printed on those hands and on the others apart.

Each run writes its hands to a file of its own, ``OUT/FIRST-LAST.jsonl`` (``--out``'s ``TABLE``
replaced by ``--table``), refuses hands already in a run there, and summarises itself;
``--summary`` summarises exactly the run files it names (one ``--table``, each hand once).
"""

from __future__ import annotations

import argparse
import json
import statistics
from collections import defaultdict
from pathlib import Path

from run_files import claim, read_runs  # the script beside this one

from euchre_tutor.games.classic.advisor import dd
from euchre_tutor.games.classic.bots import EXPERT_BIDDING, ExpertPlayer, RuleBasedPlayer
from euchre_tutor.games.classic.engine.engine import Deal, HandState, Phase, Seat, new_hand
from euchre_tutor.games.classic.views import SeatView, seat_view

CLUB = RuleBasedPlayer()
WHERE = ("dealer's left", "second", "third", "dealer")
MODEL_FITTED_ON = range(0, 661)  # the hands EXPERT_BIDDING's thresholds were fitted on (--table club)


def count(view: SeatView) -> float:
    if view.phase is Phase.ROUND_1:
        return CLUB._up_count(view).points
    return CLUB._best_call(view)[0]


def play(i: int, table: str) -> dict[str, object]:
    state = new_hand(Deal.from_seed(10_000 + i, Seat(i % 4)))
    expert = ExpertPlayer(worlds=200, seed=i, table=table)
    bids = []
    start: HandState | None = None
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        view = seat_view(state, seat)
        act = expert.choose(view)
        if view.phase in (Phase.ROUND_1, Phase.ROUND_2) and len(view.legal) > 1:
            seats = view.seat.seating.seats
            bids.append(
                {
                    "round": 1 if view.phase is Phase.ROUND_1 else 2,
                    "where": (seats.index(seat) - seats.index(view.dealer) - 1) % 4,
                    "points": count(view),
                    "expert": str(act),
                    "club": str(CLUB.choose(view)),
                    "model": str(EXPERT_BIDDING.choose(view)),
                }
            )
        state = state.apply(act)
        if state.phase is Phase.PLAY and start is None:
            start = state
    rec: dict[str, object] = {"table": table, "hand": i, "bids": bids}
    if start is not None and start.maker is not None:
        rec["real"] = state.tricks_won(start.maker.team)
        rec["dd"] = dd.solve(start)
        rec["club"] = dd.rollout(start)
    return rec


def fit(rows: list[tuple[float, bool]]) -> tuple[float, float]:
    """The threshold (in quarter points) that best separates bids from passes, and its agreement."""
    best = (0.0, -1.0)
    for q in range(0, 61):
        t = q / 4
        agree = sum((p >= t) == b for p, b in rows) / len(rows)
        if agree > best[1]:
            best = (t, agree)
    return best


def held_out(rows: list[tuple[int, float, bool]]) -> float | None:
    """The agreement of a fitted threshold on hands it was not fitted on: fitted on the even hands and
    judged on the odd, then the reverse, pooled (None when a fold is empty)."""
    agree = judged = 0
    for fold in (0, 1):
        fitted = [(p, b) for h, p, b in rows if h % 2 == fold]
        judge = [(p, b) for h, p, b in rows if h % 2 != fold]
        if not fitted or not judge:
            return None
        t, _ = fit(fitted)
        agree += sum((p >= t) == b for p, b in judge)
        judged += len(judge)
    return agree / judged


def pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.0f}%"


def summary(recs: list[dict[str, object]]) -> None:
    tables = {str(r["table"]) for r in recs}
    if len(tables) != 1:
        raise SystemExit(f"one --table per summary, not {sorted(tables)}")
    (table,) = tables
    bids = [{**b, "hand": r["hand"]} for r in recs for b in r["bids"]]  # type: ignore[attr-defined]
    print(f"table {table}: {len(recs)} hands, {len(bids)} bids with a choice")
    groups: dict[tuple[int, int], list[dict[str, object]]] = defaultdict(list)
    for b in bids:
        groups[(int(b["round"]), int(b["where"]))].append(b)
    split = table == "club"  # EXPERT_BIDDING was fitted on some of these hands
    print(
        f"  {'round':<6}{'seat':<15}{'n':>5}{'Expert bids':>12}{'Club bids':>10}{'fit from':>10}{'agree':>7}"
        f"{'held out':>9}{'Club':>7}{'model':>7}" + (f"{'fitted':>8}{'others':>8}" if split else "")
    )

    def agreement(rows: list[dict[str, object]]) -> float | None:
        if not rows:
            return None
        return sum((b["model"] != "pass") == (b["expert"] != "pass") for b in rows) / len(rows)

    for (rnd, where), rows in sorted(groups.items()):
        made = [(float(b["points"]), b["expert"] != "pass") for b in rows]  # type: ignore[arg-type]
        t, agree = fit(made)
        out = held_out([(int(b["hand"]), p, m) for b, (p, m) in zip(rows, made, strict=True)])  # type: ignore[call-overload]
        club = sum((b["club"] != "pass") == (b["expert"] != "pass") for b in rows) / len(rows)
        rate = sum(m for _, m in made) / len(made)
        crate = sum(b["club"] != "pass" for b in rows) / len(rows)
        line = (
            f"  {rnd:<6}{WHERE[where]:<15}{len(rows):>5}{100 * rate:>11.0f}%{100 * crate:>9.0f}%{t:>10.2f}"
            f"{100 * agree:>6.0f}%{pct(out):>9}{100 * club:>6.0f}%{pct(agreement(rows)):>7}"
        )
        if split:
            inside = [b for b in rows if b["hand"] in MODEL_FITTED_ON]
            outside = [b for b in rows if b["hand"] not in MODEL_FITTED_ON]
            line += f"{pct(agreement(inside)):>8}{pct(agreement(outside)):>8}"
        print(line)
    alone = [
        (int(b["hand"]), float(b["points"]), "alone" in str(b["expert"]))
        for b in bids
        if b["expert"] != "pass"
    ]  # type: ignore[call-overload, arg-type]
    if alone:
        t, agree = fit([(p, a) for _, p, a in alone])
        print(
            f"  alone: {sum(a for *_, a in alone)} of {len(alone)} Expert bids; fitted from {t:.2f} points "
            f"({100 * agree:.0f}% agree on the bids fitted, {pct(held_out(alone))} on hands held out)"
        )
    played = [r for r in recs if "real" in r]
    if played:
        made_share = len(played) / len(recs)
        print(f"  trump made in {100 * made_share:.0f}% of hands")
        for k in ("dd", "club"):
            d = [float(r[k]) - float(r["real"]) for r in played]  # type: ignore[arg-type]
            half = 1.96 * statistics.stdev(d) / len(d) ** 0.5 if len(d) > 1 else float("nan")
            print(
                f"  makers' tricks, {k} prediction minus the Experts' own: {statistics.mean(d):+.3f} ± {half:.3f}"
            )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--hands", type=int, default=600)
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--table", choices=["club", "expert"], default="expert")
    ap.add_argument(
        "--out", default="artifacts/expert-bids-TABLE", help="the runs' directory (TABLE: --table)"
    )
    ap.add_argument("--summary", nargs="+", metavar="RUN", help="summarise exactly these run files")
    args = ap.parse_args()
    if args.summary:
        summary(read_runs([Path(p) for p in args.summary], "hand"))
        return
    out = claim(Path(args.out.replace("TABLE", args.table)), args.start, args.hands)
    with out.open("x") as f:
        for i in range(args.start, args.start + args.hands):
            f.write(json.dumps(play(i, args.table)) + "\n")
            f.flush()
    print(out)
    summary(read_runs([out], "hand"))


if __name__ == "__main__":
    main()
