"""The what-if row of the classic hint panel: swap a card of your hand for an unseen one, see the options again.

Hooks for tests and styling: ``ec-whatif`` (the row and its result), ``ec-whatif-out``
(the card to swap out: your hand), ``ec-whatif-in`` (the card to swap in: cards you have
not seen), ``ec-whatif-show`` (the button), ``ec-whatif-text`` and ``ec-whatif-ask`` (any
other change ``classic analyze --what-if`` makes, typed: ``up QD``, ``score 8:9``,
``seat W``), ``ec-whatif-body`` (the result: the same bars as the hint, ``ec-option`` with ``data-*`` numbers, under a heading ``ec-whatif-head``
with ``data-change``; ``ec-whatif-best`` says whether the best action changes). The state
is the session's :class:`~euchre_tutor.games.classic.session.whatif.ClassicWhatIf`; this
module only shows it, updating its widgets in place.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

import ipywidgets as w

from euchre_tutor.advisor.voice import Depth, minus
from euchre_tutor.cards import Card, parse_card
from euchre_tutor.errors import CardError
from euchre_tutor.games.classic.advisor.reasons import action_label
from euchre_tutor.games.classic.session.whatif import ClassicWhatIf
from euchre_tutor.games.classic.widgets import hints as classic_hints
from euchre_tutor.widgets import render
from euchre_tutor.widgets.table import set_class

__all__ = ["WHATIF_CSS", "WhatIfRow", "whatif_html"]

esc = render.esc

WHATIF_CSS: Final = """
.euchre-classic .ec-whatif-row{align-items:center;gap:6px;flex-wrap:wrap;margin-top:6px}
.euchre-classic .ec-whatif-row .widget-label{min-width:0;width:auto;color:#1d1d1f}
.euchre-classic .ec-whatif-body .widget-html-content{white-space:normal}
.euchre-classic .ec-whatif-head{font-weight:700;margin:6px 0 2px}
.euchre-classic .ec-whatif.hidden{display:none}
.euchre-classic .ec-whatif-rows.hidden{display:none}
"""


def _options(cards: list[Card]) -> list[tuple[str, str]]:
    return [(c.symbol, str(c)) for c in cards]


def whatif_html(whatif: ClassicWhatIf, metric: str) -> str:
    """The what-if's result (bars like the hint's), its progress, or why it could not be made."""
    if whatif.refusal is not None:
        return f'<p class="et-status ec-whatif-refused">{esc(whatif.refusal)}</p>'
    if whatif.change is None or whatif.view is None:
        return (
            '<p class="et-status">What if you held another card? Pick one of yours and one you have not '
            "seen: the options for that hand appear here (the game does not change).</p>"
        )
    head = f'<div class="ec-whatif-head" data-change="{esc(whatif.change)}">What if: {esc(_words(whatif.change))}</div>'
    if whatif.error is not None:
        return head + f'<p class="et-status">The what-if analysis failed: {esc(whatif.error)}</p>'
    result = whatif.result
    if result is None:
        return head + '<p class="et-status ec-analysing">Analysing the what-if…</p>'
    now = whatif.tutor.current_hint
    best = action_label(result.best.action, whatif.view)
    if now is None:
        line = f"Best with this change: <b>{esc(best)}</b>."
        changed = ""
    elif now.best.action == result.best.action:
        line = f"The best action stays <b>{esc(best)}</b> " + minus(
            f"({now.best.ev:+.2f} → {result.best.ev:+.2f} points)."
        )
        changed = "no"
    else:
        before = action_label(now.best.action, whatif.tutor.controller.view)
        line = f"The best action changes: <b>{esc(before)}</b> → <b>{esc(best)}</b>."
        changed = "yes"
    return (
        head
        + f'<p class="ec-whatif-best" data-changed="{changed}">{line}</p>'
        # what-if compares the numbers of two hands: every figure, whatever the hint's depth
        + classic_hints.hint_body_html(result, metric, whatif.view, whatif.tutor.table, Depth.FIGURES)
    )


def _words(change: str) -> str:
    words = change.split()
    if len(words) == 3 and words[0] == "swap":
        try:
            out_card, in_card = parse_card(words[1]), parse_card(words[2])
        except CardError:
            return change
        return f"you held {in_card.symbol} instead of {out_card.symbol}"
    return change


class WhatIfRow(w.VBox):  # type: ignore[misc]
    """``What if…`` (``ec-whatif-open``), which unfolds ``Swap [your card] for [an unseen card] [Show
    what-if]``, another change typed as ``classic analyze --what-if`` reads it, and the result below."""

    def __init__(self, whatif: ClassicWhatIf, metric: Callable[[], str]) -> None:
        super().__init__()
        self.whatif = whatif
        self._metric = metric
        self.out_card = w.Dropdown(layout=w.Layout(width="76px"), tooltip="A card of your hand")
        self.out_card.add_class("ec-whatif-out")
        self.in_card = w.Dropdown(layout=w.Layout(width="76px"), tooltip="A card you have not seen")
        self.in_card.add_class("ec-whatif-in")
        self.show = w.Button(
            description="Show what-if",
            tooltip="Analyse your position with this card instead (the game does not change)",
        )
        self.show.add_class("ec-whatif-show")
        self.show.add_class("et-ctl")
        self.show.on_click(lambda _b: self._ask())
        self.body = w.HTML()
        self.body.add_class("ec-whatif-body")
        row = w.HBox([w.Label("What if: swap"), self.out_card, w.Label("for"), self.in_card, self.show])
        row.add_class("ec-whatif-row")
        # Any other change classic analyze --what-if makes: another up card, score or seat.
        self.text = w.Text(
            placeholder="or: up QD · score 8:9 · seat W",
            layout=w.Layout(width="210px"),
            tooltip="Another up card, score or seat (several joined by ';'), as classic analyze --what-if",
        )
        self.text.add_class("ec-whatif-text")
        self.ask_text = w.Button(description="Show", tooltip="Analyse your position with this change")
        self.ask_text.add_class("ec-whatif-ask")
        self.ask_text.add_class("et-ctl")
        self.ask_text.on_click(lambda _b: self._ask_text())
        other = w.HBox([w.Label("What if:"), self.text, self.ask_text])
        other.add_class("ec-whatif-row")
        # folded behind its own button: the hint panel shows the hint first, the what-if when asked for
        self.open = w.ToggleButton(
            value=False,
            description="What if…",
            tooltip="Another card in your hand, another up card, score or seat: see the options again",
        )
        self.open.add_class("ec-whatif-open")
        self.rows = w.VBox([row, other, self.body])
        self.rows.add_class("ec-whatif-rows")
        self.open.observe(lambda _ch: self._fold(), names="value")
        self.children = [
            w.HTML(f"<style>{WHATIF_CSS}</style>", layout=w.Layout(display="none")),
            self.open,
            self.rows,
        ]
        self.add_class("ec-whatif")
        self._fold()
        whatif.subscribe(lambda _topic: self.refresh())
        self.refresh()

    def _fold(self) -> None:
        """The what-if's rows shown only while its button is pressed."""
        set_class(self.rows, "hidden", not self.open.value)

    def _ask_text(self) -> None:
        if str(self.text.value).strip():
            self.whatif.ask(str(self.text.value))

    def _ask(self) -> None:
        if self.out_card.value and self.in_card.value:
            self.whatif.swap(str(self.out_card.value), str(self.in_card.value))

    def refresh(self) -> None:
        """Show the row on the student's turn (with the cards of that turn) and the what-if's state."""
        wi = self.whatif
        with self.hold_sync():
            set_class(self, "hidden", not wi.available)
            mine, unseen = wi.choices()
            for dropdown, cards in ((self.out_card, mine), (self.in_card, unseen)):
                options = _options(cards)
                if list(dropdown.options) != options:
                    keep = dropdown.value
                    dropdown.options = options
                    if keep in {v for _, v in options}:
                        dropdown.value = keep
            self.show.disabled = not (mine and unseen)
            body = whatif_html(wi, self._metric())
            if self.body.value != body:
                self.body.value = body
