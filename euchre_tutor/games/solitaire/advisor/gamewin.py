"""The game-win table: the estimated chance to win a Solitaire game from each score.

Shipped as package data (``euchre_tutor/games/solitaire/data/game_win.json``),
rebuilt by ``scripts/solitaire_par.py --write-table``. It is an *estimate*
from exactly solved sample deals, with a bootstrap standard error per cell
(``se``). The score-aware advisor turns it into a utility for each number of
tricks a deal can end with.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from euchre_tutor.advisor.shared import shipped_json
from euchre_tutor.errors import EuchreError
from euchre_tutor.games.solitaire.advisor.solver import ALONE_POINTS, POINTS

__all__ = ["SCALE", "GameWinTable", "game_utility", "load_table"]

#: Utilities are integers: the win chance times SCALE, rounded.
SCALE = 1_000_000


@dataclass(frozen=True, slots=True)
class GameWinTable:
    target: int
    deals: int
    win: tuple[tuple[float, ...], ...]
    se: tuple[tuple[float, ...], ...]
    description: str

    def chance(self, player: int, deck: int) -> float:
        """P(the player wins the game) with ``player``:``deck`` points before the next deal."""
        if player >= self.target:
            return 1.0
        if deck >= self.target:
            return 0.0
        return self.win[max(player, 0)][max(deck, 0)]


@cache
def load_table() -> GameWinTable:
    data = shipped_json(
        "euchre_tutor.games.solitaire",
        "data/game_win.json",
        "the game-win table",
        "scripts/solitaire_par.py --write-table",
    )
    return GameWinTable(
        target=int(data["target"]),
        deals=int(data["deals"]),
        win=tuple(tuple(float(x) for x in row) for row in data["win"]),
        se=tuple(tuple(float(x) for x in row) for row in data["se"]),
        description=str(data["description"]),
    )


def game_utility(score: tuple[int, int], target: int, alone: bool) -> tuple[int, ...]:
    """Utility by final tricks 0..5: the (scaled) chance to win the game after the deal."""
    table = load_table()
    if target != table.target:
        raise EuchreError(
            f"the game-win table is for games to {table.target}, not {target}: "
            "use the 'most points' mode, or rebuild the table for this target"
        )
    player, deck = score
    if max(score) >= target or min(score) < 0:
        raise EuchreError(
            f"the score {player}:{deck} is not one of a game to {target} still being played: the game ends "
            f"when a side reaches {target}; give points from 0 to {target - 1} on each side"
        )
    out = []
    for pts in ALONE_POINTS if alone else POINTS:
        after = (player + pts, deck) if pts > 0 else (player, deck - pts)
        out.append(round(table.chance(*after) * SCALE))
    return tuple(out)
