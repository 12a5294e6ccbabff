"""The ``euchre-tutor`` command line: ``solitaire replay|analyze``, ``classic replay|rules``.

``euchre-tutor --version`` also says whether the compiled cores or their pure-Python twins serve.

Each game registers its own subcommands (``euchre_tutor.solitaire.cli``,
``euchre_tutor.classic.cli``); this module only dispatches. Bad input exits
with status 2 and one teaching line on stderr (at most
:data:`~euchre_tutor.jsonio.MAX_ERROR` characters), never a traceback: input
is read through :mod:`euchre_tutor.jsonio`, and a bug that still escapes is
reported as one "internal error" line.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import NoReturn

from euchre_tutor import __version__
from euchre_tutor.jsonio import error_text, fail

__all__ = ["main"]


class _Parser(argparse.ArgumentParser):
    """Usage errors in one line, like every other error of the command (argparse prints the whole usage)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"error: {error_text(f'{message} (see `{self.prog} --help`)', 290)}\n")


class _Version(argparse.Action):
    """``--version``: the version, then one line per search saying which backend serves (unwrapped)."""

    def __call__(self, parser: argparse.ArgumentParser, *args: object, **kwargs: object) -> NoReturn:
        from euchre_tutor.advisor import cores

        sys.stdout.write(f"euchre-tutor {__version__}\n{cores.describe()}\n")
        parser.exit(0)


def build_parser() -> argparse.ArgumentParser:
    from euchre_tutor.advisor.classic import cli as classic_advisor_cli
    from euchre_tutor.advisor.solitaire import cli as advisor_cli
    from euchre_tutor.bots.classic import LEVELS
    from euchre_tutor.classic import cli as classic_cli
    from euchre_tutor.solitaire import cli as solitaire_cli

    parser = _Parser(
        prog="euchre-tutor",
        description="Play, replay and analyse Euchre deals from the command line.",
    )
    parser.add_argument(
        "--version", action=_Version, nargs=0, help="the version, and whether the compiled cores serve"
    )
    games = parser.add_subparsers(dest="game", metavar="GAME", required=True)
    solitaire_commands = solitaire_cli.register(games)
    advisor_cli.register(solitaire_commands)
    classic_commands = classic_cli.register(games)
    classic_advisor_cli.register(classic_commands, {name: level.model() for name, level in LEVELS.items()})
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as done:  # --help, --version, or a usage error already printed in one line
        return done.code if isinstance(done.code, int) else 2
    try:
        code: int = args.run(args)
    except BrokenPipeError:  # e.g. piped into `head`
        return 0
    except (RecursionError, MemoryError) as error:  # input too large for this machine, not a bug
        return fail(f"the input is too large or too deeply nested to handle ({type(error).__name__})")
    except Exception as error:  # a bug: still one line, and it says so
        return fail(f"internal error ({type(error).__name__}: {error}); please report it with the input")
    return code


if __name__ == "__main__":
    sys.exit(main())
