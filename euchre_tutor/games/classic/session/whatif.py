"""The classic table's what-if: the student's position with one card swapped, analysed beside the hint.

"Which card decides?" A student swaps one card of the hand for a card it has
not seen (or makes any change ``classic analyze --what-if`` makes) and sees the
options again. The game does not change: the changed position
(:func:`~euchre_tutor.games.classic.advisor.whatif.what_if` of the turn's
``classic analyze`` input) goes to the tutor's analysis worker like a hint, so
the numbers are the command's for the same change, seed and worlds. A what-if
belongs to the turn it was asked at: the next turn clears it. No widget
library here.
"""

from __future__ import annotations

import json
from typing import Any

from euchre_tutor.cards import Card, parse_card
from euchre_tutor.errors import EuchreError
from euchre_tutor.games.classic.advisor.analysis import ClassicAnalysis
from euchre_tutor.games.classic.advisor.position import read_position
from euchre_tutor.games.classic.advisor.whatif import unseen_cards, what_if
from euchre_tutor.games.classic.session.tutor import ClassicTutor
from euchre_tutor.games.classic.views import SeatView
from euchre_tutor.jsonio import capped_text
from euchre_tutor.session.observing import Observable

__all__ = ["MAX_CHANGE", "ClassicWhatIf"]

#: characters in a typed what-if ("up QD; score 8:9; seat W" is 24): far above any real change
MAX_CHANGE = 200


class ClassicWhatIf(Observable):
    """One what-if at a time for the tutor's student; tells its view ``"whatif"`` whenever it changes."""

    def __init__(self, tutor: ClassicTutor) -> None:
        super().__init__()
        self.tutor = tutor
        self.change: str | None = None  # the change asked, as ``--what-if`` writes it
        self.view: SeatView | None = None  # the student's view of the changed position
        self.key: tuple[Any, ...] | None = None  # where the tutor files its analysis
        self.refusal: str | None = None  # why the last change could not be made
        self._turn: tuple[Any, ...] | None = None
        tutor.subscribe(lambda _topic: self._emit("whatif"))
        tutor.controller.subscribe(self._on_controller)

    @property
    def available(self) -> bool:
        """A what-if can be asked now: the hint is shown and it is the student's turn with a choice to make."""
        t = self.tutor
        return t.hints_on and t.show_hint and t.current_key is not None

    def choices(self) -> tuple[list[Card], list[Card]]:
        """The cards the student may swap out (its hand) and in (cards it has not seen)."""
        position = self.tutor.position() if self.available else None
        if position is None:
            return [], []
        return [parse_card(c) for c in position["hand"]], unseen_cards(position)

    def ask(self, change: str) -> bool:
        """Analyse the turn's position with ``change`` made; False (and :attr:`refusal` says why) if it cannot be."""
        self.clear(emit=False)
        self._turn = self.tutor.current_key
        position = self.tutor.position() if self.available else None
        if position is None:
            self.refusal = "a what-if changes your position: ask it on your turn, when you have a choice"
            self._emit("whatif")
            return False
        try:
            change = capped_text(change, "the what-if", limit=MAX_CHANGE).strip()
            changed = what_if(position, change)
            view = read_position(changed).view
        except EuchreError as exc:
            self.refusal = str(exc)
            self._emit("whatif")
            return False
        t = self.tutor
        self.change, self.view = change, view
        self.key = (
            "classic-whatif",
            t.seed,
            t.worlds,
            t.table,
            json.dumps(changed, sort_keys=True, ensure_ascii=False),
        )
        t.analyse_position(self.key, changed)
        self._emit("whatif")
        return True

    def swap(self, out_card: Card | str, in_card: Card | str) -> bool:
        """What if the hand held ``in_card`` instead of ``out_card``?"""
        return self.ask(f"swap {out_card} {in_card}")

    def clear(self, emit: bool = True) -> None:
        self.change = self.view = self.key = self.refusal = self._turn = None
        if emit:
            self._emit("whatif")

    @property
    def result(self) -> ClassicAnalysis | None:
        return None if self.key is None else self.tutor.hints.get(self.key)

    @property
    def error(self) -> str | None:
        return None if self.key is None else self.tutor.errors.get(self.key)

    @property
    def analysing(self) -> bool:
        return self.key is not None and self.result is None and self.error is None

    def _on_controller(self, topic: str) -> None:
        if topic != "state":
            return
        if (self.key or self.refusal) and self._turn != self.tutor.current_key:
            self.clear()  # the student moved on: the what-if was about the turn before
        else:
            self._emit("whatif")
