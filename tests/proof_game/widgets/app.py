"""The proof game's table: the framework's table app on a two-seat game, the student at South alone,
or at either seat of a shared table (``controller``: the student's
:class:`~euchre_tutor.session.remote_seat.RemoteSeat`, ``shared``: the shared table's parts)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import ipywidgets as w

from euchre_tutor.advisor.voice import Depth
from euchre_tutor.session.remote_seat import RemoteSeat
from euchre_tutor.session.table import TableHandLog
from euchre_tutor.widgets import render
from euchre_tutor.widgets.table_app import SeatParts, TableApp, TutorHtml
from tests.proof_game.engine import HAND_SIZE, Action
from tests.proof_game.session.controller import ProofController
from tests.proof_game.views import ProofView

esc = render.esc


def _none(*_: Any) -> str:
    return ""


class ProofApp(TableApp):
    """The proof game's table for one student (no tutor: the table plays, saves and loads), or a
    student's seat at a shared table (``controller``: the seat, ``shared``: the shared table's parts)."""

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
    SLOTS = HAND_SIZE

    def __init__(
        self,
        seed: int | str = 0,
        *,
        deal: object = None,
        controller: ProofController | RemoteSeat | None = None,
        tutor: Any = None,
        shared: SeatParts | None = None,
        **options: Any,
    ) -> None:
        super().__init__(controller or ProofController(seed), tutor, deal=deal, shared=shared, **options)

    def _control_rows(self) -> list[Sequence[w.Widget] | w.Box]:
        return [[self.undo, self.redo, self.new_match, self.seed], [self.deal_text, self.load, self.save]]

    def _left_children(self) -> list[w.Widget]:
        return [self.table, self.prompt, self.hand, self.hand_end, self.review, self.bids, self.controls]

    def _refresh_table(self, view: ProofView, logs: list[Any], shown: Any) -> None:
        c = self.controller
        self._set(self.title, "value", f"<b>Proof Game</b>, hand {view.hand_number}")
        scores = c.state.scores
        words = " – ".join(f"{t} {scores[t.index]}" for t in view.seat.seating.teams if t.index < len(scores))
        self._set(self.score, "value", esc(words))
        plays = " ".join(f"{s.word}: {card.symbol}" for s, card in view.trick_plays) or "no card led yet"
        self._set(self.table, "value", f'<div class="ec-table proof-trick">{esc(plays)}</div>')
        self._set(self.trick_log, "value", "<br>".join(esc(t) for t in shown.result))
        prompt = "Your turn: play a card." if c.my_turn else ""
        if c.state.is_over:
            prompt = "The match is over."
        elif c.waiting:
            prompt = f"Hand {view.hand_number} is over: press Next hand to go on."
        self._set(self.prompt, "value", prompt)
        self.bids.show_actions([], str, str, lambda _a: False)

    @staticmethod
    def _hand_log_of_view(fields: dict[str, Any], view: ProofView) -> TableHandLog:
        """A hand's log as a seat at a shared table saw it: what every log holds (the proof game's
        hands have no contract to add from the hand's last ``view``)."""
        return TableHandLog(**fields)

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
