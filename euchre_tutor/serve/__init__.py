"""``euchre-tutor serve | table | lessons``: the tables and the lessons from the installed package.

``serve`` is for a class: the tables and the lessons from one Voila server,
its kernel pools filled before anyone connects, behind a token or a password
as soon as it listens beyond this computer; beside it the table service (the
shared tables, on this computer only, :class:`TablesProcess`) and the
teacher's pages on a server and login of their own (:class:`TeacherPlan`). ``table`` is one table for one
person (what ``make tutor`` starts), and ``lessons`` copies the lesson
notebooks into a folder the student owns and opens JupyterLab there.

Everything is Voila's and Jupyter Server's own configuration (a ``voila.json``
written for the run: ``Voila.ip``, ``Voila.token``,
``PasswordIdentityProvider.hashed_password``,
``VoilaKernelManager.kernel_pools_config``, and the page's kernel connection that sends each frame at
once, ``Voila.kernel_websocket_connection_class``); this package only checks the
teacher's choices first, so a mistake gets a sentence instead of a traceback
from deep inside a server.

Its modules, each one responsibility: :mod:`~euchre_tutor.serve.choices` (the notebooks, the tables,
the checks of a port, a class's size, a password), :mod:`~euchre_tutor.serve.plan` (the class's Voila
configuration), :mod:`~euchre_tutor.serve.tables` (the table service beside it),
:mod:`~euchre_tutor.serve.teacher` (the teacher's pages), :mod:`~euchre_tutor.serve.processes` (running
and stopping the servers), :mod:`~euchre_tutor.serve.lessons` (copying the lessons) and
:mod:`~euchre_tutor.serve.command` (the command line). The names others use are here.
"""

from __future__ import annotations

from euchre_tutor.serve.choices import (
    DEFAULT_PORT,
    LAB_PORT,
    LESSONS,
    MB_PER_KERNEL,
    TABLES,
    ServeError,
    check_port,
    check_students,
    is_loopback,
    notebooks_dir,
)
from euchre_tutor.serve.command import register
from euchre_tutor.serve.lessons import MANIFEST, copy_lessons
from euchre_tutor.serve.plan import REFILL_DELAY, kernel_sockets, serve_plan
from euchre_tutor.serve.processes import CLASS_GRADE_WORLDS, GRADE_WORLDS_ENV, run_server
from euchre_tutor.serve.tables import (
    CLASS_DB,
    CLASS_DB_ENV,
    TABLES_TOKEN_ENV,
    TABLES_URL_ENV,
    TablesProcess,
    class_folder,
)
from euchre_tutor.serve.teacher import TeacherPlan, teacher_plan

__all__ = [
    "CLASS_DB",
    "CLASS_DB_ENV",
    "CLASS_GRADE_WORLDS",
    "DEFAULT_PORT",
    "GRADE_WORLDS_ENV",
    "LAB_PORT",
    "LESSONS",
    "MANIFEST",
    "MB_PER_KERNEL",
    "REFILL_DELAY",
    "TABLES",
    "TABLES_TOKEN_ENV",
    "TABLES_URL_ENV",
    "ServeError",
    "TablesProcess",
    "TeacherPlan",
    "check_port",
    "check_students",
    "class_folder",
    "copy_lessons",
    "is_loopback",
    "kernel_sockets",
    "notebooks_dir",
    "register",
    "run_server",
    "serve_plan",
    "teacher_plan",
]
