#!/usr/bin/env bash
# Regenerates the README's example pictures in docs/pictures/ from the bundled fixtures.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
bin=${CARGO_TARGET_DIR:-target}/release/snakesat
out=docs/pictures
mkdir -p "$out"
"$bin" solve fixtures/snake-egg/seed-6x6.toml --format svg >"$out/snake-egg-seed.svg"
# Exit code 1: no placement without broken links; the picture shows the fewest.
"$bin" solve fixtures/snakes/hex72-seed-notouch.toml --relax --format svg >"$out/snakes-hex72-relaxed.svg" || [ $? = 1 ]
"$bin" solve fixtures/snake-cube/seed-3x3x3.toml --format svg >"$out/snake-cube-seed.svg"
"$bin" solve fixtures/parity-snake/unique-9x9.toml --format svg >"$out/parity-snake-unique-9x9.svg"
"$bin" solve fixtures/snake/urls/published-9x9.url --format svg >"$out/snake-published-9x9.svg"
"$bin" solve fixtures/hebi/urls/published-10x10-a.url --format svg >"$out/hebi-published-10x10.svg"
"$bin" solve fixtures/snake-egg/several-4x4.toml --forced --format svg >"$out/snake-egg-forced.svg"
ls -l "$out"
