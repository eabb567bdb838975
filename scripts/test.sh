#!/usr/bin/env bash
# Installs what the tests need (external solvers, a browser, the Python tools in .venv/)
# and runs the whole test suite. This is the README's test command and what .ci/run calls.
#
# The tests build in the release profile with scripts/checked.toml, so they reuse the
# dependencies `cargo build --release` compiled (the README's first command) and still run
# snakesat with its test-build checks; see that file.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/install-solvers.sh
export PATH="$PWD/.venv/bin:$PATH"
cargo test --release --config scripts/checked.toml --all-targets 2>&1
# Put the optimised binary back in target/release/ (already built: this only links it).
cargo build --release --quiet
# The Python module, built into .venv on the same release dependencies (only the module
# and pyo3 are compiled anew), and its tests against the binary just put back. A missing
# maturin or pytest fails here: install-solvers.sh put them in .venv.
(cd python && VIRTUAL_ENV="$PWD/../.venv" "$PWD/../.venv/bin/maturin" develop --release --quiet)
.venv/bin/python -m pytest -q tests/python
