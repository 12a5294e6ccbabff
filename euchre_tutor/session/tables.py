"""The tables opened in this kernel: every game controller, known weakly, in the order it was made.

A controller adds itself when it is made (:func:`track`); :func:`live` lists the ones still alive. A
table's **Download report** (:mod:`euchre_tutor.session.session_report`) finds the games of a session
here: nothing else does, and a table nobody holds any more is forgotten with it. No imports of the
games here, so the controllers can import it without a cycle.
"""

from __future__ import annotations

import weakref

__all__ = ["live", "track"]

_TABLES: list[weakref.ref[object]] = []


def track(table: object) -> None:
    """Remember a game controller (weakly: it is forgotten when nobody holds it)."""
    _TABLES[:] = [ref for ref in _TABLES if ref() is not None]
    _TABLES.append(weakref.ref(table))


def live() -> list[object]:
    """The tracked controllers still alive, oldest first."""
    return [table for ref in _TABLES if (table := ref()) is not None]
