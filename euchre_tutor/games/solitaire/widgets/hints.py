"""What Solitaire's table draws for its tutor: the analysis's progress, the hint's place-holder, the
grade line, the deal's review with its luck, and a key moment posed again (:data:`TUTOR_HTML`).

Pure functions of the tutor's data: no widget library here (the table's hint, review and Retry panel
are :class:`~euchre_tutor.widgets.table_app.TableApp`'s).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from euchre_tutor.advisor.luck import luck_sentence, lucky_swings, total
from euchre_tutor.advisor.shared import Grade
from euchre_tutor.advisor.voice import Depth
from euchre_tutor.cards import Card
from euchre_tutor.games.solitaire.advisor.advice import Hint, action_label
from euchre_tutor.games.solitaire.advisor.ideas import explain, tied_best
from euchre_tutor.games.solitaire.engine.engine import Action, NameTrump, OrderUp, Phase
from euchre_tutor.games.solitaire.session.controller import DealLog
from euchre_tutor.games.solitaire.session.tutor import Decision, Retry, SolitaireTutor, where_words
from euchre_tutor.games.solitaire.views import SolitaireView
from euchre_tutor.games.solitaire.widgets import render
from euchre_tutor.widgets.table_app import TutorHtml

__all__ = ["TUTOR_HTML", "decision_words", "review_html"]

esc = render.esc


def decision_words(action: Action, view: SolitaireView) -> str:
    """A trump choice's button: ``Order up K♥``, ``Name ♣ alone`` (a card's play: the card)."""
    alone = " alone" if getattr(action, "alone", False) else ""
    if isinstance(action, OrderUp):
        return f"Order up {view.turn_card.symbol}{alone}"
    if isinstance(action, NameTrump):
        return f"Name {action.suit.symbol}{alone}"
    return action_label(action, view.turn_card)


def decision_meaning(action: Action, view: SolitaireView) -> str:
    """A trump choice's tooltip: what it does with the turn card and what alone scores."""
    alone = (
        ": play alone, 5 tricks score 4, anything less gives the deck 4"
        if getattr(action, "alone", False)
        else ""
    )
    turn = view.turn_card
    if isinstance(action, OrderUp):
        suit = turn.suit.plural if turn.suit is not None else ""
        return f"Make {suit} trump; the {turn.name} goes on top of the stock{alone}"
    if isinstance(action, NameTrump):
        return f"Name {action.suit.plural} trump; the {turn.name} goes to the bottom of the stock{alone}"
    return str(action)


def status_html(tutor: SolitaireTutor, _depth: Depth) -> str:
    """The status line: the exact analysis's progress while it runs (nothing said once it is done)."""
    view = tutor.controller.view
    progress = tutor.current_progress
    if not tutor.hints_on:
        return '<span class="et-status">Hints are off.</span>'
    if view is None or view.phase is Phase.OVER:
        return '<span class="et-status">No decision to analyse.</span>'
    if tutor.current_error is not None:
        return f'<span class="et-status">The analysis failed: {esc(tutor.current_error)}</span>'
    if progress is None:
        return '<span class="et-status et-ready" data-ready="1"></span>'
    done, whole = progress
    if not whole:
        return (
            '<div class="et-progress indeterminate" role="progressbar" aria-label="Analysing every option">'
            "<div></div></div>"
            '<span class="et-status">Analysing every option exactly…</span>'
        )
    return (
        f'<div class="et-progress" role="progressbar" aria-label="Analysing every option" '
        f'aria-valuenow="{done}" aria-valuemax="{whole}">'
        f'<div style="width:{100 * done / whole:.0f}%"></div></div>'
        f'<span class="et-status">Analysing every option exactly… {done} of {whole} done</span>'
    )


def placeholder_html(tutor: SolitaireTutor) -> str:
    """The hint's place while there is none to show: the deal is over, hints are off, or it comes."""
    view = tutor.controller.view
    if view is None or view.phase is Phase.OVER:
        return "<p>The deal is over: its review is on the left. Press Next deal for a new hint.</p>"
    if not tutor.hints_on:
        return "<p>Hints are switched off for this game.</p>"
    return "<p>The hint appears here as soon as the analysis is done; keep playing meanwhile.</p>"


def units(tutor: SolitaireTutor) -> str:
    """What a grade's loss is counted in: the chance to win the game, or points."""
    return "win chance" if tutor.mode == "game" else "points"


def best_words(hint: Hint | None, turn: Card | None) -> tuple[str | None, tuple[str, ...]]:
    """The best choice as the review and the grade line name it (a tie: ``'9♥ or 10♥'``), and the
    tied choices' labels."""
    if hint is None:
        return None, ()
    tied = tuple(action_label(o.action, turn) for o in tied_best(hint))
    return " or ".join(tied), tied


def grade_line_html(tutor: SolitaireTutor, depth: Depth) -> str:
    """The last decision and its grade, with the best choice when it was not that."""
    decisions = tutor.decisions()
    if not decisions:
        return '<span class="et-status">Grading is on: each decision is labelled once you make it.</span>'
    last = decisions[-1]
    deal = tutor.controller.state.deal
    turn = deal.turn_card if deal is not None else None
    best, tied = best_words(tutor.hint_of(last), turn)
    return render.grade_html(
        action_label(last.action, turn), tutor.grade_of(last), units(tutor), best=best, tied=tied, depth=depth
    )


def moment_words(d: Decision, grade: Grade | None) -> str:
    """A key moment's button: the card or bid first chosen is hidden, the trick and grade shown."""
    assert grade is not None  # a key moment is graded
    return f"Retry {where_words(d.view)} ({grade.label})"


def retry_prompt_html(d: Decision) -> str:
    """A key moment's position as the player saw it (the hint hidden)."""
    return render.solitaire_position_html(d.view)


@dataclass(frozen=True, slots=True)
class _Told:
    """A sentence of the hint, told again with a retry's result (``rule``: the idea it states)."""

    rule: str
    text: str


def retry_result_html(tutor: SolitaireTutor, done: Retry, depth: Depth) -> str:
    """A retry's graded answer beside the first one, with the hint's reasons."""
    d = done.decision
    view = d.view
    hint = tutor.hint_of(d)
    assert hint is not None  # a retry is graded against it
    expl = explain(hint, view, tutor.controller.state.score)
    best, _tied = best_words(hint, view.turn_card)
    return render.retry_result_html(
        action_label(done.action, view.turn_card),
        done.grade,
        render.loss_words(done.grade.loss, units(tutor), depth),
        action_label(d.action, view.turn_card),
        tutor.grade_of(d),
        best,
        [_Told(s.idea, s.text) for s in expl.said(Depth.BRIEF)],
    )


def review_html(tutor: SolitaireTutor, review: DealLog, depth: Depth) -> str:
    """The finished deal: its result, each decision beside the best one with its grade (the hint's
    words told again for a decision below Best), the key moments and swings of luck marked, then the
    deal's and the game's luck."""
    c = tutor.controller
    deal = c.state.deal
    view = c.view
    assert deal is not None and view is not None  # a review is of a finished deal
    p, d = deal.points
    tricks = f"{view.tricks_won} trick{'s' if view.tricks_won != 1 else ''}"
    result = f"You took {tricks}: " + (f"you score {p}." if p else f"euchred, the deck scores {d}.")
    rows = []
    stories: dict[int, str] = {}
    decisions = tutor.decisions(review.number)
    for i, decision in enumerate(decisions):
        hint = tutor.hint_of(decision)
        best, _tied = best_words(hint, view.turn_card)
        grade = tutor.grade_of(decision)
        rows.append((action_label(decision.action, view.turn_card), best or "…", grade))
        if hint is not None and grade is not None and grade.label != "Best":
            expl = explain(hint, decision.view, c.state.score)  # the hint's own words, told again
            stories[i] = " ".join(expl.sentences(Depth.BRIEF)[:2])
    if not tutor.hints_on:
        result += " (Turn hints on to see how each decision compares with the best.)"
    loss = tutor.total_loss(review.number) if tutor.hints_on else None
    keys = tutor.key_moments(review.number)
    marked = frozenset(i for i, d in enumerate(decisions) if d in keys)
    found = tutor.swings(review.number)
    picked = lucky_swings([s for _, s in found])
    swung = {i: found[i][1] for i in picked if i is not None}  # the rows are the deal's decisions
    table = render.review_html(result, rows, loss, units(tutor), marked, swung, depth=depth, stories=stories)
    return table + _luck_html(tutor)


def _luck_html(tutor: SolitaireTutor) -> str:
    """The deal's and the game's luck and skill (the tutor feeds its stats one record per deal, keyed
    by the game and the deal's start), once every decision of the deal is graded."""
    c, stats = tutor.controller, tutor.stats
    game = [d for d in stats.deals("solitaire") if isinstance(d.key, tuple) and d.key[0] == c.game_number]
    if not game or game[-1].key != c.deal_key() or game[-1].points is None:
        return ""  # the deal shown is not finished (or not graded) yet
    lucks = [luck for n, r in enumerate(game, 1) if (luck := stats.luck_of(r, n)) is not None]
    out = f'<p class="et-luck">{esc(luck_sentence(total([lucks[-1]]), "deal"))}'
    if len(lucks) > 1:
        out += f" {esc(luck_sentence(total(lucks), 'game'))}"
    return out + "</p>"


TUTOR_HTML: Final = TutorHtml(
    status_html,
    placeholder_html,
    grade_line_html,
    moment_words,
    retry_prompt_html,
    retry_result_html,
)
