"""Classic strength: seat-swapped duplicate hands, OpenSpiel's ``euchre`` as referee.

Usage::

    python benchmarks/classic_strength.py [--a rule-based] [--b random] [--deals 200]
        [--seed 1] [--jobs 2] [--expert-worlds 200] [--ismcts-sims 1000]
        [--progress 50] [--out artifacts/strength-NAME.json] [--summary]

Every deal (seeded, dealer rotating with the deal's index) is played twice: team
A at N/S and B at E/W, then the same cards with A at E/W. OpenSpiel's C++
``euchre`` (default parameters: stick the dealer, alone decided after the
discard, one hand) is the game of record; our players choose from the
``seat_view`` of a mirrored euchre_tutor hand (preset ``openspiel``), and after
every action both engines must agree on who acts and on the legal set. The
score is pyspiel's returns; a deal's figure is A's returns over the two plays,
halved: points per hand. Luck of the cards cancels, so a few thousand hands
separate players whose strength differs by a tenth of a point.

Players: ``rule-based``, ``random``, ``expert`` (``ExpertPlayer(worlds=...,
seed=...)``), ``expert-club`` (the Expert valuing its bids with the Club model, as before the
Expert-table model: the fixed baseline), ``expert-seated`` (the Expert that models the other side
as the players they are: the rule-based player as Club, ISMCTS and Experts as Experts) and ``ismcts`` (OpenSpiel's C++ ISMCTS, random rollouts,
most-visited final policy, acting on the pyspiel state; note that OpenSpiel
2.0.2's resampling never moves the undealt cards or the dealer's discard, so
it sees more than a fair player). Our players are seeded per deal and seat, so
a run is reproducible for them and identical players cancel exactly; ISMCTS is
not reproducible across processes even with fixed seeds.

It prints A's mean points per hand with a 95% interval (1.96 sample sd /
sqrt(deals)), the hands played, how often each side made trump and was
euchred, wall time and time per decision, wall and CPU (decisions with one
legal action are played without asking anyone and not counted; on a shared
machine the CPU time is the fairer figure). ``--out`` keeps every deal's
result; run again with the same settings and more ``--deals`` to extend a run,
or with ``--summary`` to print the figures of a saved run.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib
import json
import math
import statistics
import sys
import time
from collections.abc import Iterable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Protocol

import pyspiel

from euchre_tutor.games.classic.bots import Player, RandomPlayer, RuleBasedPlayer
from euchre_tutor.games.classic.engine.engine import Deal, HandState, Seat, new_hand
from euchre_tutor.games.classic.engine.openspiel import action_id, chance_actions
from euchre_tutor.games.classic.rules import preset
from euchre_tutor.games.classic.views import seat_view

PLAYERS = ("rule-based", "random", "expert", "expert-club", "expert-seated", "ismcts")
#: the level an Expert that knows its opponents (``expert-seated``) models each opponent as
OPPONENT_LEVEL = {
    "rule-based": "club",
    "random": "beginner",
    "expert": "expert",
    "expert-club": "expert",
    "expert-seated": "expert",
    "ismcts": "expert",
}
RULES = "openspiel"
A_SEATS = ("NS", "EW")  # play 0: A sits N/S; play 1: A sits E/W


@dataclass(frozen=True, slots=True)
class Settings:
    """Who plays whom and how; a saved run is extended only with the same settings."""

    a: str = "rule-based"
    b: str = "random"
    seed: int = 1
    expert_worlds: int = 200
    ismcts_sims: int = 1000
    ismcts_uct_c: float = 2.0

    def __post_init__(self) -> None:
        for side, name in (("a", self.a), ("b", self.b)):
            if name not in PLAYERS:
                raise ValueError(
                    f"unknown player {name!r} for --{side}; the players are {', '.join(PLAYERS)}"
                )


class Agent(Protocol):
    """One seat's decision maker: returns OpenSpiel's action number."""

    def act(self, ours: HandState, theirs: Any) -> int: ...


class OurAgent:
    """A euchre_tutor player: decides from its seat's view of the mirrored hand."""

    def __init__(self, player: Player, seat: Seat) -> None:
        self.player = player
        self.seat = seat

    def act(self, ours: HandState, theirs: Any) -> int:
        return action_id(self.player.choose(seat_view(ours, self.seat)), ours)


class IsmctsAgent:
    """OpenSpiel's C++ ISMCTS acting on the pyspiel state (it sees what its resampling lets it see)."""

    def __init__(self, seed: int, simulations: int, uct_c: float) -> None:
        # Held as long as the bot, in case the binding does not keep the evaluator alive itself.
        self.evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
        self.bot = pyspiel.ISMCTSBot(
            seed,
            self.evaluator,
            uct_c,
            simulations,
            -1,  # max_world_samples: OpenSpiel's default (no limit)
            pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
            False,  # use_observation_string
            False,  # allow_inconsistent_action_sets
        )

    def act(self, ours: HandState, theirs: Any) -> int:
        return int(self.bot.step(theirs))


class RefereeMismatch(AssertionError):
    """OpenSpiel and euchre_tutor disagree about the same hand: the benchmark's figures would mean nothing."""


def _seed(settings: Settings, index: int, seat: Seat) -> int:
    """A player's seed from the run's seed, the deal and the seat only (not the team), so that
    identical players make identical choices in both plays of a deal."""
    key = f"strength:{settings.seed}:{index}:{int(seat)}".encode()
    return int.from_bytes(hashlib.sha256(key).digest()[:4], "big") & 0x7FFFFFFF  # pyspiel takes a C int


def make_agent(name: str, settings: Settings, index: int, seat: Seat) -> Agent:
    seed = _seed(settings, index, seat)
    if name == "rule-based":
        return OurAgent(RuleBasedPlayer(), seat)
    if name == "random":
        return OurAgent(RandomPlayer(seed), seat)
    if name in ("expert", "expert-club", "expert-seated"):
        # Written alongside this benchmark: looked up when asked for, so the other players work without it.
        expert = getattr(importlib.import_module("euchre_tutor.games.classic.bots"), "ExpertPlayer", None)
        if expert is None:
            raise ValueError("ExpertPlayer is not in euchre_tutor.games.classic.bots yet; use another player")
        if name == "expert-club":  # the Expert before the Expert-table model: the fixed baseline
            return OurAgent(expert(worlds=settings.expert_worlds, seed=seed, table="club"), seat)
        if name == "expert-seated":  # the Expert that models its opponents as the players they are
            other = settings.b if name == settings.a else settings.a
            level = OPPONENT_LEVEL[other]
            return OurAgent(expert(worlds=settings.expert_worlds, seed=seed, opponents=level), seat)
        return OurAgent(expert(worlds=settings.expert_worlds, seed=seed), seat)
    if name == "ismcts":
        return IsmctsAgent(seed, settings.ismcts_sims, settings.ismcts_uct_c)
    raise ValueError(f"unknown player {name!r}; the players are {', '.join(PLAYERS)}")


def deal_for(settings: Settings, index: int) -> Deal:
    """The deal numbered ``index``: seeded, the dealer rotating so every seat deals as often."""
    return Deal.from_seed(f"strength:{settings.seed}:{index}", dealer=Seat(index % 4))


_GAME: Any = None


def _game() -> Any:
    global _GAME
    if _GAME is None:
        _GAME = pyspiel.load_game("euchre")
    return _GAME


def play_hand(deal: Deal, agents: Sequence[Agent], a_team: int) -> dict[str, Any]:
    """One hand of ``deal`` refereed by OpenSpiel; ``agents`` by seat, A's seats are those with
    ``seat % 2 == a_team``. Returns A's points, who made trump, and the decision counts and times."""
    ours = new_hand(deal, preset(RULES))
    theirs = _game().new_initial_state()
    for a in chance_actions(deal):
        theirs.apply_action(a)
    decisions = [0, 0]  # A, B
    seconds = [0.0, 0.0]
    cpu = [0.0, 0.0]  # this process's CPU time: on a shared machine it is what a decision costs
    while not ours.is_over:
        seat = ours.to_act
        assert seat is not None
        if theirs.is_terminal() or theirs.current_player() != int(seat):
            raise RefereeMismatch(
                f"OpenSpiel has player {theirs.current_player()} to act, euchre_tutor {seat.word}:\n{theirs}"
            )
        legal = {action_id(a, ours): a for a in ours.legal_actions()}
        if sorted(legal) != theirs.legal_actions():
            raise RefereeMismatch(
                f"legal actions differ: ours {sorted(legal)}, OpenSpiel {theirs.legal_actions()}:\n{theirs}"
            )
        if len(legal) == 1:
            choice = next(iter(legal))
        else:
            side = 0 if seat % 2 == a_team else 1
            t0, c0 = time.perf_counter(), time.process_time()
            choice = agents[seat].act(ours, theirs)
            seconds[side] += time.perf_counter() - t0
            cpu[side] += time.process_time() - c0
            decisions[side] += 1
            if choice not in legal:
                raise RefereeMismatch(f"{seat.word} chose {choice}, not among the legal {sorted(legal)}")
        ours = ours.apply(legal[choice])
        theirs.apply_action(choice)
    if not theirs.is_terminal():
        raise RefereeMismatch(f"euchre_tutor's hand is over, OpenSpiel's is not:\n{theirs}")
    returns = theirs.returns()
    points = ours.points()
    if any(returns[s] != points[s % 2] - points[1 - s % 2] for s in Seat):
        raise RefereeMismatch(
            f"returns differ: OpenSpiel {returns}, euchre_tutor's points {points}:\n{theirs}"
        )
    maker = None if ours.maker is None else ("A" if ours.maker % 2 == a_team else "B")
    makers = ours.makers
    return {
        "a_seats": A_SEATS[a_team],
        "a_points": int(returns[a_team]),
        "maker": maker,
        "makers_tricks": None if makers is None else ours.tricks_won(makers),
        "alone": ours.alone,
        "decisions": decisions,
        "seconds": [round(s, 6) for s in seconds],
        "cpu_seconds": [round(s, 6) for s in cpu],
    }


def play_deal(settings: Settings, index: int) -> dict[str, Any]:
    """Deal ``index`` twice, A at N/S then at E/W (same cards, same dealer); A's points per hand."""
    deal = deal_for(settings, index)
    plays = []
    for a_team in (0, 1):
        agents = [make_agent(settings.a if s % 2 == a_team else settings.b, settings, index, s) for s in Seat]
        plays.append(play_hand(deal, agents, a_team))
    return {"deal": index, "points": sum(p["a_points"] for p in plays) / 2, "plays": plays}


def play_deals(settings: Settings, indices: Iterable[int]) -> list[dict[str, Any]]:
    return [play_deal(settings, i) for i in indices]


def summarise(deals: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Mean points per hand for A with its 95% interval over deals, trump making and euchres, timings."""
    n = len(deals)
    points = [d["points"] for d in deals]
    mean = statistics.fmean(points) if points else 0.0
    sd = statistics.stdev(points) if n > 1 else 0.0
    plays = [p for d in deals for p in d["plays"]]
    out: dict[str, Any] = {
        "deals": n,
        "hands": 2 * n,
        "mean": mean,
        "ci95": 1.96 * sd / math.sqrt(n) if n > 1 else math.inf,
        "sd": sd,
    }
    for i, side in enumerate(("A", "B")):
        made = [p for p in plays if p["maker"] == side]
        euchred = sum(1 for p in made if p["makers_tricks"] < 3)
        count = sum(p["decisions"][i] for p in plays)
        secs = sum(p["seconds"][i] for p in plays)
        timed = [p for p in plays if "cpu_seconds" in p]  # runs saved before CPU time was recorded lack it
        cpu = sum(p["cpu_seconds"][i] for p in timed)
        cpu_count = sum(p["decisions"][i] for p in timed)
        out[side] = {
            "made": len(made),
            "made_rate": len(made) / len(plays) if plays else 0.0,
            "euchred": euchred,
            "euchred_rate": euchred / len(made) if made else 0.0,
            "alone": sum(1 for p in made if p["alone"]),
            "decisions": count,
            "seconds": secs,
            "ms_per_decision": 1000 * secs / count if count else 0.0,
            "cpu_ms_per_decision": 1000 * cpu / cpu_count if cpu_count else None,
        }
    return out


def _chunks(indices: Sequence[int], size: int) -> list[list[int]]:
    return [list(indices[i : i + size]) for i in range(0, len(indices), size)]


def _save(
    path: Path | None, settings: Settings, deals: dict[int, dict[str, Any]], extra: dict[str, Any]
) -> None:
    if path is None:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    ordered = [deals[i] for i in sorted(deals)]
    data = {
        "settings": asdict(settings),
        "rules": RULES,
        "summary": summarise(ordered),
        **extra,
        "deals": ordered,
    }
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
    tmp.replace(path)


def _load(path: Path | None, settings: Settings) -> dict[int, dict[str, Any]]:
    if path is None or not path.exists():
        return {}
    data = json.loads(path.read_text(encoding="utf-8"))
    saved = Settings(**data["settings"])
    if saved != settings:
        raise SystemExit(f"{path} was run with {saved}, not {settings}: choose another --out to start afresh")
    return {d["deal"]: d for d in data["deals"]}


def _line(s: dict[str, Any]) -> str:
    return f"{s['mean']:+.3f} ± {s['ci95']:.3f} points per hand over {s['hands']} hands"


def report(settings: Settings, s: dict[str, Any]) -> str:
    names = {"A": settings.a, "B": settings.b}
    lines = [
        f"{settings.a} (A) vs {settings.b} (B), preset {RULES}, seed {settings.seed}"
        + (f", expert worlds {settings.expert_worlds}" if "expert" in names.values() else "")
        + (
            f", ismcts sims {settings.ismcts_sims} uct_c {settings.ismcts_uct_c}"
            if "ismcts" in names.values()
            else ""
        ),
        f"A: {_line(s)} ({s['deals']} deals, 95% interval, sd {s['sd']:.3f} per deal)",
    ]
    for side in ("A", "B"):
        t = s[side]
        lines.append(
            f"{side} ({names[side]}): made trump in {100 * t['made_rate']:.1f}% of hands "
            f"({t['alone']} alone), euchred in {100 * t['euchred_rate']:.1f}% of those; "
            f"{t['ms_per_decision']:.2f} ms per decision ({t['decisions']} decisions)"
            + ("" if t["cpu_ms_per_decision"] is None else f", {t['cpu_ms_per_decision']:.2f} ms of CPU")
        )
    return "\n".join(lines)


def run(
    settings: Settings,
    deals: int,
    jobs: int = 2,
    out: Path | None = None,
    progress: int = 50,
    chunk: int = 5,
) -> dict[str, Any]:
    """Play deals 0..deals-1 not yet in ``out`` over ``jobs`` processes; save, print progress, summarise."""
    for name in (settings.a, settings.b):
        make_agent(name, settings, 0, Seat.N)  # an unknown or unwritten player fails here, before any work
    done = _load(out, settings)
    todo = [i for i in range(deals) if i not in done]
    print(
        f"{len(done)} deals already in {out}; playing {len(todo)} more"
        if done
        else f"playing {len(todo)} deals"
    )
    start = time.perf_counter()
    new_results: dict[int, dict[str, Any]] = {}
    next_report = progress

    def record(results: list[dict[str, Any]]) -> None:
        nonlocal next_report
        for r in results:
            done[r["deal"]] = r
            new_results[r["deal"]] = r
        if progress and len(new_results) >= next_report:
            next_report += progress
            elapsed = time.perf_counter() - start
            s = summarise(list(done.values()))
            left = len(todo) - len(new_results)
            eta = elapsed / len(new_results) * left
            print(
                f"  {len(new_results)}/{len(todo)} deals, {elapsed:.0f} s, ~{eta:.0f} s left: A {_line(s)}",
                flush=True,
            )
            _save(out, settings, done, {"complete": False})

    if jobs <= 1 or len(todo) <= chunk:
        for piece in _chunks(todo, chunk):
            record(play_deals(settings, piece))
    else:
        # Chunks are handed out as workers free up; results are merged by deal index.
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            pending: set[Future[list[dict[str, Any]]]] = {
                pool.submit(play_deals, settings, piece) for piece in _chunks(todo, chunk)
            }
            while pending:
                finished, pending = wait(pending, return_when=FIRST_COMPLETED)
                for f in finished:
                    record(f.result())
    wall = time.perf_counter() - start
    ordered = [done[i] for i in sorted(done)]
    _save(out, settings, done, {"complete": True, "wall_seconds_last_run": wall, "jobs": jobs})
    summary = summarise(ordered)
    summary_new = summarise([new_results[i] for i in sorted(new_results)])
    print(report(settings, summary))
    if new_results:
        print(
            f"this run: {len(new_results)} deals in {wall:.1f} s with {jobs} job(s); per hand "
            f"{1000 * wall / summary_new['hands']:.0f} ms wall; per decision A {summary_new['A']['ms_per_decision']:.2f} ms, "
            f"B {summary_new['B']['ms_per_decision']:.2f} ms"
        )
    return summary


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--a", default="rule-based", choices=PLAYERS, help="team A's player")
    parser.add_argument("--b", default="random", choices=PLAYERS, help="team B's player")
    parser.add_argument("--deals", type=int, default=200, help="deals (each played twice: 2 hands)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2, help="processes (this machine has 2 cores)")
    parser.add_argument("--expert-worlds", type=int, default=200)
    parser.add_argument("--ismcts-sims", type=int, default=1000)
    parser.add_argument("--ismcts-uct-c", type=float, default=2.0)
    parser.add_argument("--progress", type=int, default=50, help="print the running figure every N deals")
    parser.add_argument("--chunk", type=int, default=5, help="deals per task handed to a process")
    parser.add_argument(
        "--out", type=Path, default=None, help="save per-deal results (artifacts/strength-*.json)"
    )
    parser.add_argument("--summary", action="store_true", help="only print the figures of the saved --out")
    args = parser.parse_args(argv)
    settings = Settings(args.a, args.b, args.seed, args.expert_worlds, args.ismcts_sims, args.ismcts_uct_c)
    if args.summary:
        if args.out is None or not args.out.exists():
            parser.error("--summary needs --out naming a saved run")
        data = json.loads(args.out.read_text(encoding="utf-8"))
        saved = Settings(**data["settings"])
        print(report(saved, summarise(data["deals"])))
        return 0
    run(settings, args.deals, args.jobs, args.out, args.progress, args.chunk)
    return 0


if __name__ == "__main__":
    sys.exit(main())
