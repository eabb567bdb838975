#!/usr/bin/env bash
# Issue 14's workloads (bench/scale.md), release build: every row RUNS times, one job at a
# time, printed as a markdown table of user CPU and wall seconds (min–max over the runs).
# Count rows run with --jobs 1 and --jobs 2; the second is the split count on two threads,
# whose user CPU adds up both threads.
#   scripts/bench-scale.sh [RUNS] [TIMEOUT]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
timeout=${2:-60}
cargo build --release --quiet
bin=${CARGO_TARGET_DIR:-target}/release/snakesat
rows=(
  "solve fixtures/snake-egg/hard-20x20.toml --timeout $timeout"
  "solve fixtures/snake-egg/gen-10x10-c.toml --unique"
  "solve fixtures/snake-egg/gen-10x10-d.toml --unique"
  "count fixtures/snake-cube/king-snake-4x4x4-b.toml --jobs 1"
  "count fixtures/snake-cube/king-snake-4x4x4-b.toml --jobs 2"
  "count fixtures/snake-cube/king-snake-4x4x4.toml --jobs 1"
  "count fixtures/snake-cube/king-snake-4x4x4.toml --jobs 2"
  "count fixtures/parity-snake/classic-9x9.toml --jobs 1"
  "count fixtures/parity-snake/classic-9x9.toml --jobs 2"
  "count fixtures/snakes/10x5-game-touch.toml --distinct sequences --jobs 1"
  "count fixtures/snakes/10x5-game-touch.toml --distinct sequences --jobs 2"
  "solve fixtures/snake-egg/open-12x12.toml --timeout $timeout"
  "solve fixtures/snake-egg/open-15x15.toml --timeout $timeout"
  "solve fixtures/snake/urls/open-30x30.url --unique --timeout $timeout"
)
for f in fixtures/snake-egg/unique-1[5-9]x*.toml fixtures/snake-egg/unique-2*.toml; do
  [ -e "$f" ] && rows+=("solve $f --unique --timeout $timeout")
done
printf '| command | user CPU s | wall s | answer |\n|---|---:|---:|---|\n'
for row in "${rows[@]}"; do
  users=() walls=() answer=""
  for _ in $(seq "$runs"); do
    # shellcheck disable=SC2086 # the row is a command line
    out=$( { /usr/bin/time -f 'TIME %U %e' "$bin" $row --format json; } 2>&1 || true)
    t=$(grep '^TIME' <<<"$out" | tail -1)
    users+=("$(cut -d' ' -f2 <<<"$t")")
    walls+=("$(cut -d' ' -f3 <<<"$t")")
    answer=$(grep '^{' <<<"$out" | python3 -c '
import json, sys
try:
    d = json.loads(sys.stdin.read().strip().splitlines()[-1])
except Exception:
    print("no JSON"); sys.exit()
if "count" in d:
    print("%s (%s)" % (d["count"], "complete" if d.get("complete") else d.get("stopped")))
else:
    u = d.get("unique")
    print(d.get("status") + ("" if u is None else (", unique" if u else ", not unique")))')
  done
  range() { printf '%s\n' "$@" | sort -g | sed -n '1p;$p' | paste -sd' ' | awk '{print ($1 == $2 || $2 == "") ? $1 : $1 "–" $2}'; }
  printf '| `%s` | %s | %s | %s |\n' "$row" "$(range "${users[@]}")" "$(range "${walls[@]}")" "$answer"
done
