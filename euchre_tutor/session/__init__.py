"""The session layer: a student's game as the tutor keeps it, with no widgets.

Between the bots and advisor below and the widgets above: the one table's controller
(:class:`~euchre_tutor.session.table.TableController`, a game's own subclass in its package's
``session``) owns the game, the undo history and the teaching messages, and the one tutor
(:class:`~euchre_tutor.session.tutor.TableTutor`) gives the student's seat its hints, grades, review,
retry and drills, alone or at a shared table (:mod:`~euchre_tutor.session.remote_seat`); the
:class:`~euchre_tutor.session.analysis.Analyst` runs a game's hint and computer-player sources in a
worker process. Nothing here imports ipywidgets, anywidget or traitlets: the worker imports these
modules alone, so this package's ``__init__`` imports nothing either.
"""

# the modules, for `from euchre_tutor.session import *` and readers; importing the package imports none
__all__ = [
    "analysis",
    "class_matches",
    "class_report",
    "class_store",
    "games",
    "learning",
    "lesson_rules",
    "observing",
    "on_hub",
    "practice",
    "practice_cli",
    "remote_seat",
    "report_charts",
    "seats",
    "session_report",
    "shared_table",
    "store_report",
    "table",
    "tables",
    "teacher_tables",
    "tutor",
]
