"""The README's and the docs' command-line examples print exactly what they show, and their links hold.

A reader copies the examples first. The pages are README.md and every Markdown file under docs/.
The convention (docs/development.md, *The documentation examples*): in a ```` ```console ````
block a line starting with ``$ `` is a command (continued on the next lines while a quote is open
or the line ends with ``\\``) and the lines up to the next ``$ `` line are what it prints, stdout
then stderr, exactly. Commands are ``euchre-tutor ...`` (run in-process from the repository root)
and ``cat FILE`` (shows an example input file, which must exist and match). Every other
``euchre-tutor ...`` line in a page's code blocks must run, exit 0 and print something, except a
command that starts a server (``euchre-tutor serve``, ``table``, ``lessons``), which is only parsed.
Every relative link of a page (a page, a picture, a heading of a page) must point at something that
exists.

After a deliberate change of output, ``python -m tests.test_readme --update`` rewrites the shown
outputs of every page from the current code; review the diff.
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

from euchre_tutor.cli import build_parser, main

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
DOCS = ROOT / "docs"
FENCE = re.compile(r"^```([a-z]*)\n(.*?)^```", flags=re.S | re.M)
# Subcommands that start a server and never return by themselves: their examples are only parsed.
SERVING = frozenset({"serve", "table", "lessons"})
HELP = frozenset({"-h", "--help"})
README_MAX_LINES = 150  # issue 23: a README a newcomer reads
PICTURES = ("docs/images/solitaire.png", "docs/images/classic.png")  # one of each table, at the top


def pages() -> list[Path]:
    """The README, then every Markdown page under docs/."""
    return [README, *sorted(DOCS.rglob("*.md"))]


def name(page: Path) -> str:
    return page.relative_to(ROOT).as_posix()


@dataclass(frozen=True)
class Example:
    """One ``$ command`` of a console block and the output its page shows for it."""

    command: str
    shown: str
    line: int  # where the command starts in its page (1-based)
    raw: str  # the command's lines as written, "$ " included
    page: str = "README.md"

    @property
    def argv(self) -> list[str]:
        return shlex.split(self.command, comments=True)

    def __str__(self) -> str:
        return f"{self.page}:{self.line}: $ {self.command.splitlines()[0][:60]}"


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


def _serves(argv: list[str]) -> bool:
    """A command that would start a server (``euchre-tutor serve ...``) and not come back by itself."""
    return argv[0] == "euchre-tutor" and len(argv) > 1 and argv[1] in SERVING and not HELP & set(argv)


def console_examples(text: str | None = None, page: str = "README.md") -> list[Example]:
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
                    f"{page}:{first_line + i}: a console block starts each command with '$ '"
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
            examples.append(Example(_join(command).strip(), shown, first_line + start, raw, page))
    return examples


def all_console_examples() -> list[Example]:
    return [e for page in pages() for e in console_examples(page.read_text(encoding="utf-8"), name(page))]


def other_commands(text: str | None = None) -> list[str]:
    """Every ``euchre-tutor ...`` line in a page's other code blocks, continuation lines joined."""
    commands: list[str] = []
    text = README.read_text(encoding="utf-8") if text is None else text
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


def all_other_commands() -> list[tuple[str, str]]:
    """(page, command) for every page."""
    return [(name(page), c) for page in pages() for c in other_commands(page.read_text(encoding="utf-8"))]


def run(argv: list[str]) -> tuple[int, str]:
    """Run a page's command from the repository root: its exit status and what it printed (stdout, stderr)."""
    if argv[0] == "cat":
        return 0, "".join((ROOT / name).read_text(encoding="utf-8") for name in argv[1:])
    assert argv[0] == "euchre-tutor", f"the examples run euchre-tutor or cat, not {argv[0]}"
    assert not _serves(argv), f"{shlex.join(argv)} starts a server: a page shows it outside a console block"
    out, err = io.StringIO(), io.StringIO()
    cwd, columns = Path.cwd(), os.environ.get("COLUMNS")
    os.chdir(ROOT)
    os.environ["COLUMNS"] = "100"  # --help wraps to the terminal: the same width everywhere
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                status = main(argv[1:])
            except SystemExit as stop:  # argparse's refusals
                status = stop.code if isinstance(stop.code, int) else 1
    finally:
        os.chdir(cwd)
        if columns is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = columns
    return status, out.getvalue() + err.getvalue()


def parse_only(argv: list[str]) -> tuple[int, str]:
    """A serving command's options checked by the real parser, without starting anything."""
    err = io.StringIO()
    with contextlib.redirect_stdout(err), contextlib.redirect_stderr(err):
        try:
            build_parser().parse_args(argv[1:])
        except SystemExit as stop:
            return (stop.code if isinstance(stop.code, int) else 1), err.getvalue()
    return 0, "parsed"


def normal(text: str) -> str:
    """Compared as a reader sees it: trailing spaces and blank lines at the end do not count."""
    return "\n".join(line.rstrip() for line in text.rstrip().splitlines())


# ----------------------------------------------------------------------------- links


INLINE_CODE = re.compile(r"`[^`\n]*`")
LINK = re.compile(r"\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")  # ](target) and ](target "title")
HTML_LINK = re.compile(r"""\b(?:src|href)\s*=\s*["']([^"']+)["']""")
HEADING = re.compile(r"^#{1,6}\s+(.*?)\s*#*\s*$", flags=re.M)


def _without_code_blocks(text: str) -> str:
    return FENCE.sub(lambda block: "\n" * block.group(0).count("\n"), text)


def _prose(text: str) -> str:
    """The page without its code blocks and inline code (a link there is text, not a link)."""
    return INLINE_CODE.sub("", _without_code_blocks(text))


def links(text: str) -> list[str]:
    """Every link target of a page: Markdown links and pictures, and HTML src/href."""
    prose = _prose(text)
    return [*LINK.findall(prose), *HTML_LINK.findall(prose)]


def slug(heading: str) -> str:
    """The anchor a heading gets: its words in lower case, joined by hyphens, punctuation dropped."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link in a heading: its text
    text = re.sub(r"[^\w\- ]", "", text.replace("`", "").lower())
    return text.replace(" ", "-")


def anchors(text: str) -> set[str]:
    """The anchors of a page's headings (a repeated heading gets -1, -2, ...), and any explicit id."""
    found: set[str] = set()
    for heading in HEADING.findall(_without_code_blocks(text)):
        base = slug(heading)
        anchor, n = base, 0
        while anchor in found:
            n += 1
            anchor = f"{base}-{n}"
        found.add(anchor)
    found.update(re.findall(r"""<a\s+(?:name|id)\s*=\s*["']([^"']+)["']""", text))
    return found


def broken_links(page: Path, root: Path = ROOT) -> list[str]:
    """What is wrong with a page's relative links: a missing file, or a heading its page lacks."""
    text = page.read_text(encoding="utf-8")
    wrong: list[str] = []
    for target in links(text):
        if re.match(r"^[a-z][a-z0-9+.-]*:", target, flags=re.I):  # https:, mailto: ...: not a file here
            continue
        path_part, _, fragment = target.partition("#")
        where = (page.parent / path_part).resolve() if path_part else page
        if root not in where.parents and where != root:
            wrong.append(f"{target}: outside the repository")
        elif not where.exists():
            wrong.append(f"{target}: no such file ({where.relative_to(root).as_posix()})")
        elif (
            fragment and where.suffix == ".md" and fragment not in anchors(where.read_text(encoding="utf-8"))
        ):
            wrong.append(f"{target}: {where.relative_to(root).as_posix()} has no heading #{fragment}")
    return wrong


# ----------------------------------------------------------------------------- the tests


def test_the_pages_show_the_output_of_each_command() -> None:
    examples = all_console_examples()
    shown = [" ".join(e.argv[:3]) for e in examples if e.argv[0] == "euchre-tutor"]
    for command in (
        "solitaire replay",
        "solitaire analyze",
        "classic replay",
        "classic rules",
        "classic analyze",
    ):
        assert f"euchre-tutor {command}" in shown, f"no console example of euchre-tutor {command}"
    batch = [e for e in examples if "--batch" in e.argv]
    assert batch, "a --batch example with its output"
    cats = {name for e in examples if e.argv[0] == "cat" for name in e.argv[1:]}
    assert any(name in cats for e in batch for name in e.argv), "the batch example's input file is shown"


def test_the_readme_shows_a_command_and_what_it_prints() -> None:
    assert [e for e in console_examples() if e.argv[0] == "euchre-tutor"], "a taste of the command line"


def test_batch_files_named_in_the_pages_exist() -> None:
    commands = [e.argv for e in all_console_examples()] + [
        shlex.split(c, comments=True) for _, c in all_other_commands()
    ]
    named = [argv[argv.index("--batch") + 1] for argv in commands if "--batch" in argv]
    assert named
    for name in named:
        assert name == "-" or (ROOT / name).is_file(), f"the batch file {name} is not in the repository"


@pytest.mark.parametrize("example", all_console_examples(), ids=str)
def test_an_example_prints_what_its_page_shows(example: Example) -> None:
    status, printed = run(example.argv)
    assert status == 0, printed
    assert normal(printed) == normal(example.shown), (
        f"{example}: the output differs from the page's (after a deliberate change: "
        "python -m tests.test_readme --update)"
    )


@pytest.mark.parametrize(
    ("page", "command"), all_other_commands(), ids=lambda v: v if v.endswith(".md") else v.split("\n")[0][:70]
)
def test_a_command_of_a_page_runs(page: str, command: str) -> None:
    argv = shlex.split(command, comments=True)
    status, printed = parse_only(argv) if _serves(argv) else run(argv)
    assert status == 0, f"{page}: {printed}"
    assert printed.strip()


@pytest.mark.parametrize("page", pages(), ids=name)
def test_every_relative_link_of_a_page_points_at_something(page: Path) -> None:
    assert broken_links(page) == [], f"{name(page)}: broken links"


def test_the_readme_is_short_and_shows_both_tables_first() -> None:
    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= README_MAX_LINES, (
        "the README is for a newcomer: put the details in docs/"
    )
    top = text.split("\n## ", 1)[0]
    for picture in PICTURES:
        assert f"]({picture})" in top, f"the README shows {picture} before its first section"


def test_every_page_is_reached_from_the_readme_or_the_index() -> None:
    reached = {
        (page.parent / target.partition("#")[0]).resolve()
        for page in (README, DOCS / "index.md")
        for target in links(page.read_text(encoding="utf-8"))
        if target.endswith(".md") or ".md#" in target
    }
    for page in pages()[1:]:
        assert page == DOCS / "index.md" or page in reached, f"no link from docs/index.md to {name(page)}"
    assert DOCS / "index.md" in reached, "the README links docs/index.md"


def test_the_development_page_names_every_benchmark() -> None:
    page = (DOCS / "development.md").read_text(encoding="utf-8")
    scripts = sorted((ROOT / "benchmarks").glob("*.py"))
    assert scripts
    for script in scripts:
        assert f"`benchmarks/{script.name}`" in page, (
            f"docs/development.md does not say what {script.name} measures"
        )


def test_the_rules_page_has_a_row_for_every_house_rule() -> None:
    status, printed = run(["euchre-tutor", "classic", "rules"])
    assert status == 0
    options = re.findall(r"^  ([a-z0-9_]+) \(", printed, flags=re.M)
    assert len(options) > 20, printed
    page = (DOCS / "rules.md").read_text(encoding="utf-8")
    for option in options:
        assert f"| `{option}` |" in page, f"docs/rules.md has no row for the house rule {option}"


def test_the_convention_reads_commands_outputs_and_continuations() -> None:
    text = (
        'intro\n```console\n$ euchre-tutor classic replay --input \'{"a": 1,\n  "b": 2}\'\n{"x": 1}\n'
        "$ euchre-tutor solitaire replay --seed 1 \\\n    --json\nline 1\n\nline 3\n```\n"
        "```sh\n$ euchre-tutor not-this-one\n```\n"
    )
    examples = console_examples(text, "docs/x.md")
    assert [e.argv for e in examples] == [
        ["euchre-tutor", "classic", "replay", "--input", '{"a": 1,\n  "b": 2}'],
        ["euchre-tutor", "solitaire", "replay", "--seed", "1", "--json"],
    ]
    assert [e.shown for e in examples] == ['{"x": 1}', "line 1\n\nline 3"]
    assert [e.line for e in examples] == [3, 6]
    assert str(examples[1]).startswith("docs/x.md:6: $ euchre-tutor solitaire replay --seed 1")
    assert str(examples[0]).startswith("docs/x.md:3: $ euchre-tutor classic replay")


def test_other_commands_are_read_from_every_other_code_block() -> None:
    text = (
        "```\neuchre-tutor classic rules   # a comment\nmake tutor\n```\n"
        "```sh\neuchre-tutor classic replay --input '{\"a\":\n  1}'\n```\n"
        "```console\n$ euchre-tutor solitaire replay --seed 1\n```\n"
    )
    assert other_commands(text) == [
        "euchre-tutor classic rules   # a comment\n",
        "euchre-tutor classic replay --input '{\"a\":\n  1}'\n",
    ]


def test_a_serving_command_is_parsed_not_started() -> None:
    assert _serves(["euchre-tutor", "serve", "--port", "9000"])
    assert not _serves(["euchre-tutor", "serve", "--help"])
    assert not _serves(["euchre-tutor", "classic", "rules"])
    status, printed = parse_only(["euchre-tutor", "classic", "rules", "--no-such-flag"])
    assert status == 2 and "--no-such-flag" in printed
    assert parse_only(["euchre-tutor", "classic", "rules"]) == (0, "parsed")
    with pytest.raises(AssertionError, match="starts a server"):
        run(["euchre-tutor", "serve"])


def test_links_are_read_from_prose_and_checked_against_files_and_headings(tmp_path: Path) -> None:
    text = (
        "# A page\n\nSee [the rules](rules.md#house-rules), ![a table](images/t.png) and "
        '[![badge](https://example.org/b.svg)](https://example.org) <img src="x.png">.\n'
        "`[not](a-link.md)`\n```\n[not](either.md)\n```\n## Two `words`, here!\n[back](#two-words-here)\n"
    )
    assert links(text) == [
        "rules.md#house-rules",
        "images/t.png",
        "https://example.org/b.svg",
        "https://example.org",
        "#two-words-here",
        "x.png",
    ]
    assert anchors('# Title\n## The "win the game" mode\n## Title\n```\n# not a heading\n```\n') == {
        "title",
        "the-win-the-game-mode",
        "title-1",
    }
    assert slug("[`classic replay`](x.md): the *JSON*") == "classic-replay-the-json"


def test_a_broken_link_is_reported_with_what_is_missing(tmp_path: Path) -> None:
    root = tmp_path.resolve()
    (root / "docs").mkdir()
    (root / "docs" / "index.md").write_text("# Index\n## The pages\n", encoding="utf-8")
    probe = root / "docs" / "probe.md"
    probe.write_text(
        "# Probe\n[ok](index.md#the-pages) [gone](no-such-page.md) [bad heading](index.md#no-such-heading) "
        "[outside](../../x.md) [here](#probe) [missing here](#nope) [web](https://example.org/#x)\n",
        encoding="utf-8",
    )
    assert broken_links(probe, root) == [
        "no-such-page.md: no such file (docs/no-such-page.md)",
        "index.md#no-such-heading: docs/index.md has no heading #no-such-heading",
        "../../x.md: outside the repository",
        "#nope: docs/probe.md has no heading #nope",
    ]


def test_update_rewrites_only_the_shown_outputs() -> None:
    text = "Intro.\n```console\n$ cat examples/deals.jsonl\nstale\n```\n```\nuntouched\n```\n"
    new, changed = updated(text)
    content = (ROOT / "examples" / "deals.jsonl").read_text(encoding="utf-8")
    assert changed == 1
    assert new == f"Intro.\n```console\n$ cat examples/deals.jsonl\n{content}```\n```\nuntouched\n```\n"
    assert updated(new) == (new, 0)


# ----------------------------------------------------------------------------- updating the pages


def updated(text: str, page: str = "README.md") -> tuple[str, int]:
    """``text`` (a page) with every console block's outputs rewritten from the current code, and
    how many changed."""
    changed = 0

    def redo(block: re.Match[str]) -> str:
        nonlocal changed
        if block.group(1) != "console":
            return block.group(0)
        parts = []
        for example in console_examples(block.group(0), page):
            status, printed = run(example.argv)
            if status != 0:
                raise SystemExit(f"{example} exits with status {status}: {printed}")
            changed += normal(printed) != normal(example.shown)
            parts.append(example.raw + "\n" + (normal(printed) + "\n" if normal(printed) else ""))
        return "```console\n" + "".join(parts) + "```"

    return FENCE.sub(redo, text), changed


if __name__ == "__main__":
    if sys.argv[1:] != ["--update"]:
        raise SystemExit(
            "usage: python -m tests.test_readme --update  (rewrites the shown outputs of README.md and docs/)"
        )
    for page in pages():
        text, changed = updated(page.read_text(encoding="utf-8"), name(page))
        if changed:
            page.write_text(text, encoding="utf-8")
        print(f"{name(page)}: {changed} example output(s) changed")
