"""A proof game: a minimal two-handed trick-taking game registered from a test package.

Two players (North and South) each get three cards of a twelve-card deck (9 to A of hearts and
spades), no trump; the led suit must be followed and its highest card wins the trick; the winner leads
next. A match is two hands; a hand scores a point for each trick. It lives wholly in this package
(engine, seat view, advisor, session hooks, table app, command); its tests register its
:class:`~euchre_tutor.rules.games.Game` (``register(GAME)``) and take it out after them, so that
collecting this package (its doctests) registers nothing for the rest of the suite. No file outside
this package names it.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from euchre_tutor.rules import games as registry
from euchre_tutor.rules.games import Game

__all__ = ["GAME", "registered"]

GAME = Game(
    name="proof",
    title="Proof Game",
    package=__name__,
    colour="#8a5a2b",
    rest="the unseen cards and the opponent's play",
    place=50,
)


@contextmanager
def registered() -> Iterator[Game]:
    """The proof game registered while the block runs (as any package registers its game), taken out
    of the registry after it: the rest of the suite knows the registry's own games only."""
    registry.register(GAME)
    try:
        yield GAME
    finally:
        registry._REGISTERED.pop(GAME.name, None)
