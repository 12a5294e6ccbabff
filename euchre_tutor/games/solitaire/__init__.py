"""Euchre Solitaire, one package: its rules, engine, view, exact advisor, session (controller, tutor,
hint source, its session hooks), widgets and command line. Importing it registers its
:class:`~euchre_tutor.rules.games.Game` and imports none of them."""

from __future__ import annotations

from importlib import resources

from euchre_tutor.rules.games import Game, register

__all__ = ["GAME", "LUCK_BASELINE"]

#: its luck's measured baseline, a file of this package (read by
#: advisor.luck.measured_baseline)
LUCK_BASELINE = resources.files(__name__) / "data" / "luck_baseline.json"

GAME = register(
    Game(
        title="Solitaire",
        package=__name__,
        colour="#9a9a9a",
        seated=False,  # one seat: a save holds a game, the rest of its luck is the unseen cards
        table_words="the Euchre Solitaire table",
        place=0,
    )
)
