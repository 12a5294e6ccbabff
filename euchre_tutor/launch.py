"""``make tutor``: start the Voila dashboard (the classic table with ``--classic``, the Bid Euchre table with
``--bid``, the Practice page with ``--practice``, JupyterLab on the lessons with ``--lab``).

Run as ``python -m euchre_tutor.launch [--classic | --bid | --practice | --lab] [--port N] [--no-browser]``. The
notebooks come from :func:`euchre_tutor.serve.notebooks_dir`: the checkout's ``notebooks/``, or the
installed package's copy (``euchre-tutor table`` and ``euchre-tutor serve`` use the same).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys

from euchre_tutor.rules.games import GAMES
from euchre_tutor.serve import ServeError, notebooks_dir

__all__ = ["main"]

DASHBOARD = GAMES[0].notebook  # the first registered game's table
PRACTICE = "practice.ipynb"


def voila_command(port: int, open_browser: bool, notebook: str = DASHBOARD) -> list[str]:
    cmd = [
        sys.executable,
        "-m",
        "voila",
        notebook,
        f"--port={port}",
        "--Voila.ip=127.0.0.1",
    ]
    if not open_browser:
        cmd.append("--no-browser")
    return cmd


def running_as_root() -> bool:
    """True for the superuser (a container's usual user); False where there are no user ids (Windows)."""
    return hasattr(os, "geteuid") and os.geteuid() == 0


def lab_command(port: int, open_browser: bool, as_root: bool | None = None) -> list[str]:
    """JupyterLab on this computer only; as root (``as_root``, by default the user running this) it is
    allowed to start, where JupyterLab alone refuses the superuser."""
    cmd = [
        sys.executable,
        "-m",
        "jupyterlab",
        f"--port={port}",
        "--ServerApp.ip=127.0.0.1",
        "--ServerApp.port_retries=0",
    ]
    if running_as_root() if as_root is None else as_root:
        cmd.append("--ServerApp.allow_root=True")  # it listens on 127.0.0.1 only
    if not open_browser:
        cmd.append("--no-browser")
    return cmd


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Launch the Euchre tutor in your browser.")
    game = parser.add_mutually_exclusive_group()
    game.add_argument("--lab", action="store_true", help="open JupyterLab on the lesson notebooks instead")
    for other in GAMES[1:]:
        game.add_argument(f"--{other.name}", action="store_true", help=other.launch_help)
    game.add_argument("--practice", action="store_true", help="open the Practice page (your drills) instead")
    parser.add_argument("--port", type=int, default=8866, help="port to serve on (default 8866)")
    parser.add_argument("--no-browser", action="store_true", help="do not open a browser tab")
    args = parser.parse_args(argv)
    try:
        notebooks = notebooks_dir()
    except ServeError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    if args.lab:
        cmd = lab_command(args.port, not args.no_browser)
        where = f"JupyterLab at http://127.0.0.1:{args.port}/lab (the lessons are in lessons/)"
    elif args.practice:
        cmd = voila_command(args.port, not args.no_browser, PRACTICE)
        where = f"the Practice page (upload your drills file there) at http://127.0.0.1:{args.port}/"
    else:
        chosen = next((g for g in GAMES[1:] if getattr(args, g.name)), GAMES[0])
        cmd = voila_command(args.port, not args.no_browser, chosen.notebook)
        where = f"{chosen.table_words} at http://127.0.0.1:{args.port}/"
    print(f"Starting {where}; press Ctrl+C to stop.", flush=True)
    try:
        return subprocess.call(cmd, cwd=notebooks)
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    sys.exit(main())
