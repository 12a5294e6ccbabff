"""``make tutor``: start the Voila dashboard (the classic table with ``--classic``, the Bid Euchre table with
``--bid``, the Practice page with ``--practice``, JupyterLab on the lessons with ``--lab``).

Run as ``python -m euchre_tutor.launch [--classic | --bid | --practice | --lab] [--port N] [--no-browser]``. The
notebooks come from :func:`euchre_tutor.serve.notebooks_dir`: the checkout's ``notebooks/``, or the
installed package's copy (``euchre-tutor table`` and ``euchre-tutor serve`` use the same).

A table for one person is Voila on the whole notebooks folder, opened at the table's page
(``/voila/render/<table>``): the lessons beside it are then pages of the same server, so a hint's
"Learn more" (a link relative to the table's page) opens its lesson, as on the class server; only the
chosen table's kernel is started in advance. The port printed is the one served: a port given with
``--port`` is that one or a refusal; without it, the first free one from the usual (8866, JupyterLab's
8888) is served and said.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import socket
import sys
import tempfile
import threading
import time
import webbrowser
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final

from euchre_tutor.jsonio import fail
from euchre_tutor.kernel_socket import CONNECTION_CLASS, VOILA_OPTIONS
from euchre_tutor.rules.games import GAMES
from euchre_tutor.serve import (
    DEFAULT_PORT,
    LAB_PORT,
    LESSONS,
    TABLES,
    ServeError,
    check_port,
    copy_lessons,
    notebooks_dir,
    run_server,
)

__all__ = [
    "LAB_HIDDEN",
    "free_port",
    "home_config",
    "lab_command",
    "main",
    "run_lab",
    "run_table",
    "served_port",
    "voila_command",
]

PRACTICE = "practice.ipynb"
PORT_TRIES: Final = 20  # ports tried from the usual one, when none was given, before giving up
#: what JupyterLab does not list for a student (pages of the class server, the server's settings),
#: beside Jupyter's own hidden files; the teacher's pages are in ``teacher/``
LAB_HIDDEN: Final = (
    "__pycache__",
    "*.pyc",
    "*.pyo",
    ".DS_Store",
    "*~",
    ".ipynb_checkpoints",
    "voila.json",
    "lobby.ipynb",
    "shared-table.ipynb",
)
#: the environment variable JupyterLab reads its token from (kept off the command line, which other
#: users of the computer can see)
TOKEN_ENV: Final = "JUPYTER_TOKEN"


def free_port(first: int, tries: int = PORT_TRIES) -> int:
    """The first port from ``first`` (``tries`` of them) free on this computer; else ServeError, the
    refusal of ``first`` (an impossible port, a port in use)."""
    refusal: ServeError | None = None
    for port in range(first, first + max(tries, 1)):
        try:
            check_port("127.0.0.1", port)
            return port
        except ServeError as error:
            if refusal is None:
                refusal = error
            if "already in use" not in str(error) or port >= 65535:
                break
    assert refusal is not None
    raise refusal


def home_config(notebooks: Path, notebook: str) -> dict[str, Any]:
    """The notebooks' ``voila.json`` for one person: kernels started in advance for ``notebook`` only."""
    config: dict[str, Any] = json.loads((notebooks / "voila.json").read_text(encoding="utf-8"))
    manager = dict(config.get("VoilaKernelManager", {}))
    pools = manager.get("kernel_pools_config", {})
    manager["kernel_pools_config"] = {
        "default": {"pool_size": 0},
        notebook: pools.get(notebook, {"pool_size": 1}),
    }
    config["VoilaKernelManager"] = manager
    return config


def voila_command(port: int, notebooks: Path) -> list[str]:
    """Voila on the whole ``notebooks`` folder, on this computer only, on ``port`` and no other; the
    page's connection to its kernel sends each frame at once (:mod:`euchre_tutor.kernel_socket`)."""
    return [
        sys.executable,
        "-m",
        "voila",
        str(notebooks),
        "--no-browser",
        f"--port={port}",
        "--Voila.ip=127.0.0.1",
        "--Voila.port_retries=0",
        *VOILA_OPTIONS,
    ]


def running_as_root() -> bool:
    """True for the superuser (a container's usual user); False where there are no user ids (Windows)."""
    return hasattr(os, "geteuid") and os.geteuid() == 0


def lab_command(
    port: int, open_browser: bool, as_root: bool | None = None, root: Path | None = None, start: str = "lab"
) -> list[str]:
    """JupyterLab on this computer only, on ``port`` and no other, in ``root`` (default: where it is run),
    opening at ``start`` (a path after the address); as root (``as_root``, by default the user running
    this) it is allowed to start, where JupyterLab alone refuses the superuser. Its token is in the
    environment (:data:`TOKEN_ENV`). A page's connection to its kernel sends each frame at once, as
    under Voila (:mod:`euchre_tutor.kernel_socket`)."""
    cmd = [
        sys.executable,
        "-m",
        "jupyterlab",
        f"--port={port}",
        "--ServerApp.ip=127.0.0.1",
        "--ServerApp.port_retries=0",
        f"--ServerApp.default_url=/{start.lstrip('/')}",
        f"--ContentsManager.hide_globs={json.dumps(list(LAB_HIDDEN))}",
        f"--ServerApp.kernel_websocket_connection_class={CONNECTION_CLASS}",
    ]
    if root is not None:
        cmd.append(f"--ServerApp.root_dir={root}")
    if running_as_root() if as_root is None else as_root:
        cmd.append("--ServerApp.allow_root=True")  # it listens on 127.0.0.1 only
    if not open_browser:
        cmd.append("--no-browser")
    return cmd


def _open_when_listening(url: str, port: int, limit: float = 120.0) -> None:
    """Open ``url`` in the browser once something listens on ``port`` (in a thread of its own)."""

    def wait_and_open() -> None:
        deadline = time.monotonic() + limit
        while time.monotonic() < deadline:
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", port)) == 0:
                    webbrowser.open(url)
                    return
            time.sleep(0.2)

    threading.Thread(target=wait_and_open, daemon=True).start()


def served_port(asked: int | None, usual: int) -> int:
    """``asked`` if free (else ServeError); with None, the first free port from ``usual``."""
    return free_port(usual) if asked is None else free_port(asked, tries=1)


def _port_words(usual: int, port: int) -> str:
    return f" (port {usual} is taken, so this one serves on {port})" if port != usual else ""


def run_table(notebook: str, words: str, port: int | None, open_browser: bool) -> int:
    """Serve one table (or the Practice page) for one person until Ctrl+C; print the served address.

    ``port``: that port or a refusal; None: the first free one from :data:`DEFAULT_PORT`."""
    try:
        notebooks = notebooks_dir()
        served = served_port(port, DEFAULT_PORT)
    except ServeError as error:
        return fail(str(error))
    url = f"http://127.0.0.1:{served}/voila/render/{notebook}"
    print(
        f"Starting {words} at {url}{_port_words(port or DEFAULT_PORT, served)}; press Ctrl+C to stop.",
        flush=True,
    )
    with tempfile.TemporaryDirectory(prefix="euchre-tutor-") as run:
        # Voila reads voila.json from the folder it starts in: this run's, with this table's pool only
        (Path(run) / "voila.json").write_text(json.dumps(home_config(notebooks, notebook)), encoding="utf-8")
        if open_browser:
            _open_when_listening(url, served)
        return run_server(voila_command(served, notebooks), Path(run))


def run_lab(root: Path, port: int | None, open_browser: bool, start: str = f"lab/tree/{LESSONS}") -> int:
    """JupyterLab in ``root`` opened at ``start``, until Ctrl+C; print its one address, token included.

    ``port``: that port or a refusal; None: the first free one from :data:`LAB_PORT`. The token is the
    one ``JUPYTER_TOKEN`` already holds (a hub or a teacher's setting), else a new random one."""
    try:
        served = served_port(port, LAB_PORT)
    except ServeError as error:
        return fail(str(error))
    token = os.environ.get(TOKEN_ENV) or secrets.token_hex(16)
    url = f"http://127.0.0.1:{served}/{start}?token={token}"
    print(
        f"Opening JupyterLab at {url}{_port_words(port or LAB_PORT, served)}; press Ctrl+C to stop.",
        flush=True,
    )
    env: Mapping[str, str] = {**os.environ, TOKEN_ENV: token}
    return run_server(lab_command(served, open_browser, root=root, start=start), root, env)


# --------------------------------------------------------------------------- the command line


def run_table_command(args: argparse.Namespace) -> int:
    """``euchre-tutor table``: one table for one person, as ``make tutor`` starts it."""
    words = f"the {args.table} table (this computer only; `euchre-tutor serve` is for a class)"
    return run_table(TABLES[args.table], words, args.port, not args.no_browser)


def run_lessons_command(args: argparse.Namespace) -> int:
    """``euchre-tutor lessons``: copy the lessons into the folder, then open JupyterLab there (unless
    ``--copy-only``)."""
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
    return run_lab(folder, args.port, not args.no_browser, start="lab")


def register(games: Any) -> None:
    """Add ``table`` and ``lessons`` (one person's, on this computer) to the ``euchre-tutor`` command line."""
    _add_table(games)
    _add_lessons(games)


def _add_table(games: Any) -> None:
    """``table``: one table for one person."""
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
    tp.set_defaults(run=run_table_command)


def _add_lessons(games: Any) -> None:
    """``lessons``: the lessons copied into the student's folder, opened in JupyterLab."""
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
    lp.set_defaults(run=run_lessons_command)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Launch the Euchre tutor in your browser.")
    game = parser.add_mutually_exclusive_group()
    game.add_argument("--lab", action="store_true", help="open JupyterLab on the lesson notebooks instead")
    for other in GAMES[1:]:
        game.add_argument(f"--{other.name}", action="store_true", help=other.launch_help)
    game.add_argument("--practice", action="store_true", help="open the Practice page (your drills) instead")
    parser.add_argument(
        "--port",
        type=int,
        default=None,
        help=f"port to serve on (default: {DEFAULT_PORT}, JupyterLab {LAB_PORT}, or the next free one)",
    )
    parser.add_argument("--no-browser", action="store_true", help="do not open a browser tab")
    args = parser.parse_args(argv)
    if args.lab:
        try:
            notebooks = notebooks_dir()
        except ServeError as error:
            return fail(str(error))
        return run_lab(notebooks, args.port, not args.no_browser)
    if args.practice:
        return run_table(PRACTICE, "the Practice page (your drills)", args.port, not args.no_browser)
    chosen = next((g for g in GAMES[1:] if getattr(args, g.name)), GAMES[0])
    return run_table(chosen.notebook, chosen.table_words, args.port, not args.no_browser)


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        sys.exit(0)
