"""Classic Euchre's widgets: the table app (:class:`~.app.ClassicApp`), its hints and review, the
what-if panel and the score cards."""
