"""The table service as a child process: started on a free loopback port, ready when it answers.

``euchre-tutor serve``, the tests and the benchmarks start ``python -m euchre_tutor.service`` the
same way; :func:`spawn_service` is that way, once, and :func:`service_process` the same in a
``with`` block::

    with service_process(db, token="SECRET", teacher_token="OTHER") as running:
        ...  # running.url is ws://127.0.0.1:PORT/tables; running.proc the child

The secrets go to the child in its environment, never on its command line (another user of the
computer may read command lines).
"""

from __future__ import annotations

import contextlib
import os
import select
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Final

__all__ = [
    "ServiceProcess",
    "ServiceStartError",
    "free_loopback_port",
    "service_command",
    "service_process",
    "spawn_service",
]

#: seconds a starting service gets to listen
START_SECONDS: Final = 60.0
TOKEN_ENV: Final = "EUCHRE_TUTOR_TABLE_TOKEN"
TEACHER_ENV: Final = "EUCHRE_TUTOR_TEACHER_TOKEN"
#: how the service's first line on its standard output begins, once it listens
LISTENING: Final = b"table service on "


class ServiceStartError(RuntimeError):
    """The service stopped as it started (``code`` its exit code), or did not listen in time
    (``code`` None); the message says which."""

    def __init__(self, message: str, code: int | None = None) -> None:
        super().__init__(message)
        self.code = code


def free_loopback_port() -> int:
    """A port of this computer's loopback address that nothing listens on now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def service_command(port: int, db: str | Path, extra: Sequence[str] = ()) -> list[str]:
    """The command line that starts the service (with no secret on it: see :func:`spawn_service`)."""
    return [sys.executable, "-m", "euchre_tutor.service", "--port", str(port), "--db", str(db), *extra]


@dataclass
class ServiceProcess:
    """A running service: its child process, port and ``ws://`` address; in a ``with`` block, stopped
    when the block ends. ``resumed``: the number of tables the service said it brought back from its
    database, when its standard output was piped to this process (None otherwise)."""

    proc: subprocess.Popen[bytes]
    port: int
    db: Path
    resumed: int | None = None

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/tables"

    def stop(self, timeout: float = 10.0) -> int:
        """Stop the child (terminate, then kill if it lingers); its exit code."""
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        return int(self.proc.returncode)

    def kill(self) -> int:
        """Kill the child at once (SIGKILL: no chance to finish anything, as a crash); its exit code."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
        return int(self.proc.wait())

    def __enter__(self) -> ServiceProcess:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


def spawn_service(
    db: str | Path,
    *,
    token: str,
    teacher_token: str | None = None,
    port: int | None = None,
    extra: Sequence[str] = (),
    env: Mapping[str, str] | None = None,
    stdout: int | IO[bytes] | None = None,
    start_seconds: float = START_SECONDS,
) -> ServiceProcess:
    """Start ``python -m euchre_tutor.service`` on ``port`` (a free one if None) and return once it
    accepts connections. ``extra``: more options (``--allow-seed``, ``--grace 2``); ``env``: the child's
    environment (this process's if None) before the secrets are added; ``stdout``: where the child's
    standard output goes (this process's if None). With ``subprocess.PIPE`` the service's own first
    line says when it listens and how many tables it resumed (:attr:`ServiceProcess.resumed`); the
    service writes nothing more there. A child that stops as it starts, or does not listen within
    ``start_seconds``, raises :class:`ServiceStartError` (the child is stopped)."""
    chosen = port or free_loopback_port()
    child_env = {**(os.environ if env is None else env), TOKEN_ENV: token, "PYTHONUNBUFFERED": "1"}
    if teacher_token is not None:
        child_env[TEACHER_ENV] = teacher_token
    else:
        child_env.pop(TEACHER_ENV, None)
    proc = subprocess.Popen(
        service_command(chosen, db, extra), env=child_env, stdin=subprocess.DEVNULL, stdout=stdout
    )
    running = ServiceProcess(proc, chosen, Path(db))
    deadline = time.monotonic() + start_seconds
    while time.monotonic() < deadline:
        if proc.stdout is not None:
            if _said_listening(running, deadline):
                return running
        elif _listens(chosen):
            return running
        if proc.poll() is not None:
            raise ServiceStartError(
                f"the table service stopped as it started (code {proc.returncode})", proc.returncode
            )
        time.sleep(0.05)
    running.stop()
    raise ServiceStartError(f"the table service did not listen within {start_seconds:g} s")


def _listens(port: int) -> bool:
    with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=1):
        return True
    return False


def _said_listening(running: ServiceProcess, deadline: float) -> bool:
    """Read the service's first line from its piped standard output, waiting until ``deadline``; True
    once it says it listens (``running.resumed`` set), False when it stopped or time ran out."""
    out = running.proc.stdout
    assert out is not None
    ready, _, _ = select.select([out], [], [], max(0.0, deadline - time.monotonic()))
    if not ready:
        return False
    line = out.readline()
    if not line:  # the pipe closed: the child stopped
        running.proc.wait()
        return False
    if not line.startswith(LISTENING):
        return False
    # "table service on ws://127.0.0.1:PORT/tables, N tables resumed"
    running.resumed = int(line.rsplit(b",", 1)[1].split()[0])
    return True


#: :func:`spawn_service` by the name that reads well in a ``with`` block (the child is stopped when it ends)
service_process: Final = spawn_service
