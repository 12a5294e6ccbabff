"""A source whose analyses take many small steps (the worker's priorities and preemption are tested with it)."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from euchre_tutor.session.analysis import Progress


@dataclass(frozen=True, slots=True)
class StepJob:
    key: tuple[Any, ...]
    steps: int
    priority: int = 0


class SlowSource:
    def analyse(self, request: StepJob, progress: Progress) -> str:
        for i in range(request.steps):
            time.sleep(0.02)
            progress(i + 1, request.steps)
        return f"{request.key[0]} after {request.steps} steps"


def make() -> SlowSource:
    return SlowSource()
