#!/usr/bin/env python3
"""Explains random Golem Grad boards (there is no generator yet): circles placed at random,
one answer of them found by `snakesat solve`, then every island of that answer given its
size on a random cell of it; boards that are then unique are explained with
`snakesat explain --format json`, one at a time on one core. Prints a Markdown table: how
each ended, its steps, the steps by level, the longest forcing chain, the search steps and
the seconds (wall and CPU). Clues are not minimised: every island is numbered.

    python3 bench/explain-golemgrad.py [--bin target/release/snakesat] [--sizes 6x6,8x8,10x10]
        [--per-size 5] [--seed 1] [--timeout 60] [--keep DIR]

The table for `bench/explain.md`; the machine's load goes beside it.
"""

import argparse
import json
import os
import random
import resource
import subprocess
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def toml(grid):
    return 'kind = "golemgrad"\ngrid = """\n' + "\n".join(" ".join(r) for r in grid) + '\n"""\n'


def run(a, args, path):
    out = subprocess.run([a.bin] + args[:1] + [path] + args[1:], capture_output=True, text=True)
    try:
        return out.returncode, json.loads(out.stdout)
    except json.JSONDecodeError:
        return out.returncode, None


def board(a, rng, rows, cols, path):
    """A unique board, or None."""
    grid = [["." for _ in range(cols)] for _ in range(rows)]
    for _ in range(2 * rng.randint(2, max(2, rows * cols // 12))):
        grid[rng.randrange(rows)][rng.randrange(cols)] = "o"
    open(path, "w").write(toml(grid))
    code, v = run(a, ["solve", "--format", "json", "--timeout", "20"], path)
    if code != 0 or not v or v.get("status") != "solved":
        return None
    sol = [r.split(" ") for r in v["solution"]["grid"]]
    seen = set()
    for r in range(rows):
        for c in range(cols):
            if sol[r][c] != "." or grid[r][c] == "o" or (r, c) in seen:
                continue
            island, todo = [], [(r, c)]
            seen.add((r, c))
            while todo:
                y, x = todo.pop()
                island.append((y, x))
                for y2, x2 in ((y - 1, x), (y + 1, x), (y, x - 1), (y, x + 1)):
                    if 0 <= y2 < rows and 0 <= x2 < cols and (y2, x2) not in seen and sol[y2][x2] == "." \
                            and grid[y2][x2] != "o":
                        seen.add((y2, x2))
                        todo.append((y2, x2))
            y, x = rng.choice(island)
            grid[y][x] = str(len(island))
    open(path, "w").write(toml(grid))
    code, v = run(a, ["solve", "--unique", "--format", "json", "--timeout", "20"], path)
    return grid if code == 0 and v and v.get("unique") else None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bin", default=os.path.join(ROOT, "target/release/snakesat"))
    ap.add_argument("--sizes", default="6x6,8x8,10x10")
    ap.add_argument("--per-size", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=60)
    ap.add_argument("--keep", help="a folder to keep the boards in (TOML)")
    a = ap.parse_args()
    rng = random.Random(a.seed)
    print("| board | status | steps | level | steps by level | longest chain | search steps | command s | CPU s |")
    print("|---|---|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        d = a.keep or tmp
        os.makedirs(d, exist_ok=True)
        for size in a.sizes.split(","):
            rows, cols = map(int, size.split("x"))
            done, tries = 0, 0
            while done < a.per_size and tries < 50 * a.per_size:
                tries += 1
                path = os.path.join(d, f"{size}-{done}.toml")
                if board(a, rng, rows, cols, path) is None:
                    continue
                done += 1
                before = resource.getrusage(resource.RUSAGE_CHILDREN)
                start = time.monotonic()
                cmd = ["taskset", "-c", "0", a.bin, "explain", path, "--format", "json", "--timeout", str(a.timeout)]
                out = subprocess.run(cmd, capture_output=True, text=True)
                wall = time.monotonic() - start
                after = resource.getrusage(resource.RUSAGE_CHILDREN)
                cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
                try:
                    v = json.loads(out.stdout)
                except json.JSONDecodeError:
                    print(f"| {size} #{done} | exit {out.returncode} | | | | | | {wall:.2f} | {cpu:.2f} |")
                    continue
                g = v["grade"]
                rungs = ", ".join(f"{r} {n}" for r, n in g["rungs"])
                search = dict(g["rungs"]).get("search", 0)
                print(
                    f"| {size} #{done} | {v['status']} | {g['steps']} | {g['level']} | {rungs} "
                    f"| {g['longest_chain']} | {search} | {wall:.2f} | {cpu:.2f} |",
                    flush=True,
                )


if __name__ == "__main__":
    main()
