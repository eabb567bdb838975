#!/usr/bin/env bash
# Builds the release binary and runs the benchmark suite (see scripts/bench.py).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
exec python3 scripts/bench.py "$@"
