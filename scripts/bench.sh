#!/usr/bin/env bash
# Builds the release binary and runs the benchmark suite (see scripts/bench.py).
set -euo pipefail
cd "$(dirname "$0")/.."
# kissat lives in the checkout's .venv (scripts/install-solvers.sh).
export PATH="$PWD/.venv/bin:$PATH"
cargo build --release --quiet
exec python3 scripts/bench.py "$@"
