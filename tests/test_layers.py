"""The layers: cards → rules → trick-taking core → engines → views → advisor → bots → session → widgets.

Each module may import only its own layer and the ones before it; nothing
below the widgets imports ipywidgets (the session's controllers and analysis
worker included); and no game's module imports another game's: what two games
share lives in the trick-taking core (``tricks``) or in a shared module of a layer.

A game is one package, ``games/<game>/``, with the same layers inside it: a module there has the
layer of its sub-folder or module (``rules``, ``engine``, ``views``, ``advisor``, ``bots``,
``session``, ``widgets``, ``cli``). The framework (everything outside ``games/``) imports no game by
an import statement: each game's package registers its ``Game`` (``rules/games.py``), which finds the
game's code by place when a layer asks; the files of :data:`FRAMEWORK_NAMING_A_GAME` still import a
game, and the list only shrinks.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "euchre_tutor"

LAYER = {
    "errors": 0,
    "jsonio": 0,
    "cards": 0,
    "rules": 1,
    "tricks": 2,
    "games": 1,  # the package and each game's __init__ import nothing
    "views": 4,
    "advisor": 5,
    "bots": 6,
    "protocol": 6.5,  # the table protocol's schema and client: the session's pages and the service use it
    "session": 7,
    "service": 7.5,  # the table service: above the session (its games), which reaches it only by the protocol
    "widgets": 8,
    # applications on top
    "cli": 9,
    "launch": 9,
    "kernel_socket": 9,  # a page's kernel connection: loaded by the servers launch and serve start
    "class_site": 9,
    "serve": 9,
    "report": 9,
    "__main__": 9,
    "__init__": 9,
}
#: a game package's layers: its sub-folder or module below ``games/<game>/``
GAME_LAYER = {
    "__init__": 1,
    "rules": 1,
    "engine": 3,
    "views": 4,
    "advisor": 5,
    "bots": 6,
    "session": 7,
    "widgets": 8,
    "cli": 9,
}
WIDGET_LIBRARIES = {"ipywidgets", "anywidget", "traitlets", "IPython"}


def layer_of_parts(parts: tuple[str, ...]) -> int:
    """The layer of a dotted path below the package (``("games", "bid", "engine", "hand")``)."""
    if parts[0] == "games":
        return GAME_LAYER[parts[2]] if len(parts) > 2 else LAYER["games"]
    return LAYER[parts[0]]


def _layer_of(module_path: Path) -> int:
    return layer_of_parts(module_path.relative_to(PACKAGE).with_suffix("").parts)


def _imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.extend(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.append(node.module)
    return names


MODULES = sorted(p for p in PACKAGE.rglob("*.py") if p.name != "__init__.py" or p.parent != PACKAGE)


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_module_imports_only_earlier_layers(path: Path) -> None:
    mine = _layer_of(path)
    for name in _imports(path):
        top = name.split(".")[0]
        if top == "euchre_tutor":
            parts = name.split(".")
            if len(parts) == 1:
                continue
            other = layer_of_parts(tuple(parts[1:]))
            assert other <= mine, f"{path.name} (layer {mine}) imports {name} (layer {other})"
        elif top in WIDGET_LIBRARIES:
            assert mine >= LAYER["widgets"], f"{path.name} imports {name} below the widget layer"


def game_of(parts: tuple[str, ...]) -> str | None:
    """The game a module belongs to, from its dotted path below the package: its package
    (``games.solitaire.advisor.solver``); None for the framework."""
    return parts[1] if parts[0] == "games" and len(parts) > 1 else None


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_game_imports_another_game(path: Path) -> None:
    mine = game_of(path.relative_to(PACKAGE).with_suffix("").parts)
    if mine is None:
        return
    for name in _imports(path):
        parts = name.split(".")
        if parts[0] != "euchre_tutor" or len(parts) == 1:
            continue
        other = game_of(tuple(parts[1:]))
        assert other in (None, mine), f"{path.relative_to(PACKAGE)} ({mine}) imports {name} ({other})"


def test_game_of_names_each_games_modules() -> None:
    assert game_of(("games", "solitaire", "advisor", "solver")) == "solitaire"
    assert game_of(("games", "classic", "engine", "hand")) == "classic"
    assert game_of(("games", "bid", "widgets", "hints")) == "bid"
    assert game_of(("games", "solitaire")) == "solitaire" and game_of(("games",)) is None
    assert game_of(("advisor", "shared")) is None and game_of(("tricks", "seating")) is None


def _imported_games(path: Path) -> set[str]:
    return {
        parts[2]
        for parts in (name.split(".") for name in _imports(path))
        if parts[0] == "euchre_tutor" and len(parts) > 2 and parts[1] == "games"
    }


def test_the_framework_imports_no_game() -> None:
    """Outside ``games/`` no module imports a game's package: the framework finds a game's code
    through the registry, by place in the game's package."""
    naming = {
        path.relative_to(PACKAGE).as_posix(): sorted(_imported_games(path))
        for path in MODULES
        if path.relative_to(PACKAGE).parts[0] != "games" and _imported_games(path)
    }
    assert naming == {}, f"framework files importing a game: {naming}"


def test_the_layer_of_a_games_module_is_its_sub_folders() -> None:
    assert layer_of_parts(("games", "bid", "engine", "hand")) == 3
    assert layer_of_parts(("games", "solitaire", "views")) == 4
    assert layer_of_parts(("games", "solitaire", "widgets", "app")) == 8
    assert layer_of_parts(("games", "solitaire", "cli")) == 9
    assert layer_of_parts(("games", "solitaire")) == 1


def assert_loads_no_widget_library(statements: str) -> None:
    """Run ``statements`` in a fresh interpreter: afterwards no widget library may have been imported."""
    code = (
        f"import sys; {statements};"
        "bad = [m for m in ('ipywidgets', 'anywidget', 'traitlets') if m in sys.modules];"
        "print(bad); sys.exit(1 if bad else 0)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


def test_importing_engines_advisor_and_bots_does_not_load_widgets() -> None:
    assert_loads_no_widget_library(
        "import euchre_tutor, euchre_tutor.games.solitaire.engine, euchre_tutor.games.classic.engine, "
        "euchre_tutor.games.solitaire.views, euchre_tutor.advisor, euchre_tutor.bots, euchre_tutor.cli"
    )


SESSION = sorted(
    p.relative_to(PACKAGE.parent).with_suffix("").as_posix().replace("/", ".")
    for p in [*(PACKAGE / "session").glob("*.py"), *PACKAGE.glob("games/*/session/*.py")]
)


def test_importing_every_session_module_does_not_load_widgets() -> None:
    """The controllers and the analysis worker's modules import no widget library."""
    assert (
        "euchre_tutor.session.analysis" in SESSION
        and "euchre_tutor.games.classic.session.controller" in SESSION
    )
    assert "euchre_tutor.games.solitaire.session.controller" in SESSION
    assert_loads_no_widget_library("import " + ", ".join(SESSION))


def test_the_widget_package_draws_with_ipywidgets_and_exports_the_apps() -> None:
    """Only the widgets import ipywidgets (at import time: no lazy loading is needed any more)."""
    code = (
        "import sys, euchre_tutor.widgets as w; assert 'ipywidgets' in sys.modules; "
        "assert sorted(w.__all__) == ['BidApp', 'ClassicApp', 'PracticeApp', 'SolitaireApp']; "
        "w.BidApp, w.ClassicApp, w.PracticeApp, w.SolitaireApp"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


def test_every_table_loads_where_the_static_site_runs() -> None:
    """The static site's Python has no sqlite3 (a stub stands in), no tornado and no compiled cores:
    each game's table app must import and open without them, as its notebook opens it (the browser
    tests catch it only slowly, as a page that never draws)."""
    code = (
        "import sys\n"
        "class Absent:\n"
        "    def find_spec(self, name, path, target=None):\n"
        "        if name.split('.')[0] in ('sqlite3', '_sqlite3', 'tornado', 'psutil') or name.rsplit('.', 1)[-1]"
        " in ('_trickdd', '_solcore', '_worldfill', '_clubbid'):\n"
        "            raise ImportError(name)\n"
        "sys.meta_path.insert(0, Absent())\n"
        "from euchre_tutor.widgets import BidApp, ClassicApp, SolitaireApp\n"
        "from euchre_tutor.widgets.class_name import keep_by_name\n"
        "for app in (SolitaireApp(seed=1), ClassicApp(seed=1), BidApp(seed=1)):\n"
        "    assert keep_by_name(app) is app  # as each table's notebook ends: no class store here\n"
        "    app.close()\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-2000:]


def test_every_name_a_package_exports_is_there() -> None:
    """``from package import *`` works for every package of euchre_tutor: each name in a package's
    ``__all__`` is an attribute or a module of it (a module moved into a game's package must leave
    the list of the package it left). Run in a fresh interpreter: a star import loads every module."""
    packages = sorted(
        ".".join(init.relative_to(PACKAGE.parent).parent.parts)
        for init in PACKAGE.rglob("__init__.py")
        if "__pycache__" not in init.parts
    )
    code = (
        "import importlib, sys\n"
        "missing = []\n"
        f"for name in {packages!r}:\n"
        "    package = importlib.import_module(name)\n"
        "    for item in getattr(package, '__all__', ()):\n"
        "        try:\n"
        "            getattr(package, item) if hasattr(package, item) else importlib.import_module(name + '.' + item)\n"
        "        except ImportError:\n"
        "            missing.append(name + '.' + item)\n"
        "print(missing)\n"
        "sys.exit(1 if missing else 0)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=PACKAGE.parent)
    assert done.returncode == 0, done.stdout + done.stderr
