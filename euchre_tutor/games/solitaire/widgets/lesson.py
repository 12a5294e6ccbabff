"""The Solitaire lessons' widgets: the dashboard ready to play a lesson's deal."""

from __future__ import annotations

from typing import Any

from euchre_tutor.games.solitaire.widgets.app import SolitaireApp

__all__ = ["preset_deal"]


def preset_deal(cards: str | None = None, *, seed: int | None = None, **options: Any) -> SolitaireApp:
    """The tutor, ready to play a lesson's deal: ``cards`` (24 in deal order) or a ``seed``.

    Returns a :class:`~euchre_tutor.games.solitaire.widgets.app.SolitaireApp`; extra
    options (``grading=True``, ``show_hint=True``, ...) go to it.
    """
    app = SolitaireApp(seed=seed, **options)
    if cards is not None and not app.controller.load_deal(cards):
        raise ValueError(app.tutor.current_error or f"cannot load the deal {cards!r}")
    return app
