"""Calibration: the expected points the advisor predicts against the points a table really scores.

Usage: ``python benchmarks/classic_calibration.py [--level all|beginner|club|expert] [--hands 1000]
[--start 0] [--worlds 200] [--out artifacts/calibration-LEVEL] [--every-card] [--playout-slip P]
[--playout-open W] [--bids-only] [--round-2-only]``, or ``python benchmarks/classic_calibration.py --summary RUN.jsonl [RUN.jsonl ...]
[--against RUN.jsonl ...] [--shipped]``, or ``--split RUN.jsonl ... [--classes CLASS ...]``

Deals ``--hands`` seeded hands (dealer rotating) with a player of ``--level`` in every seat
(``beginner``, ``club`` or ``expert``: the table's own computer players). At every decision with a
real choice (every seat's bids and discards; South's card play, which is plenty, unless
``--every-card``), from the deciding seat's view, the advisor values the options as the table's hint
does (``classic analyze --table LEVEL``: the same model of the seated players); the prediction
is the expected points of the action the seat took, and the truth is what the hand then scored
for that seat's side (its team's points minus the other side's). At the Expert table the Expert's
choices are valued on an independent sample (another seed than the one it chose by), as a
student's hint is: valuing a choice on the very sample that picked it adds the winner's curse.

It prints, per action class (round-1 pass / order / alone, round-2 pass / call / alone,
discard, lead, follow, other), the decisions, the mean predicted and realized points, their
difference with a 95% interval clustered by hand (the decisions of one hand share its cards), and
P(make) predicted against realized (over decisions whose hand had makers) with its interval. The
issue's target: |realized - predicted| <= 0.05 for every class with >= 200 decisions, at every
level, with the 95% interval inside ±0.10, and P(make) within 3 points. Each figure's verdict reads
its interval (``run_files.verdict``): target met, off target (the whole interval beyond the target,
at any sample size), or too few to tell. Then the same after the table's shift per kind of decision
(``calibration_shifts.after_lines``): each hand's shift fitted on the other hands (two folds by the
hand's parity) and each fold judged on its own, its interval counting the error of the shift fitted on
the other fold; a class meets the target only when both folds do. (Pooled over the folds, a class
that is a whole kind, a discard, lead or follow, reads about 0 whatever the predictions were: that
figure could not fail.) Even per fold, a whole kind's residual after a shift fitted to that kind is 0
in expectation on hands like the fitted ones; whether the shipped shifts hold is told by
``--shipped`` on fresh runs (below), a pooled figure that is 0 only when the shifts are right.

Each run writes one line per decision to a file of its own, ``OUT/FIRST-LAST.jsonl`` (``--out``'s
``LEVEL`` replaced by the level, and ``-every-card`` added with that option), and refuses a range of
hands already in a run there; it then summarises itself. ``--summary`` summarises exactly the run
files it names (of one level, one ``--worlds``, each hand once).

By default the bids are valued as the hints at that table value them (the play-outs slip as the
table's model of its players does: 0.3 at a Beginner table, 0 elsewhere; at an Expert table each deal
is valued 0.3 by play with every hand open and 0.7 by the rollout). ``--playout-slip P`` values them
with play-outs whose card play slips with chance P instead, ``--playout-open W`` with that weight of
open-hand play (``analyse``'s ``playout_open``), ``--bids-only`` values only the bids
and discards (the hands are played all the same), and ``--summary NEW --against OLD`` pairs the bids
of two runs of the same hands: the change in the predicted points per class and each run's realized
minus predicted. The question it answered (issue 37): does the Beginner's slipping card play explain
the first-round order's gap at a Beginner table? ::

    python benchmarks/classic_calibration.py --level beginner --hands 1000 --start 0 --playout-slip 0 --every-card
    python benchmarks/classic_calibration.py --level beginner --hands 1000 --start 0 --playout-slip 0.3 --bids-only
    python benchmarks/classic_calibration.py --summary artifacts/calibration-beginner-slip0.3-bids/0-999.jsonl \
        --against artifacts/calibration-beginner-every-card-slip0/0-999.jsonl

``--round-2-only`` plays the same hands but records only the second-round bids, and leaves a hand
whose trump is made in round 1 unplayed (about four hands in five): its records are exactly a full
run's second-round records of those hands, and they add to full runs of the level (same ``--worlds``,
play-outs as the hints) in ``--summary`` and ``--fit``, where they move the round-2 shift alone. The
second-round classes are the rare ones (about 0.3 decisions a hand); at an Expert table this measures
them for about a quarter of a full run's CPU per hand (0.52 s against 2.1 s; the Experts' bids still
cost every hand), and at a Beginner table for 55 ms a hand::

    python benchmarks/classic_calibration.py --level expert --hands 2000 --start 8000 --worlds 200 --round-2-only

``--summary RUN.jsonl ... --shipped`` judges the shipped shifts (``--data``) instead of shifts fitted on
the runs themselves: for runs of fresh hands (it refuses hands the data file's runs hold), the figures
exactly as a student at that table saw them.

``--split RUN.jsonl ... [--classes CLASS ...]`` replays each bid of the runs (round-1 and round-2
classes; runs whose play-outs do not slip) to its decision and splits its realized minus predicted
points on the hand's true deal into three parts, each with its interval clustered by hand: the hint's
sampled deals against the true deal (the model's bidding and the play-outs' card play on both), the
table's own bidding against the model's (on the true deal), and the table's card play against the
play-outs'. At a Club table the last two are 0 (its players are the model and play as the rollout).
The question it answered (issue 37): where the Expert table's overvalued second-round pass comes
from::

    python benchmarks/classic_calibration.py --split artifacts/calibration-expert-every-card/*.jsonl \
        --classes "round-2 pass"
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the scripts beside this one

from calibration_shifts import (
    CLASSES,
    after_lines,
    corrected,
    shifts,
)
from run_files import claim, interval, read_runs, verdict

from euchre_tutor.games.classic.advisor.analysis import (
    analyse,
    card_open,
    card_play_value,
    card_slip,
    play_out_value,
    side_value,
)
from euchre_tutor.games.classic.advisor.table_calibration import DATA, LEAST_DECISIONS
from euchre_tutor.games.classic.bots import LEVELS, ExpertPlayer, Player
from euchre_tutor.games.classic.engine.engine import Action, Deal, HandState, Phase, Seat, new_hand
from euchre_tutor.games.classic.views import SeatView, seat_view


def action_class(view: SeatView, action: Action) -> str:
    phase = view.phase
    if phase in (Phase.ROUND_1, Phase.ROUND_2):
        rnd = "round-1" if phase is Phase.ROUND_1 else "round-2"
        if action.kind == "pass":
            return f"{rnd} pass"
        if action.alone:
            return f"{rnd} alone"
        if action.kind in ("order", "call"):
            return f"{rnd} order" if phase is Phase.ROUND_1 else f"{rnd} call"
        return "other"
    if phase is Phase.DISCARD:
        return "discard"
    if phase is Phase.PLAY:
        return "follow" if view.trick_plays else "lead"
    return "other"


def _variant(record: dict[str, object]) -> tuple[float, bool, float]:
    """A record's play-outs' slip chance, whether its run valued the bids only, and the weight of its
    play-outs' card play with every hand open."""
    return (
        float(record.get("playout_slip", 0.0)),  # type: ignore[arg-type]
        bool(record.get("bids_only", False)),
        float(record.get("playout_open", 0.0)),  # type: ignore[arg-type]
    )


def against(old_paths: list[Path], new_paths: list[Path]) -> None:
    """The same hands' bids valued two ways, paired: per class, the change in the predicted points (new
    minus old) and each way's realized minus predicted, 95% intervals clustered by hand. The hands'
    play is the table's, not the advisor's, so both runs must record the same decisions and results."""
    new = [r for r in read_runs(new_paths, "hand") if r["class"] not in ("lead", "follow")]
    hands = {r["hand"] for r in new}
    old = [
        r for r in read_runs(old_paths, "hand") if r["hand"] in hands and r["class"] not in ("lead", "follow")
    ]
    key = [(r["hand"], r["seat"], r["class"], r["real"]) for r in old]
    if key != [(r["hand"], r["seat"], r["class"], r["real"]) for r in new]:
        raise SystemExit("the two runs do not hold the same decisions of the same hands: nothing to pair")
    print(f"{len(hands)} hands, {len(new)} bids and discards valued both ways (new - old, paired)")
    print(
        f"  {'class':<15}{'n':>6}{'change':>9}{'±95%':>7}{'old real-pred':>15}{'±95%':>7}{'new real-pred':>15}{'±95%':>7}"
    )
    for c in CLASSES:
        pairs = [(a, b) for a, b in zip(old, new, strict=True) if a["class"] == c]
        if not pairs:
            continue
        at = [a["hand"] for a, _ in pairs]
        ch, chh = interval([float(b["ev"]) - float(a["ev"]) for a, b in pairs], at)  # type: ignore[arg-type]
        ro, roh = interval([float(a["real"]) - float(a["ev"]) for a, _ in pairs], at)  # type: ignore[arg-type]
        rn, rnh = interval([float(b["real"]) - float(b["ev"]) for _, b in pairs], at)  # type: ignore[arg-type]
        print(f"  {c:<15}{len(pairs):>6}{ch:>+9.3f}{chh:>7.3f}{ro:>+15.3f}{roh:>7.3f}{rn:>+15.3f}{rnh:>7.3f}")
    if {_variant(r)[2] for r in old} == {0.0} and {_variant(r)[2] for r in new} == {1.0}:
        blends(old, new)


def blends(rollout: list[dict[str, object]], opened: list[dict[str, object]]) -> None:
    """Runs of the same hands whose play-outs were the rollout's and open hands': the bids' predictions
    at every weight W of open hands between (exactly the mix: a single batch of deals, the same for both
    ways, is linear in the deals' values), and per class realized minus predicted after each kind's
    shift (fitted on the other hands, as the summary's "after"): how to choose ``card_open``."""
    weights = [i / 10 for i in range(11)]
    classes = [c for c in CLASSES if any(r["class"] == c for r in rollout)]
    print("  realized - predicted after the kind's shift, the play-outs weighing open hands W:")
    print(f"  {'W':<6}" + "".join(f"{c:>17}" for c in classes))
    for w in weights:
        mixed = [
            {**a, **{k: (1 - w) * float(a[k]) + w * float(b[k]) for k in ("ev", "p_make", "p_maker")}}  # type: ignore[arg-type]
            for a, b in zip(rollout, opened, strict=True)
        ]
        moved = corrected(mixed)
        cells = []
        for c in classes:
            at = [i for i, r in enumerate(mixed) if r["class"] == c]
            d, h = interval(
                [float(mixed[i]["real"]) - moved[i][0] for i in at], [mixed[i]["hand"] for i in at]
            )  # type: ignore[arg-type]
            cells.append(f"{d:>+10.3f} ±{h:.3f}")
        print(f"  {w:<6g}" + "".join(f"{cell:>17}" for cell in cells))


def _table(level: str, i: int, worlds: int) -> tuple[HandState, dict[Seat, Player]]:
    """Hand ``i`` at a table of ``level``: its deal (dealer rotating) and its four players."""
    state = new_hand(Deal.from_seed(70_000 + i, Seat(i % 4)))
    lvl = LEVELS[level]
    players: dict[Seat, Player] = {
        seat: ExpertPlayer(worlds=worlds, seed=f"{i}{seat}") if level == "expert" else lvl.player(seed=i)
        for seat in state.seating.seats
    }
    return state, players


def play(
    level: str,
    i: int,
    worlds: int,
    every_card: bool = False,
    playout_slip: float | None = None,
    bids_only: bool = False,
    playout_open: float | None = None,
    round_2_only: bool = False,
) -> list[dict[str, object]]:
    """One hand at the table; a record per decision with a choice (card play: South's only, unless
    ``every_card``; none with ``bids_only``). ``round_2_only``: the second-round bids' records alone, and
    none at all for a hand whose trump is made in round 1, which is left there (its cards are never
    played): the same hands, choices and records as a full run's second-round ones, for a fraction of
    the CPU. ``playout_slip``: the bids' play-outs slip with that
    chance (:func:`~euchre_tutor.games.classic.advisor.analysis.analyse`'s ``playout_slip``; None: as the
    hints at that table, the table's model's own, :func:`~.analysis.card_slip`). ``playout_open``: the
    weight of card play with every hand open in the bids' play-outs (``analyse``'s ``playout_open``; None:
    the table's model's own, :func:`~.analysis.card_open`)."""
    model = LEVELS[level].model(seed=i)
    open_hands = card_open(model) if playout_open is None else playout_open
    slip = card_slip(model) if playout_slip is None else playout_slip
    if open_hands and slip:
        # open hands take no slips (``analyse`` refuses the pair): say so rather than drop the slips
        raise SystemExit(
            f"open hands take no slips: play-outs weighing open hands {open_hands} at a {level} table "
            f"(whose model slips {card_slip(model)}) want --playout-slip 0"
        )
    state, players = _table(level, i, worlds)
    pending: list[dict[str, object]] = []
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        if round_2_only and state.maker is not None and not pending:
            return []  # trump made in round 1: no second-round bid to record
        view = seat_view(state, seat)
        player = players[seat]
        wanted = (
            view.phase is Phase.ROUND_2
            if round_2_only
            else view.phase is not Phase.PLAY or (not bids_only and (every_card or seat == Seat.S))
        )
        if len(view.legal) > 1 and wanted:
            act = player.choose(view)
            # An independent sample (another seed than the player's own): the Expert chooses by its own
            # sample, so valuing its choice on that same sample would add the winner's curse to the
            # figures, which a student's hint (the tutor's own seed) does not have.
            analysis = analyse(
                view,
                continuation=model,
                worlds=worlds,
                seed=f"hint {i}{seat}",
                playout_slip=slip,
                playout_open=open_hands,
            )
            opt = analysis.option(act)
            pending.append(
                {
                    "level": level,
                    "worlds": worlds,
                    "every_card": every_card,
                    **({"playout_slip": slip} if slip else {}),
                    **({"bids_only": True} if bids_only else {}),
                    **({"playout_open": open_hands} if open_hands else {}),
                    **({"round_2_only": True} if round_2_only else {}),
                    "hand": i,
                    "seat": str(seat),
                    "class": action_class(view, act),
                    "ev": opt.ev,
                    "p_make": opt.p_make,
                    "p_maker": opt.p_make + opt.p_euchred,
                }
            )
        elif len(view.legal) > 1:
            act = player.choose(view)
        else:
            act = view.legal[0]
        state = state.apply(act)
    made = None
    if state.maker is not None:
        made = 1.0 if state.points()[state.maker.team.index] > 0 else 0.0
    for rec in pending:
        rec["real"] = side_value(state.points(), Seat.parse(str(rec["seat"])).team)
        rec["made"] = made
    return pending


#: where a bid's realized minus predicted points come from (:func:`split`), in the order they add up
PARTS = (
    ("true_deal", "pred", "the sampled deals against the true deal"),
    ("table_bidding", "true_deal", "the table's bidding against the model's"),
    ("real", "table_bidding", "the table's card play against the play-outs'"),
)


def split(records: list[dict[str, Any]], classes: Sequence[str] = ()) -> list[dict[str, Any]]:
    """Each bid of ``records`` (the round-1 and round-2 classes) replayed to its decision, with two more
    values on the hand's true deal: ``true_deal``, what the hint's play-outs give the action taken in
    that one deal (the table's model bidding on, then its card play, :func:`play_out_value`), and
    ``table_bidding``, the table's own players bidding on and then the play-outs' card play
    (:func:`card_play_value`). So realized minus predicted splits into the sampled deals against the
    true deal, the table's bidding against the model's, and the table's card play against the
    play-outs'. ``classes``: only bids of these classes (default: every bid). Runs whose play-outs slip
    are refused (a slip draws at random in each deal)."""
    bids: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for r in records:
        if str(r["class"]).startswith(("round-1", "round-2")) and (not classes or r["class"] in classes):
            if r.get("playout_slip"):
                raise SystemExit("--split values each deal without slips: not runs whose play-outs slip")
            bids[int(r["hand"])].append(r)
    rows: list[dict[str, Any]] = []
    for i, recs in sorted(bids.items()):
        level, open_hands = str(recs[0]["level"]), float(recs[0].get("playout_open", 0.0))
        model = LEVELS[level].model(seed=i)
        state, players = _table(level, i, int(recs[0]["worlds"]))
        wanted = {(str(r["seat"]), str(r["class"]).split()[0]): r for r in recs}
        while wanted and state.phase in (Phase.ROUND_1, Phase.ROUND_2):
            seat = state.to_act
            assert seat is not None
            view = seat_view(state, seat)
            act = players[seat].choose(view) if len(view.legal) > 1 else view.legal[0]
            rec = wanted.pop((str(seat), view.phase.value), None)
            if rec is not None:
                if action_class(view, act) != rec["class"]:
                    raise SystemExit(f"hand {i}: the replay took {act} where the run took a {rec['class']}")
                table = state.apply(act)
                while table.phase not in (Phase.PLAY, Phase.OVER):
                    assert table.to_act is not None
                    table = table.apply(players[table.to_act].choose(seat_view(table, table.to_act)))
                rows.append(
                    rec
                    | {
                        "pred": rec["ev"],
                        "true_deal": play_out_value(state, act, model, open_hands),
                        "table_bidding": card_play_value(table, seat, open_hands),
                    }
                )
            state = state.apply(act)
        if wanted:
            raise SystemExit(f"hand {i}: no such decision in the replay: {sorted(wanted)}")
    return rows


def split_summary(rows: list[dict[str, Any]]) -> None:
    """Per bid class: realized minus predicted, and its three parts (:data:`PARTS`), each with a 95%
    interval clustered by hand."""
    print(
        "realized - predicted per bid class, split on each hand's true deal (95% intervals, clustered by hand):"
    )
    print(f"  {'class':<15} {'n':>5}  {'real - pred':>15}  " + "  ".join(f"{p[2]:>46}" for p in PARTS))
    for cls in CLASSES:
        mine = [r for r in rows if r["class"] == cls]
        if not mine:
            continue
        hands = [r["hand"] for r in mine]
        cells = []
        for a, b in (("real", "pred"), *((x, y) for x, y, _ in PARTS)):
            mean, half = interval([float(r[a]) - float(r[b]) for r in mine], hands)
            cells.append(f"{mean:+.3f} ± {half:.3f}")
        print(f"  {cls:<15} {len(mine):>5}  {cells[0]:>15}  " + "  ".join(f"{c:>46}" for c in cells[1:]))


def settings_of(records: list[dict[str, object]]) -> tuple[Any, ...]:
    """The one setting the runs of ``records`` share: (level, worlds, every card, slip, bids only, open
    hands); SystemExit when they differ. A --round-2-only run's records go with any other run's of the
    same level, worlds, slip and open hands (they are that run's second-round records, of other hands)."""
    full = [r for r in records if not r.get("round_2_only")] or records
    settings = {(r["level"], r["worlds"], r["every_card"], *_variant(r)) for r in full}
    if len(settings) != 1:
        raise SystemExit(
            "one level, one --worlds, one --every-card, one --playout-slip, one --bids-only and one --playout-open "
            "per summary, "
            f"not {sorted(map(str, settings))}"
        )
    ((level, worlds, every_card, slip, bids_only, open_hands),) = settings
    keys = {
        (r["level"], r["worlds"], _variant(r)[0], _variant(r)[2]) for r in records if r.get("round_2_only")
    }
    odd = keys - {(level, worlds, slip, open_hands)}
    if odd:
        raise SystemExit(
            f"--round-2-only runs go with runs of their level, --worlds, --playout-slip and --playout-open "
            f"({level}, {worlds}, {slip}, {open_hands}), not {sorted(map(str, odd))}"
        )
    return level, worlds, every_card, slip, bids_only, open_hands


def summary(records: list[dict[str, object]], data: Path | None = None) -> None:
    """Per action class: the predicted and realized points, their difference with its interval
    (clustered by hand) and verdict, and P(make) predicted against realized, with its verdict. Then the
    same with the table's shifts (:func:`after_lines`): fitted on the other hands (two folds), each fold
    judged on its own, or, with ``data``, the shifts that file holds (:func:`shipped`), judged on all
    the decisions at once."""
    level, worlds, every_card, slip, bids_only, open_hands = settings_of(records)
    second = len({r["hand"] for r in records if r.get("round_2_only")})
    by: dict[str, list[dict[str, object]]] = defaultdict(list)
    for r in records:
        by[str(r["class"])].append(r)
    hands = len({r["hand"] for r in records})
    print(
        f"{level} table, {worlds} worlds{', every card' if every_card else ''}"
        f"{f', play-outs slipping {slip}' if slip else ''}{f', play-outs with open hands (weight {open_hands:g})' if open_hands else ''}"
        f"{', bids only' if bids_only else ''}: {hands} hands, "
        f"{len(records)} decisions with a choice"
        + (
            f" ({second} of the hands from --round-2-only runs: their second-round bids alone)"
            if second
            else ""
        )
    )
    print(
        f"  {'class':<15}{'n':>6}{'predicted':>11}{'realized':>10}{'real-pred':>11}{'±95%':>7}  {'verdict':<28}"
        f"{'P(make) pred':>13}{'real':>7}{'±95%':>7}  verdict"
    )
    for c in CLASSES:
        rs = by.get(c, [])
        if not rs:
            continue
        pred = [float(r["ev"]) for r in rs]  # type: ignore[arg-type]
        real = [float(r["real"]) for r in rs]  # type: ignore[arg-type]
        diff, half = interval([b - a for a, b in zip(pred, real, strict=True)], [r["hand"] for r in rs])  # type: ignore[misc]
        said = verdict(diff, half, len(rs), 0.05, bound=0.10, least=200)
        made = [r for r in rs if r["made"] is not None]
        pm = [float(r["p_make"]) / max(1e-9, float(r["p_maker"])) for r in made]  # type: ignore[arg-type]
        rm = [float(r["made"]) for r in made]  # type: ignore[arg-type]
        dm, mhalf = interval([b - a for a, b in zip(pm, rm, strict=True)], [r["hand"] for r in made])  # type: ignore[misc]
        msaid = verdict(dm, mhalf, len(made), 0.03) if made else "no makers"
        mean_pm = 100 * statistics.fmean(pm) if pm else float("nan")
        mean_rm = 100 * statistics.fmean(rm) if rm else float("nan")
        print(
            f"  {c:<15}{len(rs):>6}{statistics.mean(pred):>+11.3f}{statistics.mean(real):>+10.3f}"
            f"{diff:>+11.3f}{half:>7.3f}  {said:<28}{mean_pm:>12.1f}%{mean_rm:>6.1f}%{100 * mhalf:>6.1f}%  {msaid}"
        )
    for line in after_lines(records, data):
        print(line)


def _fitted_hands(data: Path, levels: set[str]) -> set[int]:
    """The hands of ``levels`` the data file's shifts were fitted on, by its commands' ranges."""
    hands: set[int] = set()
    if not data.exists():
        return hands
    for c in json.loads(data.read_text())["commands"]:
        words = c.split()
        if "--fit" in words or "--level" not in words or words[words.index("--level") + 1] not in levels:
            continue
        start, count = int(words[words.index("--start") + 1]), int(words[words.index("--hands") + 1])
        hands.update(range(start, start + count))
    return hands


def _kept(data: Path, refitted: set[str]) -> tuple[dict[str, object], list[str], list[str]]:
    """What ``data`` already holds of the levels not refitted now: their shifts and runs, the commands
    that played their runs, and their runs' paths."""
    if not data.exists():
        return {}, [], []
    old = json.loads(data.read_text())
    kept = {level: dict(v) for level, v in old["levels"].items() if level not in refitted}
    runs = [c for c in old["commands"] if " --fit " not in c and c.split("--level ")[1].split()[0] in kept]
    fitted = next((c for c in old["commands"] if " --fit " in c), "").split(" --fit ")[-1].split()
    paths = []
    for level, v in kept.items():
        # each level names its run files; a data file from before it did: the default --out's paths,
        # which name their level (``calibration-LEVEL...``)
        v["runs"] = v.get("runs") or [p for p in fitted if f"calibration-{level}" in p]
        paths += v["runs"]
    return kept, runs, paths


def fit(paths: list[str], data: Path) -> None:
    """Write the shifts of every level in the run files ``paths`` (each level's runs read as one
    summary reads them) to ``data``, with the commands that measure them again. The levels ``data``
    holds that no run here is of are kept as they are, with their commands and run files (each level
    names its own, ``runs``, and the fit command names them all: a refit of one level leaves the others'
    measurements alone)."""
    by_level: dict[str, list[Path]] = defaultdict(list)
    for path in paths:
        first = json.loads(Path(path).read_text().splitlines()[0])
        by_level[str(first["level"])].append(Path(path))
    kept, commands, kept_paths = _kept(data, set(by_level))
    levels: dict[str, object] = dict(kept)
    for level, files in sorted(by_level.items()):
        records = read_runs(files, "hand")
        if any(_variant(r)[1] and not r.get("round_2_only") for r in records):
            raise SystemExit(
                f"{level}: the shipped shifts are fitted on every kind of decision: not on --bids-only runs"
            )
        if all(r.get("round_2_only") for r in records):
            raise SystemExit(f"{level}: --round-2-only runs add to full runs of the level; name some")
        _, worlds, every_card, slip, _, open_hands = settings_of(records)
        model = LEVELS[level].model()
        if (slip, open_hands) != (card_slip(model), card_open(model)):
            raise SystemExit(
                f"{level}: the shipped shifts correct the hints' own values, whose play-outs slip "
                f"{card_slip(model)} with open hands weighing {card_open(model)} at this table: not runs with "
                f"--playout-slip {slip} --playout-open {open_hands}"
            )
        hands = sorted({int(r["hand"]) for r in records})
        second = {int(r["hand"]) for r in records if r.get("round_2_only")}  # type: ignore[call-overload]
        for f in files:
            lo, hi = (int(x) for x in f.stem.split("-"))
            # a --round-2-only run: its records say so, or (none reached round 2) its directory's name
            only = any(lo <= h <= hi for h in second) or f.parent.name.endswith("-round-2")
            commands.append(
                f"python benchmarks/classic_calibration.py --level {level} --hands {hi - lo + 1} --start {lo} "
                f"--worlds {worlds}{' --round-2-only' if only else ' --every-card' if every_card else ''}"
            )
        levels[level] = {"hands": len(hands), "runs": [str(f) for f in files], **shifts(records)}
    commands.append("python benchmarks/classic_calibration.py --fit " + " ".join([*kept_paths, *paths]))
    levels = {level: levels[level] for level in LEVELS if level in levels}  # weakest first, as before
    data.write_text(
        json.dumps(
            {
                "what": "per table level and kind of decision: the mean points a table of that level really "
                "scored minus the advisor's prediction for the action taken (points), and the same for the "
                "makers' chance of making given someone made trump (p_make); the tutor adds them to every "
                f"option of such a decision (kinds with fewer than {LEAST_DECISIONS} decisions are not moved)",
                "measured_by": "benchmarks/classic_calibration.py",
                "commands": commands,
                "levels": levels,
            },
            indent=1,
        )
        + "\n"
    )
    print(f"wrote {data}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--level", choices=[*LEVELS, "all"], default="all", help="a level, or all three in turn")
    ap.add_argument("--hands", type=int, default=1000)
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--worlds", type=int, default=200)
    ap.add_argument(
        "--out", default="artifacts/calibration-LEVEL", help="the runs' directory (LEVEL: the level)"
    )
    ap.add_argument("--summary", nargs="+", metavar="RUN", help="summarise exactly these run files")
    ap.add_argument(
        "--shipped",
        action="store_true",
        help="with --summary: judge the shifts --data holds (the shipped ones) instead of shifts fitted on "
        "the runs themselves: for runs of hands the data file's runs do not hold",
    )
    ap.add_argument(
        "--fit",
        nargs="+",
        metavar="RUN",
        help="write the tables' shifts (every level in these run files) to --data",
    )
    ap.add_argument("--data", default=str(DATA), help="where --fit writes (default: the shipped file)")
    ap.add_argument(
        "--every-card",
        action="store_true",
        help="predict every seat's card play (default: South's cards and every seat's bids; the Expert's all)",
    )
    ap.add_argument(
        "--playout-slip",
        type=float,
        default=None,
        help="the bids' play-outs slip with this chance (default: as the hints at that table, the Beginner's "
        "0.3 at a Beginner table, 0 elsewhere)",
    )
    ap.add_argument("--bids-only", action="store_true", help="value the bids and discards only, no card play")
    ap.add_argument(
        "--round-2-only",
        action="store_true",
        help="value the second-round bids only, and leave a hand whose trump is made in round 1 unplayed "
        "(its records add to full runs' in --summary and --fit)",
    )
    ap.add_argument(
        "--playout-open",
        type=float,
        default=None,
        metavar="W",
        help="the weight (0 to 1) of card play with every hand open (double-dummy) in the bids' play-outs, "
        "beside the rollout's (default: as the hints at that table)",
    )
    ap.add_argument(
        "--split",
        nargs="+",
        metavar="RUN",
        help="split the bids' realized minus predicted points on each hand's true deal (replays the hands)",
    )
    ap.add_argument(
        "--classes",
        nargs="+",
        metavar="CLASS",
        choices=[c for c in CLASSES if c.startswith("round-")],
        help="with --split: only these bid classes (e.g. 'round-2 pass')",
    )
    ap.add_argument(
        "--against",
        nargs="+",
        metavar="RUN",
        help="with --summary: pair its bids with these runs' (the same hands), per class",
    )
    args = ap.parse_args()
    if args.summary and args.against:
        against([Path(p) for p in args.against], [Path(p) for p in args.summary])
        return
    if args.summary:
        records = read_runs([Path(p) for p in args.summary], "hand")
        if args.shipped:
            fitted_on = _fitted_hands(Path(args.data), {str(r["level"]) for r in records})
            if fitted_on & {int(r["hand"]) for r in records}:  # type: ignore[call-overload]
                raise SystemExit(
                    f"--shipped judges shifts on hands they were not fitted on: {args.data}'s runs hold some of these"
                )
        summary(records, Path(args.data) if args.shipped else None)
        return
    if args.split:
        split_summary(split(read_runs([Path(p) for p in args.split], "hand"), args.classes or ()))
        return
    if args.fit:
        fit(args.fit, Path(args.data))
        return
    for level in LEVELS if args.level == "all" else [args.level]:
        where = Path(
            args.out.replace("LEVEL", level)
            + ("-every-card" if args.every_card else "")
            + ("" if args.playout_slip is None else f"-slip{args.playout_slip:g}")
            + ("" if args.playout_open is None else f"-open{args.playout_open:g}")
            + ("-bids" if args.bids_only else "")
            + ("-round-2" if args.round_2_only else "")
        )
        out = claim(where, args.start, args.hands)
        t0 = time.process_time()
        with out.open("x") as f:
            for i in range(args.start, args.start + args.hands):
                for rec in play(
                    level,
                    i,
                    args.worlds,
                    args.every_card,
                    args.playout_slip,
                    args.bids_only,
                    args.playout_open,
                    args.round_2_only,
                ):
                    f.write(json.dumps(rec) + "\n")
                f.flush()
        print(f"played {args.hands} hands in {time.process_time() - t0:.0f} s CPU: {out}")
        summary(read_runs([out], "hand"))


if __name__ == "__main__":
    main()
