"""The computer players' shared parts (:mod:`.shared`); each game's players live in its package
(``euchre_tutor.games.<game>.bots``)."""
