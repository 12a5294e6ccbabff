"""A deterministic hint source for widget tests (the widgets' plumbing, not the advisor's numbers)."""

from __future__ import annotations

from fractions import Fraction

from euchre_tutor.advisor.shared import Grade, Reason
from euchre_tutor.games.solitaire.advisor.advice import Hint, OptionAnalysis, action_label
from euchre_tutor.games.solitaire.session.advice import HintRequest
from euchre_tutor.session.analysis import Progress

LABELS = ("Best", "Good", "Inaccuracy", "Mistake", "Blunder")


class StubSource:
    """Values every legal action 1, 0.9, 0.8, ... in the engine's order; counts its calls."""

    def __init__(self) -> None:
        self.calls = 0

    def analyse(self, request: HintRequest, progress: Progress) -> Hint:
        self.calls += 1
        view = request.view
        options = []
        total = len(view.legal)
        for i, action in enumerate(view.legal):
            ev = Fraction(10 - i, 10)
            options.append(
                OptionAnalysis(
                    action, action_label(action, view.turn_card), ev, Fraction(3, 4), Fraction(1, 8), ev
                )
            )
            progress(i + 1, total)
        grades = {
            str(o.action): Grade(LABELS[min(i, 4)], options[0].ev - o.ev, options[0].ev - o.ev, "")
            for i, o in enumerate(options)
        }
        reasons = (Reason("cards.follow-suit", f"stub reason: {total} options, 18 unseen cards"),)
        return Hint(tuple(options), reasons, request.mode, grades)


def make() -> StubSource:
    return StubSource()


class FailingSource:
    def analyse(self, request: HintRequest, progress: Progress) -> Hint:
        raise RuntimeError("solver exploded")
