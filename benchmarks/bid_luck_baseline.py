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
``euchre_tutor/games/bid/data/luck_baseline.json``, which :func:`euchre_tutor.advisor.luck.measured_baseline`
reads (for the default rules only: other rules change what a seat is worth, so they keep 0).
"""

from __future__ import annotations

from pathlib import Path

from classic_luck_baseline import run_baseline  # the script beside this one: one command line for both

from euchre_tutor.games.bid.advisor import analyse
from euchre_tutor.games.bid.bots import RuleBasedPlayer
from euchre_tutor.games.bid.engine import Deal, Seat
from euchre_tutor.games.bid.engine.hand import new_hand
from euchre_tutor.games.bid.views import seat_view

TABLE = RuleBasedPlayer()
DATA = Path(__file__).resolve().parent.parent / "euchre_tutor/games/bid/data/luck_baseline.json"
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


def main() -> None:
    run_baseline(
        first_values,
        doc=__doc__,
        deals=300,
        out="artifacts/bid-luck-baseline.jsonl",
        data=DATA,
        what="the mean expected points (own side minus the other) of a Bid Euchre seat's position at its "
        "first decision with a real choice, rule-based players, the default rules, 0-0 score; seats counted "
        "from the dealer (1: left of the dealer ... 0: the dealer)",
        measured_by="benchmarks/bid_luck_baseline.py",
    )


if __name__ == "__main__":
    main()
