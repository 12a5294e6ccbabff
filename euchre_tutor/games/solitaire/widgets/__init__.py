"""Euchre Solitaire's widgets: the dashboard app (:class:`~.app.SolitaireApp`)."""
