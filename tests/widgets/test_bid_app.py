"""Headless tests of the Bid Euchre table: handlers driven with Button.click().

ipywidgets swallows exceptions raised in click handlers, so every test
asserts on the state after the click and compares it with the engine: the
buttons that can be clicked are the engine's legal actions, the computer
players' actions are the rule-based player's choices, the scores the engine's.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from euchre_tutor.games.bid.bots import RuleBasedPlayer
from euchre_tutor.games.bid.engine import Action, BidGame, Deal, MatchState, Phase, Seat, new_hand, new_match
from euchre_tutor.games.bid.rules import PRESETS, BidRules, preset
from euchre_tutor.games.bid.session.controller import CARD_KINDS, BidController
from euchre_tutor.games.bid.views import seat_view
from euchre_tutor.games.bid.widgets.app import bid_grid_actions
from euchre_tutor.widgets import BidApp

BOT = RuleBasedPlayer()
S = Seat.S

#: South holds the six top cards of no trump (high) and leads: alone in no trump takes every trick
NO_TRUMP_ALONE: dict[str, Any] = {
    "rules": "common",
    "dealer": "S",
    "hands": {
        "S": ["AH", "KH", "AS", "KS", "AC", "AD"],
        "W": ["9H", "TH", "JH", "QH", "9S", "TS"],
        "N": ["JS", "QS", "9C", "TC", "JC", "QC"],
        "E": ["KC", "9D", "TD", "JD", "QD", "KD"],
    },
}
#: South holds both bowers and the top hearts
HEARTS: dict[str, Any] = {
    "rules": "common",
    "dealer": "S",
    "hands": {
        "S": ["JH", "JD", "AH", "KH", "QH", "TH"],
        "W": ["AS", "9S", "9C", "TC", "9D", "TD"],
        "N": ["9H", "TS", "JS", "QC", "KC", "QD"],
        "E": ["KS", "QS", "JC", "AC", "KD", "AD"],
    },
}


@pytest.fixture
def app() -> Iterator[BidApp]:
    a = BidApp(seed=7)
    yield a
    a.close()


def classes(widget: object) -> set[str]:
    return set(widget._dom_classes)  # type: ignore[attr-defined]


def hand_buttons(app: BidApp) -> list[Any]:
    return [b for b in app.cards if "euchre-card" in classes(b)]


def engine_decisions(app: BidApp) -> list[str]:
    """The student's legal actions taken with buttons, straight from the engine."""
    state = app.controller.state
    if app.controller.waiting or state.is_over or state.to_act != S:
        return []
    return [str(a) for a in state.legal_actions() if a.kind not in CARD_KINDS]


def check_screen(app: BidApp) -> None:
    """What can be clicked is exactly what the engine allows the student now."""
    assert sorted(app.bid_actions()) == sorted(engine_decisions(app))
    for b in app.grid_buttons:  # a cell is clickable exactly when it is a legal bid
        assert ("euchre-bid" in classes(b)) == (not b.disabled)
    clickable = [b for b in app.decision_buttons if "euchre-bid" in classes(b)]
    assert all(b.layout.display != "none" for b in clickable)
    view = seat_view(app.controller.hand, S)
    assert sorted(c.name for c in view.hand) == sorted(b.description for b in hand_buttons(app))
    playable = {str(b.description) for b in hand_buttons(app) if "playable" in classes(b)}
    if app.controller.my_turn:
        legal = {a.card.name for a in app.controller.state.legal_actions() if a.card is not None}
        assert playable == legal
    else:
        assert playable == set()
    check_levels(app)


def check_levels(app: BidApp) -> None:
    """The row of levels a narrow table shows above the grid: one per row, open exactly where the row
    has a legal bid, one chosen (an open one while any is), and the grid's other rows' cells ``eb-off``;
    shown while the student bids, with more than one contract to a row."""
    rows = app._grid_rows
    columns = len(rows[0])
    legal = set(app.bid_actions())
    open_rows = [i for i, row in enumerate(rows) if legal & {str(a) for a in row}]
    assert [not b.disabled for b in app.level_buttons] == [i in open_rows for i in range(len(rows))]
    chosen = [i for i, b in enumerate(app.level_buttons) if "eb-chosen" in classes(b)]
    assert len(chosen) == 1 and (not open_rows or chosen[0] in open_rows)
    for k, b in enumerate(app.grid_buttons):
        assert ("eb-off" in classes(b)) == (columns > 1 and k // columns != chosen[0])
    assert ("hidden" in classes(app.levels)) == ("hidden" in classes(app.grid) or columns == 1)


def click(app: BidApp, action: Action | str) -> None:
    """Click the button that takes ``action``: a card of the hand, or a bid/decision button."""
    act = Action.parse(action)
    before = app.controller.game.position
    if act.kind in CARD_KINDS:
        assert act.card is not None
        button = app.card_button(act.card)
        assert "playable" in classes(button)
    else:
        button = app.bid_button(act)
        assert "euchre-bid" in classes(button) and not button.disabled
    button.click()
    assert not app.controller.message_is_error, app.controller.message
    assert app.controller.game.position > before


def bot_choice(app: BidApp) -> Action:
    return BOT.choose(seat_view(app.controller.state, S))


def play_on(app: BidApp, choose: Callable[[BidApp], Action], *, until_hand_end: bool) -> None:
    for _ in range(600):
        c = app.controller
        check_screen(app)
        if c.state.is_over or (until_hand_end and c.waiting):
            return
        if c.waiting:
            app.next_hand.click()
            assert not c.waiting
            continue
        click(app, choose(app))
    raise AssertionError("the match did not end")


def replay_checking_bots(app: BidApp, rules: BidRules, seed: int | str) -> MatchState:
    """Replay the game's actions on a fresh engine: every other seat's action is the rule-based choice."""
    state = new_match(rules, seed=seed)
    for action in app.controller.game.actions:
        seat = state.to_act
        assert seat is not None
        if seat != S:
            assert action == BOT.choose(seat_view(state, seat))
        state = state.apply(action)
    assert state == app.controller.state
    return state


def position(app: BidApp) -> tuple[int, MatchState]:
    return app.controller.game.position, app.controller.state


# ----------------------------------------------------------------- the first screen


def test_hooks_and_first_screen(app: BidApp) -> None:
    c = app.controller
    assert {"euchre-app", "euchre-bidtable"} <= classes(app)
    assert c.seat == S and c.state.to_act == S
    assert "East" in app.bidding.value and "deals" in app.bidding.value
    assert len(hand_buttons(app)) == 6
    for b in hand_buttons(app):
        assert "wait" in classes(b) and "bidding" in b.tooltip
    check_screen(app)
    assert "pass" in app.bid_actions()
    assert "N-S" in app.score.value and "E-W" in app.score.value and "first to" in app.score.value
    for name in ("euchre-table", "euchre-bidding", "euchre-log", "euchre-message", "euchre-score"):
        assert any(
            name in classes(x) for x in (app.table, app.bidding, app.trick_log, app.message, app.score)
        )
    layout = [classes(x) for x in app.children[-1].children]
    assert {"et-left"} <= layout[0] and {"et-right"} <= layout[1] and "et-main" in classes(app.children[-1])
    assert "et-hand" in classes(app.hand) and "eb-bidgrid" in classes(app.grid)


@pytest.mark.parametrize("name", list(PRESETS))
def test_the_grid_holds_every_bid_of_the_rules_as_level_rows_and_trump_columns(name: str) -> None:
    rules = preset(name)
    first = new_hand(Deal.from_seed(1, "N", rules), rules)
    every_bid = [a for a in first.legal_actions() if a.kind == "bid"]  # before any bid: all of them
    rows = bid_grid_actions(rules)
    assert sorted(map(str, (a for row in rows for a in row))) == sorted(map(str, every_bid))
    assert len({len(row) for row in rows}) == 1  # a rectangle: one column per contract
    levels = [row[0].level for row in rows if row[0].alone is None]
    assert levels == list(range(rules.minimum_bid, rules.hand_size + 1))
    app = BidApp(seed=1, rules=name)
    assert len(app.grid_buttons) == len(every_bid)
    assert app.grid.layout.grid_template_columns == f"repeat({len(rows[0])}, minmax(0, max-content))"
    check_screen(app)


def test_a_narrow_table_shows_the_bids_of_the_level_chosen(app: BidApp) -> None:
    """On a phone the grid shows one row at a time (its other cells ``eb-off``, which the narrow CSS
    hides): the lowest level with a legal bid first, the level the student clicks next, kept while it
    has a legal bid."""

    def shown() -> list[str]:
        return [b.description for b in app.grid_buttons if "eb-off" not in classes(b)]

    assert app.controller.my_turn and [b.description for b in app.level_buttons] == [
        "1",
        "2",
        "3",
        "4",
        "5",
        "6",
        "Alone",
    ]
    assert app.level_buttons[0].disabled and "not higher" in app.grid_buttons[0].tooltip  # East bid 1
    assert shown() == ["2♣", "2♦", "2♥", "2♠", "2 NT↑"]
    app.level_buttons[3].click()
    assert shown() == ["4♣", "4♦", "4♥", "4♠", "4 NT↑"] and "eb-chosen" in classes(app.level_buttons[3])
    assert "one per trump" in app.level_buttons[3].tooltip
    app.refresh()  # a redraw keeps the level chosen
    assert shown()[0] == "4♣"
    check_screen(app)
    app.level_buttons[6].click()
    assert shown() == ["Alone ♣", "Alone ♦", "Alone ♥", "Alone ♠", "Alone NT↑"]
    click(app, "bid alone H")
    assert "hidden" in classes(app.levels) and "hidden" in classes(app.grid)  # the bidding is over
    check_screen(app)


def test_bids_of_tricks_only_need_no_levels_on_a_narrow_table() -> None:
    app = BidApp(seed=1, rules="auction", hints=False)
    assert "eb-one" in classes(app.grid) and "hidden" in classes(app.levels)  # its one column flows
    assert not any("eb-off" in classes(b) for b in app.grid_buttons)
    check_screen(app)
    app.close()


def test_the_widget_tree_is_updated_in_place(app: BidApp) -> None:
    ids = [id(x) for x in app.children]
    buttons = [id(b) for b in (*app.cards, *app.grid_buttons, *app.decision_buttons)]
    click(app, bot_choice(app))
    while app.controller.my_turn:
        click(app, bot_choice(app))
    app.undo.click()
    assert [id(x) for x in app.children] == ids
    assert [id(b) for b in (*app.cards, *app.grid_buttons, *app.decision_buttons)] == buttons


# ----------------------------------------------------------------- whole hands and matches


def test_a_whole_hand_by_clicks_matches_the_engine(app: BidApp) -> None:
    play_on(app, bot_choice, until_hand_end=True)
    c = app.controller
    assert c.waiting
    state = replay_checking_bots(app, BidRules(), 7)
    hand = state.last_hand
    assert hand is not None and hand.is_over
    assert state.scores == hand.points()
    assert "Press Next hand" in c.message and "Next hand" in app.prompt.value
    assert not app.next_hand.disabled and not app.bid_actions()
    for trick in hand.tricks:
        assert trick.winner.word in app.trick_log.value
    app.next_hand.click()
    assert not c.waiting and c.state.hand_number == 2
    check_screen(app)


@pytest.mark.parametrize("name", ["common", "nt-high-low", "auction", "kitty-joker", "double-deck"])
def test_a_whole_match_by_clicks_under_each_preset(name: str) -> None:
    rules = preset(name).with_options(hands=2)
    app = BidApp(seed=5, rules=rules)
    play_on(app, bot_choice, until_hand_end=False)
    state = replay_checking_bots(app, rules, 5)
    assert state.is_over and len(state.results) == 2
    assert "hand 2 of" in app.score.value
    assert "The match is over" in app.prompt.value


def test_the_student_bids_alone_in_no_trump_and_takes_every_trick() -> None:
    app = BidApp(seed=1, deal=NO_TRUMP_ALONE)
    c = app.controller
    assert c.my_turn and c.state.hand.phase is Phase.BIDDING
    check_screen(app)
    click(app, "bid alone high")
    assert c.state.hand.sitting_out == Seat.N
    assert "sits out" in app.table.value
    while c.my_turn:
        check_screen(app)
        click(app, bot_choice(app))
    assert c.waiting
    hand = c.hand
    assert hand.tricks_won(S.team) == 6 and hand.made()
    assert c.state.scores == (12, 0)
    assert "+12" in app.trick_log.value


def test_kitty_discards_are_card_clicks() -> None:
    rules = preset("kitty-joker")
    deal = Deal.from_seed(3, "S", rules)
    data = {"rules": "kitty-joker", **deal.to_json(), "actions": ["pass", "pass", "pass"]}
    app = BidApp(deal=data)
    c = app.controller
    click(app, "bid 3 H")
    assert c.state.hand.phase is Phase.KITTY and c.my_turn
    assert len(hand_buttons(app)) == rules.hand_size + rules.kitty_size
    assert "kitty" in app.prompt.value
    check_screen(app)
    card = c.state.hand.hands[S][0]
    click(app, f"discard {card}")
    assert card in c.view.discards and "only you see" in app.bidding.value
    assert c.state.hand.phase is Phase.PLAY


def test_the_partner_of_a_call_passes_cards_by_clicking() -> None:
    deal = Deal.from_seed(4, "S", preset("nt-high-low"))
    data = {"rules": "nt-high-low", **deal.to_json(), "actions": ["pass", "bid call 2 H", "pass"]}
    app = BidApp(deal=data)
    c = app.controller
    click(app, "pass")
    assert c.state.hand.phase is Phase.CALL and c.my_turn
    assert "pass to North" in app.prompt.value
    for _ in range(2):
        check_screen(app)
        card = next(b for b in hand_buttons(app) if "playable" in classes(b)).description
        click(app, next(a for a in c.legal if a.card is not None and a.card.name == card))
    # South sits the hand out: the others play it to the end at once
    assert c.waiting and len(c.hand.gifts) == 2 and c.hand.sitting_out == S
    assert "You passed North" in app.bidding.value and "sits out" in app.table.value
    assert len(hand_buttons(app)) == 4
    check_screen(app)


def test_a_call_for_the_student_gets_the_gifts_and_discards_as_many() -> None:
    deal = Deal.from_seed(4, "S", preset("nt-high-low"))
    data = {"rules": "nt-high-low", **deal.to_json(), "actions": ["pass", "pass", "pass"]}
    app = BidApp(deal=data)
    c = app.controller
    click(app, "bid call 2 S")
    assert c.state.hand.phase is Phase.LONER_DISCARD and c.my_turn
    assert len(hand_buttons(app)) == 8 and "North passed you" in app.bidding.value
    click(app, f"discard {c.state.hand.hands[S][0]}")
    click(app, f"discard {c.state.hand.hands[S][0]}")
    assert c.state.hand.phase is Phase.PLAY and len(hand_buttons(app)) == 6


def test_bids_of_tricks_only_then_the_student_names_trump() -> None:
    deal = Deal.from_seed(2, "S", preset("auction"))
    setup = ["pass", "pass", "pass", "bid 3", "pass", "pass", "pass"]
    data = {"rules": "auction", **deal.to_json(), "actions": setup}
    app = BidApp(deal=data)
    c = app.controller
    assert c.state.hand.phase is Phase.TRUMP and c.my_turn
    assert "hidden" in classes(app.grid)
    assert sorted(app.bid_actions()) == sorted(["trump C", "trump D", "trump H", "trump S", "trump high"])
    check_screen(app)
    click(app, "trump H")
    assert c.state.hand.trump is not None and c.state.hand.phase is Phase.PLAY


# ----------------------------------------------------------------- illegal clicks teach and change nothing


def test_a_bid_too_low_is_refused_with_the_reason() -> None:
    app = BidApp(deal={**HEARTS, "actions": ["bid 4 S"]})  # West bid 4 spades; North and East answered
    c = app.controller
    assert c.my_turn and c.state.hand.high is not None
    b = app.bid_button("bid 3 H")
    assert b.disabled and "euchre-bid" not in classes(b) and "not higher" in b.tooltip
    before = position(app)
    b.click()  # the page cannot click a disabled cell; a caller that does is refused
    assert c.message_is_error and "higher than the last bid" in c.message
    assert position(app) == before
    check_screen(app)


def test_illegal_cards_and_commands_teach_and_change_nothing(app: BidApp) -> None:
    c = app.controller
    before = position(app)
    hand_buttons(app)[0].click()  # a card during the bidding
    assert c.message_is_error and "bid or pass with the buttons" in c.message
    assert position(app) == before
    app.next_hand.click()
    assert c.message_is_error and "still being played" in c.message
    app.undo.click()
    assert c.message_is_error and "nothing to undo" in c.message.lower()
    app.redo.click()
    assert c.message_is_error and "nothing to redo" in c.message.lower()
    for text, words in [
        ("", "paste a deal"),
        ("{not json", "JSON"),
        ('{"dealer": "N"}', "missing"),
        (json.dumps({**HEARTS, "hands": {**HEARTS["hands"], "S": ["JH"] * 6}}), "dealt 6 times"),
        (json.dumps({**HEARTS, "actions": ["bid 9 H"]}), "action 1"),
        ('{"format": "euchre-tutor/classic-game"}', "saved game"),
    ]:
        app.deal_text.value = text
        app.load.click()
        assert c.message_is_error and words.lower() in c.message.lower(), c.message
        assert position(app) == before
    for options, words in [
        ('{"hands": 0}', "hands"),
        ("[1]", "JSON object"),
        ("{oops", "JSON object"),
        ('{"joker": true}', "kitty"),
        ('{"colour": 1}', "unknown"),
    ]:
        app.options_text.value = options
        app.new_match.click()
        assert c.message_is_error and words.lower() in c.message.lower(), c.message
        assert position(app) == before
    assert c.seed == 7


def test_a_card_that_does_not_follow_suit_is_refused() -> None:
    # South bids 4 in hearts, West leads...: find a position where South holds a card that may not be played
    for seed in range(60):
        app = BidApp(seed=seed)
        c = app.controller
        for _ in range(40):
            if c.waiting or c.state.is_over:
                break
            illegal = [b for b in hand_buttons(app) if "illegal" in classes(b)]
            if illegal:
                before = position(app)
                assert "may not be played" in illegal[0].tooltip
                illegal[0].click()
                assert c.message_is_error and "does not follow" in c.message
                assert position(app) == before
                check_screen(app)
                return
            click(app, bot_choice(app))
    raise AssertionError("no seed gave South a card it may not play")


# ----------------------------------------------------------------- undo, redo, new matches, deals, saves


def test_undo_and_redo_go_from_decision_to_decision(app: BidApp) -> None:
    c = app.controller
    start = position(app)
    click(app, bot_choice(app))
    middle = position(app)
    click(app, bot_choice(app)) if c.my_turn else None
    app.undo.click()
    assert not c.message_is_error and c.my_turn
    if position(app) != start:
        app.undo.click()
    assert position(app) == start
    app.redo.click()
    assert position(app) == middle
    assert app.controller.can_undo
    check_screen(app)


def test_new_match_with_a_preset_options_and_a_seed(app: BidApp) -> None:
    c = app.controller
    app.seed.value = "12"
    app.rules_choice.value = "double-deck"
    app.options_text.value = '{"hands": 3}'
    app.new_match.click()
    assert not c.message_is_error, c.message
    assert c.seed == 12 and c.rules == preset("double-deck").with_options(hands=3)
    assert "hand 1 of" in app.score.value
    assert len(hand_buttons(app)) == 12
    assert len(app.grid_buttons) == len([a for row in bid_grid_actions(c.rules) for a in row])
    check_screen(app)
    app.rules_choice.value = ""  # these rules, with options over them; or a preset named in the options
    app.options_text.value = '{"target": 30}'
    app.new_match.click()
    assert c.rules == preset("double-deck").with_options(hands=3, target=30)
    app.options_text.value = '{"preset": "nt-high-low", "hands": 2}'
    app.new_match.click()
    assert c.rules == preset("nt-high-low").with_options(hands=2)
    app.options_text.value = ""
    app.rules_choice.value = "common"
    app.new_match.click()
    assert c.rules == BidRules() and len(hand_buttons(app)) == 6
    check_screen(app)


def test_a_teachers_deal_and_a_saved_game_load() -> None:
    app = BidApp(seed=3)
    c = app.controller
    app.deal_text.value = json.dumps(HEARTS)
    app.load.click()
    assert not c.message_is_error, c.message
    assert "teacher's deal" in c.message
    assert sorted(b.description for b in hand_buttons(app)) == sorted(
        card.name for card in Deal.from_hands("S", HEARTS["hands"]).hands[S]
    )
    click(app, "bid alone H")
    while c.my_turn:
        click(app, bot_choice(app))
    assert c.waiting and c.state.scores == (12, 0)
    app.save.click()
    assert "download" in app.save_link.value
    saved = c.save_text()
    again = BidApp(seed=99)
    again.deal_text.value = saved
    again.load.click()
    assert not again.controller.message_is_error, again.controller.message
    assert again.controller.state == c.state
    assert BidGame.loads(saved).state == c.state
    again.undo.click()  # the loaded game knows South's decisions: back to South's last card
    assert again.controller.my_turn and not again.controller.waiting
    assert again.controller.state.hand_number == 1 and len(again.controller.state.hand.hands[S]) == 1


def test_the_controller_runs_without_widgets() -> None:
    c = BidController(9, rules={"preset": "common", "hands": 1})
    while not c.state.is_over:
        if c.waiting:
            assert c.next_hand()
            continue
        assert c.act(BOT.choose(seat_view(c.state, S)))
    assert c.state.is_over and ("win the match" in c.message or "ends level" in c.message)
    assert c.suggest() is False and c.message_is_error


# ----------------------------------------------------------------- any click sequence


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    preset_name=st.sampled_from(list(PRESETS)),
    seed=st.integers(0, 10_000),
    clicks=st.lists(st.integers(0, 10_000), min_size=1, max_size=60),
)
def test_any_click_sequence_keeps_the_screen_true_to_the_engine(
    preset_name: str, seed: int, clicks: list[int]
) -> None:
    """Random clicks on anything (cards, every grid cell, pass/trump, next hand, undo, redo): a refused
    click changes nothing, and after every click what can be clicked is what the engine allows."""
    app = BidApp(seed=seed, rules=preset_name, hints=False)
    c = app.controller
    for k in clicks:
        buttons = [*app.cards, *app.grid_buttons, *app.decision_buttons, app.next_hand, app.undo, app.redo]
        before = position(app)
        buttons[k % len(buttons)].click()
        if c.message_is_error:
            assert position(app) == before, c.message
        check_screen(app)
    app.close()
