"""Every hint's words for a few hundred seeded positions per game, written down or compared: a check
that a refactor of the ideas changed no sentence a student reads.

Positions are those of ``scripts/advice_fingerprint.py`` (seeded deals played by the rule-based player;
Solitaire: by the exact hint's best move; every seat's decisions taken in turn), analysed the same way
(classic and Bid Euchre: sampled deals from a fixed seed; Solitaire: exactly, one position in four in
game mode at a seeded score). For each position the game's ``ideas.explain`` is run and its whole
:class:`~euchre_tutor.advisor.voice.Explanation` written down: the move in words, each "because" (idea,
text, lesson), the reminder, the alternatives, the figures and the tied choices; and, for each position
the hint's sentences are checked on (``named_positions``), which ideas of the game's catalogue hold (so a
condition that changed is caught even where no sentence shows it).

``--write FILE`` stores them (JSON); ``--compare FILE`` recomputes and prints how many positions differ,
per game, with the first differences (target 0).

    python scripts/hint_text_fingerprint.py --write artifacts/hint-text-before.json [--positions 800]
    python scripts/hint_text_fingerprint.py --compare artifacts/hint-text-before.json
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from advice_fingerprint import run  # noqa: E402  (the script beside this one: one command line for both)

from euchre_tutor.advisor.voice import Explanation, Said  # noqa: E402
from euchre_tutor.games.bid.advisor import analyse as bid_analyse  # noqa: E402
from euchre_tutor.games.bid.advisor import ideas as bid_ideas  # noqa: E402
from euchre_tutor.games.bid.bots import RuleBasedPlayer as BidPlayer  # noqa: E402
from euchre_tutor.games.bid.engine import Deal as BidDeal  # noqa: E402
from euchre_tutor.games.bid.engine import new_hand as bid_new_hand  # noqa: E402
from euchre_tutor.games.bid.views import seat_view as bid_view  # noqa: E402
from euchre_tutor.games.classic.advisor import ideas as classic_ideas  # noqa: E402
from euchre_tutor.games.classic.advisor.analysis import analyse as classic_analyse  # noqa: E402
from euchre_tutor.games.classic.bots import RuleBasedPlayer as ClassicPlayer  # noqa: E402
from euchre_tutor.games.classic.engine.engine import Deal as ClassicDeal  # noqa: E402
from euchre_tutor.games.classic.engine.engine import Phase as ClassicPhase  # noqa: E402
from euchre_tutor.games.classic.engine.engine import Seat  # noqa: E402
from euchre_tutor.games.classic.engine.engine import new_hand as classic_new_hand  # noqa: E402
from euchre_tutor.games.classic.views import seat_view as classic_view  # noqa: E402
from euchre_tutor.games.solitaire.advisor import ideas as solitaire_ideas  # noqa: E402
from euchre_tutor.games.solitaire.advisor.advice import analyse_view, hint_from_analysis  # noqa: E402
from euchre_tutor.games.solitaire.engine.engine import Phase as SolitairePhase  # noqa: E402
from euchre_tutor.games.solitaire.engine.engine import SolitaireDeal, new_deal  # noqa: E402
from euchre_tutor.games.solitaire.views import player_view  # noqa: E402


def _said(s: Said | None) -> Any:
    return None if s is None else [s.idea, s.text, s.lesson]


def _record(expl: Explanation, ideas: Any, pos: Any) -> dict[str, Any]:
    """The explanation's every field, and the catalogue's ideas that hold in each checked position."""
    catalogue = getattr(ideas, "CATALOGUE", None) or ideas.IDEAS
    return {
        "move": expl.move,
        "why": [_said(s) for s in expl.why],
        "reminder": _said(expl.reminder),
        "alternatives": [_said(s) for s in expl.alternatives],
        "figures": list(expl.figures),
        "tied": list(expl.tied),
        "holds": [sorted(k for k, i in catalogue.items() if i.holds(q)) for q in ideas.named_positions(pos)],
    }


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
                expl = classic_ideas.explain(a, view)
                pos = classic_ideas.position_of(a, view)
                yield f"classic {seed} {len(s.history)}", _record(expl, classic_ideas, pos)
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
                expl = bid_ideas.explain(a, view)
                pos = bid_ideas.position_of(a, view)
                yield f"bid {seed} {len(s.history)}", _record(expl, bid_ideas, pos)
                made += 1
            s = s.apply(player.choose(view))
        seed += 1


def solitaire_positions(n: int) -> Iterator[tuple[str, Any]]:
    seed, made = 0, 0
    while made < n:
        state = new_deal(SolitaireDeal.from_seed(seed))
        while state.phase is not SolitairePhase.OVER and made < n:
            view = player_view(state)
            game = made % 4 == 3
            score = (seed % 10, (3 * seed) % 10) if game else (0, 0)
            mode = "game" if game else "points"
            hint = hint_from_analysis(analyse_view(view, mode=mode, score=score), view.turn_card)
            expl = solitaire_ideas.explain(hint, view, score)
            pos = solitaire_ideas.position_of(hint, view, score)
            yield f"solitaire {seed} {made}", _record(expl, solitaire_ideas, pos)
            made += 1
            state = state.apply(hint.best.action)
        seed += 1


GAMES = {"solitaire": solitaire_positions, "classic": classic_positions, "bid": bid_positions}


if __name__ == "__main__":
    sys.exit(run(GAMES, __doc__, "the hints' words", 800))
