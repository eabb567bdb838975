#!/usr/bin/env bash
# Benchmarks the parity-snake family: every fixture that enumerates, in each parity rule,
# encoding (plain / orbits), connectivity (lazy / eager) and backend where sensible, with
# the release binary. Prints a markdown table; save it with the command and the date in
# bench/parity-snake.md.
#
#   scripts/bench-parity-snake.sh [--quick] [--with-8x8] [--timeout SECONDS]
#
# --quick skips the slow rows (eager plain 9x9, varisat on 9x9). CPU seconds are user+sys
# time of the process (the machine is shared, so wall seconds can be much larger).
set -euo pipefail
cd "$(dirname "$0")/.."

quick=0
with8=0
timeout=600
while [ $# -gt 0 ]; do
  case "$1" in
    --quick) quick=1 ;;
    --with-8x8) with8=1 ;;
    --timeout) timeout="$2"; shift ;;
    *) echo "usage: $0 [--quick] [--with-8x8] [--timeout SECONDS]" >&2; exit 2 ;;
  esac
  shift
done

export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-target}"
cargo build --release --quiet
bin="$CARGO_TARGET_DIR/release/snakesat"
fx=fixtures/parity-snake

row() { # instance, encoding, connectivity, backend
  local inst="$1" enc="$2" conn="$3" be="$4" out cpu
  local tmp
  tmp=$(mktemp)
  out=$( { /usr/bin/time -f "%U %S" -o "$tmp" "$bin" count "$fx/$inst.toml" --format json \
      --encoding "$enc" --connectivity "$conn" --backend "$be" --timeout "$timeout"; } 2>/dev/null || true)
  cpu=$(tail -n 1 "$tmp" | awk '{printf "%.2f", $1 + $2}')
  rm -f "$tmp"
  python3 - "$inst" "$enc" "$conn" "$be" "$cpu" "$out" <<'EOF'
import json, sys
inst, enc, conn, be, cpu, out = sys.argv[1:7]
try:
    v = json.loads(out)
except ValueError:
    print(f"| {inst} | {enc}, {conn} | {be} | no output | | {cpu} | | |")
    sys.exit()
s = v["stats"]
if v.get("complete"):
    lengths = f'{v["shortest"]}..{v["longest"]}' if v["count"] else "-"
    res = f'{v["count"]} ({v.get("count_up_to_symmetry", "?")} classes, {lengths})'
else:
    res = f'stopped at {v["count"]}: {v.get("stopped")}'
print(f'| {inst} | {enc}, {conn} | {be} | {res} | {s["seconds"]:.2f} | {cpu} | {s["solver_calls"]} | {s["cuts"]} |')
EOF
}

echo "| instance | encoding, connectivity | backend | result (count, classes, lengths) | wall s | CPU s | solver calls | cuts |"
echo "|---|---|---|---|---|---|---|---|"
for inst in counts-4x4 sudoku-4x4 counts-6x6 sudoku-6x6 rows-6x6; do
  for enc in plain orbits; do
    for conn in lazy eager; do
      for be in cadical varisat splr; do
        row "$inst" "$enc" "$conn" "$be"
      done
    done
  done
done
for inst in classic-9x9 sudoku-9x9; do
  row "$inst" orbits lazy cadical
  row "$inst" plain lazy cadical
  row "$inst" orbits eager cadical
  if [ "$quick" = 0 ]; then
    row "$inst" plain eager cadical
    row "$inst" orbits lazy varisat
  fi
done

# The 8×8 board (2×4 boxes) against the independent brute force, both rules and both
# encodings: about 40 minutes in release on the 2-core machine (the brute force is the slow
# part), so only with --with-8x8.
if [ "$with8" = 1 ]; then
  echo
  echo "8x8 brute-force cross-check (release):"
  cargo test --release --quiet --lib eight_by_eight_matches_brute_force -- --ignored 2>&1 | grep -E "^test result|FAILED|panicked"
fi
