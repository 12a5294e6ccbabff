"""``euchre-tutor serve | table | lessons``: the tables and the lessons from the installed package.

``serve`` is for a class: the tables and the lessons from one Voila server,
its kernel pools filled before anyone connects, behind a token or a password
as soon as it listens beyond this computer; beside it the table service (the
shared tables, on this computer only, :class:`TablesProcess`) and the
teacher's pages on a server and login of their own (:class:`TeacherPlan`). ``table`` is one table for one
person (what ``make tutor`` starts), and ``lessons`` copies the lesson
notebooks into a folder the student owns and opens JupyterLab there.

Everything is Voila's and Jupyter Server's own configuration (a ``voila.json``
written for the run: ``Voila.ip``, ``Voila.token``,
``PasswordIdentityProvider.hashed_password``,
``VoilaKernelManager.kernel_pools_config``, and the page's kernel connection that sends each frame at
once, ``Voila.kernel_websocket_connection_class``); this module only checks the
teacher's choices first, so a mistake gets a sentence instead of a traceback
from deep inside a server.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import getpass
import hashlib
import ipaddress
import json
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, Final

from euchre_tutor.class_site import TEMPLATE, class_root, teacher_root, template_env, write_template
from euchre_tutor.jsonio import fail
from euchre_tutor.kernel_socket import voila_config
from euchre_tutor.rules.games import GAMES
from euchre_tutor.service.process import (
    ServiceProcess,
    ServiceStartError,
    free_loopback_port,
    service_command,
    spawn_service,
)

__all__ = [
    "TABLES",
    "ServeError",
    "copy_lessons",
    "notebooks_dir",
    "register",
    "run_server",
    "serve_plan",
]

PACKAGE: Final = Path(__file__).resolve().parent
TABLES: Final = {
    **{g.name: g.notebook for g in GAMES},
    "practice": "practice.ipynb",  # the drills of a student's own Mistakes and Blunders
}
#: ``--table both``: the two tables a class opens most (the others start a kernel when opened)
BOTH: Final = ("solitaire", "classic")
LESSONS: Final = "lessons"
DEFAULT_PORT: Final = 8866
LAB_PORT: Final = 8888
# Memory of one kernel on the server: a table's kernel after a deal, with the analysis worker it
# starts. benchmarks/voila_load.py --serve 30 measured 110 MB resident (76 MB of its own) on Linux;
# planned with the resident figure and a margin.
MB_PER_KERNEL: Final = 120
# The most deals a classic grade refined after the move takes on a class server (a machine of its own
# takes up to 76,800, in its one worker): at 76,800 about 1 s of CPU a decision on average, 30 students
# would keep more than the two cores busy and slow every hint; the class cap was 4,800 deals, about a
# fifth of that CPU, and is 5,400 at the same CPU since the candidate draw is compiled
# (benchmarks/classic_grades.py and docs/advisors.md give the stability of its grades)
CLASS_GRADE_WORLDS: Final = 5400
#: the environment variable the classic advisor reads that cap from (its GRADE_WORLDS_ENV; kept here as
#: a name so that the server does not load the advisor)
GRADE_WORLDS_ENV: Final = "EUCHRE_TUTOR_GRADE_WORLDS"
MAX_STUDENTS: Final = 500  # beyond this one Voila server is the wrong tool (docs/class-server.md)
# Seconds before Voila replaces a kernel a student took from a pool (--refill-delay). The replacements
# for a class's kernels all start together this long after the class opened its pages, each about 2
# CPU-seconds: measured with 30 students playing on two cores (benchmarks/voila_load.py --serve 30
# --deals 4 --refill-delay 10), clicks then waited 10 s (p95) for about a minute, against 1.5 s with
# no replacement starting. Ten minutes keeps them out of the class's start; a page opened while its
# table's pool has no kernel ready gets one started for it at once (class_site.on_demand).
REFILL_DELAY: Final = 600.0
STOP_GRACE: Final = 20.0  # seconds Voila gets to stop its kernels before they are stopped directly
# A student's kernel that no page has used for this long is stopped (a closed tab frees its memory).
CULL_IDLE: Final = 1800
LOOPBACK_NAMES: Final = ("localhost", "127.0.0.1", "::1")
MANIFEST: Final = ".euchre-tutor-lessons.json"  # what `lessons` copied, to tell a student's edits apart
POOL_FILLED: Final = re.compile(r"Kernel pool of (\S+) is filled")
# A kernel's sockets are files (ZeroMQ's ipc transport), not TCP ports: with TCP, jupyter_client picks
# each kernel's five ports by binding port 0 and closing it, and the kernel binds them seconds later;
# with 60 kernels starting at once another connection (Voila's own to the kernels started before, or
# another server on the computer) can take a port in between, the kernel dies with "Address already in
# use", and its restarts reuse the same cached ports, so the pool loses it. A socket file cannot clash.
# Its path (the connection directory, "kernel-<36-character id>-ipc-<n>") must fit a Unix socket's
# 104 bytes (macOS; 108 on Linux): the directory at most IPC_DIR_MAX characters.
IPC_DIR_MAX: Final = 50
DOCS: Final = "docs/class-server.md"


class ServeError(ValueError):
    """A choice the server cannot be started with; the message says what to do instead."""


def notebooks_dir() -> Path:
    """The dashboards and lessons: in the installed package, or in the checkout it is imported from."""
    for candidate in (PACKAGE / "notebooks", PACKAGE.parent / "notebooks"):
        if (candidate / GAMES[0].notebook).is_file():
            return candidate
    raise ServeError(
        f"the notebooks are missing (looked in {PACKAGE / 'notebooks'} and {PACKAGE.parent / 'notebooks'}): "
        "reinstall the package from its wheel, or run from a complete checkout"
    )


# --- checking the teacher's choices -------------------------------------------------------------


def is_loopback(host: str) -> bool:
    """True when only this computer can connect (localhost, 127.x.x.x, ::1)."""
    if host.lower() in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def check_port(host: str, port: int) -> None:
    """The port is possible, and free on ``host`` (the same bind Voila will do, so it fails here first)."""
    if not 1 <= port <= 65535:
        raise ServeError(f"port {port} is impossible: a port is a number from 1 to 65535 (8866 is usual)")
    try:
        infos = socket.getaddrinfo(host.strip("[]"), port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror:
        raise ServeError(
            f"--host {host!r} is not an address or name of this computer: use 0.0.0.0 for every network "
            "interface (a class), 127.0.0.1 for this computer only, or one of its own addresses"
        ) from None
    family, kind, proto, _name, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the server itself binds
        try:
            probe.bind(address)
        except PermissionError:
            raise ServeError(
                f"port {port} needs administrator rights (ports below 1024 do): use 8866 or another above 1023"
            ) from None
        except OSError as error:
            if error.errno == errno.EADDRINUSE:
                raise ServeError(
                    f"port {port} is already in use (another server, maybe a `make tutor` or an earlier "
                    "`euchre-tutor serve`, holds it): stop that one or choose another with --port"
                ) from None
            raise ServeError(
                f"cannot listen on {host}:{port} ({error.strerror}): --host must be an address of this "
                "computer, or 0.0.0.0 for all of them"
            ) from None


def available_mb() -> float:
    import psutil

    return float(psutil.virtual_memory().available) / 2**20


def check_students(students: int, tables: Sequence[str], available: float | None = None) -> None:
    """A class this machine can hold: each table's pool of ``students`` kernels, plus the kernels in use."""
    if students <= 0:
        raise ServeError(f"--students {students}: give the number of students who will connect (1 or more)")
    if students > MAX_STUDENTS:
        raise ServeError(
            f"--students {students} is more than one server should hold (at most {MAX_STUDENTS}; two cores "
            f"hold about 30 at a time): for a larger class use JupyterHub, see {DOCS}"
        )
    kernels = max_kernels(students, tables)
    need = kernels * MB_PER_KERNEL
    free = available_mb() if available is None else available
    if need > free:
        holds = int(free // (MB_PER_KERNEL * (len(tables) + 1)))
        raise ServeError(
            f"--students {students} needs about {need / 1024:.1f} GB ({kernels} kernels of about "
            f"{MB_PER_KERNEL} MB: a pool for each of {len(tables)} table(s) and the kernels in use) but "
            f"{free / 1024:.1f} GB is free: this machine holds about {holds} students (see {DOCS})"
        )


def max_kernels(students: int, tables: Sequence[str]) -> int:
    """Kernels at the peak: every pool full (it refills after each student) and one per student in use."""
    return students * (len(tables) + 1)


# --- serve ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ServePlan:
    """What ``serve`` starts: the Voila command, its configuration, and what to tell the teacher."""

    host: str
    port: int
    students: int
    tables: tuple[str, ...]
    token: str  # "" with a password (or --no-token on this computer only)
    hashed_password: str
    config: dict[str, Any]

    @property
    def pools(self) -> dict[str, int]:
        return {TABLES[t]: self.students for t in self.tables}

    def address(self, path: str = "/") -> str:
        """The address students type (the token in it, so the first page logs them in)."""
        host = self.host
        if host in ("0.0.0.0", "::", ""):
            host = this_machine()
        elif ":" in host and not host.startswith("["):
            host = f"[{host}]"
        query = f"?token={self.token}" if self.token else ""
        return f"http://{host}:{self.port}{path}{query}"


def this_machine() -> str:
    """The address other computers on the network reach this one at (no packet is sent to find it)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.255.255.255", 1))
            return str(probe.getsockname()[0])
        except OSError:
            return socket.gethostname()


def serve_plan(
    host: str,
    port: int,
    students: int,
    tables: Sequence[str],
    password: str | None,
    token: str | None,
    no_token: bool,
    available: float | None = None,
    refill_delay: float = REFILL_DELAY,
) -> ServePlan:
    """Check every choice (teaching errors) and write the Voila configuration for them."""
    if password is not None and not password:
        raise ServeError(
            "--password is empty: anyone could log in; choose a password, or leave it out for a token"
        )
    if token is not None and len(token) < 8:
        raise ServeError(f"--token {token!r} is too short to keep others out: use 8 characters or more")
    if no_token and (password is not None or token is not None):
        raise ServeError("--no-token turns the login off: give it alone, without --password or --token")
    if no_token and not is_loopback(host):
        raise ServeError(
            f"refusing to serve on {host} with no password or token: anyone who can reach this computer "
            "could run code on it as you; drop --no-token (a token is made and printed) or give --password"
        )
    if not 0 <= refill_delay <= 86400:
        raise ServeError(
            f"--refill-delay {refill_delay:g} is impossible: give the seconds (0 to 86400) before a kernel a "
            f"student took is replaced (default {REFILL_DELAY:g})"
        )
    check_port(host, port)
    check_students(students, tables, available)
    hashed = ""
    if password is not None:
        from jupyter_server.auth.security import passwd

        hashed = str(passwd(password))  # type: ignore[no-untyped-call]
        chosen = ""
    elif no_token:
        chosen = ""
    else:
        chosen = token or secrets.token_urlsafe(9)
    base = json.loads((notebooks_dir() / "voila.json").read_text(encoding="utf-8"))
    pools: dict[str, Any] = {"default": {"pool_size": 0}}
    pools.update({TABLES[t]: {"pool_size": students} for t in tables})
    config = {
        **base,
        # the class page, the lessons page and the loading message (class_site.write_template)
        "VoilaConfiguration": {**base.get("VoilaConfiguration", {}), "template": TEMPLATE},
        # a page's kernel connection sends each frame at once (kernel_socket)
        "Voila": voila_config(base)["Voila"]
        | {"ip": host, "port": port, "port_retries": 0, "open_browser": False, "token": chosen},
        "VoilaKernelManager": {
            **base.get("VoilaKernelManager", {}),
            "kernel_pools_config": pools,
            "fill_delay": refill_delay,
        },
        "MappingKernelManager": {"cull_idle_timeout": CULL_IDLE, "cull_interval": 300},
    }
    if os.name == "posix":
        config["KernelManager"] = {"transport": "ipc"}
    if hashed:
        config["PasswordIdentityProvider"] = {"hashed_password": hashed}
    return ServePlan(host, port, students, tuple(tables), chosen, hashed, config)


def voila_serve_command(notebooks: Path) -> list[str]:
    """Voila on the students' folder, its pools giving way to a kernel on demand (class_site.main)."""
    return [sys.executable, "-m", "euchre_tutor.class_site", str(notebooks), "--no-browser"]


def _announce(plan: ServePlan, out: IO[str]) -> None:
    login = (
        "they log in with the password you chose"
        if plan.hashed_password
        else (
            "anyone who can reach it gets in (this computer only)" if not plan.token else "the token is in it"
        )
    )
    print(f"Give the class this address ({login}):", file=out)
    print(f"    {plan.address('/')}", file=out)
    print(
        "It is the class page: the tables, the lobby, practice and the lessons. The pages themselves:",
        file=out,
    )
    for table in TABLES:
        print(f"    {table + ':':<11}{plan.address(f'/voila/render/{TABLES[table]}')}", file=out)
    print(f"    {'lessons:':<11}{plan.address(f'/voila/tree/{LESSONS}')}", file=out)
    out.flush()


def run_serve(args: argparse.Namespace) -> int:
    password = args.password
    if password == "":  # --password with no value: ask, so the password is not in the shell's history
        password = _ask_password()
    elif password is None:
        password = os.environ.get("EUCHRE_TUTOR_PASSWORD") or None
    tables = BOTH if args.table == "both" else tuple(TABLES) if args.table == "all" else (args.table,)
    try:
        plan = serve_plan(
            args.host,
            args.port,
            args.students,
            tables,
            password,
            args.token,
            args.no_token,
            refill_delay=args.refill_delay,
        )
    except ServeError as error:
        return fail(str(error))
    try:
        teacher = teacher_plan(plan, args.teacher_port, teacher_password(args.teacher_password))
        class_dir = class_folder(args.class_dir)  # the last check: it makes the folder
    except ServeError as error:
        return fail(str(error))
    out = sys.stdout
    kernels = plan.students * len(plan.tables)
    print(
        f"euchre-tutor serve: starting {kernels} kernels before the class connects ({plan.students} for "
        f"each of: {', '.join(plan.tables)}); on two cores that takes about {_estimate(kernels)}.",
        file=out,
    )
    _announce(plan, out)
    _announce_teacher(teacher, class_dir, out)
    _stop_on_sigterm()  # from here on, SIGTERM stops everything started below as Ctrl+C does
    try:
        return _serve_class(plan, teacher, class_dir, out)
    except ServeError as error:  # the table service could not start: nothing else was
        return fail(str(error))


def _serve_class(plan: ServePlan, teacher: TeacherPlan | None, class_dir: Path, out: IO[str]) -> int:
    """The table service, the teacher's server and the class's Voila, until Voila stops."""
    with tempfile.TemporaryDirectory(prefix="euchre-serve-") as run_dir, TablesProcess(class_dir) as service:
        run = Path(run_dir)
        notebooks = notebooks_dir()
        students = class_root(notebooks, run / "class")
        share = run / "share"
        write_template(share, notebooks)
        env = {**service.kernel_env(), **template_env(share)}
        with contextlib.ExitStack() as stack:
            if teacher is not None:
                stack.enter_context(
                    _teacher_server(
                        teacher,
                        teacher_root(notebooks, run / "teacher"),
                        run,
                        {**env, **service.teacher_env()},
                    )
                )
            # Voila reads voila.json from the directory it starts in: this run's configuration, readable
            # by this user only (it holds the token or the password's hash)
            config = run / "voila.json"
            config.touch(mode=0o600)
            with kernel_sockets(plan, run) as settings:
                config.write_text(json.dumps(settings, indent=2), encoding="utf-8")
                return _run_voila(voila_serve_command(students), run, plan, out, env)


# --- the table service beside Voila ---------------------------------------------------------------

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


# --- the teacher's pages ------------------------------------------------------------------------------


@dataclass(frozen=True)
class TeacherPlan:
    """The teacher's own Voila server: the teacher's pages only, behind a login of their own."""

    host: str
    port: int
    token: str  # "" with a password
    hashed_password: str

    def address(self, path: str = "/") -> str:
        host = this_machine() if self.host in ("0.0.0.0", "::", "") else self.host
        if ":" in host and not host.startswith("["):
            host = f"[{host}]"
        query = f"?token={self.token}" if self.token else ""
        return f"http://{host}:{self.port}{path}{query}"

    def config(self) -> dict[str, Any]:
        config: dict[str, Any] = {
            "VoilaConfiguration": {"theme": "light", "strip_sources": True, "show_tracebacks": False},
            "Voila": {
                "ip": self.host,
                "port": self.port,
                "port_retries": 0,
                "open_browser": False,
                "token": self.token,
            },
            "MappingKernelManager": {"cull_idle_timeout": CULL_IDLE, "cull_interval": 300},
        }
        if self.hashed_password:
            config["PasswordIdentityProvider"] = {"hashed_password": self.hashed_password}
        return voila_config(config)  # a page's kernel connection sends each frame at once


def teacher_password(given: str | None) -> str | None:
    """--teacher-password: its value, asked for when given without one, else $EUCHRE_TUTOR_TEACHER_PASSWORD."""
    if given == "":
        return _ask_password("Password for the teacher's pages: ")
    return given if given is not None else os.environ.get("EUCHRE_TUTOR_TEACHER_PASSWORD") or None


def teacher_plan(plan: ServePlan, port: int | None, password: str | None) -> TeacherPlan | None:
    """The teacher's server, on the class's address and the next port (or ``port``); None for port 0.

    Its login is never the class's: the teacher's password, or else a token of its own, printed for
    the teacher only.
    """
    if port == 0:
        return None
    chosen = plan.port + 1 if port is None else port
    if chosen == plan.port:
        raise ServeError(
            f"--teacher-port {chosen} is the class's port: give another, or 0 for no teacher's pages"
        )
    if password is not None and len(password) < 8:
        raise ServeError("--teacher-password is too short to keep students out: use 8 characters or more")
    if password is not None and plan.hashed_password and _same_password(password, plan.hashed_password):
        raise ServeError(
            "--teacher-password is the class's password: students could open the teacher's pages"
        )
    try:
        check_port(plan.host, chosen)
    except ServeError as error:
        raise ServeError(
            f"the teacher's pages cannot use port {chosen}: {error}".replace(
                "with --port", "with --teacher-port"
            )
        ) from None
    hashed = ""
    if password is not None:
        from jupyter_server.auth.security import passwd

        hashed = str(passwd(password))  # type: ignore[no-untyped-call]
    return TeacherPlan(plan.host, chosen, "" if hashed else secrets.token_urlsafe(12), hashed)


def _same_password(password: str, hashed: str) -> bool:
    from jupyter_server.auth.security import passwd_check

    return bool(passwd_check(hashed, password))  # type: ignore[no-untyped-call]


def _announce_teacher(teacher: TeacherPlan | None, class_dir: Path, out: IO[str]) -> None:
    print(f"The class's tables, saved games and drills are kept in {class_dir / CLASS_DB}.", file=out)
    if teacher is None:
        return
    login = "your teacher's password" if teacher.hashed_password else "its own token, not the class's"
    print(f"Your pages (not shown to students; {login}):", file=out)
    print(f"    {teacher.address('/')}", file=out)
    out.flush()


@contextlib.contextmanager
def _teacher_server(teacher: TeacherPlan, root: Path, run: Path, env: dict[str, str]) -> Iterator[None]:
    where = run / "teacher-config"
    where.mkdir()
    config = where / "voila.json"
    config.touch(mode=0o600)
    config.write_text(json.dumps(teacher.config(), indent=2), encoding="utf-8")
    proc = subprocess.Popen(
        [sys.executable, "-m", "voila", str(root), "--no-browser"],
        cwd=where,
        env={**os.environ, **env, "PYTHONUNBUFFERED": "1"},
        stdin=subprocess.DEVNULL,
    )
    stopping = threading.Event()

    def watch() -> None:
        code = proc.wait()
        if not stopping.is_set():
            print(
                f"The teacher's pages stopped (code {code}; Voila's lines above say why): the class's pages "
                "go on; restart serve to get yours back.",
                file=sys.stderr,
                flush=True,
            )

    threading.Thread(target=watch, daemon=True).start()
    try:
        yield
    finally:
        stopping.set()
        if proc.poll() is None:
            _stop(proc, quiet=True)


@contextlib.contextmanager
def kernel_sockets(plan: ServePlan, run_dir: Path) -> Iterator[dict[str, Any]]:
    """The plan's configuration with a directory for the kernels' socket files that is short enough.

    The run's own directory (private to this user) when its path fits; else one made in /tmp (a
    macOS temporary folder is too long); else the kernels use TCP ports, as Jupyter does by default.
    """
    config = dict(plan.config)
    if config.get("KernelManager", {}).get("transport") != "ipc":
        yield config
        return
    with contextlib.ExitStack() as stack:
        where: Path | None = run_dir
        if len(str(run_dir)) > IPC_DIR_MAX:
            where = None
            if Path("/tmp").is_dir():
                made = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="euchre-", dir="/tmp")))
                where = made if len(str(made)) <= IPC_DIR_MAX else None
        if where is None:
            config.pop("KernelManager")
        else:
            config["MultiKernelManager"] = {"connection_dir": str(where)}
        yield config


def _estimate(kernels: int) -> str:
    # measured (benchmarks/voila_load.py --serve 30): 60 kernels were ready after 80 s on a busy 2-core machine
    seconds = int(10 + 1.5 * kernels)
    return f"{seconds // 60} min {seconds % 60} s" if seconds >= 60 else f"{seconds} s"


def _ask_password(prompt: str = "Password for the class: ") -> str:
    first = getpass.getpass(prompt)
    if getpass.getpass("Once more: ") != first:
        raise SystemExit(fail("the two passwords differ: nothing was started"))
    return first


def _run_voila(
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
    _stop_on_sigterm()
    try:
        code = proc.wait()
    except KeyboardInterrupt:
        code = _stop(proc)
    reader.join(timeout=5)
    return 0 if code in (0, -signal.SIGTERM, -signal.SIGINT) else code


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


def _stop_on_sigterm() -> None:
    """SIGTERM (a service manager, a test's teardown) stops Voila and its kernels as Ctrl+C does."""
    with contextlib.suppress(ValueError):  # not the main thread: leave the signals alone
        signal.signal(signal.SIGTERM, _interrupt)


def _stop(proc: subprocess.Popen[Any], quiet: bool = False) -> int:
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


# --- table ----------------------------------------------------------------------------------------


def run_table(args: argparse.Namespace) -> int:
    """``euchre-tutor table``: one table for one person, as ``make tutor`` starts it (:mod:`euchre_tutor.launch`)."""
    from euchre_tutor.launch import run_table as run_one

    words = f"the {args.table} table (this computer only; `euchre-tutor serve` is for a class)"
    return run_one(TABLES[args.table], words, args.port, not args.no_browser)


def run_server(cmd: list[str], cwd: Path, env: Mapping[str, str] | None = None) -> int:
    """Run a server until it ends, or until Ctrl+C or SIGTERM stop it (and its kernels) cleanly."""
    proc = subprocess.Popen(cmd, cwd=cwd, env=None if env is None else dict(env))
    _stop_on_sigterm()
    try:
        code = proc.wait()
    except KeyboardInterrupt:
        code = _stop(proc)
    return 0 if code in (0, -signal.SIGTERM, -signal.SIGINT) else code


# --- lessons --------------------------------------------------------------------------------------


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@dataclass(frozen=True)
class Copied:
    """What ``copy_lessons`` did with each lesson."""

    copied: tuple[str, ...]
    unchanged: tuple[str, ...]
    kept: tuple[str, ...]  # the student changed these: left as they are


def _lessons() -> Iterator[Path]:
    yield from sorted((notebooks_dir() / LESSONS).glob("*.ipynb"))


def copy_lessons(folder: Path) -> Copied:
    """Copy the lessons into ``folder``; a lesson the student has changed is kept, never overwritten.

    A manifest remembers what was copied: a lesson still as copied is updated to the package's
    version; one that differs from what was copied is the student's work and stays.
    """
    if folder.exists() and not folder.is_dir():
        raise ServeError(f"{folder} is a file, not a folder: give a folder for the lessons (it is created)")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise ServeError(
            f"cannot create the folder {folder} ({error.strerror}): choose one you own"
        ) from None
    manifest_path = folder / MANIFEST
    try:
        manifest: dict[str, str] = json.loads(manifest_path.read_text(encoding="utf-8"))
        if not isinstance(manifest, dict):
            manifest = {}
    except (OSError, ValueError):
        manifest = {}
    copied, unchanged, kept = [], [], []
    for source in _lessons():
        target = folder / source.name
        fresh = _digest(source)
        if target.exists():
            mine = _digest(target)
            if mine == fresh:
                unchanged.append(source.name)
                manifest[source.name] = fresh
                continue
            if manifest.get(source.name) != mine:  # not what was copied: the student's work
                kept.append(source.name)
                continue
        try:
            shutil.copyfile(source, target)
        except OSError as error:
            raise ServeError(f"cannot write {target} ({error.strerror}): choose a folder you own") from None
        manifest[source.name] = fresh
        copied.append(source.name)
    manifest_path.write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return Copied(tuple(copied), tuple(unchanged), tuple(kept))


def run_lessons(args: argparse.Namespace) -> int:
    folder = Path(args.folder).expanduser().resolve()
    try:
        if not args.copy_only and args.port is not None:  # checked first: a refusal changes nothing
            check_port("127.0.0.1", args.port)
        done = copy_lessons(folder)
    except ServeError as error:
        return fail(str(error))
    print(f"The lessons are in {folder}: {len(done.copied)} copied, {len(done.unchanged)} already there.")
    if done.kept:
        print(
            f"Kept your own version of {', '.join(done.kept)}: you changed them, so they were not "
            "overwritten (rename or delete one to get the original back)."
        )
    if args.copy_only:
        return 0
    from euchre_tutor.launch import run_lab

    return run_lab(folder, args.port, not args.no_browser, start="lab")


# --- the command line -----------------------------------------------------------------------------


def register(games: Any) -> None:
    """Add ``serve``, ``table`` and ``lessons`` to the ``euchre-tutor`` command line."""
    sp: argparse.ArgumentParser = games.add_parser(
        "serve",
        help="serve the tables and the lessons to a class from this computer (one Voila server)",
        description=(
            "Serve the tables and the lessons from one Voila server, its kernels started before the "
            "class connects. Beyond this computer (--host 0.0.0.0) a token is made and printed in the "
            f"address to give the class, or students log in with --password. See {DOCS}."
        ),
    )
    sp.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to listen on: 0.0.0.0 for a class on the network (default 127.0.0.1: this computer only)",
    )
    sp.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT})")
    sp.add_argument(
        "--students",
        type=int,
        default=2,
        metavar="N",
        help="kernels to start for each table before anyone connects: the class size (default 2)",
    )
    sp.add_argument(
        "--table",
        choices=[*TABLES, "both", "all"],
        default="both",
        help="the table(s) whose kernels are started in advance: both (default: solitaire and classic), all, "
        "or one; the others open on demand",
    )
    sp.add_argument(
        "--refill-delay",
        type=float,
        default=REFILL_DELAY,
        metavar="SECONDS",
        help=f"seconds before Voila replaces a kernel a student took (default {REFILL_DELAY:g}); a page "
        "opened while its table's pool is empty starts a kernel of its own at once",
    )
    sp.add_argument(
        "--class-dir",
        default=CLASS_DIR,
        metavar="FOLDER",
        help=f"the class's folder: its shared tables, saved games and drills, kept between lessons "
        f"(default ./{CLASS_DIR}, created)",
    )
    sp.add_argument(
        "--teacher-port",
        type=int,
        default=None,
        metavar="PORT",
        help="port of the teacher's pages (default: the class's port + 1; 0: no teacher's pages)",
    )
    sp.add_argument(
        "--teacher-password",
        nargs="?",
        const="",
        metavar="PASSWORD",
        help="the teacher's pages ask this password (without a value it is asked for; or set "
        "EUCHRE_TUTOR_TEACHER_PASSWORD); else they get a token of their own, printed for you",
    )
    login = sp.add_mutually_exclusive_group()
    login.add_argument(
        "--password",
        nargs="?",
        const="",
        metavar="PASSWORD",
        help="students log in with this password (without a value it is asked for; or set EUCHRE_TUTOR_PASSWORD)",
    )
    login.add_argument("--token", help="use this token (8+ characters) instead of a generated one")
    login.add_argument(
        "--no-token",
        action="store_true",
        help="no login at all: refused unless the server listens on this computer only",
    )
    sp.set_defaults(run=run_serve)

    tp = games.add_parser("table", help="open one table in your browser (this computer only)")
    tp.add_argument(
        "table",
        nargs="?",
        choices=list(TABLES),
        default="solitaire",
        help="solitaire (default), classic, bid or practice (your drills)",
    )
    tp.add_argument(
        "--port", type=int, default=None, help=f"port (default {DEFAULT_PORT}, or the next free one)"
    )
    tp.add_argument("--no-browser", action="store_true", help="do not open a browser tab")
    tp.set_defaults(run=run_table)

    lp = games.add_parser(
        "lessons",
        help="copy the lessons into a folder of yours and open JupyterLab there",
        description=(
            "Copy the lesson notebooks into FOLDER (created if needed) and open JupyterLab there. "
            "A lesson you have changed is never overwritten."
        ),
    )
    lp.add_argument(
        "folder", nargs="?", default="euchre-lessons", metavar="FOLDER", help="default ./euchre-lessons"
    )
    lp.add_argument(
        "--port", type=int, default=None, help=f"JupyterLab's port (default {LAB_PORT}, or the next free one)"
    )
    lp.add_argument("--no-browser", action="store_true", help="do not open a browser tab")
    lp.add_argument("--copy-only", action="store_true", help="copy the lessons, do not start JupyterLab")
    lp.set_defaults(run=run_lessons)
