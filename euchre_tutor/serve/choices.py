"""What every part of ``serve`` shares: the notebooks, the tables, the usual ports, and the checks of
the teacher's choices (a port, a class's size, a password typed twice), each a sentence on failure.
"""

from __future__ import annotations

import errno
import getpass
import ipaddress
import socket
from collections.abc import Sequence
from pathlib import Path
from typing import Final

from euchre_tutor.jsonio import fail
from euchre_tutor.rules.games import GAMES

__all__ = [
    "BOTH",
    "DEFAULT_PORT",
    "DOCS",
    "LAB_PORT",
    "LESSONS",
    "MAX_STUDENTS",
    "MB_PER_KERNEL",
    "PACKAGE",
    "TABLES",
    "ServeError",
    "ask_password",
    "available_mb",
    "check_port",
    "check_students",
    "hash_password",
    "is_loopback",
    "max_kernels",
    "notebooks_dir",
    "this_machine",
]

PACKAGE: Final = Path(__file__).resolve().parents[1]  # the euchre_tutor package
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
MAX_STUDENTS: Final = 500  # beyond this one Voila server is the wrong tool (docs/class-server.md)
LOOPBACK_NAMES: Final = ("localhost", "127.0.0.1", "::1")
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
    """The memory free for new programs on this computer, in MB."""
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


def this_machine() -> str:
    """The address other computers on the network reach this one at (no packet is sent to find it)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.255.255.255", 1))
            return str(probe.getsockname()[0])
        except OSError:
            return socket.gethostname()


def ask_password(prompt: str = "Password for the class: ") -> str:
    """Ask for a password twice, not echoed; differing answers stop the program with a sentence."""
    first = getpass.getpass(prompt)
    if getpass.getpass("Once more: ") != first:
        raise SystemExit(fail("the two passwords differ: nothing was started"))
    return first


def hash_password(password: str | None) -> str:
    """Jupyter Server's hash of ``password``, as its configuration takes it ("" for no password)."""
    if password is None:
        return ""
    from jupyter_server.auth.security import passwd

    return str(passwd(password))  # type: ignore[no-untyped-call]
