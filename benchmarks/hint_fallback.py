"""How often a first-depth hint with a choice falls back to a statistic instead of a reason in the cards.

Per table (Solitaire; classic at each table level, Beginner, Club and Expert; Bid Euchre), a seeded run
plays on until ``--decisions`` of the student's decisions with more than one legal choice have been
hinted. The student sits South (Solitaire: the player) among the table's own computer players (at the
classic Expert table, the Club player bids and plays the other seats: the hint is the Expert table's, the
positions the Club table's, so the run stays within minutes) and takes the hint's best move, or, one
decision in three (seeded), a random legal one, so the run meets positions a hint-follower would not.
Each hint is built as the table builds it (the same analysis, the same ``explain``) and read at the first
depth. Prints, per table:

- **fallback**: the share of decisions whose only reason shown is a statistic ("you take 3 or more tricks
  about 1 time in 10", "it scores the most … in the deals that fit", "cannot tell apart", "every choice
  loses … this one loses the least") or no reason at all (target ≤ 5%), with the ideas that fell back;
- **words**: the median and the largest first-depth hint in words (move, reason, reminder and the lesson
  link, as the panel counts them; target ≤ 45);
- **problems**: sentences whose idea does not hold for every card or choice they name (ties included:
  each tied choice is re-checked as the move), text a student must never read, and hints over 45 words
  (target 0), with the first few listed.

Each table's run is written to ``--out`` (default ``artifacts/hint_fallback/``), one file per table and
seed, ``TABLE-seedSEED-DECISIONS.jsonl``: a line per decision with its situation (phase, hand, trump,
trick, the choices tied with the best), the idea said first, whether it fell back, and the hint at the
first two depths, so the fallback cases can be read and sorted by kind.

    python benchmarks/hint_fallback.py [--decisions 200] [--seed 1]
        [--tables solitaire,classic-beginner,classic-club,classic-expert,bid] [--show 3] [--out DIR]
"""

from __future__ import annotations

import argparse
import collections
import json
import random
import re
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from euchre_tutor.advisor.voice import (  # noqa: E402
    BRIEF_WORDS,
    Depth,
    Explanation,
    false_sentences,
    text_problems,
)

#: the ideas whose sentence is a statistic, not a reason in the cards
STATISTICS = frozenset(
    {
        "solitaire.outlook",
        "solitaire.least-bad",
        "classic.tie",
        "classic.best-value",
        "result.best",
    }
)
#: words that make a sentence a statistic whatever its idea
_STATISTIC_WORDS = re.compile(
    r"cannot tell|scores the most|comes out about|loses the least",
    re.I,
)


@dataclass
class Tally:
    """What one table's run found."""

    decisions: int = 0
    fallback: collections.Counter[str] = field(default_factory=collections.Counter)
    words: list[int] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    examples: list[str] = field(default_factory=list)
    reasons: collections.Counter[str] = field(default_factory=collections.Counter)
    lines: list[dict[str, Any]] = field(default_factory=list)

    def read(self, expl: Explanation, where: str, false: list[str], situation: dict[str, Any]) -> None:
        """Count one first-depth hint: its reason, its words, its problems (``situation``: the decision
        in short words, for the run file)."""
        self.decisions += 1
        shown = expl.said(Depth.BRIEF)
        why = [s for s in shown if s is not expl.reminder]
        first = why[0] if why else None
        fell = first is None or first.idea in STATISTICS or bool(_STATISTIC_WORDS.search(first.text))
        if fell:
            key = "no reason" if first is None else first.idea
            self.fallback[key] += 1
            if len(self.examples) < 40:
                self.examples.append(f"{where}: {expl.text(Depth.BRIEF)}")
        elif first is not None:
            self.reasons[first.idea] += 1
        n = expl.brief_words()
        self.words.append(n)
        problems = [f"{n} words"] if n > BRIEF_WORDS else []
        problems += text_problems(expl.text(Depth.BRIEF), Depth.BRIEF) + false
        self.problems += [f"{where}: {p}" for p in problems]
        self.lines.append(
            {
                "decision": self.decisions,
                "where": where,
                **situation,
                "idea": None if first is None else first.idea,
                "fallback": fell,
                "words": n,
                "brief": expl.text(Depth.BRIEF),
                "compare": expl.text(Depth.COMPARE),
                "problems": problems,
            }
        )


def _situation(view: Any, tied: Any) -> dict[str, Any]:
    """A classic or Bid decision in short words: its phase, the hand, trump, the trick, the tied choices."""
    trump = getattr(view, "trump", None)
    return {
        "phase": view.phase.name.lower(),
        "hand": " ".join(c.symbol for c in view.hand),
        "trump": None if trump is None else trump.symbol,
        "notrump": getattr(view, "notrump", None),
        "trick": " ".join(f"{s}:{c.symbol}" for s, c in view.trick_plays),
        "tied": [str(o.action) for o in tied],
        "legal": len(view.legal),
    }


def _pick(rng: random.Random, best: Any, legal: Any) -> Any:
    return rng.choice(list(legal)) if rng.random() < 1 / 3 else best


# ---------------------------------------------------------------------------------------------- Solitaire


def solitaire(seed: int, decisions: int, check: Callable[..., list[str]]) -> Tally:
    from euchre_tutor.games.solitaire.advisor import ideas
    from euchre_tutor.games.solitaire.engine.engine import Phase, Play
    from euchre_tutor.games.solitaire.session.advice import AdvisorSource, HintRequest
    from euchre_tutor.games.solitaire.session.controller import SolitaireController

    source, rng, t = AdvisorSource(), random.Random(seed), Tally()
    c = SolitaireController(seed=seed)
    while t.decisions < decisions:
        view = c.view
        if view is None or view.phase is Phase.OVER or c.state.winner is not None:
            if c.state.winner is not None:
                c = SolitaireController(seed=seed + 1000 + t.decisions)
            else:
                c.next_deal()
            continue
        score = c.state.score
        hint = source.analyse(HintRequest((), view, "points", score, c.state.rules.target), lambda a, b: None)
        act = hint.best.action
        if len(view.legal) > 1:
            expl = ideas.explain(hint, view, score)
            pos = ideas.position_of(hint, view, score)
            where = f"deal {c.deal_start()} {view.phase.name.lower()}"
            situation = {"phase": view.phase.name.lower(), "best": str(hint.best.action)}
            t.read(expl, where, check(expl, ideas, pos), situation)
            act = _pick(rng, act, view.legal)
        if isinstance(act, Play):
            c.play(act.card)
        else:
            c.choose(act)
    return t


# ---------------------------------------------------------------------------------------------- classic


def _classic_states(seed: int, level: str) -> Iterator[Any]:
    """The match's states at each South decision with a choice; the caller sends back South's action."""
    from euchre_tutor.games.classic.bots import LEVELS
    from euchre_tutor.games.classic.engine.engine import Seat
    from euchre_tutor.games.classic.engine.match import new_match
    from euchre_tutor.games.classic.views import seat_view

    match_no = 0
    while True:
        seats_level = "club" if level == "expert" else level
        players = {
            s: LEVELS[seats_level].player(seed=f"{seed}{match_no}{s}") for s in (Seat.N, Seat.E, Seat.W)
        }
        m = new_match(seed=f"{seed}:{match_no}")
        while not m.is_over:
            seat = m.to_act
            assert seat is not None
            view = seat_view(m, seat)
            if len(view.legal) == 1:
                m = m.apply(view.legal[0])
            elif seat is Seat.S:
                action = yield m
                m = m.apply(action)
            else:
                m = m.apply(players[seat].choose(view))
        match_no += 1


def classic(level: str) -> Callable[[int, int, Callable[..., list[str]]], Tally]:
    def run(seed: int, decisions: int, check: Callable[..., list[str]]) -> Tally:
        from euchre_tutor.games.classic.advisor import ideas
        from euchre_tutor.games.classic.advisor.position import write_position
        from euchre_tutor.games.classic.engine.engine import Seat
        from euchre_tutor.games.classic.session.advice import ClassicAdvisorSource, ClassicHintRequest
        from euchre_tutor.games.classic.views import seat_view

        source, rng, t = ClassicAdvisorSource(), random.Random(seed), Tally()
        states = _classic_states(seed, level)
        m = next(states)
        while True:
            position = write_position(m.hand, Seat.S, m.scores)
            request = ClassicHintRequest(("b", t.decisions), position, seed=seed, table=level)
            analysis = source.analyse(request, lambda a, b: None)
            view = seat_view(m, Seat.S)
            expl = ideas.explain(analysis, view)
            pos = ideas.position_of(analysis, view)
            where = f"hand {m.hand_number} {view.phase.name.lower()}"
            t.read(expl, where, check(expl, ideas, pos), _situation(view, pos.tied))
            if t.decisions >= decisions:
                return t
            m = states.send(_pick(rng, analysis.best.action, view.legal))

    return run


# ---------------------------------------------------------------------------------------------- Bid


def bid(seed: int, decisions: int, check: Callable[..., list[str]]) -> Tally:
    from euchre_tutor.games.bid.advisor import analyse, ideas
    from euchre_tutor.games.bid.bots import RuleBasedPlayer
    from euchre_tutor.games.bid.engine import Seat, new_match
    from euchre_tutor.games.bid.views import seat_view

    rng, t, table, match_no = random.Random(seed), Tally(), RuleBasedPlayer(), 0
    while True:
        m = new_match(seed=f"{seed}:{match_no}")
        while not m.is_over:
            seat = m.to_act
            assert seat is not None
            view = seat_view(m, seat)
            if len(view.legal) == 1:
                m = m.apply(view.legal[0])
                continue
            if seat is not Seat.S:
                m = m.apply(table.choose(view))
                continue
            analysis = analyse(view, continuation=table, worlds=200, seed=seed)
            expl = ideas.explain(analysis, view)
            pos = ideas.position_of(analysis, view)
            where = f"hand {m.hand_number} {view.phase.name.lower()}"
            t.read(expl, where, check(expl, ideas, pos), _situation(view, pos.tied))
            if t.decisions >= decisions:
                return t
            m = m.apply(_pick(rng, analysis.best.action, view.legal))
        match_no += 1


# ---------------------------------------------------------------------------------------------- checks


def check(expl: Explanation, ideas: Any, pos: Any) -> list[str]:
    """The first depth's sentences whose idea does not hold for every card or choice they name."""
    catalogue = getattr(ideas, "CATALOGUE", None) or ideas.IDEAS
    named = getattr(ideas, "named_positions", None)
    positions = named(pos) if named is not None else [pos]
    out: list[str] = []
    for p in positions:
        out += false_sentences(expl.said(Depth.BRIEF), catalogue, p)
    return list(dict.fromkeys(out))


TABLES: dict[str, Callable[[int, int, Callable[..., list[str]]], Tally]] = {
    "solitaire": solitaire,
    "classic-beginner": classic("beginner"),
    "classic-club": classic("club"),
    "classic-expert": classic("expert"),
    "bid": bid,
}


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--decisions", type=int, default=200, help="decisions with a choice per table")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--tables", default=",".join(TABLES))
    parser.add_argument("--show", type=int, default=3, help="fallback hints and problems listed per table")
    parser.add_argument(
        "--out", type=Path, default=ROOT / "artifacts" / "hint_fallback", help="where the run files go"
    )
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    worst = 0.0
    for name in args.tables.split(","):
        t0 = time.perf_counter()
        t = TABLES[name](args.seed, args.decisions, check)
        share = sum(t.fallback.values()) / max(1, t.decisions)
        worst = max(worst, share)
        words = sorted(t.words)
        run = args.out / f"{name}-seed{args.seed}-{args.decisions}.jsonl"
        run.write_text("".join(json.dumps(line, ensure_ascii=False) + "\n" for line in t.lines))
        print(
            f"{name:17} decisions {t.decisions:4}  fallback {100 * share:5.1f}%  words median "
            f"{statistics.median(words):.0f} max {words[-1]}  problems {len(t.problems)}  "
            f"({time.perf_counter() - t0:.0f} s)",
            flush=True,
        )
        if t.fallback:
            print("    fell back: " + ", ".join(f"{k} {v}" for k, v in t.fallback.most_common()))
        print("    reasons: " + ", ".join(f"{k} {v}" for k, v in t.reasons.most_common()))
        for line in t.examples[: args.show]:
            print(f"    fallback  {line}")
        for line in t.problems[: args.show]:
            print(f"    problem   {line}")
        print(f"    run file  {run.relative_to(ROOT) if run.is_relative_to(ROOT) else run}")
    print(f"\nlargest fallback share: {100 * worst:.1f}% (target ≤ 5%)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
