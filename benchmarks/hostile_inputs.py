"""Hostile inputs (issue 21): every quick case of the test suite, then the heavy ones, counted.

Usage: ``python benchmarks/hostile_inputs.py [--size-mb 600]``

The heavy cases first, each in a process of its own so its peak memory can be
read (started from this process while it is still small): an ``--input`` file of
``--size-mb`` MB, ``/dev/zero`` as stdin and as a batch file, a batch line of
``--size-mb`` MB between two good ones, classic saves of 100,000 and of 50,000 decisions
(refused at once / loaded in linear time), a save file of ``--size-mb`` MB, and
a six-player pure-Python analysis at 5,000 worlds. Each heavy case must end
with its clear line (or answer) and within a memory bound. Then the cases of
``tests/hostile_cases.py`` (command line, batch lines, save files, the
widgets' boxes), in this process.

Prints one row per heavy case (OK or not, seconds, peak MB), the cases that
were not OK with what went wrong, and ``tried N, not OK M``.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

PEAK_BOUND_MB = 400  # whatever the input's size: the caps keep every case far below it


# tests.hostile_cases's position, written out: the heavy cases run before anything big is imported, since
# a child's peak memory on Linux starts from its parent's at the fork (the high-water mark survives exec)
POSITION = {
    "rules": "standard",
    "dealer": "N",
    "seat": "E",
    "hand": ["9H", "TH", "QH", "KH", "JD"],
    "up": "AH",
    "actions": [],
}


@dataclass(frozen=True)
class Heavy:
    name: str
    argv: list[str]
    stdin: str | None  # a file to read stdin from
    ok: Callable[[int, str, str], str | None]
    env: dict[str, str] | None = None


def _refused(words: str) -> Callable[[int, str, str], str | None]:
    def ok(code: int, out: str, err: str) -> str | None:
        if code == 2 and err.count("\n") == 1 and words in err and "Traceback" not in err:
            return None
        return f"status {code}, stderr {err[-300:]!r}"

    return ok


def _batch(first_error: str, lines: int, code_wanted: int = 0) -> Callable[[int, str, str], str | None]:
    def ok(code: int, out: str, err: str) -> str | None:
        answers = [json.loads(x) for x in out.splitlines()]
        if code != code_wanted or len(answers) != lines or first_error not in answers[0].get("error", ""):
            return f"status {code}, {len(answers)} lines, first {out[:200]!r}, stderr {err[-200:]!r}"
        return None

    return ok


def _python(code: str) -> list[str]:
    return [sys.executable, "-c", code]


def heavy_cases(folder: Path, size_mb: int) -> list[Heavy]:
    size = size_mb * 2**20
    big_input = folder / "big-input.json"
    with big_input.open("wb") as f:
        f.write(b'{"x": "')
        f.truncate(size)  # a sparse file: no need to write the bytes
    big_line = folder / "big-line.jsonl"
    good = json.dumps(POSITION).encode()
    with big_line.open("wb") as f:
        f.write(good + b"\n" + b'{"x": "')
        f.seek(size, 1)
        f.write(b'"}\n' + good + b"\n")
    cli = [sys.executable, "-m", "euchre_tutor"]
    six = json.dumps(
        {
            "rules": "six-handed",
            "dealer": "P1",
            "seat": "P2",
            "hand": ["9S", "TS", "QS", "KS", "AS"],
            "up": "AH",
        }
        | {"actions": ["P2: order", "P1: discard"]}
    )
    load = (
        "import json, time, resource; from euchre_tutor.games.classic.session.controller import ClassicController;"
        "from euchre_tutor.games.classic.engine.game import ClassicGame; d = ClassicGame(seed=3).to_json();"
        "d['actions'] = ['pass'] * {n}; d.pop('position'); c = ClassicController(seed=1);"
        "t = time.perf_counter(); ok = c.load_deal(json.dumps(d));"
        "print(ok, c.message_is_error, round(time.perf_counter() - t, 2), c.message[:200])"
    )
    cases = [
        Heavy(
            "--input file",
            [*cli, "classic", "analyze", "--input", str(big_input)],
            None,
            _refused("over 16 MB"),
        ),
        Heavy(
            "--input - from /dev/zero",
            [*cli, "classic", "analyze", "--input", "-"],
            "/dev/zero",
            _refused("over 16 MB"),
        ),
        Heavy(
            "replay stdin /dev/zero",
            [*cli, "classic", "replay", "--input", "-"],
            "/dev/zero",
            _refused("over 16 MB"),
        ),
        Heavy(
            "--game file",
            [*cli, "solitaire", "replay", "--game", str(big_input)],
            None,
            _refused("over 16 MB"),
        ),
        Heavy(
            "--batch /dev/zero",
            [*cli, "solitaire", "replay", "--batch", "/dev/zero"],
            None,
            _batch("over 4 GB with no line end", 1, 2),
        ),
        Heavy(
            "--batch line of size-mb",
            [*cli, "classic", "analyze", "--worlds", "4", "--batch", str(big_line)],
            None,
            _batch("", 3),
        ),
        Heavy(
            "six players, pure Python, 5000 worlds",
            [*cli, "classic", "analyze", "--input", six, "--worlds", "5000"],
            None,
            _refused("at most 500"),
            env={"EUCHRE_TUTOR_PURE_PYTHON": "1"},
        ),
    ]

    def refused_save(code: int, out: str, err: str) -> str | None:
        return None if code == 0 and out.startswith("False True") and "at most 50,000" in out else out + err

    def loaded_save(code: int, out: str, err: str) -> str | None:
        return None if code == 0 and out.startswith("True False") else out + err

    cases.append(
        Heavy("Load box: 100,000 passes", _python(load.replace("{n}", "100_000")), None, refused_save)
    )
    cases.append(
        Heavy("Load box: 50,000 passes (the cap)", _python(load.replace("{n}", "50_000")), None, loaded_save)
    )
    return cases


def run_heavy(case: Heavy) -> tuple[str | None, float, float]:
    """(problem or None, seconds, peak MB) of one heavy case in its own process."""
    env = {**os.environ, **(case.env or {})}
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        stdin = open(case.stdin, "rb") if case.stdin else subprocess.DEVNULL  # noqa: SIM115
        start = time.perf_counter()
        # close_fds=False and no cwd let subprocess use posix_spawn (vfork): the child's peak memory then
        # is its own, not this process's copied before exec
        process = subprocess.Popen(case.argv, stdin=stdin, stdout=out, stderr=err, env=env, close_fds=False)
        _, status, usage = os.wait4(process.pid, 0)
        seconds = time.perf_counter() - start
        process.returncode = os.waitstatus_to_exitcode(status)
        if stdin is not subprocess.DEVNULL:
            stdin.close()
        out.seek(0)
        err.seek(0)
        text, errors = out.read().decode(errors="replace"), err.read().decode(errors="replace")
    peak = usage.ru_maxrss / 1024
    problem = case.ok(process.returncode, text, errors)
    if problem is None and peak > PEAK_BOUND_MB:
        problem = f"peak memory {peak:.0f} MB over {PEAK_BOUND_MB} MB"
    return problem, seconds, peak


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size-mb", type=int, default=600, help="size of the huge files (default 600)")
    args = parser.parse_args()
    heavy_bad = 0
    with tempfile.TemporaryDirectory(
        dir=ROOT / "artifacts" if (ROOT / "artifacts").is_dir() else None
    ) as tmp:
        heavy = heavy_cases(Path(tmp), args.size_mb)
        print(f"heavy cases (files of {args.size_mb} MB; peak memory bound {PEAK_BOUND_MB} MB):")
        for case in heavy:
            problem, seconds, peak = run_heavy(case)
            heavy_bad += problem is not None
            mark = "OK    " if problem is None else "NOT OK"
            print(
                f"  {mark} {case.name:<40} {seconds:7.2f} s {peak:7.0f} MB peak"
                + (f"  {problem}" if problem else "")
            )
    from tests.hostile_cases import APPS, all_cases, run_all

    cases = all_cases()
    start = time.perf_counter()
    bad = run_all(cases)
    APPS.close()
    print(f"quick cases: {len(cases)} tried, {len(bad)} not OK ({time.perf_counter() - start:.1f} s)")
    for case, problem in bad:
        print(f"  NOT OK {case.id}: {problem}")
    tried, not_ok = len(cases) + len(heavy), len(bad) + heavy_bad
    print(f"tried {tried}, not OK {not_ok}")
    return 1 if not_ok else 0


if __name__ == "__main__":
    sys.exit(main())
