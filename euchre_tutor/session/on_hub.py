"""A page on JupyterHub: the student's own hub login and token, which the shared tables take in place of
a class's token (the table service run by the hub, :mod:`euchre_tutor.service.hub`).

The hub gives each student's server its own API token (``JUPYTERHUB_API_TOKEN``) and login
(``JUPYTERHUB_USER``); the hub's configuration gives it the service's address (``EUCHRE_TABLES_URL``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from euchre_tutor.session.shared_table import TABLES_URL_ENV

__all__ = ["HUB_TOKEN_ENV", "HUB_USER_ENV", "hub_user", "tables_on_hub"]

HUB_TOKEN_ENV: Final = "JUPYTERHUB_API_TOKEN"
HUB_USER_ENV: Final = "JUPYTERHUB_USER"


def tables_on_hub(environ: Mapping[str, str]) -> tuple[str, str] | None:
    """The service's address and this user's own hub token, on a hub that names the service (None
    elsewhere)."""
    url, token = environ.get(TABLES_URL_ENV, "").strip(), environ.get(HUB_TOKEN_ENV, "").strip()
    return (url, token) if url and token else None


def hub_user(environ: Mapping[str, str]) -> str | None:
    """This server's hub login (None off a hub)."""
    return environ.get(HUB_USER_ENV, "").strip() or None
