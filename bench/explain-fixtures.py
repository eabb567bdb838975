#!/usr/bin/env python3
"""Explains the published puzzles among the fixtures (and pzprjs's test puzzle of each
genre) with `snakesat explain --format json`, one at a time on one core, and prints a
Markdown table: how each ended, its steps, the steps by level, the longest forcing chain,
and the seconds (the command's wall time and its CPU time).

    python3 bench/explain-fixtures.py [--bin target/release/snakesat] [--timeout 60] [--only TEXT]

`--only` keeps the puzzles whose name holds TEXT ("memory": one genre's rows).

The table for `bench/explain.md`; the machine's load goes beside it.
"""

import argparse
import json
import os
import resource
import subprocess
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

# (name, fixture): published puzzles and pzprjs's test puzzles, per genre.
PUZZLES = [
    ("snake pzprjs test 4x4", "snake/urls/pzprjs-test.url"),
    ("snake published 6x6", "snake/urls/published-6x6.url"),
    ("snake published 9x9", "snake/urls/published-9x9.url"),
    ("snake published 11x11", "snake/urls/published-11x11.url"),
    ("snake egg pzprjs test 5x5", "snake-egg/urls/pzprjs-test.url"),
    ("snake egg seed 6x6", "snake-egg/seed-6x6.toml"),
    ("snake egg published 10x10", "snake-egg/published-10x10.toml"),
    ("snake egg generated 10x10 a", "snake-egg/gen-10x10-a.toml"),
    ("hebi pzprjs test 5x5", "hebi/urls/pzprjs-test.url"),
    ("hebi published 10x10 a", "hebi/urls/published-10x10-a.url"),
    ("hebi published 10x10 b", "hebi/urls/published-10x10-b.url"),
    ("snake pit pzprjs test 5x5", "snakepit/urls/pzprjs-test.url"),
    ("golem grad pzprjs test 6x6", "golemgrad/urls/pzprjs-test.url"),
    ("persistence of memory pzprjs test 6x6", "pmemory/urls/pzprjs-test.url"),
    ("persistence of memory several 4x4", "pmemory/several-4x4.toml"),
    ("bosnian road pzprjs test 7x7", "bosnian-road/urls/pzprjs-test.url"),
    # The parity snake has no published puzzle: one board a person could be given (half
    # its parities) and the two minimal fixtures, explained with `--encoding plain`.
    ("parity snake half parities 9x9", "parity-snake/parities-9x9.toml"),
    ("parity snake one given 6x6", "parity-snake/unique-6x6.toml"),
    ("parity snake six givens 9x9", "parity-snake/unique-9x9.toml"),
]

# Options a genre explains with (`Generate::explain_options`).
OPTIONS = {"parity-snake/": ["--encoding", "plain"]}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bin", default=os.path.join(ROOT, "target/release/snakesat"))
    ap.add_argument("--timeout", type=float, default=60)
    ap.add_argument("--only", default="", help="only the puzzles whose name holds this")
    a = ap.parse_args()
    print("| puzzle | status | steps | level | steps by level | longest chain | command s | CPU s |")
    print("|---|---|---|---|---|---|---|---|")
    for name, rel in PUZZLES:
        if a.only not in name:
            continue
        path = os.path.join(ROOT, "fixtures", rel)
        arg = open(path).read().strip() if rel.endswith(".url") else path
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.monotonic()
        cmd = ["taskset", "-c", "0", a.bin, "explain", arg, "--format", "json", "--timeout", str(a.timeout)]
        cmd += next((o for prefix, o in OPTIONS.items() if rel.startswith(prefix)), [])
        out = subprocess.run(cmd, capture_output=True, text=True)
        wall = time.monotonic() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        try:
            v = json.loads(out.stdout)
        except json.JSONDecodeError:
            print(f"| {name} | exit {out.returncode}: {out.stderr.strip()[:60]} | | | | | {wall:.2f} | {cpu:.2f} |")
            continue
        g = v["grade"]
        rungs = ", ".join(f"{r} {n}" for r, n in g["rungs"])
        print(
            f"| {name} | {v['status']} | {g['steps']} | {g['level']} | {rungs} | {g['longest_chain']} "
            f"| {wall:.2f} | {cpu:.2f} |"
        )


if __name__ == "__main__":
    main()
