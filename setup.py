"""The wheel carries the notebooks: ``notebooks/`` (dashboards, lessons, voila.json) becomes package data.

Everything else is declared in pyproject.toml. The notebooks stay at the top of the repository, where
Binder's links, ``make lab`` and the tests name them; the build copies them into
``euchre_tutor/notebooks/`` of the wheel, and :func:`euchre_tutor.serve.notebooks_dir` finds them there
once installed, or in the checkout when the package is imported from it (an editable install).
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
NOTEBOOKS = HERE / "notebooks"
SHIPPED = ("*.ipynb", "voila.json", "lessons/*.ipynb", "teacher/*.ipynb")


class BuildWithNotebooks(build_py):
    """build_py, then the notebooks copied into the built package (a missing notebook stops the build)."""

    def run(self) -> None:
        super().run()
        if self.editable_mode:  # an editable install reads them from the checkout
            return
        files = sorted(p for pattern in SHIPPED for p in NOTEBOOKS.glob(pattern))
        if not any(p.name == "solitaire.ipynb" for p in files):
            raise SystemExit(f"the notebooks are missing from {NOTEBOOKS}: the package would ship no tables")
        target = Path(self.build_lib) / "euchre_tutor" / "notebooks"
        for path in files:
            dest = target / path.relative_to(NOTEBOOKS)
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, dest)


setup(cmdclass={"build_py": BuildWithNotebooks})
