"""The table's shifts, fitted and judged, from a calibration run's records (one per decision:
``hand``, ``level``, ``class``, ``ev``, ``real``, ``p_make``, ``p_maker``, ``made``; see
``benchmarks/classic_calibration.py``, which imports this beside it)."""

from __future__ import annotations

import json
import math
import statistics
from pathlib import Path

from run_files import every_part, interval, verdict  # the script beside this one

from euchre_tutor.games.classic.advisor.table_calibration import DATA, KINDS, LEAST_DECISIONS

CLASSES = (
    "round-1 pass",
    "round-1 order",
    "round-1 alone",
    "round-2 pass",
    "round-2 call",
    "round-2 alone",
    "discard",
    "lead",
    "follow",
    "other",
)


def kind_of(action_class: str) -> str:
    """The kind of decision an action class belongs to (a shift is measured per kind: every option of
    a decision moves alike)."""
    if action_class.startswith(("round-1", "round-2")):
        return action_class.split()[0]
    return action_class


def shifts(records: list[dict[str, object]]) -> dict[str, dict[str, float | int]]:
    """Per kind of decision: the mean realized minus predicted points, and the mean made minus predicted
    chance of making (over the decisions whose hand had makers), with the decisions and hands."""
    out: dict[str, dict[str, float | int]] = {}
    for kind in KINDS:
        rs = [r for r in records if kind_of(str(r["class"])) == kind]
        if not rs:
            continue
        made = [r for r in rs if r["made"] is not None]
        out[kind] = {
            "points": round(statistics.fmean(float(r["real"]) - float(r["ev"]) for r in rs), 4),  # type: ignore[arg-type]
            "p_make": round(
                statistics.fmean(
                    float(r["made"]) - float(r["p_make"]) / max(1e-9, float(r["p_maker"]))  # type: ignore[arg-type]
                    for r in made
                ),
                4,
            )
            if made
            else 0.0,
            "decisions": len(rs),
            "hands": len({r["hand"] for r in rs}),
        }
    return out


def fold(record: dict[str, object]) -> int:
    """The fold of a record in the cross-fitted shifts: its hand's parity (0 even, 1 odd)."""
    return int(str(record["hand"])) % 2


def corrected(records: list[dict[str, object]]) -> list[tuple[float, float]]:
    """Each record's prediction moved by a shift fitted on the *other* hands (two folds by the hand's
    parity: a shift is never judged on the hands it was fitted on), as (points, P(make)); a kind with
    fewer than half :data:`LEAST_DECISIONS` decisions in the other fold is not moved, as the shipped
    shifts need that many over both folds."""
    folds = {q: shifts([r for r in records if fold(r) != q]) for q in (0, 1)}
    return [_moved(r, folds[fold(r)].get(kind_of(str(r["class"]))), LEAST_DECISIONS // 2) for r in records]


def shift_errors(records: list[dict[str, object]]) -> dict[int, dict[str, tuple[float, float]]]:
    """Per fold and kind: the 95% half-widths (clustered by hand) of the points and P(make) shifts
    :func:`corrected` moves that fold's records by, each fitted on the other fold (a kind it does not
    move is absent: no shift, no error)."""
    out: dict[int, dict[str, tuple[float, float]]] = {}
    for q in (0, 1):
        out[q] = {}
        for kind in KINDS:
            rs = [r for r in records if fold(r) != q and kind_of(str(r["class"])) == kind]
            if len(rs) < LEAST_DECISIONS // 2:
                continue
            _, hp = interval([float(r["real"]) - float(r["ev"]) for r in rs], [r["hand"] for r in rs])  # type: ignore[arg-type]
            made = [r for r in rs if r["made"] is not None]
            _, hm = interval(
                [float(r["made"]) - float(r["p_make"]) / max(1e-9, float(r["p_maker"])) for r in made],  # type: ignore[arg-type]
                [r["hand"] for r in made],
            )
            out[q][kind] = (0.0 if math.isnan(hp) else hp, 0.0 if math.isnan(hm) else hm)
    return out


#: a part of a class's decisions judged on its own: (part, decisions, mean realized - moved, ±95%, verdict)
Judged = tuple[str, int, float, float, str]


def judged(
    rs: list[dict[str, object]],
    moved: dict[int, tuple[float, float]],
    errors: dict[int, dict[str, tuple[float, float]]] | None,
) -> tuple[list[Judged], list[Judged]]:
    """The decisions ``rs`` (of one class) judged after the shift, ``moved`` giving each record's
    moved prediction (points, P(make)) by ``id``: the points' parts and the P(make)'s.

    With ``errors`` (:func:`shift_errors`: the shifts were fitted on these runs, each fold's on the
    other fold) each fold is judged on its own, and its interval counts the error of the shift it was
    moved by as well as its own (the folds hold other hands, so the two add in quadrature). Pooled over
    both folds, the mean residual of a class that is a whole kind is (n0 - n1)(m0 - m1)/N, about 0
    whatever the predictions were: a figure that cannot fail. A fold's own mean is m_q - m_other: it
    fails when a shift fitted on half the hands does not hold on the other half, and the verdict is met
    only when both folds meet it (:func:`run_files.every_part`). For a whole kind its expectation is
    still 0 on exchangeable hands (the shift is fitted to that kind), so what tells whether a shift
    holds on hands no shift saw is ``--shipped`` on fresh runs. Without ``errors`` (shifts fixed
    before these hands: ``--shipped``) all the decisions are one part, whose mean is the shifts' real
    miscalibration on these hands, 0 only if they are right."""
    parts = (
        [("all", rs)]
        if errors is None
        else [(n, [r for r in rs if fold(r) == q]) for q, n in ((0, "even"), (1, "odd"))]
    )
    least = 200 // len(parts)  # a class of 200 decisions or more: each of its parts judged on its share
    points: list[Judged] = []
    makes: list[Judged] = []
    for q, (name, part) in enumerate(parts):
        if not part:
            continue
        kind = kind_of(str(part[0]["class"]))
        ep, em = (0.0, 0.0) if errors is None else errors[q].get(kind, (0.0, 0.0))
        d, h = interval([float(r["real"]) - moved[id(r)][0] for r in part], [r["hand"] for r in part])  # type: ignore[arg-type]
        h = math.hypot(h, ep)
        points.append((name, len(part), d, h, verdict(d, h, len(part), 0.05, bound=0.10, least=least)))
        made = [r for r in part if r["made"] is not None]
        if made:
            dm, hm = interval([float(r["made"]) - moved[id(r)][1] for r in made], [r["hand"] for r in made])  # type: ignore[arg-type]
            hm = math.hypot(hm, em)
            makes.append((name, len(made), dm, hm, verdict(dm, hm, len(made), 0.03)))
    return points, makes


def _moved(record: dict[str, object], shift: object, least: int) -> tuple[float, float]:
    """``record``'s prediction (points, P(make) given makers) moved by ``shift`` (a kind's entry of
    :func:`shifts` or of the data file), or not moved when it is missing or has fewer than ``least``
    decisions."""
    moved = isinstance(shift, dict) and int(shift["decisions"]) >= least
    dp = float(shift["points"]) if moved else 0.0  # type: ignore[index]
    dm = float(shift["p_make"]) if moved else 0.0  # type: ignore[index]
    p_maker = max(1e-9, float(record["p_maker"]))  # type: ignore[arg-type]
    return float(record["ev"]) + dp, min(max(float(record["p_make"]) / p_maker + dm, 0.0), 1.0)  # type: ignore[arg-type]


def shipped(records: list[dict[str, object]], data: Path = DATA) -> list[tuple[float, float]]:
    """Each record's prediction moved by the shift ``data`` (the shipped file) holds for its level and
    kind, as the tutor moves it (a kind with fewer than :data:`LEAST_DECISIONS` decisions is not), as
    (points, P(make)): the figures a student saw, judged on hands the shifts were not fitted on when
    the runs are of other hands."""
    levels = json.loads(data.read_text())["levels"] if data.exists() else {}
    return [
        _moved(r, levels.get(str(r["level"]), {}).get(kind_of(str(r["class"]))), LEAST_DECISIONS)
        for r in records
    ]


def after_lines(records: list[dict[str, object]], data: Path | None = None) -> list[str]:
    """The summary's lines after the table's shift, a line per class: without ``data``, each hand's shift
    fitted on the other hands (two folds by parity) and each fold judged on its own (:func:`judged`:
    the class meets the target only when both folds do); with ``data``, the shifts it holds, fixed
    before these hands, judged on them all. Each line ends with the class's verdict for the points and
    for P(make) (real minus the corrected prediction)."""
    errors = shift_errors(records) if data is None else None
    moved = dict(
        zip(map(id, records), corrected(records) if data is None else shipped(records, data), strict=True)
    )
    lines = [
        (
            "  with the table's shift per kind of decision, each hand's shift fitted on the other hands (two "
            "folds by parity), each fold judged on its own (its interval counting the other fold's shift's "
            "error; pooled, a whole kind's residual is about 0 by construction): met only if both folds are"
            if data is None
            else f"  with the shifts {data} holds (fitted on the runs it names, not on these), all hands at once"
        )
        + "; real - corrected ±95% per part, then P(make) real - corrected ±95% per part:"
    ]
    for c in CLASSES:
        rs = [r for r in records if r["class"] == c]
        if not rs:
            continue
        points, makes = judged(rs, moved, errors)
        cells = "".join(f"  {name} {d:+.3f} ±{h:.3f}" for name, _, d, h, _ in points)
        mcells = "".join(f"  {name} {100 * d:+.1f}% ±{100 * h:.1f}%" for name, _, d, h, _ in makes)
        msaid = every_part([p[4] for p in makes]) if makes else "no makers"
        lines.append(
            f"  {c:<15}{len(rs):>6}{cells}  {every_part([p[4] for p in points])};  P(make){mcells}  {msaid}"
        )
    return lines
