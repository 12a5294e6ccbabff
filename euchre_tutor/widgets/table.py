"""The small widgets every page is made of: a button, a switch, a pooled action button, showing and
hiding a widget (the tables themselves are :class:`~euchre_tutor.widgets.table_app.TableApp`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as w

__all__ = ["action_button", "button", "checkbox", "hidden_button", "set_class", "show"]


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


def set_class(widget: w.DOMWidget, cls: str, on: bool) -> None:
    """Give ``widget`` the CSS class ``cls`` when ``on``, else take it away."""
    if on:
        widget.add_class(cls)
    else:
        widget.remove_class(cls)


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
        set_class(b, "red", red)
        show(b, True)
        b.description = label
        b.tooltip = tooltip
