"""Expert against Expert: today's Expert player against a fixed baseline, seat-swapped duplicate hands.

Usage: ``python benchmarks/classic_expert_duel.py [--deals 500] [--start 0] [--a expert] [--b club]
[--worlds 200] [--out artifacts/duel-A-B]``, or ``python benchmarks/classic_expert_duel.py --summary
RUN.jsonl [RUN.jsonl ...]``

``--a`` and ``--b`` name the model each Expert values its bids with (``ExpertPlayer(table=...)``:
``expert`` is today's Expert, ``club`` the Expert before the Expert-table model, kept as the fixed
baseline). Every deal (seeded, the dealer rotating) is played twice with the standard rules: A at
North-South and B at East-West, then the same cards with the sides swapped. A deal's figure is A's
points minus B's over the two plays, halved: points per hand, the luck of the cards cancelled.

Both players play their cards alike (the same double-dummy sampling with the same seed per deal and
seat), so when both plays reach the first lead with the same bidding the two plays are the same hand
with the sides swapped and the deal's figure is exactly 0: the card play is then skipped (it could
only give 0). The others are played to the end. It prints A's mean with a 95% interval (1.96 sd /
sqrt(deals)), the deals whose bidding differed, and how often each side made trump, went alone and
was euchred. Each run writes its deals to a file of its own, ``OUT/FIRST-LAST.jsonl`` (``--out``'s
``A-B`` replaced by the two models, ``-wN`` added for another ``--worlds``), refuses deals already
in a run there (extend with another ``--start``), and summarises itself; ``--summary`` summarises
exactly the run files it names (one pair of models and one ``--worlds``, each deal once).
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Mapping
from pathlib import Path

from run_files import claim, interval, read_runs  # the script beside this one

from euchre_tutor.games.classic.bots import ExpertPlayer, Player
from euchre_tutor.games.classic.engine.engine import Deal, HandState, Phase, Seat, new_hand
from euchre_tutor.games.classic.views import seat_view


def players(i: int, a: str, b: str, worlds: int, ns: str) -> dict[Seat, ExpertPlayer]:
    """The four Experts of one play of deal ``i``, ``ns``'s model at North-South, seeded per deal and seat."""
    ew = b if ns == a else a
    models = {Seat.N: ns, Seat.S: ns, Seat.E: ew, Seat.W: ew}
    return {s: ExpertPlayer(worlds=worlds, seed=f"{i}{s}", table=m) for s, m in models.items()}


def advance(state: HandState, seated: Mapping[Seat, Player], until_play: bool) -> HandState:
    """Play on (to the first lead with ``until_play``, else to the end), each seat's player choosing
    where it has a choice (``benchmarks/classic_table_advice.py`` pairs its plays alike)."""
    while not state.is_over and not (until_play and state.phase is Phase.PLAY):
        seat = state.to_act
        assert seat is not None
        view = seat_view(state, seat)
        state = state.apply(view.legal[0] if len(view.legal) == 1 else seated[seat].choose(view))
    return state


def paired(
    start: HandState, one: Mapping[Seat, Player], two: Mapping[Seat, Player]
) -> tuple[HandState, HandState] | None:
    """Both plays of a deal to the end, or None when they bid alike: the same hand then, so the card
    play, which could only give the same points, is skipped."""
    first, second = advance(start, one, True), advance(start, two, True)
    if first.history == second.history:
        return None
    return advance(first, one, False), advance(second, two, False)


def deal_record(i: int, a: str, b: str, worlds: int) -> dict[str, object]:
    start = new_hand(Deal.from_seed(90_000 + i, Seat(i % 4)))
    ends_of = paired(start, players(i, a, b, worlds, a), players(i, a, b, worlds, b))
    rec: dict[str, object] = {
        "a_model": a,
        "b_model": b,
        "worlds": worlds,
        "deal": i,
        "same_bidding": ends_of is None,
    }
    if ends_of is None:
        rec["a"] = 0.0
        ends = []
    else:
        end1, end2 = ends_of
        p1, p2 = end1.points(), end2.points()
        # A sits North-South (team 0) in the first play and East-West (team 1) in the second.
        rec["a"] = ((p1[0] - p1[1]) + (p2[1] - p2[0])) / 2
        ends = [(end1, 0), (end2, 1)]
    for end, a_team in ends:
        if end.maker is None:
            continue
        side = "a" if end.maker.team.index == a_team else "b"
        made = end.points()[end.maker.team.index] > 0
        rec.setdefault("makers", []).append({"side": side, "alone": bool(end.alone), "euchred": not made})  # type: ignore[union-attr]
    return rec


def summary(recs: list[dict[str, object]]) -> None:
    settings = {(r["a_model"], r["b_model"], r["worlds"]) for r in recs}
    if len(settings) != 1:
        raise SystemExit(f"one pair of models and one --worlds per summary, not {sorted(map(str, settings))}")
    ((a, b, worlds),) = settings
    values = [float(r["a"]) for r in recs]  # type: ignore[arg-type]
    n = len(values)
    mean, half = interval(values)
    differ = sum(1 for r in recs if not r["same_bidding"])
    print(f"A = Expert(table={a}), B = Expert(table={b}), {worlds} worlds: {n} deals, {2 * n} hands")
    print(f"  A's points per hand over B: {mean:+.3f} ± {half:.3f} (95%)")
    print(f"  deals whose bidding differed between the two plays: {differ} ({100 * differ / n:.0f}%)")
    makers = [m for r in recs for m in r.get("makers", [])]  # type: ignore[attr-defined]
    for side in ("a", "b"):
        mine = [m for m in makers if m["side"] == side]
        if mine:
            print(
                f"  in those deals {side.upper()} made trump {len(mine)} times, alone {sum(m['alone'] for m in mine)}, "
                f"euchred {sum(m['euchred'] for m in mine)} ({100 * sum(m['euchred'] for m in mine) / len(mine):.0f}%)"
            )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=500)
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--a", default="expert", choices=["beginner", "club", "expert"])
    ap.add_argument("--b", default="club", choices=["beginner", "club", "expert"])
    ap.add_argument("--worlds", type=int, default=200)
    ap.add_argument("--out", default="artifacts/duel-A-B", help="the runs' directory (A-B: the models)")
    ap.add_argument("--summary", nargs="+", metavar="RUN", help="summarise exactly these run files")
    args = ap.parse_args()
    if args.summary:
        summary(read_runs([Path(p) for p in args.summary], "deal"))
        return
    where = args.out.replace("A-B", f"{args.a}-{args.b}")
    where += "" if args.worlds == 200 else f"-w{args.worlds}"
    out = claim(Path(where), args.start, args.deals)
    t0 = time.process_time()
    with out.open("x") as f:
        for i in range(args.start, args.start + args.deals):
            f.write(json.dumps(deal_record(i, args.a, args.b, args.worlds)) + "\n")
            f.flush()
    print(f"{args.deals} deals in {time.process_time() - t0:.0f} s CPU: {out}")
    summary(read_runs([out], "deal"))


if __name__ == "__main__":
    main()
