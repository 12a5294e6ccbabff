"""The widget layer: the only package that imports ipywidgets (and anywidget/traitlets); it only draws.

``from euchre_tutor.widgets import SolitaireApp`` builds the Solitaire
dashboard; ``ClassicApp`` the classic Euchre table (one student, computer
players in the other seats, at three, four or six players); ``BidApp`` the
Bid Euchre table (the student at South). What they draw
is kept by the widget-free controllers of :mod:`euchre_tutor.session`, which
the analysis worker process imports without loading any widget library.
"""

from __future__ import annotations

from euchre_tutor.widgets.bid import BidApp
from euchre_tutor.widgets.classic import ClassicApp
from euchre_tutor.widgets.solitaire import SolitaireApp

__all__ = ["BidApp", "ClassicApp", "SolitaireApp"]
