#!/usr/bin/env bash
# `generate --grade`: for each seed, one puzzle made three ways on one core, the same
# seeds: plain (minimal), `--grade max=K` for each K, and "generate then reject" (the plain
# puzzle kept only if `explain --max-rules K` ends solved). Prints a line per seed and the
# medians. Usage: scripts/bench-generate-grade.sh KIND SIZE BANK SEEDS "K1 K2 ..." [TIMEOUT]
# (BANK `-` for a genre without a bank)
#   scripts/bench-generate-grade.sh snake 6x6 - 5 "3 5"
#   scripts/bench-generate-grade.sh snake-egg 5x5 1..4 5 "3 5"
set -euo pipefail
cd "$(dirname "$0")/.."
kind=$1; size=$2; bank=$3; seeds=$4; ks=$5; timeout=${6:-300}
cargo build --release --quiet
B="${CARGO_TARGET_DIR:-target}"/release/snakesat
bank_args=(--bank "$bank"); [ "$bank" = - ] && bank_args=()
out=$(mktemp -d)
for s in $(seq 1 "$seeds"); do
  $B generate "$kind" --size "$size" "${bank_args[@]}" --seed "$s" --threads 1 --format json \
    --timeout "$timeout" > "$out/plain-$s.json" || true
  python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['toml'])" "$out/plain-$s.json" > "$out/plain-$s.toml" || true
  for k in $ks; do
    $B generate "$kind" --size "$size" "${bank_args[@]}" --seed "$s" --threads 1 --format json \
      --timeout "$timeout" --grade "max=$k" > "$out/graded-$k-$s.json" || true
    # Generate then reject: the plain puzzle's explanation, bounded by K, timed.
    /usr/bin/time -f %e -o "$out/reject-$k-$s.time" $B explain "$out/plain-$s.toml" --max-rules "$k" \
      --format json --timeout "$timeout" > "$out/reject-$k-$s.json" || true
  done
done
python3 - "$out" "$seeds" "$ks" "$kind $size${bank:+ $bank}" <<'PY'
import json, statistics, sys
d, seeds, ks, what = sys.argv[1], int(sys.argv[2]), sys.argv[3].split(), sys.argv[4]
def load(p):
    try: return json.load(open(p))
    except Exception: return {}
print(what)
plain = [load(f"{d}/plain-{s}.json") for s in range(1, seeds + 1)]
for s, p in enumerate(plain, 1):
    cells = [f"seed {s}: plain {p.get('seconds', 0):.2f} s {p.get('clues')} clues"]
    for k in ks:
        g = load(f"{d}/graded-{k}-{s}.json")
        r = load(f"{d}/reject-{k}-{s}.json")
        t = float(open(f"{d}/reject-{k}-{s}.time").read().split()[-1])
        gr = g.get("grade", {})
        cells.append(f"max={k}: {g.get('status')} {g.get('seconds', 0):.2f} s {g.get('clues')} clues "
                     f"(kept {gr.get('kept_for_grade')}, hardest {gr.get('hardest')}, {gr.get('explanations')} explanations); "
                     f"reject: {r.get('status')} hardest {r.get('grade', {}).get('hardest')} +{t:.2f} s")
    print("  " + "\n    ".join(cells))
ok = [p["seconds"] for p in plain if p.get("status") == "generated"]
print(f"  plain: median {statistics.median(ok):.2f} s, clues median {statistics.median(p['clues'] for p in plain if 'clues' in p)}")
for k in ks:
    g = [load(f"{d}/graded-{k}-{s}.json") for s in range(1, seeds + 1)]
    gd = [x for x in g if x.get("status") == "generated"]
    kept = sum(1 for s in range(1, seeds + 1) if load(f"{d}/reject-{k}-{s}.json").get("status") == "solved")
    rt = [float(open(f"{d}/reject-{k}-{s}.time").read().split()[-1]) for s in range(1, seeds + 1)]
    print(f"  max={k}: {len(gd)} of {seeds} generated, median {statistics.median(x['seconds'] for x in gd):.2f} s, "
          f"clues median {statistics.median(x['clues'] for x in gd)}; generate-then-reject keeps {kept} of {seeds} "
          f"(explain median {statistics.median(rt):.2f} s on top of plain)")
PY
