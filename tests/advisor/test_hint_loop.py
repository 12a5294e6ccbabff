"""Every hint panel of a seeded loop of decisions, at each table and every depth.

The loop is the hint fallback benchmark's (``benchmarks/hint_fallback.py``): at Solitaire, at the classic
table at each level (Beginner, Club, Expert) and at Bid Euchre, the student takes the hint's move or, one
decision in three, a random legal one, and every decision with a choice is hinted as the table hints it.
Each panel, as the table draws it (``hint_body_html``, Solitaire's ``hint_html``), must hold at every depth:

- every sentence true of every choice the move names (each tied choice re-checked as the move);
- nothing a student must never read (codes, rule ids, ASCII minus signs, a sentence said twice, and at the
  first depth no ±, decimal percentages or deal counts);
- no fact said twice: no idea twice, at most one sentence of a group that says the same fact (who picks
  up the up card; that the seat holds none of the suit led; how the deck burns), a card in full words once
  in the sentences (the figures depth's lines name every choice in full);
- no rule reminder that does not change the decision: the follow-suit reminder only when it leaves out
  a card, the burn reminder only when the burn differs between the leads, the pick-up reminder never
  beside an order up (its own words say who picks the card up);
- at the first depth at most 45 words, counting everything visible in the panel (the move, the reason,
  the reminder with its "Remember:", the lesson link).

The benchmark's own tally adds its checks (the first depth's words as :meth:`Explanation.brief_words`
counts them, and its text problems); its ``problems`` must stay empty.
"""

from __future__ import annotations

import importlib.util
import re
import sys
from collections import Counter
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from euchre_tutor.advisor.voice import (
    BRIEF_WORDS,
    Depth,
    Explanation,
    false_sentences,
    text_problems,
    visible_text,
)

BENCHMARK = Path(__file__).resolve().parents[2] / "benchmarks" / "hint_fallback.py"
#: decisions with a choice per table: a few hands' worth, so the whole test stays well under a minute
DECISIONS = 8

#: ideas that say one fact: a panel says at most one of each group (``move.picks-up``: the move's own words)
SAME_FACT = (
    frozenset({"move.picks-up", "rule.dealer-pickup", "classic.opponent-deals"}),
    frozenset({"rule.void", "classic.ruff", "classic.short-suit"}),
    frozenset({"rule.deck-burns", "solitaire.burn", "solitaire.stock-out"}),
)
#: ideas a panel may say more than once (one line per choice compared)
MANY = frozenset({"classic.alternative", "compare.cost", "compare.tie", "solitaire.cost"})
_CARD_WORDS = re.compile(
    r"\bthe (?:(?:seven|eight|nine|ten|jack|queen|king|ace) of (?:spades|hearts|diamonds|clubs)"
    r"|(?:right|left) bower) \([^)]*\)"
)
_IDEA = re.compile(r'data-idea="([^"]+)"')


def _benchmark() -> ModuleType:
    spec = importlib.util.spec_from_file_location("hint_fallback", BENCHMARK)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("hint_fallback", module)
    spec.loader.exec_module(module)
    return module


def _panel(ideas: Any, pos: Any, depth: Depth) -> str:
    """The hint panel's HTML at ``depth``, as the game's table draws it."""
    game = ideas.__name__.split(".")[2]
    if game == "classic":
        from euchre_tutor.games.classic.widgets.hints import hint_body_html

        return hint_body_html(pos.analysis, "ev", pos.view, depth=depth)
    if game == "bid":
        from euchre_tutor.games.bid.widgets.hints import hint_body_html as bid_body

        return bid_body(pos.analysis, pos.view, depth)
    from euchre_tutor.games.solitaire.widgets.render import hint_html

    return hint_html(pos.hint, pos.view, depth, score=pos.score)


def _reminder_problems(expl: Explanation, ideas: Any, pos: Any) -> list[str]:
    """A reminder shown where its rule does not change the decision."""
    r = expl.reminder
    if r is None:
        return []
    view = pos.view
    if r.idea == "rule.follow-suit":
        legal = [a for a in view.legal if getattr(a, "card", None) is not None]
        if len(legal) == len(view.hand):
            return [f"follow-suit reminder, yet every card may be played: {r.text}"]
    if r.idea == "rule.deck-burns":
        burns = {pos.burn(c).expected_burned for c in pos.legal_cards()}
        if len(burns) < 2:
            return [f"burn reminder, yet every lead burns alike: {r.text}"]
    if r.idea == "rule.dealer-pickup" and ("picks it up" in expl.move or expl.move.startswith("Pick up")):
        return [f"pick-up reminder beside an order up: {r.text}"]
    return []


def panel_problems(expl: Explanation, ideas: Any, pos: Any) -> list[str]:
    """What is wrong with the hint of one decision, at every depth (see the module doc)."""
    catalogue = getattr(ideas, "CATALOGUE", None) or ideas.IDEAS
    named = getattr(ideas, "named_positions", None)
    positions = named(pos) if named is not None else [pos]
    out: list[str] = []
    for depth in Depth:
        for q in positions:
            out += [f"{depth.value}: {p}" for p in false_sentences(expl.said(depth), catalogue, q)]
        html = _panel(ideas, pos, depth)
        text = visible_text(html)
        out += [f"{depth.value}: {p}: {text}" for p in text_problems(text, depth)]
        said = _IDEA.findall(html)
        if "picks it up" in expl.move or expl.move.startswith("Pick up"):
            said.append("move.picks-up")
        twice = [i for i, k in Counter(said).items() if k > 1 and i not in MANY]
        out += [f"{depth.value}: idea {i} said twice: {text}" for i in twice]
        for group in SAME_FACT:
            if len(group & set(said)) > 1:
                out.append(f"{depth.value}: one fact, {sorted(group & set(said))}: {text}")
        if depth is not Depth.FIGURES:  # the figures name every choice in full, one line each
            cards = [c for c, k in Counter(_CARD_WORDS.findall(text)).items() if k > 1]
            out += [f"{depth.value}: {c} in full words twice: {text}" for c in cards]
        if depth is Depth.BRIEF:
            words = len(visible_text(html, titles=False).split())
            if words > BRIEF_WORDS:
                out.append(f"brief: {words} words in the panel: {text}")
    return out + _reminder_problems(expl, ideas, pos)


@pytest.fixture(scope="module")
def benchmark() -> ModuleType:
    return _benchmark()


@pytest.mark.parametrize("table", ["solitaire", "classic-beginner", "classic-club", "classic-expert", "bid"])
def test_every_panel_of_a_seeded_loop_is_true_said_once_and_short(benchmark: ModuleType, table: str) -> None:
    seen: list[str] = []

    def check(expl: Explanation, ideas: Any, pos: Any) -> list[str]:
        seen.append(expl.text(Depth.BRIEF))
        return panel_problems(expl, ideas, pos) + benchmark.check(expl, ideas, pos)

    tally = benchmark.TABLES[table](7, DECISIONS, check)
    assert tally.decisions == len(seen) == DECISIONS
    assert tally.problems == [], "\n".join(tally.problems)
