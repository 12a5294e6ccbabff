"""Bid Euchre's widgets: the table app (:class:`~.app.BidApp`), its hints and review, the lesson's
widgets."""
