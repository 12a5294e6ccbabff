"""Golden transcripts: OpenSpiel-style playthroughs of a few seeded hands of each game.

Each transcript shows, step by step, the whole state (every hand, the up
card or turn card, the kitty or stock, trump, the trick on the table, the
tricks taken), who is to act, the legal actions, the action taken and what
it did (the engine's events, with the reason a trick was won). A reader
learns the game from them; ``tests/test_transcripts.py`` checks the engines
still produce them to the letter.

The actions are fixed: a scenario lists its bids, and then every decision
takes the first legal action in the engine's order, so the choices are
reproducible, not advice.

    python -m tests.transcripts --update      rewrite tests/data/transcripts/*.txt
    python -m tests.transcripts NAME          print one transcript
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from euchre_tutor.cards import Card, Suit, format_cards
from euchre_tutor.games.classic.engine.deal import Deal, rules_seating
from euchre_tutor.games.classic.engine.events import TrickWon
from euchre_tutor.games.classic.engine.hand import HandState, new_hand
from euchre_tutor.games.classic.engine.messages import PHASE_WORDS
from euchre_tutor.games.classic.engine.play import explain_trick
from euchre_tutor.games.classic.rules import ClassicRules, preset
from euchre_tutor.games.solitaire.engine.engine import Action as SolitaireAction
from euchre_tutor.games.solitaire.engine.engine import (
    DealState,
    NameTrump,
    OrderUp,
    Phase,
    SolitaireDeal,
    new_deal,
)
from euchre_tutor.rules.games import game_names

DIRECTORY = Path(__file__).resolve().parent / "data" / "transcripts"


def _cards(cards: Sequence[Card]) -> str:
    return format_cards(cards, symbols=True) if cards else "-"


# ---------------------------------------------------------------------------
# Solitaire


@dataclass(frozen=True)
class SolitaireScenario:
    title: str
    seed: int
    choice: OrderUp | NameTrump


def _solitaire_state(s: DealState) -> list[str]:
    lines = [
        f"  Phase: {s.phase.value}",
        f"  Hand: {_cards(s.hand)}",
        f"  Turn card: {s.deal.turn.symbol}",
    ]
    if s.trump is not None:
        how = "ordered up" if s.ordered_up else "named"
        lines.append(f"  Trump: {s.trump.symbol} ({how}{', alone' if s.alone else ''})")
    lines.append(f"  Stock, top first ({len(s.stock)} cards, face down to the player): {_cards(s.stock)}")
    if s.burned:
        lines.append(f"  Burned: {_cards(s.burned)}")
    if s.deck_lead is not None:
        lines.append(f"  The deck has led: {s.deck_lead.symbol}")
    lines.append(f"  Tricks: player {s.tricks_won}, deck {len(s.tricks) - s.tricks_won}")
    return lines


def solitaire_transcript(sc: SolitaireScenario) -> str:
    deal = SolitaireDeal.from_seed(sc.seed)
    state = new_deal(deal)
    out = [
        f"# Euchre Solitaire: {sc.title}",
        f"# Seed {sc.seed}: cards 1-5 are the hand, card 6 the turn card, 7-24 the stock (top first).",
        f"# Deal order: {_cards(deal.cards)}",
        "# After the trump choice the first legal card is played each time.",
        "",
    ]
    step = 0
    while not state.is_over:
        action: SolitaireAction = sc.choice if state.phase is Phase.CHOOSE_TRUMP else state.legal_actions()[0]
        out.append(f"Step {step}")
        out.extend(_solitaire_state(state))
        out.append(f"  Legal: {', '.join(str(a) for a in state.legal_actions())}")
        out.append(f"  Action: {action}")
        before = len(state.events)
        state = state.apply(action)
        out.extend(f"    {e.text}" for e in state.events[before:])
        out.append("")
        step += 1
    out.append("Final")
    out.extend(_solitaire_state(state))
    player, deck_points = state.points
    out.append(f"  Points: player {player}, deck {deck_points}")
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------------------
# Classic


@dataclass(frozen=True)
class ClassicScenario:
    title: str
    rules: ClassicRules
    seed: int
    bids: tuple[str, ...]  # the first actions; afterwards the first legal action each time


def _classic_state(s: HandState) -> list[str]:
    lines = [f"  Phase: {PHASE_WORDS[s.phase]}"]
    out = s.sitting_out
    for seat in s.seating.seats:
        notes = [n for n, on in (("dealer", seat == s.dealer), ("sits out", seat in out)) if on]
        note = f" ({', '.join(notes)})" if notes else ""
        lines.append(f"  {seat.word}{note}: {_cards(s.hands[seat])}")
    up = "picked up" if s.up_taken else ("face up" if s.phase.value in _BEFORE_TURN_DOWN else "turned down")
    lines.append(f"  Up card: {s.up.symbol} ({up})")
    lines.append(f"  Kitty (face down): {_cards(s.kitty)}")
    if s.maker is not None:
        contract = f"no trump ({s.notrump})" if s.trump is None else f"{s.trump.symbol} trump"
        alone = ", alone" if s.alone else ""
        lone = f"; {s.lone_defender.word} defends alone" if s.lone_defender is not None else ""
        lines.append(f"  Contract: {contract}, made by {s.maker.word}{alone}{lone}")
    if s.trick_plays:
        lines.append(f"  On the table: {', '.join(f'{seat.word} {c.symbol}' for seat, c in s.trick_plays)}")
    if s.phase.value == "play" or s.tricks:
        taken = ", ".join(f"{t} {s.tricks_won(t)}" for t in s.seating.teams)
        lines.append(f"  Tricks: {taken}")
    return lines


_BEFORE_TURN_DOWN = frozenset({"blind", "round-1"})
_STANDARD = preset("standard").to_json()


def classic_transcript(sc: ClassicScenario) -> str:
    table = rules_seating(sc.rules)
    dealer = table.seats[0]
    deal = Deal.from_seed(sc.seed, dealer, size=sc.rules.deck, joker=sc.rules.joker, seating=table)
    state = new_hand(deal, sc.rules)
    options = {k: v for k, v in sc.rules.to_json().items() if v != _STANDARD.get(k)}
    out = [
        f"# Classic Euchre: {sc.title}",
        f"# {table.description} table, {sc.rules.deck}-card deck{' with the joker' if sc.rules.joker else ''}; "
        f"rules differing from the standard preset: {_options(options)}",
        f"# Seed {sc.seed}, {dealer.word} deals. Bids: {', '.join(sc.bids) or 'none'}; "
        "afterwards the first legal action each time.",
        "",
    ]
    state = play_steps(out, state, sc.bids, _classic_state, _classic_legal, TrickWon, explain_trick)
    out.append("Final")
    out.extend(_classic_state(state))
    points = ", ".join(f"{t} {p}" for t, p in zip(state.seating.teams, state.points(), strict=True))
    out.append(f"  Points: {points}")
    return "\n".join(out) + "\n"


def play_steps(
    out: list[str],
    state: Any,
    bids: Sequence[str],
    describe: Callable[[Any], list[str]],
    legal: Callable[[Any], str],
    trick_won: type,
    explain: Callable[[Any, Any, Any], str],
) -> Any:
    """Play a classic or Bid Euchre hand out, a step per action written to ``out``: the scripted
    ``bids`` first, then the first legal action each time; the final state back."""
    script = list(bids)
    step = 0
    while not state.is_over:
        action = script.pop(0) if script else str(state.legal_actions()[0])
        assert state.to_act is not None
        out.append(f"Step {step}")
        out.extend(describe(state))
        out.append(f"  To act: {state.to_act.word}")
        out.append(f"  Legal: {legal(state)}")
        out.append(f"  Action: {action}")
        state = state.apply(action)
        for event in state.events:
            out.append(f"    {event.text}")
            if isinstance(event, trick_won):
                out.append(f"      Why: {explain(event.trick, state.trump, state.notrump)}.")
        out.append("")
        step += 1
    return state


def _classic_legal(s: HandState) -> str:
    return ", ".join(str(a) for a in s.legal_actions())


def _options(options: dict[str, Any]) -> str:
    return ", ".join(f"{k}={v!r}" for k, v in sorted(options.items())) or "none"


# ---------------------------------------------------------------------------
# The scenarios


SOLITAIRE: dict[str, SolitaireScenario] = {
    "solitaire-order-up": SolitaireScenario("the player orders the turn card up", 7, OrderUp()),
    "solitaire-name-trump": SolitaireScenario("the player names another suit", 3, NameTrump(Suit.SPADES)),
    "solitaire-alone": SolitaireScenario("the player orders up alone", 11, OrderUp(alone=True)),
    "solitaire-stock-runs-out": SolitaireScenario(
        "the stock runs out and the player takes the rest", 125, OrderUp()
    ),
}

CLASSIC: dict[str, ClassicScenario] = {
    "classic-normal-hand": ClassicScenario(
        "East orders up; a hand with partners", preset("standard"), 7, ("order",)
    ),
    "classic-alone": ClassicScenario(
        "South orders up alone; North sits out", preset("standard"), 7, ("pass", "order alone")
    ),
    "classic-stick-the-dealer": ClassicScenario(
        "everyone passes twice until the dealer must name a suit",
        ClassicRules(stick_the_dealer=True),
        7,
        ("pass",) * 7,
    ),
    "classic-three-players": ClassicScenario(
        "three players: the maker plays alone against the other two", preset("three-handed"), 7, ("order",)
    ),
    "classic-six-players": ClassicScenario(
        "six players in two teams of three", preset("six-handed"), 7, ("order",)
    ),
    "classic-joker": ClassicScenario(
        "the joker (benny) as the highest trump", ClassicRules(joker=True), 5, ("order",)
    ),
    "classic-misdeal": ClassicScenario(
        "a player throws in a hand without a face card (misdeal)",
        ClassicRules(misdeal="no-face"),
        31,
        ("misdeal",),
    ),
}


def playthroughs() -> dict[str, tuple[dict[str, Any], Callable[[Any], str]]]:
    """Each registered game's scenarios and how one is written out."""
    from tests.bid.transcripts import BID, bid_transcript  # Bid Euchre's scenarios live with its tests

    return {
        "solitaire": (SOLITAIRE, solitaire_transcript),
        "classic": (CLASSIC, classic_transcript),
        "bid": (BID, bid_transcript),
    }


def transcripts() -> dict[str, Callable[[], str]]:
    """Every transcript's name and how to make it: every registered game's scenarios, in table order."""
    plays = playthroughs()
    missing = [g for g in game_names() if g not in plays]
    assert not missing, f"registered games with no golden playthrough: {missing}"
    made: dict[str, Callable[[], str]] = {}
    for game in game_names():
        scenarios, write = plays[game]
        for name, scenario in scenarios.items():
            made[name] = lambda s=scenario, w=write: w(s)
    return made


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.transcripts", description=__doc__.split("\n")[0])
    parser.add_argument("names", nargs="*", help="print these transcripts")
    parser.add_argument("--update", action="store_true", help=f"rewrite the files in {DIRECTORY}")
    args = parser.parse_args(argv)
    made = transcripts()
    if args.update:
        DIRECTORY.mkdir(parents=True, exist_ok=True)
        for name, make in made.items():
            (DIRECTORY / f"{name}.txt").write_text(make(), encoding="utf-8")
        print(f"wrote {len(made)} transcripts to {DIRECTORY}")
    for name in args.names:
        sys.stdout.write(made[name]())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
