"""``euchre-tutor classic ...`` subcommands: ``replay`` and ``rules``.

``classic replay --input JSON`` replays one hand (bad input: exit 2, one
teaching line on stderr, nothing on stdout); ``classic replay --batch FILE``
(``-`` for stdin) answers every input line with one JSON line, an error line
``{"error": ...}`` for a bad one, and exits 0 (130 after Ctrl-C, with the
answers so far whole). ``classic rules`` lists the
presets and the options with one-line meanings.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from euchre_tutor.games.classic.engine.replay import replay
from euchre_tutor.games.classic.rules import (
    OPTION_MEANINGS,
    OPTION_VALUES,
    PRESET_NOTES,
    PRESETS,
    ClassicRules,
)
from euchre_tutor.jsonio import answer_json_command

__all__ = ["register"]


def register(games: Any) -> Any:
    """Add ``classic`` and its commands; returns the commands (the advisor adds ``analyze``)."""
    parser: argparse.ArgumentParser = games.add_parser("classic", help="classic Euchre (3, 4 or 6 players)")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    rp = commands.add_parser(
        "replay",
        help="replay a hand from JSON and print the tricks and points (or who is to act)",
        description=(
            'Input: {"rules": "standard", "dealer": "N", "hands": {"N": [5 cards], ...}, "up": "KS", '
            '"actions": ["pass", "order", "discard TH", "play 9S", ...]}. "rules" may also be an object: '
            '{"preset": "standard", "<option>": <value>, ...} with the options listed by "classic rules". '
            "Actions: pass; order; order alone; call X; call X alone; call high; call low; alone; partner; "
            "discard XX; play XX; misdeal; go under XX XX XX; give XX (JK is the joker). "
            'With "players": 3 or 6 in the rules the seats are P1, P2, ... clockwise and the points '
            "are per team (P1..P3 at three players; P135/P246 or P14/P25/P36 at six)."
        ),
    )
    src = rp.add_mutually_exclusive_group(required=True)
    src.add_argument("--input", "-i", metavar="JSON", help="one hand as a JSON object ('-' reads stdin)")
    src.add_argument("--batch", "-b", metavar="FILE", help="one JSON hand per line ('-' for stdin)")
    rp.set_defaults(run=run_replay)

    rules = commands.add_parser("rules", help="list the rules presets and their options")
    rules.add_argument("--json", action="store_true", help="print the presets as JSON")
    rules.set_defaults(run=run_rules)
    return commands


def run_replay(args: argparse.Namespace) -> int:
    return answer_json_command(args, replay)


def run_rules(args: argparse.Namespace) -> int:
    if args.json:
        print(json.dumps({name: r.to_json() for name, r in PRESETS.items()}, indent=1))
        return 0
    print('Presets (use the name as "rules" in replay input):')
    for name, r in PRESETS.items():
        changed = [f"{k}={_show(v)}" for k, v, _ in r.describe() if v != getattr(ClassicRules(), k)]
        print(f"  {name}: {PRESET_NOTES[name]}")
        print(f"    {', '.join(changed) if changed else '(all options at their defaults)'}")
    print()
    print(
        "Options (defaults = the rule sheet's base game); in replay input use "
        '"rules": {"preset": "standard", "<option>": <value>, ...}:'
    )
    for key, value, _ in ClassicRules().describe():
        print(f"  {key} ({OPTION_VALUES[key]}; default {_show(value)}): {OPTION_MEANINGS[key]}")
    return 0


def _show(value: object) -> str:
    return json.dumps(value)
