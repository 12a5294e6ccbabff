"""Headless tests of the classic Euchre table: handlers driven with Button.click().

ipywidgets swallows exceptions raised in click handlers (it logs them), so
every test asserts on the state after the click, and compares it with the
engine: the buttons shown are the engine's legal actions, the computer
players' actions are the rule-based player's choices, the scores are the
engine's.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from euchre_tutor.cards import Card, deck, is_left_bower
from euchre_tutor.errors import EuchreError
from euchre_tutor.games.classic.bots import RuleBasedPlayer
from euchre_tutor.games.classic.engine.engine import (
    Action,
    Deal,
    MatchState,
    Phase,
    Seat,
    hand_points,
    new_match,
)
from euchre_tutor.games.classic.rules import ClassicRules, preset
from euchre_tutor.games.classic.session.controller import CARD_KINDS
from euchre_tutor.games.classic.views import seat_view
from euchre_tutor.widgets import ClassicApp
from euchre_tutor.widgets.style import CLASSIC_CSS, CSS

BOT = RuleBasedPlayer()
S = Seat.S


@pytest.fixture
def app() -> Iterator[ClassicApp]:
    a = ClassicApp(seed=7)
    yield a
    a.close()


def classes(widget: object) -> set[str]:
    return set(widget._dom_classes)  # type: ignore[attr-defined]


def hand_buttons(app: ClassicApp) -> list[Any]:
    return [b for b in app.cards if "euchre-card" in classes(b)]


def shown_bids(app: ClassicApp) -> list[Any]:
    return [b for b in app.bid_buttons if "euchre-bid" in classes(b)]


def engine_decisions(app: ClassicApp) -> list[str]:
    """The student's legal actions taken with buttons, straight from the engine."""
    state = app.controller.state
    if app.controller.waiting or state.is_over or state.to_act != app.controller.seat:
        return []
    return [str(a) for a in state.legal_actions() if a.kind not in CARD_KINDS]


def check_screen(app: ClassicApp) -> None:
    """The buttons on screen are exactly what the engine allows the student now."""
    assert app.bid_actions() == engine_decisions(app)
    assert [b.description for b in shown_bids(app)] == [
        b.description for b in app.bid_buttons if b.layout.display != "none"
    ]
    view = seat_view(app.controller.hand, app.controller.seat)
    assert sorted(c.name for c in view.hand) == sorted(b.description for b in hand_buttons(app))
    state = app.controller.state
    playable = {str(b.description) for b in hand_buttons(app) if "playable" in classes(b)}
    if app.controller.my_turn:
        legal_cards = {a.card.name for a in state.legal_actions() if a.card is not None}
        assert playable == legal_cards
    else:
        assert playable == set()


def click(app: ClassicApp, action: Action | str) -> None:
    """Click the button that takes ``action``: a card of the hand, or a decision button."""
    act = Action.parse(action)
    before = app.controller.game.position
    if act.kind in CARD_KINDS:
        assert act.card is not None
        button = app.card_button(act.card)
        assert "playable" in classes(button) and "euchre-card" in classes(button)
    else:
        button = app.bid_button(act)
        assert "euchre-bid" in classes(button)
    button.click()
    assert app.controller.game.position > before, app.controller.message
    assert not app.controller.message_is_error


def bot_choice(app: ClassicApp) -> Action:
    return BOT.choose(seat_view(app.controller.state, app.controller.seat))


def play_on(app: ClassicApp, choose: Callable[[ClassicApp], Action], *, until_hand_end: bool) -> None:
    """Click through the student's decisions (checking the screen each time)."""
    for _ in range(400):
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


def assert_bots_played_rule_based(app: ClassicApp, rules: ClassicRules, seed: int | str) -> MatchState:
    """Replay the game's actions on a fresh engine: the other seats' actions are the bot's choices."""
    c = app.controller
    state = new_match(rules, seed=seed)
    for action in c.game.actions:
        seat = state.to_act
        assert seat is not None
        if seat != c.seat:
            assert action == BOT.choose(seat_view(state, seat))
        state = state.apply(action)
    assert state == c.state
    return state


# ----------------------------------------------------------------- the first screen


def test_hooks_and_first_screen(app: ClassicApp) -> None:
    c = app.controller
    assert {"euchre-app", "euchre-classic"} <= classes(app)
    assert c.seat == S and c.state.to_act == S  # East passed (its action is in the bidding log)
    assert "East passes." in app.bidding.value
    cards = hand_buttons(app)
    assert len(cards) == 5
    hand = c.state.hand.hands[S]
    assert sorted(b.description for b in cards) == sorted(card.name for card in hand)
    for b in cards:  # accessible names, and the reason a card may not be clicked yet
        assert "disabled" in classes(b)
        assert "bidding" in b.tooltip
    assert app.bid_actions() == ["pass", "order", "order alone"]
    up = c.state.hand.up
    assert f"Order up {up.symbol}" in [b.description for b in shown_bids(app)]
    assert up.name in app.table.value
    assert "euchre-score" in classes(app.score)
    assert "NS" in app.score.value and "EW" in app.score.value and "first to" in app.score.value
    assert "euchre-log" in classes(app.trick_log) and "euchre-message" in classes(app.message)
    assert "euchre-table" in classes(app.table) and "euchre-bidding" in classes(app.bidding)
    assert "euchre-suggest" in classes(app.suggest_panel)
    for widget in (*app.bid_buttons, app.undo, app.redo, app.next_hand, app.suggest, app.new_match):
        assert "euchre-card" not in classes(widget)
    for widget in (*app.cards, app.undo, app.suggest):
        assert "euchre-bid" not in classes(widget)
    check_screen(app)


def test_card_faces_accessible_names_and_css(app: ClassicApp) -> None:
    for b, card in zip(app.cards, app._slot_cards, strict=False):
        if card is None:
            assert "empty" in classes(b)
            continue
        assert b.description == card.name  # "jack of hearts": what a screen reader says
        assert {f"c-{card}", "red" if card.is_red else "black"} <= classes(b)
    css = CSS + CLASSIC_CSS
    for card in deck(32, joker=True):  # every card of every pack has a face
        assert f".c-{card}::before" in css


def test_widget_tree_is_updated_in_place(app: ClassicApp) -> None:
    before = [id(x) for x in app.children]
    buttons = [id(b) for b in (*app.cards, *app.bid_buttons)]
    logs = (id(app.trick_log), id(app.bidding), id(app.table))
    click(app, bot_choice(app))
    click(app, bot_choice(app))
    app.undo.click()
    assert [id(x) for x in app.children] == before
    assert [id(b) for b in (*app.cards, *app.bid_buttons)] == buttons
    assert (id(app.trick_log), id(app.bidding), id(app.table)) == logs


# ----------------------------------------------------------------- whole matches


def test_a_whole_match_to_the_target_by_clicking_legal_buttons() -> None:
    app = ClassicApp(seed=11)
    play_on(app, bot_choice, until_hand_end=False)
    c = app.controller
    state = assert_bots_played_rule_based(app, preset("standard"), 11)
    assert state.is_over and max(state.scores) >= 10 and state.winner is not None
    assert sum(sum(r.points) for r in state.results) == sum(state.scores)
    assert "The match is over" in app.prompt.value
    assert "win the match" in c.message
    assert app.next_hand.disabled and app.suggest.disabled and not app.bid_actions()
    # the trick log: the last hand's tricks with leader, cards, winner and why; earlier hands folded
    last = c.hand
    for trick in last.tricks:
        assert trick.winner.word in app.trick_log.value
    assert app.trick_log.value.count("<tr>") >= len(last.tricks)
    assert "Earlier hands" in app.trick_log.value
    assert app.trick_log.value.count("<details>") == len(state.results) - 1


def test_a_match_played_with_the_first_legal_button_and_the_score_board() -> None:
    app = ClassicApp(seed=3)

    def first(a: ClassicApp) -> Action:
        return a.controller.legal[0]

    hands = 0
    while not app.controller.state.is_over:
        play_on(app, first, until_hand_end=True)
        hands += 1
        c = app.controller
        if c.waiting:
            finished = c.state.last_hand
            assert finished is not None and finished.is_over
            assert f"Hand {hands} is over" in app.prompt.value
            for team in c.state.seating.teams:
                assert f'<span class="pts">{c.state.scores[team.index]}</span>' in app.score.value
            app.next_hand.click()
        assert hands < 80
    assert_bots_played_rule_based(app, preset("standard"), 3)


# ----------------------------------------------------------------- bidding


def find_seed(predicate: Callable[[ClassicApp], bool], rules: str | ClassicRules = "standard") -> ClassicApp:
    for seed in range(200):
        app = ClassicApp(seed=seed, rules=rules)
        if predicate(app):
            return app
        app.close()
    raise AssertionError("no seed found")


def test_round_2_then_a_redeal_after_all_pass() -> None:
    def everyone_passes(a: ClassicApp) -> bool:
        a.bid_button("pass").click()
        if a.controller.state.hand.phase is not Phase.ROUND_2:
            return False
        a.bid_button("pass").click()
        return a.controller.waiting and a.controller.hand.passed_out

    app = find_seed(everyone_passes)
    c = app.controller
    finished = c.hand
    assert finished.passed_out and c.state.scores == (0, 0)
    assert "Everyone passed twice" in app.bidding.value
    assert "turned down" in app.table.value
    assert not app.bid_actions() and not app.next_hand.disabled
    old_dealer = finished.dealer
    app.next_hand.click()
    assert not c.waiting
    assert c.state.hand.dealer == old_dealer.next  # the next dealer deals again
    assert c.state.hand_number == 2 and c.state.scores == (0, 0)
    check_screen(app)


def test_round_2_buttons_are_the_other_three_suits_and_calling_makes_trump() -> None:
    def reaches_round_2(a: ClassicApp) -> bool:
        a.bid_button("pass").click()
        return a.controller.state.hand.phase is Phase.ROUND_2 and a.controller.my_turn

    app = find_seed(reaches_round_2)
    c = app.controller
    check_screen(app)
    up_suit = c.state.hand.up_suit
    calls = [a for a in app.bid_actions() if a.startswith("call")]
    assert calls and all(Action.parse(a).suit is not up_suit for a in calls)
    assert len([a for a in calls if not a.endswith("alone")]) == 3
    assert "Round 2" in app.prompt.value
    suit = next(Action.parse(a).suit for a in calls if not a.endswith("alone"))
    app.bid_button(f"call {suit}").click()
    hand = c.state.hand
    assert hand.trump is suit and hand.maker == S and not hand.alone
    assert f"South calls {suit.plural}" in app.bidding.value
    check_screen(app)


def test_the_dealer_discards_with_a_card_click() -> None:
    app = ClassicApp(seed=0, seat="N")  # North deals the first hand
    c = app.controller
    assert c.state.hand.dealer == Seat.N

    def bids_until_discard() -> bool:
        while c.my_turn and c.state.hand.phase is Phase.ROUND_1:
            app.bid_button("order").click()
        return c.state.hand.phase is Phase.DISCARD

    assert bids_until_discard()
    view = c.view
    assert len(view.hand) == 6 and len(hand_buttons(app)) == 6 and c.state.hand.up in view.hand
    assert "discard" in app.prompt.value
    check_screen(app)
    card = view.hand[0]
    click(app, Action("discard", card=card))
    assert c.state.hand.discard == card
    assert "Your discard" in app.bidding.value and card.name in app.bidding.value


# ----------------------------------------------------------------- alone


def test_going_alone_the_partner_sits_out_and_tricks_have_three_cards() -> None:
    app = ClassicApp(seed=7)
    c = app.controller
    click(app, "order alone")
    hand = c.state.hand
    assert hand.alone and hand.maker == S and hand.sitting_out == frozenset({Seat.N})
    assert "sits out" in app.table.value and "maker, alone" in app.table.value
    play_on(app, bot_choice, until_hand_end=True)
    finished = c.hand
    assert finished.is_over and len(finished.tricks) == 5
    for trick in finished.tricks:
        assert len(trick.plays) == 3 and Seat.N not in [seat for seat, _ in trick.plays]
    m, d, _ = hand_points(finished.rules, finished.tricks_won(S.team), True, False)
    assert finished.points() == ((m, d) if S.team.index == 0 else (d, m))
    assert "Hand 1 is over" in app.prompt.value


# ----------------------------------------------------------------- illegal clicks


def find_follow_suit_trap() -> tuple[ClassicApp, Card]:
    """Play the rule-based choices until the student must follow suit with a left bower around."""
    for seed in range(100):
        app = ClassicApp(seed=seed)
        c = app.controller
        for _ in range(60):
            if c.state.is_over:
                break
            if c.waiting:
                app.next_hand.click()
                continue
            hand = c.state.hand
            if hand.phase is Phase.PLAY and hand.trick_plays:
                legal = hand.legal_plays()
                illegal = [x for x in hand.hands[S] if x not in legal]
                for card in illegal:  # the left bower may not follow its printed suit, or must follow trump
                    if is_left_bower(card, hand.trump) or any(is_left_bower(x, hand.trump) for x in legal):
                        return app, card
            click(app, bot_choice(app))
        app.close()
    raise AssertionError("no follow-suit trap found")


def test_an_illegal_card_click_explains_and_changes_nothing() -> None:
    app, card = find_follow_suit_trap()
    c = app.controller
    hand = c.state.hand
    button = app.card_button(card)
    assert "disabled" in classes(button) and "euchre-card" in classes(button)
    with pytest.raises(EuchreError) as refused:
        hand.apply(Action("play", card=card))
    assert str(refused.value) in button.tooltip and "left bower" in button.tooltip
    before = (c.game.position, c.state, list(c.game.actions))
    button.click()
    assert (c.game.position, c.state, list(c.game.actions)) == before
    assert c.message_is_error and str(refused.value) in c.message
    assert "left bower" in app.message.value and 'role="alert"' in app.message.value
    # a legal card then plays
    click(app, Action("play", card=hand.legal_plays()[0]))


def test_a_card_click_during_the_bidding_explains_and_changes_nothing(app: ClassicApp) -> None:
    c = app.controller
    before = (c.game.position, c.state)
    hand_buttons(app)[0].click()
    assert (c.game.position, c.state) == before
    assert c.message_is_error and "bidding" in c.message


# ----------------------------------------------------------------- undo and redo


def test_undo_goes_back_to_the_students_previous_decision_and_redo_replays(app: ClassicApp) -> None:
    c = app.controller
    app.undo.click()
    assert c.message_is_error and "nothing to undo" in c.message.lower() and c.game.position == 1
    assert app.undo.disabled and app.redo.disabled
    states = [c.state]
    positions = [c.game.position]
    for _ in range(4):
        click(app, bot_choice(app))
        states.append(c.state)
        positions.append(c.game.position)
    # each decision was followed by computer players' actions: undo skips them
    assert positions[2] - positions[1] > 1
    for i in range(3, -1, -1):
        app.undo.click()
        assert c.game.position == positions[i] and c.state == states[i]
        assert c.state.to_act == S
    for i in range(1, 5):
        app.redo.click()
        assert c.game.position == positions[i] and c.state == states[i]
    assert app.redo.disabled
    # back at the first decision (round 1: pass, order, order alone), a different one drops the redo tail
    for _ in range(4):
        app.undo.click()
    assert c.state == states[0] and c.can_redo and not app.redo.disabled
    click(app, next(a for a in c.legal if a != bot_choice(app)))
    assert not c.can_redo and app.redo.disabled


def test_undo_across_the_end_of_a_hand() -> None:
    app = ClassicApp(seed=7)
    c = app.controller
    play_on(app, bot_choice, until_hand_end=True)
    assert c.waiting
    finished = c.state
    app.undo.click()  # back before the student's last card
    assert not c.waiting and c.state.hand_number == 1 and c.state.to_act == S
    assert c.state.hand.phase is Phase.PLAY
    app.redo.click()  # the card again, and the computer players' last cards: the hand is over again
    assert c.waiting and c.state == finished


# ----------------------------------------------------------------- teacher's deal

TEACHER_DEAL = {
    "rules": "standard",
    "dealer": "W",
    "hands": {
        "N": ["9S", "TS", "QS", "KS", "AS"],
        "E": ["9H", "TH", "QH", "KH", "JD"],
        "S": ["JH", "AH", "AD", "KD", "QD"],
        "W": ["9C", "TC", "QC", "KC", "AC"],
    },
    "up": "9D",
}


def test_a_teachers_deal_is_the_replay_json() -> None:
    app = ClassicApp(seed=1)
    c = app.controller
    app.deal_text.value = json.dumps(TEACHER_DEAL)
    app.load.click()
    assert not c.message_is_error, c.message
    hand = c.state.hand
    deal = Deal.from_json({k: v for k, v in TEACHER_DEAL.items() if k != "rules"})
    assert hand.deal == deal and c.state.scores == (0, 0)
    # North and East (from the dealer West's left) passed; the student's hand is the deal's
    assert [str(a) for a in c.game.actions] == ["pass", "pass"]
    assert c.state.to_act == S and hand.phase is Phase.ROUND_1 and hand.hands[S] == deal.hands[S]
    assert sorted(b.description for b in hand_buttons(app)) == sorted(
        Card.parse(x).name
        for x in TEACHER_DEAL["hands"]["S"]  # type: ignore[index]
    )
    assert "teacher's deal" in c.message
    # with actions: the set-up is part of the deal and cannot be undone
    with_actions = {**TEACHER_DEAL, "actions": ["pass", "pass", "order"]}
    assert c.load_deal(with_actions)
    assert [str(a) for a in c.game.actions][:3] == ["pass", "pass", "order"]
    assert c.state.hand.maker == S and c.state.hand.trump is Card.parse("9D").suit
    assert not c.can_undo and app.undo.disabled  # the teacher's actions are the deal's set-up


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("{not json", "not valid JSON"),
        ("", "paste a deal"),
        ('["a list"]', "must be a JSON object"),
        (json.dumps({**TEACHER_DEAL, "colour": "red"}), "unknown key"),
        (json.dumps({k: v for k, v in TEACHER_DEAL.items() if k != "up"}), "missing 'up'"),
        (json.dumps({**TEACHER_DEAL, "hands": {**TEACHER_DEAL["hands"], "S": ["9S"] * 5}}), "9S"),  # type: ignore[dict-item]
        (json.dumps({**TEACHER_DEAL, "up": "ZZ"}), "ZZ"),
        (json.dumps({**TEACHER_DEAL, "rules": "three-handed"}), "is not a seat: use P1, P2 or P3"),
        (json.dumps({**TEACHER_DEAL, "rules": {"target": 99}}), "target"),
        (json.dumps({**TEACHER_DEAL, "actions": ["play 9S"]}), "not legal"),
    ],
)
def test_a_bad_teachers_deal_teaches_and_changes_nothing(text: str, words: str) -> None:
    app = ClassicApp(seed=5)
    c = app.controller
    click(app, bot_choice(app))
    before = (c.game, c.game.position, c.state, c.rules)
    app.deal_text.value = text
    app.load.click()
    assert (c.game, c.game.position, c.state, c.rules) == before
    assert c.message_is_error and words.lower() in c.message.lower(), c.message
    assert words.split()[0].lower() in app.message.value.lower()


def test_new_match_from_a_seed_and_a_bad_seed(app: ClassicApp) -> None:
    c = app.controller
    click(app, bot_choice(app))
    game = c.game
    app.seed.value = "seven"
    app.new_match.click()
    assert c.game is game and c.message_is_error and "whole number" in c.message
    app.seed.value = "12"
    app.new_match.click()
    assert c.seed == 12 and c.state.scores == (0, 0) and not c.message_is_error
    fresh = new_match(preset("standard"), seed=12)
    assert c.state.hand.deal == fresh.hand.deal


def test_the_rules_chooser_starts_a_match_with_a_preset(app: ClassicApp) -> None:
    c = app.controller
    values = [v for _, v in app.rules_choice.options]
    assert values[0] == "" and "openspiel" in values and "three-handed" in values and "six-handed" in values
    app.rules_choice.value = "openspiel"
    app.new_match.click()
    assert c.rules == preset("openspiel") and not c.message_is_error
    assert c.state.hand.deal == new_match(preset("openspiel"), seed=c.seed).hand.deal
    app.rules_choice.value = ""  # "these rules": a new match keeps them
    app.seed.value = "5"
    app.new_match.click()
    assert c.rules == preset("openspiel") and c.seed == 5


def test_a_saved_match_loads_back() -> None:
    app = ClassicApp(seed=9)
    c = app.controller
    for _ in range(3):
        click(app, bot_choice(app))
    saved = c.save_text()
    state = c.state
    other = ClassicApp(seed=2)
    other.deal_text.value = saved
    other.load.click()
    assert not other.controller.message_is_error, other.controller.message
    assert other.controller.state == state
    other.undo.click()  # the loaded decisions are the student's: undo works on them
    assert other.controller.state.to_act == S and other.controller.game.position < len(c.game.actions)


# ----------------------------------------------------------------- suggestions


def test_suggest_shows_the_computer_players_choice_and_changes_nothing(app: ClassicApp) -> None:
    c = app.controller
    before = (c.game.position, c.state)
    app.suggest.click()
    assert (c.game.position, c.state) == before
    choice = bot_choice(app)
    text = app.suggestion.value
    assert "computer player" in text.lower() and "not an exact hint" in text
    label = app.bid_button(choice).description
    assert f"would {label[0].lower()}{label[1:]}" in text
    assert "points" in text  # the point count it bid on
    click(app, choice)  # a decision clears the suggestion: it was for the last position
    assert c.suggestion == "" and "Suggest shows" in app.suggestion.value


def test_suggestions_during_play_name_the_card_and_the_reason() -> None:
    app = ClassicApp(seed=7)
    c = app.controller
    click(app, "order")
    seen = 0
    while not c.waiting and not c.state.is_over:
        app.suggest.click()
        choice = bot_choice(app)
        assert choice.card is not None
        assert choice.card.symbol in c.suggestion
        seen += 1
        click(app, choice)
    assert seen >= 4


# ----------------------------------------------------------------- house rules and tables


HOUSE_RULES = {
    "stick the dealer": ClassicRules(stick_the_dealer=True),
    "openspiel-lone-defender": preset("openspiel-lone-defender"),
    "openspiel": preset("openspiel"),
    "farmer's hand, misdeals and no trump": ClassicRules(
        farmers_hand=True, misdeal="either", no_trump="high-low"
    ),
    "call for best, loner-left lead": ClassicRules(call_for_best=True, alone_lead="loner-left"),
    "joker, 32 cards, dealer bids blind": ClassicRules(joker=True, deck=32, joker_up="dealer-blind"),
    "canadian loner, take 4 for 1": ClassicRules(canadian_loner=True, take_4_for_1=True),
}


def play_house_rule_hands(rules: ClassicRules, check: Callable[[ClassicApp], None] | None = None) -> set[str]:
    """Four seeded hands under ``rules``, the student clicking random legal actions: each hand ends, the
    bots played rule-based, the score is the sum of the hands (and ``check`` holds); the kinds clicked."""
    kinds: set[str] = set()
    for seed in range(4):
        app = ClassicApp(seed=seed, rules=rules)
        c = app.controller
        rng = random.Random(seed)

        def any_legal(a: ClassicApp, rng: random.Random = rng) -> Action:
            action = rng.choice(a.controller.legal)
            kinds.add(action.kind)
            return action

        play_on(app, any_legal, until_hand_end=True)
        finished = c.hand if c.waiting else c.state.hand
        assert finished.is_over and c.state.results
        assert_bots_played_rule_based(app, rules, seed)
        teams = len(c.state.seating.teams)
        assert c.state.scores == tuple(sum(r.points[i] for r in c.state.results) for i in range(teams))
        if check is not None:
            check(app)
        app.close()
    return kinds


@pytest.mark.parametrize("name", list(HOUSE_RULES))
def test_a_house_rule_preset_is_played_to_the_end_of_a_hand_with_the_generic_buttons(name: str) -> None:
    assert {"pass", "play"} <= play_house_rule_hands(HOUSE_RULES[name])


def test_going_under_and_a_low_no_trump_call_through_the_generic_buttons() -> None:
    rules = ClassicRules(farmers_hand=True, no_trump="high-low")
    deal = {
        "rules": rules.to_json(),
        "dealer": "E",  # South bids first
        "hands": {
            "N": ["JS", "9C", "TC", "9H", "TH"],
            "E": ["KS", "QD", "QH", "KH", "QC"],
            "S": ["9D", "TD", "9S", "AS", "AD"],
            "W": ["JC", "TS", "AC", "KC", "JD"],
        },
        "up": "QS",
        "kitty": ["AH", "KD", "JH"],
    }
    app = ClassicApp(rules=rules, deal=deal)
    c = app.controller
    assert app.bid_actions() == engine_decisions(app) == ["pass", "order", "order alone", "go under 9D TD 9S"]
    button = app.bid_button("go under 9D TD 9S")
    assert button.description == "Go under: 9♦ 10♦ 9♠" and "kitty" in button.tooltip
    button.click()
    assert set(c.state.hand.hands[S]) == {Card.parse(x) for x in ("AS", "AD", "AH", "KD", "JH")}
    assert "South goes under" in app.bidding.value
    assert app.bid_actions() == ["pass", "order", "order alone"]  # once per hand
    app.bid_button("pass").click()
    assert c.state.hand.phase is Phase.ROUND_2 and c.my_turn
    assert app.bid_actions() == engine_decisions(app)
    low = app.bid_button("call low")
    assert low.description.startswith("Call low")
    low.click()
    assert c.state.hand.trump is None and c.state.hand.notrump == "low" and c.state.hand.maker == S
    play_on(app, bot_choice, until_hand_end=True)
    assert "lowest" in app.trick_log.value
    assert_bots_played_rule_based_from_deal(app)


def assert_bots_played_rule_based_from_deal(app: ClassicApp) -> None:
    c = app.controller
    assert c.waiting and c.state.hand_number == 2  # the teacher's deal was hand 1
    state = new_match(c.rules, seed=c.seed, deals=[c.hand.deal])
    for action in c.game.actions:
        seat = state.to_act
        assert seat is not None
        if seat != c.seat:
            assert action == BOT.choose(seat_view(state, seat))
        state = state.apply(action)
    assert state == c.state


def test_stick_the_dealer_offers_no_pass_to_the_stuck_dealer() -> None:
    rules = ClassicRules(stick_the_dealer=True)
    weak = {  # nobody but the dealer (South) holds a hand worth a bid
        "N": ["9C", "TC", "9H", "TH", "QS"],
        "E": ["9S", "TS", "QC", "KH", "QH"],
        "S": ["JH", "JD", "AH", "AD", "KD"],
        "W": ["KC", "AC", "KS", "AS", "QD"],
    }
    deal = {"rules": rules.to_json(), "dealer": "S", "hands": weak, "up": "9D"}
    app = ClassicApp(seed=0, rules=rules, deal=deal)
    c = app.controller
    seen_stuck = False
    while c.state.hand.phase is not Phase.PLAY and c.my_turn:
        if c.state.hand.phase is Phase.ROUND_2 and c.state.hand.dealer == S:
            seen_stuck = True
            assert "pass" not in app.bid_actions() and app.bid_actions()
            check_screen(app)
            c_action = app.bid_actions()[0]
            app.bid_button(c_action).click()
            break
        app.bid_button("pass").click()
    assert seen_stuck and c.state.hand.maker == S


def test_openspiel_lone_defender_buttons_ask_alone_or_partner() -> None:
    rules = preset("openspiel-lone-defender")
    seen: set[Phase] = set()
    for seed in range(40):
        app = ClassicApp(seed=seed, rules=rules)
        c = app.controller
        for _ in range(30):
            if c.state.is_over or c.waiting:
                break
            phase = c.state.hand.phase
            if phase in (Phase.GO_ALONE, Phase.DEFEND_ALONE):
                seen.add(phase)
                assert app.bid_actions() == ["alone", "partner"]
                words = (
                    {"Go alone", "Play with partner"}
                    if phase is Phase.GO_ALONE
                    else {"Defend alone", "Defend with partner"}
                )
                assert {b.description for b in shown_bids(app)} == words
            if phase is Phase.ROUND_1 and seed % 2 == 0 and "order" in app.bid_actions():
                action = Action.parse("order")  # the student makes trump: alone or with the partner?
            else:
                action = bot_choice(app)  # a computer player may make trump: defend alone?
            click(app, action)
        app.close()
        if seen == {Phase.GO_ALONE, Phase.DEFEND_ALONE}:
            return
    raise AssertionError(f"only saw {seen}")


def test_another_seat_and_the_table_around_it() -> None:
    app = ClassicApp(seed=4, seat="E")
    c = app.controller
    assert c.seat == Seat.E and (c.state.to_act == Seat.E or c.waiting)
    assert "East (you)" in app.table.value and "ec-seat ec-bottom" in app.table.value
    bottom = app.table.value.split('class="ec-seat ec-bottom')[1]
    assert bottom.split(">", 1)[0].find("East") >= 0
    assert "EW · you &amp; West" in app.score.value
    check_screen(app)


# ----------------------------------------------------------------- lesson helpers (quiz.py)


@pytest.mark.parametrize(
    ("tricks", "alone", "lone", "rules"),
    [
        (3, False, False, "standard"),
        (5, False, False, "standard"),
        (5, True, False, "standard"),
        (1, False, False, "standard"),
        (2, False, True, "openspiel-lone-defender"),
        (3, False, False, ClassicRules(take_4_for_1=True)),
        (3, False, False, ClassicRules(take_4_for_1=True, take_4_three_tricks="nothing")),
        (4, True, False, ClassicRules(alone_must_take_5=True)),
        (5, True, False, ClassicRules(alone_march_points=2)),
        (0, False, False, ClassicRules(defender_march_points=4)),
        (5, False, False, "three-handed"),
        (2, False, False, "six-handed-2v2v2"),
    ],
)
def test_scoring_question_is_answered_by_the_engine(
    tricks: int, alone: bool, lone: bool, rules: str | ClassicRules
) -> None:
    from euchre_tutor.games.classic.widgets.lesson import ScoringQuestion

    r = rules if isinstance(rules, ClassicRules) else preset(rules)
    makers, defenders, rule_id = hand_points(r, tricks, alone, lone)
    q = ScoringQuestion(tricks, alone=alone, lone_defender=lone, rules=rules)
    assert q.rule_id == rule_id
    right = [i for i, b in enumerate(q.buttons) if q.answer(i).startswith("Right")]
    assert len(right) == 1
    label = q.buttons[right[0]].description
    if makers:
        assert label.endswith(f"score {makers}") or label.endswith(f"scores {makers}")
        assert "maker" in label
    elif defenders:
        assert label.endswith(f"{defenders}") and "maker" not in label
    else:
        assert label == "nobody scores"


def test_classic_play_question_marks_the_engine_legal_cards() -> None:
    from euchre_tutor.games.classic.widgets.lesson import ClassicPlayQuestion

    hand: dict[str, Any] = {
        "dealer": "N",
        "hands": {
            "N": ["9S", "TS", "QS", "KS", "QD"],
            "E": ["9H", "TH", "QH", "KH", "JD"],
            "S": ["9D", "JH", "AS", "KD", "AD"],
            "W": ["9C", "TC", "QC", "KC", "AC"],
        },
        "up": "AH",
        "actions": [
            "pass",
            "pass",
            "pass",
            "pass",
            "call D",
            "play 9H",
        ],  # East names diamonds, leads a heart
    }
    q = ClassicPlayQuestion(hand)
    assert q.rule_id == "classic.follow-left-bower" and q.state.to_act == S
    verdicts = {c: q.answer(i).startswith("Right") for i, c in enumerate(q.cards)}
    assert all(verdicts.values())  # the J♥ is a diamond now: South has no heart, every card is legal
    hand["actions"] = [*hand["actions"][:-1], "play JD"]  # East leads the right bower instead
    q = ClassicPlayQuestion(hand)
    answers = {c: q.answer(i) for i, c in enumerate(q.cards)}
    assert {c for c, v in answers.items() if v.startswith("Right")} == set(q.state.legal_plays())
    assert Card.parse("JH") in q.state.legal_plays()  # the left bower follows a trump lead
    assert answers[Card.parse("AS")].startswith("Not quite") and "left bower" in answers[Card.parse("AS")]
    with pytest.raises(ValueError, match="in play"):
        ClassicPlayQuestion({**hand, "actions": []})


def test_preset_classic_deals_the_teachers_deal_or_refuses() -> None:
    from euchre_tutor.games.classic.widgets.lesson import preset_classic

    app = preset_classic(TEACHER_DEAL)
    assert app.controller.state.hand.deal.hands[S] == tuple(Card.parse(x) for x in TEACHER_DEAL["hands"]["S"])  # type: ignore[index]
    stuck = preset_classic(seed=4, rules=ClassicRules(stick_the_dealer=True))
    assert stuck.controller.rules.stick_the_dealer
    with pytest.raises(ValueError, match=r"(?i)missing"):
        preset_classic({"dealer": "N"})


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("[" * 100_000, "the teacher's deal is nested 100000 levels deep"),
        ('{"a":' * 20_000, "nested 20000 levels deep"),
        (
            json.dumps({**TEACHER_DEAL, "rules": {"target": 10**30}}).replace("1" + "0" * 30, "9" * 5000),
            "5000 digits",
        ),
        (json.dumps({**TEACHER_DEAL, "dealer": "NaN"}).replace('"NaN"', "NaN"), "nan is not a number"),
        (
            json.dumps({**TEACHER_DEAL, "hands": {**TEACHER_DEAL["hands"], "S": ["9S"] * 1_000_000}}),
            "characters)",
        ),  # type: ignore[dict-item]
        ('{"format": "euchre-tutor/classic-game", "seed": ' + "7" * 5000 + "}", "5000 digits"),
        ("\x00\ufffd\ufffd binary", "not valid json"),
    ],
)
def test_a_hostile_load_teaches_in_one_short_message_and_changes_nothing(text: str, words: str) -> None:
    app = ClassicApp(seed=5)
    c = app.controller
    click(app, bot_choice(app))
    before = (c.game, c.game.position, c.state, c.rules)
    app.deal_text.value = text
    app.load.click()
    assert (c.game, c.game.position, c.state, c.rules) == before
    assert c.message_is_error and words in c.message.lower(), c.message[:400]
    assert len(c.message) <= 302 and "\n" not in c.message
