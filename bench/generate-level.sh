#!/usr/bin/env bash
# `generate --grade max=LEVEL` (issue 36's Done-means): for each seed, the puzzle made on one
# core with its CPU seconds, then `explain` on what it handed out, to check that the
# explanation ends solved within the level. Prints a Markdown table.
#   bench/generate-level.sh KIND SIZE LEVEL SEEDS [BANK]
#   bench/generate-level.sh snake 10x10 connectivity 5
set -euo pipefail
cd "$(dirname "$0")/.."
kind=$1; size=$2; level=$3; seeds=$4; bank=${5:-}
B="${CARGO_TARGET_DIR:-target}"/release/snakesat
bank_args=(); [ -n "$bank" ] && bank_args=(--bank "$bank")
out=$(mktemp -d)
echo "| seed | generate CPU s | clues | explain | level | steps | explain CPU s |"
echo "|---|---|---|---|---|---|---|"
for s in $(seq 1 "$seeds"); do
  /usr/bin/time -f "%U %S" -o "$out/gen.time" taskset -c 0 "$B" generate "$kind" --size "$size" \
    "${bank_args[@]}" --seed "$s" --threads 1 --grade "max=$level" --timeout 600 --format json \
    > "$out/gen.json" || true
  python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['toml'])" "$out/gen.json" > "$out/p.toml"
  /usr/bin/time -f "%U %S" -o "$out/ex.time" taskset -c 0 "$B" explain "$out/p.toml" --format json \
    --timeout 600 > "$out/ex.json" || true
  python3 - "$out" "$s" <<'PY'
import json, sys
d, s = sys.argv[1], sys.argv[2]
cpu = lambda f: sum(map(float, open(f).read().split()[-2:]))
g, e = json.load(open(f"{d}/gen.json")), json.load(open(f"{d}/ex.json"))
print(f"| {s} | {cpu(d + '/gen.time'):.2f} | {g.get('clues')} | {e.get('status')} | "
      f"{e['grade'].get('level')} | {len(e.get('steps', []))} | {cpu(d + '/ex.time'):.2f} |")
PY
done
rm -rf "$out"
