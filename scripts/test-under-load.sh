#!/usr/bin/env bash
# Runs `make test` several times in a row (default 5) while builds of a
# 10,000-page synthetic site loop alongside on the same cores: the test
# suite must hold on a busy machine. Prints one line per run and stops at
# the first failure, keeping its log.
#
#   scripts/test-under-load.sh [RUNS]
#
# The synthetic site comes from scripts/bench/gensite.py (set LOAD_SITE to
# reuse a generated one).
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
work=${LOAD_DIR:-/tmp/scalesite-load}
site=${LOAD_SITE:-$work/site}
mkdir -p "$work"
if [ ! -d "$site/content" ]; then
  python3 scripts/bench/gensite.py "$site" 10000 >/dev/null
fi
make build >/dev/null
# The load runs a copy: `make test` rebuilds bin/scalesite.
cp bin/scalesite "$work/scalesite"
(
  n=0
  while true; do
    "$work/scalesite" build --source "$site" --dest "$work/out" >/dev/null 2>&1 || true
    n=$((n + 1))
    echo "$n" >"$work/load-builds"
  done
) &
load=$!
trap 'kill "$load" 2>/dev/null || true; wait "$load" 2>/dev/null || true' EXIT
for i in $(seq 1 "$runs"); do
  start=$(date +%s)
  log="$work/run-$i.log"
  if make test >"$log" 2>&1; then
    echo "run $i/$runs: pass in $(($(date +%s) - start)) s (load builds so far: $(cat "$work/load-builds" 2>/dev/null || echo 0))"
  else
    echo "run $i/$runs: FAIL after $(($(date +%s) - start)) s; log: $log"
    grep -E -- '^(--- FAIL|FAIL|panic:)' "$log" | head -20
    exit 1
  fi
done
echo "all $runs runs passed under load"
