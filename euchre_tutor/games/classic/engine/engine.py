"""The classic Euchre engine (3, 4 or 6 players): immutable hand and match states.

A :class:`HandState` is one deal, from the first bid to the score; a
:class:`MatchState` strings hands together to the target (or a fixed number
of hands) with dealer rotation and redeals after a passed-out hand. Both are
frozen: ``state.apply(action)`` checks the action and returns a new state,
so bad input never changes anything. ``state.events`` says what the last
action did (for the trick log and the hints).

Phases and who acts (one pair of functions per phase: legal actions, apply):

- ``blind``: only with a joker turned up under ``joker_up="dealer-blind"``:
  the dealer names trump (``call X``) before looking at the hand.
- ``round-1``: from the dealer's left (the dealer with ``dealer_bids_first``),
  ``pass`` or ``order`` (the dealer's ``order`` picks the up card up); with
  ``alone_timing="with-bid"`` also ``order alone``; under house rules also
  ``misdeal`` and ``go under A B C`` on the player's turn.
- ``round-2``: ``pass`` or ``call X`` for the three other suits (and
  ``call X alone``, ``call high``, ``call low``); a stuck dealer may not pass.
- ``discard``: the dealer, holding six cards, discards one.
- ``go-alone``: with ``alone_timing="after-discard"`` the maker answers
  ``alone`` or ``partner``.
- ``best-card`` and ``loner-discard``: with ``call_for_best`` the loner's
  partner passes a card (``give XX``) and the loner discards one.
- ``defend-alone``: with ``defend_alone`` on, each defender in turn from
  the dealer's left answers ``alone`` or ``partner``.
- ``play``: the dealer's left leads the first trick (skipping a player who
  sits out); follow the led suit if able; the winner leads the next.
- ``over``: scored (or passed out, or thrown in as a misdeal).

The engine is split by concept, and this module only gathers the public
names of the parts (the whole ``__all__`` of most), so ``from euchre_tutor.games.classic.engine.engine import X`` works
for all of them: :mod:`~euchre_tutor.games.classic.engine.actions` (phases, actions),
:mod:`~euchre_tutor.games.classic.engine.deal` (deals and their checks),
:mod:`~euchre_tutor.games.classic.engine.events` (what an action did),
:mod:`~euchre_tutor.games.classic.engine.state` (the hand state, which imports no phase),
:mod:`~euchre_tutor.games.classic.engine.hand` (the first state and the phase dispatch, on top),
:mod:`~euchre_tutor.games.classic.engine.bidding` (blind call, rounds 1 and 2, discard, go
alone, call for best, defend alone), :mod:`~euchre_tutor.games.classic.engine.play` (legal
cards, trump-lead restriction, trick winner, the end of the hand),
:mod:`~euchre_tutor.games.classic.engine.house` (misdeal, farmer's hand),
:mod:`~euchre_tutor.games.classic.engine.scoring`, :mod:`~euchre_tutor.games.classic.engine.messages`
(the teaching errors) and :mod:`~euchre_tutor.games.classic.engine.match`. What each
house rule means (its legality, what it hides, its sentence) the parts ask
the rules object, :class:`~euchre_tutor.games.classic.rules.ClassicRules`.

>>> deal = Deal.from_seed(7, Seat.N)
>>> state = new_hand(deal)
>>> state.to_act, [str(a) for a in state.legal_actions()]
(<Seat.E: 1>, ['pass', 'order', 'order alone'])
"""

from __future__ import annotations

from euchre_tutor.games.classic.engine import actions, deal, events, hand, match, scoring
from euchre_tutor.games.classic.engine.actions import *  # noqa: F403 - a part's public names (its __all__)
from euchre_tutor.games.classic.engine.deal import *  # noqa: F403
from euchre_tutor.games.classic.engine.events import *  # noqa: F403
from euchre_tutor.games.classic.engine.hand import *  # noqa: F403
from euchre_tutor.games.classic.engine.house import farmer_ranks, misdeal_kind
from euchre_tutor.games.classic.engine.match import *  # noqa: F403
from euchre_tutor.games.classic.engine.play import (
    explain_trick,
    legal_plays,
    trick_winner,
    trump_broken,
    trump_lead_barred,
)
from euchre_tutor.games.classic.engine.scoring import *  # noqa: F403
from euchre_tutor.tricks.seating import Seat, Seating, Team

__all__ = [
    "Seat",
    "Seating",
    "Team",
    "explain_trick",
    "farmer_ranks",
    "legal_plays",
    "misdeal_kind",
    "trick_winner",
    "trump_broken",
    "trump_lead_barred",
]
__all__ += [*actions.__all__, *deal.__all__, *events.__all__, *hand.__all__, *match.__all__, *scoring.__all__]
