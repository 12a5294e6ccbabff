"""A hand at a shared table is each student's by name at once: the real table service keeps the match so
far in the class's store after each hand (each seat's own, graded by the report), the seat's tutor keeps
its drills there due at once, and the Practice page serves them with no download, upload or Next session."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from euchre_tutor.session.class_matches import keep_finished_match
from euchre_tutor.session.class_store import ClassStore
from euchre_tutor.session.learning import grade_saved_text
from euchre_tutor.session.shared_table import SeatKeys
from euchre_tutor.widgets.practice import PracticeApp
from tests.session.shared_helpers import RunningService, running_service, wait_until
from tests.session.test_shared_table import NAMES, _play_one_hand, _seat_tutor, _table, _worst


@pytest.fixture
def kept(tmp_path: Path) -> Iterator[tuple[RunningService, ClassStore]]:
    """The service keeping each hand in the class's store, in the tables' own file (as serve runs it)."""
    db = tmp_path / "class.sqlite"
    store = ClassStore(db)
    with running_service(db) as svc:

        def keeper(spec: Any, game: Any, players: dict[str, str]) -> object:
            return keep_finished_match(store, spec, game, players)

        svc.on_loop(lambda: setattr(svc.service, "finished", keeper))
        yield svc, store


def test_each_hand_of_a_shared_match_is_kept_by_name_and_its_drills_are_due_in_practice(
    kept: tuple[RunningService, ClassStore], tmp_path: Path
) -> None:
    svc, store = kept
    table, players = _table(svc, SeatKeys(tmp_path / "keys.json"), options={"suggestions": False})
    tutor = _seat_tutor(players["ann"], store)
    try:
        _play_one_hand(svc, table, players, _worst("classic"))
        wait_until(lambda: tutor.review(1) is not None, what="hand 1 over at ann's seat")
        tutor.wait_for_analysis()
        # every student's seat, after one hand of a match that goes on: one game each, graded by the report
        assert store.students() == sorted(NAMES)
        for name in NAMES:
            (game,) = store.games(name)
            assert game.drilled, "the seat's own tutor keeps the drills"
            graded = grade_saved_text(game.save, name=name, quick=True)
            assert len(graded.hands) == 1 and graded.seat.startswith("S")
        # ann's drills: in her deck, due at once
        deck = store.deck("ann")
        assert deck is not None and len(deck) == len(tutor.drills) > 0
        assert deck.due == len(deck)
        practice = PracticeApp(worlds=40, max_worlds=40, store=store, name="Ann")
        assert practice.current is not None and practice.deck.due == len(tutor.drills)
        assert "1 saved game on this server" in practice.message.value
        # a second hand: still one game each (the match so far), now of two hands
        _play_one_hand(svc, table, players)
        wait_until(lambda: tutor.review(2) is not None, what="hand 2 over at ann's seat")
        for name in NAMES:
            (game,) = store.games(name)
            assert len(grade_saved_text(game.save, name=name, quick=True).hands) == 2
    finally:
        tutor.close()
