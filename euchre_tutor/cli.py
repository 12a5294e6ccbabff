"""The ``euchre-tutor`` command line: ``solitaire replay|analyze``, ``classic replay|rules``, ``bid replay|analyze|rules``, ``serve|table|lessons``, ``tables``, ``report``, ``deck build|positions``.

``euchre-tutor --version`` also says whether the compiled cores or their pure-Python twins serve.

Each game registers its own subcommands (``euchre_tutor.games.solitaire.engine.cli``,
``euchre_tutor.games.classic.engine.cli``); this module only dispatches. Bad input exits
with status 2 and one teaching line on stderr (at most
:data:`~euchre_tutor.jsonio.MAX_ERROR` characters), never a traceback: input
is read through :mod:`euchre_tutor.jsonio`, and a bug that still escapes is
reported as one "internal error" line.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any, Final, NoReturn

from euchre_tutor import __version__
from euchre_tutor.jsonio import INTERRUPTED, error_text, fail, short

__all__ = ["main"]


class _Parser(argparse.ArgumentParser):
    """Usage errors in one line (argparse prints the whole usage), and a flag given twice refused.

    argparse keeps the last of ``--plays A --plays B`` silently; here every
    store action (and ``store_true``) of this parser, its groups and its
    subcommands refuses a second use with a line that names the flag.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.register("action", None, _Once)
        self.register("action", "store", _Once)
        self.register("action", "store_true", _OnceTrue)

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"error: {error_text(f'{message} (see `{self.prog} --help`)', 290)}\n")


_GIVEN: Final = "_flags_given"  # the namespace attribute that remembers the flags already seen


def _given_once(
    action: argparse.Action, namespace: argparse.Namespace, option: str | None, value: object
) -> None:
    seen: dict[str, tuple[str | None, object]] = namespace.__dict__.setdefault(_GIVEN, {})
    if action.dest in seen:
        first, before = seen[action.dest]
        names = "" if first == option else f" (as {first}, then as {option})"
        values = f" ({short(before, 30)}, then {short(value, 30)})" if value is not None else ""
        raise argparse.ArgumentError(
            action, f"given twice{names}{values}: give it once (only one value can be used)"
        )
    seen[action.dest] = (option, value)


class _Once(argparse._StoreAction):
    """``store`` that refuses a second value for the same flag."""

    def __call__(
        self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any, option: Any = None
    ) -> None:
        if option is not None:  # positionals are given once by construction
            _given_once(self, namespace, option, values)
        super().__call__(parser, namespace, values, option)


class _OnceTrue(argparse._StoreTrueAction):
    """``store_true`` that refuses the same switch twice (most likely a typo for another one)."""

    def __call__(
        self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any, option: Any = None
    ) -> None:
        _given_once(self, namespace, option, None)
        super().__call__(parser, namespace, values, option)


class _Version(argparse.Action):
    """``--version``: the version, then one line per search saying which backend serves (unwrapped)."""

    def __call__(self, parser: argparse.ArgumentParser, *args: object, **kwargs: object) -> NoReturn:
        from euchre_tutor.advisor import cores

        sys.stdout.write(f"euchre-tutor {__version__}\n{cores.describe()}\n")
        parser.exit(0)


def build_parser() -> argparse.ArgumentParser:
    from euchre_tutor import launch, report, serve
    from euchre_tutor.rules.games import all_games
    from euchre_tutor.service import cli as tables_cli
    from euchre_tutor.session import practice_cli

    parser = _Parser(
        prog="euchre-tutor",
        description="Play, replay and analyse Euchre deals from the command line.",
    )
    parser.add_argument(
        "--version", action=_Version, nargs=0, help="the version, and whether the compiled cores serve"
    )
    games = parser.add_subparsers(dest="game", metavar="GAME", required=True)
    for game in all_games():  # each registered game's command (replay, analyze)
        game.add_commands(games)
    serve.register(games)  # the tables and the lessons in a browser, for a class
    launch.register(games)  # one table, or the lessons, for one person on this computer
    report.register(games)  # a class's saved games graded, in one HTML page for the teacher
    tables_cli.register(games)  # shared tables of a class, from the command line (a service's client)
    practice_cli.register(
        games
    )  # drill decks for the Practice page: a student's mistakes, a teacher's positions
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as done:  # --help, --version, or a usage error already printed in one line
        return done.code if isinstance(done.code, int) else 2
    args.__dict__.pop(_GIVEN, None)
    try:
        code: int = args.run(args)
    except BrokenPipeError:  # e.g. piped into `head`
        return 0
    except KeyboardInterrupt:  # Ctrl-C outside a batch (a batch stops by itself after its last whole line)
        sys.stdout.flush()
        print("interrupted: stopped before the answer was complete", file=sys.stderr)
        return INTERRUPTED
    except (RecursionError, MemoryError) as error:  # input too large for this machine, not a bug
        return fail(f"the input is too large or too deeply nested to handle ({type(error).__name__})")
    except Exception as error:  # a bug: still one line, and it says so
        return fail(f"internal error ({type(error).__name__}: {error}); please report it with the input")
    return code


if __name__ == "__main__":
    sys.exit(main())
