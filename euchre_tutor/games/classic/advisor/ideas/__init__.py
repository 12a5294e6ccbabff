"""The classic advisor's hint in a player's words: the strategic ideas behind a move, each with its test.

The analysis (:mod:`~euchre_tutor.games.classic.advisor.analysis`) decides which option is best; this module
only explains it. Every sentence is :class:`~euchre_tutor.advisor.voice.Said` in the name of one
:class:`~euchre_tutor.advisor.voice.Idea` of :data:`CATALOGUE`, whose ``holds(position)`` is true only
when the idea's condition holds in the seat's view *and* the move named is the one the idea recommends
(a "pull trump" sentence only when the move is a trump lead by the makers' side, and so on). The tests
re-check every sentence shown with :func:`~euchre_tutor.advisor.voice.false_sentences`.

:func:`explain` builds the :class:`~euchre_tutor.advisor.voice.Explanation`: the move in words (ties
named as ties, with no best among them), one "because", at most one rule reminder that applies now,
the alternatives that matter with their cost in plain units, and the full figures (no action codes,
no rule ids: those stay in the analysis's JSON).
"""

from __future__ import annotations

from collections.abc import Callable

from euchre_tutor.advisor.voice import (
    BRIEF_WORDS,
    Explanation,
    Namer,
    Said,
    capital,
    chance_words,
    points_words,
    signed_points,
)
from euchre_tutor.games.classic.advisor.analysis import ClassicAnalysis, ClassicOption
from euchre_tutor.games.classic.advisor.ideas.conditions import (
    _ALREADY_SAID,
    _REMINDER_ORDER,
    _WHY_ORDER,
    CATALOGUE,
)
from euchre_tutor.games.classic.advisor.ideas.facts import (
    Position,
    _holds_for_all,
    _partner_reason,
    named_positions,
    position_of,
    tie_group,
)
from euchre_tutor.games.classic.advisor.ideas.words import (
    _because,
    _reminder,
    _tie_words,
    action_noun,
    move_words,
)
from euchre_tutor.games.classic.advisor.reasons import action_label, playout_words
from euchre_tutor.games.classic.views import SeatView

__all__ = [
    "BRIEF_WORDS",
    "CATALOGUE",
    "Position",
    "action_noun",
    "explain",
    "move_words",
    "named_positions",
    "position_of",
    "tie_group",
]


def _alternative_words(option: ClassicOption, view: SeatView, n: Namer) -> str:
    cost = points_words(option.ev_gap)
    text = f"{capital(action_noun(option.action, view, n))} costs {cost}"
    text += "." if cost == "almost nothing" else " a hand."
    if option.action.kind in ("order", "call") and option.makers == "us":
        text = text[:-1] + f": your side makes it {chance_words(option.p_make)}."
    return text


def _pct(p: float) -> str:
    return f"{100 * p:.0f}%"


def _figures(p: Position, partner: tuple[str, float, float, str] | None) -> tuple[str, ...]:
    a, view = p.analysis, p.view
    how = (
        "each card played with every hand open in each deal"
        if a.method == "double-dummy"
        else f"each deal {playout_words(a.playout_open, ' after the choice')}"
    )
    lines = [f"Over {a.worlds:,} sampled deals that fit what you have seen; {how}; ± marks a 95% interval."]
    if a.table_shift is not None:  # the points are the table's, not the open hands': say so
        words = a.table_shift.words
        lines.append(f"{words[0].upper()}{words[1:]}.")
    tied = {o.action for o in p.tied}
    for o in a.options:
        text = f"{action_label(o.action, view)}: {signed_points(o.ev, 2)} ± {o.ev_interval:.2f}"
        if o.makers != "none":
            text += f"; makers win {_pct(o.p_make)}, euchred {_pct(o.p_euchred)}, march {_pct(o.p_march)}"
        if o.p_win_game is not None:
            text += f"; your side wins the game {_pct(o.p_win_game)}"
        if o is a.best:
            text += " (the best)"
        elif o.action in tied:
            text += f"; a tie with the best ({o.ev_gap:.2f} ± {1.96 * o.ev_gap_se:.2f} points less)"
        else:
            text += f"; {o.ev_gap:.2f} ± {1.96 * o.ev_gap_se:.2f} points less than the best"
        lines.append(text + ".")
    if partner is not None:
        who, held, random, suit = partner
        lines.append(
            f"Your partner {who}'s bids: in these deals {who} holds {held:.1f} {suit} on average "
            f"(about {random:.1f} for a hand dealt at random)."
        )
    return tuple(lines)


def explain(
    analysis: ClassicAnalysis,
    view: SeatView,
    *,
    once: Callable[[str], bool] | None = None,
    alternatives: int = 3,
) -> Explanation:
    """The hint of ``analysis`` (of ``view``'s decision) in a player's words, at every depth.

    ``once(fact)``: whether a fact that does not change from turn to turn (``"partner-signal"``) may be
    said in this hint (the tutor says it at most once a hand); None: say it. Every sentence is said in
    the name of an idea of :data:`CATALOGUE` that holds in :func:`position_of` ``(analysis, view)``.
    """
    p = position_of(analysis, view)
    n = Namer()
    move = _tie_words(p.tied, view, n) if len(p.tied) > 1 else move_words(p.move, view, n)
    why: list[Said] = []
    for idea_id in _WHY_ORDER:
        idea = CATALOGUE[idea_id]
        if _holds_for_all(idea, p):
            why.append(Said(idea_id, _because(idea_id, p, n, tie=len(p.tied) > 1), idea.lesson))
            break
    if len(p.tied) > 1:
        why.append(Said("classic.tie", _because("classic.tie", p, n)))
    elif not why:
        why.append(Said("classic.best-value", _because("classic.best-value", p, n)))
    reminder = None
    for idea_id in _REMINDER_ORDER:
        idea = CATALOGUE[idea_id]
        if why and why[0].idea in _ALREADY_SAID.get(idea_id, ()):
            continue  # the reason already says it
        if _holds_for_all(idea, p):
            reminder = Said(idea_id, _reminder(idea_id, p, n), idea.lesson)
            break
    tied = {o.action for o in p.tied}
    alts = [
        Said("classic.alternative", _alternative_words(o, view, n))
        for o in analysis.options
        if o.action not in tied
    ][:alternatives]
    partner = _partner_reason(p)
    if partner is not None and once is not None and not once("partner-signal"):
        partner = None
    return Explanation(
        move=move,
        why=tuple(why),
        reminder=reminder,
        alternatives=tuple(alts),
        figures=_figures(p, partner),
        tied=tuple(str(o.action) for o in p.tied) if len(p.tied) > 1 else (),
    ).within_brief()
