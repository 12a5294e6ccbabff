"""Bid Euchre's advisor: sampled worlds, a double-dummy search, expected points, grades and reasons.

- :mod:`.dd`: the double-dummy search (a C core with a Python twin).
"""

from __future__ import annotations

__all__ = ["dd"]
