"""The ``bid`` command of ``euchre-tutor``, as the game registry names it (``GameInfo.cli``): the
Bid Euchre engine's commands with its advisor's ``analyze``. A light module: the command line
imports it, not the tables' session code."""

from __future__ import annotations

from typing import Any

from euchre_tutor.games.bid.bots import RuleBasedPlayer
from euchre_tutor.games.bid.views import seat_view

__all__ = ["register"]


def register(games: Any) -> None:
    """The ``bid`` command: ``replay`` and the advisor's ``analyze``."""
    from euchre_tutor.games.bid.advisor.cli import BidAdvisorCommand
    from euchre_tutor.games.bid.engine import cli as bid_cli

    bid_cli.register(games, seat_view, BidAdvisorCommand(RuleBasedPlayer()))
