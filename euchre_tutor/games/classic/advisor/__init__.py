"""Classic Euchre's advisor: sampled worlds with inference, a double-dummy solver, expected points, reasons.

- :mod:`.worlds`: deals consistent with what a seat has seen (voids, bids);
- :mod:`.dd`: the double-dummy solver (a C core with a Python twin);
- :mod:`.analysis`: every option's expected points over sampled worlds;
- :mod:`.reasons`, :mod:`.strength`: the reasons and the hand-strength counts;
- :mod:`.position`: a position read from JSON; :mod:`.gamewin`: the game-win table.

The submodules are imported on demand (the solver's C core is only loaded when used).
"""

__all__ = ["analysis", "dd", "gamewin", "position", "reasons", "strength", "worlds"]
