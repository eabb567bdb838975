#!/usr/bin/env python3
"""pzprjs's checker as the judge of snakesat's Golem Grad answers (issue 38): random boards
up to 10×10 whose clues are read off random answers, solved by snakesat; pzprjs (built from
a robx/pzprjs checkout, run in node) must read snakesat's URL to the same URL, call
snakesat's answer complete, and refuse every one-line change of it (a line added or taken
away between two neighbouring cells).

    git --git-dir=/work/.mirror/robx+pzprjs/repo archive HEAD | tar -x -C /tmp/pzprjs
    (cd /tmp/pzprjs && npm install --ignore-scripts) && node bench/pzprjs-build.js /tmp/pzprjs
    bench/golemgrad-pzprjs.py target/release/snakesat /tmp/pzprjs [N] [SEED] [lazy|eager] [generated]

A random answer: circles at random (2 to 16), the answer snakesat finds for them alone;
then each island gets its size (one time in six a `?`) on a random cell with probability 1/2. The puzzle is solved
again (its answer may differ from the one its clues came from) and that answer is judged.
With `generated`, the puzzles are `snakesat generate golemgrad` of seeds 1..N instead, on
boards of 4 to 10 rows and columns drawn from SEED.
Nothing is committed from the checkout; CI cannot reach GitHub, so this is a session-time
judge, not a test.
"""
import os, random, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pzprjs_judge

# `generated` anywhere after the paths: judge `snakesat generate`'s puzzles instead.
GENERATED = "generated" in sys.argv[3:]
if GENERATED:
    sys.argv.remove("generated")
binary, pzprjs = sys.argv[1], sys.argv[2]
N = int(sys.argv[3]) if len(sys.argv) > 3 else 100
rng = random.Random(int(sys.argv[4]) if len(sys.argv) > 4 else 38)
mode = sys.argv[5] if len(sys.argv) > 5 else "lazy"

UP, RIGHT, DOWN, LEFT = 1, 2, 4, 8
GLYPHS = [".", "╵", "╶", "└", "╷", "│", "┌", "├", "╴", "┘", "─", "┴", "┐", "┤", "┬", "┼"]


def toml(rows, cols, clues):
    grid = "\n".join(" ".join(clues[r * cols + c] for c in range(cols)) for r in range(rows))
    return f'kind = "golemgrad"\ngrid = """\n{grid}\n"""\n'


def solve(rows, cols, clues):
    return pzprjs_judge.solve(binary, toml(rows, cols, clues), ["--connectivity", mode])


def masks(rows, cols, clues, grid):
    out = []
    for r, row in enumerate(grid):
        for c, t in enumerate(row.split()):
            out.append(GLYPHS.index(t) if t in GLYPHS else 0)
    return out


def pzprv3(rows, cols, clues, m):
    q = {"o": "0", "?": "-", ".": "."}
    lines = ["pzprv3", "golemgrad", str(rows), str(cols)]
    lines += [" ".join(q.get(clues[r * cols + c], clues[r * cols + c]) for c in range(cols)) + " " for r in range(rows)]
    lines += [" ".join("0" for _ in range(cols)) + " " for _ in range(rows)]
    lines += [" ".join("1" if m[r * cols + c] & RIGHT else "0" for c in range(cols - 1)) + " " for r in range(rows)]
    lines += [" ".join("1" if m[r * cols + c] & DOWN else "0" for c in range(cols)) + " " for r in range(rows - 1)]
    return "\n".join(lines) + "\n"


def islands(rows, cols, m, clues):
    seen, out = set(), []
    for s in range(rows * cols):
        if m[s] or clues[s] == "o" or s in seen:
            continue
        comp, stack = [], [s]
        seen.add(s)
        while stack:
            i = stack.pop()
            comp.append(i)
            r, c = divmod(i, cols)
            for j in [i - cols if r else None, i + cols if r + 1 < rows else None, i - 1 if c else None, i + 1 if c + 1 < cols else None]:
                if j is not None and j not in seen and not m[j] and clues[j] != "o":
                    seen.add(j)
                    stack.append(j)
        out.append(comp)
    return out


def toggles(rows, cols, m):
    for i in range(rows * cols):
        r, c = divmod(i, cols)
        if c + 1 < cols:
            t = m[:]
            t[i] ^= RIGHT
            t[i + 1] ^= LEFT
            yield t
        if r + 1 < rows:
            t = m[:]
            t[i] ^= DOWN
            t[i + cols] ^= UP
            yield t


def random_puzzles():
    """Random circle sets and the islands of an answer for them: (rows, cols, clues)."""
    tried = 0
    while True:
        tried += 1
        rows, cols = rng.randint(3, 10), rng.randint(3, 10)
        n = rows * cols
        clues = ["."] * n
        for i in rng.sample(range(n), 2 * rng.randint(1, min(8, n // 4))):
            clues[i] = "o"
        grid, _, _ = solve(rows, cols, clues)
        if grid is None:
            continue
        m = masks(rows, cols, clues, grid)
        for comp in islands(rows, cols, m, clues):
            if rng.random() < 0.5:
                clues[rng.choice(comp)] = "?" if rng.random() < 1 / 6 else str(len(comp))
        yield tried, rows, cols, clues


def generated_puzzles():
    for seed, (rows, cols, clues, _) in enumerate(pzprjs_judge.generated(binary, "golemgrad", N, rng), 1):
        yield seed, rows, cols, clues


# Where the numbers stand in their islands (generated puzzles): on the island's first cell
# in reading order, and how many would by chance (one in the island's size).
numbers = first = 0
chance = 0.0
wide = wide_first = 0  # the same on islands of two cells or more
jobs, meta, times, tried = [], [], [], 0
for tried, rows, cols, clues in generated_puzzles() if GENERATED else random_puzzles():
    grid, url, secs = solve(rows, cols, clues)
    assert grid is not None, f"clues read off an answer have no answer: {url}"
    times.append(secs)
    m = masks(rows, cols, clues, grid)
    for comp in islands(rows, cols, m, clues):
        for i in comp:
            if clues[i] not in (".", "o"):
                numbers += 1
                first += i == min(comp)
                chance += 1 / len(comp)
                if len(comp) > 1:
                    wide += 1
                    wide_first += i == min(comp)
    files = [pzprv3(rows, cols, clues, m)] + [pzprv3(rows, cols, clues, t) for t in toggles(rows, cols, m)]
    jobs.append((url, files))
    meta.append((rows, cols, url))
    if len(jobs) == N:
        break

results = pzprjs_judge.check(pzprjs, jobs)
label = f"snakesat solve --connectivity {mode}"
what = "seeds of `snakesat generate golemgrad`" if GENERATED else "random circle sets"
bad = pzprjs_judge.report(meta, results, tried, what, "one-line", (label, times))
if GENERATED:
    print(f"numbers on their island's first cell in reading order: {first}/{numbers} "
          f"(by chance, one in the island's size: {chance:.1f}); on islands of 2 cells or more: {wide_first}/{wide}")
sys.exit(1 if bad else 0)
