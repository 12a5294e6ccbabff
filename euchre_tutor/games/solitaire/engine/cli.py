"""``euchre-tutor solitaire replay``: play a deal from the command line.

Also the shared plumbing of the Solitaire subcommands (the advisor's
``analyze`` uses it): reading a position from flags or from a batch line,
batch mode, and errors (exit 2, one teaching line on stderr, never a
traceback). Input goes through :mod:`euchre_tutor.jsonio`; a batch file is
read as bytes and each line decoded on its own. Flags that would be ignored
(position flags or ``--json`` with ``--batch``, position flags with
``--game``) and unknown keys in a batch line are refused, not dropped.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterable
from typing import IO, Any, Final, TypeVar

from euchre_tutor import jsonio
from euchre_tutor.cards import Card, format_cards, parse_cards
from euchre_tutor.errors import EuchreError
from euchre_tutor.games.solitaire.engine.engine import DealState, Phase, Play, SolitaireDeal, Trick, new_deal
from euchre_tutor.games.solitaire.engine.game import SolitaireGame, trump_action
from euchre_tutor.games.solitaire.rules import SolitaireRules
from euchre_tutor.jsonio import answer_lines, load_json_text, seed_flag, seed_number, short, whole_number
from euchre_tutor.tricks.commands import command_group

__all__ = [
    "InputError",
    "add_position_arguments",
    "deal_result_json",
    "fail",
    "position_from_args",
    "position_from_json",
    "print_answer",
    "refuse_position_flags",
    "register",
    "run_batch",
    "whole_number_flag",
]

T = TypeVar("T")

LINE_KEYS: Final = frozenset({"deal", "seed", "trump", "alone", "plays", "name_turned"})


class InputError(EuchreError):
    """A command-line or batch input that is malformed (not a rules problem)."""


def register(games: Any) -> Any:
    """Add ``solitaire`` and its ``replay`` command; returns the solitaire subparsers."""
    commands = command_group(
        games,
        "solitaire",
        "Euchre Solitaire: one player against the deck",
        "Euchre Solitaire: one player against the deck.",
    )
    replay = commands.add_parser(
        "replay",
        help="play a deal and print its trick log",
        description=(
            "Play a deal with the given trump choice and plays, and print the trick log. "
            "A deal is 24 cards: hand = cards 1-5, turn card = 6, stock = 7-24 top first. "
            "--seed N deals random.Random(N).shuffle of the deck C D H S x 9 10 J Q K A."
        ),
    )
    add_position_arguments(replay)
    replay.add_argument(
        "--game",
        metavar="FILE",
        help="replay every deal of a saved game (the dashboard's Save game file), e.g. a student's",
    )
    replay.set_defaults(run=run_replay)
    return commands


def add_position_arguments(parser: argparse.ArgumentParser) -> None:
    source = parser.add_mutually_exclusive_group()
    source.add_argument("--deal", help='the 24 cards in deal order, e.g. "9H 9C KC JC 9S JD ..."')
    source.add_argument("--seed", type=seed_flag, help="deal from this seed instead (0 or more)")
    source.add_argument(
        "--batch",
        metavar="FILE",
        help="read JSON lines from FILE ('-' for stdin), one result line out per line in",
    )
    parser.add_argument(
        "--trump", required=False, metavar="up|C|D|H|S", help="order up, or name a suit (C D H S)"
    )
    parser.add_argument("--alone", action="store_true", help="go alone")
    parser.add_argument(
        "--name-turned", action="store_true", help="allow naming the turned suit (the rules option)"
    )
    parser.add_argument("--plays", default="", help='the player\'s cards in order, e.g. "JH AH 9S"')
    parser.add_argument(
        "--json", action="store_true", help="print JSON instead of text (--batch always prints JSON lines)"
    )


def whole_number_flag(text: str) -> int:
    """argparse ``type=`` for whole numbers: at most 100 digits, and a message that says so."""
    try:
        return whole_number(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


#: print one short teaching line on stderr and return exit status 2
fail = jsonio.fail


def refuse_position_flags(args: argparse.Namespace, source: str, names: Iterable[str]) -> None:
    """Refuse the position flags ``source`` (``--batch``, ``--game``) replaces, rather than ignore them."""
    if source == "--batch" and args.json:
        raise InputError("--json goes with --deal or --seed: --batch always prints JSON lines")
    given = [f"--{n.replace('_', '-')}" for n in names if getattr(args, n, None) not in (None, False, "")]
    if given:
        raise InputError(
            f"{source} reads its positions by itself, so {', '.join(given)} would be ignored: leave "
            f"{'it' if len(given) == 1 else 'them'} out ({_SOURCE_NOTES[source]})"
        )


_SOURCE_NOTES: Final = {
    "--batch": 'each line gives its own "deal" or "seed", "trump", "alone", "plays", "name_turned"',
    "--game": "the saved game holds its deals, trump choices and plays; --json goes with it",
}


def _position(
    deal: SolitaireDeal, trump: str | None, alone: bool, name_turned: bool, plays: Iterable[Card]
) -> DealState:
    state = new_deal(deal, SolitaireRules(allow_name_turned=name_turned))
    plays = tuple(plays)
    if trump is None:
        if alone:
            raise InputError("--alone goes with a trump choice: give --trump up|C|D|H|S too")
        if plays:
            raise InputError("choose trump (--trump up|C|D|H|S) before any plays")
        return state
    state = state.apply(trump_action(trump, alone))
    for i, card in enumerate(plays, start=1):
        if state.phase is Phase.OVER:
            raise InputError(
                f"play {i} ({card}) comes after the end of the deal: it ended after "
                f"{i - 1} plays ({state.tricks_won} trick{'' if state.tricks_won == 1 else 's'} to the player)"
            )
        try:
            state = state.apply(Play(card))
        except EuchreError as error:
            raise type(error)(f"play {i} ({card}): {error}") from None
    return state


def position_from_args(args: argparse.Namespace) -> DealState:
    """The position the flags describe (deal or seed, trump, alone, plays)."""
    if args.deal is not None:
        deal = SolitaireDeal.parse(args.deal)
    elif args.seed is not None:
        deal = SolitaireDeal.from_seed(args.seed)
    else:
        raise InputError('give the deal: --deal "<24 cards>", --seed N, or --batch FILE')
    return _position(deal, args.trump, args.alone, args.name_turned, parse_cards(args.plays))


def position_from_json(obj: object, extra: Iterable[str] = ()) -> DealState:
    """The position a batch line describes: ``{"deal"|"seed", "trump", "alone", "plays", "name_turned"}``.

    Keys outside these (and the caller's ``extra`` ones) are refused, not ignored.
    """
    if not isinstance(obj, dict):
        raise InputError(f'each line must be a JSON object like {{"deal": "..."}}, not {short(obj)}')
    allowed = LINE_KEYS | set(extra)
    unknown = sorted(set(obj) - allowed)
    if unknown:
        raise InputError(
            f"unknown key(s) {', '.join(map(short, unknown))}; a line's keys are {', '.join(sorted(allowed))}"
        )
    if ("deal" in obj) == ("seed" in obj):
        raise InputError('give exactly one of "deal" (24 cards) or "seed" (a whole number)')
    if "deal" in obj:
        deal = SolitaireDeal.from_cards(_card_list(obj["deal"], "deal"))
    else:
        seed = obj["seed"]
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise InputError(f'"seed" must be a whole number, not {short(seed)}')
        deal = SolitaireDeal.from_seed(seed_number(seed, '"seed"'))
    trump = obj.get("trump")
    if trump is not None and not isinstance(trump, str):
        raise InputError(f'"trump" must be "up", "C", "D", "H" or "S", not {short(trump)}')
    alone = _flag(obj, "alone")
    name_turned = _flag(obj, "name_turned")
    plays = _card_list(obj.get("plays", ""), "plays")
    return _position(deal, trump, alone, name_turned, plays)


def _flag(obj: dict[str, Any], key: str) -> bool:
    value = obj.get(key, False)
    if not isinstance(value, bool):
        raise InputError(f'"{key}" must be true or false, not {short(value)}')
    return value


def _card_list(value: object, key: str) -> tuple[Card, ...]:
    if isinstance(value, str):
        return parse_cards(value)
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return parse_cards(value)
    raise InputError(
        f'"{key}" must be a string of cards like "JH AH" (or a list of them), not {short(value)}'
    )


def print_answer(
    in_json: bool, answer: Callable[[], T], to_json: Callable[[T], Any], to_text: Callable[[T], str]
) -> int:
    """Print what ``answer()`` gives, as JSON (``--json``) or as text; exit status 0, or 2 with one
    teaching line when it raises an :class:`EuchreError`."""
    try:
        result = answer()
    except EuchreError as error:
        return fail(str(error))
    print(json.dumps(to_json(result)) if in_json else to_text(result), flush=True)
    return 0


def run_batch(args: argparse.Namespace, handle: Callable[[Any], dict[str, Any]]) -> int:
    """One JSON result line per input line; a bad line gives ``{"error": ...}`` and the batch goes on."""
    stream: IO[str] | IO[bytes]
    if args.batch == "-":
        stream = sys.stdin
    else:
        try:
            stream = open(args.batch, "rb")  # noqa: SIM115 - closed below; lines are decoded one by one
        except OSError as error:
            return fail(f"cannot read the batch file {short(args.batch)}: {error.strerror or error}")
    try:
        return answer_lines(stream, lambda line: handle(load_json_text(line, "the line")))
    finally:
        if stream is not sys.stdin:
            stream.close()


def trick_json(trick: Trick) -> dict[str, Any]:
    return {
        "leader": trick.leader,
        "player": str(trick.player) if trick.player else None,
        "deck": str(trick.deck) if trick.deck else None,
        "burned": [str(c) for c in trick.burned],
        "winner": trick.winner,
        "awarded": trick.awarded,
    }


def deal_result_json(state: DealState) -> dict[str, Any]:
    """The replay result of a position, in the documented JSON shape."""
    player, deck_ = state.points
    out: dict[str, Any] = {
        "deal": str(state.deal),
        "trump": state.trump.value if state.trump else None,
        "ordered_up": state.ordered_up,
        "alone": state.alone,
        "finished": state.is_over,
        "tricks": [trick_json(t) for t in state.tricks],
        "tricks_won": state.tricks_won,
        "score": {"player": player, "deck": deck_},
    }
    if not state.is_over:
        out["deck_lead"] = str(state.deck_lead) if state.deck_lead else None
        out["legal"] = [str(c) for c in state.legal_plays()]
    return out


def replay_text(state: DealState) -> str:
    deal = state.deal
    lines = [
        f"Deal:  {deal}",
        f"Hand:  {format_cards(deal.hand, symbols=True)}    turn card: {deal.turn.symbol}",
    ]
    trick_no = -1
    for event in state.events:
        number = getattr(event, "trick", None)
        if isinstance(number, int) and number != trick_no and number < 5:
            trick_no = number
            lines.append(f"Trick {number + 1}:")
        indent = "  " if trick_no >= 0 and type(event).__name__ != "DealScored" else ""
        lines.append(indent + event.text)
    if state.is_over:
        lines.append(f"Tricks: {' '.join(_trick_mark(t) for t in state.tricks)}")
    elif state.phase is Phase.CHOOSE_TRUMP:
        lines.append("Trump not chosen yet.")
    else:
        lead = f" (the deck led {state.deck_lead.symbol})" if state.deck_lead else ""
        lines.append(
            f"Unfinished: {state.tricks_won} trick(s) to the player so far{lead}; "
            f"legal now: {format_cards(state.legal_plays(), symbols=True)}"
        )
    return "\n".join(lines)


def _trick_mark(trick: Trick) -> str:
    return ("P" if trick.winner == "player" else "D") + ("*" if trick.awarded else "")


def _require_trump(state: DealState) -> DealState:
    if state.phase is Phase.CHOOSE_TRUMP:
        raise InputError(
            "replay needs the trump choice: up (order up) or C, D, H, S (name a suit); "
            "to see the value of each choice, use `euchre-tutor solitaire analyze`"
        )
    return state


def _game_deals(game: SolitaireGame) -> list[DealState]:
    """Every deal of a game, the one in progress last."""
    state = game.state
    deals = [record.final for record in state.history]
    if state.deal is not None and not state.deal.is_over:
        deals.append(state.deal)
    return deals


def game_json(game: SolitaireGame) -> dict[str, Any]:
    state = game.state
    return {
        "seed": game.seed,
        "target": game.rules.target,
        "score": {"player": state.score[0], "deck": state.score[1]},
        "winner": state.winner,
        "deals": [deal_result_json(d) for d in _game_deals(game)],
    }


def game_text(game: SolitaireGame) -> str:
    parts = [f"=== Deal {i + 1} ===\n{replay_text(d)}" for i, d in enumerate(_game_deals(game))]
    (player, deck_), winner = game.state.score, game.state.winner
    end = f"{winner} wins" if winner else "game in progress"
    parts.append(f"Score: player {player}, deck {deck_} (target {game.rules.target}): {end}.")
    return "\n\n".join(parts)


_POSITION_FLAGS: Final = ("trump", "alone", "name_turned", "plays")


def run_replay(args: argparse.Namespace) -> int:
    if args.game is not None:

        def saved_game() -> SolitaireGame:
            refuse_position_flags(args, "--game", ["deal", "seed", "batch", *_POSITION_FLAGS])
            return SolitaireGame.load(args.game)

        return print_answer(args.json, saved_game, game_json, game_text)
    if args.batch is not None:
        try:
            refuse_position_flags(args, "--batch", _POSITION_FLAGS)
        except EuchreError as error:
            return fail(str(error))
        return run_batch(args, lambda obj: deal_result_json(_require_trump(position_from_json(obj))))
    return print_answer(
        args.json, lambda: _require_trump(position_from_args(args)), deal_result_json, replay_text
    )
