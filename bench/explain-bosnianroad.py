#!/usr/bin/env python3
"""Random Bosnian Road puzzles explained by `snakesat explain` (there is no generator for
the genre yet): for each size and seed, a random answer is found by snakesat (a few random
cells given a number 3-5, as in `bench/bosnianroad-pzprjs.py`), then each of its unshaded
cells becomes a clue with probability 2/5 (one in five a grey cell without a number, else
the count of shaded cells around it); while the puzzle has more than one answer, more
unshaded cells become numbers; with `--minimal`, every clue the puzzle stays unique without
is then dropped, in a random order. Each unique puzzle is explained on one core; the table
says how it ended, its steps, the steps by level and the seconds.

    python3 bench/explain-bosnianroad.py [--bin target/release/snakesat] [--sizes 6,8,10] [--seeds 1-10] [--timeout 60] [--minimal]
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


def toml(n, clues):
    grid = "\n".join(" ".join(clues[r * n + c] for c in range(n)) for r in range(n))
    return f'kind = "bosnian-road"\ngrid = """\n{grid}\n"""\n'


def around(n, i):
    r, c = divmod(i, n)
    return [rr * n + cc for rr in range(r - 1, r + 2) for cc in range(c - 1, c + 2)
            if (rr, cc) != (r, c) and 0 <= rr < n and 0 <= cc < n]


def solve(binary, text, unique=False):
    with tempfile.NamedTemporaryFile("w", suffix=".toml", delete=False) as f:
        f.write(text)
    try:
        cmd = [binary, "solve", f.name, "--format", "json"] + (["--unique"] if unique else [])
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
        return json.loads(out.stdout) if out.stdout.strip() else None
    finally:
        os.unlink(f.name)


def shaded(v):
    return [t == "#" for row in v["solution"]["grid"] for t in row.split()]


def minimal(binary, n, clues, rng):
    """`clues` with every clue dropped, in a random order, whose removal keeps it unique."""
    clues = list(clues)
    order = [i for i in range(n * n) if clues[i] != "."]
    rng.shuffle(order)
    for i in order:
        keep, clues[i] = clues[i], "."
        v = solve(binary, toml(n, clues), unique=True)
        if not (v and v.get("unique")):
            clues[i] = keep
    return toml(n, clues)


def puzzle(binary, n, seed, least=False):
    """A unique puzzle of n×n, its clues read off a random answer (with `least`, then
    made minimal)."""
    rng = random.Random(seed * 1000 + n)
    while True:
        clues = ["."] * (n * n)
        for i in rng.sample(range(n * n), rng.randint(1, 4)):
            clues[i] = str(rng.randint(3, 5))
        v = solve(binary, toml(n, clues))
        if not v or v.get("status") != "solved":
            continue
        s = shaded(v)
        base = ["."] * (n * n)
        free = [i for i in range(n * n) if not s[i]]
        rng.shuffle(free)
        for i in free[: len(free) * 2 // 5]:
            base[i] = "-" if rng.random() < 0.2 else str(sum(s[j] for j in around(n, i)))
        rest = [i for i in free if base[i] == "."]
        while True:
            v = solve(binary, toml(n, base), unique=True)
            if v and v.get("unique"):
                return minimal(binary, n, base, rng) if least else toml(n, base)
            if not rest:
                break
            for i in rest[:2]:
                base[i] = str(sum(s[j] for j in around(n, i)))
            rest = rest[2:]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bin", default=os.path.join(ROOT, "target/release/snakesat"))
    ap.add_argument("--sizes", default="6,8,10")
    ap.add_argument("--seeds", default="1-10")
    ap.add_argument("--timeout", type=float, default=60)
    ap.add_argument("--minimal", action="store_true", help="drop every clue the puzzle stays unique without")
    a = ap.parse_args()
    lo, hi = (int(x) for x in a.seeds.split("-"))
    print("| size | seed | clues | status | steps | level | steps by level | CPU s |")
    print("|---|---|---|---|---|---|---|---|")
    for n in (int(x) for x in a.sizes.split(",")):
        for seed in range(lo, hi + 1):
            text = puzzle(a.bin, n, seed, a.minimal)
            clues = sum(1 for t in text.split('"""')[1].split() if t != ".")
            with tempfile.NamedTemporaryFile("w", suffix=".toml", delete=False) as f:
                f.write(text)
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            cmd = ["taskset", "-c", "0", a.bin, "explain", f.name, "--format", "json", "--timeout", str(a.timeout)]
            out = subprocess.run(cmd, capture_output=True, text=True)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            os.unlink(f.name)
            cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
            try:
                v = json.loads(out.stdout)
            except json.JSONDecodeError:
                print(f"| {n}x{n} | {seed} | {clues} | exit {out.returncode} | | | | {cpu:.2f} |")
                continue
            g = v["grade"]
            rungs = ", ".join(f"{r} {k}" for r, k in g["rungs"])
            print(f"| {n}x{n} | {seed} | {clues} | {v['status']} | {g['steps']} | {g['level']} | {rungs} | {cpu:.2f} |",
                  flush=True)


if __name__ == "__main__":
    main()
