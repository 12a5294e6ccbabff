"""``euchre-tutor serve | table | lessons``: the teacher's choices checked before anything starts.

Every refusal is one teaching line on stderr and exit status 2, with nothing started (no server runs
in these tests: the served pages are opened in tests/browser/test_serve.py, and from the installed
wheel in tests/test_wheel.py).
"""

from __future__ import annotations

import json
import os
import socket
import tempfile
import uuid
from pathlib import Path

import pytest

from euchre_tutor import class_site, serve
from euchre_tutor.cli import main
from euchre_tutor.protocol.client import run_to_end
from euchre_tutor.serve import MANIFEST, ServeError, copy_lessons, notebooks_dir, serve_plan

ROOT = Path(__file__).resolve().parents[1]
LESSONS = sorted(p.name for p in (ROOT / "notebooks" / "lessons").glob("*.ipynb"))
PLENTY = 1e9  # MB: a machine with memory for any class these tests plan


def refusal(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    code = main(list(argv))
    captured = capsys.readouterr()
    assert code == 2, captured
    assert captured.out == ""
    assert captured.err.startswith("error: ") and captured.err.count("\n") == 1, captured.err
    return captured.err


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def busy_port() -> socket.socket:
    holder = socket.socket()
    holder.bind(("127.0.0.1", 0))
    holder.listen()
    return holder


@pytest.mark.parametrize("host", ["0.0.0.0", "::", "192.168.1.20", "tutor.example"])
def test_serving_beyond_this_computer_without_a_login_is_refused(
    capsys: pytest.CaptureFixture[str], host: str
) -> None:
    err = refusal(capsys, "serve", "--host", host, "--no-token")
    assert f"refusing to serve on {host} with no password or token" in err
    assert "drop --no-token" in err and "--password" in err


@pytest.mark.parametrize("host", ["localhost", "127.0.0.1", "::1", "127.0.0.2"])
def test_this_computer_only_may_go_without_a_login(host: str) -> None:
    assert serve.is_loopback(host)
    with busy_port() as holder:  # a port surely free once the holder closes
        port = holder.getsockname()[1]
    if host in ("localhost", "127.0.0.1"):
        plan = serve_plan(host, port, 1, ["solitaire"], None, None, True, PLENTY)
        assert plan.token == "" and plan.config["Voila"]["token"] == ""
        assert plan.address("/") == f"http://{host}:{port}/"


def test_an_address_of_the_network_is_not_this_computer_only() -> None:
    for host in ("0.0.0.0", "::", "10.0.0.5", "192.168.1.20", "tutor.example", "localhost.example"):
        assert not serve.is_loopback(host)


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["serve", "--port", "0"], "port 0 is impossible: a port is a number from 1 to 65535"),
        (["serve", "--port", "70000"], "port 70000 is impossible"),
        (["serve", "--port", "-5"], "port -5 is impossible"),
        (["serve", "--port", "eighty"], "argument --port: invalid int value: 'eighty'"),
        (["table", "--port", "65536"], "port 65536 is impossible"),
        (["lessons", "/nonexistent/never-made", "--port", "0"], "port 0 is impossible"),
        (["serve", "--students", "0"], "--students 0: give the number of students who will connect"),
        (["serve", "--students", "-3"], "--students -3: give the number"),
        (["serve", "--students", "100000"], "--students 100000 is more than one server should hold"),
        (["serve", "--students", "thirty"], "argument --students: invalid int value: 'thirty'"),
        (["serve", "--table", "poker"], "argument --table: invalid choice: 'poker'"),
        (
            ["table", "poker"],
            "argument table: invalid choice: 'poker' (choose from 'solitaire', 'classic', 'bid', 'practice')",
        ),
        (["serve", "--token", "abc"], "--token 'abc' is too short to keep others out"),
        (["serve", "--host", "nowhere.invalid"], "--host 'nowhere.invalid' is not an address or name"),
        (["serve", "--token", "abcdefghij", "--no-token"], "not allowed with argument --token"),
        (["serve", "--refill-delay", "-1"], "--refill-delay -1 is impossible: give the seconds (0 to 86400)"),
        (["serve", "--refill-delay", "nan"], "--refill-delay nan is impossible"),
        (["serve", "--refill-delay", "soon"], "argument --refill-delay: invalid float value: 'soon'"),
    ],
)
def test_impossible_choices_get_a_teaching_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], says: str
) -> None:
    assert says in refusal(capsys, *argv)


def test_an_empty_password_is_refused() -> None:
    with pytest.raises(ServeError, match="--password is empty: anyone could log in"):
        serve_plan("0.0.0.0", 8866, 1, ["solitaire"], "", None, False, PLENTY)


def test_a_port_in_use_is_named_and_nothing_is_done(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "lessons"
    with busy_port() as holder:
        port = holder.getsockname()[1]
        for argv in (["serve"], ["table", "classic"], ["lessons", str(folder), "--no-browser"]):
            err = refusal(capsys, *argv, "--port", str(port))
            assert f"port {port} is already in use" in err and "--port" in err
    assert not folder.exists(), "a refused `lessons` copies nothing"


def test_a_class_larger_than_the_memory_is_refused_with_what_the_machine_holds() -> None:
    with pytest.raises(ServeError) as small:
        serve.check_students(30, ["solitaire", "classic"], available=4 * 1024)
    text = str(small.value)
    kernels = 30 * 3  # each table's pool of 30, and 30 in use
    assert f"{kernels} kernels of about {serve.MB_PER_KERNEL} MB" in text
    holds = int(4 * 1024 // (serve.MB_PER_KERNEL * 3))
    assert f"this machine holds about {holds} students" in text
    serve.check_students(holds, ["solitaire", "classic"], available=4 * 1024)  # what it says it holds fits


def test_the_plan_sizes_each_tables_pool_for_the_class_and_makes_a_token() -> None:
    plan = serve_plan("127.0.0.1", 18866, 30, ["solitaire", "classic"], None, None, False, PLENTY)
    pools = plan.config["VoilaKernelManager"]["kernel_pools_config"]
    assert pools == {
        "default": {"pool_size": 0},
        "solitaire.ipynb": {"pool_size": 30},
        "classic.ipynb": {"pool_size": 30},
    }
    assert plan.config["VoilaKernelManager"]["fill_delay"] == serve.REFILL_DELAY
    voila = plan.config["Voila"]
    assert voila["ip"] == "127.0.0.1" and voila["port"] == 18866 and voila["port_retries"] == 0
    assert len(plan.token) >= 12 and voila["token"] == plan.token
    assert plan.address("/") == f"http://127.0.0.1:18866/?token={plan.token}"
    # the rest of the tables' configuration (theme, hidden sources) is the package's voila.json, with the
    # class's template (the class page and the loading message)
    base = json.loads((notebooks_dir() / "voila.json").read_text())
    assert plan.config["VoilaConfiguration"] == {
        **base["VoilaConfiguration"],
        "template": class_site.TEMPLATE,
    }
    other = serve_plan("127.0.0.1", 18866, 30, ["solitaire"], None, None, False, PLENTY)
    assert other.token != plan.token, "a fresh token for every run"


def test_the_refill_delay_is_voilas_fill_delay() -> None:
    plan = serve_plan("127.0.0.1", 18866, 2, ["solitaire"], None, None, False, PLENTY, refill_delay=45)
    assert plan.config["VoilaKernelManager"]["fill_delay"] == 45


@pytest.mark.skipif(os.name != "posix", reason="socket files are a Unix transport; elsewhere TCP as before")
def test_the_kernels_talk_over_socket_files_not_tcp_ports() -> None:
    # 60 kernels starting at once over TCP lost one to a port another connection took in between
    plan = serve_plan("127.0.0.1", 18866, 30, ["solitaire", "classic"], None, None, False, PLENTY)
    assert plan.config["KernelManager"] == {"transport": "ipc"}


def socket_path(directory: str) -> str:
    """The longest socket file a kernel makes there (jupyter_client: connection file stem + -ipc-<n>)."""
    return f"{directory}/kernel-{uuid.uuid4()}-ipc-99"


@pytest.mark.skipif(os.name != "posix", reason="socket files are a Unix transport")
def test_the_socket_files_go_to_the_runs_own_directory_when_its_path_fits(tmp_path: Path) -> None:
    plan = serve_plan("127.0.0.1", 18866, 2, ["solitaire"], None, None, False, PLENTY)
    short = Path(tempfile.mkdtemp(prefix="et-", dir="/tmp"))
    try:
        with serve.kernel_sockets(plan, short) as config:
            assert config["MultiKernelManager"] == {"connection_dir": str(short)}
            assert config["KernelManager"] == {"transport": "ipc"}
            assert len(socket_path(str(short))) < 104  # a Unix socket's path limit (macOS; Linux 108)
    finally:
        short.rmdir()
    assert "MultiKernelManager" not in plan.config, "the plan itself is left as it was"


@pytest.mark.skipif(os.name != "posix", reason="socket files are a Unix transport")
def test_a_run_directory_too_long_for_a_socket_path_gets_a_short_one_in_tmp(tmp_path: Path) -> None:
    plan = serve_plan("127.0.0.1", 18866, 2, ["solitaire"], None, None, False, PLENTY)
    deep = tmp_path / ("a-long-temporary-folder-as-on-macos" * 2)
    deep.mkdir()
    with serve.kernel_sockets(plan, deep) as config:
        where = config["MultiKernelManager"]["connection_dir"]
        assert where.startswith("/tmp/euchre-") and Path(where).is_dir()
        assert len(socket_path(where)) < 104
    assert not Path(where).exists(), "removed when the server stops"


def test_a_password_replaces_the_token_and_only_its_hash_is_written() -> None:
    plan = serve_plan("0.0.0.0", 18866, 2, ["classic"], "bowers", None, False, PLENTY)
    assert plan.config["Voila"]["token"] == "" and plan.token == ""
    hashed = plan.config["PasswordIdentityProvider"]["hashed_password"]
    assert "bowers" not in json.dumps(plan.config)
    from jupyter_server.auth.security import passwd_check

    assert passwd_check(hashed, "bowers") and not passwd_check(hashed, "bower")
    assert plan.pools == {"classic.ipynb": 2}
    assert "?token" not in plan.address("/")
    assert not plan.address("/").startswith("http://0.0.0.0"), "the address others reach, not 0.0.0.0"


def test_a_chosen_token_is_used() -> None:
    plan = serve_plan("::1", 18866, 1, ["solitaire"], None, "our-class-token", False, PLENTY)
    assert (
        plan.address("/voila/tree/lessons") == "http://[::1]:18866/voila/tree/lessons?token=our-class-token"
    )


def test_the_notebooks_are_found_in_the_checkout() -> None:
    where = notebooks_dir()
    assert where == ROOT / "notebooks"
    assert sorted(p.name for p in (where / "lessons").glob("*.ipynb")) == LESSONS


# --- lessons ---------------------------------------------------------------------------------------


def test_lessons_are_copied_into_a_new_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "my lessons"
    assert main(["lessons", str(folder), "--copy-only"]) == 0
    out = capsys.readouterr().out
    assert f"The lessons are in {folder}: {len(LESSONS)} copied, 0 already there." in out
    assert sorted(p.name for p in folder.glob("*.ipynb")) == LESSONS
    for name in LESSONS:
        assert (folder / name).read_bytes() == (ROOT / "notebooks" / "lessons" / name).read_bytes()


def test_a_students_edited_lesson_is_never_overwritten(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "lessons"
    copy_lessons(folder)
    edited = folder / LESSONS[2]
    edited.write_text(edited.read_text().replace("Lesson 3", "Lesson 3 (my notes: lead trump!)"))
    mine = edited.read_bytes()
    (folder / LESSONS[0]).unlink()  # deleted: copied again
    assert main(["lessons", str(folder), "--copy-only"]) == 0
    out = capsys.readouterr().out
    assert f"1 copied, {len(LESSONS) - 2} already there" in out
    assert f"Kept your own version of {LESSONS[2]}: you changed them, so they were not overwritten" in out
    assert edited.read_bytes() == mine
    assert (folder / LESSONS[0]).exists()


def test_a_lesson_still_as_copied_is_updated_to_the_packages_version(tmp_path: Path) -> None:
    """An earlier version's copy that the student never changed is not their work: it is refreshed."""
    folder = tmp_path / "lessons"
    copy_lessons(folder)
    old = folder / LESSONS[1]
    old.write_text("an earlier version of the lesson")
    manifest = json.loads((folder / MANIFEST).read_text())
    manifest[LESSONS[1]] = serve.lessons._digest(old)  # as an earlier `lessons` would have recorded it
    (folder / MANIFEST).write_text(json.dumps(manifest))
    done = copy_lessons(folder)
    assert done.copied == (LESSONS[1],) and done.kept == ()
    assert old.read_bytes() == (ROOT / "notebooks" / "lessons" / LESSONS[1]).read_bytes()


def test_a_file_instead_of_a_folder_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    afile = tmp_path / "notes.txt"
    afile.write_text("mine")
    assert "is a file, not a folder" in refusal(capsys, "lessons", str(afile), "--copy-only")
    assert afile.read_text() == "mine"


def test_the_commands_for_one_person_listen_on_this_computer_only(tmp_path: Path) -> None:
    from euchre_tutor import launch

    table = launch.voila_command(8870, notebooks_dir())
    assert table[1:4] == ["-m", "voila", str(notebooks_dir())]
    assert "--Voila.ip=127.0.0.1" in table and "--no-browser" in table and "--Voila.port_retries=0" in table
    lab = launch.lab_command(8871, open_browser=True, root=tmp_path)
    assert f"--ServerApp.root_dir={tmp_path}" in lab and "--ServerApp.ip=127.0.0.1" in lab
    assert "--no-browser" not in lab


# --- the class server: kernels on demand, the class page, the table service, the teacher's pages -----


class _FakePools:
    """What Voila's pooling kernel manager keeps: a list of tasks per notebook."""

    def __init__(self) -> None:
        self._pools: dict[str, list[object]] = {}

    def get_pool_size(self, notebook_name: str) -> int:
        return len(self._pools.get(notebook_name, []))


def test_a_pool_counts_only_its_ready_kernels_and_offers_a_ready_one_first() -> None:
    import asyncio

    async def check() -> None:
        manager = class_site.on_demand(_FakePools)()
        waiting = asyncio.get_running_loop().create_task(asyncio.sleep(600))  # a refill in its delay
        ready = asyncio.get_running_loop().create_future()
        ready.set_result({"kernel_id": "k"})
        failed = asyncio.get_running_loop().create_future()
        failed.set_exception(RuntimeError("kernel died"))
        manager._pools["classic.ipynb"] = [waiting, failed, ready]
        # Voila takes a pooled kernel only when the size is above 0, and takes the first
        assert manager.get_pool_size("classic.ipynb") == 1
        assert manager._pools["classic.ipynb"][0] is ready
        manager._pools["classic.ipynb"].remove(ready)
        assert manager.get_pool_size("classic.ipynb") == 0, "no kernel ready: the page starts its own"
        assert manager.get_pool_size("bid.ipynb") == 0
        waiting.cancel()

    run_to_end(check())  # an event loop may run in this thread (a browser test before this one)


def test_on_demand_pools_are_made_from_voilas_own_factory() -> None:
    from voila.voila_kernel_manager import voila_kernel_manager_factory

    made = class_site._on_demand_factory(voila_kernel_manager_factory)
    from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

    pooled = made(AsyncMappingKernelManager, True, 0)
    assert pooled.__name__ == "OnDemandVoilaKernelManager" and "fill_if_needed" in dir(pooled)
    assert pooled.__mro__[1].__name__ == "VoilaKernelManager", "its configuration section still applies"
    plain = made(AsyncMappingKernelManager, False, 0)
    assert plain.__name__ == "NormalKernelManager"


def test_the_students_folder_has_every_page_but_the_teachers(tmp_path: Path) -> None:
    notebooks = tmp_path / "notebooks"
    (notebooks / "lessons").mkdir(parents=True)
    (notebooks / class_site.TEACHER).mkdir()
    for name in ("classic.ipynb", "lobby.ipynb", "practice.ipynb"):
        (notebooks / name).write_text("{}")
    for name in class_site.TEACHER_PAGES:
        (notebooks / class_site.TEACHER / name).write_text("{}")
    students = class_site.class_root(notebooks, tmp_path / "class")
    assert sorted(p.name for p in students.iterdir()) == [
        "classic.ipynb",
        "lessons",
        "lobby.ipynb",
        "practice.ipynb",
    ]
    teacher = class_site.teacher_root(notebooks, tmp_path / "teacher")
    assert sorted(p.name for p in teacher.iterdir()) == sorted([*class_site.TEACHER_PAGES, "lessons"])
    assert (students / "lessons").resolve() == (notebooks / "lessons").resolve()
    # the package's own teacher's pages are in their folder, out of the students' way
    for name in class_site.TEACHER_PAGES:
        assert (notebooks_dir() / class_site.TEACHER / name).is_file()
        assert not (notebooks_dir() / name).exists()


def test_the_class_page_links_the_registrys_tables_the_lobby_practice_and_the_lessons(tmp_path: Path) -> None:
    import jinja2

    from euchre_tutor.rules.games import GAMES

    folder = class_site.write_template(tmp_path / "share", notebooks_dir())
    assert folder == tmp_path / "share" / "voila" / "templates" / class_site.TEMPLATE
    assert json.loads((folder / "conf.json").read_text()) == {"base_template": "lab"}
    page = (folder / "tree-lab.html").read_text()
    assert page == (folder / "tree.html").read_text()
    for game in GAMES:
        assert f'href="/voila/render/{game.notebook}"' in page
    for href in ("/voila/render/lobby.ipynb", "/voila/render/practice.ipynb", "/voila/tree/lessons"):
        assert f'href="{href}"' in page
    assert "teacher" not in page
    for name, title in class_site.lesson_titles(notebooks_dir() / "lessons"):
        assert f'href="/voila/render/lessons/{name}">{title}</a>' in page
    assert ("01-cards-and-bowers.ipynb", "Lesson 1: the cards and the bowers") in class_site.lesson_titles(
        notebooks_dir() / "lessons"
    )
    spinner = (folder / "spinner.macro.html.j2").read_text()
    assert class_site.WAIT_WORDS in spinner and 'id="et-waited"' in spinner
    env = jinja2.Environment()
    env.parse(page)  # both are Jinja templates Voila can read
    env.parse(spinner)


def test_voila_finds_the_template_on_its_jupyter_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from voila.paths import collect_template_paths

    class_site.write_template(tmp_path / "share", notebooks_dir())
    monkeypatch.setenv("JUPYTER_PATH", class_site.template_env(tmp_path / "share")["JUPYTER_PATH"])
    paths = collect_template_paths(["voila", "nbconvert"], class_site.TEMPLATE)
    assert paths[0] == str(tmp_path / "share" / "voila" / "templates" / class_site.TEMPLATE)
    assert any(p.endswith(os.path.join("voila", "templates", "lab")) for p in paths), "it extends lab"


def test_the_table_service_runs_beside_serve_on_this_computer_and_comes_back_after_a_crash(
    tmp_path: Path,
) -> None:
    import signal
    import time

    log = tmp_path / "log.txt"
    with (
        log.open("w") as sink,
        serve.TablesProcess(serve.class_folder(str(tmp_path / "class")), log=sink) as tables,
    ):
        env = tables.kernel_env()
        assert env["EUCHRE_TABLES_URL"] == f"ws://127.0.0.1:{tables.port}/tables"
        assert len(env["EUCHRE_TABLES_TOKEN"]) >= 24
        assert env["EUCHRE_CLASS_DB"] == str(tmp_path / "class" / "class.sqlite")
        assert env["EUCHRE_TABLES_TOKEN"] not in " ".join(tables.command()), (
            "the secret is not on a command line"
        )
        # the teacher's pages get the teacher's token; the students' kernels never do
        teacher = tables.teacher_env()["EUCHRE_TABLES_TEACHER_TOKEN"]
        assert teacher not in env.values() and teacher != env["EUCHRE_TABLES_TOKEN"]
        assert teacher not in " ".join(tables.command())
        from euchre_tutor.protocol.client import TableClient, run_to_end

        async def hello_as_teacher() -> bool:
            async with await TableClient.connect(env["EUCHRE_TABLES_URL"], None, "T", teacher=teacher) as t:
                return bool(t.welcome["teacher"])

        assert run_to_end(hello_as_teacher())
        first = tables.proc
        assert first is not None
        with socket.create_connection(("127.0.0.1", tables.port), timeout=5):
            pass
        first.send_signal(signal.SIGKILL)
        deadline = time.monotonic() + 60
        while tables.restarts == 0 and time.monotonic() < deadline:
            time.sleep(0.2)
        assert tables.restarts == 1 and tables.proc is not first
        with socket.create_connection(("127.0.0.1", tables.port), timeout=5):
            pass  # the same address: the kernels' environment still holds
        second = tables.proc
    assert second is not None and second.poll() is not None, "stopped with serve"
    assert (tmp_path / "class" / "class.sqlite").is_file()
    assert "starting it again" in log.read_text()


def test_the_service_only_listens_on_this_computer() -> None:
    tables = serve.TablesProcess(Path(tempfile.gettempdir()))
    assert "--address" not in tables.command(), "the service's default: 127.0.0.1"
    assert tables.url.startswith("ws://127.0.0.1:")


def test_a_file_as_the_class_folder_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "f").write_text("")
    with pytest.raises(ServeError, match="is a file, not a folder"):
        serve.class_folder(str(tmp_path / "f"))


def test_the_teachers_pages_have_their_own_port_and_login() -> None:
    plan = serve_plan("127.0.0.1", 18866, 2, ["solitaire"], None, None, False, PLENTY)
    teacher = serve.teacher_plan(plan, None, None)
    assert teacher is not None and teacher.port == 18867
    assert teacher.token and teacher.token != plan.token
    assert teacher.config()["Voila"]["token"] == teacher.token
    assert "kernel_pools_config" not in json.dumps(teacher.config()), "no kernels before the teacher asks"
    assert serve.teacher_plan(plan, 0, None) is None
    with_password = serve.teacher_plan(plan, 18870, "a teacher's secret")
    assert with_password is not None and with_password.token == "" and with_password.hashed_password
    assert "a teacher's secret" not in json.dumps(with_password.config())


@pytest.mark.parametrize(
    ("port", "password", "words"),
    [
        (18866, None, "is the class's port"),
        (None, "short", "too short"),
        (None, "the class password", "is the class's password"),
    ],
)
def test_a_teachers_login_that_would_let_students_in_is_refused(
    port: int | None, password: str | None, words: str
) -> None:
    plan = serve_plan("127.0.0.1", 18866, 2, ["solitaire"], "the class password", None, False, PLENTY)
    with pytest.raises(ServeError, match=words):
        serve.teacher_plan(plan, port, password)


def test_a_teachers_port_in_use_is_refused_before_anything_starts(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    with busy_port() as holder:
        taken = holder.getsockname()[1]
        text = refusal(
            capsys, "serve", "--port", str(free_port()), "--teacher-port", str(taken), "--no-token"
        )
    assert f"the teacher's pages cannot use port {taken}: port {taken} is already in use" in text
    assert "choose another with --teacher-port" in text
    assert list(tmp_path.iterdir()) == [], "nothing made: not even the class's folder"


def test_the_kernels_find_the_class_store_by_the_name_it_reads() -> None:
    from euchre_tutor.session import class_store

    assert serve.CLASS_DB_ENV == class_store.CLASS_DB_ENV


def test_a_table_service_that_cannot_start_is_a_teaching_error(tmp_path: Path) -> None:
    (tmp_path / serve.CLASS_DB).mkdir()  # not a database file
    with (
        pytest.raises(ServeError, match="the table service stopped as it started"),
        serve.TablesProcess(tmp_path),
    ):
        pass
