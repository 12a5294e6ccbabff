"""The widget layer: the only package that imports ipywidgets (and anywidget/traitlets); it only draws.

``from euchre_tutor.widgets import <App>`` builds a registered game's table (each game's
:attr:`Game.app <euchre_tutor.rules.games.Game.app>`: ``SolitaireApp`` the Solitaire table,
``ClassicApp`` the classic table, ``BidApp`` the Bid Euchre table); ``PracticeApp`` the Practice page
(the student's mistakes as drills). What they draw is kept by the widget-free controllers of
:mod:`euchre_tutor.session`, which the analysis worker process imports without loading any widget library.

Each app is imported when first named (PEP 562): a page that shows one table does not import the
other games (in the browser every module costs start-up time).
"""

from __future__ import annotations

from typing import Any

import ipywidgets  # noqa: F401  (every app draws with it: the package is the widget layer)

from euchre_tutor.rules.games import all_games


def _apps() -> dict[str, Any]:
    """Each name this package exports: a game's table app (the game), or the Practice page."""
    return {**{game.app: game for game in all_games()}, "PracticeApp": None}


def __getattr__(name: str) -> Any:
    apps = _apps()
    if name == "__all__":
        return sorted(apps)
    if name not in apps:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    game = apps[name]
    if game is None:
        from euchre_tutor.widgets.practice import PracticeApp

        value = PracticeApp
    else:
        value = game.table_app()
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_apps()])
