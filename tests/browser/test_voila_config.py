"""notebooks/voila.json, which Voila reads because it starts in notebooks/ (`make tutor` and the browser tests)."""

from __future__ import annotations

import json
from typing import Any

from tests.browser.conftest import NOTEBOOKS


def config() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((NOTEBOOKS / "voila.json").read_text(encoding="utf-8"))
    return data


def test_only_the_dashboard_is_preheated() -> None:
    c = config()
    assert c["VoilaConfiguration"]["preheat_kernel"] is True
    # the section is the kernel manager's class name; a pool per notebook name, none by default:
    # preheating every lesson too starts a dozen kernels at once (two of them run the exact solver).
    # Two dashboard kernels: a page loaded right after another still finds one ready.
    pools = c["VoilaKernelManager"]["kernel_pools_config"]
    assert pools["default"]["pool_size"] == 0
    assert pools["solitaire.ipynb"]["pool_size"] == 2
    assert pools["classic.ipynb"]["pool_size"] == 1
    assert (NOTEBOOKS / "solitaire.ipynb").exists() and (NOTEBOOKS / "classic.ipynb").exists()


def test_outputs_are_not_dropped_on_a_busy_machine() -> None:
    # nbclient's default is 4 s: past it a cell is rendered without its outputs (the dashboard vanishes).
    # 30 s still dropped them when a class of 30 opened the page at once on two cores
    # (benchmarks/voila_load.py): a kernel started on demand then waits minutes for the CPU.
    assert config()["VoilaExecutor"]["iopub_timeout"] >= 120
