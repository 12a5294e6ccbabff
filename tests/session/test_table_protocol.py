"""Every one-person table answers what the one tutor and the one table app read of a table
(:class:`~euchre_tutor.session.observing.Table`); a shared table's seat is checked with the shared
table's pages (``tests/widgets/test_shared_table_pages.py``)."""

from __future__ import annotations

import pytest

from euchre_tutor.games.bid.session.controller import BidController
from euchre_tutor.games.classic.session.controller import ClassicController
from euchre_tutor.games.solitaire.session.controller import SolitaireController
from euchre_tutor.session.observing import Observable, Table


@pytest.mark.parametrize(
    "make",
    [lambda: ClassicController(seed=3), lambda: BidController(seed=3), lambda: SolitaireController(seed=3)],
    ids=["classic", "bid", "solitaire"],
)
def test_every_one_person_table_is_a_table(make: object) -> None:
    table = make()  # type: ignore[operator]
    assert isinstance(table, Table)
    assert isinstance(table.save_text(), str) and table.decision_positions() == []


def test_a_controller_missing_what_the_app_asks_is_not_a_table() -> None:
    class NoUndo(Observable):
        """Everything a table answers but undo."""

    internal = {"_is_protocol", "_is_runtime_protocol", "_abc_impl"}
    asked = [n for n in vars(Table) if not n.startswith("__") and n not in internal]
    assert {"undo", "save_text", "card_reason", "waiting"} <= set(asked)
    for name in asked:
        if name != "undo" and not hasattr(Observable, name):
            setattr(NoUndo, name, lambda *_: None)
    assert not isinstance(NoUndo(), Table)
    NoUndo.undo = lambda *_: None  # type: ignore[attr-defined]
    assert isinstance(NoUndo(), Table)
