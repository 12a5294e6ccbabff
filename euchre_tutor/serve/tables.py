"""The table service beside the class's Voila: started, watched and restarted by ``serve``, its address
and secrets given to the kernels in their environment.
"""

from __future__ import annotations

import secrets
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import IO, Final

from euchre_tutor.serve.choices import ServeError
from euchre_tutor.service.process import (
    ServiceProcess,
    ServiceStartError,
    free_loopback_port,
    service_command,
    spawn_service,
)

__all__ = [
    "CLASS_DB",
    "CLASS_DB_ENV",
    "CLASS_DIR",
    "RESTARTS",
    "RESTART_WINDOW",
    "SERVICE_START",
    "TABLES_TEACHER_ENV",
    "TABLES_TOKEN_ENV",
    "TABLES_URL_ENV",
    "TablesProcess",
    "class_folder",
]

#: the environment variables a student's kernel finds the table service and the class's store by
TABLES_URL_ENV: Final = "EUCHRE_TABLES_URL"
TABLES_TOKEN_ENV: Final = "EUCHRE_TABLES_TOKEN"
#: the teacher's token, given to the teacher's pages only (never to a student's kernel)
TABLES_TEACHER_ENV: Final = "EUCHRE_TABLES_TEACHER_TOKEN"
#: the class store's CLASS_DB_ENV (a name here, so that the server does not load the advisor)
CLASS_DB_ENV: Final = "EUCHRE_CLASS_DB"
CLASS_DIR: Final = "euchre-class"  # --class-dir's default, in the folder serve is started from
CLASS_DB: Final = "class.sqlite"  # the tables' log and the students' saved games and drills
SERVICE_START: Final = 60.0  # seconds the table service gets to listen
RESTARTS: Final = 5  # crashes within RESTART_WINDOW seconds before serve stops restarting the service
RESTART_WINDOW: Final = 60.0


def class_folder(folder: str) -> Path:
    """The class's folder (created): its database outlives the server, so the next lesson resumes it."""
    where = Path(folder).expanduser().resolve()
    if where.exists() and not where.is_dir():
        raise ServeError(f"--class-dir {folder} is a file, not a folder: give a folder (it is created)")
    try:
        where.mkdir(parents=True, exist_ok=True)
        probe = where / ".euchre-write-test"
        probe.touch()
        probe.unlink()
    except OSError as error:
        raise ServeError(
            f"cannot write in the class folder {where} ({error.strerror}): give one you own with --class-dir"
        ) from None
    return where


class TablesProcess:
    """The table service (``python -m euchre_tutor.service``) as a child of serve, on this computer only.

    It listens on a loopback port with a secret made for the run (given to it and to Voila's kernels in
    the environment, never on a command line) and a teacher's secret of its own (given to it and to the
    teacher's pages only, :meth:`teacher_env`); its database is the class folder's. A service that
    stops by itself is started again on the same port and resumes every table from the database
    (at most :data:`RESTARTS` times within :data:`RESTART_WINDOW` seconds); leaving the ``with``
    block stops it.
    """

    def __init__(self, class_dir: Path, port: int | None = None, log: IO[str] | None = None) -> None:
        self.db = class_dir / CLASS_DB
        self.port = port or free_loopback_port()
        self.token = secrets.token_urlsafe(24)
        self.teacher_token = secrets.token_urlsafe(24)
        self.log = log or sys.stderr
        self.running: ServiceProcess | None = None
        self.restarts = 0
        self._stopping = threading.Event()
        self._watcher: threading.Thread | None = None

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/tables"

    def kernel_env(self) -> dict[str, str]:
        """What Voila's kernels inherit: where the service is, its secret, and the class's database."""
        return {TABLES_URL_ENV: self.url, TABLES_TOKEN_ENV: self.token, CLASS_DB_ENV: str(self.db)}

    def teacher_env(self) -> dict[str, str]:
        """What the teacher's pages add to :meth:`kernel_env`: the teacher's token (every table, face up)."""
        return {TABLES_TEACHER_ENV: self.teacher_token}

    @property
    def proc(self) -> subprocess.Popen[bytes] | None:
        """The service's child process now (another one after each restart)."""
        return self.running.proc if self.running is not None else None

    def options(self) -> list[str]:
        """The service's options beyond its port and database (no secret: those go in its environment)."""
        return ["--keep-games"]  # a finished match is kept under each student's name, as the Practice page's

    def command(self) -> list[str]:
        """The service's command line, as :func:`spawn_service` runs it."""
        return service_command(self.port, self.db, self.options())

    def _spawn(self) -> None:
        try:
            self.running = spawn_service(
                self.db,
                token=self.token,
                teacher_token=self.teacher_token,
                port=self.port,
                extra=self.options(),
                start_seconds=SERVICE_START,
            )
        except ServiceStartError as error:
            if error.code is None:
                raise ServeError(
                    f"the table service did not listen within {SERVICE_START:g} s: nothing was started"
                ) from None
            raise ServeError(
                f"the table service stopped as it started (code {error.code}; its lines are "
                f"above): check that {self.db} is a database of this tutor, or give another --class-dir"
            ) from None

    def __enter__(self) -> TablesProcess:
        self._spawn()
        self._watcher = threading.Thread(target=self._watch, daemon=True)
        self._watcher.start()
        return self

    def _watch(self) -> None:
        crashes: list[float] = []
        while not self._stopping.is_set():
            proc = self.proc
            assert proc is not None
            code = proc.wait()
            if self._stopping.is_set():
                return
            now = time.monotonic()
            crashes = [t for t in crashes if now - t < RESTART_WINDOW] + [now]
            if len(crashes) > RESTARTS:
                print(
                    f"The table service stopped {len(crashes)} times in a minute (code {code}): it is not "
                    "started again; the shared tables are closed until serve is restarted (the tables "
                    "for one person still work).",
                    file=self.log,
                    flush=True,
                )
                return
            print(
                f"The table service stopped (code {code}): starting it again; its tables resume from {self.db}.",
                file=self.log,
                flush=True,
            )
            self._stopping.wait(0.5)
            if self._stopping.is_set():
                return
            try:
                self._spawn()
            except ServeError as error:
                print(f"The table service could not be started again: {error}", file=self.log, flush=True)
                return
            self.restarts += 1

    def __exit__(self, *exc: object) -> None:
        self._stopping.set()
        if self.running is not None:
            self.running.stop()
        if self._watcher is not None:
            self._watcher.join(timeout=5)
