"""The session layer: a student's game as the tutor keeps it, with no widgets.

Between the bots and advisor below and the widgets above: the controllers
(:class:`~euchre_tutor.games.solitaire.session.controller.SolitaireController` and its
:class:`~euchre_tutor.games.solitaire.session.tutor.SolitaireTutor`,
:class:`~euchre_tutor.games.classic.session.controller.ClassicController` and the
classic :class:`~euchre_tutor.games.classic.session.tutor.ClassicTutor`, the Bid Euchre
:class:`~euchre_tutor.games.bid.session.controller.BidController` and
:class:`~euchre_tutor.games.bid.session.tutor.BidTutor`) own the
game, the undo history and the teaching messages; the
:class:`~euchre_tutor.session.analysis.Analyst` runs the hint and
computer-player sources (:mod:`~euchre_tutor.games.solitaire.session.advice`,
:mod:`~euchre_tutor.games.classic.session.advice`) in a worker process. Nothing here
imports ipywidgets, anywidget or traitlets: the worker imports these modules
alone, so this package's ``__init__`` imports nothing either.
"""

# the modules, for `from euchre_tutor.session import *` and readers; importing the package imports none
__all__ = [
    "advice",
    "analysis",
    "bid_advice",
    "bid_controller",
    "bid_tutor",
    "classic_advice",
    "classic_controller",
    "classic_seats",
    "classic_tutor",
    "controller",
    "observing",
    "solitaire_tutor",
]
