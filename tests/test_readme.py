"""The README's command-line examples run as shown (a reader copies them first)."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from euchre_tutor.cli import main

README = Path(__file__).resolve().parents[1] / "README.md"


def readme_commands() -> list[str]:
    """Every ``euchre-tutor ...`` command in the README's code blocks, continuation lines joined."""
    commands: list[str] = []
    for block in re.findall(r"```[a-z]*\n(.*?)```", README.read_text(encoding="utf-8"), flags=re.S):
        pending = ""
        for line in block.splitlines():
            if not pending and not line.startswith("euchre-tutor "):
                continue
            pending += line.rstrip("\\") + "\n"
            try:
                shlex.split(pending, comments=True)
            except ValueError:  # a quote still open: the command goes on
                continue
            if line.endswith("\\"):
                continue
            commands.append(pending)
            pending = ""
    return commands


def test_the_readme_has_examples_of_each_command() -> None:
    text = " ".join(readme_commands())
    for command in ("solitaire replay", "solitaire analyze", "classic replay", "classic rules"):
        assert f"euchre-tutor {command}" in text


@pytest.mark.parametrize(
    "command", [c for c in readme_commands() if "--batch" not in c], ids=lambda c: c.split("\n")[0][:70]
)
def test_a_readme_example_runs(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    argv = shlex.split(command, comments=True)[1:]
    assert main(argv) == 0, capsys.readouterr().err
    out = capsys.readouterr()
    assert out.out.strip() and not out.err
