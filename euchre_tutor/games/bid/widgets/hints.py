"""HTML for the Bid Euchre table's tutor: the hint panel (the move in words, why, the choices that
matter, every figure on request), the grade line, the hand's review and its retries.

Pure functions of the tutor's data (no widgets), as for the classic table. The hint is
:func:`~euchre_tutor.games.bid.advisor.ideas.explain`'s explanation drawn at the student's
:class:`~euchre_tutor.advisor.voice.Depth`; at the figures depth a "Show every bid" element
holds one ``eb-option`` row per option carrying its numbers as ``data-*`` attributes (action,
ev, ev-interval, loss, interval, tied), its bar, its value with the 95% interval
(``+1.20 ± 0.15``) and what it loses against the best on the same sampled deals
(``−0.31 ± 0.06``, or ``tie``). The grade line and the review say the same choices in the same
words as the hint.
"""

from __future__ import annotations

from html import escape
from typing import Final

from euchre_tutor.advisor.voice import DEFAULT_DEPTH, Depth, Explanation, lower_first, minus, points_words
from euchre_tutor.games.bid.advisor.ideas import explain, forced_words, grade_words, option_label
from euchre_tutor.games.bid.engine import Action, Phase
from euchre_tutor.games.bid.session.tutor import (
    AnalysisLike,
    BidDecision,
    BidHandReview,
    BidRetry,
    BidTutor,
    GradeLike,
    OptionLike,
)
from euchre_tutor.games.bid.views import SeatView
from euchre_tutor.widgets import render
from euchre_tutor.widgets import table_parts as parts
from euchre_tutor.widgets.depth import DEPTH_CSS, explanation_html
from euchre_tutor.widgets.table_app import TutorHtml

__all__ = [
    "HINT_CSS",
    "grade_line_html",
    "hint_body_html",
    "hint_explanation",
    "hint_placeholder",
    "hint_status_html",
    "key_moment_words",
    "retry_prompt_html",
    "retry_result_html",
    "review_html",
]

esc = render.esc

HINT_CSS: Final = (
    DEPTH_CSS
    + """
.euchre-bidtable .euchre-hint .et-bars .val{min-width:7.5em;text-align:right}
.euchre-bidtable .euchre-hint .eb-loss{display:block;font-size:11px;color:#666;white-space:nowrap}
.euchre-bidtable .euchre-hint.analysing .et-hint-body{opacity:.55}
.euchre-bidtable .euchre-grade .widget-html-content{white-space:normal;line-height:1.4}
.euchre-bidtable .eb-method{font-size:12px;color:#555;margin:6px 0 0}
.euchre-bidtable .eb-all{margin:6px 0 0}
.euchre-bidtable .eb-all>summary{cursor:pointer;font-size:13px}
.euchre-bidtable .eb-refined{font-size:12px;margin:2px 0}
"""
)


def _pm(half: float) -> str:
    return f" ± {half:.2f}"


def _loss_text(option: OptionLike) -> str:
    return "tie" if option.tied else minus(f"-{option.loss:.2f}{_pm(option.interval)}")


def hint_explanation(hint: AnalysisLike, view: SeatView) -> Explanation:
    """The hint of ``view``'s decision in words (:func:`~euchre_tutor.games.bid.advisor.ideas.explain`)."""
    return explain(hint, view)


def _every_option_html(hint: AnalysisLike) -> str:
    """Every option, best first, with its bar, value and loss (the figures depth's "Show every bid")."""
    values = [o.ev for o in hint.options]
    bound = max(2.0, *(abs(v) for v in values))
    lo, span = -bound, 2 * bound
    rows = []
    for i, o in enumerate(hint.options):
        zero = (0.0 - lo) / span * 100
        pos = (o.ev - lo) / span * 100
        left, width = min(zero, pos), abs(pos - zero)
        label = option_label(o.action)
        red = (o.action.suit is not None and o.action.suit.is_red) or (
            o.action.card is not None and o.action.card.is_red
        )
        attrs = (
            f'data-action="{esc(str(o.action))}" data-ev="{o.ev:.4f}" data-ev-interval="{o.ev_interval:.4f}" '
            f'data-loss="{o.loss:.4f}" data-interval="{o.interval:.4f}" data-tied="{str(o.tied).lower()}"'
        )
        versus = "" if i == 0 else f", {_loss_text(o)} against the best on the same deals"
        title = minus(f"{label}: {o.ev:+.2f} points{_pm(o.ev_interval)} (95% interval){versus}")
        loss = "" if i == 0 else f'<span class="eb-loss">{esc(_loss_text(o))}</span>'
        rows.append(
            f'<div class="opt eb-option{" first" if i == 0 else ""}" style="display:contents" {attrs}>'
            f'<span class="lab{" red" if red else ""}">{esc(label)}{loss}</span>'
            f'<div class="track" title="{esc(title)}"><div class="zero" style="left:{zero:.1f}%"></div>'
            f'<div class="bar{" neg" if o.ev < 0 else ""}" style="left:{left:.1f}%;width:{max(width, 0.6):.1f}%">'
            f'</div></div><span class="val">{esc(minus(f"{o.ev:+.2f}{_pm(o.ev_interval)}"))}</span></div>'
        )
    kind = "bid" if hint.best.action.kind in ("bid", "pass") else "choice"
    return (
        f'<details class="eb-all"><summary>Show every {kind} ({len(rows)})</summary>'
        '<div class="et-status">Points for your side this hand (yours minus theirs), on average over the '
        f'deals:</div><div class="et-bars">{"".join(rows)}</div>'
        '<p class="eb-method">Under each choice, what it gives up against the first on the same deals '
        "(tie: the deals cannot tell them apart).</p></details>"
    )


def hint_body_html(hint: AnalysisLike, view: SeatView, depth: Depth | str = DEFAULT_DEPTH) -> str:
    """The hint at ``depth``: the move in words, why, a rule reminder with its lesson; the choices that
    matter (compare); every figure, and every choice behind "Show every bid" (figures)."""
    depth = Depth.parse(depth)
    expl = hint_explanation(hint, view)
    figures = _every_option_html(hint) if depth is Depth.FIGURES else ""
    best = f'<span class="eb-best" data-action="{esc(str(hint.best.action))}" hidden></span>'
    return best + explanation_html(expl, depth, figures)


def hint_status_html(tutor: BidTutor, depth: Depth | str = DEFAULT_DEPTH) -> str:
    def analysing() -> str:
        count = (
            f" ({len(tutor.controller.legal)} choices over {tutor.worlds} deals)"
            if Depth.parse(depth) is Depth.FIGURES
            else ""
        )
        return f"Weighing your choices{count}… play on whenever you like."

    return parts.tutor_status_html(tutor, analysing, "eb")


def hint_placeholder(tutor: BidTutor) -> str:
    def forced_html(forced: Action) -> str:
        if forced.kind == "play" and forced.card is not None:
            return parts.forced_card_html(forced.card, tutor.controller.view)
        return f"<p>{esc(forced_words(forced, tutor.controller.view))}</p>"

    return parts.tutor_placeholder_html(tutor, forced_html)


def _grade_text(tutor: BidTutor, decision: BidDecision, depth: Depth) -> tuple[str, str] | None:
    """The decision's label and its sentence in words (None while it is graded); the figures depth adds
    the paired figure; a grade on a refined analysis that changed the best says so."""
    grade = tutor.grade_of(decision)
    if grade is None:
        return None
    hint = tutor.grading_analysis(decision)
    if hint is None:
        return grade.label, grade.text
    words = grade_words(hint, decision.action, depth)
    text = grade.text if words is None else words.text
    story = tutor.story_of(decision)
    return grade.label, text + (f" {story}" if story else "")


def grade_line_html(tutor: BidTutor, depth: Depth | str = DEFAULT_DEPTH) -> str:
    """The student's last decision with its grade in words (or 'grading…' while its analysis runs)."""
    last = tutor.last_decision()
    if last is None:
        return '<span class="et-status">Grading is on: each of your decisions is labelled once you make it.</span>'
    graded = _grade_text(tutor, last, Depth.parse(depth))
    mine = esc(option_label(last.action))
    if graded is None:
        return f"<div>Your choice: <b>{mine}</b> · grading…</div>"
    label, text = graded
    return (
        f'<div>Your choice: <b>{mine}</b> <span class="et-grade {esc(label)}">{esc(label)}</span>: '
        f"{esc(text)}</div>"
    )


# --------------------------------------------------------------------------- the review and retry


def _option(hint: AnalysisLike, action: Action) -> OptionLike | None:
    return next((o for o in hint.options if o.action == action), None)


def _review_best(grade: GradeLike, hint: AnalysisLike | None, action: Action) -> str:
    """The review's 'best' cell: the hint's best in the hint's words, a tie said as a tie."""
    if hint is None:
        return option_label(action) if grade.label == "Best" else "?"
    best = option_label(hint.best.action)
    if hint.best.action == action:
        return f"{best} (yours)"
    mine = _option(hint, action)
    if mine is not None and grade.label == "Best":
        return f"{best} (a tie with yours)"
    return best


def _review_loss(grade: GradeLike, hint: AnalysisLike | None, action: Action, depth: Depth) -> str:
    """The review's 'lost' cell in plain units: 'nothing', 'nothing (a tie)', 'about a third of a point';
    the figures depth adds the paired figure."""
    mine = None if hint is None else _option(hint, action)
    if hint is None or mine is None:
        return points_words(float(grade.loss)) if float(grade.loss) > 0 else "nothing"
    if mine is hint.best:
        return "nothing"
    figure = minus(f" ({mine.loss:.2f} ± {mine.interval:.2f})") if depth is Depth.FIGURES else ""
    if grade.label == "Best":
        return f"nothing (a tie){figure}"
    return f"{points_words(float(grade.loss))}{figure}"


def review_html(tutor: BidTutor, review: BidHandReview, depth: Depth | str = DEFAULT_DEPTH) -> str:
    """The finished hand's review: the bidding, then every decision of the student with its grade, the
    best action and what it lost, in the hint's words (key moments starred, the largest swings marked),
    the hand's luck. A decision graded on a refined analysis whose best changed says so in one sentence."""
    depth = Depth.parse(depth)
    keys = {d.index for d in tutor.key_moments(review.number)}
    marks = render.swing_marks(tutor.swings(review.number))
    rows = []
    stories = []
    for i, d in enumerate(review.decisions, 1):
        where, mine = esc(d.where), esc(option_label(d.action))
        grade = None if d.forced else tutor.grade_of(d)
        if grade is None:
            rows.append(parts.review_row_html(i, where, mine, forced="choice" if d.forced else None))
            continue
        hint = tutor.grading_analysis(d)
        story = tutor.story_of(d)
        if story:
            stories.append(f"Decision {i}: {story}")
        best, lost = _review_best(grade, hint, d.action), _review_loss(grade, hint, d.action, depth)
        attrs = f" data-action='{esc(str(d.action))}'"
        rows.append(
            parts.review_row_html(
                i, where, mine, grade, best, lost, key=d.index in keys, swing=marks.get(d.index), attrs=attrs
            )
        )
    table = parts.review_table_html(rows, "given up")
    total = tutor.total_loss(review.number)
    if total is None:
        total_text = "analysing…"
    else:
        total_text = points_words(total) if total > 0 else "nothing"
        if depth is Depth.FIGURES:
            total_text += f" ({total:.2f} points)"
    bidding = "".join(f"<li>{esc(t)}</li>" for t in review.bidding)
    said = [
        (i, f"{d.where}, {option_label(d.action)}", marks[d.index])
        for i, d in enumerate(review.decisions, 1)
        if d.index in marks
    ]
    luck = (
        ""
        if total is None
        else render.luck_html(tutor.stats, "bid", id(tutor.controller.game), review.number)
    )
    refined = "".join(f'<p class="eb-refined">{esc(s)}</p>' for s in stories)
    return (
        f'<div class="et-review"><h3>Review · hand {review.number}</h3><p>{esc(minus(review.outcome))}</p>'
        f"<details><summary>The bidding</summary><ol class='ec-bidlog'>{bidding}</ol></details>{table}{refined}"
        f"<p>Points given up by your choices this hand, on average: <b>{esc(total_text)}</b></p>"
        f"{luck}{render.swings_html(said)}</div>"
    )


def key_moment_words(decision: BidDecision, grade: GradeLike) -> str:
    """A key moment's button: where it was and how it was graded ('Retry the bidding (Blunder)')."""
    return f"Retry {decision.where} ({grade.label})"


_QUESTIONS: Final = {
    Phase.BIDDING: "What do you bid?",
    Phase.TRUMP: "Which trump do you name?",
    Phase.KITTY: "Which card do you discard?",
    Phase.CALL: "Which card do you pass to the loner?",
    Phase.LONER_DISCARD: "Which card do you discard?",
}


def position_lines(view: SeatView) -> list[str]:
    """A decision's position in sentences (HTML), as the seat saw it, ending with the question."""
    lines = [f"{esc(view.dealer.word)} deals; you are {esc(view.seat.word)}."]
    bids = (
        ", ".join(f"{esc(s.word)}: {esc(option_label(a))}" for s, a in view.bids if a.kind != "trump")
        or "nobody has bid yet"
    )
    lines.append(f"Bids so far: {bids}.")
    if view.phase is not Phase.BIDDING and view.high is not None and view.bidder is not None:
        contract = (
            f"{view.trump.plural} trump"
            if view.trump is not None
            else f"no trump ({view.notrump})"
            if view.notrump is not None
            else "trump to be named"
        )
        lines.append(
            f"{esc(view.bidder.word)} won the bidding with {esc(lower_first(option_label(view.high)))} ({esc(contract)}): "
            f"needs {view.needs} tricks."
        )
    if view.phase is Phase.PLAY:
        ours = sum(1 for t in view.tricks if t.winner.team is view.seat.team)
        taken = f"Your side has taken {ours} of {len(view.tricks)} tricks. " if view.tricks else ""
        lines.append(
            taken + parts.trick_question(view, lambda c: render.face(c, small=True, trump=view.trump))
        )
    else:
        lines.append(_QUESTIONS.get(view.phase, "What do you do?"))
    return lines


def retry_prompt_html(decision: BidDecision) -> str:
    """A past decision's position as the student saw it, with the hint and the first answer hidden."""
    view = decision.view
    return parts.retry_position_html([f"<b>Hand {decision.hand_number}</b>.", *position_lines(view)], view)


def retry_result_html(tutor: BidTutor, retry: BidRetry, depth: Depth | str = DEFAULT_DEPTH) -> str:
    """The graded second answer beside the first, then the best choice and why, in the hint's words."""
    depth = Depth.parse(depth)
    d = retry.decision
    hint = tutor.grading_analysis(d)
    mine = option_label(retry.action)
    grade = retry.grade
    mine_opt = None if hint is None else _option(hint, retry.action)
    lost = points_words(float(grade.loss))
    if mine_opt is not None and depth is Depth.FIGURES:
        lost += minus(f" ({mine_opt.loss:.2f} ± {mine_opt.interval:.2f} points on the same deals)")
    loses = "" if grade.label == "Best" else f" It gives up {escape(lost)} a hand."
    out = [
        f'<p>Your answer: <b>{esc(mine)}</b> <span class="et-grade {esc(grade.label)}">{esc(grade.label)}</span>.'
        f"{loses}</p>"
    ]
    first_grade = tutor.grade_of(d)
    if first_grade is not None:
        first = option_label(d.action)
        again = " (the same choice)" if retry.action == d.action else ""
        out.append(
            f'<p>The first time: <b>{esc(first)}</b> <span class="et-grade {esc(first_grade.label)}">'
            f"{esc(first_grade.label)}</span>{again}.</p>"
        )
    if hint is not None:
        expl = hint_explanation(hint, d.view)
        out.append(explanation_html(expl, depth))
    return f'<div class="et-retry-result" data-grade="{esc(grade.label)}">{"".join(out)}</div>'


#: the Bid table's tutor HTML, as the table app draws it
TUTOR_HTML: Final = TutorHtml(
    hint_status_html,
    hint_placeholder,
    grade_line_html,
    key_moment_words,
    retry_prompt_html,
    retry_result_html,
)
