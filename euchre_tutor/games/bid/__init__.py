"""Bid Euchre, one package: its rules, engine, seat view, advisor, computer players, session (controller,
tutor, computer-player source, its session hooks), widgets and command line. Importing it registers
its :class:`~euchre_tutor.rules.games.Game` and imports none of them."""

from __future__ import annotations

from importlib import resources

from euchre_tutor.rules.games import Game, register

__all__ = ["GAME", "LUCK_BASELINE"]

#: its luck's measured baseline, a file of this package (read by
#: advisor.luck.measured_baseline)
LUCK_BASELINE = resources.files(__name__) / "data" / "luck_baseline.json"

GAME = register(Game(title="Bid Euchre", package=__name__, colour="#6b4f8a", place=2))
