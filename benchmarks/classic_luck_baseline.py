"""The average position of each seat at a table of each level: the baseline of a classic hand's deal luck.

Usage: ``python benchmarks/classic_luck_baseline.py --level beginner|club|expert [--deals 600] [--first 0]
[--out artifacts/classic-luck-baseline-LEVEL.jsonl] [--resume] [--summarise] [--write-data]``

Deals ``--deals`` seeded hands at a table of ``--level`` (default club) and plays each with that
level's players in every seat. At each seat's first decision with a real choice (the decision the
table's luck is measured at), the position is valued as that table's hint values it (the tutor's own
source and request: the level's model of the other seats, 200 sampled deals, the level's measured shift
of whichever kind that decision is): the best option's expected points, from that seat's side. The seats
are counted from the dealer (1: left of the dealer, who bids first; 2: the dealer's partner; 3: right of
the dealer; 0: the dealer). It prints per seat the mean value, its 95% interval and the sample size, and
``--write-data`` writes them to ``euchre_tutor/games/classic/data/luck_baseline_LEVEL.json``, which
:func:`~euchre_tutor.games.classic.advisor.table_calibration.table_baseline` reads: the baseline and the
first value it is subtracted from are one kind of figure.

A seat that never has a real choice in a hand (rare: a partner sitting out a loner before it bid)
is not counted.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Callable
from pathlib import Path

from euchre_tutor.games.classic import LUCK_BASELINE
from euchre_tutor.games.classic.advisor.position import write_position
from euchre_tutor.games.classic.bots import LEVELS
from euchre_tutor.games.classic.engine.engine import Deal, Seat, new_hand
from euchre_tutor.games.classic.session.advice import ClassicAdvisorSource, ClassicHintRequest
from euchre_tutor.games.classic.views import seat_view

DATA = Path(__file__).resolve().parent.parent / "euchre_tutor" / "games" / "classic" / LUCK_BASELINE
DEAL_SEED = 90_000
#: the sampled deals of a table's hint (the tutor's default)
HINT_WORLDS = 200


def level_values(level: str) -> Callable[[int], dict[int, float]]:
    """Each seat's (counted from the dealer) value at its first real decision in one seeded hand at a
    table of ``level``: its players in every seat, each decision valued by the table's hint (the tutor's
    source, request and seed), from that seat's side."""
    source = ClassicAdvisorSource()
    players = [LEVELS[level].player(seed=f"baseline/{rel}") for rel in range(4)]

    def values(deal: int) -> dict[int, float]:
        dealer = Seat(deal % 4)
        state = new_hand(Deal.from_seed(DEAL_SEED + deal, dealer))
        found: dict[int, float] = {}
        while not state.is_over:
            seat = state.to_act
            assert seat is not None
            view = seat_view(state, seat)
            rel = (int(seat) - int(dealer)) % 4
            if rel not in found and len(view.legal) > 1:
                position = write_position(state, seat, (0, 0))
                request = ClassicHintRequest(("baseline", deal, rel), position, HINT_WORLDS, deal, level)
                found[rel] = source.analyse(request, lambda _done, _total: None).best.ev
            state = state.apply(players[rel].choose(view))
        return found

    return values


def summarise(rows: list[dict[str, float]]) -> dict[str, dict[str, float]]:
    out: dict[str, dict[str, float]] = {}
    for rel in range(4):
        xs = [r["value"] for r in rows if r["seat"] == rel]
        if len(xs) < 2:
            continue
        n = len(xs)
        mean = sum(xs) / n
        sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / (n - 1))
        out[str(rel)] = {"mean": round(mean, 4), "half_width_95": round(1.96 * sd / math.sqrt(n), 4), "n": n}
    return out


def run_baseline(
    first_values: Callable[[int], dict[int, float]],
    *,
    doc: str | None,
    deals: int,
    out: str,
    data: Path,
    what: str,
    measured_by: str,
) -> None:
    """The command line of a seat baseline (this one's and ``bid_luck_baseline.py``'s): value each seeded
    deal's seats with ``first_values``, log a JSON line per seat, summarise, and with ``--write-data``
    write ``data``."""
    ap = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=deals)
    ap.add_argument("--first", type=int, default=0)
    ap.add_argument("--out", default=out)
    ap.add_argument("--resume", action="store_true")
    ap.add_argument("--summarise", action="store_true")
    ap.add_argument("--write-data", action="store_true")
    args = ap.parse_args()
    path = Path(args.out)
    rows: list[dict[str, float]] = []
    if path.exists() and (args.resume or args.summarise):
        rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    if not args.summarise:
        done = {r["deal"] for r in rows}
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("a" if args.resume else "w") as log:
            for deal in range(args.first, args.first + args.deals):
                if deal in done:
                    continue
                for rel, value in sorted(first_values(deal).items()):
                    row = {"deal": deal, "seat": rel, "value": round(value, 5)}
                    rows.append(row)
                    log.write(json.dumps(row) + "\n")
                log.flush()
    seats = summarise(rows)
    names = {"1": "left of the dealer", "2": "dealer's partner", "3": "right of the dealer", "0": "dealer"}
    for rel, s in seats.items():
        print(
            f"seat {rel} ({names[rel]}): mean {s['mean']:+.4f} ± {s['half_width_95']:.4f} (95%), n = {s['n']}"
        )
    if args.write_data:
        data.write_text(
            json.dumps({"what": what, "measured_by": measured_by, "seats": seats}, indent=1) + "\n"
        )
        print(f"wrote {data}")


def main() -> None:
    level = "club"
    if "--level" in sys.argv:  # the level is this script's own option: the rest is the shared command line
        at = sys.argv.index("--level")
        level = sys.argv[at + 1]
        del sys.argv[at : at + 2]
    if level not in LEVELS:
        raise SystemExit(f"--level is one of {', '.join(LEVELS)}, not {level!r}")
    run_baseline(
        level_values(level),
        doc=__doc__,
        deals=600,
        out=f"artifacts/classic-luck-baseline-{level}.jsonl",
        data=Path(str(DATA).format(level=level)),
        what=f"the mean expected points (own side minus the other) of a seat's position at its first "
        f"decision with a real choice at a {level} table, valued as that table's hint values it (its "
        "model, 200 sampled deals, its measured shift), 0-0 score; seats counted from the dealer",
        measured_by=f"benchmarks/classic_luck_baseline.py --level {level}",
    )


if __name__ == "__main__":
    main()
