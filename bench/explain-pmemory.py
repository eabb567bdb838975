#!/usr/bin/env python3
"""Explains random Persistence of Memory boards (there is no generator for the genre yet):
the board cut into random dominoes and single cells, a random path that never
touches itself (grown cell by cell, the longest of a few tries) with the circles at its
ends, then the regions that path visits shaded at random (a region is shaded only when its lines agree with every shaded region of
its shape and orientation, so the answer stays one); while the board has more than one
answer, more visited regions are shaded; boards that never become unique are skipped.
Each unique board is explained with `snakesat explain --format json`, one at a time on one
core. Prints a Markdown table: how each ended, its steps, the steps by level, the longest
forcing chain, the search steps and the seconds (wall and CPU).

    python3 bench/explain-pmemory.py [--bin target/release/snakesat] [--sizes 6x6,8x8,10x10]
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


def toml(grid, labels, shaded):
    lab = [[(labels[r][c].upper() if shaded[labels[r][c]] else labels[r][c]) for c in range(len(grid[0]))]
           for r in range(len(grid))]
    return ('kind = "pmemory"\ngrid = """\n' + "\n".join(" ".join(r) for r in grid) + '\n"""\n'
            + 'regions = """\n' + "\n".join(" ".join(r) for r in lab) + '\n"""\n')


def run(a, args, path):
    out = subprocess.run([a.bin] + args[:1] + [path] + args[1:], capture_output=True, text=True)
    try:
        return out.returncode, json.loads(out.stdout)
    except json.JSONDecodeError:
        return out.returncode, None


def regions(rng, rows, cols):
    """Region labels (`r0`, `r1`, ...): a random tiling by dominoes and single cells, so
    that many regions share a shape (the twins the rules compare)."""
    lab = [[None] * cols for _ in range(rows)]
    order = [(r, c) for r in range(rows) for c in range(cols)]
    rng.shuffle(order)
    n = 0
    for r, c in order:
        if lab[r][c] is not None:
            continue
        lab[r][c] = f"r{n}"
        free = [(r2, c2) for r2, c2 in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                if 0 <= r2 < rows and 0 <= c2 < cols and lab[r2][c2] is None]
        if free and rng.random() < 0.7:
            r2, c2 = rng.choice(free)
            lab[r2][c2] = f"r{n}"
        n += 1
    return lab


def shape(cells):
    r0, c0 = min(r for r, _ in cells), min(c for _, c in cells)
    return tuple(sorted((r - r0, c - c0) for r, c in cells))


def walk(rng, rows, cols):
    """A random path that never comes beside itself (orthogonally or diagonally, but for
    the cells before and after): the longest of 20 random growths."""
    best = []
    for _ in range(20):
        path = [(rng.randrange(rows), rng.randrange(cols))]
        on = set(path)
        while True:
            r, c = path[-1]
            ok = []
            for r2, c2 in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if not (0 <= r2 < rows and 0 <= c2 < cols) or (r2, c2) in on:
                    continue
                near = [(r2 + dr, c2 + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)]
                # Only the current cell and its own neighbours may be near the new one.
                if all(x not in on or x == (r, c) or abs(x[0] - r) + abs(x[1] - c) == 1 for x in near):
                    ok.append((r2, c2))
            if not ok:
                break
            path.append(rng.choice(ok))
            on.add(path[-1])
        if len(path) > len(best):
            best = path
    return best


def board(a, rng, rows, cols, path):
    """A unique board, or None."""
    grid = [["." for _ in range(cols)] for _ in range(rows)]
    route = walk(rng, rows, cols)
    if len(route) < 3:
        return None
    for r, c in (route[0], route[-1]):
        grid[r][c] = "o"
    on = set(route)
    labels = regions(rng, rows, cols)
    cells = {}
    for r in range(rows):
        for c in range(cols):
            cells.setdefault(labels[r][c], []).append((r, c))
    # The path's line characters, to compare shaded regions of one shape.
    glyphs = " ╵╶└╷│┌├╴┘─┴┐┤┬┼"
    bits = {}
    for (r1, c1), (r2, c2) in zip(route, route[1:]):
        d = {(-1, 0): 1, (0, 1): 2, (1, 0): 4, (0, -1): 8}[(r2 - r1, c2 - c1)]
        bits[(r1, c1)] = bits.get((r1, c1), 0) | d
        bits[(r2, c2)] = bits.get((r2, c2), 0) | {1: 4, 2: 8, 4: 1, 8: 2}[d]

    def lines(k):
        return [glyphs[bits.get(x, 0)] for x in sorted(cells[k])]

    shaded = {k: False for k in cells}
    visited = [k for k in cells if any(x in on for x in cells[k])]
    rng.shuffle(visited)
    by_shape = {}
    for k in visited:
        if rng.random() < 0.5:
            continue
        s = shape(cells[k])
        if by_shape.setdefault(s, lines(k)) == lines(k):
            shaded[k] = True
    for k in [None] + visited:
        if k is not None:
            if shaded[k]:
                continue
            s = shape(cells[k])
            if by_shape.setdefault(s, lines(k)) != lines(k):
                continue
            shaded[k] = True
        open(path, "w").write(toml(grid, labels, shaded))
        code, v = run(a, ["solve", "--unique", "--format", "json", "--timeout", "20"], path)
        if code == 0 and v and v.get("unique"):
            return grid
    return None


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
