"""The advice of a few hundred seeded positions per game, written down or compared: a refactor's check.

For each game, positions come from seeded deals played by the rule-based player (Solitaire: by the
exact hint's best move), every seat's decisions taken in turn. Each position is analysed as the table
analyses it (classic and Bid Euchre: sampled deals from a fixed seed; Solitaire: exactly) and its
fingerprint is every option's action and values and the grade of every option. ``--write FILE``
stores them (JSON); ``--compare FILE`` recomputes and prints how many positions differ, per game, with
the first differences (target 0: a change that should change no advice changed none).

    python scripts/advice_fingerprint.py --write artifacts/advice-before.json [--positions 300]
    python scripts/advice_fingerprint.py --compare artifacts/advice-before.json
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from euchre_tutor.games.bid.advisor import analyse as bid_analyse  # noqa: E402
from euchre_tutor.games.bid.advisor.reasons import bid_grade  # noqa: E402
from euchre_tutor.games.bid.bots import RuleBasedPlayer as BidPlayer  # noqa: E402
from euchre_tutor.games.bid.engine import Deal as BidDeal  # noqa: E402
from euchre_tutor.games.bid.engine import new_hand as bid_new_hand  # noqa: E402
from euchre_tutor.games.bid.views import seat_view as bid_view  # noqa: E402
from euchre_tutor.games.classic.advisor.analysis import analyse as classic_analyse  # noqa: E402
from euchre_tutor.games.classic.advisor.reasons import classic_grade  # noqa: E402
from euchre_tutor.games.classic.bots import RuleBasedPlayer as ClassicPlayer  # noqa: E402
from euchre_tutor.games.classic.engine.engine import Deal as ClassicDeal  # noqa: E402
from euchre_tutor.games.classic.engine.engine import Phase as ClassicPhase  # noqa: E402
from euchre_tutor.games.classic.engine.engine import Seat  # noqa: E402
from euchre_tutor.games.classic.engine.engine import new_hand as classic_new_hand  # noqa: E402
from euchre_tutor.games.classic.views import seat_view as classic_view  # noqa: E402
from euchre_tutor.games.solitaire.advisor.advice import analyse_view, hint_from_analysis  # noqa: E402
from euchre_tutor.games.solitaire.engine.engine import Phase as SolitairePhase  # noqa: E402
from euchre_tutor.games.solitaire.engine.engine import SolitaireDeal, new_deal  # noqa: E402
from euchre_tutor.games.solitaire.views import player_view  # noqa: E402


def _r(x: Any) -> Any:
    return round(float(x), 9) if isinstance(x, float) else str(x) if x is not None else None


def _grade(g: Any) -> Any:
    return None if g is None else [g.label, _r(float(g.loss))]


def classic_positions(n: int) -> Iterator[tuple[str, Any]]:
    player, seed, made = ClassicPlayer(), 0, 0
    while made < n:
        s = classic_new_hand(ClassicDeal.from_seed(seed, Seat(seed % 4)))
        while s.phase is not ClassicPhase.OVER and made < n:
            seat = s.to_act
            assert seat is not None
            view = classic_view(s, seat)
            if len(view.legal) > 1:
                a = classic_analyse(view, continuation=player, worlds=40, seed=made)
                yield (
                    f"classic {seed} {len(s.history)}",
                    {
                        "worlds": a.worlds,
                        "options": [
                            [str(o.action), _r(o.ev), _r(o.se), _r(o.loss), _r(o.p_make)] for o in a.options
                        ],
                        "grades": {str(o.action): _grade(classic_grade(a, o.action)) for o in a.options},
                    },
                )
                made += 1
            s = s.apply(player.choose(view))
        seed += 1


def bid_positions(n: int) -> Iterator[tuple[str, Any]]:
    player, seed, made = BidPlayer(), 0, 0
    while made < n:
        s = bid_new_hand(BidDeal.from_seed(seed, "NESW"[seed % 4]))
        while not s.is_over and made < n:
            seat = s.to_act
            assert seat is not None
            view = bid_view(s, seat)
            if len(view.legal) > 1 and len(s.history) % 3 == 0:
                a = bid_analyse(view, continuation=player, worlds=12, seed=made)
                yield (
                    f"bid {seed} {len(s.history)}",
                    {
                        "options": [[str(o.action), _r(o.ev), _r(o.loss), _r(o.tricks)] for o in a.options],
                        "grades": {str(o.action): _grade(bid_grade(a, o.action)) for o in a.options},
                    },
                )
                made += 1
            s = s.apply(player.choose(view))
        seed += 1


def solitaire_positions(n: int) -> Iterator[tuple[str, Any]]:
    seed, made = 0, 0
    while made < n:
        state = new_deal(SolitaireDeal.from_seed(seed))
        while state.phase is not SolitairePhase.OVER and made < n:
            view = player_view(state)
            hint = hint_from_analysis(analyse_view(view), view.turn_card)
            yield (
                f"solitaire {seed} {made}",
                {
                    "options": [[str(o.action), str(o.ev), str(o.p3), str(o.p5)] for o in hint.options],
                    "grades": {k: _grade(g) for k, g in hint.grades.items()},
                },
            )
            made += 1
            state = state.apply(hint.best.action)
        seed += 1


GAMES = {"solitaire": solitaire_positions, "classic": classic_positions, "bid": bid_positions}


def fingerprint(games: dict[str, Any], n: int) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for game, positions in games.items():
        t0 = time.perf_counter()
        out[game] = dict(positions(n))
        print(f"{game}: {len(out[game])} positions in {time.perf_counter() - t0:.0f} s", flush=True)
    return out


def run(games: dict[str, Any], doc: str | None, what: str, positions: int) -> int:
    """The command line of a fingerprint (this one's and ``hint_text_fingerprint.py``'s): ``--write`` the
    ``games``' records of ``what`` (``positions`` per game by default), or ``--compare`` them with a file."""
    parser = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    chosen = parser.add_mutually_exclusive_group(required=True)
    chosen.add_argument("--write", type=Path, help=f"store {what} here")
    chosen.add_argument("--compare", type=Path, help=f"compare against {what} stored here")
    parser.add_argument("--positions", type=int, default=positions, help="positions per game")
    args = parser.parse_args()
    if args.write:
        data = fingerprint(games, args.positions)
        args.write.parent.mkdir(parents=True, exist_ok=True)
        args.write.write_text(json.dumps({"positions": args.positions, "games": data}, indent=0))
        print(f"written: {args.write}")
        return 0
    before = json.loads(args.compare.read_text())
    now = fingerprint(games, before["positions"])
    bad = 0
    for game, old in before["games"].items():
        new = json.loads(json.dumps(now[game]))
        differ = [k for k in old if old[k] != new.get(k)] + [k for k in new if k not in old]
        bad += len(differ)
        print(f"{game}: {len(old)} positions compared, {len(differ)} differ (target 0)")
        for k in differ[:3]:
            print(f"  {k}:\n    before {old.get(k)}\n    now    {new.get(k)}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(run(GAMES, __doc__, "the fingerprints", 300))
