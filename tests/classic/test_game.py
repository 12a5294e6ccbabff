"""The session wrapper: undo/redo, the event log, save files."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from euchre_tutor.errors import IllegalAction, SaveFileError
from euchre_tutor.games.classic.engine.engine import HandStarted, Seat
from euchre_tutor.games.classic.engine.game import ClassicGame, load_saved_or_deal
from euchre_tutor.games.classic.engine.hand import HandState
from euchre_tutor.games.classic.rules import preset
from tests.classic.helpers import HANDS, UP, sample_deal


def _game() -> ClassicGame:
    game = ClassicGame(preset("standard"), deals=[sample_deal()])
    for a in ("pass", "order", "discard 9S", "play JD"):
        game.apply(a)
    return game


def test_undo_redo_and_branching() -> None:
    game = _game()
    assert game.position == 4 and game.can_undo and not game.can_redo
    game.undo()
    game.undo()
    assert game.state.hand.phase.value == "discard" and game.can_redo
    game.redo()
    assert game.position == 3
    game.undo()
    game.apply("discard TS")  # a new branch drops the redo tail
    assert not game.can_redo and [str(a) for a in game.actions][-1] == "discard TS"
    with pytest.raises(IllegalAction):
        ClassicGame().undo()
    with pytest.raises(IllegalAction):
        game.redo()


def test_illegal_action_leaves_history_alone() -> None:
    game = _game()
    before = (game.state, game.actions, game.position)
    with pytest.raises(IllegalAction):
        game.apply("play AS")
    assert (game.state, game.actions, game.position) == before


def test_log_has_every_event() -> None:
    game = _game()
    texts = [e.text for e in game.log()]
    assert isinstance(game.log()[0], HandStarted)
    assert "South orders up hearts." in texts and "North discards a card face down." in texts


def test_save_and_load(tmp_path: Path) -> None:
    game = _game()
    path = tmp_path / "game.json"
    game.save(path)
    loaded = ClassicGame.load(path)
    assert loaded.state == game.state and loaded.state.hand.to_act is Seat.S


def _saved() -> dict[str, object]:
    return json.loads(_game().dumps())


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"format": "other"}, "not a classic Euchre save file"),
        ({"version": 99}, "version 99 is not supported"),
        (
            {"actions": ["pass", "order", "discard 9S", "play 9C"]},
            r"action 4 \('play 9C'\) cannot be replayed",
        ),
        ({"actions": "pass"}, "actions must be a list"),
        ({"rules": {"target": -1}}, "setup is invalid"),
        ({"deals": [{"dealer": "N", "hands": {}, "up": "AH"}]}, "setup is invalid"),
        ({"seed": [1]}, "seed must be"),
        ({"extra": 1}, "unknown key"),
    ],
)
def test_bad_save_files_are_refused_whole(change: dict[str, object], words: str) -> None:
    data = _saved()
    data.update(change)
    with pytest.raises(SaveFileError, match=words):
        ClassicGame.from_json(data)


def test_unreadable_files(tmp_path: Path) -> None:
    with pytest.raises(SaveFileError, match="not valid JSON"):
        ClassicGame.loads("{nope")
    with pytest.raises(SaveFileError, match="cannot read"):
        ClassicGame.load(tmp_path / "missing.json")
    with pytest.raises(SaveFileError, match="missing key"):
        ClassicGame.from_json({"format": "euchre-tutor/classic-game", "version": 1})


# -- one loader for a saved game or a teacher's deal ---------------------------


def test_loader_tells_a_saved_game_from_a_teachers_deal() -> None:

    saved = load_saved_or_deal(_game().dumps())
    assert isinstance(saved, ClassicGame) and saved.actions == _game().actions
    deal = {"dealer": "N", "hands": HANDS, "up": UP, "actions": ["pass", "order"]}
    for given in (json.dumps(deal), json.dumps(deal).encode("utf-8"), deal):
        hand = load_saved_or_deal(given)
        assert isinstance(hand, HandState)
        assert hand.deal == sample_deal() and [str(a) for _, a in hand.history] == ["pass", "order"]


@pytest.mark.parametrize(
    ("data", "error", "words"),
    [
        ("", IllegalAction, "paste a deal first"),
        ("   ", IllegalAction, "paste a deal first"),
        ("{not json", IllegalAction, 'it looks like {"dealer"'),
        (42, IllegalAction, "a teacher's deal is a JSON object"),
        (
            '{"format": "euchre-tutor/solitaire-game"}',
            IllegalAction,
            "a deal with a 'format' key is a saved game",
        ),
        ('{"format": "euchre-tutor/classic-game", "version": 9}', SaveFileError, "version 9"),
        ('{"dealer": "N"}', Exception, "missing 'hands', 'up'"),
    ],
)
def test_loader_teaches_when_the_text_is_neither(data: object, error: type[Exception], words: str) -> None:
    with pytest.raises(error, match=re.escape(words)):
        load_saved_or_deal(data)  # type: ignore[arg-type]
