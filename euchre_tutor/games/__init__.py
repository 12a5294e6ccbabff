"""The games: one package per game, ``euchre_tutor.games.<game>``, registered in
:data:`euchre_tutor.rules.games.GAMES`.

Inside a game's package the layers keep their order: ``rules`` (its house rules as data), ``engine``,
``views``, ``advisor``, ``bots``, ``session``, ``widgets`` and ``cli``; each imports only the ones
before it (its engine imports no widgets), and no game imports another game. This package and each
game's ``__init__`` import nothing, so importing one layer of a game loads no other.
"""
