"""Every idea sentence a table's hint panel shows, re-checked on its position (in-process).

Each table's app is built as its page builds it (``SolitaireApp``, ``ClassicApp``, ``BidApp`` on one
seed, hints and grading on, the table's own number of deals), and a student makes ``--decisions``
decisions (the hint's best one decision in two, else the first legal one, forced cards at once).
At each decision the hint panel is drawn at every explanation depth; every sentence it marks with
``data-idea`` is matched to the explanation the game built, and that idea's condition is re-checked
on the position with :func:`euchre_tutor.advisor.voice.false_sentences`. The panel's visible text is
checked by ``text_problems`` too. Prints, per table: decisions, idea sentences shown (by idea), the
sentences whose condition fails (target 0), ideas drawn that the explanation did not say (target 0),
and text problems (target 0).

    python benchmarks/voice_ideas.py [--decisions 40] [--seed 3] [--tables solitaire,classic,bid]
"""

from __future__ import annotations

import argparse
import collections
import re
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.review_speed import STEP, pump  # noqa: E402
from euchre_tutor.advisor.voice import Depth, Explanation, false_sentences, text_problems, visible_text  # noqa: E402
from euchre_tutor.games.bid.advisor import ideas as bid_ideas  # noqa: E402
from euchre_tutor.games.classic.advisor import ideas as classic_ideas  # noqa: E402
from euchre_tutor.games.solitaire.advisor import ideas as solitaire_ideas  # noqa: E402
from euchre_tutor.games.solitaire.engine.engine import NameTrump, OrderUp, Phase  # noqa: E402
from euchre_tutor.widgets import BidApp, ClassicApp, SolitaireApp  # noqa: E402

_IDEA = re.compile(r"""data-idea=["']([^"']+)["']""")


class Tally:
    def __init__(self) -> None:
        self.decisions = 0
        self.shown: collections.Counter[str] = collections.Counter()
        self.false: list[str] = []
        self.unsaid: list[str] = []
        self.problems: list[str] = []

    def check(self, app: Any, expl: Explanation, catalogue: Any, position: Any) -> None:
        self.decisions += 1
        for depth in Depth:
            app.depth.depth = depth
            app.refresh_hint()
            html = app.hint_body.value
            drawn = _IDEA.findall(html)
            said = expl.said(depth)
            ids = {s.idea for s in said}
            self.shown.update(drawn)
            self.unsaid += [f"{depth.value}: {i}" for i in drawn if i not in ids]
            self.false += [f"{depth.value}: {f}" for f in false_sentences(said, catalogue, position)]
            self.problems += [f"{depth.value}: {p}" for p in text_problems(visible_text(html), depth)]
        app.depth.depth = Depth.BRIEF


def solitaire(seed: int, decisions: int) -> Tally:
    app = SolitaireApp(seed=seed, grading=True, show_hint=True)
    c, t = app.controller, Tally()
    while t.decisions < decisions and c.state.winner is None:
        view = c.view
        if view is None or view.phase is Phase.OVER:
            c.next_deal()
            continue
        hint = None
        while hint is None:
            pump(app.tutor.analyst, STEP)
            hint = app.tutor.current_hint
        score = c.state.score
        t.check(
            app,
            solitaire_ideas.explain(hint, view, score),
            solitaire_ideas.CATALOGUE,
            solitaire_ideas.position_of(hint, view, score),
        )
        act = hint.best.action if t.decisions % 2 else view.legal[0]
        if isinstance(act, OrderUp | NameTrump):
            c.choose(act)
        else:
            c.play(act.card)
    app.close()
    return t


def _table(app: Any, decisions: int, check: Any) -> Tally:
    c, tutor, t = app.controller, app.tutor, Tally()
    while t.decisions < decisions and not c.state.is_over:
        if c.waiting:
            c.next_hand()
            continue
        if not c.my_turn:
            pump(tutor.analyst, STEP)
            continue
        if tutor.forced is not None:  # a forced card: played at once, no hint
            c.act(tutor.forced)
            continue
        hint = tutor.current_hint
        if hint is None:
            pump(tutor.analyst, STEP)
            continue
        view = c.view
        check(t, hint, view)
        c.act(hint.best.action if t.decisions % 2 else view.legal[0])
    app.close()
    return t


def classic(seed: int, decisions: int) -> Tally:
    app = ClassicApp(seed=seed, grading=True, show_hint=True)
    tutor = app.tutor

    def check(t: Tally, hint: Any, view: Any) -> None:
        turn = tutor.current_turn
        key = None if turn is None else turn.key
        number = app.controller.state.hand_number

        def once(fact: str) -> bool:  # as the panel asks: a fact said once a hand
            return bool(tutor.said_once(key, number, fact))

        t.check(
            app,
            classic_ideas.explain(hint, view, once=once),
            classic_ideas.CATALOGUE,
            classic_ideas.position_of(hint, view),
        )

    return _table(app, decisions, check)


def bid(seed: int, decisions: int) -> Tally:
    app = BidApp(seed=seed, grading=True, show_hint=True)

    def check(t: Tally, hint: Any, view: Any) -> None:
        t.check(app, bid_ideas.explain(hint, view), bid_ideas.IDEAS, bid_ideas.position_of(hint, view))

    return _table(app, decisions, check)


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--decisions", type=int, default=40, help="decisions per table")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--tables", default="solitaire,classic,bid")
    args = parser.parse_args()
    tables = {"solitaire": solitaire, "classic": classic, "bid": bid}
    bad = 0
    for name in args.tables.split(","):
        t0 = time.perf_counter()
        t = tables[name](args.seed, args.decisions)
        bad += len(t.false) + len(t.unsaid) + len(t.problems)
        print(
            f"{name:9} decisions {t.decisions:3}  idea sentences shown {sum(t.shown.values()):4}  "
            f"false {len(t.false)}  drawn but not said {len(t.unsaid)}  text problems {len(t.problems)}  "
            f"({time.perf_counter() - t0:.0f} s)",
            flush=True,
        )
        print("    by idea: " + ", ".join(f"{k} {v}" for k, v in sorted(t.shown.items())))
        for line in (t.false + t.unsaid + t.problems)[:10]:
            print(f"    {line}")
    print(f"\nsentences or texts not as they should be: {bad} (target 0)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
