"""Hints as data: every option's exact value, the best one, the reasons, and grades.

Public entry points (what the hint panel calls, in a worker process or thread):

* :func:`analyse_view` — the analysis of the decision a
  :class:`~euchre_tutor.games.solitaire.views.SolitaireView` is at (trump choice or card);
* :func:`analyse_trump` / :func:`analyse_play` — the same from raw knowledge;
* :func:`grade` — a decision's loss against the best, with its label;
* :func:`review_deal` — every decision of a finished (or partial) deal, graded;
* :func:`hint_from_analysis` — an analysis as the hint panel shows it (a :class:`Hint`).

Modes: ``"points"`` maximises the deal's expected points; ``"game"`` the
estimated chance to win the game from ``score`` (see :mod:`gamewin`). In both,
ties are broken by expected points, then P(5 tricks), then P(3+ tricks), then
the first option in the engine's order (trump: order up, clubs, diamonds,
hearts, spades, then the same alone; cards: hand order).

Grading thresholds (loss = best utility − the choice's utility):
points mode: Best 0, Good < 0.05 point, Inaccuracy < 0.2, Mistake < 0.5,
Blunder ≥ 0.5; game mode (win chance): Good < 0.01, Inaccuracy < 0.03,
Mistake < 0.08, Blunder ≥ 0.08.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Literal

from euchre_tutor.advisor.shared import Grade, Mode, Reason, fmt, grade_label
from euchre_tutor.cards import Card
from euchre_tutor.errors import EuchreError
from euchre_tutor.games.solitaire.advisor.gamewin import SCALE, game_utility
from euchre_tutor.games.solitaire.advisor.parallel import TrumpPool
from euchre_tutor.games.solitaire.advisor.positions import knowledge_from_view, trump_choices
from euchre_tutor.games.solitaire.advisor.reasons import play_reasons, trump_reasons
from euchre_tutor.games.solitaire.advisor.solver import Knowledge, Objective, Outcome, Solver
from euchre_tutor.games.solitaire.engine.engine import (
    Action,
    NameTrump,
    OrderUp,
    Phase,
    Play,
    SolitaireDeal,
    new_deal,
)
from euchre_tutor.games.solitaire.rules import SolitaireRules
from euchre_tutor.games.solitaire.views import SolitaireView, player_view

__all__ = [
    "Analysis",
    "Grade",
    "Hint",
    "Mode",
    "OptionAnalysis",
    "Review",
    "action_label",
    "analyse_play",
    "analyse_trump",
    "analyse_view",
    "grade",
    "hint_from_analysis",
    "review_deal",
]


@dataclass(frozen=True, slots=True)
class OptionAnalysis:
    """One option: exact expected points, P(3+), P(5), and the mode's utility."""

    action: Action
    label: str
    ev: Fraction
    p3: Fraction
    p5: Fraction
    utility: Fraction  # points mode: = ev; game mode: the chance to win the game

    @property
    def ev_float(self) -> float:
        return float(self.ev)


@dataclass(frozen=True, slots=True)
class Analysis:
    """The analysis of one decision. ``options`` in the engine's order; ``best`` per the tie rule."""

    phase: Literal["trump", "play"]
    mode: Mode
    options: tuple[OptionAnalysis, ...]
    best: OptionAnalysis
    reasons: tuple[Reason, ...]

    @property
    def ranked(self) -> tuple[OptionAnalysis, ...]:
        """Best first (the tie rule), the rest by the same order."""
        order = {o.action: i for i, o in enumerate(self.options)}
        return tuple(sorted(self.options, key=lambda o: (_rank_key(o), -order[o.action]), reverse=True))

    def option(self, action: Action) -> OptionAnalysis:
        for o in self.options:
            if o.action == action:
                return o
        raise EuchreError(f"{action} is not one of the options: {', '.join(o.label for o in self.options)}")


def _rank_key(o: OptionAnalysis) -> tuple[Fraction, Fraction, Fraction, Fraction]:
    return (o.utility, o.ev, o.p5, o.p3)


def _pick_best(options: Sequence[OptionAnalysis]) -> OptionAnalysis:
    best = options[0]
    for o in options[1:]:
        if _rank_key(o) > _rank_key(best):
            best = o
    return best


def action_label(action: Action, turn: Card | None = None) -> str:
    """Short words for a choice. Without the turn card, the words of the command line and the
    reasons ('J♥', 'order up', 'name clubs alone'); with it, the table's shorter ones, suits as
    symbols ('order up ♥', 'name ♣ alone').

    >>> from euchre_tutor.cards import Suit
    >>> action_label(NameTrump(Suit.CLUBS, alone=True)), action_label(Play(Card.parse("JH")))
    ('name clubs alone', 'J♥')
    >>> action_label(OrderUp(), Card.parse("KH")), action_label(NameTrump(Suit.CLUBS), Card.parse("KH"))
    ('order up ♥', 'name ♣')
    """
    if isinstance(action, Play):
        return action.card.symbol
    if turn is None:
        return str(action)
    alone = " alone" if action.alone else ""
    if isinstance(action, OrderUp):
        suit = f" {turn.suit.symbol}" if turn.suit is not None else ""
        return f"order up{suit}{alone}"
    return f"name {action.suit.symbol}{alone}"


def _objective(mode: Mode, alone: bool, score: tuple[int, int], target: int) -> Objective:
    if mode == "points":
        return Objective.points(alone)
    if mode == "game":
        return Objective(game_utility(score, target, alone), alone)
    raise EuchreError(f"unknown mode {mode!r}: use 'points' (most points) or 'game' (win the game)")


def _option(action: Action, o: Outcome, mode: Mode) -> OptionAnalysis:
    utility = o.ev if mode == "points" else o.utility / SCALE
    return OptionAnalysis(action, action_label(action), o.ev, o.p3, o.p5, utility)


def analyse_trump(
    hand: Sequence[Card],
    turn: Card,
    unseen: frozenset[Card],
    rules: SolitaireRules | None = None,
    *,
    mode: Mode = "points",
    score: tuple[int, int] = (0, 0),
    chosen: Action | None = None,
    solver: Solver | None = None,
    progress: Callable[[int, int], None] | None = None,
    pool: TrumpPool | None = None,
) -> Analysis:
    """All trump options (8, or 10 with ``allow_name_turned``), exactly.

    ``progress(done, total)`` is called as options are done (for a progress bar).
    The options are solved suit by suit (plain then alone share states, and the
    solver's memory bound, checked between calls, keeps the peak low); a
    :class:`~euchre_tutor.games.solitaire.advisor.parallel.TrumpPool` solves the suits on
    several cores (same values, less wall time).
    """
    rules = rules or SolitaireRules()
    choices = trump_choices(turn, rules.allow_name_turned)
    items = [(c, _objective(mode, c.alone, score, rules.target)) for c in choices]
    solved = (pool or TrumpPool(jobs=1)).solve(hand, turn, unseen, items, progress, solver)
    outcomes: dict[Action, Outcome] = {c: solved[c] for c in choices}
    options = tuple(_option(a, o, mode) for a, o in outcomes.items())
    best = _pick_best(options)
    by_label = {}
    for a, o in outcomes.items():
        assert isinstance(a, OrderUp | NameTrump)
        trump = turn.suit if isinstance(a, OrderUp) else a.suit
        assert trump is not None
        by_label[action_label(a)] = (trump, isinstance(a, OrderUp), o)
    reasons = trump_reasons(
        hand, turn, unseen, by_label, best.label, action_label(chosen) if chosen else None, mode
    )
    return Analysis("trump", mode, options, best, tuple(reasons))


def analyse_play(
    knowledge: Knowledge,
    *,
    mode: Mode = "points",
    score: tuple[int, int] = (0, 0),
    target: int = 10,
    chosen: Card | None = None,
    solver: Solver | None = None,
) -> Analysis:
    """Every legal card of a mid-deal position, exactly."""
    solver = solver or Solver()
    values = solver.play_values(knowledge, _objective(mode, knowledge.alone, score, target))
    options = tuple(_option(Play(c), o, mode) for c, o in values.items())
    best = _pick_best(options)
    assert isinstance(best.action, Play)
    reasons = play_reasons(knowledge, values, best.action.card, chosen, mode)
    return Analysis("play", mode, options, best, tuple(reasons))


def analyse_view(
    view: SolitaireView,
    *,
    mode: Mode = "points",
    score: tuple[int, int] = (0, 0),
    chosen: Action | None = None,
    solver: Solver | None = None,
    progress: Callable[[int, int], None] | None = None,
    pool: TrumpPool | None = None,
) -> Analysis:
    """The analysis of the decision the view is at (what the hint panel calls).

    ``solver``: pass one per session/worker to reuse its memo between hints
    (bounded by ``Solver.max_states``); ``progress(done, total)`` is called
    as trump options are done; ``pool`` solves a trump decision on several cores.
    """
    if view.phase is Phase.CHOOSE_TRUMP:
        return analyse_trump(
            view.hand,
            view.turn_card,
            view.unseen,
            view.rules,
            mode=mode,
            score=score,
            chosen=chosen,
            solver=solver,
            progress=progress,
            pool=pool,
        )
    if view.phase is Phase.OVER:
        raise EuchreError("the deal is over: there is no decision left to analyse")
    card = chosen.card if isinstance(chosen, Play) else None
    return analyse_play(
        knowledge_from_view(view),
        mode=mode,
        score=score,
        target=view.rules.target,
        chosen=card,
        solver=solver,
    )


def grade(analysis: Analysis, action: Action) -> Grade:
    """The loss of ``action`` against the best option, with its label."""
    chosen = analysis.option(action)
    best = analysis.best
    loss = best.utility - chosen.utility
    ev_loss = best.ev - chosen.ev
    if loss <= 0 and chosen.action == best.action:
        label = "Best"
    elif loss <= 0:
        label = "Best" if ev_loss <= 0 else "Good"
    else:
        label = grade_label(loss, analysis.mode)
    unit = "points" if analysis.mode == "points" else "of the chance to win the game"
    if label == "Best":
        text = f"{chosen.label}: the best choice ({fmt(chosen.ev)} expected points)."
    else:
        text = (
            f"{chosen.label}: {label.lower()}, {fmt(loss, False)} {unit} below {best.label} "
            f"({fmt(chosen.ev)} against {fmt(best.ev)} expected points)."
        )
    return Grade(label, loss, ev_loss, text)


@dataclass(frozen=True, slots=True)
class Hint:
    """An analysis as the hint panel shows it: every option best first, labelled with the table's
    words (see :func:`action_label`), the reasons, and every option's grade (keyed by the action's
    string), so a decision is graded the moment it is made, without solving again."""

    options: tuple[OptionAnalysis, ...]
    reasons: tuple[Reason, ...]
    mode: Mode = "points"
    grades: dict[str, Grade] = field(default_factory=dict)

    @property
    def best(self) -> OptionAnalysis:
        return self.options[0]

    def option(self, action: Action) -> OptionAnalysis | None:
        return next((o for o in self.options if o.action == action), None)

    def grade(self, action: Action) -> Grade | None:
        return self.grades.get(str(action))


def hint_from_analysis(analysis: Analysis, turn: Card | None = None) -> Hint:
    """The hint panel's :class:`Hint` of an analysis (``turn``: the deal's turn card, for the labels)."""
    options = tuple(replace(o, label=action_label(o.action, turn)) for o in analysis.ranked)
    grades = {str(o.action): grade(analysis, o.action) for o in analysis.options}
    return Hint(options, analysis.reasons, analysis.mode, grades)


@dataclass(frozen=True, slots=True)
class Review:
    """One decision of a deal: the view it was made in, the analysis, the choice and its grade."""

    view: SolitaireView
    analysis: Analysis
    action: Action
    grade: Grade


def review_deal(
    deal: SolitaireDeal,
    actions: Sequence[Action],
    rules: SolitaireRules | None = None,
    *,
    mode: Mode = "points",
    score: tuple[int, int] = (0, 0),
) -> list[Review]:
    """Reconstruct each decision's view from the deal and the actions, and grade it.

    Forced plays (a single legal card) are graded too (always Best). Raises
    IllegalAction if an action was not legal where it was made.
    """
    rules = rules or SolitaireRules()
    state = new_deal(deal, rules)
    out: list[Review] = []
    for action in actions:
        view = player_view(state)
        nxt = state.apply(action)  # checked: raises if illegal
        analysis = analyse_view(view, mode=mode, score=score, chosen=action)
        out.append(Review(view, analysis, action, grade(analysis, action)))
        state = nxt
        if state.phase is Phase.OVER:
            break
    return out
