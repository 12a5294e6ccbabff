"""The advisors: hints as data for both games.

- :mod:`euchre_tutor.games.solitaire.advisor`: Euchre Solitaire's exact advisor
  (every option's exact expected points, P(3+), P(5), reasons, grades).
- :mod:`euchre_tutor.games.classic.advisor`: classic Euchre's advisor (sampled
  worlds with inference, a double-dummy solver, expected points, reasons).

- :mod:`euchre_tutor.advisor.cores`: which searches run their compiled
  cores (C) and which their pure-Python twins.
- :mod:`euchre_tutor.advisor.session`: a session's graded decisions, for the
  statistics chart.

Both describe their reasons with :class:`~euchre_tutor.advisor.shared.Reason`
and cite ids from :mod:`euchre_tutor.rules.catalogue`.
"""

__all__ = ["classic", "cores", "session", "shared", "solitaire"]
