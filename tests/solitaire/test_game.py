"""The game to the target, undo/redo, and save/load validation."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from euchre_tutor.errors import CardError, DealError, IllegalAction, JsonInputError, RulesError, SaveFileError
from euchre_tutor.games.solitaire.engine.engine import NameTrump, OrderUp, Phase, SolitaireDeal
from euchre_tutor.games.solitaire.engine.game import SolitaireGame, StartDeal, load_saved_or_deal
from euchre_tutor.games.solitaire.rules import SolitaireRules


def _play_deal(game: SolitaireGame, choice: OrderUp | NameTrump | None = None) -> None:
    game.new_deal()
    game.choose(choice or OrderUp())
    while not game.state.deal.is_over:  # type: ignore[union-attr]
        game.play(game.state.legal_actions()[0].card)  # type: ignore[union-attr]


def test_deals_follow_the_game_seed() -> None:
    game = SolitaireGame(seed=100)
    game.new_deal()
    assert game.state.deal is not None and game.state.deal.deal == SolitaireDeal.from_seed(100)
    game.choose(OrderUp())
    while not game.state.deal.is_over:
        game.play(game.state.deal.legal_plays()[0])
    game.new_deal()
    assert game.state.deal.deal == SolitaireDeal.from_seed(101)


def test_game_ends_at_the_target_and_refuses_more_deals() -> None:
    game = SolitaireGame(SolitaireRules(target=3), seed=5)
    while not game.state.is_over:
        _play_deal(game, OrderUp(alone=True))  # alone: every deal scores 4 to someone
    assert game.state.winner in ("player", "deck")
    assert len(game.state.history) == 1
    with pytest.raises(IllegalAction, match="game is over"):
        game.new_deal()


def test_cannot_deal_in_the_middle_of_a_deal() -> None:
    game = SolitaireGame(seed=1)
    game.new_deal()
    with pytest.raises(IllegalAction, match="finish the deal"):
        game.new_deal()


def test_undo_redo_to_any_decision() -> None:
    game = SolitaireGame(seed=9)
    _play_deal(game)
    states = []
    for _ in range(game.position + 1):
        states.append(game.state)
        if game.can_undo:
            game.undo()
    assert game.state.deal is None and not game.can_undo
    with pytest.raises(IllegalAction, match="nothing to undo"):
        game.undo()
    game.go_to(3)
    assert game.state == states[-4]
    game.go_to(len(states) - 1)
    assert game.state == states[0] and not game.can_redo


def test_a_new_action_after_undo_drops_the_redo_tail() -> None:
    game = SolitaireGame(seed=9)
    game.new_deal()
    game.choose(OrderUp())
    game.undo()
    choice = game.state.legal_actions()[1]
    game.apply(choice)  # type: ignore[arg-type]
    assert not game.can_redo and game.actions[-1] == choice


def test_illegal_action_changes_nothing() -> None:
    game = SolitaireGame(seed=9)
    game.new_deal()
    before = (game.state, game.position, game.actions)
    with pytest.raises(IllegalAction):
        game.play(game.state.deal.deal.stock[0])  # type: ignore[union-attr]
    assert (game.state, game.position, game.actions) == before


def test_replay_the_same_deal() -> None:
    game = SolitaireGame(seed=4)
    _play_deal(game)
    first = game.state.deal.deal  # type: ignore[union-attr]
    game.replay_deal()
    assert game.state.deal.deal == first and game.state.deal.phase is Phase.CHOOSE_TRUMP  # type: ignore[union-attr]


def test_save_and_load_file(tmp_path: Path) -> None:
    game = SolitaireGame(SolitaireRules(target=7, allow_name_turned=True), seed=12)
    _play_deal(game)
    game.new_deal()
    game.choose(OrderUp())
    game.undo()  # the redo tail is saved too
    path = tmp_path / "game.json"
    game.save(path)
    loaded = SolitaireGame.load(path)
    assert loaded.state == game.state and loaded.can_redo
    loaded.redo()
    assert loaded.state.deal is not None and loaded.state.deal.ordered_up


def _saved() -> dict:
    game = SolitaireGame(seed=3)
    _play_deal(game)
    return game.to_json()


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: d.update(format="something-else"), "not a saved Solitaire game"),
        (lambda d: d.update(version=99), "format version 99"),
        (lambda d: d.pop("seed"), "missing fields: seed"),
        (lambda d: d.update(seed="x"), "seed must be a whole number"),
        (lambda d: d.update(position=999), "position 999"),
        (lambda d: d["actions"].__setitem__(0, {"deal": "JH JH"}), "decision 1"),
        (lambda d: d["actions"].__setitem__(1, {"trump": "Z", "alone": False}), "not a suit"),
        (lambda d: d["actions"].__setitem__(2, {"play": "QX"}), "not a card"),
        (lambda d: d["actions"].append({"play": "JH"}), "decision"),
        (lambda d: d["actions"].insert(1, {"jump": 1}), "unknown saved decision"),
        (lambda d: d.update(rules={"target": 0}), "out of range"),
    ],
)
def test_damaged_saves_are_refused_clearly(mutate, message: str) -> None:  # type: ignore[no-untyped-def]
    data = _saved()
    mutate(data)
    with pytest.raises(SaveFileError, match=message):
        SolitaireGame.from_json(data)


def test_not_json_and_unreadable_files(tmp_path: Path) -> None:
    with pytest.raises(SaveFileError, match="not valid JSON"):
        SolitaireGame.loads("{not json")
    with pytest.raises(SaveFileError, match="cannot read"):
        SolitaireGame.load(tmp_path / "missing.json")
    assert json.loads(SolitaireGame(seed=1).dumps())["actions"] == []


@pytest.mark.parametrize("target", [0, -1, 101, 2.5, True])
def test_impossible_targets_are_refused(target: object) -> None:
    with pytest.raises(RulesError):
        SolitaireRules(target=target)  # type: ignore[arg-type]


def test_start_deal_action_is_recorded() -> None:
    game = SolitaireGame(seed=2)
    deal = SolitaireDeal.from_seed(777)
    game.new_deal(deal)
    assert game.actions == (StartDeal(deal),)


# -- one loader for a saved game or a teacher's deal ---------------------------


def test_loader_tells_a_saved_game_from_a_teachers_deal() -> None:
    deal = SolitaireDeal.from_seed(11)
    assert load_saved_or_deal(f"\ufeff  {deal}\n") == deal
    assert load_saved_or_deal(", ".join(str(c) for c in deal.cards).encode("utf-8")) == deal
    game = SolitaireGame(seed=11)
    _play_deal(game)
    loaded = load_saved_or_deal(game.dumps())
    assert isinstance(loaded, SolitaireGame) and loaded.state == game.state


@pytest.mark.parametrize(
    ("text", "error", "words"),
    [
        ('{"format": "euchre-tutor/classic-game"}', SaveFileError, "format"),
        ("[1, 2", SaveFileError, "not valid JSON"),
        ("9H 9C KC", DealError, "3 cards given"),
        ("hello", CardError, "is not a card"),
        (b"\xff\xfe", JsonInputError, "not UTF-8 text"),
    ],
)
def test_loader_teaches_when_the_text_is_neither(text: str, error: type[Exception], words: str) -> None:
    with pytest.raises(error, match=words):
        load_saved_or_deal(text)
