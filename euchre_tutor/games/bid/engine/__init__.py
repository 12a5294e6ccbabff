"""Bid Euchre: the engine (immutable hand and match states) and the game with undo and save.

The rules are :class:`~euchre_tutor.games.bid.rules.BidRules`; the seats, teams
and trick events are the trick-taking core's (:mod:`euchre_tutor.tricks.seating`,
:mod:`euchre_tutor.tricks.events`), the card order and follow-suit rule
:mod:`euchre_tutor.cards`'. See ``docs/bid-engine.md`` for a summary. The public names of
the parts (actions, deal, events, game, hand, match, scoring: each module's ``__all__``) are
re-exported here, with the seats and teams.

>>> from euchre_tutor.games.bid.engine import Deal, new_hand
>>> state = new_hand(Deal.from_seed(7, "N"))
>>> state.apply("bid 3 H").to_act
<Seat.S: 2>
"""

from __future__ import annotations

from euchre_tutor.games.bid.engine import actions, deal, events, game, hand, match, scoring
from euchre_tutor.games.bid.engine.actions import *  # noqa: F403 - each part's public names (its __all__)
from euchre_tutor.games.bid.engine.deal import *  # noqa: F403
from euchre_tutor.games.bid.engine.events import *  # noqa: F403
from euchre_tutor.games.bid.engine.game import *  # noqa: F403
from euchre_tutor.games.bid.engine.hand import *  # noqa: F403
from euchre_tutor.games.bid.engine.match import *  # noqa: F403
from euchre_tutor.games.bid.engine.scoring import *  # noqa: F403
from euchre_tutor.tricks.seating import Seat, Team

__all__ = ["Seat", "Team", *actions.__all__, *deal.__all__, *events.__all__, *game.__all__]
__all__ += [*hand.__all__, *match.__all__, *scoring.__all__]
