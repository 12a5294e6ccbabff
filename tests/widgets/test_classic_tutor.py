"""Headless tests of the classic table's tutor: hints, grades, review, levels, autoplay, open hands.

The analyses are the real advisor's, run inline (``runner="inline"``) with
fewer sampled deals than the page uses, so the tests stay quick; the numbers
are checked against ``euchre-tutor classic analyze`` itself.
"""

from __future__ import annotations

import asyncio
import json
import re
import threading
from collections.abc import Iterator
from typing import Any

import pytest

from euchre_tutor.advisor.shared import THRESHOLDS, grade_scale
from euchre_tutor.advisor.voice import (
    DEFAULT_DEPTH,
    Depth,
    card_words,
    false_sentences,
    minus,
    text_problems,
    visible_text,
)
from euchre_tutor.cards import deck
from euchre_tutor.cli import main
from euchre_tutor.errors import EuchreError
from euchre_tutor.games.classic.advisor import analysis as analysis_module
from euchre_tutor.games.classic.advisor.ideas import CATALOGUE, explain, position_of
from euchre_tutor.games.classic.advisor.reasons import action_label, classic_grade
from euchre_tutor.games.classic.bots import BeginnerPlayer, ExpertPlayer, RuleBasedPlayer
from euchre_tutor.games.classic.engine.engine import Action, Phase
from euchre_tutor.games.classic.session.advice import ClassicAdvisorSource
from euchre_tutor.games.classic.widgets.hints import _grade_sentence
from euchre_tutor.session.analysis import Analyst
from euchre_tutor.widgets import ClassicApp
from euchre_tutor.widgets.depth import DepthPicker
from tests.test_layers import assert_loads_no_widget_library

WORLDS = 40


def classes(widget: object) -> set[str]:
    return set(widget._dom_classes)  # type: ignore[attr-defined]


def tutor_app(seed: int = 3, **kw: Any) -> ClassicApp:
    options: dict[str, Any] = {"source": ClassicAdvisorSource(), "runner": "inline", "worlds": WORLDS}
    options.update(kw)
    return ClassicApp(seed=seed, **options)


@pytest.fixture(autouse=True)
def new_student() -> None:
    """Each test starts as a new student would: the kernel remembers the last depth picked, so pick the
    default (a picker set to it passes it on to the next table's picker)."""
    DepthPicker().depth = DEFAULT_DEPTH


@pytest.fixture
def app() -> Iterator[ClassicApp]:
    a = tutor_app(show_hint=True, grading=True)
    yield a
    a.close()


def cli_json(
    position: dict[str, Any], seed: int, capsys: pytest.CaptureFixture[str], table: str = "club"
) -> dict[str, Any]:
    capsys.readouterr()
    code = main(
        [
            "classic",
            "analyze",
            "--table",
            table,
            "--input",
            json.dumps(position),
            "--json",
            "--seed",
            str(seed),
            "--worlds",
            str(WORLDS),
            "--mode",
            "points",  # the table ranks by points whatever the score (its metric selector shows the rest)
        ]
    )
    assert code == 0
    data: dict[str, Any] = json.loads(capsys.readouterr().out)
    return data


def shown_options(app: ClassicApp) -> list[tuple[str, str]]:
    """(action, value text) of each bar in the hint panel, best first (the figures depth draws the bars)."""
    import re

    app.depth.depth = Depth.FIGURES
    body = app.hint_body.value
    actions = re.findall(r'class="opt ec-option[^"]*"[^>]*data-action="([^"]+)"', body)
    values = re.findall(r'<span class="val">([^<]+)</span>', body)
    return list(zip(actions, values, strict=True))


def play_to_end_of_hand(app: ClassicApp, choose: Any) -> None:
    c, t = app.controller, app.tutor
    for _ in range(40):
        if c.waiting or c.state.is_over:
            return
        if t.forced is not None:
            assert t.autoplay_now()
            continue
        assert c.act(choose(app))
    raise AssertionError("the hand did not end")


def best(app: ClassicApp) -> Any:
    hint = app.tutor.current_hint
    assert hint is not None
    return hint.best.action


def worst(app: ClassicApp) -> Any:
    hint = app.tutor.current_hint
    assert hint is not None
    return hint.options[-1].action


# ---------------------------------------------------------------------------- the hint


def test_the_hint_shows_the_numbers_classic_analyze_prints_for_the_same_position(
    app: ClassicApp, capsys: pytest.CaptureFixture[str]
) -> None:
    c, t = app.controller, app.tutor
    checked = 0
    for _ in range(12):
        if c.waiting:
            break
        if t.forced is not None:
            t.autoplay_now()
            continue
        position = t.position()
        assert position is not None
        data = cli_json(position, c.seed if isinstance(c.seed, int) else 0, capsys)
        hint = t.current_hint
        assert hint is not None and hint.to_json() == data
        assert shown_options(app) == [(o["action"], minus(f"{o['ev']:+.2f}")) for o in data["options"]]
        # the ids stay in the command's JSON; the panel says each idea's sentence, and only where it holds
        expl = explain(hint, c.view)
        for depth in Depth:
            app.depth.depth = depth
            body = app.hint_body.value
            assert text_problems(visible_text(body), depth) == []
            assert not any(f"[{reason['rule']}]" in body for reason in data["reasons"])
            said = expl.said(depth)
            assert said and all(f'data-idea="{s.idea}"' in body for s in said)
            assert false_sentences(said, CATALOGUE, position_of(hint, c.view)) == []
        checked += 1
        assert c.act(best(app))
    assert checked >= 3  # a bid and cards at least


def test_at_an_expert_table_the_hint_models_expert_players(capsys: pytest.CaptureFixture[str]) -> None:
    # The numbers are true at the table the student sits at: the hint is `classic analyze --table expert`.
    app = tutor_app(show_hint=True, level="expert", background_bots=False)
    try:
        c, t = app.controller, app.tutor
        assert t.table == "expert"
        while not c.my_turn:
            t.wait_for_bots()
        position = t.position()
        assert position is not None
        hint = t.current_hint
        assert hint is not None
        seed = c.seed if isinstance(c.seed, int) else 0
        assert hint.to_json() == cli_json(position, seed, capsys, table="expert")
        assert hint.method == "play-out"  # South's first decision is a bid: the table's players matter
        assert hint.to_json() != cli_json(position, seed, capsys, table="club")
        app.depth.depth = Depth.FIGURES
        assert "every seat bidding as Expert players do" in app.hint_body.value
    finally:
        app.close()


def test_the_metric_switches_the_bars_to_p_making_and_p_win_the_game(app: ClassicApp) -> None:
    data = app.tutor.current_hint.to_json()  # type: ignore[union-attr]
    app.metric.value = "p_make"
    assert [v for _, v in shown_options(app)] == [f"{o['p_make'] * 100:.1f}%" for o in data["options"]]
    assert "chance the makers take 3 tricks" in app.hint_body.value
    app.metric.value = "p_win_game"
    assert [v for _, v in shown_options(app)] == [f"{o['p_win_game'] * 100:.1f}%" for o in data["options"]]


def test_the_hint_panel_hides_and_shows_and_nothing_is_analysed_until_asked() -> None:
    app = tutor_app()
    t = app.tutor
    assert t.analyst is None and not t.wanted  # no process, no analysis: nobody asked
    assert app.hint_body.value == ""
    assert "Show the hint or grade your play" in app.hint_status.value
    app.hint_toggle.value = True
    hint = t.current_hint
    assert hint is not None and f'data-best="{hint.best.action}"' in app.hint_body.value
    assert app.depth.depth is Depth.BRIEF and 'class="et-move et-rec ec-best"' in app.hint_body.value
    assert app.hint_toggle.description == "Hide hint"
    app.hint_toggle.value = False
    assert app.hint_body.value == ""
    app.close()


def test_hints_off_says_so_and_grades_nothing() -> None:
    app = tutor_app(hints=False, show_hint=True, grading=True)
    assert "Hints are off" in app.hint_status.value
    assert app.tutor.current_hint is None and app.tutor.analyst is None
    app.close()


# ---------------------------------------------------------------------------- grades and the review


def test_a_deliberately_bad_bid_is_graded_a_blunder_and_the_best_one_best(app: ClassicApp) -> None:
    c, t = app.controller, app.tutor
    hint = t.current_hint
    assert hint is not None
    bad = worst(app)
    loss = hint.best.ev - hint.option(bad).ev  # type: ignore[union-attr]
    assert loss >= float(THRESHOLDS["points"][-1][0])  # seed 3's first bid: going alone is a real blunder
    assert c.act(bad)
    last = t.last_decision()
    assert last is not None and last.action == bad and last.trick == 0
    grade = t.grade_of(last)
    assert grade is not None and grade.label == "Blunder" and grade.loss == pytest.approx(loss)
    assert 'data-grade="Blunder"' in app.grade_line.value
    brief = visible_text(app.grade_line.value).replace(" :", ":")  # the label is a badge of its own
    assert "Blunder: it cost about" in brief and "±" not in brief and "Pass" not in brief.split("Blunder")[1]
    app.depth.depth = Depth.COMPARE
    assert "Passing was best." in app.grade_line.value
    app.depth.depth = Depth.FIGURES
    said = hint.option(bad).loss  # type: ignore[union-attr]  # the paired loss (the ev gap, unrounded)
    assert f"loses {said:.2f} ± {1.96 * hint.option(bad).loss_se:.2f} points" in app.grade_line.value


def test_grades_follow_the_shared_thresholds() -> None:
    from euchre_tutor.advisor.shared import Grade
    from euchre_tutor.games.classic.advisor.analysis import ClassicAnalysis, ClassicOption
    from euchre_tutor.games.classic.engine.engine import Action, Phase, Seat

    actions = [Action("play", card=None), Action("pass"), Action("order"), Action("order", alone=True)]

    def graded(action: Action, *evs: float, se: float = 0.0) -> Grade:
        options = tuple(
            ClassicOption(
                a,
                ev,
                0.0,
                0.5,
                0.5,
                0.0,
                "us",
                loss=evs[0] - ev,
                loss_se=se if i else 0.0,
                ev_gap=evs[0] - ev,
            )
            for i, (a, ev) in enumerate(zip(actions, evs, strict=False))
        )
        analysis = ClassicAnalysis(
            Seat.S, Phase.ROUND_1, "points", tuple(actions), options, 10, "play-out", (), 0
        )
        got = classic_grade(analysis, action)
        assert got is not None
        return got

    def grade(action: Action, *evs: float, se: float = 0.0) -> str:
        return graded(action, *evs, se=se).label

    evs = (1.0, 0.97, 0.6, 0.1)
    assert grade(Action("play", card=None), *evs) == "Best"
    assert grade(Action("pass"), *evs) == "Good"  # 0.03 < 0.05
    assert grade(Action("order"), *evs) == "Mistake"  # 0.2 <= 0.4 < 0.5
    assert grade(Action("order", alone=True), *evs) == "Blunder"
    assert grade(Action("pass"), 1.0, 1.0) == "Best"  # a tie is best
    # A loss the sample cannot tell from 0 is a tie (Best), and the sentence says so; a loss whose
    # interval stays clear of 0 keeps its band's label.
    tie = graded(Action("pass"), 1.0, 0.9, se=0.06)  # 0.10 ± 0.12 reaches 0
    assert tie.label == "Best" and tie.loss == 0 and "a tie with the best" in tie.text
    assert "within the sampling error" in tie.text
    clear = graded(Action("pass"), 1.0, 0.7, se=0.05)  # 0.30 ± 0.10 stays clear of 0
    assert (
        clear.label == "Mistake"
        and clear.loss == pytest.approx(0.3)
        and "0.30 ± 0.10 points less" in clear.text
    )
    assert "Good: under 0.05" in grade_scale() and "Blunder: 0.5 or more" in grade_scale()


def test_the_review_lists_every_decision_and_steps_through_the_hand(app: ClassicApp) -> None:
    c, t = app.controller, app.tutor
    assert app.review_open.disabled  # nothing to review while the first hand is played
    assert "hidden" in classes(app.review)
    play_to_end_of_hand(app, worst)
    assert c.waiting and not app.review_open.disabled
    decisions = t.decisions(1)
    assert decisions and decisions[0].trick == 0
    app.review_open.click()
    assert "hidden" not in classes(app.review)
    body = app.review_body.value
    assert "Review · hand 1" in body and "Bidding" in body
    for d in decisions:
        assert d.label in body
    grade = t.grade_of(decisions[0])
    assert grade is not None and grade.label in ("Mistake", "Blunder")
    review = t.review()
    assert review is not None
    assert [s.title for s in review.steps] == ["Bidding"] + [
        f"Trick {n}" for n in range(1, len(review.steps))
    ]
    assert app.review_prev.disabled and not app.review_next.disabled
    for n in range(1, len(review.steps)):
        app.review_next.click()
        assert f'data-step="{n}"' in app.review_body.value
        trick = review.steps[n].trick
        assert trick is not None and f"Won by <b>{trick.winner.word}</b>" in app.review_body.value
    assert app.review_next.disabled
    app.review_prev.click()
    assert f'data-step="{len(review.steps) - 2}"' in app.review_body.value
    assert c.next_hand()
    assert "hidden" in classes(app.review) and app.review_open.disabled


def test_undo_forgets_a_decision_and_its_grade_and_the_new_one_is_graded(app: ClassicApp) -> None:
    c, t = app.controller, app.tutor
    assert c.act(worst(app))
    assert t.grade_of(t.last_decision()).label == "Blunder"  # type: ignore[arg-type, union-attr]
    assert c.undo()
    assert t.decisions() == []
    assert c.act(best(app))
    last = t.last_decision()
    assert last is not None and t.grade_of(last).label == "Best"  # type: ignore[union-attr]


def test_a_bad_click_while_analysing_changes_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    # an analysis that never finishes: the worker is busy elsewhere
    monkeypatch.setattr(Analyst, "submit", lambda self, request: self._pending.add(request.key))
    app = tutor_app(show_hint=True, grading=True)
    c, t = app.controller, app.tutor
    assert t.analysing and "analysing" in classes(app.hint_panel)
    assert "Analysing…" in app.hint_status.value and 'role="progressbar"' in app.hint_status.value
    before = (c.game.position, c.state, app.bid_actions(), [b.description for b in app.cards])
    card = c.view.hand[0]
    assert not c.click_card(card)  # bidding: cards are not played now
    assert c.message_is_error and "after the bidding" in c.message
    assert (c.game.position, c.state, app.bid_actions(), [b.description for b in app.cards]) == before
    assert t.analysing
    # a legal decision is taken at once: nobody waits for the analysis
    assert c.act("pass")
    assert c.game.position > before[0]
    last = t.last_decision()
    assert last is not None and t.grade_of(last) is None
    assert "grading…" in app.grade_line.value
    app.close()


# ---------------------------------------------------------------------------- levels


def test_the_level_is_chosen_per_match_and_the_bidding_log_says_which() -> None:
    app = tutor_app()
    c, t = app.controller, app.tutor
    assert isinstance(c.bot, RuleBasedPlayer) and t.level.name == "Club"
    assert "Computer players: <b>Club</b>" in app.bidding.value
    app.level_choice.value = "beginner"
    assert "Computer players: <b>Club</b>" in app.bidding.value  # chosen for the next match
    app.seed.value = "11"
    app.new_match.click()
    assert c.seed == 11 and isinstance(c.bot, BeginnerPlayer) and t.level.name == "Beginner"
    assert "Computer players: <b>Beginner</b>" in app.bidding.value
    app.level_choice.value = "expert"
    app.new_match.click()
    assert isinstance(c.bot, ExpertPlayer) and "Computer players: <b>Expert</b>" in app.bidding.value
    app.close()


def test_a_bad_seed_or_level_for_a_new_match_changes_nothing() -> None:
    app = tutor_app(level="beginner")
    c, t = app.controller, app.tutor
    bot, state = c.bot, c.state
    assert not t.new_match("seven", level="expert")
    assert c.bot is bot and c.state is state and t.level.name == "Beginner" and c.message_is_error
    assert not t.new_match(5, level="grandmaster")
    assert "Unknown level 'grandmaster'" in c.message and c.state is state and c.bot is bot
    with pytest.raises(ValueError, match="Beginner, Club, Expert"):
        ClassicApp(seed=1, level="hard")
    app.close()


def test_beginner_computer_players_play_a_whole_hand_at_the_table() -> None:
    app = tutor_app(seed=8, level="beginner")
    play_to_end_of_hand(app, lambda a: a.controller.legal[0])
    assert app.controller.waiting
    app.close()


# ---------------------------------------------------------------------------- autoplay and open hands


def forced_position(app: ClassicApp) -> None:
    """Play the first legal action until the student has a single legal card."""
    c, t = app.controller, app.tutor
    for _ in range(60):
        if t.forced is not None:
            return
        if c.waiting:
            assert c.next_hand()
            continue
        assert c.act(c.legal[0])
    raise AssertionError("no forced card in 60 decisions")


def test_a_forced_card_is_played_for_the_student_and_said_so() -> None:
    app = tutor_app(seed=3, show_hint=True)  # the hint shown, so that what it says is checked
    c, t = app.controller, app.tutor
    forced_position(app)
    card = t.forced
    assert card is not None and c.legal == (card,)
    assert card.card is not None
    said = visible_text(app.hint_body.value)
    # the rule that forces it, said of that very card: a follow, the last card, or a barred trump lead
    assert card_words(card.card).lower() in said.lower(), said
    assert any(
        why in said for why in ("You must follow", "is your last card", "only card that is not a trump")
    )
    assert app.hint_status.value == ""  # nothing pending: the hint says why
    position = c.game.position
    assert t.autoplay_now()
    assert c.game.position > position and c.game.actions[position] == card
    assert "your only legal card, played for you" in c.message and not c.message_is_error
    app.close()


def test_autoplay_off_leaves_the_forced_card_to_the_student() -> None:
    app = tutor_app(seed=3)
    c, t = app.controller, app.tutor
    app.autoplay.value = False
    assert not t.autoplay
    forced_position(app)
    position = c.game.position
    assert not t.autoplay_now() and c.game.position == position


def test_autoplay_waits_a_short_pause_on_the_event_loop() -> None:
    async def run() -> tuple[int, int, int]:
        app = ClassicApp(seed=3, source=None)
        app.tutor.pause = 0.05
        c, t = app.controller, app.tutor
        t._loop = asyncio.get_running_loop()  # created outside a loop in plain Python: give it this one
        forced_position(app)
        t._schedule_autoplay()
        at = c.game.position
        right_away = c.game.position
        for _ in range(200):  # the pause, then the card (each sleep lets the loop run)
            await asyncio.sleep(0.01)
            if c.game.position > at:
                break
        return at, right_away, c.game.position

    # A loop of its own in a thread: a browser test's Playwright may leave a loop running in this one.
    out: list[tuple[int, int, int]] = []
    runner = threading.Thread(target=lambda: out.append(asyncio.run(run())))
    runner.start()
    runner.join(timeout=120)
    assert out, "the event loop did not finish"
    at, right_away, later = out[0]
    assert right_away == at and later > at


def test_open_hands_show_every_other_seat_and_hide_again() -> None:
    app = tutor_app(seed=5)
    c = app.controller
    assert "hidden" in classes(app.open_hands_view) and app.open_hands_view.value == ""
    app.open_hands.value = True
    assert app.tutor.open_hands and "hidden" not in classes(app.open_hands_view)
    hand = c.hand
    for seat in hand.seating.seats:
        for card in hand.hands[seat]:
            assert (card.name in app.open_hands_view.value) == (seat != c.seat)
    assert c.act(c.legal[0])  # it follows the game
    for seat in c.hand.seating.seats:
        if seat != c.seat:
            for card in c.hand.hands[seat]:
                assert card.name in app.open_hands_view.value
    app.open_hands.value = False
    assert "hidden" in classes(app.open_hands_view)


def test_the_hint_during_play_names_the_follow_suit_duty_when_it_binds() -> None:
    app = tutor_app(seed=1, show_hint=True)
    c = app.controller
    bound = 0
    for _ in range(40):
        if c.waiting:
            break
        view = c.view
        hint = app.tutor.current_hint
        some_may_not_follow = {a.card for a in view.legal} != set(view.hand)
        if view.phase is Phase.PLAY and view.trick_plays and hint is not None and some_may_not_follow:
            body = app.hint_body.value
            position = position_of(hint, view)
            assert CATALOGUE["rule.follow-suit"].holds(position)
            expl = explain(hint, view)
            if expl.reminder is None:  # left out only to keep the brief hint short
                longer = " ".join(
                    [expl.move, expl.why[0].text, "You must follow suit: x were led and you hold some."]
                )
                assert len(longer.split()) > 30
            else:
                assert expl.reminder.idea in ("rule.follow-suit", "rule.left-bower")
                assert f'data-idea="{expl.reminder.idea}"' in body and "Remember:" in body
                bound += 1
        if app.tutor.forced is not None:
            app.tutor.autoplay_now()
        else:
            assert c.act(c.legal[-1])
    assert bound >= 1  # seed 1, always the last legal choice: trick 1 binds (a choice left)


def test_the_analysis_worker_loads_no_widget_library() -> None:
    """The worker processes import the classic hint and computer-player sources alone: no ipywidgets."""
    assert_loads_no_widget_library(
        "from euchre_tutor.games.classic.session.advice import classic_advisor_source, classic_bot_source;"
        "classic_advisor_source(); classic_bot_source()"
    )


def test_a_real_worker_process_delivers_the_hint_off_the_click_path() -> None:
    """The default runner: the analysis arrives from the worker process (waited for here, as a page would not)."""
    app = ClassicApp(seed=3, show_hint=True)
    try:
        t = app.tutor
        assert t.analyst is not None and t.analyst.worker_pid is not None
        assert t.analysing and "Analysing…" in app.hint_status.value  # at once: the click path never waits
        assert t.wait_for_analysis(300)
        hint = t.current_hint
        assert (
            hint is not None
            and hint.worlds == 200
            and f'data-best="{hint.best.action}"' in app.hint_body.value
        )
        assert not t.analysing and "analysing" not in classes(app.hint_panel)
    finally:
        app.close()


def test_a_graded_hand_lands_in_the_session_statistics_and_its_chart(app: ClassicApp) -> None:
    c, t = app.controller, app.tutor
    assert t.stats.summary("classic").decisions == 0
    play_to_end_of_hand(app, worst)
    graded = [d for d in t.decisions(1) if not d.forced and t.grade_of(d) is not None]
    summary = t.stats.summary("classic")
    assert graded and summary.decisions == len(graded)
    assert summary.labels["Blunder"] >= 1  # the worst choice at the first bid is a blunder
    losses = [t.grade_of(d).loss for d in graded]  # type: ignore[union-attr]
    assert summary.average_loss == pytest.approx(sum(losses) / len(losses))
    log = c.hand_logs()[0]
    assert log.finished and log.points is not None
    mine = log.points[c.seat.team.index]
    assert summary.deals == 1 and summary.points == mine - log.points[1 - c.seat.team.index]
    first = t.hint_of(graded[0])
    assert first is not None and summary.best == pytest.approx(first.best.ev)
    assert app.session.game == "classic"
    assert f"<b>{summary.decisions}</b> decision" in app.session.summary.value


def runner_up(app: ClassicApp) -> Any:
    """The option closest to the best: the choice whose grade most often sits on a band's edge."""
    hint = app.tutor.current_hint
    assert hint is not None
    return hint.options[1].action if len(hint.options) > 1 else hint.best.action


def edge_decisions(app: ClassicApp) -> list[Any]:
    """Play hands choosing the runner-up until some decision's 40-deal hint left its grade on an edge."""
    c, t = app.controller, app.tutor
    for _ in range(4):
        play_to_end_of_hand(app, runner_up)
        found = [d for d in t.decisions() if d.key is not None and not t.hints[d.key].grade_holds(d.action)]
        if found or not c.next_hand():
            return found
    return []


def test_a_grade_left_on_an_edge_is_refined_after_the_move_as_classic_analyze_grade_says(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # a smaller refinement cap than the table's, for the test's time: the same rule either way
    monkeypatch.setattr(analysis_module, "GRADE_MAX_WORLDS", 2000)
    app = tutor_app(seed=5, show_hint=True, grading=True, refine_grades=True)
    c, t = app.controller, app.tutor
    try:
        refined = edge_decisions(app)
        assert refined, "no decision of these hands was left on an edge by its 40-deal hint"
        for d in refined:
            hint = t.hints[d.key]
            better = t.hints[t.refine_key(d)]
            assert t.hint_of(d) is better and better.worlds > hint.worlds
            grade = t.grade_of(d)
            assert grade is not None and grade == classic_grade(better, d.action)
            position = t._turns[d.index].position
            capsys.readouterr()
            code = main(
                [
                    *("classic", "analyze", "--input", json.dumps(position), "--json", "--seed", str(c.seed)),
                    *("--worlds", str(WORLDS), "--mode", "points", "--grade", str(d.action)),
                ]
            )
            assert code == 0
            data = json.loads(capsys.readouterr().out)
            assert data["worlds"] == better.worlds and data["grade"]["label"] == grade.label
            assert data["options"] == [o.to_json() for o in better.options]
    finally:
        app.close()


def test_a_pending_refinement_keeps_the_grade_pending_rather_than_showing_a_label_that_may_change() -> None:
    app = tutor_app(seed=5, show_hint=True, grading=True, refine_grades=True)
    t = app.tutor
    try:
        edge = edge_decisions(app)
        assert edge
        for d in edge:
            del t.hints[t.refine_key(d)]  # as while the worker still refines it
            assert t.grade_of(d) is None and t.total_loss(d.hand_number) is None
            t.errors[t.refine_key(d)] = "worker failed"  # a failed refinement falls back on the turn's grade
            assert t.grade_of(d) == classic_grade(t.hints[d.key], d.action)
    finally:
        app.close()


def test_a_grade_being_refined_says_how_far_it_has_come(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(analysis_module, "GRADE_MAX_WORLDS", 2000)
    app = tutor_app(seed=5, show_hint=True, grading=True, refine_grades=True)
    t = app.tutor
    try:
        refined = edge_decisions(app)
        assert refined, "no decision of these hands was left on an edge by its 40-deal hint"
        d = refined[-1]
        key = t.refine_key(d)
        t.hints.pop(key)  # as while its refinement still runs in the worker
        seen: list[str] = []
        t.subscribe(lambda topic: seen.append(topic) if topic == "analysis" else None)
        t._on_message(("progress", key, (4760, 76_800)))  # a batch: nothing to redraw
        assert t.refining(d) == (4760, 76_800) and not seen
        t._on_message(("progress", key, (9600, 76_800)))  # past a multiple of 4,800: redrawn
        assert seen and t.grade_of(d) is None
        line = _grade_sentence(t, d, Depth.FIGURES)
        assert "grading…" in line and "9,600 so far, up to 76,800" in line
        for depth in (Depth.BRIEF, Depth.COMPARE):  # no internal deal counts but at the figures depth
            line = _grade_sentence(t, d, depth)
            assert "grading…" in line and "9,600" not in line and "76,800" not in line
            assert text_problems(visible_text(line), depth) == []
    finally:
        app.close()


def test_the_review_marks_the_costliest_decisions_and_a_retry_grades_a_new_answer_on_the_same_deals() -> None:
    app = tutor_app(seed=8, show_hint=True, grading=True)
    c, t = app.controller, app.tutor
    try:
        moments: list[Any] = []
        for _ in range(4):  # choose the worst option until a hand has a key moment
            play_to_end_of_hand(app, worst)
            review = t.review()
            assert review is not None
            moments = t.key_moments(review.number)
            if moments or not c.next_hand():
                break
        assert moments, "no hand of the worst choices had a decision graded Inaccuracy or worse"
        losses = [t.grade_of(d).loss for d in moments]  # type: ignore[union-attr]
        assert losses == sorted(losses, reverse=True)
        assert all(t.grade_of(d).label in ("Inaccuracy", "Mistake", "Blunder") for d in moments)  # type: ignore[union-attr]
        app.review_open.click()
        assert "★ key" in app.review_body.value
        shown = [b for b in app.retry.choice_buttons if b.layout.display != "none"]
        assert len(shown) == len(moments) and shown[0].description.startswith("Retry ")
        shown[0].click()
        d = moments[0]
        assert app.retry.panel.layout.display != "none"
        prompt = app.retry.prompt.value
        assert "The hint is hidden" in prompt and d.label not in app.retry.feedback.value
        answers = [b for b in app.retry.answer_buttons if b.layout.display != "none"]
        assert [b.description for b in answers] == [action_label(a, d.view) for a in d.view.legal]
        hint = t.hint_of(d)
        assert hint is not None
        i = d.view.legal.index(hint.best.action)
        before = (c.state, len(c.game.actions))
        answers[i].click()
        assert (c.state, len(c.game.actions)) == before  # a retry changes nothing at the table
        retry = t.retries[-1]
        assert retry.decision == d and retry.action == hint.best.action and retry.grade.label == "Best"
        result = app.retry.feedback.value
        assert 'data-grade="Best"' in result and "The first time" in result and "Why:" in result
        assert 'class="et-explain"' in result and text_problems(visible_text(result)) == []
        answers[0].click()  # answered already: a second click is ignored
        assert len(t.retries) == 1
        with pytest.raises(EuchreError, match="was not legal at that moment"):
            t.retry(d, next(Action("play", card=x) for x in deck() if x not in d.view.hand))
        assert len(t.retries) == 1
        # every Mistake and Blunder of the match is a drill (once), offered for download with the review
        mistakes = [
            x for x in t.decisions() if not x.forced and t.grade_of(x).label in ("Mistake", "Blunder")
        ]  # type: ignore[union-attr]
        assert mistakes and len(t.drills) == len(mistakes)  # the worst choices make some
        assert {dr.answer for dr in t.drills.drills} == {str(x.action) for x in mistakes}
        assert all(dr.level == "club" and "score" not in dr.position for dr in t.drills.drills)
        t._after_change()  # recorded once, however often the table looks again
        assert len(t.drills) == len(mistakes)
        line = app.drills_line.value
        assert "euchre-drills.json" in line and "data:application/json;base64," in line
    finally:
        app.close()


@pytest.mark.parametrize("rules", [{"hands": 2}, "three-handed"])
def test_a_match_with_no_table_of_chances_to_win_still_gets_hints_and_grades(rules: Any) -> None:
    # a fixed number of hands (or three players) has no table of the chance to win: the hints rank by
    # points instead of failing ("the chance to win is not tabled")
    app = tutor_app(seed=2, rules=rules, show_hint=True, grading=True)
    c, t = app.controller, app.tutor
    try:
        assert c.act(best(app))
        assert c.act(best(app)) or c.waiting or c.state.is_over
        graded = [d for d in t.decisions() if not d.forced]
        assert graded and all(t.grade_of(d) is not None for d in graded)
        assert not t.errors
        assert all(o.p_win_game is None for o in t.hint_of(graded[0]).options)  # type: ignore[union-attr]
    finally:
        app.close()


def test_classic_analyze_says_why_a_scored_fixed_hands_position_is_ranked_by_points(
    capsys: pytest.CaptureFixture[str],
) -> None:
    app = tutor_app(seed=2, rules={"hands": 3})
    try:
        position = app.tutor.position()
        assert position is not None and "score" in position
        code = main(["classic", "analyze", "--input", json.dumps(position), "--json", "--worlds", "40"])
        assert code == 0
        data = json.loads(capsys.readouterr().out)
        assert data["mode"] == "points"
        assert any("ranked by expected points" in r["text"] for r in data["readings"])
    finally:
        app.close()


def _refined(shown: Any, best: Action, gap: float) -> Any:
    """``shown`` as more deals might have left it: ``best`` first, the others ``gap`` points behind it."""
    import dataclasses

    first = next(o for o in shown.options if o.action == best)
    rest = [
        dataclasses.replace(o, loss=gap, loss_se=0.005, ev_gap=gap, ev_gap_se=0.005)
        for o in shown.options
        if o.action != best
    ]
    top = dataclasses.replace(first, loss=0.0, loss_se=0.0, ev_gap=0.0, ev_gap_se=0.0)
    return dataclasses.replace(shown, options=(top, *rest), worlds=shown.worlds * 10)


def test_the_review_says_in_one_sentence_when_more_deals_changed_the_best_option(
    app: ClassicApp, monkeypatch: pytest.MonkeyPatch
) -> None:
    c, t = app.controller, app.tutor
    shown = t.current_hint
    assert shown is not None
    assert c.act(shown.best.action)  # the hint's best
    d = t.last_decision()
    assert d is not None and t.story(d) is None  # graded by the very analysis the hint showed
    other = next(o.action for o in shown.options if o.action != shown.best.action)
    refined = _refined(shown, other, 0.03)
    monkeypatch.setattr(
        t, "hint_of", lambda decision: refined if decision == d else t.hints.get(decision.key)
    )
    story = t.story(d)
    assert story is not None and story.startswith("With more deals,") and "0.03 points" in story
    assert "which the hint showed as best" in story
    app.refresh_hint()
    for depth in Depth:
        app.depth.depth = depth
        assert story in visible_text(app.grade_line.value)
        assert text_problems(visible_text(app.grade_line.value), depth) == []
    # a tie in the hint that more deals turned into a loss: said too, with the new figure
    import dataclasses

    assert d.key is not None
    t.hints[d.key] = _refined(shown, shown.best.action, 0.0)  # every option a tie with the best
    apart = _refined(shown, shown.best.action, 0.12)
    monkeypatch.setattr(t, "hint_of", lambda decision: apart)
    assert t.story(d) is None  # the student chose the best: nothing changed for them
    tied = dataclasses.replace(d, action=other)
    story = t.story(tied)
    assert story is not None and "a tie with the best in the hint" in story and "0.12 points" in story


def test_the_hint_body_counts_the_students_turns_it_has_spoken_of() -> None:
    """The invisible marker (``et-hint-turn``) a page waits on for this turn's hint (benchmarks/site.py,
    benchmarks/classic_table.py): each new turn of the student's counts one more, a forced card's too,
    even when its hint or status reads as the last one's did; the same turn said at another depth, or its
    hint arriving after the placeholder, does not; a new match is a new turn."""
    marker = re.compile(r'^<span class="et-hint-turn" data-turn="(\d+)" hidden></span>')

    def shown_turn() -> int:
        found = marker.match(app.hint_body.value)
        assert found is not None and visible_text(found[0]) == ""
        return int(found[1])

    app = tutor_app(show_hint=True)
    c, t = app.controller, app.tutor
    first = c.game.position
    turns = forced = 0
    for _ in range(12):
        if c.waiting or c.state.is_over:
            break
        turns += 1
        assert shown_turn() == turns
        if t.forced is not None:
            forced += 1
            assert t.autoplay_now()
            continue
        assert t.current_hint is not None
        app.depth.depth = Depth.FIGURES if app.depth.depth is not Depth.FIGURES else Depth.BRIEF
        assert shown_turn() == turns  # the same turn, said at another depth
        assert c.act(c.legal[-1])
    assert turns >= 3 and forced >= 1 and not c.my_turn  # a forced card among them
    assert app.hint_body.value and marker.match(app.hint_body.value) is None  # no turn of the student's
    app.new_match.click()  # the same seed: the student speaks first again, at the same position
    assert c.my_turn and c.game.position == first and shown_turn() == turns + 1
    app.hint_toggle.value = False
    assert app.hint_body.value == ""
    app.close()
