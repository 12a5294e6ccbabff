"""The proof game's command: ``euchre-tutor proof replay FILE`` prints a saved match's scores."""

from __future__ import annotations

import argparse
from typing import Any

from tests.proof_game.engine import ProofGame


def _replay(args: argparse.Namespace) -> int:
    game = ProofGame.load(args.file)
    north, south = game.state.scores
    print(f"North {north}, South {south}")
    return 0


def register(games: Any) -> None:
    """Add ``proof`` and its ``replay`` subcommand to the ``euchre-tutor`` parser."""
    parser = games.add_parser("proof", help="the proof game (a test package)")
    sub = parser.add_subparsers(dest="proof_command", required=True)
    replay = sub.add_parser("replay", help="print a saved proof match's scores")
    replay.add_argument("file")
    replay.set_defaults(run=_replay)
