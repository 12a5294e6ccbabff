"""HTML for the Bid Euchre table's hint panel: the options with paired values, the reasons, the grade.

Pure functions of the tutor's data (no widgets), as for the classic table: each
option is one ``eb-option`` row carrying its numbers as ``data-*`` attributes
(action, ev, ev-interval, loss, interval, tied), its bar, its value with the
95% interval (``+1.20 ± 0.15``) and what it loses against the best on the same
sampled deals (``−0.31 ± 0.06``, or ``tie``).
"""

from __future__ import annotations

from typing import Final

from euchre_tutor.session.bid_controller import action_label
from euchre_tutor.session.bid_tutor import AnalysisLike, BidTutor, OptionLike
from euchre_tutor.widgets import render

__all__ = ["HINT_CSS", "grade_line_html", "hint_body_html", "hint_placeholder", "hint_status_html"]

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
        return ""
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
