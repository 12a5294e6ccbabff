"""Classic Euchre, one package: its rules, engine, seat view, advisor, computer players, session
(controller, tutor, computer-player source, what-if, the registry's GameSpec), widgets and command line.
Importing it registers its :class:`~euchre_tutor.rules.games.Game` and imports none of them."""

from __future__ import annotations

from euchre_tutor.rules.games import Game, register

__all__ = ["GAME"]

GAME = register(
    Game(
        name="classic",
        title="classic Euchre",
        noun="classic",
        span="match",
        seated=True,
        default_level="club",
        notebook="classic.ipynb",
        table_words="the classic Euchre table",
        launch_help="open the classic 4-player table instead of Euchre Solitaire",
        colour="#2e6b3f",
        rest="unseen cards, partner's and opponents' play",
        package=__name__,
        app="ClassicApp",
        place=1,
    )
)
