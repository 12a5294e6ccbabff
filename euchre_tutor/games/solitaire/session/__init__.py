"""Euchre Solitaire's session: the controller, the tutor, the hint source and the game's session
hooks (no widgets)."""
