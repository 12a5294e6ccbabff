"""Classic Euchre, one package: its rules, engine, seat view, advisor, computer players, session
(controller, tutor, computer-player source, what-if, the registry's GameSpec), widgets and command line.
Importing it imports none of them."""
