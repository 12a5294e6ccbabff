"""HTML for the classic table's tutor: the hint, the grade, the review, the open hands (pure functions).

The values shown are the ``classic analyze`` JSON's numbers (``ClassicAnalysis.to_json()``),
each bar also carries them as ``data-*`` attributes, so a test (or a curious
student) can put the command's output beside the panel and find the same
numbers. Styling comes from the shared CSS (``et-bars``, ``et-grade``,
``et-review``) plus :data:`TUTOR_CSS`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any, Final

from euchre_tutor.advisor.luck import Swing
from euchre_tutor.advisor.shared import Grade
from euchre_tutor.advisor.voice import (
    DEFAULT_DEPTH,
    Depth,
    capital,
    card_words,
    minus,
    points_words,
    signed_points,
)
from euchre_tutor.cards import Card
from euchre_tutor.games.classic.advisor.analysis import ClassicAnalysis, ClassicOption
from euchre_tutor.games.classic.advisor.ideas import action_noun, explain, tie_group
from euchre_tutor.games.classic.advisor.reasons import action_label, loss_figure, loss_words, plus_minus
from euchre_tutor.games.classic.engine.engine import Action, HandState, Phase
from euchre_tutor.games.classic.session.tutor import ClassicTutor, Decision, HandReview, Retry
from euchre_tutor.games.classic.views import SeatView
from euchre_tutor.tricks.seating import Seat
from euchre_tutor.widgets import render
from euchre_tutor.widgets import table_parts as parts
from euchre_tutor.widgets.depth import explanation_html
from euchre_tutor.widgets.table_app import TutorHtml

__all__ = [
    "METRICS",
    "TUTOR_CSS",
    "grade_line_html",
    "hint_body_html",
    "hint_status_html",
    "open_hands_html",
    "review_html",
]

esc = render.esc
face = render.face

#: what the bars show: (dropdown label, JSON key)
METRICS: Final = (
    ("Expected points", "ev"),
    ("Chance of making", "p_make"),
    ("Chance to win the game", "p_win_game"),
)
_METRIC_WORDS: Final = {
    "ev": "expected points for your side (yours minus theirs), over the sampled deals",
    "p_make": "chance the makers take 3 tricks or more (whose side the makers are is in brackets)",
    "p_win_game": "chance your side wins the match, from this score",
}

#: how the advisor models the seats at each level of table (``classic analyze --table``)
_TABLE_WORDS: Final = {
    "beginner": "Beginner players do (slips included)",
    "club": "the Club player does",
    "expert": "Expert players do (they bid far more than Club players)",
}

_MAKERS: Final = {
    "us": "your side makes trump",
    "them": "the opponents make trump",
    "either": "whichever side makes trump",
    "none": "nobody makes trump",
}

TUTOR_CSS: Final = """
.euchre-classic .euchre-hint .et-bars .val{min-width:4.5em;text-align:right}
.euchre-classic .euchre-hint .et-bars .best .bar.neg{background:#9b2f2c}
.euchre-classic .euchre-hint .ec-makers{font-size:11px;color:#666;margin-left:4px}
.euchre-classic .euchre-hint .ec-loss{display:block;font-size:11px;color:#666;white-space:nowrap}
.euchre-classic .euchre-hint.analysing .et-hint-body{opacity:.55}
.euchre-classic .euchre-grade .widget-html-content{white-space:normal;line-height:1.4}
.euchre-classic .ec-method{font-size:12px;color:#555;margin:6px 0 0}
.euchre-classic .euchre-review .ec-stepnav{align-items:center;gap:6px}
.euchre-classic .euchre-review .ec-step{border:1px solid #e5e0d3;border-radius:8px;padding:6px 8px;margin:6px 0}
.euchre-classic .euchre-review .ec-step h4{margin:0 0 4px;font-size:14px}
.euchre-classic .euchre-review .ec-why{font-size:12px;color:#444}
.euchre-classic .euchre-review .widget-html-content{white-space:normal;line-height:1.35}
.euchre-classic .euchre-open-hands{background:rgba(255,253,247,.93);color:#1d1d1f;border-radius:10px;
  padding:6px 10px;margin:6px 0}
.euchre-classic .euchre-open-hands.hidden{display:none}
.euchre-classic .euchre-open-hands .widget-html-content{white-space:normal}
.euchre-classic .ec-open-row{display:flex;align-items:center;gap:6px;margin:2px 0}
.euchre-classic .ec-open-row .who{min-width:9em;font-weight:700;font-size:13px}
.euchre-classic .ec-level{font-size:12px;color:#333;margin:4px 0 0}
.euchre-classic .ec-tutor-options{align-items:center;gap:10px;flex-wrap:wrap}
.euchre-classic .ec-tutor-options .widget-label,.euchre-classic .ec-tutor-options label{color:#f3f0e6}
"""


def _number(value: object, metric: str) -> str:
    if not isinstance(value, int | float):
        return "–"
    return minus(f"{value:+.2f}") if metric == "ev" else f"{value * 100:.1f}%"


def _loss_text(option: ClassicOption, mode: str) -> str:
    """What an option loses against the best, paired on the same deals: '−0.31 ± 0.06' or 'tie'."""
    if option.tied:
        return "tie"
    unit = "% win" if mode == "game" and option.p_win_game is not None else ""
    return f"−{loss_figure(option, mode)}{unit}"


def _red(action: Action, view: SeatView) -> bool:
    if action.card is not None:
        return action.card.is_red
    if action.suit is not None:
        return action.suit.is_red
    return action.kind == "order" and view.up.is_red


_DATA_KEYS: Final = (
    "action",
    "ev",
    "se",
    "loss",
    "loss_se",
    "tied",
    "p_make",
    "p_euchred",
    "p_march",
    "makers",
    "p_win_game",
)


def _data_attrs(row: dict[str, Any]) -> str:
    """An option's numbers as ``data-*`` attributes (the ``classic analyze`` JSON's, for tests and the
    curious: not visible text)."""
    return " ".join(f'data-{k.replace("_", "-")}="{esc(str(row[k]))}"' for k in _DATA_KEYS if k in row)


def hint_body_html(
    hint: ClassicAnalysis,
    metric: str,
    view: SeatView,
    table: str = "club",
    depth: Depth | str = DEFAULT_DEPTH,
    once: Callable[[str], bool] | None = None,
) -> str:
    """The hint at ``depth``: the move in words, why, a rule reminder with its lesson, the alternatives
    and (the figures depth) one bar per option, best first. Every option's numbers ride along as
    ``data-*`` attributes at every depth (``ec-option``); only the figures depth shows them.
    ``once(fact)``: whether a fact said at most once a hand may be said here (:func:`explain`)."""
    depth = Depth.parse(depth)
    expl = explain(hint, view, once=once)
    full: dict[str, Any] = hint.to_json()
    rows: list[dict[str, Any]] = list(full.get("options", []))
    if depth is Depth.FIGURES:
        figures = _bars_html(hint, rows, metric, view, table)
        data = ""
    else:
        figures = ""
        data = "".join(
            f'<span class="opt ec-option{" best" if i == 0 else ""}" hidden {_data_attrs(row)}></span>'
            for i, row in enumerate(rows)
        )
    tied = " ".join(o.label for o in tie_group(hint))
    best = esc(str(hint.best.action))
    # the move line is the table's recommendation (``et-rec``, as at every table); it carries the best
    # option's action (``ec-best``), not shown
    body = explanation_html(expl, depth, figures).replace(
        '<p class="et-move et-rec">', f'<p class="et-move et-rec ec-best" data-action="{best}">', 1
    )
    return f'<div class="ec-hint" data-best="{best}" data-tied="{esc(tied)}">{body}{data}</div>'


def _bars_html(
    hint: ClassicAnalysis, rows: list[dict[str, Any]], metric: str, view: SeatView, table: str
) -> str:
    """One bar per option (best first) with its numbers, and how they were made."""
    if metric == "p_win_game" and not all("p_win_game" in r for r in rows):
        metric = "ev"
    values = [float(r.get(metric, 0.0)) for r in rows]
    if metric == "ev":
        bound = max(2.0, *(abs(v) for v in values))
        lo, hi = -bound, bound
    else:
        lo, hi = 0.0, 1.0
    span = hi - lo
    bars = []
    for i, (option, row) in enumerate(zip(hint.options, rows, strict=True)):
        v = float(row.get(metric, 0.0))
        zero = (0.0 - lo) / span * 100
        pos = (v - lo) / span * 100
        left, width = min(zero, pos), abs(pos - zero)
        label = action_label(option.action, view)
        makers = (
            f'<span class="ec-makers">({esc(_MAKERS.get(row["makers"], row["makers"]))})</span>'
            if metric == "p_make"
            else ""
        )
        versus = "" if i == 0 else f", {_loss_text(option, hint.mode)} against the best"
        title = (
            f"{label}: {signed_points(option.ev, 3)}{plus_minus(option.ev_interval)} (95%){versus}; made "
            f"{row['p_make']:.1%}, euchred {row['p_euchred']:.1%}, march {row['p_march']:.1%}; "
            f"{_MAKERS.get(row['makers'], row['makers'])}"
        )
        loss = "" if i == 0 else f'<span class="ec-loss">{esc(_loss_text(option, hint.mode))}</span>'
        bars.append(
            f'<div class="opt ec-option{" best" if i == 0 else ""}" style="display:contents" {_data_attrs(row)}>'
            f'<span class="lab{" red" if _red(option.action, view) else ""}">{esc(label)}{makers}{loss}</span>'
            f'<div class="track" title="{esc(title)}"><div class="zero" style="left:{zero:.1f}%"></div>'
            f'<div class="bar{" neg" if v < 0 else ""}" style="left:{left:.1f}%;width:{max(width, 0.6):.1f}%">'
            f'</div></div><span class="val">{_number(v, metric)}</span></div>'
        )
    what = _METRIC_WORDS.get(metric, metric)
    chart = f'<div class="et-status">{esc(what)}:</div><div class="et-bars">{"".join(bars)}</div>'
    how = (
        "each card played with every hand open in each sampled deal"
        if hint.method == "double-dummy"
        else f"each sampled deal played out after the choice, every seat bidding as {_TABLE_WORDS.get(table, table)} and playing its cards as the Club player does"
    )
    method = (
        f'<p class="ec-method">How: {how}. Under each option, what it loses against the best on the '
        "same deals (tie: the deals cannot tell them apart).</p>"
    )
    return chart + method


def hint_status_html(tutor: ClassicTutor) -> str:
    def analysing() -> str:
        return (
            f"Analysing… weighing your {len(tutor.controller.legal)} choices over many deals that fit "
            "what you have seen; play on whenever you like."
        )

    return parts.tutor_status_html(tutor, analysing, "ec")


def hint_placeholder(tutor: ClassicTutor) -> str:
    def forced_html(forced: Action) -> str:
        view = tutor.controller.view
        if forced.kind == "play" and forced.card is not None:
            # a lead forced with other cards in hand: the rest are trumps the table bars from the lead
            rule = (
                f"Your other cards are trumps, which this table's rules do not let you lead yet: "
                f"{card_words(forced.card)} is your only card that is not a trump."
            )
            return parts.forced_card_html(forced.card, view, autoplay=tutor.autoplay, rule=rule)
        how = " It is done for you in a moment." if tutor.autoplay else ""
        return f"<p>{esc(action_label(forced, view))} is your only legal choice.{how}</p>"

    return parts.tutor_placeholder_html(tutor, forced_html)


def grade_line_html(tutor: ClassicTutor, depth: Depth | str = DEFAULT_DEPTH) -> str:
    """The student's last decision with its grade (or 'grading…' while its analysis runs)."""
    last = tutor.last_decision()
    if last is None:
        return '<span class="et-status">Grading is on: each of your decisions is labelled once you make it.</span>'
    return _grade_sentence(tutor, last, depth)


def grade_words(
    tutor: ClassicTutor, decision: Decision, grade: Grade, depth: Depth | str = DEFAULT_DEPTH
) -> str:
    """Why the grade, in a player's words at ``depth`` (the figures at the figures depth), and, when more
    deals changed what the hint showed, the sentence that says so: read after the label and a colon
    ("Good: it cost almost nothing.")."""
    depth = Depth.parse(depth)
    hint = tutor.hint_of(decision)
    if hint is None:
        return grade.text if decision.forced else ""
    mine = hint.option(decision.action)
    best = hint.best
    if mine is best:
        out = ["the best choice."]
    elif grade.label == "Best":
        out = ["as good as the best: the deals cannot tell them apart."]
    else:
        cost = points_words(float(grade.ev_loss))
        out = [f"it cost {cost}{'' if cost == 'almost nothing' else ' a hand'}."]
        if depth is not Depth.BRIEF:
            out.append(f"{capital(action_noun(best.action, decision.view))} was best.")
    if depth is Depth.FIGURES and mine is not best:
        out.append(
            f"{action_label(best.action, decision.view)} scores {signed_points(best.ev, 2)}{plus_minus(best.ev_interval)} "
            f"and yours {signed_points(mine.ev, 2)}{plus_minus(mine.ev_interval)} over {hint.worlds:,} sampled deals; "
            f"compared on the same deals yours loses {loss_words(mine, hint.mode)}."
        )
    story = tutor.story(decision)
    if story is not None:
        out.append(story)
    return " ".join(out)


def _grade_sentence(tutor: ClassicTutor, decision: Decision, depth: Depth | str = DEFAULT_DEPTH) -> str:
    depth = Depth.parse(depth)
    grade = tutor.grade_of(decision)
    where = "bidding" if decision.trick == 0 else f"trick {decision.trick}"
    head = f"Your last decision (hand {decision.hand_number}, {where}): <b>{esc(decision.label)}</b>"
    if grade is None:
        refining = tutor.refining(decision)
        if refining is None:
            return f"<div>{head} · grading…</div>"
        if depth is not Depth.FIGURES:
            return (
                f"<div>{head} · grading… <span class='et-status'>its cost is close to the line between two "
                "grades, so the advisor is playing more deals to be sure.</span></div>"
            )
        done, cap = refining
        return (
            f"<div>{head} · grading… <span class='et-status'>its loss sits near a grade's edge, so more "
            f"deals are being played: {done:,} so far, up to {cap:,}</span></div>"
        )
    return (
        f'<div>{head} <span class="et-grade {esc(grade.label)}" data-grade="{esc(grade.label)}">'
        f"{esc(grade.label)}</span>: {esc(grade_words(tutor, decision, grade, depth))}</div>"
    )


def review_html(
    tutor: ClassicTutor, review: HandReview, step: int, depth: Depth | str = DEFAULT_DEPTH
) -> str:
    """The hand's review: every decision with its grade and the best action, what more deals changed
    since the hint, then one step in detail (the advice in the hint's words, at ``depth``)."""
    depth = Depth.parse(depth)
    rows = []
    decisions = [d for s in review.steps for d in s.decisions]
    keys = {d.index for d in tutor.key_moments(review.number)}
    marks = _swing_marks(tutor, review.number)
    stories = []
    for i, d in enumerate(decisions, 1):
        where = "bidding" if d.trick == 0 else f"trick {d.trick}"
        grade = None if d.forced else tutor.grade_of(d)
        if grade is None:
            rows.append(parts.review_row_html(i, where, esc(d.label), forced="card" if d.forced else None))
            continue
        hint = tutor.hint_of(d)
        best = action_label(hint.best.action, d.view) if hint is not None else "…"
        if grade.label == "Best":
            best = d.label  # a tie with the top option is as good as it
        story = tutor.story(d)
        if story is not None:
            stories.append(f"<li data-decision='{i}'>Decision {i}: {esc(story)}</li>")
        lost = _review_loss(d, grade, hint, depth)
        rows.append(
            parts.review_row_html(
                i, where, esc(d.label), grade, best, lost, key=d.index in keys, swing=marks.get(d.index)
            )
        )
    total = tutor.total_loss(review.number)
    if total is None:
        total_text = "analysing…"
    elif depth is Depth.FIGURES:
        total_text = f"{total:.2f} points"
    else:
        total_text = points_words(total)
    table = parts.review_table_html(rows, "lost")
    changed = (
        f"<p class='ec-changed-head'>What more deals changed since the hint:</p><ul class='ec-changed'>{''.join(stories)}</ul>"
        if stories
        else ""
    )
    current = review.steps[max(0, min(step, len(review.steps) - 1))]
    return (
        f'<div class="et-review"><h3>Review · hand {review.number}</h3><p>{esc(review.outcome)}</p>{table}'
        f"{changed}<p>Expected points lost this hand: <b>{total_text}</b></p>"
        f"{'' if total is None else _luck_html(tutor, review.number)}"
        f"{_swings_html(tutor, review.number, decisions)}"
        f"{_step_html(tutor, current, step, len(review.steps), depth)}</div>"
    )


def _swing_marks(tutor: ClassicTutor, number: int) -> dict[int, Swing]:
    """The hand's largest lucky and unlucky swings (at least :data:`SWING_MIN`), by decision index."""
    return render.swing_marks(tutor.swings(number))


def _swings_html(tutor: ClassicTutor, number: int, decisions: list[Decision]) -> str:
    """A sentence per marked swing: after which decision, and the values it ran between."""
    marks = _swing_marks(tutor, number)
    said = [
        (i, f"{'the bidding' if d.trick == 0 else f'trick {d.trick}'}, {d.label}", marks[d.index])
        for i, d in enumerate(decisions, 1)
        if d.index in marks
    ]
    return render.swings_html(said)


def _luck_html(tutor: ClassicTutor, number: int) -> str:
    """The hand's and the match's luck and skill (the tutor feeds its stats one deal per
    ``(id(game), hand number)``), once every decision of the hand is graded."""
    return render.luck_html(tutor.stats, "classic", id(tutor.controller.game), number)


def _review_loss(
    decision: Decision, grade: Grade, hint: ClassicAnalysis | None, depth: Depth = DEFAULT_DEPTH
) -> str:
    """The review's 'lost' cell: in words ('about a fifth of a point'), or at the figures depth
    '0.31 ± 0.06'; '0 (tie)' or '0' for the best."""
    if hint is None or decision.forced:
        return f"{grade.loss:.2f}" if depth is Depth.FIGURES else points_words(float(grade.loss))
    mine = hint.option(decision.action)
    if mine is hint.best:
        return "0"
    if grade.label == "Best":
        return "0 (tie)"
    if depth is Depth.FIGURES:
        return loss_figure(mine, hint.mode)
    return points_words(float(grade.ev_loss))


def _step_html(tutor: ClassicTutor, step: Any, index: int, count: int, depth: Depth = DEFAULT_DEPTH) -> str:
    body = []
    if step.trick is not None:
        trick = step.trick
        plays = " ".join(
            f'<span class="ec-logplay">{esc(seat.word)} {face(card, small=True)}</span>'
            for seat, card in trick.plays
        )
        body.append(f"<div class='ec-plays'>{plays}</div><p>Won by <b>{esc(trick.winner.word)}</b>.</p>")
    elif step.lines:
        body.append("<ol class='ec-bidlog'>" + "".join(f"<li>{esc(t)}</li>" for t in step.lines) + "</ol>")
    said: set[str] = set()  # a figure line two decisions share (how the deals were played) is said once
    for d in step.decisions:
        grade = tutor.grade_of(d)
        hint = tutor.hint_of(d)
        if grade is None:
            body.append(f"<p>You: <b>{esc(d.label)}</b> · analysing…</p>")
            continue
        why = ""
        if hint is not None:
            expl = explain(hint, d.view)
            expl = replace(expl, figures=tuple(f for f in expl.figures if f not in said))
            said.update(expl.figures)
            advice = explanation_html(expl, depth)
            why = f"<div class='ec-why'><p>The advice, with every deal played:</p>{advice}</div>"
        body.append(
            f'<p>You: <b>{esc(d.label)}</b> <span class="et-grade {esc(grade.label)}">{esc(grade.label)}</span>: '
            f"{esc(grade_words(tutor, d, grade, depth))}</p>{why}"
        )
    if not step.decisions:
        body.append("<p class='et-status'>No decision of yours here.</p>")
    return (
        f'<div class="ec-step" data-step="{index}"><h4>{esc(step.title)} '
        f'<span class="et-status">({index + 1} of {count})</span></h4>{"".join(body)}</div>'
    )


def open_hands_html(hand: HandState, student: Seat) -> str:
    """Every other seat's cards, for open-hands practice (the advisor still sees only your view)."""
    head = (
        "<b>Open hands</b> <span class='et-status'>(practice: every hand face up; the hints still use "
        "only what your seat may know)</span>"
    )
    if not any(hand.hands[seat] for seat in hand.seating.seats):
        return head + "<p class='et-status'>The hand is over: every card is in the trick log.</p>"
    rows = []
    for seat in hand.seating.seats:
        if seat == student:
            continue
        cards = hand.hands[seat] if hand.phase is not Phase.BLIND or seat != hand.dealer else ()
        shown = render.faces(render.hand_order(cards, hand.trump), small=True, trump=hand.trump) or "no cards"
        who = seat.word + (" (sits out)" if seat in hand.sitting_out else "")
        rows.append(f'<div class="ec-open-row"><span class="who">{esc(who)}</span>{shown}</div>')
    return head + "".join(rows)


def key_moment_words(decision: Decision, grade: Grade) -> str:
    """A key moment's button: where it was and how it was graded ('Retry trick 2 (Mistake)')."""
    where = "the bidding" if decision.trick == 0 else f"trick {decision.trick}"
    return f"Retry {where} ({grade.label})"


def retry_prompt_html(decision: Decision) -> str:
    """The position of a past decision as the student saw it, with the hint and the first answer hidden."""
    view = decision.view
    trump = view.trump
    lines = [f"<b>Hand {decision.hand_number}</b>, you are {esc(view.seat.word)}."]
    if view.phase is Phase.PLAY and trump is not None:
        maker = (
            "" if view.maker is None else f" ({esc(view.maker.word)} made it{' alone' if view.alone else ''})"
        )
        lines.append(f"{esc(trump.plural.capitalize())} are trump{maker}.")
        lines.append(parts.trick_question(view, _symbol))
    else:
        bids = ", ".join(f"{esc(s.word)}: {esc(str(a))}" for s, a in view.bids) or "nobody has bid yet"
        lines.append(
            f"{esc(view.dealer.word)} deals; the up card is {_symbol(view.up)}. Bids so far: {bids}."
        )
        lines.append("What do you discard?" if view.phase is Phase.DISCARD else "What do you bid?")
    return parts.retry_position_html(lines, view)


def _symbol(card: Card) -> str:
    """A card in a sentence: its symbol, red for the red suits (as the bidding log writes the up card)."""
    return f'<span class="ec-sym{" red" if card.is_red else ""}">{esc(card.symbol)}</span>'


def retry_result_html(tutor: ClassicTutor, retry: Retry, depth: Depth | str = DEFAULT_DEPTH) -> str:
    """The graded second answer beside the first, then the best choice and the advice in words."""
    depth = Depth.parse(depth)
    d = retry.decision
    hint = tutor.hint_of(d)
    if hint is None:
        lost = f"{retry.grade.loss:.2f} points"
    elif depth is Depth.FIGURES:
        lost = loss_words(hint.option(retry.action), hint.mode)
    else:
        lost = points_words(float(retry.grade.ev_loss)) + " a hand"
    html = render.retry_result_html(
        action_label(retry.action, d.view),
        retry.grade,
        lost,
        d.label,
        tutor.grade_of(d),
        None if hint is None else action_label(hint.best.action, d.view),
        (),
    )
    if hint is None:
        return html
    return html.replace("<ul class='et-reasons'></ul>", explanation_html(explain(hint, d.view), depth))


#: the classic table's tutor HTML, as the table app draws it
TUTOR_HTML: Final = TutorHtml(
    lambda tutor, _depth: hint_status_html(tutor),
    hint_placeholder,
    grade_line_html,
    key_moment_words,
    retry_prompt_html,
    retry_result_html,
)
