"""Regenerate the README's pictures of the two tables from the browser tests' screenshots.

tests/browser/test_layouts.py saves what a student sees at each screen size in
artifacts/screenshots/; this script takes the 1366×768 views (the common school
Chromebook) with the hint shown and writes them, as small palette PNGs, to
docs/images/solitaire.png and docs/images/classic.png (each under 250 KB).

    .venv/bin/python scripts/screenshots.py              # from the screenshots already there
    .venv/bin/python scripts/screenshots.py --run-tests  # run the two layout tests first

It needs Pillow (the project's dev extra).
"""

from __future__ import annotations

import argparse
import io
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCREENSHOTS = ROOT / "artifacts" / "screenshots"
IMAGES = ROOT / "docs" / "images"
#: README picture -> the screenshot it is made from
PICTURES = {
    "solitaire.png": "layout-solitaire-1366x768-hint.png",
    "classic.png": "layout-classic-1366x768-hint.png",
}
LIMIT = 250_000  # bytes per picture
TESTS = [
    "tests/browser/test_layouts.py::test_solitaire_table_at_every_size",
    "tests/browser/test_layouts.py::test_classic_table_at_every_size",
]


def optimise(png: bytes, limit: int = LIMIT) -> bytes:
    """The picture as a palette PNG no bigger than ``limit`` bytes: the most colours that fit."""
    from PIL import Image

    image = Image.open(io.BytesIO(png)).convert("RGB")
    for colours in (256, 192, 128, 96, 64, 48, 32):
        quantized = image.quantize(colors=colours, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
        out = io.BytesIO()
        quantized.save(out, format="PNG", optimize=True)
        if out.tell() <= limit:
            return out.getvalue()
    raise ValueError(f"the picture does not fit in {limit} bytes even with 32 colours")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--run-tests", action="store_true", help="run the two layout tests first")
    args = parser.parse_args(argv)
    if args.run_tests:
        subprocess.run(
            [sys.executable, "-m", "pytest", "-q", "-p", "no:randomly", *TESTS], cwd=ROOT, check=True
        )
    IMAGES.mkdir(parents=True, exist_ok=True)
    for picture, shot in PICTURES.items():
        source = SCREENSHOTS / shot
        if not source.exists():
            print(
                f"{source.relative_to(ROOT)} is missing: run the layout tests first "
                "(scripts/screenshots.py --run-tests)",
                file=sys.stderr,
            )
            return 1
        data = optimise(source.read_bytes())
        (IMAGES / picture).write_bytes(data)
        print(f"docs/images/{picture}: {len(data) // 1000} KB (from {source.stat().st_size // 1000} KB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
