"""What a table will score: the advisor's points corrected by a calibration measured at tables of each level.

The advisor values card play double-dummy (every hand open in each sampled deal): right for ranking the
cards, optimistic as a number, since nobody at a table plays with every hand open, and the student's own
later play is not perfect either. ``benchmarks/classic_calibration.py`` plays whole hands at tables of
one level (Beginner, Club or Expert players in every seat), values each decision as the table's hint does,
and compares the points predicted for the action taken with the points its side then scored. The mean
difference per *kind of decision* (a round-1 bid, a round-2 bid, the dealer's discard, a lead, a card
followed) is this module's shift, kept in ``data/table_calibration.json`` with the command that
measured it.

A shift moves every option of a decision by the same amount (:func:`at_table`), so the ranking, the
recommended action and every loss (a difference on the same deals) stay as the advisor found them; what
changes is the level: the points shown are what such a table scores on average after that choice. The
chance of making moves the same way (by its own measured shift, over the decisions whose hand had
makers). A kind measured over fewer than :data:`LEAST_DECISIONS` decisions is not shifted (its mean is
not known well enough to move anything by it), nor is a table level with no measurement.
"""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Final

from euchre_tutor.advisor.luck import measured_baseline
from euchre_tutor.games import classic
from euchre_tutor.games.classic import LUCK_BASELINE
from euchre_tutor.games.classic.advisor.options import ClassicOption, TableShift
from euchre_tutor.games.classic.engine.engine import Phase
from euchre_tutor.games.classic.views import SeatView

__all__ = [
    "DATA",
    "KINDS",
    "LEAST_DECISIONS",
    "TableShift",
    "at_table",
    "decision_kind",
    "table_baseline",
    "table_shift",
]

DATA: Final = Path(__file__).resolve().parents[1] / "data" / "table_calibration.json"
#: the kinds of decision a shift is measured for (any other decision is not shifted)
KINDS: Final = ("round-1", "round-2", "discard", "lead", "follow")
#: a kind measured over fewer decisions is not shifted
LEAST_DECISIONS: Final = 200

_PHASES: Final = {Phase.ROUND_1: "round-1", Phase.ROUND_2: "round-2", Phase.DISCARD: "discard"}


def decision_kind(view: SeatView) -> str | None:
    """The kind of ``view``'s decision (one of :data:`KINDS`), or None for any other."""
    if view.phase is Phase.PLAY:
        return "follow" if view.trick_plays else "lead"
    return _PHASES.get(view.phase)


@cache
def _shifts(path: Path = DATA) -> dict[str, dict[str, TableShift]]:
    if not path.exists():
        return {}
    data = json.loads(path.read_text())
    out: dict[str, dict[str, TableShift]] = {}
    for level, kinds in data["levels"].items():
        out[level] = {
            kind: TableShift(
                level,
                kind,
                float(k["points"]),
                float(k["p_make"]),
                int(k["decisions"]),
                int(k["hands"]),
            )
            for kind, k in kinds.items()
            if kind in KINDS and int(k["decisions"]) >= LEAST_DECISIONS
        }
    return out


def table_shift(level: str | None, view: SeatView, data: Path = DATA) -> TableShift | None:
    """The shift of ``view``'s decision at a table of ``level`` (None: no level, an unmeasured kind, a
    table not of four players, or fewer than :data:`LEAST_DECISIONS` decisions measured), as ``data``
    (the shipped file by default) holds it."""
    if level is None or view.seat.seating.players != 4:
        return None
    kind = decision_kind(view)
    return None if kind is None else _shifts(data).get(level, {}).get(kind)


def table_baseline(level: str | None, seat_from_dealer: int, players: int = 4) -> Fraction:
    """The luck's baseline of a seat at a table of ``level`` (None: a Club table): the average value of
    the seat's first decision with a choice as that table's hint values it (the level's players in every
    seat, its model, its measured shift of whichever kind that decision is), so that the baseline and the
    first value it is subtracted from are one kind of figure. Measured at four players; 0 at three and six
    (:func:`~euchre_tutor.advisor.luck.measured_baseline`)."""
    name = LUCK_BASELINE.format(level=level or "club")  # measured by benchmarks/classic_luck_baseline.py
    return measured_baseline(resources.files(classic) / name, seat_from_dealer, measured=players == 4)


def at_table(options: list[ClassicOption], shift: TableShift | None) -> list[ClassicOption]:
    """``options`` with their expected points and chances of making moved by ``shift`` (the same for
    every option: order and losses kept); unchanged without one."""
    if shift is None:
        return options
    out = []
    for o in options:
        p_maker = o.p_make + o.p_euchred  # P(someone makes trump)
        moved = min(max(o.p_make + shift.p_make * p_maker, 0.0), p_maker)
        out.append(
            replace(
                o,
                ev=o.ev + shift.points,
                p_make=moved,
                p_euchred=p_maker - moved,
                p_march=min(o.p_march, moved),
            )
        )
    return out
