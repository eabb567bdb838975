#!/usr/bin/env bash
# Installs the external SAT solvers the tests and benchmarks use:
#   kissat  - the binary shipped inside the PyPI package passagemath-kissat
#   cadical, minisat - Debian packages
#   rsvg-convert - Debian librsvg2-bin (the picture tests rasterise SVG with it)
#   chromium, chromedriver - Debian chromium and chromium-driver (the page's browser test)
# and links them into /usr/local/bin (or $PREFIX/bin). Idempotent; safe to re-run.
set -euo pipefail

PREFIX=${PREFIX:-/usr/local}
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

if ! command -v kissat >/dev/null; then
    echo "installing kissat from PyPI (passagemath-kissat)"
    python3 -m pip install --quiet --no-deps passagemath-kissat
    site=$(python3 -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
    bin="$site/sage_wheels/bin/kissat"
    if [ ! -x "$bin" ]; then
        echo "install-solvers: passagemath-kissat installed but $bin is missing" >&2
        exit 1
    fi
    $SUDO ln -sf "$bin" "$PREFIX/bin/kissat"
fi

if ! python3 -c 'import dratify' 2>/dev/null; then
    echo "installing the DRAT proof checker dratify from PyPI"
    python3 -m pip install --quiet --no-deps 'dratify==0.1.10'
fi

for s in kissat cadical minisat rsvg-convert chromium chromedriver; do
    printf '%-8s %s\n' "$s" "$(command -v $s)"
done
kissat --version
