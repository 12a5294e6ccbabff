"""The hint source for the dashboard: the exact Solitaire advisor, as display data.

Runs in the analysis worker process (see :mod:`euchre_tutor.widgets.analysis`).
"""

from __future__ import annotations

from euchre_tutor.widgets.analysis import Hint, HintRequest, HintSource, Progress

__all__ = ["advisor_source"]


class _Unavailable:
    def analyse(self, request: HintRequest, progress: Progress) -> Hint:
        raise RuntimeError("the exact advisor is not available in this version of the tutor")


def advisor_source() -> HintSource:
    return _Unavailable()
