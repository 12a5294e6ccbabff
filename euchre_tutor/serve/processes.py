"""Running the servers ``serve``, ``table`` and ``lessons`` start: until they end, or until Ctrl+C or
SIGTERM stop them and their kernels; the class's Voila with its log relayed and a word once every pool's
kernels have run their table.
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Mapping
from pathlib import Path
from typing import IO, Any, Final

from euchre_tutor.serve.plan import ServePlan

__all__ = [
    "CLASS_GRADE_WORLDS",
    "GRADE_WORLDS_ENV",
    "STOP_GRACE",
    "run_class_voila",
    "run_server",
    "stop_on_sigterm",
    "stop_server",
    "wait_until_quiet",
]

# The most deals a classic grade refined after the move takes on a class server (a machine of its own
# takes up to 76,800, in its one worker). The cap was 4,800 deals, then 5,400 once the candidate draw
# was compiled and 10,800 once the bids' play-outs were; since the whole sampled deal is compiled it is
# 43,200, the cap at which 95% of the grades below Best keep their label under another seed (96.7% of
# 395), at less CPU per graded decision than 5,400 cost before (benchmarks/classic_grades.py --caps and
# docs/advisors.md give its CPU and the stability of its grades)
CLASS_GRADE_WORLDS: Final = 43200
#: the environment variable the classic advisor reads that cap from (its GRADE_WORLDS_ENV; kept here as
#: a name so that the server does not load the advisor)
GRADE_WORLDS_ENV: Final = "EUCHRE_TUTOR_GRADE_WORLDS"
STOP_GRACE: Final = 20.0  # seconds Voila gets to stop its kernels before they are stopped directly
POOL_FILLED: Final = re.compile(r"Kernel pool of (\S+) is filled")


def run_class_voila(
    cmd: list[str], cwd: Path, plan: ServePlan, out: IO[str], kernel_env: dict[str, str] | None = None
) -> int:
    """Run Voila, echo its log, and say when every pool is full and its kernels have run their notebooks.

    ``kernel_env`` is added to Voila's environment, which every kernel it starts inherits.
    """
    started = time.monotonic()
    env = {**os.environ, **(kernel_env or {}), "PYTHONUNBUFFERED": "1"}
    # a class's refinements of classic grades share the cores with every student's hints: at most
    # CLASS_GRADE_WORLDS deals each (unless the teacher's environment says otherwise)
    env.setdefault(GRADE_WORLDS_ENV, str(CLASS_GRADE_WORLDS))
    proc = subprocess.Popen(
        cmd, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, errors="replace"
    )
    waiting = set(plan.pools)
    filled = threading.Event()

    def relay() -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            sys.stderr.write(line)
            pool = POOL_FILLED.search(line)
            if pool and pool.group(1) in waiting:
                waiting.discard(pool.group(1))
                if not waiting:
                    filled.set()
        sys.stderr.flush()

    def ready() -> None:
        # Voila says a pool is filled once its kernels are started; they then run their notebook
        # (and the Solitaire table its first analysis): ready when the server's processes are quiet
        filled.wait()
        wait_until_quiet(proc.pid)
        if proc.poll() is None:
            print(
                f"Ready: {len(plan.pools) * plan.students} kernels have run their table in "
                f"{time.monotonic() - started:.0f} s: the class can connect now at {plan.address('/')}  "
                "(Ctrl+C stops the server)",
                file=out,
                flush=True,
            )

    reader = threading.Thread(target=relay, daemon=True)
    reader.start()
    threading.Thread(target=ready, daemon=True).start()
    code = _until_stopped(proc)
    reader.join(timeout=5)
    return code


def wait_until_quiet(pid: int, window: float = 2.0, limit: float = 600.0) -> None:
    """Wait until ``pid`` and its descendants use under a tenth of a core over ``window`` seconds."""
    import psutil

    deadline = time.monotonic() + limit
    before: dict[int, float] = {}
    while time.monotonic() < deadline:
        try:
            root = psutil.Process(pid)
            procs = [root, *root.children(recursive=True)]
        except psutil.Error:
            return
        now: dict[int, float] = {}
        for p in procs:
            with contextlib.suppress(psutil.Error):
                now[p.pid] = sum(p.cpu_times()[:2])
        # quiet: the same processes as a window ago, and together they used under a tenth of a core since
        if before and now.keys() == before.keys() and sum(now.values()) - sum(before.values()) < 0.1 * window:
            return
        before = now
        time.sleep(window)


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def stop_on_sigterm() -> None:
    """SIGTERM (a service manager, a test's teardown) stops Voila and its kernels as Ctrl+C does."""
    with contextlib.suppress(ValueError):  # not the main thread: leave the signals alone
        signal.signal(signal.SIGTERM, _interrupt)


def stop_server(proc: subprocess.Popen[Any], quiet: bool = False) -> int:
    """Stop Voila as it expects (SIGTERM: it stops its kernels), then the rest of its processes directly.

    Voila's own stop first waits for the replacement kernels it has scheduled (up to
    :data:`REFILL_DELAY`): after :data:`STOP_GRACE` seconds, or a second Ctrl+C, every process still
    running under it (kernels, their workers) is stopped here instead.
    """
    import psutil

    if not quiet:
        print("Stopping the server and its kernels...", file=sys.stderr, flush=True)
    proc.terminate()
    try:
        return proc.wait(timeout=STOP_GRACE)
    except (subprocess.TimeoutExpired, KeyboardInterrupt):
        pass
    try:
        rest = psutil.Process(proc.pid).children(recursive=True)
    except psutil.Error:
        rest = []
    proc.kill()
    proc.wait()
    for child in rest:
        with contextlib.suppress(psutil.Error):
            child.terminate()
    _gone, alive = psutil.wait_procs(rest, timeout=5)
    for child in alive:
        with contextlib.suppress(psutil.Error):
            child.kill()
    return 0


def run_server(cmd: list[str], cwd: Path, env: Mapping[str, str] | None = None) -> int:
    """Run a server until it ends, or until Ctrl+C or SIGTERM stop it (and its kernels) cleanly."""
    return _until_stopped(subprocess.Popen(cmd, cwd=cwd, env=None if env is None else dict(env)))


def _until_stopped(proc: subprocess.Popen[Any]) -> int:
    """Wait for a server to end, or stop it on Ctrl+C or SIGTERM; its exit status (0 when so stopped)."""
    stop_on_sigterm()
    try:
        code = proc.wait()
    except KeyboardInterrupt:
        code = stop_server(proc)
    return 0 if code in (0, -signal.SIGTERM, -signal.SIGINT) else code
