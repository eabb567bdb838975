#!/usr/bin/env bash
# Times `generate`: a minimal unique puzzle per seed, one core each, and prints the median
# time and clue counts. Usage: scripts/bench-generate.sh SIZE BANK SEEDS [TIMEOUT] [KIND]
# (KIND snake-egg by default; BANK `-` for a genre without a bank)
#   scripts/bench-generate.sh 10x10 1..9 10
#   scripts/bench-generate.sh 8x8 - 5 600 snakepit
set -euo pipefail
cd "$(dirname "$0")/.."
size=${1:-10x10}; bank=${2:-1..9}; seeds=${3:-10}; timeout=${4:-600}; kind=${5:-snake-egg}
cargo build --release --quiet
bank_args=(--bank "$bank"); [ "$bank" = - ] && bank_args=()
out=$(mktemp)
for s in $(seq 1 "$seeds"); do
  "${CARGO_TARGET_DIR:-target}"/release/snakesat generate "$kind" --size "$size" "${bank_args[@]}" --seed "$s" --threads 1 \
    --format json --timeout "$timeout" >> "$out" || true
done
python3 - "$out" "$size" "$bank" "$kind" <<'PY'
import json, statistics, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
done = [r for r in rows if r["status"] == "generated"]
bank = "" if sys.argv[3] == "-" else f" bank {sys.argv[3]}"
print(f"{sys.argv[4]} {sys.argv[2]}{bank}: {len(done)} of {len(rows)} generated")
for r in rows:
    print(f"  seed {r['seed']}: {r['status']}", *( [f"{r['seconds']:.1f} s, {r['clues']} clues ({r['clues_added']} before minimising), {r['forced_runs']} narrowing rounds, {r['unique_checks']} uniqueness checks"] if r['status']=='generated' else [r.get('reason','')]))
if done:
    print(f"  median {statistics.median(r['seconds'] for r in done):.1f} s, clues median {statistics.median(r['clues'] for r in done)}")
PY
