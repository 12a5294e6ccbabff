"""The table service as a child process: started on a free loopback port, ready when it answers.

``euchre-tutor serve``, the tests and the benchmarks start ``python -m euchre_tutor.service`` the
same way; :func:`service_process` is that way, once::

    with service_process(db, token="SECRET", teacher_token="OTHER") as running:
        ...  # running.url is ws://127.0.0.1:PORT/tables; running.proc the child

The secrets go to the child in its environment, never on its command line (another user of the
computer may read command lines).
"""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Final

__all__ = ["ServiceProcess", "ServiceStartError", "free_loopback_port", "service_process", "spawn_service"]

#: seconds a starting service gets to listen
START_SECONDS: Final = 60.0
TOKEN_ENV: Final = "EUCHRE_TUTOR_TABLE_TOKEN"
TEACHER_ENV: Final = "EUCHRE_TUTOR_TEACHER_TOKEN"


class ServiceStartError(RuntimeError):
    """The service stopped as it started, or did not listen in time (the message says which)."""


def free_loopback_port() -> int:
    """A port of this computer's loopback address that nothing listens on now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class ServiceProcess:
    """A running service: its child process, port and ``ws://`` address."""

    proc: subprocess.Popen[bytes]
    port: int
    db: Path

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
    environment (this process's if None) before the secrets are added. A child that stops as it starts,
    or does not listen within ``start_seconds``, raises :class:`ServiceStartError` (the child is stopped)."""
    chosen = port or free_loopback_port()
    child_env = {**(os.environ if env is None else env), TOKEN_ENV: token, "PYTHONUNBUFFERED": "1"}
    if teacher_token is not None:
        child_env[TEACHER_ENV] = teacher_token
    else:
        child_env.pop(TEACHER_ENV, None)
    command = [sys.executable, "-m", "euchre_tutor.service", "--port", str(chosen), "--db", str(db), *extra]
    proc = subprocess.Popen(command, env=child_env, stdin=subprocess.DEVNULL, stdout=stdout)
    running = ServiceProcess(proc, chosen, Path(db))
    deadline = time.monotonic() + start_seconds
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise ServiceStartError(f"the table service stopped as it started (code {proc.returncode})")
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", chosen), timeout=1):
            return running
        time.sleep(0.05)
    running.stop()
    raise ServiceStartError(f"the table service did not listen within {start_seconds:g} s")


@contextlib.contextmanager
def service_process(
    db: str | Path,
    *,
    token: str,
    teacher_token: str | None = None,
    port: int | None = None,
    extra: Sequence[str] = (),
    env: Mapping[str, str] | None = None,
) -> Iterator[ServiceProcess]:
    """:func:`spawn_service`, stopped when the ``with`` block ends."""
    running = spawn_service(db, token=token, teacher_token=teacher_token, port=port, extra=extra, env=env)
    try:
        yield running
    finally:
        running.stop()
