"""Session statistics: the model's figures, the chart drawn from them (in place), and both games feeding it.

The Solitaire table feeds the stats from its controller; the classic
table is fed the same way (``update_deal("classic", hand, graded, points=, best=)``):
a test here grades real classic decisions with the classic advisor and feeds them.
"""

from __future__ import annotations

import re

import pytest

from euchre_tutor.advisor.session import GradedDecision, SessionStats
from euchre_tutor.advisor.shared import grade_label
from euchre_tutor.games.classic.advisor.analysis import analyse
from euchre_tutor.games.classic.bots import RuleBasedPlayer
from euchre_tutor.games.classic.engine.replay import replay_state
from euchre_tutor.games.classic.views import seat_view
from euchre_tutor.games.solitaire.engine.engine import Phase
from euchre_tutor.widgets import SolitaireApp
from euchre_tutor.widgets.stats import SessionChart, chart_svg
from tests.advisor.classic.test_analysis import BOTH_BOWERS  # the advisor's golden position
from tests.widgets.stub import StubSource


def g(label: str, loss: float, choice: str = "J♥", units: str = "points") -> GradedDecision:
    return GradedDecision(choice, label, loss, units)  # type: ignore[arg-type]


def test_summary_counts_grades_averages_losses_and_adds_up_deals() -> None:
    stats = SessionStats()
    stats.update_deal("solitaire", 1, [g("Best", 0), g("Mistake", 0.3)], points=1, best=1.5)
    stats.update_deal("solitaire", 2, [g("Good", 0.02), g("Blunder", 1.0)], points=-2, best=0.25)
    stats.update_deal("solitaire", 3, [g("Best", 0.0)])  # not finished yet
    s = stats.summary()
    assert s.decisions == 5
    assert s.labels == {"Best": 2, "Good": 1, "Inaccuracy": 0, "Mistake": 1, "Blunder": 1}
    assert s.average_loss == pytest.approx((0.3 + 0.02 + 1.0) / 5)
    assert s.average_win_chance_loss is None
    assert (s.deals, s.points, s.best) == (2, -1, pytest.approx(1.75))
    assert [d.number for d in stats.deals()] == [1, 2, 3]
    assert [d.finished for d in stats.deals()] == [True, True, False]


def test_update_deal_is_idempotent_replaces_a_line_and_tells_listeners_only_of_changes() -> None:
    stats = SessionStats()
    told: list[int] = []
    stats.subscribe(lambda: told.append(1))
    assert not stats.update_deal("solitaire", 1, [])  # nothing graded, not finished: not recorded
    assert stats.deals() == [] and told == []
    assert stats.update_deal("solitaire", 1, [g("Best", 0), g("Mistake", 0.3)])
    assert not stats.update_deal("solitaire", 1, [g("Best", 0), g("Mistake", 0.3)])
    assert len(told) == 1
    # the student undid the mistake and played the best card instead: the line is replaced
    assert stats.update_deal("solitaire", 1, [g("Best", 0), g("Best", 0)], points=2, best=2)
    assert stats.summary().labels["Mistake"] == 0 and stats.summary().decisions == 2
    assert len(told) == 2 and stats.deals()[0].number == 1
    stats.clear()
    assert stats.summary().decisions == 0 and len(told) == 3


def test_bad_records_are_refused_with_the_reason() -> None:
    with pytest.raises(ValueError, match="Best, Good, Inaccuracy, Mistake, Blunder"):
        g("Excellent", 0.0)
    with pytest.raises(ValueError, match="never negative"):
        g("Best", -0.1)
    with pytest.raises(ValueError, match="name the game"):
        SessionStats().update_deal("", 1, [g("Best", 0)])


def test_games_are_kept_apart_and_win_chance_losses_averaged_on_their_own() -> None:
    stats = SessionStats()
    stats.update_deal("solitaire", (1, 0), [g("Inaccuracy", 0.02, units="win chance")], points=1, best=1)
    stats.update_deal("classic", 1, [g("Mistake", 0.4)], points=-2, best=0.5)
    assert stats.summary("solitaire").average_win_chance_loss == pytest.approx(0.02)
    assert stats.summary("solitaire").average_loss is None
    assert stats.summary("classic").average_loss == pytest.approx(0.4)
    assert stats.summary().decisions == 2 and stats.summary().points == -1
    assert stats.deals("classic")[0].number == 1  # numbered per game


def _bars(svg: str) -> list[tuple[float, float]]:
    return [
        (float(y), float(h))
        for y, h in re.findall(r'<rect x="[\d.]+" y="([\d.]+)" width="[\d.]+" height="([\d.]+)"', svg)
    ]


def test_the_chart_draws_one_bar_per_deal_one_dot_per_decision_and_updates_in_place() -> None:
    stats = SessionStats()
    chart = SessionChart(stats)
    assert "appears here" in chart.summary.value and "no deal finished yet" in chart.chart.value
    summary_widget, chart_widget = chart.summary, chart.chart
    stats.update_deal("classic", 1, [g("Best", 0), g("Blunder", 1.2, choice="pass")], points=2, best=1.0)
    stats.update_deal("classic", 2, [g("Good", 0.03)], points=-2, best=0.5)
    assert chart.summary is summary_widget and chart.chart is chart_widget
    assert chart.children == (chart.heading, summary_widget, chart_widget, chart.report)
    svg = chart.chart.value
    assert svg.count('class="et-stats-deal"') == 2
    assert svg.count('class="et-stats-decision') == 3
    assert 'class="et-stats-decision Blunder"' in svg and "pass — Blunder, lost 1.20" in svg
    (y1, h1), (y2, h2) = _bars(svg)
    assert y1 + h1 == pytest.approx(y2, abs=0.2)  # +2 above the zero line, −2 below it
    assert h1 == pytest.approx(h2, abs=0.2)
    assert "deal 1: you scored +2; the best play averages +1.00 from your first decision" in svg
    text = chart.summary.value
    assert "<b>3</b> decisions graded" in text and "Blunder 1" in text
    assert "<b>0.41</b> points" in text  # (0 + 1.2 + 0.03) / 3
    assert "2 deals finished: you scored <b>0</b>; the best play averages <b>+1.50</b> there" in text
    assert chart_svg(stats, "solitaire").count("et-stats-deal") == 0
    chart.close()
    stats.update_deal("classic", 3, [g("Best", 0)])  # a closed chart is no longer told


def test_a_played_solitaire_deal_shows_up_in_the_dashboards_chart() -> None:
    app = SolitaireApp(seed=5, source=StubSource(), runner="inline")
    c = app.controller
    t = app.tutor
    assert "appears here" in app.session.summary.value
    chart_widget = app.session.chart
    view = c.view
    assert view is not None
    c.choose(view.legal[1])  # the stub grades the second option Good, 0.1 below the best
    while c.view is not None and c.view.phase is not Phase.OVER:
        c.play(c.view.legal_cards[0])
    deal = c.state.deal
    assert deal is not None
    p, d = deal.points
    (record,) = t.stats.deals("solitaire")
    assert record.finished and record.points == p - d
    assert record.best == pytest.approx(1.0)  # the stub values the best option 1
    assert record.decisions[0].label == "Good" and record.decisions[0].loss == pytest.approx(0.1)
    assert len(record.decisions) == len(t.decisions())
    assert app.session.chart is chart_widget
    assert app.session.chart.value.count('class="et-stats-deal"') == 1
    assert f"{len(t.decisions())}</b> decisions graded" in app.session.summary.value
    # undo the last card: the deal is no longer finished; redo: finished again, nothing counted twice
    app.undo.click()
    assert not t.stats.deals()[0].finished
    app.redo.click()
    assert t.stats.deals()[0].finished and t.stats.summary().decisions == len(t.decisions())
    # the next deal is a new bar; a replayed deal too
    app.next_hand.click()
    c.choose(c.view.legal[0])  # type: ignore[union-attr]
    while c.view is not None and c.view.phase is not Phase.OVER:
        c.play(c.view.legal_cards[0])
    assert t.stats.summary().deals == 2
    assert app.session.chart.value.count('class="et-stats-deal"') == 2
    app.close()


def test_hints_off_still_counts_the_deals_points() -> None:
    app = SolitaireApp(seed=1, hints=False)
    c = app.controller
    t = app.tutor
    c.choose(c.view.legal[0])  # type: ignore[union-attr]
    while c.view is not None and c.view.phase is not Phase.OVER:
        c.play(c.view.legal_cards[0])
    s = t.stats.summary()
    assert s.decisions == 0 and s.deals == 1 and s.best is None
    assert "1 deal finished" in app.session.summary.value
    app.close()


def test_classic_style_graded_decisions_feed_the_same_stats() -> None:
    """What the classic table does: grade each decision from the advisor's analysis, feed the hand."""
    state = replay_state(dict(BOTH_BOWERS))
    view = seat_view(state, state.seating.parse("S"))
    analysis = analyse(view, continuation=RuleBasedPlayer(), worlds=60, seed=0)
    best = analysis.best
    worst = analysis.options[-1]
    graded = []
    for option in (best, worst):
        loss = best.ev - option.ev
        label = "Best" if loss == 0 else grade_label(loss, "points")  # type: ignore[arg-type]
        graded.append(GradedDecision(option.label, label, loss))
    stats = SessionStats()
    chart = SessionChart(stats, game="classic")
    stats.update_deal("classic", ("match 1", 1), graded, points=2, best=best.ev)
    s = stats.summary("classic")
    assert s.decisions == 2 and s.labels["Best"] == 1
    assert s.average_loss == pytest.approx((best.ev - worst.ev) / 2)
    assert worst.ev < best.ev and s.best == pytest.approx(best.ev) and s.points == 2
    assert chart.chart.value.count('class="et-stats-deal"') == 1
    assert worst.label in chart.chart.value


def test_the_module_example_runs() -> None:
    import doctest

    from euchre_tutor.advisor import session

    assert doctest.testmod(session).failed == 0


@pytest.mark.parametrize(
    ("losses", "units", "scale"),
    [
        ([0.0, 0.3], "points", "1"),  # a classic or Solitaire session: 0, 0.5, 1
        ([0.2, 1.7], "points", "2"),
        ([0.5, 29.9], "points", "50"),  # a Bid Euchre loner's bid gone wrong stays on the chart
        ([0.04], "win chance", "10"),  # 4 percentage points
        ([0.35], "win chance", "50"),
    ],
)
def test_the_loss_scale_holds_every_decision(losses: list[float], units: str, scale: str) -> None:
    stats = SessionStats()
    stats.update_deal("bid", 1, [g("Mistake", x, units=units) for x in losses], points=-6)
    svg = chart_svg(stats, "bid")
    panel = svg[svg.index("Loss per decision") :]
    labels = re.findall(r'text-anchor="end">([\d.]+)</text>', panel)
    assert labels[-1] == scale and float(labels[1]) == float(scale) / 2
    assert "off the chart" not in svg
    cys = [float(y) for y in re.findall(r'class="et-stats-decision [^"]*" cx="[\d.]+" cy="([\d.]+)"', svg)]
    assert len(set(cys)) == len(losses)  # no two losses drawn at the same height (none clipped)
