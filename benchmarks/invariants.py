"""Reliability figures: random deals and hands with every invariant checked after each action.

Usage: ``python benchmarks/invariants.py [--deals 1000000] [--hands 1000000] [--workers 2]``

1. Euchre Solitaire: ``--deals`` random deals (seeded), random legal play
   (every trump choice, alone or not). After every action:
   - cards conserved: every card of the 24 in exactly one place (hand, turn
     card, stock, burned, played, the deck's lead);
   - legality: the action applied was in ``legal_actions()``; the legal plays
     follow suit (checked with this script's own left-bower rule); a sample of
     actions NOT legal is refused with an EuchreError and leaves the state
     unchanged;
   - tricks and score against this script's own table: burned cards neither
     follow nor trump, the deck plays the first card that does, the winner by
     this script's own card order, and the points by the rule sheet
     (3-4 tricks 1, a march 2, 0-2 the deck 2; alone: 5 tricks 4, less the deck 4).
2. Classic Euchre: ``--hands`` random hands, every configuration of
   :data:`CONFIGS` in turn (the presets and a spread of house rules, 3, 4 and
   6 players), each seat played by RandomPlayer or RuleBasedPlayer (from its
   seat view); some deals are rigged so a joker is turned up or the first
   bidder holds a misdeal or farmer's hand. The same invariants after every
   action (cards in hands, kitty, discards and played cards), the seat view
   offers exactly the legal actions, and at the end the points against
   ``tests/classic/independent_scoring.py`` (a table from the rule sheet that
   does not use the engine's scoring), with the trick winners recomputed here.

Work is split over ``--workers`` processes. It prints the counts, the
failures (must be 0, each with a reproduction), hands/s and the total time
per game, the counts per configuration and how often each special case came up.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, fields
from typing import Any

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from euchre_tutor.cards import JOKER, Card, Rank, Suit, deck  # noqa: E402
from euchre_tutor.errors import EuchreError  # noqa: E402
from euchre_tutor.games.classic.bots import RandomPlayer, RuleBasedPlayer  # noqa: E402
from euchre_tutor.games.classic.engine.engine import (  # noqa: E402
    Action,
    Deal,
    HandScored,
    HandState,
    Phase,
    new_hand,
    rules_seating,
)
from euchre_tutor.games.classic.rules import PRESETS, ClassicRules  # noqa: E402
from euchre_tutor.games.classic.views import seat_view  # noqa: E402
from euchre_tutor.games.solitaire.engine import engine as sol  # noqa: E402
from tests.classic.house_configs import HOUSE_CONFIGS  # noqa: E402


class Broken(Exception):
    """An invariant that did not hold (the message says which and where)."""


def check(ok: object, what: str) -> None:
    if not ok:
        raise Broken(what)


# ---------------------------------------------------------------------------
# This script's own card order (not the engine's): bowers, joker, led suit.

PARTNER_SUIT = {
    Suit.CLUBS: Suit.SPADES,
    Suit.SPADES: Suit.CLUBS,
    Suit.HEARTS: Suit.DIAMONDS,
    Suit.DIAMONDS: Suit.HEARTS,
}


def own_suit(card: Card, trump: Suit | None) -> Suit | None:
    """The suit a card counts as: the joker and the left bower are trump; no trump, printed suits."""
    if card.suit is None:
        return trump
    if trump is not None and card.rank == Rank.JACK and card.suit is PARTNER_SUIT[trump]:
        return trump
    return card.suit


def own_power(card: Card, trump: Suit | None, led: Suit | None, low: bool = False) -> int:
    """Higher wins: joker 100, right bower 99, left bower 98, other trumps 50+rank, the led suit by rank."""
    suit = own_suit(card, trump)
    if trump is not None and suit is trump:
        if card.suit is None:
            return 100
        if card.rank == Rank.JACK:
            return 99 if card.suit is trump else 98
        return 50 + int(card.rank)
    if suit is led:
        return 30 - int(card.rank) if low else int(card.rank)
    return 0


def own_winner(cards: Sequence[Card], trump: Suit | None, low: bool = False) -> int:
    led = own_suit(cards[0], trump)
    powers = [own_power(c, trump, led, low) for c in cards]
    return powers.index(max(powers))


# ---------------------------------------------------------------------------
# Euchre Solitaire

SOL_PACK = frozenset(deck(24))


def solitaire_points(tricks_won: int, alone: bool) -> tuple[int, int]:
    """The rule sheet's table (rules-solitaire.md, Scoring): (player, deck)."""
    if alone:
        return (4, 0) if tricks_won == 5 else (0, 4)
    if tricks_won == 5:
        return 2, 0
    if tricks_won >= 3:
        return 1, 0
    return 0, 2


SOL_UNIVERSE: tuple[sol.Action, ...] = (
    sol.OrderUp(False),
    sol.OrderUp(True),
    *(sol.NameTrump(s, a) for s in Suit for a in (False, True)),
    *(sol.Play(c) for c in deck(24)),
)


def sol_located(s: sol.DealState) -> list[Card]:
    cards = [*s.hand, *s.stock, *s.burned]
    if s.phase is sol.Phase.CHOOSE_TRUMP:
        cards.append(s.deal.turn)
    for t in s.tricks:
        if t.player is not None:
            cards.append(t.player)
        if t.deck is not None:
            cards.append(t.deck)
    if s.deck_lead is not None:
        cards.append(s.deck_lead)
    return cards


def sol_snapshot(s: sol.DealState) -> tuple[Any, ...]:
    return (s.phase, s.hand, s.stock, s.trump, s.alone, s.burned, s.tricks, s.deck_lead, s.events)


def check_sol_state(s: sol.DealState) -> None:
    cards = sol_located(s)
    if not (len(cards) == 24 and set(cards) == SOL_PACK):
        raise Broken(f"cards not conserved: {len(cards)} placed")
    legal = s.legal_actions()
    if s.phase is sol.Phase.OVER:
        check(legal == (), "actions are legal after the deal is over")
        return
    check(legal and len(set(legal)) == len(legal), "no legal action, or one listed twice")
    if s.phase is sol.Phase.PLAY:
        plays = [a.card for a in legal if isinstance(a, sol.Play)]
        check(len(plays) == len(legal) and set(plays) <= set(s.hand), "a legal play not in the hand")
        if s.deck_lead is not None:
            led = own_suit(s.deck_lead, s.trump)
            follow = {c for c in s.hand if own_suit(c, s.trump) is led}
            if not (set(plays) == (follow or set(s.hand))):
                raise Broken(f"legal plays {plays} break follow suit")
        else:
            check(set(plays) == set(s.hand), "the player may lead any card")


def check_sol_trick(before: sol.DealState, after: sol.DealState) -> None:
    """The tricks decided by the last action, against this script's own rules."""
    trump = after.trump
    for t in after.tricks[len(before.tricks) :]:
        if t.awarded:
            check(t.winner == "player" and after.stock == (), "a trick awarded while the stock was not empty")
            continue
        if t.leader == "player" and t.player is not None:
            led = own_suit(t.player, trump)
            for b in t.burned:
                if not (own_suit(b, trump) not in (led, trump)):
                    raise Broken(f"{b} burned though it follows or trumps")
            if t.deck is None:
                check(t.winner == "player", "the stock ran out but the deck won")
                continue
            check(
                own_suit(t.deck, trump) in (led, trump),
                f"the deck played {t.deck}, which neither follows nor trumps",
            )
            cards = [t.player, t.deck]
            sides = ["player", "deck"]
        else:
            check(t.player is not None and t.deck is not None, "a deck-led trick without both cards")
            assert t.player is not None and t.deck is not None
            cards = [t.deck, t.player]
            sides = ["deck", "player"]
        if not (t.winner == sides[own_winner(cards, trump)]):
            raise Broken(f"trick {cards} won by the wrong side")


def sol_probe(s: sol.DealState, rng: random.Random, stats: Counter[str]) -> None:
    legal = set(s.legal_actions())
    for _ in range(3):
        a = SOL_UNIVERSE[rng.randrange(len(SOL_UNIVERSE))]
        if a in legal:
            continue
        before = sol_snapshot(s)
        try:
            s.apply(a)
        except EuchreError:
            stats["illegal refused"] += 1
        else:
            raise Broken(f"illegal {a} was accepted")
        if not (sol_snapshot(s) == before):
            raise Broken(f"refused {a} changed the state")
        return


def solitaire_deal(seed: int, stats: Counter[str]) -> None:
    rng = random.Random(seed)
    s = sol.new_deal(sol.SolitaireDeal.from_seed(seed))
    check_sol_state(s)
    while not s.is_over:
        if rng.random() < 0.3:
            sol_probe(s, rng, stats)
        legal = s.legal_actions()
        a = legal[rng.randrange(len(legal))]
        if a not in legal:
            raise Broken(f"{a} not legal")
        after = s.apply(a)
        stats["actions"] += 1
        check_sol_state(after)
        check_sol_trick(s, after)
        s = after
    if not (len(s.tricks) == 5):
        raise Broken(f"{len(s.tricks)} tricks")
    won = sum(1 for t in s.tricks if t.winner == "player")
    want = solitaire_points(won, s.alone)
    if not (s.points == want):
        raise Broken(f"points {s.points}, the rule sheet says {want} ({won} tricks, alone={s.alone})")
    scored = [e for e in s.events if isinstance(e, sol.DealScored)]
    check(len(scored) == 1 and (scored[0].player_points, scored[0].deck_points) == want, "DealScored event")
    stats["alone"] += s.alone
    stats["ordered up"] += s.ordered_up
    stats["stock ran out"] += any(t.awarded or t.deck is None for t in s.tricks)
    stats[f"player {want[0]}" if want[0] else f"deck {want[1]}"] += 1


# ---------------------------------------------------------------------------
# Classic Euchre: the configurations

CONFIGS: dict[str, dict[str, Any]] = {
    **{f"preset {name}": {"preset": name} for name in PRESETS},
    **HOUSE_CONFIGS,
    "joker-32": {"joker": True, "deck": 32},
    "defend-vs-loner": {"defend_alone": "against-loner"},
    "defend-any-6": {"defend_alone": "any-bid", "lone_defender_euchre_points": 6},
    "no-alone-mix": {"no_alone": True, "stick_the_dealer": True, "no_trump": "high-low", "misdeal": "either"},
    "stick-last-up-suit": {
        "stick_the_dealer": True,
        "dealer_bids_first": True,
        "stuck_dealer_may_name_up_suit": True,
        "trump_lead": "after-broken",
    },
    "mix-after-discard": {
        "alone_timing": "after-discard",
        "call_for_best": True,
        "defend_alone": "any-bid",
        "stick_the_dealer": True,
        "dealer_may_discard_up_card": False,
    },
    "mix-score": {"take_4_for_1": True, "defender_march_points": 4, "alone_march_points": 8, "target": 25},
    "3p-28-joker": {"preset": "three-handed", "deck": 28, "joker": True},
    "3p-32-blind": {"preset": "three-handed", "deck": 32, "joker": True, "joker_up": "dealer-blind"},
    "3p-stick-nt": {"preset": "three-handed", "stick_the_dealer": True, "no_trump": "high-low"},
    "3p-deck-20": {"preset": "three-handed", "deck": 20},
    "3p-20-house": {
        "preset": "three-handed",
        "deck": 20,
        "joker": True,
        "farmers_hand": True,
        "misdeal": "no-face",
        "trump_lead": "after-broken",
    },
    "3p-house": {
        "preset": "three-handed",
        "take_4_for_1": True,
        "misdeal": "either",
        "farmers_hand": True,
        "trump_lead": "not-first-trick",
        "round_1_requirement": "natural-trump",
    },
    "6p-joker-loner": {
        "preset": "six-handed",
        "joker": True,
        "alone_lead": "loner-left",
        "alone_march_points": 6,
    },
    "6p-after-discard": {"preset": "six-handed", "alone_timing": "after-discard", "alone_must_take_5": True},
    "6p-house": {
        "preset": "six-handed",
        "take_4_for_1": True,
        "misdeal": "either",
        "trump_lead": "after-broken",
    },
    "2v2v2-stick-nt": {"preset": "six-handed-2v2v2", "stick_the_dealer": True, "no_trump": "high"},
    "2v2v2-call-for-best": {"preset": "six-handed-2v2v2", "call_for_best": True, "alone_lead": "loner-left"},
    "6p-no-alone": {
        "preset": "six-handed",
        "no_alone": True,
        "stick_the_dealer": True,
        "dealer_bids_first": True,
    },
    "2v2v2-house": {
        "preset": "six-handed-2v2v2",
        "take_4_for_1": True,
        "take_4_three_tricks": "nothing",
        "defender_march_points": 4,
        "dealer_bids_first": True,
        "trump_lead": "not-first-trick",
    },
}


def build_rules(options: dict[str, Any]) -> ClassicRules:
    return ClassicRules.from_json(dict(options))


def option_coverage(rules: Iterable[ClassicRules]) -> list[str]:
    """Options never set away from their default by any configuration (printed: a gap in the spread)."""
    default = ClassicRules()
    seen = {f.name for r in rules for f in fields(r) if getattr(r, f.name) != getattr(default, f.name)}
    return [f.name for f in fields(ClassicRules) if f.name not in seen and f.name != "hands"]


# ---------------------------------------------------------------------------
# Classic Euchre: one hand


def load_scorer() -> Callable[..., Any]:
    """``expected_points(rules, makers_tricks, alone, lone_defender, makers_team)`` from the rule sheet."""
    from tests.classic.independent_scoring import expected_points

    return expected_points


def load_team_count() -> Callable[[ClassicRules], int]:
    from tests.classic.independent_scoring import team_count

    return team_count


def rigged_deal(rules: ClassicRules, seed: str, rig: int) -> Deal:
    """A shuffled deal; rig 1 turns the joker up, 2 gives the first bidder five low cards (a misdeal
    hand, an ace in half of them), 3 gives the first bidder three low cards (a farmer's hand)."""
    table = rules_seating(rules)
    n = table.players
    rng = random.Random(seed)
    dealer = table.seats[rng.randrange(n)]
    cards = list(deck(rules.deck, joker=rules.joker))
    rng.shuffle(cards)
    wanted: list[tuple[int, Card]] = []
    if rig == 1 and rules.joker:
        wanted = [(n * 5, JOKER)]
    elif rig in (2, 3):
        offset = 0 if rules.dealer_bids_first else 1
        ranks = sorted({c.rank for c in cards if c.suit is not None})
        lows = ranks[:1] if rules.deck == 20 else ranks[:2]  # the deck's low cards (farmer's hand)
        low = [c for c in cards if c.rank in lows] if rig == 3 else [c for c in cards if c.rank <= Rank.TEN]
        pick = low[: 5 if rig == 2 else 3]
        if rig == 2 and rng.random() < 0.5:
            pick[0] = next(c for c in cards if c.rank == Rank.ACE)
        wanted = [(offset + k * n, c) for k, c in enumerate(pick)]
    for pos, card in wanted:
        j = cards.index(card)
        cards[pos], cards[j] = cards[j], cards[pos]
    return Deal.from_order(cards, dealer, size=rules.deck, joker=rules.joker, seating=table)


def classic_located(s: HandState) -> list[Card]:
    cards: list[Card] = []
    for hand in s.hands:
        cards.extend(hand)
    for t in s.tricks:
        cards.extend(t.cards)
    cards.extend(c for _, c in s.trick_plays)
    for hidden in (s.discard, s.loner_discard):
        if hidden is not None:
            cards.append(hidden)
    cards.extend(s.kitty)
    if not s.up_taken:
        cards.append(s.up)
    return cards


def classic_snapshot(s: HandState) -> tuple[Any, ...]:
    return (
        s.phase,
        s.to_act,
        s.hands,
        s.kitty,
        s.trump,
        s.maker,
        s.alone,
        s.tricks,
        s.trick_plays,
        s.history,
    )


def probe_universe(rules: ClassicRules) -> list[Action]:
    cards = list(deck(rules.deck, joker=rules.joker))
    words = [
        "pass",
        "order",
        "order alone",
        "alone",
        "partner",
        "misdeal",
        "call high",
        "call low",
        "call high alone",
    ]
    words += [f"call {s.value}" for s in Suit] + [f"call {s.value} alone" for s in Suit]
    out = [Action.parse(w) for w in words]
    out += [Action(k, card=c) for k in ("discard", "play", "give") for c in cards]
    lows = [c for c in cards if c.suit is not None and c.rank <= Rank.TEN]
    out += [Action("under", cards=tuple(lows[i : i + 3])) for i in range(0, len(lows) - 2, 2)]
    return out


@dataclass
class ClassicRun:
    name: str
    rules: ClassicRules
    pack: frozenset[Card]
    probes: list[Action]
    scorer: Callable[..., Any]
    teams: int
    stats: Counter[str] = field(default_factory=Counter)


def check_classic_state(s: HandState, run: ClassicRun) -> tuple[Action, ...]:
    cards = classic_located(s)
    if not (len(cards) == len(run.pack) and set(cards) == run.pack):
        raise Broken(f"cards not conserved: {len(cards)} placed")
    legal = s.legal_actions()
    if s.is_over:
        check(legal == () and s.to_act is None, "actions are legal after the hand is over")
        return legal
    check(s.to_act is not None and legal and len(set(legal)) == len(legal), "no legal action or one twice")
    assert s.to_act is not None
    if s.phase is Phase.PLAY:
        if not (s.to_act not in s.sitting_out):
            raise Broken(f"{s.to_act} plays while sitting out")
        hand = s.hands[s.to_act]
        plays = [a.card for a in legal]
        check(
            all(a.kind == "play" for a in legal) and set(plays) <= set(hand), "a legal play not in the hand"
        )
        if s.trick_plays:
            led = own_suit(s.trick_plays[0][1], s.trump)
            follow = {c for c in hand if own_suit(c, s.trump) is led}
            check(
                set(plays) == (follow or set(hand)),
                f"legal plays {[str(c) for c in plays]} break follow suit",
            )
    return legal


def classic_probe(s: HandState, legal: tuple[Action, ...], rng: random.Random, run: ClassicRun) -> None:
    for _ in range(4):
        a = run.probes[rng.randrange(len(run.probes))]
        if a in legal:
            continue
        before = classic_snapshot(s)
        try:
            s.apply(a)
        except EuchreError:
            run.stats["illegal refused"] += 1
        else:
            raise Broken(f"illegal {a} was accepted")
        if not (classic_snapshot(s) == before):
            raise Broken(f"refused {a} changed the state")
        if not (s.legal_actions() == legal):
            raise Broken(f"refused {a} changed the legal actions")
        return


@dataclass(frozen=True, slots=True)
class LegalOnly:
    """What RandomPlayer reads of a seat view (the seat and its legal actions): no view to build."""

    seat: Any
    legal: tuple[Action, ...]


def classic_hand(index: int, seed: str, run: ClassicRun) -> HandState:
    rng = random.Random(seed)
    rules = run.rules
    rig = (index // len(CONFIGS)) % 4  # every configuration meets every rig in turn
    s = new_hand(rigged_deal(rules, seed, rig), rules)
    table = s.seating
    mode = rng.randrange(3)  # all random, all rule-based, or mixed seat by seat
    rule_based = {seat: (mode == 1 or (mode == 2 and rng.random() < 0.5)) for seat in table.seats}
    bot = RuleBasedPlayer()
    randoms = RandomPlayer(seed)
    while True:
        legal = check_classic_state(s, run)
        if s.is_over:
            break
        assert s.to_act is not None
        if rng.random() < 0.25:
            classic_probe(s, legal, rng, run)
        if (
            rule_based[s.to_act] or rng.random() < 0.2
        ):  # the view itself is checked on a sample of random turns
            view = seat_view(s, s.to_act)
            check(view.legal == legal, "the seat view offers other actions than the state")
            a = (bot if rule_based[s.to_act] else randoms).choose(view)
        else:
            a = randoms.choose(LegalOnly(s.to_act, legal))  # type: ignore[arg-type]
        if a not in legal:
            raise Broken(f"the player chose {a}, not legal")
        s = s.apply(a)
        run.stats["actions"] += 1
    check_classic_end(s, run)
    return s


def check_classic_end(s: HandState, run: ClassicRun) -> None:
    teams = s.seating.teams
    st = run.stats
    if not (len(teams) == run.teams):
        raise Broken(f"{len(teams)} teams at the table, the rule sheet says {run.teams}")
    if s.maker is None:
        check(s.tricks == () and s.points() == (0,) * len(teams), "points or tricks without a maker")
        st["misdeal" if s.misdealt else "passed out"] += 1
        return
    per_trick = s.seating.players - len(s.sitting_out)
    check(len(s.tricks) == 5 and all(len(t.plays) == per_trick for t in s.tricks), "tricks or plays missing")
    low = s.notrump == "low"
    for t in s.tricks:
        winner = t.plays[own_winner(t.cards, s.trump, low)][0]
        if not (t.winner == winner):
            raise Broken(f"trick {[str(c) for c in t.cards]} won by {t.winner}, not {winner}")
    makers = s.maker.team
    taken = sum(1 for t in s.tricks if t.winner.team is makers)
    want = tuple(run.scorer(run.rules, taken, s.alone, s.lone_defender is not None, makers.index))
    got = s.points()
    if not (got == want):
        raise Broken(f"points {got}, the independent scorer says {want} ({taken} tricks)")
    scored = [e for e in s.events if isinstance(e, HandScored)]
    check(len(scored) == 1 and scored[0].points == got, "HandScored event disagrees with points()")
    st["made"] += 1
    st["alone"] += s.alone
    st["lone defender"] += s.lone_defender is not None
    st["went under"] += s.under_seat is not None
    st["called for best"] += s.gift is not None
    st["no trump"] += s.notrump is not None
    st["blind call"] += (
        s.phase is Phase.OVER and bool(s.history) and s.history[0][1].kind == "call" and s.up.is_joker
    )
    st["euchred"] += taken < 3
    st["march"] += taken == 5


# ---------------------------------------------------------------------------
# Workers


def _format_failure(game: str, name: str, seed: object, error: BaseException) -> str:
    kind = "" if isinstance(error, Broken) else f"{type(error).__name__}: "
    return f"{game} [{name}] seed {seed!r}: {kind}{error}"


def solitaire_chunk(args: tuple[int, int, int]) -> dict[str, Any]:
    base, start, count = args
    stats: Counter[str] = Counter()
    failures: list[str] = []
    for i in range(start, start + count):
        seed = base * 1_000_003 + i
        try:
            solitaire_deal(seed, stats)
        except Exception as error:  # every exception is a failure to report, not a crash
            failures.append(_format_failure("solitaire", "rule sheet", seed, error))
        stats["deals"] += 1
    return {"stats": stats, "failures": failures, "per_config": Counter()}


_RUNS: dict[str, ClassicRun] = {}


def classic_chunk(args: tuple[int, int, int]) -> dict[str, Any]:
    base, start, count = args
    if not _RUNS:
        scorer, team_count = load_scorer(), load_team_count()
        for name, options in CONFIGS.items():
            rules = build_rules(options)
            pack = frozenset(deck(rules.deck, joker=rules.joker))
            _RUNS[name] = ClassicRun(name, rules, pack, probe_universe(rules), scorer, team_count(rules))
    names = list(CONFIGS)
    failures: list[str] = []
    per_config: Counter[str] = Counter()
    features: dict[str, Counter[str]] = {}
    for i in range(start, start + count):
        name = names[i % len(names)]
        run = _RUNS[name]
        seed = f"{base}:{i}"
        try:
            classic_hand(i, seed, run)
        except Exception as error:
            failures.append(_format_failure("classic", name, seed, error))
            run.stats["failures"] += 1
        per_config[name] += 1
    stats: Counter[str] = Counter()
    for name, run in _RUNS.items():
        features[name] = run.stats
        stats.update(run.stats)
        run.stats = Counter()
    stats["hands"] = sum(per_config.values())
    return {"stats": stats, "failures": failures, "per_config": per_config, "features": features}


def run_game(
    label: str,
    work: Callable[[tuple[int, int, int]], dict[str, Any]],
    total: int,
    base: int,
    workers: int,
    chunk: int,
    deadline: float = float("inf"),
) -> dict[str, Any]:
    """Run ``total`` items in chunks over the workers; print progress; return the merged results."""
    stats: Counter[str] = Counter()
    failures: list[str] = []
    per_config: Counter[str] = Counter()
    features: dict[str, Counter[str]] = {}
    tasks = [(base, start, min(chunk, total - start)) for start in range(0, total, chunk)]
    t0 = time.perf_counter()
    done = 0
    next_report = 0.1
    ctx = multiprocessing.get_context("fork")
    with ctx.Pool(workers) as pool:
        for result in pool.imap_unordered(work, tasks):
            stats.update(result["stats"])
            failures.extend(result["failures"])
            per_config.update(result["per_config"])
            for name, c in result.get("features", {}).items():
                features.setdefault(name, Counter()).update(c)
            done = stats["deals"] + stats["hands"]
            if time.monotonic() > deadline and done < total:
                print(
                    f"  {label}: stopped at the --max-seconds bound after {done:,} of {total:,}", flush=True
                )
                pool.terminate()
                break
            if total and done / total >= next_report:
                elapsed = time.perf_counter() - t0
                print(
                    f"  {label}: {done:,} of {total:,} ({done / elapsed:,.0f}/s, {elapsed:.0f} s, "
                    f"{len(failures)} failures, load average {os.getloadavg()[0]:.1f})",
                    flush=True,
                )
                next_report += 0.1
    elapsed = time.perf_counter() - t0
    return {
        "stats": stats,
        "failures": failures,
        "per_config": per_config,
        "features": features,
        "time": elapsed,
    }


def print_failures(failures: list[str]) -> None:
    for f in failures[:20]:
        print(f"    FAILURE {f}")
    if len(failures) > 20:
        print(f"    ... and {len(failures) - 20} more")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=1_000_000, help="Euchre Solitaire deals (0: skip)")
    parser.add_argument("--hands", type=int, default=1_000_000, help="classic hands (0: skip)")
    parser.add_argument("--workers", type=int, default=2, help="processes (default 2: both cores)")
    parser.add_argument("--seed", type=int, default=0, help="base seed (a run is reproducible from it)")
    parser.add_argument(
        "--max-seconds",
        type=float,
        default=float("inf"),
        help="stop handing out work after this many seconds in all (the counts printed are those done)",
    )
    args = parser.parse_args()
    for options in CONFIGS.values():
        build_rules(options)  # a configuration the rules refuse stops the run here, before any work
    load_scorer()
    print(
        f"Invariants: {args.deals:,} Solitaire deals and {args.hands:,} classic hands, {args.workers} workers, "
        f"seed {args.seed} (load average {os.getloadavg()[0]:.1f} at start)",
        flush=True,
    )
    failed = 0
    deadline = time.monotonic() + args.max_seconds
    if args.deals:
        r = run_game("solitaire", solitaire_chunk, args.deals, args.seed, args.workers, 5000, deadline)
        st = r["stats"]
        n = st["deals"]
        print(
            f"Euchre Solitaire: {n:,} deals, {len(r['failures'])} failures, {st['actions']:,} actions, "
            f"{st['illegal refused']:,} illegal actions refused unchanged; {n / r['time']:,.0f} deals/s "
            f"({args.workers} workers), total {r['time']:.1f} s"
        )
        outcomes = ", ".join(f"{k} {st[k]:,}" for k in sorted(st) if k.startswith(("player ", "deck ")))
        print(
            f"  alone {st['alone']:,}, ordered up {st['ordered up']:,}, the stock ran out {st['stock ran out']:,}; "
            f"scores: {outcomes}"
        )
        print_failures(r["failures"])
        failed += len(r["failures"])
    if args.hands:
        r = run_game("classic", classic_chunk, args.hands, args.seed, args.workers, 1000, deadline)
        st = r["stats"]
        n = st["hands"]
        print(
            f"Classic Euchre: {n:,} hands, {len(r['failures'])} failures, {st['actions']:,} actions, "
            f"{st['illegal refused']:,} illegal actions refused unchanged; {n / r['time']:,.0f} hands/s "
            f"({args.workers} workers), total {r['time']:.1f} s"
        )
        cols = [
            "made",
            "passed out",
            "misdeal",
            "alone",
            "lone defender",
            "went under",
            "called for best",
            "no trump",
            "blind call",
            "euchred",
            "march",
            "failures",
        ]
        print(f"  {'configuration':22} {'hands':>8} " + " ".join(f"{c:>9.9}" for c in cols))
        for name in CONFIGS:
            f = r["features"].get(name, Counter())
            print(f"  {name:22.22} {r['per_config'][name]:>8,} " + " ".join(f"{f[c]:>9,}" for c in cols))
        gaps = option_coverage(build_rules(o) for o in CONFIGS.values())
        print(f"  options never varied by a configuration: {', '.join(gaps) or 'none'}")
        print_failures(r["failures"])
        failed += len(r["failures"])
    print(f"failures: {failed}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
