"""A shared table's finished match, kept in the class's store under each seated student's name.

The report and the Practice page grade a save's student seat, the game's
(:attr:`~euchre_tutor.rules.games.Game.student_seat`: South at a Euchre table of four players, P1 at
three or six), which is the seat a one-person table gives the student. A shared table's student may sit
anywhere, so :func:`student_save` writes the match *turned around the table* until that student's
seat is the student seat: every seat moves by the same number of places (the first dealer, each
hand's deal, which the game turns: :attr:`~euchre_tutor.rules.games.Game.turned_deal`), the actions
stay as they were. A trick-taking table is the same from every chair (play passing round it, the deal
passing on), so the turned match is the same match: the same cards in the student's hand, the same
bids, the same points; only the seats' names change (a student who sat at East is South in their own
save, their partner North).

:func:`keep_finished_match` is the table service's hook, called after each hand: each seat a student
took (a computer seat is skipped) gets its turned save of the match so far, under the name the student
said hello with; the match's later saves replace its earlier one (:func:`match_name`), so a match is one
game in the student's list however many hands it has. Its drills are marked as kept already: the
seat's own tutor adds them to the student's deck as it grades.
"""

from __future__ import annotations

import hashlib
import html
import json
from collections.abc import Mapping
from typing import Any

from euchre_tutor.errors import EuchreError
from euchre_tutor.rules.games import Game
from euchre_tutor.session.class_store import ClassStore, StoredGame, student_name

__all__ = ["keep_finished_match", "match_name", "student_save"]


def _every_deal(spec: Game, game: Any) -> list[Any]:
    """Each hand's deal of the match, in order (the save keeps only the explicit ones)."""
    data = game.to_json()
    replay = spec.load_game({**data, "actions": [], "position": 0})
    deals = [replay.state.hand.deal]
    hand = replay.state.hand_number
    for action in data["actions"][: data["position"]]:
        replay.apply(type(replay).parse_action(action))
        if replay.state.hand_number != hand and spec.to_act(replay) is not None:
            hand = replay.state.hand_number
            deals.append(replay.state.hand.deal)
    return deals


def student_save(spec: Game, game: Any, seat: str) -> dict[str, Any]:
    """The ``game``'s save (finished or not), turned so that ``seat`` is the student seat the report grades
    (see the module doc); the save itself when ``seat`` is that seat already."""
    seating = game.state.first_dealer.seating
    mine = seating.parse(seat)
    target = spec.student_seat(seating)
    data: dict[str, Any] = game.to_json()
    shift = (int(target) - int(mine)) % seating.players
    if shift == 0:
        return data

    def moved(name: str) -> str:
        return str(seating.seats[(int(seating.parse(name)) + shift) % seating.players].name)

    deals = [spec.turned_deal(deal.to_json(), moved) for deal in _every_deal(spec, game)]
    turned = {**data, "dealer": moved(data["dealer"]), "deals": deals}
    check = spec.load_game(turned)  # the turned match replays: every action is still legal
    if check.state.hand_number != game.state.hand_number or (spec.to_act(check) is None) != (
        spec.to_act(game) is None
    ):
        raise EuchreError("the match turned around the table did not replay to the same end")
    return turned


def match_name(data: Mapping[str, Any]) -> str:
    """The name a shared match is kept under in the class's store: the same for each of its saves as it
    goes on (its deal, rules and players, without its actions), apart from every other match."""
    start = {k: v for k, v in data.items() if k not in ("actions", "position", "grades")}
    return "shared " + hashlib.sha256(json.dumps(start, sort_keys=True).encode()).hexdigest()[:24]


def keep_finished_match(
    store: ClassStore, spec: Game, game: Any, players: Mapping[str, str]
) -> list[StoredGame]:
    """Keep the match ``game`` (finished or not) under each student's name: ``players`` maps a seat a
    student took to the name they said hello with (as the service shows it, HTML-escaped). A name the
    class's store does not take is skipped. Returns what was kept."""
    kept = []
    match = match_name(game.to_json())
    for seat, shown in players.items():
        try:
            name = student_name(html.unescape(shown))
        except EuchreError:
            continue
        text = json.dumps(student_save(spec, game, seat), ensure_ascii=False, indent=1)
        kept.append(store.put_game(name, text, match=f"{match} {seat}", drilled=True))
    return kept
