"""The ``classic`` command of ``euchre-tutor``, as the game registry names it (``GameInfo.cli``): the
classic Euchre engine's commands with its advisor's ``analyze``. A light module: the command line
imports it, not the tables' session code."""

from __future__ import annotations

from typing import Any

from euchre_tutor.games.classic.bots import LEVELS

__all__ = ["register"]


def register(games: Any) -> None:
    """The ``classic`` command: ``replay`` and the advisor's ``analyze`` at every level of table."""
    from euchre_tutor.games.classic.advisor import cli as advisor_cli
    from euchre_tutor.games.classic.engine import cli as classic_cli

    advisor_cli.register(classic_cli.register(games), {name: level.model() for name, level in LEVELS.items()})
