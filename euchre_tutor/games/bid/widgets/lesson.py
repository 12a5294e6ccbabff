"""The Bid Euchre lesson's widgets: a checked question, the rules summary, and the table for a preset deal.

The Bid Euchre rules sheet's sentences have their own ids (``bid.*``, in
:data:`~euchre_tutor.games.bid.rules.RULE_SENTENCES`), apart from the classic
catalogue; :func:`rules_summary` here takes either kind, so the lesson tests
find every sentence taught by some lesson's ``rules_summary([...])``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import ipywidgets as w

from euchre_tutor.games.bid.rules import RULE_SENTENCES, BidRules
from euchre_tutor.games.bid.widgets.app import BidApp
from euchre_tutor.rules.catalogue import RULES, Rule, rule
from euchre_tutor.widgets.quiz import ChoiceQuestion
from euchre_tutor.widgets.quiz import rules_summary as quiz_summary

__all__ = ["BidQuestion", "bid_rule", "preset_bid", "rules_summary"]


def bid_rule(rule_id: str) -> Rule:
    """A rule by id: a Bid Euchre sentence (``bid.kitty``) or a catalogue rule (``cards.left-bower``)."""
    if rule_id in RULE_SENTENCES:
        title = rule_id.split(".", 1)[1].replace("-", " ").capitalize()
        return Rule(rule_id, title, RULE_SENTENCES[rule_id])
    if rule_id in RULES:
        return rule(rule_id)
    raise KeyError(f"no rule {rule_id!r}: a Bid Euchre id is one of {', '.join(RULE_SENTENCES)}")


class BidQuestion(ChoiceQuestion):
    """A multiple-choice question whose right answer the lesson computed with the engine; the
    feedback names the rule (a Bid Euchre sentence id or a catalogue id). ``answer(i)`` is what a
    click on option ``i`` does, so the notebook checks its own exercise."""

    find_rule = staticmethod(bid_rule)


def rules_summary(rule_ids: Sequence[str]) -> w.HTML:
    """The closing box of a lesson: the rules it taught (Bid Euchre sentence ids or catalogue ids)."""
    return quiz_summary(rule_ids, bid_rule)


def preset_bid(
    deal: Mapping[str, Any] | str | None = None,
    *,
    seed: int | str = 0,
    rules: str | BidRules | Mapping[str, Any] = "common",
    **options: Any,
) -> BidApp:
    """The Bid Euchre table, ready to play a lesson's deal: a teacher's ``deal`` (the JSON object
    ``euchre-tutor bid replay`` reads, as a dict or text) or the match of ``seed``. A deal's own
    ``rules`` win; extra options go to :class:`~euchre_tutor.games.bid.widgets.app.BidApp`."""
    if isinstance(deal, Mapping) and "rules" not in deal:
        deal = {**deal, "rules": rules.to_json() if isinstance(rules, BidRules) else rules}
    return BidApp(seed=seed, rules=rules, deal=deal, **options)
