"""How soon after a match's last move are its review, luck and rating ready? (target: 10 s classic, 2 s Solitaire)

Usage: ``python benchmarks/review_speed.py [--game classic|solitaire] [--hands 20] [--think 3]
[--matches 1] [--seed 1]``

Plays a match at the table as a student would: the analyses run in the table's worker process (as in
a kernel: hints, grades, and grades refined after the move), the student answers each decision after
``--think`` seconds (classic: the Club player's choice, a Mistake now and then; Solitaire: the hint's
runner-up one decision in three), forced cards are played at once. Classic: a ``--hands``-hand match
at a Club table; Solitaire: ``--hands`` deals. After the last move it waits until every decision of the
match is graded (the review's grades, the luck's decision part and the error rate all rest on them) and
prints that wait, with how many grades were refined after the move. Clicks never wait for it: the
worker runs beside the page (this script checks the page's state every 50 ms).
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

from euchre_tutor.games.classic.bots import RuleBasedPlayer
from euchre_tutor.games.solitaire.engine.engine import NameTrump, OrderUp, Phase, Play
from euchre_tutor.widgets import ClassicApp, SolitaireApp

STEP = 0.05  # seconds between looks at the worker's messages


def pump(analyst: Any, seconds: float) -> None:
    """Deliver the worker's messages for ``seconds`` (a kernel's event loop does this by itself)."""
    end = time.monotonic() + seconds
    while True:
        if analyst is not None:
            analyst.drain()
        if time.monotonic() >= end:
            return
        time.sleep(STEP)


def classic_match(seed: int, hands: int, think: float) -> tuple[float, int, int]:
    app = ClassicApp(seed=seed, rules={"hands": hands}, grading=True, show_hint=False)
    c, t = app.controller, app.tutor
    student = RuleBasedPlayer()
    decisions = 0
    while not c.state.is_over:
        if c.waiting:
            c.next_hand()
            continue
        if not c.my_turn:
            pump(t.analyst, STEP)
            continue
        if t.forced is not None:
            t.autoplay_now()
            continue
        pump(t.analyst, think)
        view = c.view
        act = student.choose(view)
        if decisions % 7 == 3:  # now and then the worst-looking choice, as a student errs
            act = view.legal[-1]
        c.act(act)
        decisions += 1
    last = time.monotonic()
    while True:
        pump(t.analyst, STEP)
        pending = [d for d in t.decisions() if d.key is not None and t.grade_of(d) is None]
        if not pending:
            break
    wait = time.monotonic() - last
    refined = sum(1 for d in t.decisions() if d.key is not None and t.refine_key(d) in t.hints)
    app.close()
    return wait, decisions, refined


def solitaire_game(seed: int, deals: int, think: float) -> tuple[float, int, int]:
    app = SolitaireApp(seed=seed, grading=True, show_hint=False)
    c, tu = app.controller, app.tutor
    decisions = done = 0
    last = time.monotonic()
    while done < deals and c.state.winner is None:
        view = c.view
        if view is None or view.phase is Phase.OVER:
            done += 1
            if done < deals and c.state.winner is None:
                c.next_deal()
            continue
        pump(tu.analyst, think if len(view.legal) > 1 else 0)
        hint = tu.current_hint
        options = [o.action for o in hint.options] if hint is not None else list(view.legal)
        act = options[min(1, len(options) - 1)] if decisions % 3 == 2 else options[0]
        if isinstance(act, OrderUp | NameTrump):
            c.choose(act)
        else:
            assert isinstance(act, Play)
            c.play(act.card)
        decisions += 1
        last = time.monotonic()
    while True:
        pump(tu.analyst, STEP)
        if all(tu.grade_of(d) is not None for d in tu.decisions()):
            break
    wait = time.monotonic() - last
    app.close()
    return wait, decisions, 0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", choices=["classic", "solitaire"], default="classic")
    ap.add_argument("--hands", type=int, default=20)
    ap.add_argument("--think", type=float, default=3.0, help="seconds the student takes for a decision")
    ap.add_argument("--matches", type=int, default=1)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    target = 10.0 if args.game == "classic" else 2.0
    waits = []
    for i in range(args.matches):
        start = time.monotonic()
        play = classic_match if args.game == "classic" else solitaire_game
        wait, decisions, refined = play(args.seed + i, args.hands, args.think)
        waits.append(wait)
        print(
            f"{args.game} match {i + 1}: {args.hands} {'hands' if args.game == 'classic' else 'deals'}, "
            f"{decisions} student decisions in {time.monotonic() - start:.0f} s ({args.think:g} s each), "
            f"{refined} grades refined after the move; every grade ready {wait:.2f} s after the last move",
            flush=True,
        )
    print(
        f"review ready after the last move: median {statistics.median(waits):.2f} s, worst {max(waits):.2f} s "
        f"over {len(waits)} match(es) (target {target:g} s: {'met' if max(waits) <= target else 'NOT met'})"
    )


if __name__ == "__main__":
    main()
