#!/usr/bin/env bash
# The browser suite must never flake: run tests/browser N times in a row (default 30) while a
# busy loop keeps one core loaded, and print how many runs passed and failed.
#
#   scripts/browser-stability.sh [RUNS] [LOAD_PROCESSES]      (defaults: 30 runs, 1 busy core)
#
# Each run is a fresh pytest (fresh Voila server, fresh Chromium). A failed run's output is kept
# in artifacts/browser-stability/run-K.log; the summary line is the last line printed. The load is
# a Python busy loop bounded in time (at most 3 hours) and stopped when the script ends.
# Exit status: 0 when every run passed, 1 otherwise.
set -uo pipefail
cd "$(dirname "$0")/.."
runs="${1:-30}"
load="${2:-1}"
out=artifacts/browser-stability
mkdir -p "$out"
export JUPYTER_PLATFORM_DIRS=1 PYDEVD_DISABLE_FILE_VALIDATION=1

load_pids=()
stop_load() {
  for pid in "${load_pids[@]}"; do
    kill "$pid" 2>/dev/null
  done
}
trap stop_load EXIT
for _ in $(seq 1 "$load"); do
  python3 -c 'import time
end = time.monotonic() + 3 * 3600
while time.monotonic() < end:
    pass' &
  load_pids+=("$!")
done
echo "browser stability: $runs runs of tests/browser beside $load busy core(s) (load pids: ${load_pids[*]:-none})"

passes=0
failures=0
for k in $(seq 1 "$runs"); do
  start=$(date +%s)
  log="$out/run-$k.log"
  if .venv/bin/python -m pytest -q -p no:randomly -p no:cacheprovider tests/browser >"$log" 2>&1; then
    passes=$((passes + 1))
    verdict=pass
    rm -f "$log"
  else
    failures=$((failures + 1))
    verdict="FAIL (log: $log)"
  fi
  echo "run $k/$runs: $verdict in $(($(date +%s) - start)) s; so far $passes passed, $failures failed"
done
echo "browser stability: $passes passed, $failures failed out of $runs runs"
[ "$failures" -eq 0 ]
