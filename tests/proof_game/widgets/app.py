"""The proof game's table: the framework's table app on a two-seat game, the student at South."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import ipywidgets as w

from euchre_tutor.advisor.voice import Depth
from euchre_tutor.widgets import render
from euchre_tutor.widgets.table_app import TableApp, TutorHtml
from tests.proof_game.engine import HAND_SIZE, Action
from tests.proof_game.session.controller import ProofController
from tests.proof_game.views import ProofView

esc = render.esc


def _none(*_: Any) -> str:
    return ""


class ProofApp(TableApp):
    """The proof game's table for one student (no tutor: the table plays, saves and loads)."""

    GAME = "proof"
    SAVE_NAME = "proof-{seed}.json"
    HINTS = TutorHtml(_none, _none, _none, _none, _none, _none)
    TABLE_CSS = ""
    HINT_CSS = ""
    RULES_CLASS = "et-proof-rules"
    RULES_CHOICES: Sequence[tuple[str, str]] = (("two hands", "standard"),)
    NEW_MATCH_TIP = "Start a new match from the seed"
    LOAD_TIP = "Load a saved match"
    DEAL_PLACEHOLDER = "Paste a saved match"
    SUGGEST_TIP = "What the computer player would play"
    SUGGEST_IDLE = ""

    def __init__(self, seed: int | str = 0, *, deal: object = None, **options: Any) -> None:
        super().__init__(HAND_SIZE, ProofController(seed), None, deal=deal, **options)

    def _control_rows(self) -> list[Sequence[w.Widget] | w.Box]:
        return [[self.undo, self.redo, self.new_match, self.seed], [self.deal_text, self.load, self.save]]

    def _left_children(self) -> list[w.Widget]:
        return [self.table, self.prompt, self.hand, self.hand_end, self.review, self.bids, self.controls]

    def _refresh_table(self, view: ProofView, logs: list[Any], shown: Any) -> None:
        c = self.controller
        self._set(self.title, "value", f"<b>Proof Game</b>, hand {view.hand_number}")
        self._set(self.score, "value", esc(c._score_words()))
        plays = " ".join(f"{s.word}: {card.symbol}" for s, card in view.plays) or "no card led yet"
        self._set(self.table, "value", f'<div class="proof-trick">{esc(plays)}</div>')
        self._set(self.trick_log, "value", "<br>".join(esc(t) for t in shown.result))
        self._set(self.prompt, "value", "Your turn: play a card." if c.my_turn else "")
        self.bids.show_actions([], str, str, lambda _a: False)

    def _hint_body(self, hint: Any, depth: Depth) -> str:  # pragma: no cover - no tutor
        return ""

    def _review_html(self, review: Any, step: int, depth: Depth) -> str:  # pragma: no cover - no tutor
        return ""

    def _answer_label(self, action: Any, view: Any) -> str:  # pragma: no cover - no tutor
        return str(action)

    def _new_match(self) -> None:
        self.controller.new_match(self.seed.value)

    def _parse_action(self, action: Any) -> Action:
        return Action.parse(action)
