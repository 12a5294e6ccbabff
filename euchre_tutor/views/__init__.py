"""Views: what one seat may know (the hidden-information boundary).

The advisor and the bots see a view, never the true state:
:func:`~euchre_tutor.games.solitaire.views.player_view` for Solitaire,
:func:`~euchre_tutor.views.classic.seat_view` for a classic seat.
"""

from __future__ import annotations

from euchre_tutor.views.classic import SeatView, seat_view

__all__ = ["SeatView", "seat_view"]
