#!/usr/bin/env bash
# Times `generate` on Snake Eggs: a minimal unique puzzle per seed, one core each, and
# prints the median time and clue counts. Usage: scripts/bench-generate.sh SIZE BANK SEEDS [TIMEOUT]
#   scripts/bench-generate.sh 10x10 1..9 10
set -euo pipefail
cd "$(dirname "$0")/.."
size=${1:-10x10}; bank=${2:-1..9}; seeds=${3:-10}; timeout=${4:-600}
cargo build --release --quiet
out=$(mktemp)
for s in $(seq 1 "$seeds"); do
  target/release/snakesat generate snake-egg --size "$size" --bank "$bank" --seed "$s" --threads 1 \
    --format json --timeout "$timeout" >> "$out" || true
done
python3 - "$out" "$size" "$bank" <<'PY'
import json, statistics, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
done = [r for r in rows if r["status"] == "generated"]
print(f"snake-egg {sys.argv[2]} bank {sys.argv[3]}: {len(done)} of {len(rows)} generated")
for r in rows:
    print(f"  seed {r['seed']}: {r['status']}", *( [f"{r['seconds']:.1f} s, {r['clues']} clues ({r['clues_added']} before minimising), {r['forced_runs']} narrowing rounds, {r['unique_checks']} uniqueness checks"] if r['status']=='generated' else [r.get('reason','')]))
if done:
    print(f"  median {statistics.median(r['seconds'] for r in done):.1f} s, clues median {statistics.median(r['clues'] for r in done)}")
PY
