"""Rules as data: frozen configurations with named presets, and the rule catalogue.

Engines read a configuration; they never subclass for an option.
"""

from __future__ import annotations

from euchre_tutor.rules.catalogue import RULES, Rule, rule
from euchre_tutor.rules.classic import ClassicRules
from euchre_tutor.rules.solitaire import SolitaireRules

__all__ = ["RULES", "ClassicRules", "Rule", "SolitaireRules", "rule"]
