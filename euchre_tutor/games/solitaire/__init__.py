"""Euchre Solitaire, one package: its rules, engine, view, exact advisor, session (controller, tutor,
hint source, the registry's GameSpec), widgets and command line. Importing it imports none of them."""
