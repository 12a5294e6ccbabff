"""``euchre-tutor lessons``: the lesson notebooks copied into a folder the student owns, a lesson the
student changed never overwritten.
"""

from __future__ import annotations

import hashlib
import json
import shutil
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from euchre_tutor.serve.choices import LESSONS, ServeError, notebooks_dir

__all__ = ["MANIFEST", "Copied", "copy_lessons"]

MANIFEST: Final = ".euchre-tutor-lessons.json"  # what `lessons` copied, to tell a student's edits apart


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@dataclass(frozen=True)
class Copied:
    """What ``copy_lessons`` did with each lesson."""

    copied: tuple[str, ...]
    unchanged: tuple[str, ...]
    kept: tuple[str, ...]  # the student changed these: left as they are


def _lessons() -> Iterator[Path]:
    yield from sorted((notebooks_dir() / LESSONS).glob("*.ipynb"))


def copy_lessons(folder: Path) -> Copied:
    """Copy the lessons into ``folder``; a lesson the student has changed is kept, never overwritten.

    A manifest remembers what was copied: a lesson still as copied is updated to the package's
    version; one that differs from what was copied is the student's work and stays.
    """
    if folder.exists() and not folder.is_dir():
        raise ServeError(f"{folder} is a file, not a folder: give a folder for the lessons (it is created)")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise ServeError(
            f"cannot create the folder {folder} ({error.strerror}): choose one you own"
        ) from None
    manifest_path = folder / MANIFEST
    try:
        manifest: dict[str, str] = json.loads(manifest_path.read_text(encoding="utf-8"))
        if not isinstance(manifest, dict):
            manifest = {}
    except (OSError, ValueError):
        manifest = {}
    copied, unchanged, kept = [], [], []
    for source in _lessons():
        target = folder / source.name
        fresh = _digest(source)
        if target.exists():
            mine = _digest(target)
            if mine == fresh:
                unchanged.append(source.name)
                manifest[source.name] = fresh
                continue
            if manifest.get(source.name) != mine:  # not what was copied: the student's work
                kept.append(source.name)
                continue
        try:
            shutil.copyfile(source, target)
        except OSError as error:
            raise ServeError(f"cannot write {target} ({error.strerror}): choose a folder you own") from None
        manifest[source.name] = fresh
        copied.append(source.name)
    manifest_path.write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return Copied(tuple(copied), tuple(unchanged), tuple(kept))
