"""The advisors' framework: what every game's advisor shares (each game's own advisor is in its
package, ``euchre_tutor.games.<game>.advisor``).

- :mod:`euchre_tutor.advisor.sampling`: the sampled-deal loop (worlds, the stopping rule, the paired
  losses) that a sampling advisor runs with its game's hooks.
- :mod:`euchre_tutor.advisor.trickdd`: the double-dummy search of a trick-taking hand (a compiled core
  with its pure-Python twin; :mod:`euchre_tutor.advisor.cores` says which runs).
- :mod:`euchre_tutor.advisor.card_ideas`, :mod:`euchre_tutor.advisor.trickfacts` and
  :mod:`euchre_tutor.advisor.voice`: the ideas a hint may name and the words it says them in.
- :mod:`euchre_tutor.advisor.drills`, :mod:`euchre_tutor.advisor.luck`,
  :mod:`euchre_tutor.advisor.rating` and :mod:`euchre_tutor.advisor.session`: drills from mistakes,
  luck and skill, the rating, and a session's graded decisions.

Every advisor describes its reasons with :class:`~euchre_tutor.advisor.shared.Reason` and cites ids
from :mod:`euchre_tutor.rules.catalogue`.
"""

__all__ = [
    "card_ideas",
    "cores",
    "drills",
    "luck",
    "rating",
    "sampling",
    "session",
    "shared",
    "trickdd",
    "trickfacts",
    "voice",
]
