"""Run once while the single-user image is built (deploy/Dockerfile), after the wheel is installed.

Puts the tables at a fixed place for the profiles' ``notebook_dir`` (deploy/config.yaml), and Voila's
look (theme, code hidden) into the image's Jupyter configuration, without the preheated pools: on
JupyterHub each student has a server of their own.
"""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

from euchre_tutor.serve import notebooks_dir

TABLES = Path("/srv/euchre-tutor")
CONFIG = Path("/etc/jupyter/voila.json")


def main(tables: Path = TABLES, config: Path = CONFIG) -> int:
    source = notebooks_dir()
    shutil.copytree(source, tables, dirs_exist_ok=True)
    look = json.loads((source / "voila.json").read_text(encoding="utf-8"))["VoilaConfiguration"]
    look["preheat_kernel"] = False
    config.parent.mkdir(parents=True, exist_ok=True)
    config.write_text(json.dumps({"VoilaConfiguration": look}, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(*(Path(a) for a in sys.argv[1:3])))
