"""Where worker processes do not exist (Pyodide, in the browser), analyses and computer players run in
the kernel: the missing module is simulated here, the rest is the real code.

With an event loop (a kernel's), the click that asked answers first and the analyses run one per turn
of the loop, so the page's next click gets its turn between them; with no loop they run at once.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

import pytest

from euchre_tutor.games.classic.bots import ExpertPlayer
from euchre_tutor.games.classic.session.controller import ClassicController
from euchre_tutor.games.classic.session.tutor import ClassicTutor
from euchre_tutor.games.solitaire.engine.engine import OrderUp, SolitaireDeal, new_deal
from euchre_tutor.games.solitaire.session.advice import AdvisorSource, HintRequest
from euchre_tutor.games.solitaire.session.controller import SolitaireController
from euchre_tutor.games.solitaire.session.tutor import SolitaireTutor
from euchre_tutor.games.solitaire.views import player_view
from euchre_tutor.session.analysis import Analyst, processes_available

STUB = "tests.widgets.stub:make"
T = TypeVar("T")


def in_own_thread(fn: Callable[..., T], *args: Any) -> T:
    """Run ``fn`` on a thread of its own: no event loop runs there unless ``fn`` starts one (a browser
    test's Playwright may keep a loop running on the main thread, which the Analyst would find)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(fn, *args).result()


@pytest.fixture
def no_processes(monkeypatch: pytest.MonkeyPatch) -> None:
    """As in Pyodide: ``import _multiprocessing`` fails (and with it every process and its queues)."""
    monkeypatch.setitem(sys.modules, "_multiprocessing", None)


def request(seed: int) -> HintRequest:
    return HintRequest((f"deal {seed}",), player_view(new_deal(SolitaireDeal.from_seed(seed))))


def test_processes_are_available_here_but_not_in_the_browser(monkeypatch: pytest.MonkeyPatch) -> None:
    assert processes_available()  # the server keeps its workers
    with monkeypatch.context() as m:
        m.setattr(sys, "platform", "emscripten")
        assert not processes_available()
    monkeypatch.setitem(sys.modules, "_multiprocessing", None)
    assert not processes_available()


def test_a_process_analyst_without_processes_analyses_at_once_when_no_loop_runs(no_processes: None) -> None:
    in_own_thread(_analyses_at_once)


def _analyses_at_once() -> None:
    received: list[tuple[str, Any, Any]] = []
    analyst = Analyst(STUB, received.append, runner="process")
    assert analyst.worker_pid is None  # no process was started
    analyst.submit(request(4))
    kinds = [m[0] for m in received]
    assert kinds[-1] == "done" and kinds.count("progress") == len(request(4).view.legal)
    assert not analyst.busy and analyst.wait(1)
    analyst.close()


def test_with_a_loop_the_click_answers_first_then_one_analysis_per_turn(no_processes: None) -> None:
    async def session() -> list[list[str]]:
        received: list[tuple[str, Any, Any]] = []
        analyst = Analyst(STUB, received.append, runner="process")
        analyst.submit(request(4))
        analyst.submit(request(5))
        analyst.submit(request(4))  # already asked: not queued twice
        seen = [[m[1][0] for m in received if m[0] == "done"]]  # the submitting click returned: nothing yet
        assert analyst.busy
        for _ in range(3):
            await asyncio.sleep(0)  # one turn of the loop
            seen.append([m[1][0] for m in received if m[0] == "done"])
        assert not analyst.busy
        return seen

    assert in_own_thread(asyncio.run, session()) == [
        [],
        ["deal 4"],
        ["deal 4", "deal 5"],
        ["deal 4", "deal 5"],
    ]


def test_wait_runs_the_queued_analyses_when_nothing_turns_the_loop(no_processes: None) -> None:
    async def session() -> list[str]:
        received: list[tuple[str, Any, Any]] = []
        analyst = Analyst(STUB, received.append, runner="process")
        analyst.submit(request(6))
        analyst.submit(request(7))
        assert analyst.wait(1)  # a test or script that blocks: the analyses run in the wait
        return [m[1][0] for m in received if m[0] == "done"]

    assert in_own_thread(asyncio.run, session()) == ["deal 6", "deal 7"]


def test_the_solitaire_table_gets_the_exact_advisors_hint_in_the_kernel(no_processes: None) -> None:
    in_own_thread(_solitaire_hint_in_the_kernel)


def _solitaire_hint_in_the_kernel() -> None:
    c = SolitaireTutor(
        SolitaireController(seed=8),
        source="euchre_tutor.games.solitaire.session.advice:advisor_source",
        runner="process",
    )
    reference = SolitaireTutor(SolitaireController(seed=8), source=AdvisorSource(), runner="inline")
    assert c.analyst is not None and c.analyst.worker_pid is None
    assert c.current_hint is not None  # no loop: computed at once
    assert c.current_hint == reference.current_hint
    c.close()
    reference.close()


def test_expert_players_think_in_the_kernel_and_play_the_click_paths_game(no_processes: None) -> None:
    """The classic table's deliberate players, in the browser: their thinking is queued on the loop
    (the student's click answers first) and they play exactly the game they play at once."""

    def table() -> ClassicController:
        return ClassicController(5, bot=ExpertPlayer(worlds=6, seed=2))

    async def play(background: bool) -> tuple[list[str], str, int]:
        c = table()
        t = ClassicTutor(c, level="expert", source=None, autoplay=False, background_bots=background)
        c.bot = ExpertPlayer(worlds=6, seed=2)  # the level's player would sample 200 deals
        thinking_after_click = 0
        try:
            for _ in range(40):
                while c.thinking is not None:
                    await asyncio.sleep(0)
                if c.waiting or c.state.is_over:
                    break
                c.act(c.legal[-1])
                thinking_after_click += c.thinking is not None
            assert t.bot_analyst is None or t.bot_analyst.worker_pid is None
            return [str(a) for a in c.game.actions], c.message, thinking_after_click
        finally:
            t.close()

    quick, message, _ = in_own_thread(asyncio.run, play(False))
    background, background_message, waited = in_own_thread(asyncio.run, play(True))
    assert background == quick and background_message == message
    assert waited > 0  # the clicks returned before the computer players had answered
    assert "Press Next hand" in message


def test_in_the_browser_a_long_analysis_pauses_for_the_page_at_its_yield_points(
    no_processes: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Pyodide with stack switching lets the page's loop turn mid-analysis (``page_pause``): simulated
    by a pause that records what the solver had done, with every slice 0 s long so that every yield
    point (each of the player's leads, each top of a search) and every progress call pauses."""
    from euchre_tutor.games.solitaire.advisor.solver import Solver
    from euchre_tutor.session import analysis

    states: list[int] = []
    source = AdvisorSource()
    source.solver = Solver(backend="python")  # the browser's backend: the compiled core has no such points
    monkeypatch.setattr(analysis, "page_pause", lambda: lambda: states.append(source.solver.states))
    monkeypatch.setattr(analysis, "SLICE", 0.0)
    calls = {"n": 0}
    original = Solver._player_leads

    def counted(self: Solver, *args: Any) -> int:
        calls["n"] += 1
        return original(self, *args)

    monkeypatch.setattr(Solver, "_player_leads", counted)
    monkeypatch.setattr(AdvisorSource, "yield_points", (Solver._top_lead, counted))
    messages: list[Any] = []
    # the first lead after ordering up: a whole search, a fraction of the bid's in pure Python
    table = SolitaireController(3)
    assert table.choose(OrderUp(alone=False))
    view = table.view
    assert view is not None and len(view.legal) > 1
    analysis._run_sliced(source, HintRequest(("deal 3", "order up"), view), messages.append)
    kinds = [m[0] for m in messages]
    assert kinds[-1] == "done" and "progress" in kinds
    # paused at every progress call and every yield point, while the search was under way
    assert len(states) >= calls["n"] + kinds.count("progress") > 100
    assert len(set(states)) > 10  # the memo grew between pauses: they came during the search
    # the hint is the one computed without pauses
    exact = SolitaireTutor(table, source=AdvisorSource(), runner="inline").current_hint
    assert messages[-1][2] == exact
    # outside the browser nothing pauses
    monkeypatch.undo()
    assert analysis.page_pause() is None
