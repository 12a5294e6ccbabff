"""The proof that a game is one package, at a shared table: the proof game of ``tests/proof_game`` is
held by the real table service, two students sit at it through their own pages (the game's own table
app on each student's seat) and play a whole hand by clicking their cards, each page showing only its
own cards, and a face-down watcher sees no hand; no file outside its package names it."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from euchre_tutor.rules import games as registry
from euchre_tutor.rules.games import find_game
from euchre_tutor.session.class_matches import keep_finished_match
from euchre_tutor.session.class_store import ClassStore
from euchre_tutor.session.learning import grade_saved_text
from euchre_tutor.session.shared_table import SeatKeys, SharedTableController
from euchre_tutor.widgets.shared_table import shared_table_app
from euchre_tutor.widgets.table_app import TableApp
from tests.session.shared_helpers import TOKEN, RunningService, running_service, wait_until


@pytest.fixture(scope="module", autouse=True)
def proof() -> Iterator[registry.Game]:
    """The proof game registered for this module's tests only (its package's ``GAME``, registered as any
    package registers its game)."""
    from tests.proof_game import registered

    with registered() as game:
        yield game


@pytest.fixture
def svc(tmp_path: Path) -> Iterator[RunningService]:
    with running_service(tmp_path / "tables.sqlite") as running:
        yield running


def _page(c: SharedTableController) -> TableApp:
    app = shared_table_app(c, store=None)
    assert isinstance(app, TableApp) and app.shared is not None
    return app


def _drawn(app: TableApp) -> bool:
    """The page has drawn its seat's latest view."""
    c = app.shared.controller
    return f'data-version="{c.version}"' in app.table.value and set(app.hand_cards()) == set(
        () if app.controller.waiting else c.view.hand
    )


def _click_a_card(app: TableApp) -> None:
    """Click the first card the student's page lets them play."""
    card = next(x for x in app.hand_cards() if app.controller.card_reason(x) is None)
    app.card_button(card).click()


def test_two_pages_play_a_hand_by_clicks_at_a_shared_table_and_a_watcher_sees_no_hand(
    svc: RunningService, tmp_path: Path
) -> None:
    from tests.proof_game.widgets.app import ProofApp

    keys = SeatKeys(tmp_path / "keys.json")
    players = {n: SharedTableController.connect(svc.url, TOKEN, n, keys) for n in ("ann", "bob")}
    created = players["ann"].create("proof", seed=4)
    assert created is not None, players["ann"].message
    table = str(created["id"])
    assert [s["seat"] for s in created["seats"]] == ["N", "S"]
    for c, seat in zip(players.values(), "NS", strict=True):
        assert c.sit(table, seat), c.message
    pages = {n: _page(c) for n, c in players.items()}
    assert all(type(p) is ProofApp and p.tutor is None for p in pages.values())  # the game has no tutor
    pages["ann"].shared.start_button.click()
    wait_until(lambda: all(p.shared.controller.started for p in pages.values()), what="the table started")
    wait_until(lambda: all(_drawn(p) for p in pages.values()), what="every page drawn")

    # each page shows its own three cards and no card of the other's
    hands = {n: set(p.hand_cards()) for n, p in pages.items()}
    assert all(len(h) == 3 for h in hands.values()) and not hands["ann"] & hands["bob"]
    assert hands["ann"] == set(players["ann"].view.hand) and hands["bob"] == set(players["bob"].view.hand)
    assert all(p.shared.controller.view.counts == (3, 3) for p in pages.values())

    # a face-down watcher: the table and its play, no hand at all
    eve = SharedTableController.connect(svc.url, TOKEN, "eve", SeatKeys.in_memory())
    assert eve.watch(table), eve.message
    watching = _page(eve)
    wait_until(lambda: eve.frame.get("started") and eve.view is not None, what="the watcher's view")
    assert eve.frame["view"]["hand"] == [] and eve.view.hand == () and watching.hand_cards() == []
    assert watching.tutor is None and watching.shared.watch_hands.value == ""

    # a click out of turn is refused with the table's words, and changes nothing
    mover = next(p for p in pages.values() if p.shared.controller.my_turn)
    idle = next(p for p in pages.values() if p is not mover)
    version = idle.shared.controller.version
    idle.card_button(idle.hand_cards()[0]).click()
    assert "Not your turn" in idle.card_button(idle.hand_cards()[0]).tooltip
    assert (
        idle.shared.controller.version == version
        and set(idle.hand_cards()) == hands[idle.shared.controller.name]
    )
    assert "Waiting for" in idle.prompt.value and "to play" in idle.prompt.value

    # the whole hand by clicks on the pages: six cards, each seen by both pages and the watcher
    clicks = 0
    while not all(p.controller.waiting for p in pages.values()):
        assert clicks < 6, "the hand did not end after six cards"
        mover = next(p for p in pages.values() if p.controller.my_turn)
        version = mover.shared.controller.version
        assert "Your turn" in mover.prompt.value
        _click_a_card(mover)
        clicks += 1
        wait_until(
            lambda v=version: all(p.shared.controller.version > v for p in (*pages.values(), watching)),
            what="the card seen by every page",
        )
        wait_until(lambda: all(_drawn(p) for p in pages.values()), what="every page drawn")
        for name, page in pages.items():  # only its own cards, fewer as it plays them
            assert set(page.hand_cards()) <= hands[name]
        assert watching.hand_cards() == [] and eve.view.hand == ()
    assert clicks == 6

    # the hand just played stays on each page until its student moves on: its three tricks and the score
    for name, page in pages.items():
        seat = page.controller
        assert page.hand_cards() == [] and not page.next_hand.disabled
        assert "Hand 1 is over: press Next hand" in page.prompt.value
        (log, _now) = seat.hand_logs()
        assert log.number == 1 and len(log.tricks) == 3 and log.points is not None and sum(log.points) == 3
        wait_until(lambda p=page: "The hand ends" in p.trick_log.value, what=f"{name}'s hand told")
        assert sum(seat.state.scores) == 3 and seat.state.hand_number == 2
        assert str(seat.state.scores[0]) in page.score.value
    # on to the hand dealt: three new cards on each page, still only its own
    for page in pages.values():
        page.next_hand.click()
    wait_until(lambda: all(_drawn(p) and len(p.hand_cards()) == 3 for p in pages.values()), what="hand 2")
    assert not set(pages["ann"].hand_cards()) & set(pages["bob"].hand_cards())
    for page in (*pages.values(), watching):
        page.close()


def test_a_face_up_watcher_sees_both_hands(svc: RunningService) -> None:
    players = {
        n: SharedTableController.connect(svc.url, TOKEN, n, SeatKeys.in_memory()) for n in ("ann", "bob")
    }
    created = players["ann"].create("proof", options={"watchers": "face-up"}, seed=9)
    assert created is not None, players["ann"].message
    table = str(created["id"])
    for c, seat in zip(players.values(), "NS", strict=True):
        assert c.sit(table, seat), c.message
    assert players["ann"].start(), players["ann"].message
    eve = SharedTableController.connect(svc.url, TOKEN, "eve", SeatKeys.in_memory())
    assert eve.watch(table), eve.message
    page = _page(eve)
    wait_until(
        lambda: len(eve.views) == 2 and all(c.view is not None for c in players.values()), what="views"
    )
    truth = {c.seat: c.view.hand for c in players.values()}
    assert {s: v.hand for s, v in eve.views.items()} == truth
    assert all(v.legal == () for v in eve.views.values())  # a watcher acts for nobody
    page.refresh()
    for cards in truth.values():
        assert all(
            f"c-{c}" in page.shared.watch_hands.value or c.name in page.shared.watch_hands.value
            for c in cards
        )
    assert page.hand_cards() == [] and page.tutor is None
    page.close()
    for c in players.values():
        c.close()


def test_a_shared_hand_is_kept_by_name_at_each_students_own_seat(tmp_path: Path) -> None:
    """The service keeps the match after the hand under each student's name (as ``serve`` runs it), each
    save turned so that the student's own seat is the proof game's student seat (South): the report
    grades each student's own cards."""
    db = tmp_path / "class.sqlite"
    store = ClassStore(db)
    with running_service(db) as svc:

        def keeper(spec: Any, game: Any, players: dict[str, str]) -> object:
            return keep_finished_match(store, spec, game, players)

        svc.on_loop(lambda: setattr(svc.service, "finished", keeper))
        players = {
            n: SharedTableController.connect(svc.url, TOKEN, n, SeatKeys.in_memory()) for n in ("ann", "bob")
        }
        created = players["ann"].create("proof", seed=6)
        assert created is not None, players["ann"].message
        table = str(created["id"])
        for c, seat in zip(players.values(), "NS", strict=True):
            assert c.sit(table, seat), c.message
        assert players["ann"].start(), players["ann"].message
        wait_until(lambda: all(c.view is not None and c.view.hand for c in players.values()), what="the deal")
        hands = {n: set(c.view.hand) for n, c in players.items()}
        for _ in range(6):  # the hand's six cards, each played by the seat whose turn it is
            wait_until(
                lambda: any(c.view is not None and c.view.my_turn for c in players.values()), what="a turn"
            )
            mover = next(c for c in players.values() if c.view is not None and c.view.my_turn)
            version = mover.version
            assert mover.act(mover.legal[0]), mover.message
            wait_until(lambda v=version: all(c.version > v for c in players.values()), what="the card seen")
        wait_until(lambda: bool(store.games("ann") and store.games("bob")), what="the hand kept by name")
        for c in players.values():
            c.close()
    proof = find_game("proof")
    for name in ("ann", "bob"):
        (kept,) = store.games(name)
        assert kept.game == proof.save_format
        start = proof.load_game({**json.loads(kept.save), "actions": [], "position": 0})
        assert set(start.state.hand.deal.hands[1]) == hands[name]  # South's cards: the student's own
        graded = grade_saved_text(kept.save, name=name)
        assert graded.seat == "South" and len(graded.hands) == 1 and len(graded.hands[0].moves) == 3
