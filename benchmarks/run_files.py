"""Runs of a benchmark and the verdicts on their figures (the scripts beside this one import it).

A run covers a range of seeded hands (or deals), ``first`` to ``first + count - 1``, and writes its
lines to a file of its own, ``DIR/first-last.jsonl`` (:func:`claim`). A run whose range overlaps one
already in ``DIR`` is refused: run again with another ``--start`` (or delete the old file), so that no
hand is ever counted twice. A summary reads exactly the run files it is given (:func:`read_runs`) and
refuses two that share a hand.

A verdict (:func:`verdict`) on a figure with a target reads its 95% interval: the target is met when
the estimate is within the target and the whole interval within ``bound`` (the target itself unless
said), off target when the whole interval lies beyond the target, and otherwise too few to tell,
which is also the verdict on fewer than :data:`LEAST` values (their spread is not yet known). A figure
judged on several disjoint parts (:func:`every_part`) meets its target only when every part does.
"""

from __future__ import annotations

import json
import math
import re
import statistics
from collections import defaultdict
from collections.abc import Hashable, Sequence
from pathlib import Path
from typing import Any

LEAST = 30  # fewer values than this: the spread, so the interval, is not known well enough to judge
RUN = re.compile(r"^(\d+)-(\d+)\.jsonl$")


def runs_in(directory: Path) -> list[tuple[int, int, Path]]:
    """The runs already in ``directory``: (first, last, file), in order."""
    if not directory.is_dir():
        return []
    found = []
    for path in directory.iterdir():
        m = RUN.match(path.name)
        if m:
            found.append((int(m[1]), int(m[2]), path))
    return sorted(found)


def claim(directory: Path, first: int, count: int) -> Path:
    """The file of a new run of hands ``first`` .. ``first + count - 1`` in ``directory``.

    Refused (SystemExit) when the range is empty or overlaps a run already there."""
    if count < 1 or first < 0:
        raise SystemExit(f"a run needs at least one hand from 0 on, not {count} from {first}")
    last = first + count - 1
    for lo, hi, path in runs_in(directory):
        if lo <= last and first <= hi:
            raise SystemExit(
                f"hands {first}-{last} overlap the run in {path} (hands {lo}-{hi}): counting them twice "
                f"would narrow the intervals falsely; start after {hi} (--start {hi + 1}) or delete that file"
            )
    directory.mkdir(parents=True, exist_ok=True)
    return directory / f"{first}-{last}.jsonl"


def read_runs(paths: Sequence[Path], key: str) -> list[dict[str, Any]]:
    """Every line of the run files named, refused (SystemExit) when two files hold the same ``key``
    (a hand or deal number): a summary counts each hand once."""
    owner: dict[Hashable, Path] = {}
    records: list[dict[str, Any]] = []
    for path in paths:
        mine = [json.loads(line) for line in Path(path).read_text().splitlines() if line.strip()]
        for k in {r[key] for r in mine}:
            if k in owner:
                raise SystemExit(f"{key} {k} is in both {owner[k]} and {path}: name each run once")
            owner[k] = Path(path)
        records.extend(mine)
    return records


def interval(values: Sequence[float], clusters: Sequence[Hashable] | None = None) -> tuple[float, float]:
    """The mean of ``values`` and its 95% half-width (1.96 standard errors; NaN under two values).

    With ``clusters`` (a hand number per value) the standard error is the cluster-robust one: the
    values of one hand move together, so they count as one draw, not several."""
    n = len(values)
    if n == 0:
        return float("nan"), float("nan")
    mean = statistics.fmean(values)
    if clusters is None:
        return mean, (1.96 * statistics.stdev(values) / math.sqrt(n) if n > 1 else float("nan"))
    sums: dict[Hashable, float] = defaultdict(float)
    for v, c in zip(values, clusters, strict=True):
        sums[c] += v - mean
    g = len(sums)
    if g < 2:
        return mean, float("nan")
    var = g / (g - 1) * sum(s * s for s in sums.values()) / (n * n)
    return mean, 1.96 * math.sqrt(var)


def verdict(
    mean: float, half: float, n: int, target: float, bound: float | None = None, least: int = LEAST
) -> str:
    """``target met``, ``off target`` or ``too few to tell ...`` for an estimate that should lie within
    ±``target`` (see the module's contract); ``bound`` is where the whole interval must lie, and
    ``least`` the fewest values a target is met on (an interval off target is off at any size)."""
    edge = target if bound is None else bound
    if n < LEAST:
        return f"too few to tell (n = {n})"
    if math.isnan(half):
        return "too few to tell (no interval)"
    if abs(mean) - half > target:
        return "off target"
    if n < least:
        return f"too few to tell (n = {n} < {least})"
    if abs(mean) <= target and abs(mean) + half <= edge:
        return "target met"
    return "too few to tell (the interval crosses the target)"


def every_part(said: Sequence[str]) -> str:
    """One verdict from the verdicts of a figure judged on several disjoint parts of the decisions (the
    calibration's folds): ``off target`` when any part is off target, ``target met`` only when every
    part meets it, and otherwise too few to tell (never a pass the parts do not each give); a single
    part's verdict as it is."""
    if not said:
        return "too few to tell (no part judged)"
    if len(said) == 1:
        return said[0]
    if "off target" in said:
        return "off target"
    if all(s == "target met" for s in said):
        return "target met"
    return "too few to tell (not every part meets the target)"
