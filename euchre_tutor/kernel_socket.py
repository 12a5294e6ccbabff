"""The page's connection to its kernel, each frame sent at once: a hook for Voila and Jupyter Server.

A page (a table, the lobby, a lesson) talks to its kernel over one WebSocket that the server bridges to
the kernel's ZeroMQ sockets. Tornado leaves Nagle's algorithm on for that socket: a small frame written
while an earlier one is not yet acknowledged may wait for that acknowledgement, and a move's redraw is
several small frames (the widgets' updates, the kernel's busy and idle), so its last ones may reach the
page late. :class:`NoDelayKernelConnection` is the server's own connection
class with the socket's no-delay option set as it opens; the kernel's side needs nothing (ZeroMQ sets
the option on its TCP sockets, and the kernels of ``serve`` use socket files).

Every Voila this package starts names it: on the command line (:data:`VOILA_OPTIONS`, ``make tutor``)
or in the ``voila.json`` written for the run (:func:`voila_config`, ``euchre-tutor serve`` and its
teacher's pages). JupyterLab takes it as ``ServerApp.kernel_websocket_connection_class``.
"""

from __future__ import annotations

from typing import Any, Final

from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection

__all__ = ["CONNECTION_CLASS", "VOILA_OPTIONS", "NoDelayKernelConnection", "voila_config"]

#: the dotted path the servers' configuration names the class by
CONNECTION_CLASS: Final = "euchre_tutor.kernel_socket.NoDelayKernelConnection"
#: Voila's command-line options that load the class
VOILA_OPTIONS: Final = (f"--Voila.kernel_websocket_connection_class={CONNECTION_CLASS}",)


class NoDelayKernelConnection(ZMQChannelsWebsocketConnection):
    """Jupyter Server's kernel WebSocket connection, its socket's no-delay option set when it opens."""

    def connect(self) -> Any:
        """Set no-delay on the page's socket, then connect as the server's own class does."""
        handler = self.websocket_handler
        if handler is not None and handler.ws_connection is not None:
            handler.set_nodelay(True)
        return super().connect()


def voila_config(config: dict[str, Any]) -> dict[str, Any]:
    """``config`` (a ``voila.json``'s content) with its ``Voila`` section naming the connection class."""
    return {
        **config,
        "Voila": {**config.get("Voila", {}), "kernel_websocket_connection_class": CONNECTION_CLASS},
    }
