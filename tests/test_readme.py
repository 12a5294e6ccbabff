"""The README's command-line examples print exactly what the README shows (a reader copies them first).

The convention (README, *Tests and benchmarks*): in a ```` ```console ```` block
a line starting with ``$ `` is a command (continued on the next lines while
a quote is open or the line ends with ``\\``) and the lines up to the next
``$ `` line are what it prints, stdout then stderr, exactly. Commands are
``euchre-tutor ...`` (run in-process from the repository root) and
``cat FILE`` (shows an example input file, which must exist and match).
Every other ``euchre-tutor ...`` line in the README's code blocks must run,
exit 0 and print something.

After a deliberate change of output, ``python -m tests.test_readme --update``
rewrites the shown outputs from the current code; review the diff.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import shlex
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from euchre_tutor.cli import main

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
FENCE = re.compile(r"^```([a-z]*)\n(.*?)^```", flags=re.S | re.M)


@dataclass(frozen=True)
class Example:
    """One ``$ command`` of a console block and the output the README shows for it."""

    command: str
    shown: str
    line: int  # where the command starts in the README (1-based)
    raw: str  # the command's lines as written, "$ " included

    @property
    def argv(self) -> list[str]:
        return shlex.split(self.command, comments=True)

    def __str__(self) -> str:
        return f"README.md:{self.line}: $ {self.command.splitlines()[0][:60]}"


def _complete(command: str) -> bool:
    """A command is complete when no quote is open and it does not end with a backslash."""
    if command.rstrip("\n").endswith("\\"):
        return False
    try:
        shlex.split(command, comments=True)
    except ValueError:  # a quote still open: the command goes on
        return False
    return True


def _join(command: str) -> str:
    return re.sub(r"\\\n", " ", command)


def console_examples(text: str | None = None) -> list[Example]:
    text = README.read_text(encoding="utf-8") if text is None else text
    examples: list[Example] = []
    for block in FENCE.finditer(text):
        if block.group(1) != "console":
            continue
        first_line = text.count("\n", 0, block.start(2)) + 1
        lines = block.group(2).splitlines()
        i = 0
        while i < len(lines):
            if not lines[i].startswith("$ "):
                raise AssertionError(
                    f"README.md:{first_line + i}: a console block starts each command with '$ '"
                )
            start = i
            command = lines[i][2:] + "\n"
            while not _complete(command) and i + 1 < len(lines):
                i += 1
                command += lines[i] + "\n"
            i += 1
            out_start = i
            while i < len(lines) and not lines[i].startswith("$ "):
                i += 1
            shown = "\n".join(lines[out_start:i])
            raw = "\n".join(lines[start:out_start])
            examples.append(Example(_join(command).strip(), shown, first_line + start, raw))
    return examples


def other_commands() -> list[str]:
    """Every ``euchre-tutor ...`` line in the README's other code blocks, continuation lines joined."""
    commands: list[str] = []
    text = README.read_text(encoding="utf-8")
    for block in FENCE.finditer(text):
        if block.group(1) == "console":
            continue
        pending = ""
        for line in block.group(2).splitlines():
            if not pending and not line.startswith("euchre-tutor "):
                continue
            pending += line + "\n"
            if _complete(pending):
                commands.append(_join(pending))
                pending = ""
    return commands


def run(argv: list[str]) -> tuple[int, str]:
    """Run a README command from the repository root: its exit status and what it printed (stdout, stderr)."""
    if argv[0] == "cat":
        return 0, "".join((ROOT / name).read_text(encoding="utf-8") for name in argv[1:])
    assert argv[0] == "euchre-tutor", f"README examples run euchre-tutor or cat, not {argv[0]}"
    out, err = io.StringIO(), io.StringIO()
    cwd = Path.cwd()
    os.chdir(ROOT)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                status = main(argv[1:])
            except SystemExit as stop:  # argparse's refusals
                status = stop.code if isinstance(stop.code, int) else 1
    finally:
        os.chdir(cwd)
    return status, out.getvalue() + err.getvalue()


def normal(text: str) -> str:
    """Compared as a reader sees it: trailing spaces and blank lines at the end do not count."""
    return "\n".join(line.rstrip() for line in text.rstrip().splitlines())


# ----------------------------------------------------------------------------- the tests


def test_the_readme_shows_the_output_of_each_command() -> None:
    shown = [" ".join(e.argv[:3]) for e in console_examples() if e.argv[0] == "euchre-tutor"]
    for command in ("solitaire replay", "solitaire analyze", "classic replay", "classic rules"):
        assert f"euchre-tutor {command}" in shown, f"no console example of euchre-tutor {command}"
    batch = [e for e in console_examples() if "--batch" in e.argv]
    assert batch, "a --batch example with its output"
    cats = {name for e in console_examples() if e.argv[0] == "cat" for name in e.argv[1:]}
    assert any(name in cats for e in batch for name in e.argv), "the batch example's input file is shown"


def test_batch_files_named_in_the_readme_exist() -> None:
    commands = [e.argv for e in console_examples()] + [
        shlex.split(c, comments=True) for c in other_commands()
    ]
    named = [argv[argv.index("--batch") + 1] for argv in commands if "--batch" in argv]
    assert named
    for name in named:
        assert name == "-" or (ROOT / name).is_file(), (
            f"the README's batch file {name} is not in the repository"
        )


@pytest.mark.parametrize("example", console_examples(), ids=str)
def test_a_readme_example_prints_what_the_readme_shows(example: Example) -> None:
    status, printed = run(example.argv)
    assert status == 0, printed
    assert normal(printed) == normal(example.shown), (
        f"{example}: the output differs from the README's (after a deliberate change: "
        "python -m tests.test_readme --update)"
    )


@pytest.mark.parametrize("command", other_commands(), ids=lambda c: c.split("\n")[0][:70])
def test_a_readme_command_runs(command: str) -> None:
    status, printed = run(shlex.split(command, comments=True))
    assert status == 0, printed
    assert printed.strip()


def test_the_convention_reads_commands_outputs_and_continuations() -> None:
    text = (
        'intro\n```console\n$ euchre-tutor classic replay --input \'{"a": 1,\n  "b": 2}\'\n{"x": 1}\n'
        "$ euchre-tutor solitaire replay --seed 1 \\\n    --json\nline 1\n\nline 3\n```\n"
        "```sh\n$ euchre-tutor not-this-one\n```\n"
    )
    examples = console_examples(text)
    assert [e.argv for e in examples] == [
        ["euchre-tutor", "classic", "replay", "--input", '{"a": 1,\n  "b": 2}'],
        ["euchre-tutor", "solitaire", "replay", "--seed", "1", "--json"],
    ]
    assert [e.shown for e in examples] == ['{"x": 1}', "line 1\n\nline 3"]
    assert [e.line for e in examples] == [3, 6]


def test_update_rewrites_only_the_shown_outputs() -> None:
    text = "Intro.\n```console\n$ cat examples/deals.jsonl\nstale\n```\n```\nuntouched\n```\n"
    new, changed = updated(text)
    content = (ROOT / "examples" / "deals.jsonl").read_text(encoding="utf-8")
    assert changed == 1
    assert new == f"Intro.\n```console\n$ cat examples/deals.jsonl\n{content}```\n```\nuntouched\n```\n"
    assert updated(new) == (new, 0)


# ----------------------------------------------------------------------------- updating the README


def updated(text: str) -> tuple[str, int]:
    """``text`` (a README) with every console block's outputs rewritten from the current code, and
    how many changed."""
    changed = 0

    def redo(block: re.Match[str]) -> str:
        nonlocal changed
        if block.group(1) != "console":
            return block.group(0)
        parts = []
        for example in console_examples(block.group(0)):
            status, printed = run(example.argv)
            if status != 0:
                raise SystemExit(f"{example} exits with status {status}: {printed}")
            changed += normal(printed) != normal(example.shown)
            parts.append(example.raw + "\n" + (normal(printed) + "\n" if normal(printed) else ""))
        return "```console\n" + "".join(parts) + "```"

    return FENCE.sub(redo, text), changed


if __name__ == "__main__":
    if sys.argv[1:] != ["--update"]:
        raise SystemExit("usage: python -m tests.test_readme --update  (rewrites the README's shown outputs)")
    text, changed = updated(README.read_text(encoding="utf-8"))
    README.write_text(text, encoding="utf-8")
    print(f"README.md: {changed} example output(s) changed")
