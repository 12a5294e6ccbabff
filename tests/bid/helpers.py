"""Small builders for the Bid Euchre tests: explicit deals and played-out action lists."""

from __future__ import annotations

from euchre_tutor.games.bid.engine import Deal, HandState, new_hand
from euchre_tutor.games.bid.rules import BidRules

# A deal with one hand per suit-ish (dealer N, so East bids first): East holds the six best hearts
# (J♥ J♦ A♥ K♥ Q♥ 10♥), West the six best spades but the left bower, North the clubs.
HANDS = {
    "N": "9C TC QC KC AC 9D",
    "E": "JH JD AH KH QH TH",
    "S": "TD QD KD AD 9H 9S",
    "W": "TS JS QS KS AS JC",
}


def deal(
    hands: dict[str, str] = HANDS, rules: BidRules | None = None, dealer: str = "N", kitty: str | None = None
) -> Deal:
    return Deal.from_hands(
        dealer,
        {s: h.split() for s, h in hands.items()},
        rules or BidRules(),
        None if kitty is None else kitty.split(),
    )


def play(
    actions: str | list[str],
    hands: dict[str, str] = HANDS,
    rules: BidRules | None = None,
    dealer: str = "N",
    kitty: str | None = None,
) -> HandState:
    """The state after the actions (a list, or one string with actions separated by commas)."""
    r = rules or BidRules()
    state = new_hand(deal(hands, r, dealer, kitty), r)
    for a in actions.split(",") if isinstance(actions, str) else actions:
        if a.strip():
            state = state.apply(a.strip())
    return state


def first_legal_to_end(state: HandState) -> HandState:
    while not state.is_over:
        state = state.apply(state.legal_actions()[0])
    return state
