#!/usr/bin/env bash
# Installs the external tools the tests and benchmarks use:
#   cadical, minisat - Debian packages
#   rsvg-convert - Debian librsvg2-bin (the picture tests rasterise SVG with it)
#   chromium, chromedriver - Debian chromium and chromium-driver (the page's browser test)
#   kissat - the binary inside the PyPI package passagemath-kissat, and the DRAT checker
#            dratify: both into the virtual environment .venv/ of this checkout (never the
#            system Python); kissat is linked as .venv/bin/kissat
#   rate - the DRAT checker `generate --certify` runs (the crate rate from crates.io, built
#            by cargo, about a minute of CPU once) into .venv/bin too
#   maturin, pytest, mypy - into .venv too: the Python module's build, its tests and the check
#            of its type stubs (mypy.stubtest; scripts/test.sh)
# The Debian packages need root (or sudo). Idempotent; safe to re-run. Put .venv/bin on
# PATH to use kissat outside the tests (scripts/test.sh does).
set -euo pipefail

SUDO=""
if [ "$(id -u)" != 0 ] && command -v sudo >/dev/null; then SUDO=sudo; fi

need_apt=()
command -v cadical >/dev/null || need_apt+=(cadical)
command -v minisat >/dev/null || need_apt+=(minisat)
command -v rsvg-convert >/dev/null || need_apt+=(librsvg2-bin)
command -v chromium >/dev/null || need_apt+=(chromium)
command -v chromedriver >/dev/null || need_apt+=(chromium-driver)
if [ ${#need_apt[@]} -gt 0 ]; then
    echo "installing ${need_apt[*]} from Debian"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need_apt[@]}" >/dev/null
fi

cd "$(dirname "$0")/.."
VENV=${VENV:-$PWD/.venv}
if [ ! -x "$VENV/bin/python" ]; then
    echo "creating the virtual environment $VENV"
    python3 -m venv "$VENV"
fi
export PATH="$VENV/bin:$PATH"

if [ ! -x "$VENV/bin/kissat" ]; then
    echo "installing kissat from PyPI (passagemath-kissat) into $VENV"
    "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check --no-deps passagemath-kissat
    site=$("$VENV/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
    bin="$site/sage_wheels/bin/kissat"
    if [ ! -x "$bin" ]; then
        echo "install-solvers: passagemath-kissat installed but $bin is missing" >&2
        exit 1
    fi
    ln -sf "$bin" "$VENV/bin/kissat"
fi

if ! "$VENV/bin/python" -c 'import dratify' 2>/dev/null; then
    echo "installing the DRAT proof checker dratify from PyPI into $VENV"
    "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check --no-deps 'dratify==0.1.10'
fi

if [ ! -x "$VENV/bin/rate" ]; then
    echo "installing the DRAT proof checker rate from crates.io into $VENV (cargo install)"
    cargo install --quiet --locked --root "$VENV" rate --version 0.3.0
fi

if ! "$VENV/bin/python" -c 'import pytest' 2>/dev/null || [ ! -x "$VENV/bin/maturin" ]; then
    echo "installing maturin and pytest from PyPI into $VENV (the Python module's build and tests)"
    "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check 'maturin>=1.7,<2' 'pytest>=8,<10'
fi

if ! "$VENV/bin/python" -c 'import mypy.stubtest' 2>/dev/null; then
    echo "installing mypy from PyPI into $VENV (stubtest checks the module's type stubs)"
    "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check 'mypy>=1.18,<3'
fi

for s in kissat rate cadical minisat rsvg-convert chromium chromedriver; do
    printf '%-8s %s\n' "$s" "$(command -v $s)"
done
kissat --version
