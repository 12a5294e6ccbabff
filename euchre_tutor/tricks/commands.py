"""The command-line parts the games' commands share: a command with its subcommands, a hand read
from JSON (``--input``) or from a batch file (``--batch``), and ``rules``, the listing of a game's
rules presets and options. Argument parsing only: each game adds its own options and answers.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Mapping
from typing import Any

from euchre_tutor.rules.options import GameOptions

__all__ = ["add_hand_sources", "add_rules_command", "command_group", "print_rules"]


def command_group(games: Any, name: str, help: str, description: str | None = None) -> Any:
    """Add the command ``name`` to the ``euchre-tutor`` subparsers ``games``; returns its subparsers,
    where its subcommands go (one is required)."""
    parser: argparse.ArgumentParser = games.add_parser(name, help=help, description=description)
    return parser.add_subparsers(dest="command", metavar="COMMAND", required=True)


def add_hand_sources(parser: argparse.ArgumentParser) -> None:
    """``--input JSON`` (one hand) or ``--batch FILE`` (one hand a line), as
    :func:`~euchre_tutor.jsonio.answer_json_command` reads them; one of them is required."""
    src = parser.add_mutually_exclusive_group(required=True)
    src.add_argument("--input", "-i", metavar="JSON", help="one hand as a JSON object ('-' reads stdin)")
    src.add_argument("--batch", "-b", metavar="FILE", help="one JSON hand per line ('-' for stdin)")


def add_rules_command(
    commands: Any,
    help: str,
    rules: type[GameOptions],
    notes: Mapping[str, str],
    values: Mapping[str, str],
    how: str,
) -> None:
    """Add ``rules`` to ``commands``: :func:`print_rules` of the rules class ``rules``."""
    parser = commands.add_parser("rules", help=help)
    parser.add_argument("--json", action="store_true", help="print the presets as JSON")
    parser.set_defaults(run=lambda args: print_rules(args.json, rules, notes, values, how))


def print_rules(
    as_json: bool, rules: type[GameOptions], notes: Mapping[str, str], values: Mapping[str, str], how: str
) -> int:
    """Print the presets of ``rules`` (as JSON, or each with its note and the options it changes), then
    each option with its values (``values``), its default and its meaning; ``how`` is the line that
    opens the options (what the defaults are and how replay input changes them). Returns 0."""
    if as_json:
        print(json.dumps({name: r.to_json() for name, r in rules.PRESETS.items()}, indent=1))
        return 0
    print('Presets (use the name as "rules" in replay input):')
    default = rules()
    for name, r in rules.PRESETS.items():
        changed = [f"{k}={json.dumps(v)}" for k, v, _ in r.describe() if v != getattr(default, k)]
        print(f"  {name}: {notes[name]}")
        print(f"    {', '.join(changed) if changed else '(all options at their defaults)'}")
    print()
    print(how)
    for key, value, meaning in default.describe():
        print(f"  {key} ({values[key]}; default {json.dumps(value)}): {meaning}")
    return 0
