"""Rules as data: frozen configurations with named presets, and the rule catalogue.

Engines read a configuration; they never subclass for an option. Each game's own configuration lives
in its package (``euchre_tutor.games.<game>.rules``).
"""

from __future__ import annotations

from euchre_tutor.rules.catalogue import RULES, Rule, rule

__all__ = ["RULES", "Rule", "rule"]
