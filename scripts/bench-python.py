#!/usr/bin/env python3
"""bench/python.md: every bundled puzzle of 10×10 cells or fewer solved REPEAT times from
Python (`snakesat.read(path).solve()` in a loop) against starting the binary per puzzle
(`snakesat solve PATH --format json`), passes alternating so a busy machine slows both
alike. Both read the file and run the same solver (the CLI told `--backend cadical:sat`,
the module's choice for every genre).

    .venv/bin/python scripts/bench-python.py [REPEAT]
"""

import pathlib
import subprocess
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "tests" / "python"))
import snakesat  # noqa: E402
from conftest import BIN, ROOT, examples  # noqa: E402


def small(path):
    """A grid of at most 10 rows and 10 columns, or a board of at most 100 cells."""
    a = snakesat.read(path).solve()
    if a.grid is not None:
        return len(a.grid) <= 10 and all(len(row) <= 10 for row in a.grid)
    sol = a.solution or {}
    cells = sum(len(s) for s in sol.get("snakes", [])) or len(sol.get("moves", [])) + 1
    return cells <= 100


def main():
    repeat = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    paths = [f"fixtures/{rel}" for rel in examples()]
    paths = [p for p in paths if small(ROOT / p)]
    cli = [str(BIN), "solve", None, "--format", "json", "--backend", "cadical:sat"]
    py_s = cli_s = 0.0
    for _ in range(repeat):
        t = time.perf_counter()
        for p in paths:
            snakesat.read(str(ROOT / p)).solve()
        py_s += time.perf_counter() - t
        t = time.perf_counter()
        for p in paths:
            cli[2] = p
            subprocess.run(cli, cwd=ROOT, stdout=subprocess.DEVNULL, check=False)
        cli_s += time.perf_counter() - t
    n = repeat * len(paths)
    print(f"{len(paths)} puzzles × {repeat} = {n} solves")
    print(f"python module: {py_s:.1f} s ({1000 * py_s / n:.1f} ms a solve)")
    print(f"binary per puzzle: {cli_s:.1f} s ({1000 * cli_s / n:.1f} ms a solve)")
    print(f"module / binary: {py_s / cli_s:.2f}")
    print("puzzles: " + ", ".join(paths))


if __name__ == "__main__":
    main()
