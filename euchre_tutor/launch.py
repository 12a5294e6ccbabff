"""``make tutor``: start the Voila dashboard (the classic table with ``--classic``, the Bid Euchre table with
``--bid``, the Practice page with ``--practice``, JupyterLab on the lessons with ``--lab``).

Run as ``python -m euchre_tutor.launch [--classic | --bid | --practice | --lab] [--port N] [--no-browser]``. The
notebooks come from :func:`euchre_tutor.serve.notebooks_dir`: the checkout's ``notebooks/``, or the
installed package's copy (``euchre-tutor table`` and ``euchre-tutor serve`` use the same).
"""

from __future__ import annotations

import argparse
import subprocess
import sys

from euchre_tutor.serve import ServeError, notebooks_dir

__all__ = ["main"]

DASHBOARD = "solitaire.ipynb"
CLASSIC = "classic.ipynb"
BID = "bid.ipynb"
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


def lab_command(port: int, open_browser: bool) -> list[str]:
    cmd = [sys.executable, "-m", "jupyterlab", f"--port={port}", "--ServerApp.ip=127.0.0.1"]
    if not open_browser:
        cmd.append("--no-browser")
    return cmd


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Launch the Euchre tutor in your browser.")
    game = parser.add_mutually_exclusive_group()
    game.add_argument("--lab", action="store_true", help="open JupyterLab on the lesson notebooks instead")
    game.add_argument(
        "--classic", action="store_true", help="open the classic 4-player table instead of Euchre Solitaire"
    )
    game.add_argument("--bid", action="store_true", help="open the Bid Euchre table instead")
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
        where = "JupyterLab (the lessons are in lessons/)"
    elif args.classic:
        cmd = voila_command(args.port, not args.no_browser, CLASSIC)
        where = f"the classic Euchre table at http://127.0.0.1:{args.port}/"
    elif args.bid:
        cmd = voila_command(args.port, not args.no_browser, BID)
        where = f"the Bid Euchre table at http://127.0.0.1:{args.port}/"
    elif args.practice:
        cmd = voila_command(args.port, not args.no_browser, PRACTICE)
        where = f"the Practice page (upload your drills file there) at http://127.0.0.1:{args.port}/"
    else:
        cmd = voila_command(args.port, not args.no_browser)
        where = f"the Euchre Solitaire dashboard at http://127.0.0.1:{args.port}/"
    print(f"Starting {where}; press Ctrl+C to stop.", flush=True)
    try:
        return subprocess.call(cmd, cwd=notebooks)
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    sys.exit(main())
