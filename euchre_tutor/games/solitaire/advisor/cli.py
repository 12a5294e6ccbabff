"""``euchre-tutor solitaire analyze``: the exact advisor on the command line.

Without ``--trump`` it analyses the trump decision (8 options, 10 with
``--name-turned``); with ``--trump`` (and ``--plays``) the position reached.
``--json`` prints one JSON object; ``--batch FILE|-`` reads JSON lines like
replay's and prints one result line per input line (a bad line gives
``{"error": ...}`` and the batch goes on, exit 0). A flag that would be
ignored is refused instead: position flags or ``--json`` with ``--batch``,
``--score`` without ``--mode game``, ``--jobs`` with ``--trump`` (a card
decision runs in one process).

Exact values are reduced fraction strings with the sign on the numerator
(``"-7/19"``, ``"1"``). ``"best"`` is the option with the highest value in the
mode (expected points, or the chance to win the game with ``--mode game``),
ties broken by expected points, then P(5), then P(3+), then the first in the
listed order (order up, clubs, diamonds, hearts, spades, then alone; cards in
hand order).
"""

from __future__ import annotations

import argparse
from typing import Any, cast

from euchre_tutor.advisor.shared import fraction_text
from euchre_tutor.errors import EuchreError
from euchre_tutor.games.solitaire.advisor.advice import Analysis, Mode, OptionAnalysis, analyse_view
from euchre_tutor.games.solitaire.advisor.parallel import TrumpPool
from euchre_tutor.games.solitaire.advisor.solver import Solver
from euchre_tutor.games.solitaire.engine.cli import (
    add_position_arguments,
    fail,
    position_from_args,
    position_from_json,
    print_answer,
    refuse_position_flags,
    run_batch,
    whole_number_flag,
)
from euchre_tutor.games.solitaire.engine.engine import DealState, NameTrump, OrderUp, Phase, Play
from euchre_tutor.games.solitaire.views import player_view
from euchre_tutor.jsonio import MAX_DIGITS, short

__all__ = ["analysis_json", "register", "run_analyze"]


def register(commands: Any) -> None:
    """Add ``analyze`` to the ``solitaire`` subcommands."""
    parser: argparse.ArgumentParser = commands.add_parser(
        "analyze",
        help="exact values of every option (trump choice or card)",
        description=(
            "Exact expected points, P(3+ tricks) and P(5 tricks) of every option, under best play "
            "afterwards. Without --trump: the trump decision; with --trump and --plays: the "
            "position reached."
        ),
    )
    add_position_arguments(parser)
    parser.add_argument(
        "--mode",
        choices=["points", "game"],
        default="points",
        help="maximise expected points (default) or the chance to win the game from --score",
    )
    parser.add_argument(
        "--score",
        default=None,
        metavar="P:D",
        help="game score before this deal, e.g. 7:9 (with --mode game; default 0:0)",
    )
    parser.add_argument(
        "--jobs",
        type=whole_number_flag,
        default=None,
        metavar="N",
        help="processes for a trump decision (default: every usable core; the values do not change)",
    )
    parser.set_defaults(run=run_analyze)


def _score(text: str, name: str = "--score") -> tuple[int, int]:
    parts = text.split(":")
    if len(parts) != 2 or not all(p.strip().isascii() and p.strip().isdigit() for p in parts):
        negative = len(parts) == 2 and any(p.strip().startswith("-") for p in parts)
        raise EuchreError(
            f"{name} {short(text)}: points cannot be negative"
            if negative
            else f"{name} {short(text)} is not a score: write player:deck points, e.g. 7:9"
        )
    if max(len(p.strip()) for p in parts) > MAX_DIGITS:
        raise EuchreError(f"{name} {short(text)}: points have at most {MAX_DIGITS} digits")
    return int(parts[0]), int(parts[1])


def _option_json(o: OptionAnalysis) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if isinstance(o.action, OrderUp | NameTrump):
        out["trump"] = "up" if isinstance(o.action, OrderUp) else o.action.suit.value
        out["alone"] = o.action.alone
    else:
        assert isinstance(o.action, Play)
        out["card"] = str(o.action.card)
    out.update(
        ev=fraction_text(o.ev),
        p3=fraction_text(o.p3),
        p5=fraction_text(o.p5),
        ev_float=round(float(o.ev), 6),
        p3_float=round(float(o.p3), 6),
        p5_float=round(float(o.p5), 6),
        label=o.label,
    )
    if o.utility != o.ev:
        out["utility"] = fraction_text(o.utility)
        out["utility_float"] = round(float(o.utility), 6)
    return out


def analysis_json(analysis: Analysis) -> dict[str, Any]:
    """The documented JSON shape of an analysis."""
    reasons = [r.to_json() for r in analysis.reasons]
    if analysis.phase == "trump":
        return {
            "mode": analysis.mode,
            "options": [_option_json(o) for o in analysis.options],
            "best": _option_json(analysis.best),
            "reasons": reasons,
        }
    best = analysis.best.action
    assert isinstance(best, Play)
    return {
        "mode": analysis.mode,
        "legal": [_option_json(o)["card"] for o in analysis.options],
        "values": [_option_json(o) for o in analysis.options],
        "best": str(best.card),
        "reasons": reasons,
    }


def _analyse(
    state: DealState, mode: Mode, score: tuple[int, int], solver: Solver, pool: TrumpPool
) -> Analysis:
    if state.phase is Phase.OVER:
        raise EuchreError(
            f"the deal is over after these plays ({state.tricks_won} tricks to the player): "
            "drop the last plays to analyse a decision"
        )
    return analyse_view(player_view(state), mode=mode, score=score, solver=solver, pool=pool)


def analysis_text(analysis: Analysis) -> str:
    col = "win game" if analysis.mode == "game" else ""
    head = f"{'option':<22}{'EV':>9}{'P(3+)':>8}{'P(5)':>8}" + (f"{col:>10}" if col else "") + "  exact EV"
    lines = [head]
    for o in analysis.ranked:
        mark = "*" if o.action == analysis.best.action else " "
        row = f"{mark}{o.label:<21}{float(o.ev):>+9.3f}{float(o.p3):>8.3f}{float(o.p5):>8.3f}"
        if col:
            row += f"{float(o.utility):>10.3f}"
        lines.append(row + "  " + fraction_text(o.ev))
    lines.append("")
    lines.extend(f"- {r.text} [{r.rule}]" for r in analysis.reasons)
    return "\n".join(lines)


_LINE_KEYS = ("mode", "score")


def run_analyze(args: argparse.Namespace) -> int:
    mode = cast(Mode, args.mode)
    try:
        if args.batch is not None:
            refuse_position_flags(args, "--batch", ["trump", "alone", "name_turned", "plays"])
        if args.score is not None and mode != "game" and args.batch is None:
            raise EuchreError("--score goes with --mode game: expected points do not depend on the score")
        if args.score is not None and mode != "game":
            raise EuchreError(
                '--score goes with --mode game (a line with "mode": "game" gives its own "score")'
            )
        score = (0, 0) if args.score is None else _score(args.score)
        if args.jobs is not None and args.jobs < 1:
            raise EuchreError(f"--jobs {args.jobs}: give at least 1 process")
        if args.jobs is not None and args.batch is None and args.trump is not None:
            raise EuchreError(
                "--jobs splits a trump decision between processes, and with --trump the position is a "
                "card decision: leave out --jobs (or --trump)"
            )
    except EuchreError as error:
        return fail(str(error))
    # One solver (its memo bounded) and one pool for the whole run: a batch reuses both.
    solver = Solver()
    with TrumpPool(args.jobs) as pool:
        return _run(args, mode, score, solver, pool)


def _run(
    args: argparse.Namespace, mode: Mode, score: tuple[int, int], solver: Solver, pool: TrumpPool
) -> int:
    if args.batch is not None:

        def handle(obj: Any) -> dict[str, Any]:
            line_mode = mode
            line_score = score
            if isinstance(obj, dict):
                if "mode" in obj:
                    if obj["mode"] not in ("points", "game"):
                        raise EuchreError(f'"mode" {short(obj["mode"])}: use "points" or "game"')
                    line_mode = cast(Mode, obj["mode"])
                if "score" in obj:
                    if line_mode != "game":
                        raise EuchreError('"score" goes with "mode": "game" (or --mode game)')
                    if not isinstance(obj["score"], str):
                        raise EuchreError(f'"score" is a string like "7:9", not {short(obj["score"])}')
                    line_score = _score(obj["score"], '"score"')
            position = position_from_json(obj, extra=_LINE_KEYS)
            return analysis_json(_analyse(position, line_mode, line_score, solver, pool))

        return run_batch(args, handle)
    return print_answer(
        args.json,
        lambda: _analyse(position_from_args(args), mode, score, solver, pool),
        analysis_json,
        analysis_text,
    )
