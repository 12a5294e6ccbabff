"""Views: what one seat may know (the hidden-information boundary).

The advisor and the bots see a view, never the true state. Each game's view lives in its package
(``euchre_tutor.games.<game>.views``, e.g. :func:`~euchre_tutor.games.classic.views.seat_view`); what the
seated games' views share is here (:mod:`.shared`, :mod:`.reading`).
"""
