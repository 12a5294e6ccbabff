"""``euchre-tutor classic analyze``: the classic advisor on the command line.

Input (one JSON object; ``--batch`` reads one per line)::

    {"rules": "standard", "dealer": "E", "seat": "S", "hand": ["JS", "AC", "KH", "9D", "TS"],
     "up": "KH", "actions": ["N: pass", "E: pass"], "score": {"us": 3, "them": 5}}

``rules`` is optional (as for ``classic replay``); ``actions`` are the strings
``classic replay`` accepts, each prefixed by the seat that took it; other
seats' hands are unknown (a discard by another seat is written ``"E: discard"``);
``score`` (optional) makes the analysis score-aware: every option then also
gets ``p_win_game``, and the options are ranked by it (``--mode game``, the
default with a score: near the end of a match a player counts games won, not
points; ``--mode points`` ranks by expected points).

Positions as books print them are read, and each reading is echoed (see
:mod:`~euchre_tutor.games.classic.advisor.position`): ``"up": null`` after a round-2
call, the analysed dealer's five dealt cards plus the up card at its discard,
another seat's hidden discard left out (also at the end, as "what do you
lead?" means). An ambiguous one is refused with what to add.

``--what-if "swap KH AS"`` (see :mod:`~euchre_tutor.games.classic.advisor.whatif`;
several changes joined by ``;``) analyses the position, then the changed one.
``--grade ACTION`` grades one action as the table does after the move (more
deals while its loss sits on a grade's edge) and adds ``"grade": {"action",
"label", "loss", "text"}`` to the output.

Output: ``{"seat", "phase", "legal", "options": [{"action", "ev", "se", "p_make",
"p_euchred", "p_march", "makers", "p_win_game"?}...] best first, "best",
"worlds", "method", "mode", "reasons": [{"rule", "text"}...], "readings"?: [{"kind",
"text"}...]}``; ``readings`` (when there are any) say how the input was read
and why the mode is ``game``. With ``--what-if``: ``{"original": <that>,
"what_if": {"change", "position", "analysis": <that>, "best_changed"}}``. ``ev`` is the
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
from collections.abc import Callable, Mapping
from typing import IO, Any, TypedDict, Unpack

from euchre_tutor.advisor.voice import capital
from euchre_tutor.errors import EuchreError, JsonInputError
from euchre_tutor.games.classic.advisor.analysis import (
    ADAPTIVE_MAX_WORLDS,
    DEFAULT_WORLDS,
    GRADE_MAX_WORLDS,
    AnalysisRun,
    ClassicAnalysis,
    ClassicOption,
    Continuation,
    Mode,
)
from euchre_tutor.games.classic.advisor.gamewin import is_tabled
from euchre_tutor.games.classic.advisor.position import Reading, read_position_noting
from euchre_tutor.games.classic.advisor.reasons import classic_grade
from euchre_tutor.games.classic.advisor.whatif import CHANGES, what_if
from euchre_tutor.games.classic.engine.engine import Action
from euchre_tutor.jsonio import (
    add_sampling_arguments,
    answer_lines,
    error_result,
    fail,
    load_json_text,
    read_text,
    short,
)

__all__ = [
    "analyse_noting",
    "analyse_position",
    "format_analysis",
    "position_run",
    "register",
]

MAX_WORLDS = 5000


def register(commands: Any, tables: Mapping[str, Continuation]) -> None:
    """Add ``analyze`` to the ``classic`` subcommands; ``tables`` names the players who finish the
    bidding in play-outs at each level of table (``--table``; the first is the default)."""
    parser: argparse.ArgumentParser = commands.add_parser(
        "analyze",
        help="the expected points of every legal action from one seat's view (sampled worlds)",
        description=(
            'Input: {"rules": "standard", "dealer": "E", "seat": "S", "hand": ["JS", "AC", ...], '
            '"up": "KH", "actions": ["N: pass", "E: pass", ...], "score": {"us": 3, "them": 5}}. '
            "Actions are classic replay's, each prefixed by the seat that took it; a hidden discard is "
            '"E: discard" (or left out). Book-style positions are read and the reading echoed: "up": null '
            "after a round-2 call; the dealer's five dealt cards plus the up card at its discard. "
            "Output: every legal action's expected points (ev), P(make), P(euchred), "
            "P(march) and, with a score, P(win the game), best first, with the reasons."
        ),
    )
    src = parser.add_mutually_exclusive_group(required=True)
    src.add_argument(
        "--input", "-i", metavar="FILE", help="one position: a JSON file, '-' for stdin, or the JSON text"
    )
    src.add_argument("--batch", "-b", metavar="FILE", help="one JSON position per line ('-' for stdin)")
    parser.add_argument("--json", action="store_true", help="print JSON (always with --batch)")
    add_sampling_arguments(
        parser,
        worlds=DEFAULT_WORLDS,
        most=ADAPTIVE_MAX_WORLDS,
        grows="an option's loss is within its 95%% interval of a grade boundary",
        note="; --max-worlds equal to --worlds samples once",
    )
    parser.add_argument(
        "--mode",
        choices=["points", "game"],
        default=None,
        help="rank by expected points or by the chance to win the game (needs a score); "
        "default: game when the input has a score, else points",
    )
    parser.add_argument(
        "--what-if",
        metavar="CHANGE",
        help=f"then analyse the position changed: {', '.join(repr(c) for c in CHANGES)}; "
        "several joined by ';' are made in order",
    )
    parser.add_argument(
        "--grade",
        metavar="ACTION",
        help=(
            "grade this action (e.g. 'play JH', 'pass') as the table does after the move: more deals "
            f"are added while its loss sits on a grade's edge, up to {GRADE_MAX_WORLDS} by default"
        ),
    )
    parser.add_argument(
        "--table",
        choices=list(tables),
        default="club" if "club" in tables else next(iter(tables)),
        help=(
            "who sits at the table: the other seats' bids (and your own later ones) are modelled by "
            "players of this level when a bid is played out, and the points are what such a table "
            "scores (its measured calibration: see the line after the table) (default club)"
        ),
    )
    parser.set_defaults(run=lambda args: run_analyze(args, tables[args.table]))


class RunOptions(TypedDict, total=False):
    """The keywords of :func:`position_run` after the position and the continuation."""

    worlds: int
    max_worlds: int | None
    seed: int
    mode: Mode | None
    table: str | None


class PositionOptions(RunOptions, total=False):
    """The keywords of :func:`analyse_noting`: a run's, and the action graded and the progress call."""

    focus: Action | None
    on_batch: Callable[[int, int], None] | None


def analyse_position(
    data: object, continuation: Continuation, **options: Unpack[PositionOptions]
) -> ClassicAnalysis:
    """The analysis of a position given as the command's JSON object (already parsed).

    ``max_worlds`` (default :func:`adaptive_cap`: 1,600, 1,000 for card play at three or four players, or
    ``worlds`` when larger) caps the
    adaptive sampling: more deals are added only while a grade is in doubt. ``mode`` None:
    ``"game"`` when the position has a score, else ``"points"`` (as the command). ``focus`` and
    ``on_batch``: as :func:`~euchre_tutor.games.classic.advisor.analysis.analyse` (a grade refined; its
    default cap is then :func:`~euchre_tutor.games.classic.advisor.analysis.grade_cap`).
    """
    return analyse_noting(data, continuation, **options)[0]


def analyse_noting(
    data: object,
    continuation: Continuation,
    *,
    focus: Action | None = None,
    on_batch: Callable[[int, int], None] | None = None,
    **options: Unpack[RunOptions],
) -> tuple[ClassicAnalysis, tuple[Reading, ...]]:
    """:func:`analyse_position`, with how the position was read and why the mode (the ``readings``)."""
    run, readings = position_run(data, continuation, **options)
    max_worlds = options.get("max_worlds")
    if max_worlds is not None:
        return run.extend(max_worlds, focus=focus, on_batch=on_batch), readings
    return run.answer(focus, on_batch), readings


def position_run(
    data: object,
    continuation: Continuation,
    *,
    worlds: int = DEFAULT_WORLDS,
    max_worlds: int | None = None,
    seed: int = 0,
    mode: Mode | None = None,
    table: str | None = None,
) -> tuple[AnalysisRun, tuple[Reading, ...]]:
    """The analysis run of a position given as the command's JSON object, not started yet, and how the
    position was read (``max_worlds`` is only checked here: :meth:`AnalysisRun.extend` takes the cap;
    ``table``: the level whose measured scores the points are, as
    :func:`~euchre_tutor.games.classic.advisor.analysis.analyse`)."""
    if not 1 <= worlds <= MAX_WORLDS:
        raise EuchreError(f"--worlds must be between 1 and {MAX_WORLDS}, not {worlds}")
    if max_worlds is not None and not worlds <= max_worlds <= MAX_WORLDS:
        raise EuchreError(
            f"--max-worlds must be between --worlds ({worlds}) and {MAX_WORLDS}, not {max_worlds}"
        )
    position, readings = read_position_noting(data)
    view = position[0]
    has_score = isinstance(data, dict) and "score" in data
    if mode == "game" and not has_score:
        raise EuchreError(
            '--mode game needs the match score in the input, e.g. "score": {"us": 3, "them": 5}'
        )
    tabled = is_tabled(view.rules)  # a table of the chances to win such a match exists
    if mode is None:
        mode = "game" if has_score and tabled else "points"
        if has_score and not tabled:
            readings += (
                Reading(
                    "mode",
                    "a score was given, but the chance to win is tabled only for a race to a target at "
                    "four players, so the options are ranked by expected points",
                ),
            )
        elif has_score:
            readings += (
                Reading(
                    "mode",
                    "a score was given, so the options are ranked by the chance to win the game "
                    "(--mode points ranks them by expected points)",
                ),
            )
    ups = next((r.cards for r in readings if r.kind == "up-unknown"), ())
    run = AnalysisRun(
        view,
        continuation=continuation,
        worlds=worlds,
        seed=seed,
        mode=mode,
        score_aware=has_score,
        ups=ups,
        table=table,
    )
    return run, readings


def result_json(analysis: ClassicAnalysis, readings: tuple[Reading, ...]) -> dict[str, Any]:
    """The command's JSON for one analysis: the analysis, and the readings when there are any."""
    out: dict[str, Any] = analysis.to_json()
    if readings:
        out["readings"] = [r.to_json() for r in readings]
    return out


def format_analysis(analysis: ClassicAnalysis) -> str:
    """The human-readable table: one row per option, best first, then the reasons."""
    aware = analysis.options[0].p_win_game is not None
    head = f"{'action':<18}{'ev':>8}{'±':>6}{'loss':>8}{'±':>6}{'P(make)':>9}{'P(euch)':>9}{'P(march)':>9}  makers"
    if aware:
        head += "  P(win game)"
    lines = [
        f"{analysis.seat.word} to act ({analysis.phase.value}); {analysis.worlds} sampled deals, "
        f"{analysis.method}; ± is a 95% interval, loss is paired against the best:",
        head,
    ]
    for i, o in enumerate(analysis.options):
        loss = f"{'':>8}{'':>6}" if i == 0 else f"{o.loss:>8.3f}{o.interval:>6.2f}"
        row = (
            f"{o.label:<18}{o.ev:>+8.3f}{o.ev_interval:>6.2f}{loss}{o.p_make:>9.3f}{o.p_euchred:>9.3f}"
            f"{o.p_march:>9.3f}  {o.makers:<6}"
        )
        if o.p_win_game is not None:
            row += f"  {o.p_win_game:.3f}"
        lines.append(row + ("   <- best" if i == 0 else ""))
    tied = [o.label for o in analysis.options[1:] if o.tied]
    if tied:
        lines.append(f"Tied with the best (the loss's 95% interval reaches 0): {', '.join(tied)}")
    if analysis.table_shift is not None:
        lines.append(f"The ev, P(make), P(euch) and P(march) columns: {analysis.table_shift.words}.")
        lines.append("The losses are the same at the table: one shift moves every option alike.")
        if aware:  # the shift moves the points of a hand, not the chance of the whole game
            lines.append("P(win game) is the advisor's own (open hands played out), not moved to the table.")
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


def format_readings(readings: tuple[Reading, ...]) -> str:
    """The readings as lines before the table ("Read: ..."), none when the position needed none."""
    return "".join(f"Read: {r.text}\n" for r in readings)


def compare_best(before: ClassicAnalysis, after: ClassicAnalysis) -> str:
    """One line: does the best action change, and how do its numbers move."""
    old, new = before.best, after.best

    def numbers(option: ClassicOption) -> str:
        win = "" if option.p_win_game is None else f", P(win game) {option.p_win_game:.3f}"
        return f"ev {option.ev:+.3f}{win}"

    if old.action == new.action:
        return f"The best action stays {old.label}: {numbers(old)} -> {numbers(new)}."
    return f"The best action changes: {old.label} ({numbers(old)}) -> {new.label} ({numbers(new)})."


def _analyse(
    data: object, args: argparse.Namespace, continuation: Continuation
) -> tuple[dict[str, Any], str]:
    """The JSON result and the text for one input line: the analysis, then the what-if's if asked."""
    kwargs: dict[str, Any] = {
        "worlds": args.worlds,
        "max_worlds": args.max_worlds,
        "seed": args.seed,
        "mode": args.mode,
        "table": getattr(args, "table", None),
    }
    graded = None if getattr(args, "grade", None) is None else _graded_action(args.grade)
    told = False

    def say_refining(done: int, cap: int) -> None:
        """Say once, on stderr, that a grade on an edge is taking more deals (it may take seconds)."""
        nonlocal told
        if graded is not None and not told and cap > ADAPTIVE_MAX_WORLDS:
            told = True
            print(
                f"grading {graded}: its loss sits near a grade's edge, so more deals are being played "
                f"(up to {cap:,}; this can take several seconds)",
                file=sys.stderr,
            )

    analysis, readings = analyse_noting(data, continuation, focus=graded, on_batch=say_refining, **kwargs)
    result = result_json(analysis, readings)
    text = format_readings(readings) + format_analysis(analysis)
    if graded is not None:
        grade = classic_grade(analysis, graded)
        assert grade is not None  # analyse refused an action that is not an option
        result["grade"] = {
            "action": str(graded),
            "label": grade.label,
            "loss": round(grade.loss, 4),
            "text": grade.text,
        }
        text += f"\nGrade of {graded}: {grade.label}. {capital(grade.text)}"
    if args.what_if is None:
        return result, text
    assert isinstance(data, dict)  # the analysis read it
    changed = what_if(data, args.what_if)
    try:
        other, other_readings = analyse_noting(changed, continuation, **kwargs)
    except EuchreError as exc:
        raise type(exc)(f"the what-if {short(args.what_if)}: {exc}") from None
    compared = compare_best(analysis, other)
    result = {
        "original": result,
        "what_if": {
            "change": args.what_if,
            "position": changed,
            "analysis": result_json(other, other_readings),
            "best_changed": other.best.action != analysis.best.action,
        },
    }
    text += (
        f"\n\nWhat if: {args.what_if}\n{format_readings(other_readings)}{format_analysis(other)}\n{compared}"
    )
    return result, text


def _graded_action(text: str) -> Action:
    """--grade's action, refused with the forms an action takes when it cannot be read."""
    try:
        return Action.parse(text)
    except (EuchreError, ValueError) as exc:
        raise EuchreError(
            f"--grade {short(text)}: {exc}; write an action as classic replay does, e.g. 'play JH', "
            "'pass', 'order', 'call S', 'discard 9C'"
        ) from None


def run_analyze(args: argparse.Namespace, continuation: Continuation) -> int:
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
        result, text = _analyse(data, args, continuation)
    except EuchreError as exc:
        return fail(str(exc))
    print(json.dumps(result, ensure_ascii=False) if args.json else text)
    return 0


def _batch(lines: IO[str] | IO[bytes], args: argparse.Namespace, continuation: Continuation) -> int:
    def answer(line: bytes | str) -> dict[str, Any]:
        if not line.strip():
            return error_result("empty line: each line must be one JSON position")
        return _analyse(load_json_text(line, "the line"), args, continuation)[0]

    return answer_lines(lines, answer, ensure_ascii=False)
