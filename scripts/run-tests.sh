#!/usr/bin/env bash
# The whole suite: unit, property, differential, widget and browser tests,
# then every notebook under nbval. Called by `make test` (and so by .ci/run).
set -euo pipefail
cd "$(dirname "$0")/.."
PY=.venv/bin/python
mkdir -p artifacts
$PY -m pytest "$@"
