"""The teacher's pages: a Voila server of their own beside the class's, behind a login that is never
the class's.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import subprocess
import sys
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from euchre_tutor.class_site import TEACHER_TEMPLATE
from euchre_tutor.kernel_socket import voila_config
from euchre_tutor.serve.choices import ServeError, ask_password, check_port, hash_password, this_machine
from euchre_tutor.serve.plan import CULL_IDLE, ServePlan
from euchre_tutor.serve.processes import stop_server
from euchre_tutor.serve.tables import CLASS_DB

__all__ = ["TeacherPlan", "announce_teacher", "teacher_password", "teacher_plan", "teacher_server"]


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
            "VoilaConfiguration": {  # the landing page (class_site.write_template writes it)
                "theme": "light",
                "strip_sources": True,
                "show_tracebacks": False,
                "template": TEACHER_TEMPLATE,
            },
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
        return ask_password("Password for the teacher's pages: ")
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
    hashed = hash_password(password)
    return TeacherPlan(plan.host, chosen, "" if hashed else secrets.token_urlsafe(12), hashed)


def _same_password(password: str, hashed: str) -> bool:
    from jupyter_server.auth.security import passwd_check

    return bool(passwd_check(hashed, password))  # type: ignore[no-untyped-call]


def announce_teacher(teacher: TeacherPlan | None, class_dir: Path, out: IO[str]) -> None:
    """Tell the teacher where the class's store is kept and, with ``teacher``, the address of their pages."""
    print(f"The class's tables, saved games and drills are kept in {class_dir / CLASS_DB}.", file=out)
    if teacher is None:
        return
    login = "your teacher's password" if teacher.hashed_password else "its own token, not the class's"
    print(f"Your pages (not shown to students; {login}):", file=out)
    print(f"    {teacher.address('/')}", file=out)
    out.flush()


@contextlib.contextmanager
def teacher_server(teacher: TeacherPlan, root: Path, run: Path, env: dict[str, str]) -> Iterator[None]:
    """The teacher's Voila on ``root`` (its configuration written under ``run``, ``env`` added to its
    environment) while the ``with`` block runs; its stopping early is said, and the class goes on."""
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
            stop_server(proc, quiet=True)
