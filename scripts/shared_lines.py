"""Lines of Bid Euchre's code that stand word for word in classic Euchre's (issue 35's measure).

Usage: ``python scripts/shared_lines.py [--rev REV] [--least 6] [--most 15]``

Reads the package's Python and C files (at ``--rev`` from git, else the working tree) and splits
them into Bid's (``bid/``, ``advisor/bid/``, ``*/bid_*.py``, ``*/bid.py``), classic's (the same
with ``classic``) and the rest. A line is *shared* when it stands in a run of at least ``--least``
consecutive lines that a classic file has too, in the same order, word for word. Lines are
compared with their white space folded; blank lines, comments, lone punctuation and import lines
are passed over (as the duplicates tool does), so a run is of code that says something. It prints
the Bid lines and the shared ones, and the file pairs that share most.
"""

from __future__ import annotations

import argparse
import re
import subprocess
from collections import Counter
from difflib import SequenceMatcher
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = "euchre_tutor"
PUNCTUATION = re.compile(r"^[\s()\[\]{}:,;]*$")


def game_of(path: str) -> str | None:
    """``"bid"``, ``"classic"`` or None, by the file's folder or name."""
    parts = path.split("/")
    for game in ("bid", "classic"):
        if game in parts[:-1] or parts[-1].startswith(f"{game}_") or parts[-1].split(".")[0] == game:
            return game
    return None


def files(rev: str | None) -> dict[str, str]:
    """The package's ``.py`` and ``.c`` files by path, at ``rev`` or in the working tree."""
    if rev is None:
        return {
            str(p.relative_to(ROOT / PACKAGE)): p.read_text()
            for p in sorted((ROOT / PACKAGE).rglob("*"))
            if p.suffix in (".py", ".c")
        }
    names = subprocess.run(
        ["git", "ls-tree", "-r", "--name-only", rev, PACKAGE],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    out = {}
    for name in names:
        if name.endswith((".py", ".c")):
            text = subprocess.run(
                ["git", "show", f"{rev}:{name}"], cwd=ROOT, capture_output=True, text=True, check=True
            )
            out[name.removeprefix(f"{PACKAGE}/")] = text.stdout
    return out


def code_lines(text: str) -> list[str]:
    """The lines that count, white space folded."""
    out = []
    for line in text.splitlines():
        folded = " ".join(line.split())
        if not folded or folded.startswith(("#", "//", "import ", "from ")) or PUNCTUATION.match(folded):
            continue
        out.append(folded)
    return out


def shared(bid: list[str], classic: list[str], least: int) -> set[int]:
    """The indices of ``bid``'s lines in a run of ``least`` or more that ``classic`` has too."""
    matcher = SequenceMatcher(None, bid, classic, autojunk=False)
    found: set[int] = set()
    for block in matcher.get_matching_blocks():
        if block.size >= least:
            found.update(range(block.a, block.a + block.size))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rev", help="a git revision (default: the working tree)")
    parser.add_argument("--least", type=int, default=6, help="the shortest run that counts")
    parser.add_argument("--most", type=int, default=15, help="file pairs to list")
    args = parser.parse_args()
    texts = files(args.rev)
    lines = {path: code_lines(text) for path, text in texts.items()}
    bids = [p for p in lines if game_of(p) == "bid"]
    classics = [p for p in lines if game_of(p) == "classic"]
    total = sum(len(lines[p]) for p in bids)
    by_pair: Counter[tuple[str, str]] = Counter()
    shared_total = 0
    for b in bids:
        union: set[int] = set()
        for c in classics:
            found = shared(lines[b], lines[c], args.least)
            if found:
                by_pair[(b, c)] = len(found)
                union |= found
        shared_total += len(union)
    where = args.rev or "the working tree"
    print(
        f"{where}: {len(bids)} Bid files, {total} Bid code lines; {shared_total} of them stand word for word"
    )
    print(f"in a classic file, in runs of {args.least} or more lines ({len(classics)} classic files).")
    for (b, c), n in by_pair.most_common(args.most):
        print(f"  {n:4d}  {b} ~ {c}")


if __name__ == "__main__":
    main()
