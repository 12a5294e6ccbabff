"""``euchre-tutor classic analyze``: the classic advisor on the command line.

Input (one JSON object; ``--batch`` reads one per line)::

    {"rules": "standard", "dealer": "E", "seat": "S", "hand": ["JS", "AC", "KH", "9D", "TS"],
     "up": "KH", "actions": ["N: pass", "E: pass"], "score": {"us": 3, "them": 5}}

``rules`` is optional (as for ``classic replay``); ``actions`` are the strings
``classic replay`` accepts, each prefixed by the seat that took it; other
seats' hands are unknown (a discard by another seat is written ``"E: discard"``);
``score`` (optional) makes the analysis score-aware: every option then also
gets ``p_win_game``, and ``--mode game`` ranks by it.

Output: ``{"seat", "phase", "legal", "options": [{"action", "ev", "se", "p_make",
"p_euchred", "p_march", "makers", "p_win_game"?}...] best first, "best",
"worlds", "method", "mode", "reasons": [{"rule", "text"}...]}``. ``ev`` is the
mean points of the seat's side (its team's points minus the other side's)
over the sampled worlds, ``se`` its standard error; ``p_make``, ``p_euchred``
and ``p_march`` are about the makers of the hand, and ``makers`` says whose
side they are (``"us"``, ``"them"``, ``"either"``). The same input and
``--seed`` give the same output.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import IO, Any

from euchre_tutor.advisor.classic.analysis import DEFAULT_WORLDS, ClassicAnalysis, Continuation, Mode, analyse
from euchre_tutor.advisor.classic.worlds import view_from_position
from euchre_tutor.errors import EuchreError, JsonInputError
from euchre_tutor.jsonio import answer_lines, error_result, fail, load_json_text, read_text, seed_flag, short

__all__ = ["analyse_position", "format_analysis", "register"]

MAX_WORLDS = 5000


def register(commands: Any, continuation: Continuation) -> None:
    """Add ``analyze`` to the ``classic`` subcommands; ``continuation`` finishes the bidding in play-outs."""
    parser: argparse.ArgumentParser = commands.add_parser(
        "analyze",
        help="the expected points of every legal action from one seat's view (sampled worlds)",
        description=(
            'Input: {"rules": "standard", "dealer": "E", "seat": "S", "hand": ["JS", "AC", ...], '
            '"up": "KH", "actions": ["N: pass", "E: pass", ...], "score": {"us": 3, "them": 5}}. '
            "Actions are classic replay's, each prefixed by the seat that took it; a hidden discard is "
            '"E: discard". Output: every legal action\'s expected points (ev), P(make), P(euchred), '
            "P(march) and, with a score, P(win the game), best first, with the reasons."
        ),
    )
    src = parser.add_mutually_exclusive_group(required=True)
    src.add_argument(
        "--input", "-i", metavar="FILE", help="one position: a JSON file, '-' for stdin, or the JSON text"
    )
    src.add_argument("--batch", "-b", metavar="FILE", help="one JSON position per line ('-' for stdin)")
    parser.add_argument("--json", action="store_true", help="print JSON (always with --batch)")
    parser.add_argument(
        "--worlds",
        type=int,
        default=DEFAULT_WORLDS,
        metavar="N",
        help=f"sampled deals (default {DEFAULT_WORLDS})",
    )
    parser.add_argument("--seed", type=seed_flag, default=0, help="the sampling seed (default 0)")
    parser.add_argument(
        "--mode",
        choices=["points", "game"],
        default="points",
        help="rank by expected points (default) or by the chance to win the game (needs a score)",
    )
    parser.set_defaults(run=lambda args: run_analyze(args, continuation))


def analyse_position(
    data: object,
    continuation: Continuation,
    *,
    worlds: int = DEFAULT_WORLDS,
    seed: int = 0,
    mode: Mode = "points",
) -> ClassicAnalysis:
    """The analysis of a position given as the command's JSON object (already parsed)."""
    if not 1 <= worlds <= MAX_WORLDS:
        raise EuchreError(f"--worlds must be between 1 and {MAX_WORLDS}, not {worlds}")
    position = view_from_position(data)
    view = position[0]
    has_score = isinstance(data, dict) and "score" in data
    if mode == "game" and not has_score:
        raise EuchreError(
            '--mode game needs the match score in the input, e.g. "score": {"us": 3, "them": 5}'
        )
    return analyse(
        view, continuation=continuation, worlds=worlds, seed=seed, mode=mode, score_aware=has_score
    )


def format_analysis(analysis: ClassicAnalysis) -> str:
    """The human-readable table: one row per option, best first, then the reasons."""
    aware = analysis.options[0].p_win_game is not None
    head = f"{'action':<18}{'ev':>8}{'±':>6}{'P(make)':>9}{'P(euch)':>9}{'P(march)':>9}  makers"
    if aware:
        head += "  P(win game)"
    lines = [
        f"{analysis.seat.word} to act ({analysis.phase.value}); {analysis.worlds} sampled deals, "
        f"{analysis.method}:",
        head,
    ]
    for i, o in enumerate(analysis.options):
        row = (
            f"{o.label:<18}{o.ev:>+8.3f}{1.96 * o.se:>6.2f}{o.p_make:>9.3f}{o.p_euchred:>9.3f}"
            f"{o.p_march:>9.3f}  {o.makers:<6}"
        )
        if o.p_win_game is not None:
            row += f"  {o.p_win_game:.3f}"
        lines.append(row + ("   <- best" if i == 0 else ""))
    lines.append("Why:")
    lines.extend(f"  [{r.rule}] {r.text}" for r in analysis.reasons)
    return "\n".join(lines)


def _position_text(arg: str) -> str | bytes:
    """--input: '-' reads stdin, text starting with '{' is the JSON itself, anything else a file."""
    if arg == "-":
        return read_text(sys.stdin, "the position")
    if arg.lstrip().startswith("{"):
        return arg
    try:
        with open(arg, "rb") as f:
            return read_text(f, "the position file")
    except OSError as exc:
        raise JsonInputError(f"cannot read the position file {short(arg)}: {exc.strerror or exc}") from None


def run_analyze(args: argparse.Namespace, continuation: Continuation) -> int:
    mode: Mode = args.mode
    if args.batch is not None:
        if args.json:
            return fail("--json goes with --input: --batch always prints JSON lines")
        if args.batch == "-":
            return _batch(sys.stdin, args, continuation)
        try:
            stream = open(args.batch, "rb")  # noqa: SIM115 - closed below; lines are decoded one by one
        except OSError as exc:
            return fail(f"cannot read the batch file {short(args.batch)}: {exc.strerror or exc}")
        with stream:
            return _batch(stream, args, continuation)
    try:
        data = load_json_text(_position_text(args.input), "the position")
        analysis = analyse_position(data, continuation, worlds=args.worlds, seed=args.seed, mode=mode)
    except EuchreError as exc:
        return fail(str(exc))
    print(json.dumps(analysis.to_json(), ensure_ascii=False) if args.json else format_analysis(analysis))
    return 0


def _batch(lines: IO[str] | IO[bytes], args: argparse.Namespace, continuation: Continuation) -> int:
    def answer(line: bytes | str) -> dict[str, Any]:
        if not line.strip():
            return error_result("empty line: each line must be one JSON position")
        data = load_json_text(line, "the line")
        return analyse_position(
            data, continuation, worlds=args.worlds, seed=args.seed, mode=args.mode
        ).to_json()

    return answer_lines(lines, answer, ensure_ascii=False)
