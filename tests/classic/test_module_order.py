"""The classic engine's modules import one another one way, and share no private name.

Every import counts, those read only by the type checker included: the state
imports no phase, the phases import the state, and :mod:`euchre_tutor.games.classic.engine.hand`
assembles them on top.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "euchre_tutor" / "games" / "classic" / "engine"
PREFIX = "euchre_tutor.games.classic.engine"


def _imports(path: Path) -> list[tuple[str, str]]:
    """(module inside the package, name) for every ``from ... import`` of the package in ``path``."""
    out: list[tuple[str, str]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.ImportFrom) or node.module is None:
            continue
        if node.module == PREFIX:
            out.extend((a.name, "") for a in node.names)
        elif node.module.startswith(PREFIX + "."):
            out.extend((node.module.removeprefix(PREFIX + ".").split(".")[0], a.name) for a in node.names)
    return out


MODULES = {p.stem: _imports(p) for p in sorted(PACKAGE.glob("*.py"))}


def test_no_module_of_the_engine_imports_itself_back() -> None:
    edges = {name: {mod for mod, _ in imports} for name, imports in MODULES.items()}
    done: set[str] = set()

    def visit(name: str, path: tuple[str, ...]) -> None:
        assert name not in path, f"import circle: {' -> '.join((*path, name))}"
        if name in done:
            return
        for other in sorted(edges.get(name, ())):
            visit(other, (*path, name))
        done.add(name)

    for name in edges:
        visit(name, ())


def test_the_state_imports_no_phase() -> None:
    phases = {"bidding", "play", "house", "messages", "hand"}
    assert not {mod for mod, _ in MODULES["state"]} & phases


def test_no_private_name_crosses_modules() -> None:
    shared = [
        f"{name} imports {what!r} from {mod}"
        for name, imports in MODULES.items()
        for mod, what in imports
        if what.startswith("_")
    ]
    assert not shared
