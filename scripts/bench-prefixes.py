#!/usr/bin/env python3
"""The solver alone on the boards a setter passes through: every prefix of each puzzle's
clues (in the seeded random orders `bench-live.py` reveals them in, duplicates dropped),
`solve --unique` on one core, its user CPU seconds. Prints the sum, the slowest, the 90th
percentile and how many took over 1 s and 0.5 s, and with `--each` one line per board.

    scripts/bench-prefixes.py BINARY PUZZLE.toml... [--orders 3] [--core N] [--timeout S] [--each]

Environment variables given to this script reach the binary, so two settings of one binary
compare side by side (one run per core, then the cores swapped).
"""
import argparse, importlib.util, os, tomllib

here = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("bench_live", os.path.join(here, "bench-live.py"))
live = importlib.util.module_from_spec(spec)
spec.loader.exec_module(live)


def boards(puzzles, orders):
    seen = set()
    for path in puzzles:
        doc = tomllib.load(open(path, "rb"))
        for o in range(1, orders + 1):
            for k, text in enumerate(live.prefixes(doc, o)[1:], 1):
                if text not in seen:
                    seen.add(text)
                    yield f"{os.path.basename(path)} order {o}, {k} clues", text


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("binary")
    ap.add_argument("puzzles", nargs="+")
    ap.add_argument("--orders", type=int, default=3)
    ap.add_argument("--core", type=int, default=0)
    ap.add_argument("--timeout", type=float, default=20)
    ap.add_argument("--each", action="store_true")
    a = ap.parse_args()
    times = []
    for name, text in boards(a.puzzles, a.orders):
        usage, _ = live.run_solve(a.binary, text, a.timeout, ("--unique",), a.core)
        t = usage.ru_utime
        times.append(t)
        if a.each:
            print(f"{name}: {t:.2f} s", flush=True)
    s = sorted(times)
    print(f"{len(s)} boards: sum {sum(s):.2f} s, slowest {s[-1]:.2f} s, 90th percentile {s[int(len(s) * 0.9)]:.2f} s, "
          f"over 1 s {sum(t > 1 for t in s)}, over 0.5 s {sum(t > 0.5 for t in s)}")


if __name__ == "__main__":
    main()
