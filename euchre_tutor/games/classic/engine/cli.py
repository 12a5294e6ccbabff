"""``euchre-tutor classic ...`` subcommands: ``replay`` and ``rules``.

``classic replay --input JSON`` replays one hand (bad input: exit 2, one
teaching line on stderr, nothing on stdout); ``classic replay --batch FILE``
(``-`` for stdin) answers every input line with one JSON line, an error line
``{"error": ...}`` for a bad one, and exits 0 (130 after Ctrl-C, with the
answers so far whole). ``classic rules`` lists the
presets and the options with one-line meanings.
"""

from __future__ import annotations

from typing import Any

from euchre_tutor.games.classic.engine.replay import replay
from euchre_tutor.games.classic.rules import OPTION_VALUES, PRESET_NOTES, ClassicRules
from euchre_tutor.jsonio import answer_json_command
from euchre_tutor.tricks.commands import add_hand_sources, add_rules_command, command_group

__all__ = ["register"]


def register(games: Any) -> Any:
    """Add ``classic`` and its commands; returns the commands (the advisor adds ``analyze``)."""
    commands = command_group(games, "classic", "classic Euchre (3, 4 or 6 players)")
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
    add_hand_sources(rp)
    rp.set_defaults(run=lambda args: answer_json_command(args, replay))
    add_rules_command(
        commands,
        "list the rules presets and their options",
        ClassicRules,
        PRESET_NOTES,
        OPTION_VALUES,
        "Options (defaults = the rule sheet's base game); in replay input use "
        '"rules": {"preset": "standard", "<option>": <value>, ...}:',
    )
    return commands
