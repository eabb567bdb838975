#!/usr/bin/env bash
# Issue 29's Snake Pit rows: blank 8x8 and 12x12 boards and random sparse boards
# (scripts/random_snakepits.py SEED COUNT), each solved with --unique (and --forced on the
# blanks) in the connectivity modes given, one at a time. Prints one line per run: file,
# mode, job, wall seconds, exit code, the verdict line.
#   scripts/bench-snakepit-sparse.sh BINARY TIMEOUT SEED COUNT MODE...   (MODE: default|lazy|eager)
set -u
bin=$1 timeout=$2 seed=$3 count=$4; shift 4
dir=$(mktemp -d)
python3 "$(dirname "$0")/random_snakepits.py" "$seed" "$count" "$dir"
for n in 8 12; do
  { echo 'kind = "snakepit"'; echo 'grid = """'; for _ in $(seq $n); do printf '. %.0s' $(seq $n); echo; done; echo '"""'; } >"$dir/blank-$n.toml"
done
for f in "$dir"/blank-*.toml "$dir"/pit-*.toml; do
  for mode in "$@"; do
    flag=(); [ "$mode" = default ] || flag=(--connectivity "$mode")
    jobs=(--unique); case $f in *blank*) jobs=(plain --unique --forced);; esac
    for job in "${jobs[@]}"; do
      j=(); [ "$job" = plain ] || j=("$job")
      t0=$(date +%s.%N)
      out=$("$bin" solve "$f" "${flag[@]}" "${j[@]}" --timeout "$timeout" 2>&1 | grep -iE 'unique|answer|undecided|timeout|no answer|error' | head -1)
      rc=${PIPESTATUS[0]}
      t1=$(date +%s.%N)
      printf '%s\t%s\t%s\t%.2f\t%s\n' "$(basename "$f")" "$mode" "$job" "$(echo "$t1 - $t0" | bc)" "$out"
    done
  done
done
rm -r "$dir"
