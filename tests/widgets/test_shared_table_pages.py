"""The lobby and the shared table's page, headless (Button.click()), against a real table service."""

from __future__ import annotations

import html
import time
from collections.abc import Iterator
from html import escape as esc
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import ipywidgets as w
import pytest

from euchre_tutor.games.bid.session.advice import BidAdvisorSource
from euchre_tutor.games.classic.session.advice import ClassicAdvisorSource
from euchre_tutor.rules.games import find_game
from euchre_tutor.session.observing import Table
from euchre_tutor.session.shared_table import (
    TABLES_TOKEN_ENV,
    TABLES_URL_ENV,
    SeatKeys,
    SharedTableController,
)
from euchre_tutor.widgets.lobby import LobbyApp, lobby_page
from euchre_tutor.widgets.shared_table import shared_table_app, shared_table_page
from euchre_tutor.widgets.table_app import TableApp
from tests.session.shared_helpers import TOKEN, RunningService, running_service, wait_until

#: the advisors the pages' tutors run inline (no worker process in the tests)
SOURCES: dict[str, Any] = {"classic": ClassicAdvisorSource, "bid": BidAdvisorSource}


@pytest.fixture
def svc(tmp_path: Path) -> Iterator[RunningService]:
    with running_service(tmp_path / "tables.sqlite") as running:
        yield running


def _env(svc: RunningService) -> dict[str, str]:
    return {TABLES_URL_ENV: svc.url, TABLES_TOKEN_ENV: TOKEN}


def test_without_a_service_each_page_says_what_is_missing() -> None:
    for page in (lobby_page({}), shared_table_page({})):
        assert isinstance(page, w.HTML)
        assert "No table service is set up" in page.value and "euchre-tutor serve" in page.value


def test_the_table_page_without_a_table_in_its_address_says_where_to_come_from(svc: RunningService) -> None:
    page = shared_table_page(_env(svc), query={})
    assert isinstance(page, w.HTML) and "open it from the lobby" in page.value


def test_the_lobby_creates_a_table_and_sits_and_gives_the_table_link(
    svc: RunningService, tmp_path: Path
) -> None:
    keys = SeatKeys(tmp_path / "keys.json")
    lobby = LobbyApp(lambda name: SharedTableController.connect(svc.url, TOKEN, name, keys))
    lobby.enter.click()
    assert "Write your name first" in lobby.message.value
    lobby.name.value = "Ann"
    lobby.enter.click()
    assert "Welcome, Ann" in lobby.message.value
    assert "No open table yet" in lobby.tables_box.children[0].value
    lobby.chat.value = "text"
    lobby.suggestions.value = False
    lobby.create_button.click()
    assert "is ready: choose your seat" in lobby.message.value, lobby.message.value
    (row,) = lobby.tables_box.children
    sits = [b for b in row.children if isinstance(b, w.Button) and b.description.startswith("Sit")]
    assert [b.description for b in sits] == ["Sit N", "Sit E", "Sit S", "Sit W"]
    sits[2].click()
    href = html.unescape(lobby.table_link.value.split('href="')[1].split('"')[0])
    query = {k: v[0] for k, v in parse_qs(urlparse(href).query).items()}
    assert urlparse(href).path == "shared-table.ipynb"
    assert query["name"] == "Ann" and query["seat"] == "S" and len(query["key"]) == 32
    table = query["table"]
    summary = svc.on_loop(lambda: svc.service.describe())
    assert summary[0]["options"]["chat"] == "text" and summary[0]["options"]["suggestions"] is False  # type: ignore[index]
    # the link sits a new kernel back down, by the key in the address
    page = shared_table_page(_env(svc), query=query, keys=SeatKeys(tmp_path / "other-kernel.json"))
    assert isinstance(page, TableApp)
    assert page.shared.controller.seat == "S" and page.shared.controller.table_id == table
    # the option sheet's bad choice is refused in the service's words
    lobby.game.value = "classic"
    lobby.players.value = 6
    lobby.preset.value = "standard"
    lobby.create_button.click()
    assert "need the 32-card deck" in lobby.message.value


def _app(c: SharedTableController, **options: Any) -> TableApp:
    """The shared table's page of ``c``: the game's table with the shared table's parts."""
    app = shared_table_app(c, **options)
    assert isinstance(app, TableApp) and app.shared is not None
    return app


def _four_apps(
    svc: RunningService, tmp_path: Path, options: dict[str, object], game: str = "classic"
) -> dict[str, TableApp]:
    keys = SeatKeys(tmp_path / "keys.json")
    players = {
        n: SharedTableController.connect(svc.url, TOKEN, n, keys) for n in ("ann", "bob", "cat", "dan")
    }
    created = players["ann"].create(game, options=options, seed=11)
    assert created is not None
    for c, seat in zip(players.values(), "NESW", strict=True):
        assert c.sit(str(created["id"]), seat)
    apps = {
        n: _app(c, store=None, runner="inline", source=SOURCES[game](), worlds=40) for n, c in players.items()
    }
    assert apps["ann"].shared.start_button.layout.display != "none"
    apps["ann"].shared.start_button.click()
    wait_until(lambda: all(a.shared.controller.started for a in apps.values()), what="the table started")

    # each page has drawn the table's latest view (its tutor reads the view before the page does)
    def drawn(app: TableApp) -> bool:
        bids = {str(a) for a in app.shared.controller.legal if getattr(a, "card", None) is None}
        return (
            f'data-version="{app.shared.controller.version}"' in app.table.value
            and set(app.bid_actions()) == bids
        )

    wait_until(lambda: all(drawn(a) for a in apps.values()), what="every page drawn")
    return apps


def test_four_pages_play_by_clicks_and_a_bad_click_is_refused(svc: RunningService, tmp_path: Path) -> None:
    apps = _four_apps(svc, tmp_path, {"chat": "text"})
    for name, app in apps.items():
        own = set(app.shared.controller.view.hand)
        assert set(app.hand_cards()) == own
        assert f"{name}" in app.shared.seats_html.value and "connected" in app.shared.seats_html.value
    mover = next(a for a in apps.values() if a.shared.controller.my_turn)
    idle = next(a for a in apps.values() if not a.shared.controller.my_turn)
    idle.card_button(idle.hand_cards()[0]).click()
    assert "turn, not yours" in idle.message.value
    version = mover.shared.controller.version
    shown = [b for b in mover.bids.buttons if b.layout.display != "none"]
    assert {b.description for b in shown} >= {"Pass"}  # in words, as the one-person table says them
    next(b for b in shown if b.description == "Pass").click()
    wait_until(
        lambda: all(a.shared.controller.version == version + 1 for a in apps.values()),
        what="the pass seen by all",
    )
    assert "pass" in str(apps["ann"].controller.view.bids)
    # each page says which version of the table it draws (what the load benchmark's page waits for)
    wait_until(
        lambda: all(f'data-version="{version + 1}"' in a.table.value for a in apps.values()),
        what="the pass drawn on every page",
    )
    # chat: escaped by the service, shown as it came
    apps["bob"].shared.chat_text.value = "<script>alert(1)</script> nice"
    apps["bob"].shared.chat_send.click()
    wait_until(lambda: "nice" in apps["ann"].shared.chat_log.value, what="bob's chat at ann's page")
    assert (
        "&lt;script&gt;" in apps["ann"].shared.chat_log.value
        and "<script>" not in apps["ann"].shared.chat_log.value
    )


def test_a_page_is_sent_the_shared_title_and_one_drawn_table_a_view(
    svc: RunningService, tmp_path: Path
) -> None:
    """Between two views the browser gets the table's drawing once, already carrying its version, and
    never the one-person table's title ("against two computer players"): each was sent twice before, the
    one-person table's first, a flash of the wrong words and a second redraw of the whole table."""
    apps = _four_apps(svc, tmp_path, {})
    ann = apps["ann"]
    titles: list[str] = []
    tables: list[str] = []
    ann.title.observe(lambda change: titles.append(change["new"]), names="value")
    ann.table.observe(lambda change: tables.append(change["new"]), names="value")
    start = ann.shared.controller.version
    for _ in range(6):  # the bidding's first passes and orders, each by a click of the seat to act
        mover = next(a for a in apps.values() if a.shared.controller.my_turn)
        version = mover.shared.controller.version
        shown = [b for b in mover.bids.buttons if b.layout.display != "none" and not b.disabled]
        if not shown:
            break
        shown[0].click()
        wait_until(
            lambda v=version: all(f'data-version="{v + 1}"' in a.table.value for a in apps.values()),
            what="the action drawn on every page",
        )
    views = ann.shared.controller.version - start
    assert views >= 2
    assert titles == []
    assert all("data-version=" in t for t in tables), "a table without its version reached the page"
    assert len(tables) <= views, f"{len(tables)} tables sent for {views} views"


def test_a_seat_is_a_table_to_the_one_app_and_its_match_is_the_services(
    svc: RunningService, tmp_path: Path
) -> None:
    """The one app reads a shared seat as it reads every table (:class:`Table`). The match is the
    service's: the page shows no Save game, and a save asked for anyway is refused in words, changing
    nothing."""
    apps = _four_apps(svc, tmp_path, {})
    ann = apps["ann"]
    assert isinstance(ann.controller, Table)
    assert ann.controls.layout.display == "none"
    before = (ann.save_link.value, ann.shared.controller.version)
    ann.save.click()
    assert "kept by the table service" in ann.message.value
    assert (ann.save_link.value, ann.shared.controller.version) == before


def test_the_hint_panel_shows_the_advisor_on_the_students_own_view(
    svc: RunningService, tmp_path: Path
) -> None:
    apps = _four_apps(svc, tmp_path, {"suggestions": True, "chat": "none"})
    mover = next(a for a in apps.values() if a.shared.controller.my_turn)
    assert mover.shared.chat.layout.display == "none"
    mover.hint_toggle.value = True
    wait_until(lambda: "et-explain" in mover.hint_body.value, what="the hint")
    assert "et-move" in mover.hint_body.value
    idle = next(a for a in apps.values() if not a.shared.controller.my_turn)
    idle.hint_toggle.value = True
    assert "No decision of yours" in idle.hint_status.value and "et-explain" not in idle.hint_body.value
    # the mover is asked what the one-person table asks; the others are told whom the table waits for
    assert "Round 1: order up" in mover.prompt.value
    assert f"Waiting for {mover.shared.controller.name} (" in idle.prompt.value


def test_on_a_class_server_a_name_alone_does_not_sit_anyone_down(svc: RunningService) -> None:
    """Every kernel of a class server shares one data directory: the page keeps the seat's key in its
    address, so another student who types Ann's name gets no seat of hers."""
    ann = shared_table_page(_env(svc), query={"table": _open_table(svc), "name": "Ann", "seat": "N"})
    assert isinstance(ann, TableApp) and ann.shared.controller.seat == "N"
    link = html.unescape(ann.shared.keep_link.value.split('href="')[1].split('"')[0])
    query = {k: v[0] for k, v in parse_qs(urlparse(link).query).items()}
    assert query["seat"] == "N" and len(query["key"]) == 32
    table = query["table"]
    eve = shared_table_page(_env(svc), query={"table": table, "name": "Ann"})
    assert isinstance(eve, w.HTML) and "at no table" in eve.value  # no seat of Ann's, and says where to go
    again = shared_table_page(_env(svc), query=query)  # Ann's reload, by her link
    assert isinstance(again, TableApp) and again.shared.controller.seat == "N"


def _open_table(svc: RunningService) -> str:
    owner = SharedTableController.connect(svc.url, TOKEN, "Teacher", SeatKeys.in_memory())
    created = owner.create("classic")
    assert created is not None
    return str(created["id"])


def _play_hand(apps: dict[str, TableApp], pick: Any) -> None:
    """The seats act (``pick(controller)``) until ann's tutor has hand 1 over and analysed."""
    ann = apps["ann"]
    deadline = time.monotonic() + 600
    while ann.tutor.review(1) is None:
        assert time.monotonic() < deadline, "hand 1 never ended"
        mover = next((a for a in apps.values() if a.shared.controller.my_turn), None)
        if mover is None:
            time.sleep(0.05)
            continue
        version = mover.shared.controller.version
        assert mover.shared.controller.act(pick(mover.shared.controller)), mover.shared.controller.message
        wait_until(lambda m=mover, v=version: m.shared.controller.version > v, what="the action seen")
    ann.tutor.wait_for_analysis()


def test_after_a_hand_the_page_reviews_retries_drills_and_counts(svc: RunningService, tmp_path: Path) -> None:
    """The one-person table's review, in words, at the shared table: every decision, its grade and the best
    choice as the buttons say them (never an action code), a retry of a key moment, the drills, the
    statistics; and the bidding told by name."""
    apps = _four_apps(svc, tmp_path, {"suggestions": False, "chat": "none"})
    ann = apps["ann"]
    assert ann.hand_end.layout.display == "none" and ann.review_body.value == ""
    assert ann.hint_toggle.layout.display == "none" and "no suggestions" in ann.hint_status.value
    spec = find_game("classic")

    def worst(c: SharedTableController) -> Any:
        if c.name == "ann" and len(c.legal) > 1:
            values = spec.analyse(c.view, 40, 0)
            return min(c.legal, key=lambda a: values[a])
        return c.legal[-1]

    _play_hand(apps, worst)
    # the service's word on the hand's end (what every seat saw) follows the views
    wait_until(lambda: "tricks" in ann.controller.hand_logs()[0].outcome, what="the hand's end, told")
    ann.refresh_hint()
    assert ann.hand_end.layout.display != "none"
    ann.review_open.click()
    review = ann.review_body.value
    outcome = ann.controller.hand_logs()[0].outcome  # how the hand ended, as every seat saw it
    assert "Review · hand 1" in review and "et-grade" in review and "tricks" in outcome
    assert esc(outcome) in review and not outcome.startswith("Hand 1 is over")
    graded = [d for d in ann.tutor.decisions(1) if not d.forced]
    assert review.count("<tr") == len(ann.tutor.decisions(1)) + 1  # a row a decision, and the head
    # in words: the choices as the buttons say them, never as the deck's codes ("play AD")
    assert all(d.label in html.unescape(review) for d in graded)
    assert not any(f">{d.action}<" in review for d in graded if str(d.action) != d.label)
    # the luck and the statistics, as at the one-person tables
    assert 'class="et-luck"' in review
    assert f"<b>{len(graded)}</b> decision" in ann.session.summary.value
    # the explanations follow the depth: every figure at the figures depth
    ann.depth.depth = "brief"
    brief = ann.review_body.value
    ann.depth.depth = "figures"
    assert ann.review_body.value != brief and len(ann.review_body.value) > len(brief)
    # the review steps through the bidding, then trick by trick
    assert not ann.review_next.disabled and "Bidding" in review
    ann.review_next.click()
    assert "Trick 1" in ann.review_body.value
    # a key moment answered again: its position, an answer a legal choice, the result graded
    keys = ann.tutor.key_moments(1)
    shown = [b for b in ann.retry.choice_buttons if b.layout.display != "none"]
    assert len(shown) == len(keys) >= 1
    shown[0].click()
    assert "Your hand:" in ann.retry.prompt.value and "hint is hidden" in ann.retry.prompt.value
    answers = [b.description for b in ann.retry.answer_buttons if b.layout.display != "none"]
    assert len(answers) == len(keys[0].view.legal)
    best = ann.tutor.hint_of(keys[0]).best.action
    ann.retry.answer_buttons[list(keys[0].view.legal).index(best)].click()
    assert 'data-grade="Best"' in ann.retry.feedback.value
    assert len(ann.tutor.retries) == 1
    # the drills: every Mistake and Blunder
    mistakes = [d for d in graded if ann.tutor.grade_of(d).label in ("Mistake", "Blunder")]
    assert len(ann.tutor.drills) == len(mistakes) >= 1
    assert f"<b>{len(mistakes)}</b> position" in ann.drills_line.value
    # the hand just played stays on the table, its last trick shown, until the student moves on
    assert "Hand 1 is over" in ann.prompt.value and "ec-center last" in ann.table.value
    assert ann.hand_cards() == [] and "<td>5</td>" in ann.trick_log.value  # the fifth trick, in the log
    ann.next_hand.click()
    # who bid what, by name, in the bidding panel of the hand now dealt
    wait_until(lambda: "Bidding · hand 2" in ann.bidding.value, what="the next hand's bidding")
    assert len(ann.hand_cards()) == 5
    for app in apps.values():
        app.close()


def test_a_time_limit_counts_down_each_second_on_the_page(svc: RunningService, tmp_path: Path) -> None:
    apps = _four_apps(svc, tmp_path, {"time_limit": 30, "chat": "none"})
    mover = next(a for a in apps.values() if a.shared.controller.my_turn)
    idle = next(a for a in apps.values() if not a.shared.controller.my_turn)

    def seconds(app: TableApp) -> int:
        return int(app.shared.time_html.value.split("<b>")[1].split(" s</b>")[0])

    assert "Your time to act" in mover.shared.time_html.value and 25 <= seconds(mover) <= 30
    assert f"{mover.shared.controller.seat} has" in idle.shared.time_html.value
    first = seconds(mover)
    wait_until(lambda: seconds(mover) <= first - 2, what="the countdown going down", timeout=10)
    for app in apps.values():
        app.close()
    untimed = _four_apps(svc, tmp_path, {"chat": "none"})
    assert all(a.shared.time_html.value == "" for a in untimed.values())
    for app in untimed.values():
        app.close()


def test_a_face_up_watcher_sees_every_hand_and_a_face_down_one_none(
    svc: RunningService, tmp_path: Path
) -> None:
    for watchers, shown in (("face-up", True), ("face-down", False)):
        apps = _four_apps(svc, tmp_path, {"watchers": watchers, "chat": "none"})
        table = str(apps["ann"].shared.controller.table_id)
        eve = SharedTableController.connect(svc.url, TOKEN, "eve", SeatKeys.in_memory())
        assert eve.watch(table), eve.message
        page = shared_table_app(eve)
        assert isinstance(page, TableApp) and page.shared is not None
        wait_until(lambda e=eve: e.frame.get("started"), what="the watcher's view")
        truth = {a.shared.controller.seat: a.shared.controller.view.hand for a in apps.values()}
        if shown:
            wait_until(lambda e=eve: len(e.views) == 4, what="every seat's view")
            assert {s: v.hand for s, v in eve.views.items()} == truth
            page.refresh()
            for cards in truth.values():
                assert all(
                    f"c-{c}" in page.shared.watch_hands.value or c.name in page.shared.watch_hands.value
                    for c in cards
                )
            assert page.hint_panel.layout.display == "none" and page.hand_end.layout.display == "none"
            assert page.hand_cards() == []  # every hand in its own row: none drawn as the watcher's own
        else:
            assert eve.views == {} and page.shared.watch_hands.value == ""
            # the table as everyone sees it (the up card, the bidding), no hand of anyone's
            wait_until(lambda e=eve: e.view is not None, what="the face-down view")
            page.refresh()
            assert "ec-table" in page.table.value and page.hand_cards() == []
        page.close()
        for app in apps.values():
            app.close()


def test_a_bid_euchre_hand_is_bid_and_played_to_its_end_by_clicks(
    svc: RunningService, tmp_path: Path
) -> None:
    """The same page plays Bid Euchre: its bids as buttons (the first bid above a pass), its cards by
    clicking, each page with only its own hand, until the next hand is dealt."""
    apps = _four_apps(svc, tmp_path, {}, game="bid")

    def choices(app: TableApp) -> tuple[list[str], list[Any]]:
        """The decisions the page offers (its buttons and the grid's bids) and the cards it offers (the
        page redraws as each view comes)."""
        legal = app.shared.controller.legal
        return app.bid_actions(), [
            c for c in app.hand_cards() if app.shared.controller.card_action(c) in legal
        ]

    clicks = 0
    while all(a.shared.controller.frame.get("hand") == 1 for a in apps.values()) and clicks < 80:
        mover = next(a for a in apps.values() if a.shared.controller.my_turn)
        wait_until(  # the page has drawn the table's present version (its buttons are this turn's)
            lambda m=mover: (
                f'data-version="{m.shared.controller.version}"' in m.table.value
                and any(choices(m))
                and set(m.hand_cards()) == set(m.shared.controller.view.hand)
            ),
            what="the mover's page offering its choices, its own hand drawn",
        )
        version = mover.shared.controller.version
        shown, cards = choices(mover)
        if shown:
            bids = [a for a in shown if a != "pass"]
            mover.bid_button((bids or shown)[0]).click()
        else:
            mover.card_button(cards[0]).click()
        clicks += 1
        wait_until(
            lambda v=version: all(a.shared.controller.version > v for a in apps.values()),
            what="the action seen by all",
        )
    assert all(a.shared.controller.frame.get("hand") == 2 for a in apps.values()), clicks
    assert clicks >= 4 + 18  # four bids or passes at least, then six tricks (of three cards if alone)
    for app in apps.values():
        app.close()
