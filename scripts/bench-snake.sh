#!/usr/bin/env bash
# Snake `solve --unique` in both connectivity modes and with the default, release build,
# one core: published puzzles, generated minimal ones up to 20×20, and open boards up to
# 30×30 (not unique). Prints one line per run: instance, mode, seconds (wall), verdict.
#   scripts/bench-snake.sh [TIMEOUT]
set -euo pipefail
cd "$(dirname "$0")/.."
timeout=${1:-60}
cargo build --release --quiet
bin=target/release/snakesat
open_board() { python3 -c "n=$1; print(f'https://puzz.link/p?snake/{n}/{n}/' + '0' * ((n * n + 2) // 3))"; }
instances=(fixtures/snake/urls/published-6x6.url fixtures/snake/urls/published-9x9.url
  fixtures/snake/urls/published-11x11.url fixtures/snake/gen/*.toml
  "$(open_board 10)" "$(open_board 20)" "$(open_board 30)")
for p in "${instances[@]}"; do
  name=${p#fixtures/snake/}
  for mode in default lazy eager; do
    args=(solve "$p" --unique --timeout "$timeout" --format json)
    [ "$mode" = default ] || args+=(--connectivity "$mode")
    start=$(date +%s.%N)
    out=$("$bin" "${args[@]}" 2>/dev/null || true)
    end=$(date +%s.%N)
    verdict=$(python3 -c "import json,sys; d=json.loads(sys.argv[1]); print({True:'unique',False:'not unique',None:d['status']}[d.get('unique')])" "$out" 2>/dev/null || echo error)
    printf '%-34s %-8s %7.2f s  %s\n' "${name:0:34}" "$mode" "$(echo "$end - $start" | bc)" "$verdict"
  done
done
