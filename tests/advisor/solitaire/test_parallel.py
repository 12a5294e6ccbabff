"""The trump decision on several processes gives exactly the values of one process."""

from __future__ import annotations

import multiprocessing as mp

import pytest

from euchre_tutor.games.solitaire.advisor.advice import analyse_trump
from euchre_tutor.games.solitaire.advisor.parallel import TrumpPool, available_jobs, choices_and_objectives
from euchre_tutor.games.solitaire.advisor.positions import trump_option_values
from euchre_tutor.games.solitaire.engine.engine import SolitaireDeal
from euchre_tutor.games.solitaire.rules import SolitaireRules


@pytest.mark.parametrize(("seed", "name_turned"), [(3, False), (11, True)])
def test_two_processes_give_the_serial_values(seed: int, name_turned: bool) -> None:
    deal = SolitaireDeal.from_seed(seed)
    serial = trump_option_values(deal.hand, deal.turn, deal.stock, allow_name_turned=name_turned)
    seen: list[tuple[int, int]] = []
    with TrumpPool(jobs=2) as pool:
        parallel = pool.solve(
            deal.hand,
            deal.turn,
            deal.stock,
            choices_and_objectives(deal.turn, name_turned),
            progress=lambda done, total: seen.append((done, total)),
        )
    assert parallel == serial
    total = 10 if name_turned else 8
    assert seen[-1] == (total, total) and [d for d, _ in seen] == sorted(d for d, _ in seen)


def test_a_pool_serves_a_batch_and_game_mode() -> None:
    rules = SolitaireRules()
    with TrumpPool(jobs=2) as pool:
        for seed, mode, score in ((5, "points", (0, 0)), (6, "game", (8, 9))):
            deal = SolitaireDeal.from_seed(seed)
            stock = frozenset(deal.stock)
            one = analyse_trump(deal.hand, deal.turn, stock, rules, mode=mode, score=score)  # type: ignore[arg-type]
            two = analyse_trump(deal.hand, deal.turn, stock, rules, mode=mode, score=score, pool=pool)  # type: ignore[arg-type]
            assert one.options == two.options and one.best == two.best and one.reasons == two.reasons


def test_one_job_and_daemonic_processes_solve_in_process() -> None:
    assert TrumpPool(jobs=1).jobs == 1
    assert TrumpPool(jobs=64).jobs <= available_jobs()
    ctx = mp.get_context("fork")
    answer = ctx.Queue()
    p = ctx.Process(target=lambda: answer.put(available_jobs()), daemon=True)
    p.start()
    assert answer.get(timeout=30) == 1  # a daemonic process may not fork workers: it solves itself
    p.join(timeout=30)
