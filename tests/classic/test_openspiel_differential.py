"""Differential test against OpenSpiel's C++ euchre: identical deals, random legal actions.

At every step both engines must agree on who acts and on the exact set of legal
actions (OpenSpiel's ``legal_actions()``; its ``apply_action`` does not check
follow-suit, so only legal actions are ever applied). At the end the tricks
(leader, cards, winner) and the per-seat returns must agree.
"""

from __future__ import annotations

import random

import pytest

from euchre_tutor.cards import deck
from euchre_tutor.games.classic.engine.engine import Deal, HandState, Seat, new_hand
from euchre_tutor.games.classic.engine.openspiel import action_id, card_id, chance_actions
from euchre_tutor.games.classic.rules import preset

pyspiel = pytest.importorskip("pyspiel")

HANDS = 2000

PARAMS = {
    "openspiel": {},
    "openspiel-lone-defender": {"allow_lone_defender": True},
}


def play_one(game: object, rules_name: str, rng: random.Random) -> HandState:
    cards = list(deck())
    rng.shuffle(cards)
    deal = Deal.from_order(cards, Seat(rng.randrange(4)))
    ours = new_hand(deal, preset(rules_name))
    theirs = game.new_initial_state()  # type: ignore[attr-defined]
    for a in chance_actions(deal):
        assert a in theirs.legal_actions()
        theirs.apply_action(a)
    while not ours.is_over:
        assert not theirs.is_terminal()
        assert theirs.current_player() == int(ours.to_act)
        legal = {action_id(a, ours): a for a in ours.legal_actions()}
        assert len(legal) == len(ours.legal_actions())
        assert sorted(legal) == theirs.legal_actions(), str(theirs)
        choice = rng.choice(sorted(legal))
        ours = ours.apply(legal[choice])
        theirs.apply_action(choice)
    assert theirs.is_terminal()
    returns = theirs.returns()
    pts = ours.points()
    for seat in Seat:
        mine = pts[seat % 2] - pts[1 - seat % 2]
        assert returns[seat] == mine, (str(theirs), pts)
    if ours.passed_out:
        assert ours.trump is None
        return ours
    their_tricks = theirs.tricks()
    assert len(their_tricks) == len(ours.tricks) == 5
    for mine_t, t in zip(ours.tricks, their_tricks, strict=True):
        assert t.leader() == int(mine_t.leader)
        assert list(t.cards()) == [card_id(c) for c in mine_t.cards]
        assert t.winner() == int(mine_t.winner)
    assert theirs.declarer() == int(ours.maker)  # type: ignore[arg-type]
    their_lone = theirs.lone_defender()
    assert (None if their_lone < 0 else Seat(their_lone)) == ours.lone_defender
    assert bool(theirs.declarer_go_alone()) == ours.alone
    return ours


@pytest.mark.parametrize("rules_name", sorted(PARAMS))
def test_agrees_with_openspiel(rules_name: str) -> None:
    game = pyspiel.load_game("euchre", PARAMS[rules_name])
    rng = random.Random(f"diff:{rules_name}")
    alone = lone = 0
    for _ in range(HANDS):
        end = play_one(game, rules_name, rng)
        alone += end.alone
        lone += end.lone_defender is not None
    # Random play goes alone often: the special paths were really exercised.
    assert alone > 100
    if rules_name == "openspiel-lone-defender":
        assert lone > 100
