"""The widget layer: the only package that imports ipywidgets (and anywidget/traitlets).

``from euchre_tutor.widgets import SolitaireApp`` builds the Solitaire
dashboard; ``ClassicApp`` the classic Euchre table (one student, computer
players in the other seats, at three, four or six players). The submodules are imported lazily, so the analysis
worker process (which imports :mod:`euchre_tutor.widgets.analysis`) never
loads ipywidgets.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from euchre_tutor.widgets.classic import ClassicApp
    from euchre_tutor.widgets.classic_controller import ClassicController
    from euchre_tutor.widgets.controller import SolitaireController
    from euchre_tutor.widgets.solitaire import SolitaireApp

__all__ = ["ClassicApp", "ClassicController", "SolitaireApp", "SolitaireController"]


def __getattr__(name: str) -> Any:
    if name == "SolitaireApp":
        from euchre_tutor.widgets.solitaire import SolitaireApp

        return SolitaireApp
    if name == "SolitaireController":
        from euchre_tutor.widgets.controller import SolitaireController

        return SolitaireController
    if name == "ClassicApp":
        from euchre_tutor.widgets.classic import ClassicApp

        return ClassicApp
    if name == "ClassicController":
        from euchre_tutor.widgets.classic_controller import ClassicController

        return ClassicController
    raise AttributeError(f"module 'euchre_tutor.widgets' has no attribute {name!r}")
