"""The class's Voila server as ``serve`` plans it: every choice checked, then Voila's own configuration
(a ``voila.json`` for the run) and the kernels' socket files.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import sys
import tempfile
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from euchre_tutor.class_site import TEMPLATE
from euchre_tutor.kernel_socket import voila_config
from euchre_tutor.serve.choices import (
    TABLES,
    ServeError,
    check_port,
    check_students,
    hash_password,
    is_loopback,
    notebooks_dir,
    this_machine,
)

__all__ = [
    "CULL_IDLE",
    "IPC_DIR_MAX",
    "REFILL_DELAY",
    "ServePlan",
    "kernel_sockets",
    "serve_plan",
    "start_estimate",
    "voila_serve_command",
]

# Seconds before Voila replaces a kernel a student took from a pool (--refill-delay). The replacements
# for a class's kernels all start together this long after the class opened its pages, each about 2
# CPU-seconds: measured with 30 students playing on two cores (benchmarks/voila_load.py --serve 30
# --deals 4 --refill-delay 10), clicks then waited 10 s (p95) for about a minute, against 1.5 s with
# no replacement starting. Ten minutes keeps them out of the class's start; a page opened while its
# table's pool has no kernel ready gets one started for it at once (class_site.on_demand).
REFILL_DELAY: Final = 600.0
# A student's kernel that no page has used for this long is stopped (a closed tab frees its memory).
CULL_IDLE: Final = 1800
# A kernel's sockets are files (ZeroMQ's ipc transport), not TCP ports: with TCP, jupyter_client picks
# each kernel's five ports by binding port 0 and closing it, and the kernel binds them seconds later;
# with 60 kernels starting at once another connection (Voila's own to the kernels started before, or
# another server on the computer) can take a port in between, the kernel dies with "Address already in
# use", and its restarts reuse the same cached ports, so the pool loses it. A socket file cannot clash.
# Its path (the connection directory, "kernel-<36-character id>-ipc-<n>") must fit a Unix socket's
# 104 bytes (macOS; 108 on Linux): the directory at most IPC_DIR_MAX characters.
IPC_DIR_MAX: Final = 50


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
    hashed = hash_password(password)
    chosen = "" if password is not None or no_token else token or secrets.token_urlsafe(9)
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


def start_estimate(kernels: int) -> str:
    """How long ``kernels`` kernels take to start and run their table, in words."""
    # measured (benchmarks/voila_load.py --serve 30): 60 kernels were ready after 80 s on a busy 2-core machine
    seconds = int(10 + 1.5 * kernels)
    return f"{seconds // 60} min {seconds % 60} s" if seconds >= 60 else f"{seconds} s"
