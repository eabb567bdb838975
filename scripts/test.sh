#!/usr/bin/env bash
# Installs what the tests need (external solvers, a browser, the Python tools in .venv/)
# and runs the whole test suite. This is the README's test command and what .ci/run calls.
#
# Every suite runs even when one before it failed (a suite that needs a build that failed
# is reported as not run), a summary of all of them comes last, and the exit code is 1 if
# any failed.
#
# The tests build in the release profile with scripts/checked.toml, so they reuse the
# dependencies `cargo build --release` compiled (the README's first command) and still run
# snakesat with its test-build checks; see that file. That build is linked to
# target/release/snakesat too (cargo puts a test's binary where the profile's goes), so a
# trap on exit, pass, fail or Ctrl-C, links the release build back, and the Python tests,
# which run the binary, come after that. A separate `checked` profile would keep the test
# build out of target/release/ altogether, but compiles every dependency a second time
# (measured on the 2-core machine: scripts/checked.toml has the figures), where linking
# back costs a second.
#
# The release builds (putting the binary back, the Python module) run with the caller's
# PATH, not the one below with .venv/bin: build.rs reruns, and snakesat recompiles, when
# PATH differs from the last build's, so the README's first command would otherwise
# compile snakesat again after every test run.
set -uo pipefail
cd "$(dirname "$0")/.."
caller_path=$PATH
release() { PATH=$caller_path cargo build --release --quiet; }

names=() results=() seconds=() failed=0
# Runs one suite, `suite NAME COMMAND...`: its output as it comes, its verdict noted.
suite() {
    local name=$1 start=$SECONDS status=0
    shift
    echo "=== $name: $*"
    "$@" || status=$?
    names+=("$name") seconds+=($((SECONDS - start)))
    if [ "$status" = 0 ]; then results+=(passed); else results+=("FAILED (exit $status)") failed=1; fi
    return "$status"
}
skip() {
    names+=("$1") results+=("not run: $2") seconds+=(0) failed=1
}
summary() {
    echo
    echo "=== summary"
    for i in "${!names[@]}"; do printf '%-28s %-32s %5s s\n' "${names[$i]}" "${results[$i]}" "${seconds[$i]}"; done
    if [ "$failed" = 0 ]; then echo "all suites passed"; else echo "some suites FAILED"; fi
}

restored=0 summarized=0
put_back_release() {
    [ "$restored" = 1 ] && return 0
    restored=1
    release || { echo "test.sh: could not put the release build back in target/release/snakesat" >&2; return 1; }
}
# Also when interrupted: the release build back, and what ran so far said.
on_exit() {
    put_back_release
    if [ "$summarized" = 0 ]; then
        skip "(the rest)" "the run was stopped"
        summary
    fi
}
trap on_exit EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

suite "install (solvers, .venv)" ./scripts/install-solvers.sh
export PATH="$PWD/.venv/bin:$PATH"
checked=(--release --config scripts/checked.toml --all-targets)
if suite "cargo test: build" cargo test "${checked[@]}" --no-run; then
    suite "cargo test: run" cargo test "${checked[@]}"
else
    skip "cargo test: run" "its build failed"
fi
suite "release binary" put_back_release
release_ok=$?
# The Python module, built into .venv on the same release dependencies (only the module
# and pyo3 are compiled anew), and its tests against the release binary just put back. A
# missing maturin or pytest fails here: install-solvers.sh put them in .venv.
build_module() {
    (cd python && PATH=$caller_path VIRTUAL_ENV="$PWD/../.venv" "$PWD/../.venv/bin/maturin" develop --release --quiet)
}
if ! suite "python module: build" build_module; then
    skip "python: pytest" "the module's build failed"
    skip "python: stubtest" "the module's build failed"
else
    if [ "$release_ok" != 0 ]; then
        skip "python: pytest" "no release binary"
    else
        suite "python: pytest" .venv/bin/python -m pytest -q tests/python
    fi
    # The type stubs (python/snakesat/__init__.pyi) against the module as built: every
    # name, signature and class kind (mypy's stubtest, installed by install-solvers.sh).
    suite "python: stubtest" .venv/bin/python -m mypy.stubtest snakesat
fi
summary
summarized=1
exit "$failed"
