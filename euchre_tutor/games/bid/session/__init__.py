"""Bid Euchre's session: the controller, the tutor, the computer-player and hint source and the game's
session hooks (no widgets)."""
