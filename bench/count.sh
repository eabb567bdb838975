#!/usr/bin/env bash
# Issue 25's count rows (bench/count.md): each row run RUNS times on one core (taskset -c 0),
# round robin over three ways so the machine's drift falls on all of them alike:
#   before   — BEFORE's binary (main before issue 25: one solver call per answer),
#   per call — this tree's binary with SNAKESAT_PER_CALL=1 (one solver call per answer),
#   in search — this tree's binary (every answer inside one CaDiCaL search).
# Printed as a markdown table of user CPU seconds (min–max) and solver calls.
#   bench/count.sh BEFORE_BINARY [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
before=$1
runs=${2:-3}
after=${CARGO_TARGET_DIR:-target}/release/snakesat
rows=(
  "count fixtures/parity-snake/classic-9x9.toml"
  "count fixtures/snakes/10x5-game-touch.toml --distinct sequences"
  "count fixtures/snake-cube/king-snake-4x4x4-b.toml"
  "count fixtures/snake-cube/king-snake-4x4x4.toml"
  "count fixtures/snake-egg/open-7x7.toml"
  "count fixtures/parity-snake/classic-9x9.toml --jobs 2"
  "count fixtures/snake-cube/king-snake-4x4x4-b.toml --jobs 2"
  "count fixtures/parity-snake/unique-9x9.toml --limit 2"
  "count fixtures/snake-egg/gen-10x10-c.toml --limit 2"
  "count fixtures/snake-egg/gen-10x10-d.toml --limit 2"
  "count fixtures/snake-cube/king-snake-4x4x4-b.toml --limit 2"
)
# One run: prints "USER WALL CALLS COUNT".
run() {
  local out t
  # shellcheck disable=SC2086 # the row is a command line
  out=$( { /usr/bin/time -f 'TIME %U %e' taskset -c 0 "$@" --format json; } 2>&1 || true)
  t=$(grep '^TIME' <<<"$out" | tail -1)
  printf '%s %s ' "$(cut -d' ' -f2 <<<"$t")" "$(cut -d' ' -f3 <<<"$t")"
  grep '^{' <<<"$out" | python3 -c '
import json, sys
d = json.loads(sys.stdin.read().strip().splitlines()[-1])
print(d["stats"]["solver_calls"], "%s%s" % (d["count"], "" if d.get("complete") else "+"))'
}
range() { printf '%s\n' "$@" | sort -g | sed -n '1p;$p' | paste -sd' ' | awk '{print ($1 == $2 || $2 == "") ? $1 : $1 "–" $2}'; }
printf '| command | answers | before: user s (calls) | per call: user s (calls) | in search: user s (calls) |\n'
printf '|---|---:|---:|---:|---:|\n'
for row in "${rows[@]}"; do
  b=() p=() s=() bc="" pc="" sc="" n=""
  for _ in $(seq "$runs"); do
    # shellcheck disable=SC2086
    read -r u _ bc n < <(run "$before" $row); b+=("$u")
    # shellcheck disable=SC2086
    read -r u _ pc _ < <(SNAKESAT_PER_CALL=1 run "$after" $row); p+=("$u")
    # shellcheck disable=SC2086
    read -r u _ sc _ < <(run "$after" $row); s+=("$u")
  done
  printf '| `%s` | %s | %s (%s) | %s (%s) | %s (%s) |\n' "$row" "$n" "$(range "${b[@]}")" "$bc" \
    "$(range "${p[@]}")" "$pc" "$(range "${s[@]}")" "$sc"
done
