"""Headless tests of the Solitaire table: handlers driven with Button.click().

ipywidgets swallows exceptions raised in click handlers (it logs them), so
every test asserts on the state after the click, never on "no exception".
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime

import pytest

from euchre_tutor.advisor.voice import Depth, card_words, text_problems, visible_text
from euchre_tutor.cards import Card, Suit
from euchre_tutor.errors import EuchreError
from euchre_tutor.games.solitaire.engine.engine import NameTrump, OrderUp, Phase, SolitaireDeal
from euchre_tutor.widgets import SolitaireApp
from tests.widgets.stub import FailingSource, StubSource

NOW = datetime(2024, 1, 1, tzinfo=UTC)
EXAMPLE_1 = "9H 9C KC JC 9S JD  AS KS QS TS 9D TD QD KD AD TC QC AC TH JH QH KH AH JS"


@pytest.fixture
def app() -> Iterator[SolitaireApp]:
    a = SolitaireApp(seed=3, source=StubSource(), runner="inline")
    yield a
    a.close()


def classes(widget: object) -> set[str]:
    return set(widget._dom_classes)  # type: ignore[attr-defined]


def hand_buttons(app: SolitaireApp) -> list[object]:
    return [b for b in app.cards if "euchre-card" in classes(b)]


def play_first_legal(app: SolitaireApp) -> None:
    view = app.controller.view
    assert view is not None
    app.card_button(view.legal_cards[0]).click()


def find_deck_lead(app: SolitaireApp) -> tuple[Card, Card]:
    """Order up and play until the deck leads while the hand has a card that may not follow.

    Returns (illegal card, a legal card). Deals are tried from seed 3 upward.
    """
    for seed in range(3, 300):
        app.controller.deal_seed(seed)
        app.trump_button(None).click()
        while True:
            view = app.controller.view
            assert view is not None
            if view.phase is Phase.OVER:
                break
            illegal = [c for c in view.hand if c not in view.legal_cards]
            if view.deck_lead is not None and illegal:
                return illegal[0], view.legal_cards[0]
            play_first_legal(app)
    raise AssertionError("no deal with a follow-suit obligation found")


def test_hooks_and_first_screen(app: SolitaireApp) -> None:
    assert "euchre-app" in classes(app)
    cards = hand_buttons(app)
    assert len(cards) == 5
    # before trump is chosen no card may be played: all are marked disabled, with the reason
    for b in cards:
        assert "disabled" in classes(b)
        assert "choose trump" in b.tooltip
    names = sorted(b.description for b in cards)
    assert names == sorted(c.name for c in SolitaireDeal.from_seed(3).hand)
    trump_controls = [app.bid_button(a) for a in app.controller.view.legal]
    assert len(trump_controls) == 8  # order up, name each other suit, and each of them alone
    assert all("euchre-bid" in classes(t) for t in trump_controls)
    turn = SolitaireDeal.from_seed(3).turn
    assert turn.symbol in app.trump_button(None).description
    assert turn.name in app.trump_button(None).tooltip
    assert turn.name in app.table.value  # the turn card is shown, with its accessible name
    assert "euchre-log" in classes(app.trick_log)
    assert "euchre-hint" in classes(app.hint_panel)
    assert "euchre-score" in classes(app.score)
    assert "0" in app.score.value and "first to" in app.score.value
    # nothing else carries the card hook
    for w in (app.trump_button(None), app.trump_button(None, alone=True), app.next_hand, app.undo):
        assert "euchre-card" not in classes(w)


def test_the_buttons_speak_of_deals_and_a_game(app: SolitaireApp) -> None:
    words = (app.next_hand.description, app.new_match.description, app.review_open.description)
    assert words == ("Next deal", "New game", "Review deal")
    assert app.next_hand.tooltip == "Deal the next cards of this game"
    assert list(app.hand_end.children) == [app.next_hand, app.replay, app.review_open]


def test_card_faces_are_red_or_black_and_four_colour_is_an_option(app: SolitaireApp) -> None:
    for b, card in zip(app.cards, app._slot_cards, strict=True):
        assert card is not None
        assert ("red" if card.is_red else "black") in classes(b)
        assert f"c-{card}" in classes(b)
    assert "four-colour" not in classes(app)
    app.four.value = True
    assert "four-colour" in classes(app)
    assert "four-colour" in classes(SolitaireApp(seed=1, source=None, four_colour=True))


def test_widget_tree_is_updated_in_place(app: SolitaireApp) -> None:
    before = [id(w) for w in app.children]
    buttons = [id(b) for b in app.cards]
    hint, log = id(app.hint_panel), id(app.trick_log)
    app.trump_button(None).click()
    play_first_legal(app)
    app.undo.click()
    assert [id(w) for w in app.children] == before
    assert [id(b) for b in app.cards] == buttons
    assert (id(app.hint_panel), id(app.trick_log)) == (hint, log)


def test_a_whole_game_to_ten_by_clicking(app: SolitaireApp) -> None:
    c = app.controller
    deals = 0
    while c.state.winner is None:
        assert deals < 60
        view = c.view
        assert view is not None
        if view.phase is Phase.OVER:
            assert "hidden" not in classes(app.review) and "Deal review" in app.review_body.value
            app.next_hand.click()
            deals += 1
            continue
        if view.phase is Phase.CHOOSE_TRUMP:
            app.trump_button(None).click()
            assert c.view is not None and c.view.phase is Phase.PLAY
            continue
        tricks = len(view.tricks)
        play_first_legal(app)
        after = c.view
        assert after is not None and (len(after.tricks) == tricks + 1 or after.phase is Phase.OVER)
        assert len(hand_buttons(app)) == len(after.hand)
    player, deck = c.state.score
    assert max(player, deck) >= 10
    assert ("you win" in c.message) == (c.state.winner == "player")
    assert "wins the game" in c.message or "you win" in c.message
    assert app.next_hand.disabled
    # the game is over: another deal is refused with a teaching message, nothing changes
    position = c.game.position
    c.next_deal()
    assert c.message_is_error and "game is over" in c.message
    assert c.game.position == position
    # a new game from the page's seed box starts at 0-0
    app.seed.value = "11"
    app.new_match.click()
    assert c.state.score == (0, 0) and c.game.seed == 11
    assert c.view is not None and c.view.hand == SolitaireDeal.from_seed(11).hand


def test_trick_log_shows_leader_cards_burns_winner_and_why(app: SolitaireApp) -> None:
    app.controller.load_deal(EXAMPLE_1)
    app.trump_button("C").click()
    app.card_button("JC").click()  # the deck burns 9 cards looking for a club or trump
    log = app.trick_log.value
    assert "jack of clubs" in log
    assert log.count(' small burned"') == 9
    assert "right bower" in log  # why the trick was won
    assert "stock: 9 cards" in log
    assert "known bottom card J♦" in log
    assert "Burned this deal · 9" in app.table.value


def test_illegal_card_click_explains_and_changes_nothing(app: SolitaireApp) -> None:
    illegal, legal = find_deck_lead(app)
    c = app.controller
    button = app.card_button(illegal)
    assert "disabled" in classes(button) and "euchre-card" in classes(button)
    assert "may not be played" in button.tooltip and "does not follow" in button.tooltip
    assert "playable" in classes(app.card_button(legal))
    position, state = c.game.position, c.state
    log, table = app.trick_log.value, app.table.value
    button.click()
    assert c.message_is_error
    assert "does not follow" in c.message and legal.symbol in c.message
    assert "does not follow" in app.message.value and 'role="alert"' in app.message.value
    assert c.game.position == position and c.state is state
    assert app.trick_log.value == log and app.table.value == table


def test_clicks_out_of_turn_are_explained(app: SolitaireApp) -> None:
    c = app.controller
    position = c.game.position
    app.cards[0].click()  # a card before trump is chosen
    assert c.message_is_error and "choose trump" in c.message.lower()
    assert c.game.position == position
    app.next_hand.click()  # a new deal while this one is in progress
    assert c.message_is_error and "finish the deal" in c.message.lower()
    assert c.game.position == position
    app.trump_button(None).click()
    assert not c.message_is_error
    c.choose(NameTrump(Suit.CLUBS))  # trump twice (the buttons are hidden by then)
    assert c.message_is_error and "already chosen" in c.message
    assert "hidden" in classes(app.bids)


def test_bad_input_shows_a_teaching_message_and_changes_nothing(app: SolitaireApp) -> None:
    c = app.controller
    position, state = c.game.position, c.state
    for text, words in [
        ("9H 9C KC", "24 cards"),
        ("9H 9C KC JC 9S JD AS KS QS TS 9D TD QD KD AD TC QC AC TH JH QH KH AH AH", "twice"),
        ("9H 9C KC 1C", "not a card"),
        ('{"format": "something else"}', "not a saved solitaire game"),
    ]:
        app.deal_text.value = text
        app.load.click()
        assert c.message_is_error and words in c.message.lower(), c.message
        assert c.game.position == position and c.state is state
    app.seed.value = "seven"
    app.deal_seed.click()
    assert c.message_is_error and "whole number" in c.message
    app.new_match.click()
    assert c.message_is_error and c.state is state


def test_teacher_deal_seed_deal_replay_and_saved_game(app: SolitaireApp) -> None:
    c = app.controller
    app.deal_text.value = EXAMPLE_1
    app.load.click()
    assert not c.message_is_error and c.message.startswith("Here is the deal you loaded")
    assert "set aside" not in c.message  # the table's first deal was untouched: nothing to set aside
    assert c.view is not None and c.view.hand == SolitaireDeal.parse(EXAMPLE_1).hand
    app.trump_button("C").click()
    app.seed.value = "42"
    app.deal_seed.click()  # mid-deal: the unfinished deal is set aside
    assert "set aside" in c.message and c.state.score == (0, 0)
    assert c.view is not None and c.view.hand == SolitaireDeal.from_seed(42).hand
    app.trump_button(None).click()
    while c.view is not None and c.view.phase is not Phase.OVER:
        play_first_legal(app)
    score = c.state.score
    assert not app.replay.disabled
    app.replay.click()
    assert c.view is not None and c.view.hand == SolitaireDeal.from_seed(42).hand
    assert c.view.phase is Phase.CHOOSE_TRUMP and c.state.score == score
    saved = c.save_text()
    app.deal_text.value = saved
    app.load.click()
    assert "Loaded" in c.message and c.state.score == score
    # a deal file
    app.upload.value = (
        {
            "name": "deal.txt",
            "type": "text/plain",
            "size": 80,
            "content": EXAMPLE_1.encode(),
            "last_modified": NOW,
        },
    )
    assert c.view is not None and c.view.hand == SolitaireDeal.parse(EXAMPLE_1).hand
    app.upload.value = (
        {"name": "deal.bin", "type": "", "size": 2, "content": b"\xff\xfe", "last_modified": NOW},
    )
    assert c.message_is_error and "not UTF-8 text" in c.message


def test_undo_and_redo(app: SolitaireApp) -> None:
    c = app.controller
    assert app.undo.disabled and app.redo.disabled  # the deal itself is not undone
    c.undo()
    assert c.message_is_error and "nothing to undo" in c.message.lower()
    app.trump_button(None).click()
    first = c.view
    assert first is not None
    play_first_legal(app)
    after_play = c.view
    assert not app.undo.disabled
    app.undo.click()
    assert c.view == first and not app.redo.disabled
    app.undo.click()
    assert c.view is not None and c.view.phase is Phase.CHOOSE_TRUMP
    assert len(hand_buttons(app)) == 5 and "hidden" not in classes(app.bids)
    app.redo.click()
    app.redo.click()
    assert c.view == after_play and app.redo.disabled
    # a different decision after undo drops the redo tail
    app.undo.click()
    app.undo.click()
    app.trump_button(next(s for s in Suit if s is not c.view.turn_card.suit)).click()
    assert app.redo.disabled and c.view.trump is not None and not c.view.ordered_up


def test_hint_panel_speaks_at_the_chosen_depth_and_can_be_hidden(app: SolitaireApp) -> None:
    assert app.hint_body.value == ""  # hidden until asked
    assert (
        'data-ready="1"' in app.hint_status.value and "Analys" not in app.hint_status.value
    )  # nothing pending
    app.hint_toggle.value = True
    assert app.depth.depth is Depth.BRIEF  # a new student's default
    body = app.hint_body.value
    turn = app.controller.view.turn_card
    # the move in words, no figures, no codes, no rule ids
    assert f"Order up {card_words(turn)}." in visible_text(body)
    assert 'class="track"' not in body and "+1.000" not in body and "cards.follow-suit" not in body
    assert app.metric.layout.display == "none"  # the bars' metric belongs to the figures depth
    for depth in Depth:
        app.depth.depth = depth
        text = visible_text(app.hint_body.value)
        assert text_problems(text, depth) == [], (depth, text)
    app.depth.depth = Depth.COMPARE  # the stub's second option is worth 0.1 less
    assert "costs about a tenth of a point a deal" in visible_text(app.hint_body.value)
    app.depth.depth = Depth.FIGURES
    body = app.hint_body.value
    assert "+1 point;" in visible_text(body) and "3 or more tricks 0.750 (3/4)" in visible_text(body)
    assert body.count('class="track"') == len(app.controller.view.legal)
    assert app.metric.layout.display != "none"
    app.metric.value = "p3"
    assert "Chance of 3 or more tricks" in app.hint_body.value and "75.0%" in app.hint_body.value
    app.trump_button(None).click()
    assert visible_text(app.hint_body.value).startswith(("Lead ", "Play ", "Every card"))
    app.depth.depth = Depth.BRIEF
    app.hint_toggle.value = False
    assert app.hint_body.value == "" and app.hint_toggle.description == "Show hint"


def test_grading_labels_each_decision_and_a_review_closes_the_deal() -> None:
    app = SolitaireApp(seed=5, source=StubSource(), runner="inline", grading=True)
    c = app.controller
    assert app.grade.value
    view = c.view
    assert view is not None
    second = view.legal[1]
    assert isinstance(second, OrderUp | NameTrump)
    c.choose(second)
    line = visible_text(app.grade_line.value)
    assert "Good" in line and "costs about a tenth of a point a deal against order up" in line, line
    assert text_problems(line) == []
    while c.view is not None and c.view.phase is not Phase.OVER:
        play_first_legal(app)
    review = app.review_body.value
    assert "Deal review" in review and "hidden" not in classes(app.review)
    assert "Good" in review and "Best" in review
    assert "Lost this deal: <b>about a tenth of a point" in review and "0.000" not in review
    assert "Decision 1.</b> Order up" in review  # the hint's own words for the decision that lost
    assert text_problems(visible_text(review)) == []
    app.next_hand.click()
    assert "hidden" in classes(app.review)
    app.grade.value = False
    assert app.grade_line.value == ""


def test_a_failing_analysis_is_reported_not_raised() -> None:
    app = SolitaireApp(seed=1, source=FailingSource(), runner="inline", show_hint=True)
    assert "analysis failed" in app.hint_status.value and "solver exploded" in app.hint_status.value
    app.trump_button(None).click()  # the game goes on
    assert app.controller.view is not None and app.controller.view.phase is Phase.PLAY


def test_hints_off() -> None:
    app = SolitaireApp(seed=1, hints=False, show_hint=True)
    assert app.tutor.analyst is None
    assert "off" in app.hint_status.value
    app.trump_button(None).click()
    while app.controller.view is not None and app.controller.view.phase is not Phase.OVER:
        play_first_legal(app)
    assert "Deal review" in app.review_body.value


def test_saved_game_round_trip_keeps_the_score(app: SolitaireApp) -> None:
    app.trump_button(None).click()
    while app.controller.view is not None and app.controller.view.phase is not Phase.OVER:
        play_first_legal(app)
    data = json.loads(app.controller.save_text())
    assert data["format"] == "euchre-tutor/solitaire-game"
    other = SolitaireApp(seed=99, source=None)
    assert other.controller.load_deal(json.dumps(data))
    assert other.controller.state.score == app.controller.state.score


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("[" * 100_000, "nested 100000 levels deep"),
        ('{"format": "euchre-tutor/solitaire-game", "seed": ' + "9" * 5000 + "}", "5000 digits"),
        ('{"format": NaN}', "nan is not a number"),
        ("9S " * 1_000_000, "1000000 cards given"),
        ("\x00\x01\ufffd\ufffd", "not a card"),
        ("\ufeff" + '{"format": "x"}', "not a saved solitaire game"),
    ],
)
def test_hostile_load_teaches_in_one_short_message_and_changes_nothing(
    app: SolitaireApp, text: str, words: str
) -> None:
    c = app.controller
    app.trump_button(None).click()
    before = (c.game, c.game.position, c.state, c.state.score)
    app.deal_text.value = text
    app.load.click()
    assert (c.game, c.game.position, c.state, c.state.score) == before
    assert c.message_is_error and words in c.message.lower(), c.message[:400]
    assert len(c.message) <= 302 and "\n" not in c.message


def test_a_deal_review_marks_its_key_moments_and_a_retry_is_graded_exactly() -> None:
    from euchre_tutor.games.solitaire.session.advice import advisor_source

    for seed in range(1, 30):
        app = SolitaireApp(seed=seed, source=advisor_source(), runner="inline", grading=True)
        c = app.controller
        t = app.tutor
        while c.view is not None and c.view.phase is not Phase.OVER:  # the worst choice every time
            hint = t.current_hint
            assert hint is not None
            worst = hint.options[-1].action
            assert c.choose(worst) if isinstance(worst, OrderUp | NameTrump) else c.play(worst.card)
        if t.key_moments():
            break
        app.close()
    else:  # pragma: no cover
        raise AssertionError("no deal of the worst choices had a decision graded Inaccuracy or worse")
    moments = t.key_moments()
    grades = [t.grade_of(d) for d in moments]
    assert all(g is not None and g.label in ("Inaccuracy", "Mistake", "Blunder") for g in grades)
    assert [g.loss for g in grades] == sorted((g.loss for g in grades), reverse=True)  # type: ignore[union-attr]
    assert app.review_body.value.count("★ key") == len(moments)
    shown = [b for b in app.retry.choice_buttons if b.layout.display != "none"]
    assert len(shown) == len(moments) and shown[0].description.startswith("Retry ")
    shown[0].click()
    d = moments[0]
    assert d.view is not None and "The hint is hidden" in app.retry.prompt.value
    answers = [b for b in app.retry.answer_buttons if b.layout.display != "none"]
    assert len(answers) == len(d.view.legal)
    best = t.hints[d.key].best.action
    before = (c.state, c.game.position)
    answers[d.view.legal.index(best)].click()
    assert (c.state, c.game.position) == before  # a retry changes nothing in the game
    assert t.retries[-1].action == best and t.retries[-1].grade.label == "Best"
    result = app.retry.feedback.value
    assert 'data-grade="Best"' in result and "The first time" in result and "Why:" in result
    with pytest.raises(EuchreError, match="was not legal at that moment"):
        t.retry(d, next(a for a in (OrderUp(), *(NameTrump(s) for s in Suit)) if a not in d.view.legal))
    mistakes = [x for x in t.decisions() if t.grade_of(x).label in ("Mistake", "Blunder")]  # type: ignore[union-attr]
    assert mistakes and len(t.drills) == len(mistakes)  # the worst choices make some
    assert {dr.answer for dr in t.drills.drills} == {str(x.action) for x in mistakes}
    assert "euchre-drills.json" in app.drills_line.value
    app.next_hand.click()  # a new deal: its review and retries are put away
    assert "hidden" in classes(app.review)
    app.close()


def test_the_deal_review_splits_the_deal_and_the_game_into_luck_and_skill() -> None:
    from euchre_tutor.advisor.luck import luck_sentence, total
    from euchre_tutor.games.solitaire.session.advice import advisor_source

    app = SolitaireApp(seed=3, source=advisor_source(), runner="inline", grading=True)
    c = app.controller
    t = app.tutor
    for deal in range(2):
        while c.view is not None and c.view.phase is not Phase.OVER:
            hint = t.current_hint
            assert hint is not None
            act = hint.best.action
            assert c.choose(act) if isinstance(act, OrderUp | NameTrump) else c.play(act.card)
        review = app.review_body.value
        lucks = t.stats.luck("solitaire")
        assert len(lucks) == deal + 1
        assert 'class="et-luck"' in review and "this deal" in review
        assert luck_sentence(total([lucks[-1]]), "deal").split(":")[0] in review
        assert ("this game" in review) == (deal == 1)
        if deal == 0:
            app.next_hand.click()
            assert c.view is not None and c.view.phase is not Phase.OVER
    app.close()


def test_the_deal_review_marks_its_swings_and_they_are_the_deals_rest_exactly() -> None:
    """Solitaire's swings are exact: what each decision left against the value at the next one (the
    burned and drawn cards in between), summing to the deal's rest (the session statistics keep the
    first value as a float, so theirs agrees to rounding); the largest of each sign marked."""
    from fractions import Fraction

    from euchre_tutor.advisor.luck import lucky_swings, swings
    from euchre_tutor.games.solitaire.session.advice import advisor_source

    app = SolitaireApp(seed=3, source=advisor_source(), runner="inline", grading=True)
    c = app.controller
    t = app.tutor
    marked = 0
    for deal in range(4):
        while c.view is not None and c.view.phase is not Phase.OVER:
            assert t.swings() == []  # nothing to split while the deal goes on
            hint = t.current_hint
            assert hint is not None
            act = hint.options[-1].action if deal % 2 else hint.best.action  # the worst, then the best
            assert c.choose(act) if isinstance(act, OrderUp | NameTrump) else c.play(act.card)
        decisions = t.decisions()
        values = [max(o.ev for o in t.hints[d.key].options) for d in decisions]
        losses = [Fraction(t.grade_of(d).loss) for d in decisions]  # type: ignore[union-attr]
        luck = t.stats.luck("solitaire")[-1]
        mine = swings(values, losses, points=luck.points)
        assert [s for _, s in t.swings()] == mine and [d for d, _ in t.swings()] == decisions
        assert sum(s.amount for s in mine) == luck.points - values[0] + sum(losses)  # exactly the rest
        assert float(sum(s.amount for s in mine)) == pytest.approx(
            float(luck.rest), abs=1e-9
        )  # stats: floats
        review = app.review_body.value
        picked = [i for i in lucky_swings(mine) if i is not None]
        assert review.count('class="et-swing ') == len(picked)
        for i in picked:
            assert f"After your decision {i + 1} (" in review.replace("&#x27;", "'")
        marked += len(picked)
        app.next_hand.click()
    assert marked >= 1, "four deals without a swing to mark: choose another seed"
    app.close()
