#!/usr/bin/env bash
# Every benchmark in benchmarks/, one after another, their figures printed to the terminal.
#
#   scripts/bench.sh [quick|full]
#
# quick (make bench): each at a small size, a few minutes in all, to see that they run and roughly
#   where the figures stand;
# full (make bench-full): each at the size its issue names (a million deals of each game, 10,000
#   click sequences, 30 Voila sessions, ...): hours on two cores.
# The strength matches are long runs of their own: see benchmarks/classic_strength.py.
set -euo pipefail
cd "$(dirname "$0")/.."
size="${1:-quick}"
py=.venv/bin/python

declare -A quick=(
  [solitaire_engine]="--deals 2000"
  [solitaire_advisor]="--deals 5 --hints 10 --memory-deals 2"
  [classic_engine]="--seconds 0.5 --differential 200"
  [classic_solver]="--deals 20"
  [classic_worlds]=""
  [classic_advisor]="--deals 5 --python-deals 1"
  [classic_strength]="--a rule-based --b random --deals 20 --jobs 2"
  [session_stats]="--deals 10 --every 5"
  [invariants]="--deals 2000 --hands 2000"
  [widget_fuzz]="--sequences 50"
  [dashboard]="--loads 1 --deals 1"
  [classic_table]="--hands 1"
  [voila_load]="--serve 2 --solitaire 2 --classic 1"
  [site]="--loads 1 --hints 1 --classic-hints 1"
  [hostile_inputs]="--size-mb 40"
  [classic_grades]="--hands 3 --tables club"
  [classic_calibration]="--hands 2 --out artifacts/bench-quick/calibration-LEVEL"
  [classic_table_model]="--hands 2 --out artifacts/bench-quick/expert-bids-TABLE"
  [classic_expert_duel]="--deals 2 --out artifacts/bench-quick/duel-A-B"
  [bid_invariants]="--hands 300 --spread-hands 50"
  [bid_dd]="--hands 40 --python-hands 10 --double-hands 0 --double-endings 20"
  [bid_advisor]="--hands 1 --presets common,nt-high-low,kitty-joker"
  [bid_table]="--hands 1"
  [classic_error_rates]="--hands 2 --out artifacts/bench-quick/error-rates.jsonl"
  [classic_luck_baseline]="--deals 3 --out artifacts/bench-quick/luck-baseline.jsonl"
  [solitaire_luck_baseline]="--deals 20"
  [bid_luck_baseline]="--deals 3 --out artifacts/bench-quick/bid-luck-baseline.jsonl"
  [review_speed]="--hands 2 --think 0.2"
  [report]="--students 2 --hands 2 --out artifacts/bench-quick/report.html"
  [session_report]="--hands 2 --deals 2"
  [voice]="--decisions 4"
  [voice_ideas]="--decisions 6"
  [voice_review]="--decisions 10 --hands 2"
  [table_service_load]="--tables 2 --target 5 --out artifacts/bench-quick/table_service_load.json"
  [table_service_faults]="--tables 2 --target 5 --kills 3 --out artifacts/bench-quick/table_service_faults.json"
  [table_service_kernels]="--kernels 2 --out artifacts/bench-quick/table_service_kernels.json"
)
order=(solitaire_engine solitaire_advisor classic_engine classic_solver classic_worlds classic_advisor
  classic_strength session_stats invariants widget_fuzz dashboard classic_table voila_load site hostile_inputs
  classic_grades classic_calibration classic_table_model classic_expert_duel bid_invariants bid_dd bid_advisor
  bid_table classic_error_rates classic_luck_baseline solitaire_luck_baseline bid_luck_baseline review_speed report
  session_report voice voice_ideas voice_review table_service_load table_service_faults table_service_kernels)

case "$size" in
  quick | full) ;;
  *)
    echo "scripts/bench.sh: the size is quick or full, not '$size'" >&2
    exit 2
    ;;
esac
# the quick runs' record files; a full run refuses hands already in a run of its own directory (extend it
# with another --start, or move the old runs away)
rm -rf artifacts/bench-quick
mkdir -p artifacts/bench-quick
for name in "${order[@]}"; do
  args=""
  if [ "$size" = quick ]; then args="${quick[$name]}"; fi
  echo "== benchmarks/$name.py $args"
  # shellcheck disable=SC2086  # the arguments are words
  $py "benchmarks/$name.py" $args
done
# run_files.py is what the benchmarks share, not a benchmark
missing=$(comm -23 <(ls benchmarks/*.py | xargs -n1 basename | sed 's/\.py$//' | grep -vx run_files | sort) \
  <(printf '%s\n' "${order[@]}" | sort))
if [ -n "$missing" ]; then
  echo "scripts/bench.sh: benchmarks not in its list: $missing" >&2
  exit 1
fi
