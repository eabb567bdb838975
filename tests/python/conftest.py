"""Shared helpers: the CLI binary the module is compared with, and the bundled puzzles."""

import json
import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
TARGET = pathlib.Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
if not TARGET.is_absolute():
    TARGET = ROOT / TARGET
BIN = TARGET / "release" / "snakesat"

# Bundled puzzles that take the CLI more than half a second to solve: the examples the
# module is compared on are the small ones (the timeout and Ctrl-C tests use the large).
SLOW = {
    "snake-egg/open-12x12.toml",
    "snake-egg/open-15x15.toml",
    "snake-egg/hard-20x20.toml",
    "snake-egg/gen-10x10-c.toml",
    "snake-egg/gen-10x10-d.toml",
    "snake-cube/king-snake-4x4x4-b.toml",
    "snakes/15x6-c-notouch.toml",
}


def examples():
    """Every genre's bundled puzzles (TOML files and puzz.link URLs), bad ones left out."""
    found = []
    for path in sorted((ROOT / "fixtures").glob("*/*.toml")) + sorted((ROOT / "fixtures").glob("*/urls/*.url")):
        rel = path.relative_to(ROOT / "fixtures").as_posix()
        genre = rel.split("/")[0]
        if genre in ("fuzz-regressions", "boards") or rel in SLOW or path.name.startswith("bad-"):
            continue
        found.append(rel)
    return found


def cli(*args, check_json=True):
    """Runs the binary from the repository root; returns (exit code, stdout, stderr)."""
    if not BIN.exists():
        pytest.fail(f"{BIN} is missing: build it first with `cargo build --release`")
    r = subprocess.run([str(BIN), *map(str, args)], cwd=ROOT, capture_output=True, text=True, timeout=120)
    out = json.loads(r.stdout) if check_json and r.stdout.strip() else r.stdout
    return r.returncode, out, r.stderr


@pytest.fixture(autouse=True)
def _in_root(monkeypatch):
    """Paths in the tests are the repository's, as in the CLI's messages."""
    monkeypatch.chdir(ROOT)
