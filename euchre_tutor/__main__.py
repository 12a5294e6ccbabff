"""``python -m euchre_tutor`` is the ``euchre-tutor`` command."""

from __future__ import annotations

import sys

from euchre_tutor.cli import main

if __name__ == "__main__":
    sys.exit(main())
