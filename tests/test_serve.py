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

from euchre_tutor import serve
from euchre_tutor.cli import main
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
    # the rest of the tables' configuration (theme, hidden sources) is the package's voila.json
    base = json.loads((notebooks_dir() / "voila.json").read_text())
    assert plan.config["VoilaConfiguration"] == base["VoilaConfiguration"]
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
    manifest[LESSONS[1]] = serve._digest(old)  # as an earlier `lessons` would have recorded it
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
    table = serve.table_command("classic", 8870, open_browser=False)
    assert table[1:4] == ["-m", "voila", "classic.ipynb"]
    assert "--Voila.ip=127.0.0.1" in table and "--no-browser" in table
    lab = serve.lab_command(tmp_path, 8871, open_browser=True)
    assert f"--ServerApp.root_dir={tmp_path}" in lab and "--ServerApp.ip=127.0.0.1" in lab
    assert "--no-browser" not in lab
