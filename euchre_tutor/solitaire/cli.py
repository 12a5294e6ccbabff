"""``euchre-tutor solitaire ...`` subcommands."""

from __future__ import annotations

import argparse
from typing import Any

__all__ = ["register"]


def register(games: Any) -> None:
    parser: argparse.ArgumentParser = games.add_parser("solitaire", help="solitaire Euchre")
    parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
