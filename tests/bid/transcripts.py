"""Golden transcripts of seeded Bid Euchre hands (see :mod:`tests.transcripts`, which gathers them).

Each shows, step by step, every hand, the kitty, the bids, the contract,
the trick on the table and the tricks taken, who acts, the legal actions
(a long list shortened), the action and what it did, with the reason each
trick was won. The scenario fixes the first actions (the bids); afterwards
the first legal action each time, so the choices are reproducible, not advice.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from euchre_tutor.cards import Card, format_cards
from euchre_tutor.games.bid.engine import Deal, HandState, TrickWon, explain_trick, new_hand
from euchre_tutor.games.bid.engine.events import contract_words
from euchre_tutor.games.bid.rules import BidRules, preset
from euchre_tutor.tricks.seating import FOUR
from tests.transcripts import play_steps


@dataclass(frozen=True)
class BidScenario:
    title: str
    rules: BidRules
    seed: int
    bids: tuple[str, ...]


def _cards(cards: Sequence[Card]) -> str:
    return format_cards(cards, symbols=True) if cards else "-"


def _state(s: HandState) -> list[str]:
    lines = [f"  Phase: {s.phase.value}"]
    for seat in FOUR.seats:
        notes = [n for n, on in (("dealer", seat == s.dealer), ("sits out", seat == s.sitting_out)) if on]
        note = f" ({', '.join(notes)})" if notes else ""
        lines.append(f"  {seat.word}{note}: {_cards(s.hands[seat])}")
    if s.deal.kitty:
        taken = s.phase.value not in ("bidding", "trump") and s.bidder is not None
        lines.append(f"  Kitty (face down{', taken' if taken else ''}): {_cards(s.deal.kitty)}")
    if s.high is not None and s.bidder is not None:
        lines.append(f"  High bid: {s.high} by {s.bidder.word} (needs {s.needs} tricks)")
    if s.contract_named:
        lines.append(f"  Contract: {contract_words(s.trump, s.notrump)}")
    if s.discards or s.gifts:
        lines.append(f"  Face down: passed {_cards(s.gifts)}; discarded {_cards(s.discards)}")
    if s.trick_plays:
        lines.append(f"  On the table: {', '.join(f'{seat.word} {c.symbol}' for seat, c in s.trick_plays)}")
    if s.phase.value == "play" or s.tricks:
        lines.append(f"  Tricks: {', '.join(f'{t} {s.tricks_won(t)}' for t in FOUR.teams)}")
    return lines


def _legal(s: HandState) -> str:
    words = [str(a) for a in s.legal_actions()]
    if len(words) > 12:
        return ", ".join(words[:8]) + f", ... ({len(words)} in all, the last {words[-1]})"
    return ", ".join(words)


_COMMON = preset("common").to_json()


def bid_transcript(sc: BidScenario) -> str:
    deal = Deal.from_seed(sc.seed, "N", sc.rules)
    state = new_hand(deal, sc.rules)
    options: dict[str, Any] = {k: v for k, v in sc.rules.to_json().items() if v != _COMMON.get(k)}
    shown = ", ".join(f"{k}={v!r}" for k, v in sorted(options.items())) or "none"
    out = [
        f"# Bid Euchre: {sc.title}",
        f"# {sc.rules.deck_size} cards, {sc.rules.hand_size} each; rules differing from the common game: {shown}",
        f"# Seed {sc.seed}, North deals. Bids: {', '.join(sc.bids) or 'none'}; afterwards the first legal "
        "action each time.",
        "",
    ]
    state = play_steps(out, state, sc.bids, _state, _legal, TrickWon, explain_trick)
    out.append("Final")
    out.extend(_state(state))
    ns, ew = state.points()
    out.append(f"  Points: NS {ns}, EW {ew}")
    return "\n".join(out) + "\n"


BID: dict[str, BidScenario] = {
    "bid-common": BidScenario(
        "the common game: four bids, spades trump, the high bidder leads",
        preset("common"),
        7,
        ("bid 1 H", "bid 2 D", "bid 3 S", "pass"),
    ),
    "bid-alone-no-trump": BidScenario(
        "no trump low outbid by an alone bid in no trump (high)",
        preset("nt-high-low"),
        12,
        ("bid 3 low", "pass", "bid alone high", "pass"),
    ),
    "bid-call-2": BidScenario(
        "call 2: the partner passes two cards, the loner discards two",
        preset("nt-high-low"),
        5,
        ("pass", "bid call 2 H", "pass", "pass"),
    ),
    "bid-kitty-joker": BidScenario(
        "the joker and a one-card kitty for the bid winner",
        preset("kitty-joker"),
        3,
        ("bid 3 C", "pass", "bid 4 D", "pass"),
    ),
    "bid-auction-level": BidScenario(
        "an auction of tricks only; the winner names trump afterwards",
        preset("auction"),
        9,
        ("bid 2", "bid 3", "pass", "pass", "bid 4", "pass", "pass", "pass", "trump S"),
    ),
    "bid-double-deck": BidScenario(
        "the double deck: twelve cards each, of two equal cards the first played wins",
        preset("double-deck"),
        4,
        ("bid 3 H", "bid 5 S", "pass", "bid 6 C"),
    ),
}
