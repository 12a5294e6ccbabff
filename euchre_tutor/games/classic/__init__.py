"""Classic Euchre, one package: its rules, engine, seat view, advisor, computer players, session
(controller, tutor, computer-player source, what-if, its session hooks), widgets and command line.
Importing it registers its :class:`~euchre_tutor.rules.games.Game` and imports none of them."""

from __future__ import annotations

from euchre_tutor.rules.games import Game, register

__all__ = ["ERROR_BANDS", "GAME", "LUCK_BASELINE"]

#: its luck's measured seat baseline at a table of each ``{level}``, a file of this package (read by
#: advisor.luck.measured_baseline through table_calibration.table_baseline)
LUCK_BASELINE = "data/luck_baseline_{level}.json"
#: its levels' measured error-rate bands, a file of this package (read by advisor.rating.measured_bands)
ERROR_BANDS = "data/error_bands.json"

GAME = register(
    Game(
        title="classic Euchre",
        package=__name__,
        colour="#2e6b3f",
        noun="classic",
        default_level="club",
        place=1,
    )
)
