"""What the page receives for a card of the hand: its classes and its tooltip in one synced update.

No browser here: the messages a card button sends to the page are recorded
(``Widget.send_state``) while a seeded Solitaire deal and a classic hand are
played by clicking. The browser tests rely on this contract: a card that
has the class ``illegal`` (or ``wait``, ``playable``) in the page already
shows the tooltip that goes with it, because both came in one message. A
card greyed both before trump is chosen and after (when it does not follow
suit) used to keep the old tooltip for a moment: the class alone did not
change, so nothing said the tooltip was stale.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import ipywidgets as w
import pytest

from euchre_tutor.games.classic.engine.engine import Seat
from euchre_tutor.widgets import ClassicApp, SolitaireApp
from euchre_tutor.widgets.table_app import TableApp

SYNCED = ("_dom_classes", "description", "tooltip")


def slot_state(b: Any) -> dict[str, Any]:
    return {name: getattr(b, name) if name != "_dom_classes" else set(b._dom_classes) for name in SYNCED}


@contextmanager
def recorded_sends(
    monkeypatch: pytest.MonkeyPatch, app: TableApp[Any, Any]
) -> Iterator[list[tuple[int, frozenset[str]]]]:
    """Every state message of a card slot while the block runs: (slot index, the keys it carries)."""
    sent: list[tuple[int, frozenset[str]]] = []
    original = w.Widget.send_state
    slots = {id(b): i for i, b in enumerate(app.cards)}

    def send_state(self: Any, key: Any = None) -> Any:
        if id(self) in slots:
            keys = frozenset([key] if isinstance(key, str) else key or ())
            sent.append((slots[id(self)], keys))
        return original(self, key)

    monkeypatch.setattr(w.Widget, "send_state", send_state)
    try:
        yield sent
    finally:
        monkeypatch.setattr(w.Widget, "send_state", original)


def click_and_check(monkeypatch: pytest.MonkeyPatch, app: TableApp[Any, Any], button: Any) -> None:
    """Click; each slot whose classes, label or tooltip changed got exactly one message with all of them."""
    before = [slot_state(b) for b in app.cards]
    with recorded_sends(monkeypatch, app) as sent:
        button.click()
    after = [slot_state(b) for b in app.cards]
    for i, (old, new) in enumerate(zip(before, after, strict=True)):
        changed = {name for name in SYNCED if old[name] != new[name]}
        mine = [keys for slot, keys in sent if slot == i]
        if not changed:
            assert not any(keys & set(SYNCED) for keys in mine), f"slot {i} sent unchanged state: {mine}"
            continue
        assert len(mine) == 1, f"slot {i}: {changed} arrived in {len(mine)} messages {mine}, not one"
        assert changed <= mine[0], f"slot {i}: {changed - mine[0]} missing from its message {mine[0]}"


def check_solitaire_reasons(app: SolitaireApp) -> None:
    """Each card's reason class says what its tooltip says."""
    for b in app.cards:
        cls = set(b._dom_classes)
        if "euchre-card" not in cls:
            continue
        tip = str(b.tooltip)
        assert ("playable" in cls) != ("disabled" in cls)
        assert ("illegal" in cls) == ("may not be played" in tip), (cls, tip)
        assert ("wait" in cls) == tip.endswith(("choose trump before playing", "the deal is over")), (
            cls,
            tip,
        )
        assert ("disabled" in cls) == ("illegal" in cls or "wait" in cls)


def test_solitaire_cards_change_class_and_tooltip_together(monkeypatch: pytest.MonkeyPatch) -> None:
    app = SolitaireApp(seed=3, source=None)
    try:
        check_solitaire_reasons(app)
        assert all("wait" in b._dom_classes for b in app.cards)
        click_and_check(monkeypatch, app, app.trump_button(None))
        check_solitaire_reasons(app)
        illegal_seen = False
        for _ in range(5):
            cards = [b for b in app.cards if "euchre-card" in b._dom_classes]
            if not cards:
                break
            illegal = [b for b in cards if "illegal" in b._dom_classes]
            if illegal:
                illegal_seen = True
                click_and_check(monkeypatch, app, illegal[0])  # explains, changes no card
            click_and_check(monkeypatch, app, next(b for b in cards if "playable" in b._dom_classes))
            check_solitaire_reasons(app)
        assert illegal_seen, "seed 3's deal, played this way, has a card that may not be played"
    finally:
        app.close()


def test_classic_cards_change_class_and_tooltip_together(monkeypatch: pytest.MonkeyPatch) -> None:
    app = ClassicApp(seed=3)
    try:
        illegal_seen = False
        for _ in range(30):
            c = app.controller
            if c.waiting or c.state.is_over:
                break
            cards = [b for b in app.cards if "euchre-card" in b._dom_classes]
            for b in cards:
                cls, tip = set(b._dom_classes), str(b.tooltip)
                assert ("playable" in cls) != ("disabled" in cls)
                assert ("disabled" in cls) == ("illegal" in cls or "wait" in cls)
                if "illegal" in cls and c.state.hand.phase.name == "PLAY":
                    assert "may not be played" in tip, tip
                    illegal_seen = True
                if "wait" in cls:
                    assert "may not be played" not in tip, tip
            playable = [b for b in cards if "playable" in b._dom_classes]
            if playable:
                click_and_check(monkeypatch, app, playable[0])
                continue
            bids = [b for b in app.bid_buttons if "euchre-bid" in b._dom_classes]
            passing = [b for b in bids if re.fullmatch(r"\s*pass\s*", str(b.description), re.I)]
            click_and_check(monkeypatch, app, (passing or bids)[0])
        assert app.controller.waiting, "the hand was played to its end"
        assert app.controller.seat is Seat.S
        assert illegal_seen, "seed 3's first hand has a card South may not play"
    finally:
        app.close()
