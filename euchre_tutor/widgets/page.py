"""A page's own helpers, light enough for any page (the static site's included): the address's query,
and the teaching message a page shows when it cannot work."""

from __future__ import annotations

import os
import urllib.parse

import ipywidgets as w

from euchre_tutor.widgets import render

__all__ = ["message_page", "page_query"]


def page_query(query: str | None = None) -> dict[str, str]:
    """The page address's query (Voila gives it to the kernel as ``QUERY_STRING``): first values."""
    text = os.environ.get("QUERY_STRING", "") if query is None else query
    return {k: v[0] for k, v in urllib.parse.parse_qs(text).items() if v}


def message_page(text: str) -> w.HTML:
    """A page's teaching message when it cannot work (no service, a wrong address...)."""
    box = w.HTML(f'<div class="et-teach" role="status"><p>{render.esc(text)}</p></div>')
    box.add_class("et-missing-service")
    return box
