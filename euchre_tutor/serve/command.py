"""The command line of ``euchre-tutor serve``: its options, and the class's servers it runs."""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
import tempfile
from pathlib import Path
from typing import IO, Any

from euchre_tutor.class_site import class_root, teacher_root, template_env, write_template
from euchre_tutor.jsonio import fail
from euchre_tutor.serve.choices import (
    BOTH,
    DEFAULT_PORT,
    DOCS,
    LESSONS,
    TABLES,
    ServeError,
    ask_password,
    notebooks_dir,
)
from euchre_tutor.serve.plan import (
    REFILL_DELAY,
    ServePlan,
    kernel_sockets,
    serve_plan,
    start_estimate,
    voila_serve_command,
)
from euchre_tutor.serve.processes import run_class_voila, stop_on_sigterm
from euchre_tutor.serve.tables import CLASS_DIR, TablesProcess, class_folder
from euchre_tutor.serve.teacher import (
    TeacherPlan,
    announce_teacher,
    teacher_password,
    teacher_plan,
    teacher_server,
)

__all__ = ["register", "run_serve"]


def _announce(plan: ServePlan, out: IO[str]) -> None:
    login = (
        "they log in with the password you chose"
        if plan.hashed_password
        else (
            "anyone who can reach it gets in (this computer only)" if not plan.token else "the token is in it"
        )
    )
    print(f"Give the class this address ({login}):", file=out)
    print(f"    {plan.address('/')}", file=out)
    print(
        "It is the class page: the tables, the lobby, practice and the lessons. The pages themselves:",
        file=out,
    )
    for table in TABLES:
        print(f"    {table + ':':<11}{plan.address(f'/voila/render/{TABLES[table]}')}", file=out)
    print(f"    {'lessons:':<11}{plan.address(f'/voila/tree/{LESSONS}')}", file=out)
    out.flush()


def run_serve(args: argparse.Namespace) -> int:
    """``euchre-tutor serve``: check every choice, say the addresses, then serve until Ctrl+C or SIGTERM."""
    password = args.password
    if password == "":  # --password with no value: ask, so the password is not in the shell's history
        password = ask_password()
    elif password is None:
        password = os.environ.get("EUCHRE_TUTOR_PASSWORD") or None
    tables = BOTH if args.table == "both" else tuple(TABLES) if args.table == "all" else (args.table,)
    try:
        plan = serve_plan(
            args.host,
            args.port,
            args.students,
            tables,
            password,
            args.token,
            args.no_token,
            refill_delay=args.refill_delay,
        )
    except ServeError as error:
        return fail(str(error))
    try:
        teacher = teacher_plan(plan, args.teacher_port, teacher_password(args.teacher_password))
        class_dir = class_folder(args.class_dir)  # the last check: it makes the folder
    except ServeError as error:
        return fail(str(error))
    out = sys.stdout
    kernels = plan.students * len(plan.tables)
    print(
        f"euchre-tutor serve: starting {kernels} kernels before the class connects ({plan.students} for "
        f"each of: {', '.join(plan.tables)}); on two cores that takes about {start_estimate(kernels)}.",
        file=out,
    )
    _announce(plan, out)
    announce_teacher(teacher, class_dir, out)
    stop_on_sigterm()  # from here on, SIGTERM stops everything started below as Ctrl+C does
    try:
        return _serve_class(plan, teacher, class_dir, out)
    except ServeError as error:  # the table service could not start: nothing else was
        return fail(str(error))


def _serve_class(plan: ServePlan, teacher: TeacherPlan | None, class_dir: Path, out: IO[str]) -> int:
    """The table service, the teacher's server and the class's Voila, until Voila stops."""
    with tempfile.TemporaryDirectory(prefix="euchre-serve-") as run_dir, TablesProcess(class_dir) as service:
        run = Path(run_dir)
        notebooks = notebooks_dir()
        students = class_root(notebooks, run / "class")
        share = run / "share"
        write_template(share, notebooks)
        env = {**service.kernel_env(), **template_env(share)}
        with contextlib.ExitStack() as stack:
            if teacher is not None:
                stack.enter_context(
                    teacher_server(
                        teacher,
                        teacher_root(notebooks, run / "teacher"),
                        run,
                        {**env, **service.teacher_env()},
                    )
                )
            # Voila reads voila.json from the directory it starts in: this run's configuration, readable
            # by this user only (it holds the token or the password's hash)
            config = run / "voila.json"
            config.touch(mode=0o600)
            with kernel_sockets(plan, run) as settings:
                config.write_text(json.dumps(settings, indent=2), encoding="utf-8")
                return run_class_voila(voila_serve_command(students), run, plan, out, env)


def register(games: Any) -> None:
    """Add ``serve`` to the ``euchre-tutor`` command line: the class's servers, its login, its tables'
    pools and the teacher's pages (``table`` and ``lessons``, for one person, are
    :mod:`euchre_tutor.launch`'s)."""
    sp: argparse.ArgumentParser = games.add_parser(
        "serve",
        help="serve the tables and the lessons to a class from this computer (one Voila server)",
        description=(
            "Serve the tables and the lessons from one Voila server, its kernels started before the "
            "class connects. Beyond this computer (--host 0.0.0.0) a token is made and printed in the "
            f"address to give the class, or students log in with --password. See {DOCS}."
        ),
    )
    sp.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to listen on: 0.0.0.0 for a class on the network (default 127.0.0.1: this computer only)",
    )
    sp.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT})")
    sp.add_argument(
        "--students",
        type=int,
        default=2,
        metavar="N",
        help="kernels to start for each table before anyone connects: the class size (default 2)",
    )
    sp.add_argument(
        "--table",
        choices=[*TABLES, "both", "all"],
        default="both",
        help="the table(s) whose kernels are started in advance: both (default: solitaire and classic), all, "
        "or one; the others open on demand",
    )
    sp.add_argument(
        "--refill-delay",
        type=float,
        default=REFILL_DELAY,
        metavar="SECONDS",
        help=f"seconds before Voila replaces a kernel a student took (default {REFILL_DELAY:g}); a page "
        "opened while its table's pool is empty starts a kernel of its own at once",
    )
    sp.add_argument(
        "--class-dir",
        default=CLASS_DIR,
        metavar="FOLDER",
        help=f"the class's folder: its shared tables, saved games and drills, kept between lessons "
        f"(default ./{CLASS_DIR}, created)",
    )
    sp.add_argument(
        "--teacher-port",
        type=int,
        default=None,
        metavar="PORT",
        help="port of the teacher's pages (default: the class's port + 1; 0: no teacher's pages)",
    )
    sp.add_argument(
        "--teacher-password",
        nargs="?",
        const="",
        metavar="PASSWORD",
        help="the teacher's pages ask this password (without a value it is asked for; or set "
        "EUCHRE_TUTOR_TEACHER_PASSWORD); else they get a token of their own, printed for you",
    )
    login = sp.add_mutually_exclusive_group()
    login.add_argument(
        "--password",
        nargs="?",
        const="",
        metavar="PASSWORD",
        help="students log in with this password (without a value it is asked for; or set EUCHRE_TUTOR_PASSWORD)",
    )
    login.add_argument("--token", help="use this token (8+ characters) instead of a generated one")
    login.add_argument(
        "--no-token",
        action="store_true",
        help="no login at all: refused unless the server listens on this computer only",
    )
    sp.set_defaults(run=run_serve)
