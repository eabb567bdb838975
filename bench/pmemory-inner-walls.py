#!/usr/bin/env python3
"""pzprjs as the judge of Persistence of Memory where walls run inside shaded regions
(issue 70): pzprjs compares two same-shaped regions cell by cell in its search order (its
rooms' `clist`), not by position. Random boards of 4 to 6 rows and columns, each with two
or three shaded blocks of one shape (2×2 or 2×3, or 3×2) walled round, each with walls inside
at random that leave it one region, random walls elsewhere and two circles; pzprjs
writes each board's URL (the TOML form cannot say a wall inside a region) and finds every
answer it accepts by exhaustion (bench/pmemory-pzprjs-paths.js); snakesat counts the URL
and lists its answers (`count --list`). The two sets must be equal, board by board.

    bench/pmemory-inner-walls.py target/release/snakesat /tmp/pzprjs [N] [SEED]
"""
import json, os, random, subprocess, sys, tempfile

here = os.path.dirname(os.path.abspath(__file__))
binary, pzprjs = sys.argv[1], sys.argv[2]
N = int(sys.argv[3]) if len(sys.argv) > 3 else 100
rng = random.Random(int(sys.argv[4]) if len(sys.argv) > 4 else 70)


def connected(cells, wall):
    cells = set(cells)
    start = min(cells)
    seen, stack = {start}, [start]
    while stack:
        i = stack.pop()
        for j in cells:
            if j not in seen and (i, j) in nb and not wall[(min(i, j), max(i, j))]:
                seen.add(j)
                stack.append(j)
    return seen == cells


def board():
    global nb
    rows, cols = rng.randint(4, 6), rng.randint(4, 6)
    n = rows * cols
    edges = [(i, i + 1) for i in range(n) if i % cols + 1 < cols] + [(i, i + cols) for i in range(n - cols)]
    nb = set(edges) | {(b, a) for a, b in edges}
    wall = {e: rng.random() < 0.15 for e in edges}
    h, w = rng.choice([(2, 2), (2, 3), (3, 2)])
    shaded = [False] * n
    blocks, want = [], rng.choice([2, 2, 2, 3])
    for _ in range(40):
        if len(blocks) == want:
            break
        r0, c0 = rng.randint(0, rows - h), rng.randint(0, cols - w)
        cells = [(r0 + r) * cols + c0 + c for r in range(h) for c in range(w)]
        if any(shaded[i] for i in cells):
            continue
        for i in cells:
            shaded[i] = True
        for a, b in edges:
            if (a in cells) != (b in cells):
                wall[(a, b)] = True
        inner = [(a, b) for a, b in edges if a in cells and b in cells]
        for e in inner:
            wall[e] = False
        for e in rng.sample(inner, rng.randint(0, 2)):
            wall[e] = True
            if not connected(cells, wall):
                wall[e] = False
        blocks.append(cells)
    if len(blocks) < 2:
        return None
    a, b = rng.sample(range(n), 2)
    out = ["pzprv3", "pmemory", str(rows), str(cols)]
    row = lambda vals: " ".join(str(int(v)) for v in vals) + " "
    out += [row(wall[(r * cols + c, r * cols + c + 1)] for c in range(cols - 1)) for r in range(rows)]
    out += [row(wall[(r * cols + c, (r + 1) * cols + c)] for c in range(cols)) for r in range(rows - 1)]
    out += [row(int(shaded[r * cols + c]) | (2 if r * cols + c in (a, b) else 0) for c in range(cols)) for r in range(rows)]
    out += [row(0 for _ in range(cols - 1)) for _ in range(rows)]
    out += [row(0 for _ in range(cols)) for _ in range(rows - 1)]
    out += [row(0 for _ in range(cols)) for _ in range(rows)]
    return "\n".join(out) + "\n"


boards = same = answers = with_answers = inner = 0
bad = []
while boards < N:
    text = board()
    if text is None:
        continue
    boards += 1
    r = subprocess.run(["node", os.path.join(here, "pmemory-pzprjs-paths.js"), pzprjs, text],
                       capture_output=True, text=True, check=True)
    head, *theirs = r.stdout.splitlines()
    url = json.loads(head)["url"]
    with tempfile.NamedTemporaryFile(suffix=".txt", delete=False) as f:
        listing = f.name
    c = subprocess.run([binary, "count", url, "--list", listing], capture_output=True, text=True)
    assert c.returncode in (0, 1, 5), (url, c.stderr)  # 1: no answer, 5: several
    mine = [" / ".join(json.loads(l)["grid"]) for l in open(listing)]
    os.unlink(listing)
    answers += len(theirs)
    with_answers += bool(theirs)
    if sorted(mine) == sorted(theirs):
        same += 1
    else:
        bad.append((url, len(mine), len(theirs)))
print(f"boards: {boards}; with an answer pzprjs accepts: {with_answers}; answers pzprjs accepts: {answers}")
print(f"boards where snakesat's answers are exactly pzprjs's: {same}/{boards}")
for b in bad[:10]:
    print("MISMATCH", *b)
sys.exit(1 if bad else 0)
