"""Invariants over thousands of random deals and random legal play."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_tutor.cards import deck, effective_suit, is_trump
from euchre_tutor.games.solitaire.engine.engine import (
    CardPlayed,
    CardsBurned,
    DealState,
    Play,
    SolitaireDeal,
    deal_points,
    new_deal,
)
from euchre_tutor.games.solitaire.engine.game import SolitaireGame
from euchre_tutor.games.solitaire.rules import SolitaireRules
from euchre_tutor.games.solitaire.views import player_view

deals = st.permutations(list(deck())).map(SolitaireDeal.from_cards)
name_turned = st.booleans()


@st.composite
def played_deals(draw: st.DrawFn) -> tuple[DealState, list[DealState]]:
    deal = draw(deals)
    rules = SolitaireRules(allow_name_turned=draw(name_turned))
    state = new_deal(deal, rules)
    states = [state]
    state = state.apply(draw(st.sampled_from(state.legal_actions())))
    states.append(state)
    while not state.is_over:
        state = state.apply(draw(st.sampled_from(state.legal_actions())))
        states.append(state)
    return state, states


def _accounted(state: DealState) -> list[object]:
    played = [c for t in state.tricks for c in (t.player, t.deck) if c is not None]
    lead = [state.deck_lead] if state.deck_lead else []
    turn = [state.deal.turn] if state.trump is None else []
    return [*state.hand, *state.stock, *state.burned, *played, *lead, *turn]


@settings(deadline=None, max_examples=1500)
@given(played_deals())
def test_cards_conserved_five_tricks_and_scores(game: tuple[DealState, list[DealState]]) -> None:
    final, states = game
    for s in states:
        cards = _accounted(s)
        assert sorted(c.index for c in cards) == sorted(c.index for c in deck())  # type: ignore[attr-defined]
    assert len(final.tricks) == 5
    assert sum(1 for t in final.tricks if t.winner == "player") == final.tricks_won
    p, d, _ = deal_points(final.tricks_won, final.alone)
    assert final.points == (p, d)
    assert (p == 0) != (d == 0)  # exactly one side scores
    # every card played is recorded as an event, and every burn too
    in_order = [(t.deck, t.player) if t.leader == "deck" else (t.player, t.deck) for t in final.tricks]
    played = [c for pair in in_order for c in pair if c is not None]
    assert [e.card for e in final.events if isinstance(e, CardPlayed)] == played
    burned = [c for e in final.events if isinstance(e, CardsBurned) for c in e.cards]
    assert burned == list(final.burned)


@settings(deadline=None, max_examples=1500)
@given(played_deals())
def test_the_deck_plays_the_first_eligible_card(game: tuple[DealState, list[DealState]]) -> None:
    final, states = game
    trump = final.trump
    for before, after in itertools.pairwise(states):
        if before.deck_lead is not None or after.tricks == before.tricks:
            continue
        trick = after.tricks[len(before.tricks)]
        if trick.leader != "player":
            continue
        assert trick.player is not None
        led = effective_suit(trick.player, trump)
        turned = before.stock[: len(trick.burned) + (1 if trick.deck else 0)]
        for card in trick.burned:
            assert effective_suit(card, trump) is not led and not is_trump(card, trump)
        if trick.deck is not None:
            assert turned[-1] == trick.deck
            assert effective_suit(trick.deck, trump) is led or is_trump(trick.deck, trump)
        else:
            assert trick.burned == before.stock and after.is_over


@settings(deadline=None, max_examples=1500)
@given(played_deals())
def test_follow_suit_is_enforced(game: tuple[DealState, list[DealState]]) -> None:
    _final, states = game
    for s in states:
        if s.deck_lead is None:
            continue
        led = effective_suit(s.deck_lead, s.trump)
        holding = [c for c in s.hand if effective_suit(c, s.trump) is led]
        legal = s.legal_plays()
        assert set(legal) == set(holding or s.hand)
        for card in s.hand:
            if card not in legal:
                try:
                    s.apply(Play(card))
                except ValueError:
                    continue
                raise AssertionError(f"{card} was accepted although it revokes")


@settings(deadline=None, max_examples=500)
@given(played_deals())
def test_view_hides_only_the_stock_order(game: tuple[DealState, list[DealState]]) -> None:
    _final, states = game
    for s in states:
        v = player_view(s)
        known = {c for c in (v.known_top, v.known_bottom) if c is not None}
        assert v.unseen | known == set(s.stock) or s.trump is None
        assert v.stock_size == len(s.stock)
        assert not (v.unseen & set(s.hand))


@settings(deadline=None, max_examples=300)
@given(st.integers(0, 2**31), st.data())
def test_game_undo_redo_and_save_load(seed: int, data: st.DataObject) -> None:
    game = SolitaireGame(SolitaireRules(target=data.draw(st.integers(1, 6))), seed=seed)
    snapshots = [game.state]
    while not game.state.is_over:
        if game.state.needs_deal:
            game.new_deal()
        else:
            game.apply(data.draw(st.sampled_from(game.state.legal_actions())))
        snapshots.append(game.state)
    assert game.state.winner in ("player", "deck")
    assert max(game.state.score) >= game.rules.target
    total = [sum(r.points[i] for r in game.state.history) for i in (0, 1)]
    assert tuple(total) == game.state.score
    # save/load round-trips to the identical state
    loaded = SolitaireGame.loads(game.dumps())
    assert loaded.state == game.state and loaded.actions == game.actions
    # undo to any decision, then redo back: identical states all the way
    back = data.draw(st.integers(0, len(snapshots) - 1))
    for _ in range(len(snapshots) - 1 - back):
        game.undo()
    assert game.state == snapshots[back]
    while game.can_redo:
        game.redo()
    assert game.state == snapshots[-1]
