"""The computer players of classic Euchre, built on the advisor, by level (see :mod:`.classic`)."""

from __future__ import annotations

from euchre_tutor.bots import classic
from euchre_tutor.bots.classic import *  # noqa: F403 - the players and levels (its __all__)

__all__: list[str] = []
__all__ += classic.__all__
