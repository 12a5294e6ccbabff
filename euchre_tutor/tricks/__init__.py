"""The trick-taking core under every game: seats and teams, the trick events, replaying a list of
actions, and the game-with-history skeleton (undo, redo, saved files).

What two games share lives here, one layer below the engines; no game package imports another's.
The seats' and the events' public names (each module's ``__all__``) are re-exported here.
"""

from __future__ import annotations

from euchre_tutor.tricks import events, seating
from euchre_tutor.tricks.events import *  # noqa: F403 - the events' public names (their __all__)
from euchre_tutor.tricks.seating import *  # noqa: F403 - the seats' public names (their __all__)

__all__ = list(seating.__all__)
__all__ += events.__all__
