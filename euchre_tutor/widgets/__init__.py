"""The widget layer: the only package that imports ipywidgets (and anywidget/traitlets); it only draws.

``from euchre_tutor.widgets import SolitaireApp`` builds the Solitaire
dashboard; ``ClassicApp`` the classic Euchre table (one student, computer
players in the other seats, at three, four or six players); ``BidApp`` the
Bid Euchre table (the student at South); ``PracticeApp`` the Practice page (the student's mistakes
as drills). What they draw
is kept by the widget-free controllers of :mod:`euchre_tutor.session`, which
the analysis worker process imports without loading any widget library.

Each app is imported when first named (PEP 562): a page that shows one table does not import the
other two games (in the browser every module costs start-up time).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

import ipywidgets  # noqa: F401  (every app draws with it: the package is the widget layer)

if TYPE_CHECKING:
    from euchre_tutor.games.bid.widgets.app import BidApp
    from euchre_tutor.games.classic.widgets.app import ClassicApp
    from euchre_tutor.games.solitaire.widgets.app import SolitaireApp
    from euchre_tutor.widgets.practice import PracticeApp

__all__ = ["BidApp", "ClassicApp", "PracticeApp", "SolitaireApp"]

_MODULES = {
    "BidApp": "euchre_tutor.games.bid.widgets.app",
    "ClassicApp": "euchre_tutor.games.classic.widgets.app",
    "PracticeApp": "euchre_tutor.widgets.practice",
    "SolitaireApp": "euchre_tutor.games.solitaire.widgets.app",
}


def __getattr__(name: str) -> Any:
    if name not in _MODULES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(_MODULES[name]), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_MODULES])
