#!/usr/bin/env python3
"""The parity snake's ladder on boards a person could be given: the answer of a fixture
(`unique-9x9.toml` by default), one snake cell of it given with its parity, and every
other cell's parity given with probability P (lowercase `e`/`o`, not saying snake or not),
drawn with seeds 1..N. Each board is explained with `snakesat explain --format json
--encoding plain` on one core, and a Markdown row printed per board: how it ended, the
steps by level, the longest forcing chain, and the CPU seconds. Boards with several
answers are listed as such (no explanation can finish them).

    python3 bench/explain-parity.py [--bin target/release/snakesat] [--fixture F]
        [--p 0.3,0.4,0.5] [--seeds 8] [--timeout 120]

The table for `bench/explain.md`; the machine's load goes beside it.
"""

import argparse
import json
import os
import random
import resource
import subprocess
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def answer(binary, fixture):
    out = subprocess.run([binary, "solve", fixture], capture_output=True, text=True, check=True).stdout
    return [line.split() for line in out.splitlines()[1:] if line.strip()]


def board(header, rows, p, seed):
    rng = random.Random(seed)
    snake = [(r, c) for r, row in enumerate(rows) for c, t in enumerate(row) if t in "EO"]
    keep = snake[rng.randrange(len(snake))]
    grid = []
    for r, row in enumerate(rows):
        cells = []
        for c, t in enumerate(row):
            if (r, c) == keep:
                cells.append(t)
            elif rng.random() < p:
                cells.append(t.lower())
            else:
                cells.append(".")
        grid.append(" ".join(cells))
    return header + 'grid = """\n' + "\n".join(grid) + '\n"""\n'


def cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default=os.path.join(ROOT, "target/release/snakesat"))
    ap.add_argument("--fixture", default=os.path.join(ROOT, "fixtures/parity-snake/unique-9x9.toml"))
    ap.add_argument("--p", default="0.3,0.4,0.5")
    ap.add_argument("--seeds", type=int, default=8)
    ap.add_argument("--timeout", type=float, default=120)
    a = ap.parse_args()
    text = open(a.fixture).read()
    header = "".join(line for line in text[: text.index("grid")].splitlines(True) if not line.startswith("#"))
    rows = answer(a.bin, a.fixture)
    print("| P | seed | givens | ended | steps | by level | longest chain | CPU s |")
    print("|---|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        for p in [float(x) for x in a.p.split(",")]:
            for seed in range(1, a.seeds + 1):
                path = os.path.join(tmp, f"p{p}-{seed}.toml")
                body = board(header, rows, p, seed)
                with open(path, "w") as f:
                    f.write(body)
                givens = sum(1 for line in body.split('"""')[1].split() if line != ".")
                before = cpu()
                cmd = ["taskset", "-c", "1", a.bin, "explain", path, "--format", "json", "--encoding", "plain"]
                try:
                    out = subprocess.run(cmd, capture_output=True, text=True, timeout=a.timeout).stdout
                    v = json.loads(out)
                    g = v.get("grade") or {}
                    levels = ", ".join(f"{r} {n}" for r, n in g.get("rungs", []))
                    row = [v["status"], str(g.get("steps", 0)), levels, str(g.get("longest_chain", 0))]
                except subprocess.TimeoutExpired:
                    row = [f"not done in {a.timeout:.0f} s", "", "", ""]
                print(f"| {p} | {seed} | {givens} | " + " | ".join(row) + f" | {cpu() - before:.2f} |", flush=True)


if __name__ == "__main__":
    main()
