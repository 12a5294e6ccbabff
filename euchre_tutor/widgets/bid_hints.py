"""HTML for the Bid Euchre table's tutor: the hint panel (the options with paired values, the reasons,
the grade), the hand's review and its retries.

Pure functions of the tutor's data (no widgets), as for the classic table: each
option is one ``eb-option`` row carrying its numbers as ``data-*`` attributes
(action, ev, ev-interval, loss, interval, tied), its bar, its value with the
95% interval (``+1.20 ± 0.15``) and what it loses against the best on the same
sampled deals (``−0.31 ± 0.06``, or ``tie``).
"""

from __future__ import annotations

from typing import Final

from euchre_tutor.bid import Action, Phase
from euchre_tutor.session.bid_controller import action_label
from euchre_tutor.session.bid_tutor import (
    AnalysisLike,
    BidDecision,
    BidHandReview,
    BidRetry,
    BidTutor,
    GradeLike,
    OptionLike,
)
from euchre_tutor.views.bid import SeatView
from euchre_tutor.widgets import render

__all__ = [
    "HINT_CSS",
    "grade_line_html",
    "hint_body_html",
    "hint_placeholder",
    "hint_status_html",
    "key_moment_words",
    "retry_prompt_html",
    "retry_result_html",
    "review_html",
]

esc = render.esc

HINT_CSS: Final = """
.euchre-bidtable .euchre-hint .et-bars .val{min-width:7.5em;text-align:right}
.euchre-bidtable .euchre-hint .eb-loss{display:block;font-size:11px;color:#666;white-space:nowrap}
.euchre-bidtable .euchre-hint.analysing .et-hint-body{opacity:.55}
.euchre-bidtable .euchre-grade .widget-html-content{white-space:normal;line-height:1.4}
.euchre-bidtable .eb-method{font-size:12px;color:#555;margin:6px 0 0}
"""


def _pm(half: float) -> str:
    return f" ± {half:.2f}"


def _loss_text(option: OptionLike) -> str:
    return "tie" if option.tied else f"−{option.loss:.2f}{_pm(option.interval)}"


def hint_body_html(hint: AnalysisLike) -> str:
    """The recommended action, one bar per option (best first) and the reasons with their rule ids."""
    best = hint.best
    rec = (
        f'<div class="et-rec">Best: <b class="eb-best" data-action="{esc(str(best.action))}">'
        f"{esc(action_label(best.action))}</b> · expected points {best.ev:+.2f}{_pm(best.ev_interval)}</div>"
    )
    values = [o.ev for o in hint.options]
    bound = max(2.0, *(abs(v) for v in values))
    lo, span = -bound, 2 * bound
    rows = []
    for i, o in enumerate(hint.options):
        zero = (0.0 - lo) / span * 100
        pos = (o.ev - lo) / span * 100
        left, width = min(zero, pos), abs(pos - zero)
        label = action_label(o.action)
        red = (o.action.suit is not None and o.action.suit.is_red) or (
            o.action.card is not None and o.action.card.is_red
        )
        attrs = (
            f'data-action="{esc(str(o.action))}" data-ev="{o.ev:.4f}" data-ev-interval="{o.ev_interval:.4f}" '
            f'data-loss="{o.loss:.4f}" data-interval="{o.interval:.4f}" data-tied="{str(o.tied).lower()}"'
        )
        versus = "" if i == 0 else f", {_loss_text(o)} against the best on the same deals"
        title = f"{label}: {o.ev:+.3f} points{_pm(o.ev_interval)} (95%){versus}"
        loss = "" if i == 0 else f'<span class="eb-loss">{esc(_loss_text(o))}</span>'
        rows.append(
            f'<div class="opt eb-option{" best" if i == 0 else ""}" style="display:contents" {attrs}>'
            f'<span class="lab{" red" if red else ""}">{esc(label)}{loss}</span>'
            f'<div class="track" title="{esc(title)}"><div class="zero" style="left:{zero:.1f}%"></div>'
            f'<div class="bar{" neg" if o.ev < 0 else ""}" style="left:{left:.1f}%;width:{max(width, 0.6):.1f}%">'
            f'</div></div><span class="val">{o.ev:+.2f}{_pm(o.ev_interval)}</span></div>'
        )
    chart = (
        '<div class="et-status">expected points for your side this hand (yours minus theirs), over the '
        f'sampled deals:</div><div class="et-bars">{"".join(rows)}</div>'
    )
    reasons = "".join(
        f'<li>{esc(r.text)} <span class="et-rule">[{esc(r.rule)}]</span></li>' for r in hint.reasons
    )
    method = (
        f'<p class="eb-method">{hint.worlds} sampled deals consistent with what you have seen, each played '
        "out after this choice. ± is a 95% interval; under each option, what it loses against the best on "
        "the same deals (tie: the deals cannot tell them apart).</p>"
    )
    return rec + chart + (f'<ul class="et-reasons">{reasons}</ul>' if reasons else "") + method


def hint_status_html(tutor: BidTutor) -> str:
    c = tutor.controller
    if not tutor.hints_on:
        return '<span class="et-status">Hints are off for this table.</span>'
    if not tutor.wanted:
        return '<span class="et-status">Show the hint or grade your play: the advisor then analyses each turn.</span>'
    if not c.my_turn:
        return '<span class="et-status">No decision of yours to analyse now.</span>'
    if tutor.forced is not None:
        return '<span class="et-status">Only one legal choice: nothing to weigh.</span>'
    if tutor.current_error is not None:
        return f'<span class="et-status">The analysis failed: {esc(tutor.current_error)}</span>'
    if tutor.analysing:
        return (
            '<div class="et-progress indeterminate" role="progressbar" aria-label="analysing"><div></div></div>'
            f'<span class="et-status eb-analysing">Analysing… {len(c.legal)} options over {tutor.worlds} '
            "sampled deals; play on whenever you like.</span>"
        )
    return '<span class="et-status eb-ready">Analysis ready.</span>'


def hint_placeholder(tutor: BidTutor) -> str:
    c = tutor.controller
    if not tutor.hints_on:
        return "<p>Hints are switched off for this table.</p>"
    if not c.my_turn:
        return (
            "<p>The hand is over: press Review hand to see each of your decisions.</p>"
            if c.waiting or c.state.is_over
            else ""
        )
    forced = tutor.forced
    if forced is not None:
        return f"<p>{esc(action_label(forced))} is your only legal choice.</p>"
    return "<p>The hint appears here as soon as the analysis is done; keep playing meanwhile.</p>"


def grade_line_html(tutor: BidTutor) -> str:
    """The student's last decision with its grade (or 'grading…' while its analysis runs)."""
    last = tutor.last_decision()
    if last is None:
        return '<span class="et-status">Grading is on: each of your decisions is labelled once you make it.</span>'
    grade = tutor.grade_of(last)
    if grade is None:
        return f"<div>Your choice: <b>{esc(last.label)}</b> · grading…</div>"
    return (
        f'<div>Your choice: <b>{esc(last.label)}</b> <span class="et-grade {esc(grade.label)}">'
        f"{esc(grade.label)}</span> {esc(grade.text)}</div>"
    )


# --------------------------------------------------------------------------- the review and retry


def _option(hint: AnalysisLike, action: Action) -> OptionLike | None:
    return next((o for o in hint.options if o.action == action), None)


def _review_loss(grade: GradeLike, hint: AnalysisLike | None, action: Action) -> str:
    """The review's 'lost' cell: '0.31 ± 0.06', '0 (tie)' or '0'."""
    mine = None if hint is None else _option(hint, action)
    if hint is None or mine is None:
        return f"{float(grade.loss):.2f}"
    if mine is hint.best:
        return "0"
    if grade.label == "Best":
        return "0 (tie)"
    return f"{mine.loss:.2f}{_pm(mine.interval)}"


def review_html(tutor: BidTutor, review: BidHandReview) -> str:
    """The finished hand's review: the bidding, then every decision of the student with its grade, the
    best action and what it lost (key moments starred, the largest swings marked), the hand's luck."""
    keys = {d.index for d in tutor.key_moments(review.number)}
    marks = render.swing_marks(tutor.swings(review.number))
    rows = []
    for i, d in enumerate(review.decisions, 1):
        where = esc(d.where)
        if d.forced:
            rows.append(
                f"<tr class='forced'><td>{i}</td><td>{where}</td><td>{esc(d.label)}</td>"
                "<td colspan='3' class='et-status'>forced: the only legal choice</td></tr>"
            )
            continue
        grade, hint = tutor.grade_of(d), tutor.hint_of(d)
        if grade is None:
            rows.append(
                f"<tr><td>{i}</td><td>{where}</td><td>{esc(d.label)}</td><td colspan='3'>analysing…</td></tr>"
            )
            continue
        best = d.label if grade.label == "Best" or hint is None else action_label(hint.best.action)
        key = d.index in keys
        if key:
            where += ' <span class="et-key" title="A key moment: one of the costliest decisions of the hand">★ key</span>'
        if d.index in marks:
            where += " " + render.swing_badge(marks[d.index])
        row_class = " class='et-key-row'" if key else ""
        rows.append(
            f"<tr{row_class} data-action='{esc(str(d.action))}'><td>{i}</td>"
            f"<td>{where}</td><td>{esc(d.label)}</td><td>{esc(best)}</td>"
            f'<td><span class="et-grade {esc(grade.label)}">{esc(grade.label)}</span></td>'
            f"<td>{esc(_review_loss(grade, hint, d.action))}</td></tr>"
        )
    table = (
        "<table><thead><tr><th>#</th><th>when</th><th>you chose</th><th>best</th><th>grade</th>"
        f"<th>lost</th></tr></thead><tbody>{''.join(rows)}</tbody></table>"
        if rows
        else "<p>You made no decision in this hand.</p>"
    )
    total = tutor.total_loss(review.number)
    total_text = "analysing…" if total is None else f"{total:.2f} points"
    bidding = "".join(f"<li>{esc(t)}</li>" for t in review.bidding)
    said = [
        (i, f"{d.where}, {d.label}", marks[d.index])
        for i, d in enumerate(review.decisions, 1)
        if d.index in marks
    ]
    luck = (
        ""
        if total is None
        else render.luck_html(tutor.stats, "bid", id(tutor.controller.game), review.number)
    )
    return (
        f'<div class="et-review"><h3>Review · hand {review.number}</h3><p>{esc(review.outcome)}</p>'
        f"<details><summary>The bidding</summary><ol class='ec-bidlog'>{bidding}</ol></details>{table}"
        f"<p>Expected points lost this hand: <b>{total_text}</b></p>{luck}{render.swings_html(said)}</div>"
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
        ", ".join(f"{esc(s.word)}: {esc(action_label(a))}" for s, a in view.bids if a.kind != "trump")
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
            f"{esc(view.bidder.word)} won the bidding with {esc(action_label(view.high))} ({esc(contract)}): "
            f"needs {view.needs} tricks."
        )
    if view.phase is Phase.PLAY:
        number = len(view.tricks) + 1
        ours = sum(1 for t in view.tricks if t.winner.team is view.seat.team)
        taken = f"Your side has taken {ours} of {len(view.tricks)} tricks. " if view.tricks else ""
        if view.trick_plays:
            plays = ", ".join(
                f"{esc(s.word)} {'leads' if i == 0 else 'plays'} {render.face(c, small=True, trump=view.trump)}"
                for i, (s, c) in enumerate(view.trick_plays)
            )
            lines.append(f"{taken}Trick {number}: {plays}. What do you play?")
        else:
            lines.append(f"{taken}You lead trick {number}. What do you lead?")
    else:
        lines.append(_QUESTIONS.get(view.phase, "What do you do?"))
    return lines


def retry_prompt_html(decision: BidDecision) -> str:
    """A past decision's position as the student saw it, with the hint and the first answer hidden."""
    view = decision.view
    hand = render.faces(render.hand_order(view.hand, view.trump), small=True, trump=view.trump)
    return (
        f'<div class="et-retry-position"><b>Hand {decision.hand_number}</b>. {" ".join(position_lines(view))}'
        f'<div class="et-retry-hand">Your hand: {hand}</div>'
        "<p class='et-status'>The hint is hidden: choose as if for the first time. Your new answer is graded on "
        "the same sampled deals as your first.</p></div>"
    )


def retry_result_html(tutor: BidTutor, retry: BidRetry) -> str:
    """The graded second answer beside the first, then the best choice and the advisor's reasons."""
    d = retry.decision
    hint = tutor.hint_of(d)
    mine = None if hint is None else _option(hint, retry.action)
    lost = (
        f"{float(retry.grade.loss):.2f} points"
        if mine is None
        else f"{mine.loss:.2f}{_pm(mine.interval)} points on the same deals"
    )
    return render.retry_result_html(
        action_label(retry.action),
        retry.grade,
        lost,
        d.label,
        tutor.grade_of(d),
        None if hint is None else action_label(hint.best.action),
        () if hint is None else hint.reasons,
    )
