"""``euchre-tutor bid analyze``: the Bid Euchre advisor on the command line.

The input is ``bid replay``'s (every hand known: the advisor reads only what the
analysed seat may know, through its view) plus ``"seat"`` (default: the seat to
act) and, optionally, ``"action"``: a legal action of that seat to grade.

When the seat is to act, the output adds to its view (``bid analyze`` without an
advisor) ``"options"``: every legal action, best first, each ``{"action", "ev",
"ev_interval", "loss", "interval", "tied", "tricks", "p_make", "bidders",
"p_passed_out", "reasons"}``; ``"best"``, ``"worlds"``, ``"method"``, ``"mode"``,
``"reasons"`` (``[{"rule", "text", "numbers"}]``, rule ids from the Bid rules
sheet), and with an ``"action"``, ``"grade": {"action", "label", "loss", "text"}``.
``ev`` is the mean of the seat's side's points minus the other side's for the
hand over the sampled deals, ``ev_interval`` and ``interval`` the half-widths of
95% intervals, ``loss`` paired against the best. ``--worlds``, ``--max-worlds``
and ``--seed`` as for ``classic analyze``; the same input and seed give the same
output. When the seat is not to act, ``"options"`` is empty and ``"best"`` null.
"""

from __future__ import annotations

import argparse
from typing import Any, Final

from euchre_tutor.errors import EuchreError, JsonInputError
from euchre_tutor.games.bid.advisor.analysis import ADAPTIVE_MAX_WORLDS, DEFAULT_WORLDS, Continuation, analyse
from euchre_tutor.games.bid.advisor.reasons import bid_grade
from euchre_tutor.games.bid.engine import Action, HandState, Seat
from euchre_tutor.games.bid.views import seat_view
from euchre_tutor.jsonio import add_sampling_arguments

__all__ = ["BidAdvisorCommand"]

MAX_WORLDS: Final = 5000


class BidAdvisorCommand:
    """The advisor's part of ``bid analyze`` (see :class:`euchre_tutor.games.bid.engine.cli.Advisor`)."""

    description = (
        'With "action": "bid 3 H" (a legal action of the seat), that action is graded. Output, when the '
        "seat is to act: every legal action's expected points for the seat's side (its points minus the "
        "other side's; ev ± ev_interval), its paired loss against the best (± interval), tied, the reasons "
        "(rule ids of the Bid rules sheet) and the grade."
    )

    def __init__(self, continuation: Continuation) -> None:
        self.continuation = continuation

    def add_arguments(self, parser: argparse.ArgumentParser) -> None:
        add_sampling_arguments(
            parser, worlds=DEFAULT_WORLDS, most=ADAPTIVE_MAX_WORLDS, grows="an option's grade is unsettled"
        )

    def advise(
        self, state: HandState, seat: Seat, data: dict[str, Any], args: argparse.Namespace
    ) -> dict[str, Any]:
        worlds = int(args.worlds)
        cap = max(worlds, ADAPTIVE_MAX_WORLDS) if args.max_worlds is None else int(args.max_worlds)
        if not 2 <= worlds <= MAX_WORLDS or cap > MAX_WORLDS:
            raise JsonInputError(
                f"--worlds and --max-worlds must be 2 to {MAX_WORLDS}, not {worlds} and {cap}"
            )
        view = seat_view(state, seat)
        action_text = data.get("action")
        if not view.my_turn:
            if action_text is not None:
                raise EuchreError(
                    f'it is not {seat.word}\'s turn, so there is no "action" of theirs to grade'
                )
            return {"options": [], "best": None}
        action = None
        if action_text is not None:
            if not isinstance(action_text, str):
                raise JsonInputError(
                    f'"action" must be a string such as "bid 3 H" or "play 9S", not {action_text!r}'
                )
            action = Action.parse(action_text)
            if action not in view.legal:
                legal = ", ".join(str(a) for a in view.legal)
                raise EuchreError(f"{action} is not legal for {seat.word} now; legal: {legal}")
        analysis = analyse(
            view, continuation=self.continuation, worlds=worlds, max_worlds=cap, seed=args.seed
        )
        out = analysis.to_json()
        del out["seat"], out["phase"], out["legal"]  # the view's part says them already
        if action is not None:
            grade = bid_grade(analysis, action)
            assert grade is not None
            out["grade"] = {
                "action": str(action),
                "label": grade.label,
                "loss": round(float(grade.loss), 4),
                "text": grade.text,
            }
        return out
