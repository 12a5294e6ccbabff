"""The card table every game's table is: a row of the hand's cards, updated in place.

:class:`CardTable` keeps a fixed row of card-slot buttons (the student's hand)
and changes their classes, labels and tooltips only where they differ, so a
click never rebuilds the widget tree; it also draws the teaching message,
switches four-colour suits and offers a game as a download link. When a hand is over, the
hand's row gives its place to the buttons that come next (``et-handend``: next hand, review), so they
sit where the student was looking, above the fold; the message line keeps its height when empty, so
the table never moves when a message appears.
"""

from __future__ import annotations

import base64
import functools
from collections.abc import Callable, Iterable
from typing import Any

import ipywidgets as w

from euchre_tutor.cards import Card
from euchre_tutor.widgets.render import esc

__all__ = ["CardTable", "action_button", "button", "checkbox", "hidden_button", "show"]


def button(description: str, tooltip: str, on_click: Callable[[], Any], *classes: str) -> w.Button:
    """A button that calls ``on_click()`` (no argument), with CSS classes for styling and tests."""
    b = w.Button(description=description, tooltip=tooltip)
    for c in classes:
        b.add_class(c)
    b.on_click(lambda _b: on_click())
    return b


def checkbox(
    description: str,
    tooltip: str | None,
    on_change: Callable[[bool], Any] | None,
    *classes: str,
    value: bool = False,
) -> w.Checkbox:
    """A switch (a checkbox, not indented) that calls ``on_change(checked)`` when flipped, with CSS
    classes for styling and tests."""
    box = w.Checkbox(value=value, description=description, indent=False, tooltip=tooltip)
    for c in classes:
        box.add_class(c)
    if on_change is not None:
        box.observe(lambda ch: on_change(bool(ch["new"])), names="value")
    return box


def show(widget: w.DOMWidget, shown: bool) -> None:
    """Show or hide a widget on every front end. Shown is ``""``, not None: under Voici, None after
    ``"none"`` leaves the widget hidden."""
    widget.layout.display = "" if shown else "none"


def hidden_button(on_click: Callable[[], Any]) -> w.Button:
    """A pooled action button, hidden until :func:`action_button` gives it an action."""
    b = button("", "", on_click, "hidden")
    show(b, False)
    return b


def action_button(b: w.Button, label: str | None, tooltip: str = "", *, red: bool = False) -> None:
    """Set a pooled bid button to one action (its ``label``, red for a red suit), or hide it (None)."""
    with b.hold_sync():
        if label is None:
            b.remove_class("euchre-bid")
            b.remove_class("red")
            b.add_class("hidden")
            show(b, False)
            b.description, b.tooltip = "", ""
            return
        b.remove_class("hidden")
        b.add_class("euchre-bid")
        if red:
            b.add_class("red")
        else:
            b.remove_class("red")
        show(b, True)
        b.description = label
        b.tooltip = tooltip


class CardTable(w.VBox):  # type: ignore[misc]
    """A game's app: ``slots`` card buttons for the hand, a message line, four-colour suits."""

    def __init__(self, slots: int) -> None:
        super().__init__()
        self._slot_cards: list[Card | None] = [None] * slots
        self._slot_classes: list[set[str]] = [set() for _ in range(slots)]
        self.cards: list[w.Button] = [
            button("", "", functools.partial(self._click_slot, i), "et-slot") for i in range(slots)
        ]
        self.message = w.HTML()
        self.message.add_class("euchre-message")
        self.add_class("euchre-app")
        self._hand_row: w.Box | None = None
        self.hand_end = w.HBox()
        self.hand_end.add_class("et-handend")
        show(self.hand_end, False)

    # ----------------------------------------------------------------- hooks for the games

    def _card_clicked(self, card: Card) -> None:
        raise NotImplementedError

    def _click_slot(self, i: int) -> None:
        card = self._slot_cards[i]
        if card is not None:
            self._card_clicked(card)

    # ----------------------------------------------------------------- updating in place

    @staticmethod
    def _set(widget: w.Widget, name: str, value: Any) -> None:
        """Set a trait only when it changes (no message to the browser otherwise)."""
        if getattr(widget, name) != value:
            setattr(widget, name, value)

    def _show_slot(
        self, i: int, card: Card | None, classes: Iterable[str], description: str, tooltip: str
    ) -> None:
        """Slot ``i`` shows ``card`` with these classes, label and tooltip (``None``: an empty slot)."""
        self._slot_cards[i] = card
        want = set(classes)
        old = self._slot_classes[i]
        b = self.cards[i]
        if want == old and b.description == description and b.tooltip == tooltip:
            return
        with b.hold_sync():
            for cls in old - want:
                b.remove_class(cls)
            for cls in sorted(want - old):
                b.add_class(cls)
            b.description = description
            b.tooltip = tooltip
        self._slot_classes[i] = want

    def _end_of_hand_bar(self, hand: w.Box, *buttons: w.Button) -> w.HBox:
        """The bar (``et-handend``) of what comes after a hand: ``buttons``, the first one the main one
        (``et-next``). Placed right under ``hand``, it is shown by :meth:`_show_hand_end`."""
        self._hand_row = hand
        for b in buttons[:1]:
            b.add_class("et-next")
        self.hand_end.children = buttons
        return self.hand_end

    def _show_hand_end(self, over: bool) -> None:
        """At the end of a hand, the bar in place of the emptied hand row (``et-hand-done`` drops the
        row's reserved height); during a hand, the hand row and no bar."""
        if self._hand_row is not None:
            if over:
                self._hand_row.add_class("et-hand-done")
            else:
                self._hand_row.remove_class("et-hand-done")
        show(self.hand_end, over)

    def _show_message(self, text: str, is_error: bool) -> None:
        kind = "error" if is_error else ("info" if text else "empty")
        role = "alert" if is_error else "status"
        self._set(
            self.message,
            "value",
            f'<div class="msg {kind}" role="{role}" aria-live="polite">{esc(text)}</div>',
        )

    def _set_four(self, on: bool) -> None:
        if on:
            self.add_class("four-colour")
        else:
            self.remove_class("four-colour")

    @staticmethod
    def _download_link(name: str, text: str, note: str) -> str:
        """A data link offering ``text`` as a JSON file (works in Voila and JupyterLab alike)."""
        data = base64.b64encode(text.encode("utf-8")).decode("ascii")
        return (
            f'<a download="{esc(name)}" href="data:application/json;base64,{data}">⬇ {esc(name)}</a> {note}'
        )

    # ----------------------------------------------------------------- test helpers

    def hand_cards(self) -> list[Card]:
        return [card for card in self._slot_cards if card is not None]

    def card_button(self, card: Card | str) -> w.Button:
        wanted = Card.parse(card) if isinstance(card, str) else card
        for b, c in zip(self.cards, self._slot_cards, strict=True):
            if c == wanted:
                return b
        raise KeyError(f"{wanted} is not in the hand")
