"""``euchre-tutor deck build|positions``: drill decks made on the command line.

``deck build SAVE... --out deck.json`` grades saved games (as ``euchre-tutor report`` does) and puts
every Mistake and Blunder in a deck; ``--deck FILE`` adds them to a deck the student already has (a
position already in it is not duplicated). ``deck positions FILE --out deck.json`` builds a teacher's
deck from a JSON list of positions (see :func:`~euchre_tutor.session.practice.deck_from_positions`),
handed out like a deal file and uploaded on the Practice page. A file that cannot be read is named
with what is wrong; nothing is written unless the deck is whole.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from euchre_tutor.advisor.drills import Deck
from euchre_tutor.errors import EuchreError
from euchre_tutor.jsonio import error_text, fail, read_text
from euchre_tutor.session.learning import add_grading_arguments, grade_saved_file, level_problem
from euchre_tutor.session.practice import add_graded_game, deck_from_positions
from euchre_tutor.tricks.commands import command_group
from euchre_tutor.tricks.history import read_saved_file, write_saved_file

__all__ = ["register"]


def register(games: Any) -> None:
    """Add ``deck`` and its ``build`` and ``positions`` commands to the ``euchre-tutor`` command line."""
    commands = command_group(
        games,
        "deck",
        "drill decks for the Practice page: a student's mistakes, or a teacher's positions",
        "Build the drill decks the Practice page uploads.",
    )
    build = commands.add_parser(
        "build",
        help="every Mistake and Blunder of saved games, as a drill deck",
        description=(
            "Grade saved games (the files the tables' Save writes) with the advisor, "
            "as euchre-tutor report does, and put every Mistake and Blunder in a drill deck. A file that "
            "cannot be read is named with what is wrong, and the others still count."
        ),
    )
    build.add_argument("saves", nargs="+", metavar="SAVE", help="saved game files (.json)")
    build.add_argument(
        "--out", default=None, metavar="FILE", help="where to write the deck (default: stdout)"
    )
    build.add_argument("--deck", default=None, metavar="FILE", help="add to this deck (a drill deck file)")
    add_grading_arguments(build, faster="faster")
    build.set_defaults(run=_run_build)
    positions = commands.add_parser(
        "positions",
        help="a teacher's deck from a JSON list of positions",
        description=(
            'FILE (or - for stdin) is a JSON list like [{"game": "classic", "position": {...}, "level": '
            '"club", "note": "count the trumps"}, {"game": "solitaire", "position": {"seed": 7}}]; each '
            "position is the game's analyze input. The drills are due at once and say they come from the "
            "teacher."
        ),
    )
    positions.add_argument("file", metavar="FILE", help="the positions (a JSON file, or - for stdin)")
    positions.add_argument(
        "--out", default=None, metavar="FILE", help="where to write the deck (default: stdout)"
    )
    positions.set_defaults(run=_run_positions)


def _write(deck: Deck, out: str | None, summary: str) -> int:
    text = deck.dumps() + "\n"
    if out is None:
        sys.stdout.write(text)
        return 0
    try:
        write_saved_file(out, text, "drill deck")
    except EuchreError as error:
        return fail(str(error))
    print(f"wrote {out}: {summary}")
    return 0


def _run_build(args: argparse.Namespace) -> int:
    problem = level_problem(args.level)
    if problem is not None:
        return fail(problem)
    try:
        deck = Deck() if args.deck is None else Deck.loads(read_saved_file(args.deck, "drill deck"))
    except EuchreError as error:
        return fail(f"{args.deck}: {error}")
    before = len(deck)
    read = 0
    for path in args.saves:
        try:
            graded = grade_saved_file(
                path, seat=args.seat, level=args.level, seed=args.seed, quick=args.quick
            )
        except EuchreError as error:
            print(f"error: {error_text(f'{path}: {error}', 290)}", file=sys.stderr)
            continue
        read += 1
        add_graded_game(deck, graded, level=args.level)
    if not read:
        return fail("no saved game could be graded, so there is no deck (see the errors above)")
    unread = len(args.saves) - read
    return _write(
        deck,
        args.out,
        f"{len(deck)} drills ({len(deck) - before} new) from {read} saved game{'s' if read != 1 else ''}"
        + (f", {unread} unreadable file{'s' if unread != 1 else ''}" if unread else ""),
    )


def _run_positions(args: argparse.Namespace) -> int:
    try:
        if args.file == "-":
            text = read_text(sys.stdin, "the positions")
        else:
            text = read_saved_file(args.file, "positions file")
        deck = deck_from_positions(text)
    except EuchreError as error:
        return fail(f"{Path(args.file).name if args.file != '-' else 'stdin'}: {error}")
    return _write(deck, args.out, f"{len(deck)} drills from your positions, due at once")
