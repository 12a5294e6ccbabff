"""The ``solitaire`` command of ``euchre-tutor``, as the game registry names it (``GameInfo.cli``): the
Euchre Solitaire engine's commands with its advisor's ``analyze``. A light module: the command line
imports it, not the tables' session code."""

from __future__ import annotations

from typing import Any

__all__ = ["register"]


def register(games: Any) -> None:
    """The ``solitaire`` command: ``replay`` and the exact advisor's ``analyze``."""
    from euchre_tutor.games.solitaire.advisor import cli as advisor_cli
    from euchre_tutor.games.solitaire.engine import cli as solitaire_cli

    advisor_cli.register(solitaire_cli.register(games))
