"""The runners that compute hints off the click path.

The hint panel never calls a solver itself. It asks an :class:`Analyst` for
the analysis of a position (a game's request, a :class:`Job`: any picklable
value with a ``key``, such as the decisions of the deal so far); the analyst
runs the game's :class:`AnalysisSource` in a worker process (the default: a
search is CPU-bound and must not hold the kernel's GIL while the student
clicks) or inline (tests), and delivers progress and results back on the
kernel's event loop. Where processes do not exist (Pyodide, in the browser),
a process analyst runs its analyses in the kernel instead, one per turn of the
event loop, after the click that asked has answered; a long one pauses every
few hundredths of a second (at its progress calls and at the source's
``yield_points``) so that the page's clicks are answered while it runs. The
result is the game's advisor's, shown as it comes; each game's requests and
sources live in its own package (``games/<game>/session/advice.py``).

This module imports no widget library: the worker process imports it alone.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import multiprocessing as mp
import os
import queue
import signal
import sys
import threading
import time
import traceback
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, Literal, Protocol

__all__ = [
    "AnalysisSource",
    "Analyst",
    "Background",
    "Job",
    "Progress",
    "file_message",
]


Progress = Callable[[int, int], None]


class Job(Protocol):
    """What the analyst runs: any picklable request named by a ``key`` (a position of either game)."""

    @property
    def key(self) -> tuple[Any, ...]: ...


class AnalysisSource(Protocol):
    """A source for any game: turns its requests into its results (both picklable).

    A source may also name ``yield_points``: functions its search calls often (a few thousand times a
    second, not millions): in the browser, a running analysis may pause when one of them starts."""

    def analyse(self, request: Any, progress: Progress) -> Any: ...


# --------------------------------------------------------------------------- messages

Message = tuple[str, tuple[Any, ...], Any]  # (kind, key, payload): progress / done / error


def file_message(
    message: Message,
    results: dict[tuple[Any, ...], Any],
    errors: dict[tuple[Any, ...], str],
    progress: dict[tuple[Any, ...], tuple[int, int]],
) -> str:
    """Keep an analyst's message where a view reads it (a result, an error, or the progress of a
    running analysis, forgotten once it ends); returns the message's kind."""
    kind, key, payload = message
    if kind == "progress":
        progress[key] = payload
        return kind
    if kind == "done":
        results[key] = payload
    else:
        errors[key] = str(payload)
    progress.pop(key, None)
    return kind


def load_source(spec: str) -> AnalysisSource:
    """``"package.module:factory"`` → the factory's source (run in the worker)."""
    module, _, name = spec.partition(":")
    factory = getattr(importlib.import_module(module), name)
    source: AnalysisSource = factory()
    return source


def priority(request: Job) -> int:
    """A request's urgency: 0 (the default) is waited for; higher numbers run in the background and
    give way to it (a grade refined after the move gives way to the next turn's hint)."""
    return int(getattr(request, "priority", 0))


@dataclass(frozen=True, slots=True)
class Background:
    """A request run in the background (priority 1), giving way to any request waited for: a hint
    started before the student's turn. Its source is given the request inside (``job``)."""

    job: Any
    priority: int = 1

    @property
    def key(self) -> tuple[Any, ...]:
        key: tuple[Any, ...] = self.job.key
        return key


class Preempted(Exception):
    """Raised from a background analysis's progress report when a more urgent request is waiting."""


def _run(
    source: AnalysisSource,
    request: Job,
    emit: Callable[[Message], None],
    urgent: Callable[[], bool] | None = None,
) -> None:
    """Run one request and emit its messages. ``urgent()`` (checked at each progress report of a
    background request) says a more urgent request waits: the analysis stops with :class:`Preempted`,
    for the caller to run it again later."""
    gives_way = urgent if priority(request) > 0 else None  # only a background request is stopped

    def progress(done: int, total: int) -> None:
        if gives_way is not None and gives_way():
            raise Preempted
        emit(("progress", request.key, (done, total)))

    try:
        hint = source.analyse(request.job if isinstance(request, Background) else request, progress)
    except Preempted:
        raise
    except Exception as error:  # the worker must survive any one bad analysis
        detail = "".join(traceback.format_exception_only(type(error), error)).strip()
        emit(("error", request.key, detail))
    else:
        emit(("done", request.key, hint))


#: in the browser, how long an analysis runs before it lets the page's event loop turn (s)
SLICE = 0.05


def page_pause() -> Callable[[], None] | None:
    """Where Python runs in a browser that can switch stacks (Pyodide with JSPI): a function that lets
    the page's event loop turn (the kernel answers the clicks waiting) and comes back; else None."""
    if sys.platform != "emscripten":
        return None
    try:
        from pyodide.ffi import can_run_sync, run_sync  # type: ignore[import-not-found]
    except ImportError:  # pragma: no cover - an older Pyodide
        return None
    if not can_run_sync():
        return None

    def pause() -> None:
        run_sync(asyncio.sleep(0))

    return pause


@contextlib.contextmanager
def time_sliced(
    points: tuple[Callable[..., Any], ...], pause: Callable[[], None]
) -> Iterator[Callable[[], None]]:
    """While inside: whenever one of ``points`` starts (and whenever the yielded ``tick`` is called),
    ``pause()`` if :data:`SLICE` has passed since the last pause. Hooks only those functions' code
    (``sys.monitoring`` where Python has it, else a profile function), so the search pays almost
    nothing for it."""
    last = time.monotonic()

    def tick() -> None:
        nonlocal last
        if time.monotonic() - last >= SLICE:
            pause()
            last = time.monotonic()

    codes = {getattr(f, "__code__", None) for f in points} - {None}
    monitoring: Any = getattr(sys, "monitoring", None)
    tool = None
    if codes and monitoring is not None:
        tool = next((t for t in (3, 4) if monitoring.get_tool(t) is None), None)
    if tool is not None:
        monitoring.use_tool_id(tool, "euchre-tutor analysis slices")
        monitoring.register_callback(tool, monitoring.events.PY_START, lambda code, offset: tick())
        for code in codes:
            monitoring.set_local_events(tool, code, monitoring.events.PY_START)
        try:
            yield tick
        finally:
            for code in codes:
                monitoring.set_local_events(tool, code, 0)
            monitoring.register_callback(tool, monitoring.events.PY_START, None)
            monitoring.free_tool_id(tool)
    elif codes and sys.getprofile() is None:

        def profile(frame: Any, event: str, arg: Any) -> None:
            if event == "call" and frame.f_code in codes:
                tick()

        sys.setprofile(profile)
        try:
            yield tick
        finally:
            sys.setprofile(None)
    else:
        yield tick


def _run_sliced(source: AnalysisSource, request: Job, emit: Callable[[Message], None]) -> None:
    """:func:`_run`, pausing for the page now and then where that is possible (the browser)."""
    pause = page_pause()
    if pause is None:
        _run(source, request, emit)
        return
    with time_sliced(tuple(getattr(source, "yield_points", ())), pause) as tick:

        def emit_then_tick(message: Message) -> None:
            emit(message)
            if message[0] == "progress":
                tick()

        _run(source, request, emit_then_tick)


#: niceness of the analysis worker: the solver runs ahead on spare CPU and yields it to the kernel,
#: the Voila server and the browser (on a 2-core machine it would otherwise slow the page's first render)
WORKER_NICENESS = 10


def lower_priority(pid: int = 0, niceness: int = WORKER_NICENESS) -> None:
    """Make a process (0: this one) at least ``niceness`` nice; never raises (not every OS allows it)."""
    with contextlib.suppress(AttributeError, OSError):
        current = os.getpriority(os.PRIO_PROCESS, pid)
        if current < niceness:
            os.setpriority(os.PRIO_PROCESS, pid, niceness)


def _worker_main(spec: str, requests: Any, results: Any, parent: int) -> None:
    """The analysis process: one request at a time, in order; it ends with its kernel."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # interrupting the kernel must not kill the analyst
    lower_priority()  # the parent did it already, unless it lost the race with our start-up
    source = load_source(spec)
    waiting: list[Job] = []  # taken from the queue, not run yet: the most urgent runs first
    stop = False  # the kernel asked the worker to end

    def take(block: bool) -> None:
        """Move queued requests to ``waiting`` (waiting up to a second for one when ``block``)."""
        nonlocal stop
        while not stop:
            try:
                request = requests.get(timeout=1.0) if block else requests.get_nowait()
            except queue.Empty:
                return
            if request is None:
                stop = True
                return
            waiting.append(request)
            block = False

    def urgent() -> bool:
        if not requests.empty():
            take(False)
        return stop or any(priority(r) == 0 for r in waiting)

    while True:
        take(not waiting)
        if stop:
            return
        if not waiting:
            if os.getppid() != parent:  # the kernel died: do not linger
                return
            continue
        request = min(waiting, key=priority)  # the first of the most urgent
        waiting.remove(request)
        try:
            _run(source, request, results.put, urgent)
        except Preempted:
            waiting.append(request)  # again once the urgent ones are done (from the start)


def processes_available() -> bool:
    """Whether worker processes can run here: not in Pyodide (the browser), which has no
    ``_multiprocessing`` (and no threads to start one)."""
    if sys.platform == "emscripten":
        return False
    try:
        importlib.import_module("_multiprocessing")
    except ImportError:
        return False
    return True


# --------------------------------------------------------------------------- the analyst


class Analyst:
    """Runs analyses in the background and delivers their messages on the kernel's loop.

    ``runner="process"`` starts one worker process (spawned, so it is safe in a
    kernel) that keeps its solver, and its memo, for the whole session.
    ``runner="inline"`` analyses at once in the caller (for tests and scripts).
    Where processes cannot run (:func:`processes_available`), ``"process"``
    analyses in this process instead: queued, one analysis per turn of the
    event loop, so the click that asked answers first (with no running loop,
    at once, as inline).
    Messages are handed to ``deliver`` on the event loop that was running when
    the analyst was created; with no running loop (plain Python), they wait
    until :meth:`drain` or :meth:`wait` is called.
    """

    def __init__(
        self,
        source: str | AnalysisSource,
        deliver: Callable[[Message], None],
        runner: Literal["process", "inline"] = "process",
    ) -> None:
        self._deliver = deliver
        self._runner = runner
        self._inbox: queue.SimpleQueue[Message] = queue.SimpleQueue()
        self._pending: set[tuple[Any, ...]] = set()
        self._idle = threading.Condition()
        try:
            self._loop: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
        except RuntimeError:
            self._loop = None
        self._source: AnalysisSource | None = None
        self._proc: Any = None
        self._queued: deque[Job] | None = None  # in-process analyses waiting for their turn of the loop
        if runner == "process" and not processes_available():
            runner = "inline"
            if self._loop is not None:
                self._queued = deque()
        if runner == "inline":
            self._source = load_source(source) if isinstance(source, str) else source
            return
        if not isinstance(source, str):
            raise TypeError("a process runner needs the source as 'module:factory'")
        ctx = mp.get_context("spawn")
        self._requests: Any = ctx.Queue()
        self._results: Any = ctx.Queue()
        self._proc = ctx.Process(
            target=_worker_main,
            args=(source, self._requests, self._results, os.getpid()),
            daemon=True,
            name="euchre-tutor-analyst",
        )
        self._proc.start()
        # at once, so that even the worker's start-up (a fresh interpreter and its imports) runs on
        # spare CPU while the kernel sends the first page
        lower_priority(int(self._proc.pid))
        self._listener = threading.Thread(target=self._listen, daemon=True, name="analyst-listener")
        self._listener.start()

    # ------------------------------------------------------------ requests

    @property
    def busy(self) -> bool:
        return bool(self._pending)

    @property
    def worker_pid(self) -> int | None:
        return None if self._proc is None else int(self._proc.pid)

    def submit(self, request: Job) -> None:
        if request.key in self._pending:
            return
        with self._idle:
            self._pending.add(request.key)
        if self._queued is not None:
            self._queued.append(request)
            if len(self._queued) == 1 and self._loop is not None:
                self._loop.call_soon(self._next_queued)
        elif self._source is not None:
            _run(self._source, request, self._post)
        else:
            self._requests.put(request)

    def _next_queued(self) -> None:
        """Run the oldest queued analysis, then give the loop back before the next (the page's
        clicks get their turn between analyses)."""
        if not self._queued or self._source is None:
            return
        _run_sliced(self._source, self._queued[0], self._post)
        self._queued.popleft()
        if self._queued and self._loop is not None:
            self._loop.call_soon(self._next_queued)

    def _listen(self) -> None:
        while True:
            try:
                message = self._results.get()
            except (EOFError, OSError, ValueError):
                return
            if message is None:
                return
            self._post(message)

    def _post(self, message: Message) -> None:
        kind, key, _ = message
        if self._source is not None:  # inline: we are on the caller's thread already
            if kind != "progress":
                self._pending.discard(key)
            self._deliver(message)
            return
        self._inbox.put(message)
        if kind != "progress":
            with self._idle:
                self._pending.discard(key)
                self._idle.notify_all()
        if self._loop is not None and self._loop.is_running():
            with contextlib.suppress(RuntimeError):  # the loop closed: nobody to tell
                self._loop.call_soon_threadsafe(self.drain)

    def drain(self) -> None:
        """Hand every waiting message to ``deliver`` (on the calling thread)."""
        while True:
            try:
                message = self._inbox.get_nowait()
            except queue.Empty:
                return
            self._deliver(message)

    def wait(self, timeout: float = 60.0) -> bool:
        """Block until no analysis is pending (tests), then deliver; False on timeout."""
        while self._queued:  # in-process: nothing else would run them while we block
            self._next_queued()
        with self._idle:
            done = self._idle.wait_for(lambda: not self._pending, timeout)
        self.drain()
        return done

    def close(self) -> None:
        if self._proc is None:
            return
        with contextlib.suppress(Exception):
            self._requests.put(None)
            self._proc.join(timeout=2)
            if self._proc.is_alive():
                self._proc.terminate()
            self._results.put(None)
            # the listener reads the None and ends: joined here, it is not cut off mid-read when the
            # interpreter exits right after (an "Exception in thread analyst-listener" at exit)
            if self._listener is not threading.current_thread():
                self._listener.join(timeout=2)
        self._proc = None
