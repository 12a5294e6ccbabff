"""The average position of each Bid Euchre seat: the baseline of a Bid hand's deal luck.

Usage: ``python benchmarks/bid_luck_baseline.py [--deals 300] [--first 0]
[--out artifacts/bid-luck-baseline.jsonl] [--resume] [--summarise] [--write-data]``

Deals ``--deals`` seeded hands at the Bid table's default rules and plays each with the rule-based
player in every seat. At each seat's first decision with a real choice (the decision the table's luck
is measured at), the Bid advisor values the position as the table's hint does (:func:`analyse` on 200
sampled deals, the rule-based player as the table's model): the best option's expected points, from
that seat's side. The seats are counted from the dealer (1: left of the dealer, who bids first; 2: the
dealer's partner; 3: right of the dealer; 0: the dealer, who bids last). It prints per seat the mean
value, its 95% interval and the sample size, and ``--write-data`` writes them to
``euchre_tutor/data/bid_luck_baseline.json``, which :func:`euchre_tutor.advisor.luck.bid_baseline`
reads (for the default rules only: other rules change what a seat is worth, so they keep 0).
"""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path

from euchre_tutor.advisor.bid import analyse
from euchre_tutor.bid import Deal, Seat
from euchre_tutor.bid.hand import new_hand
from euchre_tutor.bots.bid import RuleBasedPlayer
from euchre_tutor.views.bid import seat_view

TABLE = RuleBasedPlayer()
DATA = Path(__file__).resolve().parent.parent / "euchre_tutor" / "data" / "bid_luck_baseline.json"
DEAL_SEED = 95_000
WORLDS = 200  # the Bid table's hint


def first_values(deal: int) -> dict[int, float]:
    """Each seat's (counted from the dealer) value at its first real decision in one seeded hand."""
    seats = list(Seat)
    dealer = seats[deal % 4]
    state = new_hand(Deal.from_seed(DEAL_SEED + deal, dealer))
    values: dict[int, float] = {}
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        view = seat_view(state, seat)
        rel = (int(seat) - int(dealer)) % 4
        if rel not in values and len(view.legal) > 1:
            values[rel] = analyse(view, continuation=TABLE, worlds=WORLDS, seed=deal).best.ev
        state = state.apply(TABLE.choose(view))
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


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=300)
    ap.add_argument("--first", type=int, default=0)
    ap.add_argument("--out", default="artifacts/bid-luck-baseline.jsonl")
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
        DATA.write_text(
            json.dumps(
                {
                    "what": "the mean expected points (own side minus the other) of a Bid Euchre seat's "
                    "position at its first decision with a real choice, rule-based players, the default "
                    "rules, 0-0 score; seats counted from the dealer (1: left of the dealer ... 0: the dealer)",
                    "measured_by": "benchmarks/bid_luck_baseline.py",
                    "seats": seats,
                },
                indent=1,
            )
            + "\n"
        )
        print(f"wrote {DATA}")


if __name__ == "__main__":
    main()
