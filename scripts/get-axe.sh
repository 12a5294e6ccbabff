#!/usr/bin/env bash
# axe-core for the accessibility checks of the browser tests (tests/browser/test_accessibility.py),
# pinned in scripts/axe/, into artifacts/axe/ (scripts/npm-pinned.sh). Called by `make test`.
exec bash "$(dirname "$0")/npm-pinned.sh" axe node_modules/axe-core/axe.min.js "the accessibility checks (axe-core)"
