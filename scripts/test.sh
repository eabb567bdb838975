#!/usr/bin/env bash
# Installs what the tests need (external solvers) and runs the whole test suite.
# This is the README's test command and what .ci/run calls.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/install-solvers.sh
cargo test --all-targets 2>&1
