#!/usr/bin/env bash
# The whole suite in one pytest run: unit, property, differential, widget and
# browser tests (tests/), the examples in the package's docstrings (doctest),
# then every notebook under nbval (notebooks/).
# Called by `make test` (and so by .ci/run). Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p artifacts
# Jupyter, IPython and Chromium write under ~: keep test runs clean and repeatable.
export JUPYTER_PLATFORM_DIRS=1
export PYDEVD_DISABLE_FILE_VALIDATION=1
# Two workers (PYTEST_WORKERS=0: one process), a file at a time: a notebook's cells run in order in
# one kernel and a module's fixtures are built once. Files are handed out in the order tests/conftest.py
# sorts them (the long browser and hub files first), not xdist's (most tests first), so the run ends on
# short files.
# The whole suite (no test named): the static site's tests need artifacts/site/, so its build (downloads
# on a first build, then CPU) starts now beside the tests, not in one test's set-up; those tests wait for
# it (scripts/build_site.py takes a lock) and build nothing when it is up to date.
if [ "$#" = 0 ] || [ "${1#-}" != "$1" ]; then
  .venv/bin/python scripts/build_site.py --if-stale >artifacts/site-build.log 2>&1 &
fi
workers=${PYTEST_WORKERS:-2}
parallel=()
if [ "$workers" != 0 ]; then parallel=(-n "$workers" --dist loadfile --no-loadscope-reorder); fi
exec .venv/bin/python -m pytest tests notebooks euchre_tutor --doctest-modules --nbval-lax \
  --nbval-current-env -p no:randomly "${parallel[@]}" "$@"
