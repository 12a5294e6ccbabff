"""Classic Euchre's session: the controller, the tutor, the computer-player and hint source, the what-if
and the game's session hooks (no widgets)."""
