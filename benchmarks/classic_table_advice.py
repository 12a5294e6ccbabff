"""Which advice scores more at a table of one level: a student who always takes the hint, two ways.

Usage: ``python benchmarks/classic_table_advice.py [--level beginner] [--deals 2000] [--start 0]
[--a-slip 0.3] [--b-slip 0] [--a-open W] [--b-open W] [--worlds 200] [--out artifacts/advice-LEVEL-A-B]``, or
``python benchmarks/classic_table_advice.py --summary RUN.jsonl [RUN.jsonl ...]``

The student sits South among three of the table's own players (``--level``: ``beginner``, with
its slips, ``club`` or ``expert``), and takes the advisor's best action every time: the Expert player
with the table's model of its players (``ExpertPlayer(table=LEVEL)``). The two kinds of advice differ
only in how the bids' play-outs play the cards: with the Beginner's slips (``--a-slip``, the chance)
or as the Club player (``--b-slip 0``), and with a weight of card play with every hand open beside
the Club player's (``--a-open`` / ``--b-open``, 0 by default; see ``analyse``'s ``playout_open``).
Card play is valued with every hand open either way, so the two students play their cards alike.
The Expert table's question (issue 37)::

    python benchmarks/classic_table_advice.py --level expert --a-slip 0 --a-open 0.5 --deals 2000

Every deal (seeded, the dealer rotating) is played twice, A then B at South, with the same cards and
the same seeded players in the other seats (a Beginner's slip is drawn from its seed and its view,
so it slips alike wherever the two plays are alike): a duplicate pair at one seat, the luck of the
cards cancelled. When the two students bid alike the two plays are the same hand and the deal's
figure is exactly 0: the card play is then skipped. Otherwise both are played out, and the deal's
figure is A's side's points (its team's minus the other's) minus B's. It prints A's mean over B per
deal with a 95% interval, the deals whose bidding differed, and the mean over those deals.

Each run writes its deals to a file of its own, ``OUT/FIRST-LAST.jsonl``, refuses deals already in a
run there, and summarises itself; ``--summary`` summarises exactly the run files it names.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from classic_expert_duel import paired  # the script beside this one
from run_files import claim, interval, read_runs

from euchre_tutor.games.classic.bots import LEVELS, ExpertPlayer, Player
from euchre_tutor.games.classic.engine.engine import Deal, Seat, new_hand


def seated(i: int, level: str, slip: float, worlds: int, open_hands: float = 0.0) -> dict[Seat, Player]:
    """One play of deal ``i``: the student (advice with play-outs slipping ``slip``, open hands weighing
    ``open_hands``) South, the table's players (seeded by the deal) elsewhere."""
    others: dict[Seat, Player] = {s: LEVELS[level].player(seed=f"{i}{s}") for s in (Seat.N, Seat.E, Seat.W)}
    student = ExpertPlayer(
        worlds=worlds, seed=f"{i}S", table=level, playout_slip=slip, playout_open=open_hands
    )
    return {**others, Seat.S: student}


def side(points: tuple[int, ...]) -> float:
    """South's side's points minus the other side's."""
    return float(points[Seat.S.team.index] - points[1 - Seat.S.team.index])


def deal_record(
    i: int, level: str, a: float, b: float, worlds: int, a_open: float = 0.0, b_open: float = 0.0
) -> dict[str, object]:
    start = new_hand(Deal.from_seed(95_000 + i, Seat(i % 4)))
    ends = paired(start, seated(i, level, a, worlds, a_open), seated(i, level, b, worlds, b_open))
    return {
        "level": level,
        "a_slip": a,
        "b_slip": b,
        **({"a_open": a_open, "b_open": b_open} if a_open or b_open else {}),
        "worlds": worlds,
        "deal": i,
        "same_bidding": ends is None,
        "a": 0.0 if ends is None else side(ends[0].points()) - side(ends[1].points()),
    }


def summary(recs: list[dict[str, object]]) -> None:
    settings = {
        (r["level"], r["a_slip"], r["b_slip"], r.get("a_open", 0.0), r.get("b_open", 0.0), r["worlds"])
        for r in recs
    }
    if len(settings) != 1:
        raise SystemExit(
            "one level, one pair of slips, one pair of open-hand weights and one --worlds per summary, not "
            f"{sorted(map(str, settings))}"
        )
    ((level, a, b, a_open, b_open, worlds),) = settings
    values = [float(r["a"]) for r in recs]  # type: ignore[arg-type]
    mean, half = interval(values)
    differ = [float(r["a"]) for r in recs if not r["same_bidding"]]  # type: ignore[arg-type]
    print(
        f"{level} table, the student South takes the hint ({worlds} worlds): A's play-outs slip {a}, B's {b}"
        f"{f'; open hands weigh {a_open} in A, {b_open} in B' if a_open or b_open else ''}: {len(values)} deals"
    )
    print(f"  A's side's points per deal over B's: {mean:+.4f} ± {half:.4f} (95%)")
    print(f"  deals whose bidding differed: {len(differ)} ({100 * len(differ) / len(values):.1f}%)")
    if len(differ) > 1:
        dm, dh = interval(differ)
        print(f"  over those deals: {dm:+.3f} ± {dh:.3f} (95%)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--level", default="beginner", choices=["beginner", "club", "expert"])
    ap.add_argument("--deals", type=int, default=2000)
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--a-slip", type=float, default=0.3)
    ap.add_argument("--b-slip", type=float, default=0.0)
    ap.add_argument(
        "--a-open", type=float, default=0.0, help="A's weight of open-hand card play in play-outs"
    )
    ap.add_argument(
        "--b-open", type=float, default=0.0, help="B's weight of open-hand card play in play-outs"
    )
    ap.add_argument("--worlds", type=int, default=200)
    ap.add_argument("--out", default="artifacts/advice-LEVEL-A-B", help="the runs' directory")
    ap.add_argument("--summary", nargs="+", metavar="RUN", help="summarise exactly these run files")
    args = ap.parse_args()
    if args.summary:
        summary(read_runs([Path(p) for p in args.summary], "deal"))
        return
    a_name = f"slip{args.a_slip:g}" + (f"-open{args.a_open:g}" if args.a_open else "")
    b_name = f"slip{args.b_slip:g}" + (f"-open{args.b_open:g}" if args.b_open else "")
    where = args.out.replace("LEVEL", args.level).replace("A-B", f"{a_name}-{b_name}")
    where += "" if args.worlds == 200 else f"-w{args.worlds}"
    out = claim(Path(where), args.start, args.deals)
    t0 = time.process_time()
    with out.open("x") as f:
        for i in range(args.start, args.start + args.deals):
            rec = deal_record(i, args.level, args.a_slip, args.b_slip, args.worlds, args.a_open, args.b_open)
            f.write(json.dumps(rec) + "\n")
            f.flush()
    print(f"{args.deals} deals in {time.process_time() - t0:.0f} s CPU: {out}")
    summary(read_runs([out], "deal"))


if __name__ == "__main__":
    main()
