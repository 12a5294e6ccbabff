"""Seeded classic and Bid Euchre positions and the double-dummy answers recorded for them.

Not a test module: ``tests/advisor/test_trickdd.py`` regenerates the positions and compares the
search's answers (both backends) with ``tests/data/dd_answers.json``; running this file as a
script (``python -m tests.advisor.dd_recorded``) writes that file from the current search. The
answers were first recorded from the two searches the shared one replaced, so the comparison
holds the shared search to their figures.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from euchre_tutor.games.bid.advisor import dd as bid_dd
from euchre_tutor.games.bid.engine import HandState as BidState
from euchre_tutor.games.classic.advisor import dd as classic_dd
from euchre_tutor.games.classic.engine.engine import HandState as ClassicState

from .bid import positions as bid_positions
from .classic import test_dd_positions as classic_positions

ANSWERS = Path(__file__).resolve().parent.parent / "data" / "dd_answers.json"
CLASSIC_PER_RULE_SET = 15
BID_PER_RULE_SET = 30


def classic_states() -> list[ClassicState]:
    """Start of play, later tricks and mid-trick positions under every classic rule set."""
    rng = random.Random("recorded classic")
    out = []
    for _, rules in sorted(classic_positions.RULE_SETS.items()):
        for i in range(CLASSIC_PER_RULE_SET):
            state = classic_positions.start_of_play(rules, rng)
            least = len(state.active_seats) if rules.players == 6 else 0
            cards = 0 if i % 4 == 0 and least == 0 else rng.randrange(least, 25)
            out.append(classic_positions.play_randomly(state, cards, rng))
    return out


def bid_states() -> list[BidState]:
    """Single-deck hands at their first lead and endings of one to five tricks under every rule set."""
    rng = random.Random("recorded bid")
    out = []
    for _, rules in sorted(bid_positions.RULE_SETS.items()):
        for i in range(BID_PER_RULE_SET):
            if not rules.double_deck and i % 3 == 0:
                out.append(bid_positions.start_of_play(rules, rng))
            else:
                out.append(bid_positions.ending(rules, rng, rng.randint(1, 5)))
    return out


def fingerprint(state: ClassicState | BidState) -> str:
    """Who holds what and what lies on the table: enough to see a regenerated position is the same."""
    hands = " / ".join(" ".join(map(str, hand)) for hand in state.hands)
    table = " ".join(f"{seat}:{card}" for seat, card in state.trick_plays)
    return f"{state.trump} {state.notrump} {state.to_act} | {hands} | {table} | {len(state.tricks)}"


def classic_answers(states: list[ClassicState], backend: str) -> list[dict[str, Any]]:
    solved = classic_dd.solve_many(states, backend=backend)
    values = classic_dd.card_values_many(states, backend=backend)
    rolled = classic_dd.rollout_many(states, backend=backend)
    return [
        {"solve": s, "card_values": {str(c): v for c, v in cv.items()}, "rollout": r}
        for s, cv, r in zip(solved, values, rolled, strict=True)
    ]


def bid_answers(states: list[BidState], backend: str) -> list[dict[str, Any]]:
    solved = bid_dd.solve_many(states, backend=backend)
    values = bid_dd.card_values_many(states, backend=backend)
    return [
        {"solve": s, "card_values": {str(c): v for c, v in cv.items()}}
        for s, cv in zip(solved, values, strict=True)
    ]


def record() -> None:
    classic = classic_states()
    bid = bid_states()
    data = {
        "classic": [
            {"position": fingerprint(s), **a}
            for s, a in zip(classic, classic_answers(classic, classic_dd.BACKEND), strict=True)
        ],
        "bid": [
            {"position": fingerprint(s), **a}
            for s, a in zip(bid, bid_answers(bid, bid_dd.BACKEND), strict=True)
        ],
    }
    ANSWERS.write_text(json.dumps(data, indent=0, sort_keys=True) + "\n")
    print(f"{len(classic)} classic and {len(bid)} Bid positions written to {ANSWERS}")


if __name__ == "__main__":
    record()
