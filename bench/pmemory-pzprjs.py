#!/usr/bin/env python3
"""pzprjs's checker as the judge of snakesat's Persistence of Memory answers (issue 38):
random boards up to 10×10 whose shading is read off random answers, solved by snakesat;
pzprjs (built from a robx/pzprjs checkout, run in node) must read snakesat's URL to the
same URL, call snakesat's answer complete, and refuse every one-line change of it (a line
drawn or erased on one border between two cells: pzprjs's answer is its lines).

    git --git-dir=/work/.mirror/robx+pzprjs/repo archive HEAD | tar -x -C /tmp/pzprjs
    (cd /tmp/pzprjs && npm install --ignore-scripts) && node bench/pzprjs-build.js /tmp/pzprjs
    bench/pmemory-pzprjs.py target/release/snakesat /tmp/pzprjs [N] [SEED] [lazy|eager|generated]

A random answer: walls on each border with a probability drawn per board (0.3 to 0.8),
two circles at random cells, and the answer snakesat finds for the board with no region
shaded (boards without one are skipped); then each region the path visits is shaded with
probability 4/5, unless a shaded region of the same shape and orientation already has
other lines (the answer must stay an answer). The puzzle is solved again (its answer may
differ from the one its shading came from) and that answer is judged. `generated` judges
generated puzzles instead: `snakesat generate pmemory --size RxC --seed S --with-answer`,
sides 4 to 10 and the seed drawn from SEED, the generator's answer and its one-line
changes. Nothing is
committed from the checkout; CI cannot reach GitHub, so this is a session-time judge, not
a test.
"""
import os, random, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pzprjs_judge

binary, pzprjs = sys.argv[1], sys.argv[2]
N = int(sys.argv[3]) if len(sys.argv) > 3 else 100
rng = random.Random(int(sys.argv[4]) if len(sys.argv) > 4 else 38)
mode = sys.argv[5] if len(sys.argv) > 5 else "lazy"

UP, RIGHT, DOWN, LEFT = 1, 2, 4, 8
GLYPHS = [".", "╵", "╶", "└", "╷", "│", "┌", "├", "╴", "┘", "─", "┴", "┐", "┤", "┬", "┼"]


def regions(rows, cols, vwall, hwall):
    """Each cell's region, numbered by first cell (pzprjs's order)."""
    of = [-1] * (rows * cols)
    k = 0
    for s in range(rows * cols):
        if of[s] >= 0:
            continue
        of[s], stack = k, [s]
        while stack:
            i = stack.pop()
            r, c = divmod(i, cols)
            for j, wall in ((i - cols, r > 0 and hwall[(r - 1) * cols + c]), (i + cols, r + 1 < rows and hwall[r * cols + c]),
                            (i - 1, c > 0 and vwall[r * (cols - 1) + c - 1]), (i + 1, c + 1 < cols and vwall[r * (cols - 1) + c])):
                r2, c2 = divmod(j, cols) if 0 <= j < rows * cols else (-1, -1)
                near = (r2 == r and abs(c2 - c) == 1) or (c2 == c and abs(r2 - r) == 1)
                if near and not wall and of[j] < 0:
                    of[j] = k
                    stack.append(j)
        k += 1
    return of, k


def toml(rows, cols, circles, of, shaded):
    def label(i):
        t = f"r{of[i]}"
        return t.upper() if shaded[of[i]] else t
    grid = "\n".join(" ".join("o" if r * cols + c in circles else "." for c in range(cols)) for r in range(rows))
    regs = "\n".join(" ".join(label(r * cols + c) for c in range(cols)) for r in range(rows))
    return f'kind = "pmemory"\ngrid = """\n{grid}\n"""\nregions = """\n{regs}\n"""\n'


def lines_of(grid):
    return [GLYPHS.index(t) for row in grid for t in row.split()]


def pzprv3(rows, cols, vwall, hwall, circles, of, shaded, sol):
    out = ["pzprv3", "pmemory", str(rows), str(cols)]
    row = lambda vals: " ".join(str(v) for v in vals) + " "
    out += [row(int(vwall[r * (cols - 1) + c]) for c in range(cols - 1)) for r in range(rows)]
    out += [row(int(hwall[r * cols + c]) for c in range(cols)) for r in range(rows - 1)]
    out += [row(int(shaded[of[r * cols + c]]) | (2 if r * cols + c in circles else 0) for c in range(cols)) for r in range(rows)]
    out += [row(int(sol[r * cols + c] & RIGHT != 0) for c in range(cols - 1)) for r in range(rows)]
    out += [row(int(sol[r * cols + c] & DOWN != 0) for c in range(cols)) for r in range(rows - 1)]
    out += [row(0 for _ in range(cols)) for _ in range(rows)]
    return "\n".join(out) + "\n"


def changes(rows, cols, sol):
    """Every one-border change: a line drawn or erased between two neighbours."""
    for r in range(rows):
        for c in range(cols):
            i = r * cols + c
            for d, j, back in ((RIGHT, i + 1, LEFT), (DOWN, i + cols, UP)):
                if (d == RIGHT and c + 1 < cols) or (d == DOWN and r + 1 < rows):
                    t = sol[:]
                    t[i] ^= d
                    t[j] ^= back
                    yield t


def shape_of(rows, cols, of, q):
    cs = sorted(i for i in range(rows * cols) if of[i] == q)
    r0 = min(i // cols for i in cs)
    c0 = min(i % cols for i in cs)
    return [(i // cols - r0, i % cols - c0) for i in cs]


def clist(rows, cols, vwall, hwall, start):
    """A region's cells in pzprjs's `clist` order (encodings/pmemory.md §1.2): a stack
    search from its first cell, a cell taken when popped, its neighbours across no wall
    pushed above, left, right, below."""
    order, taken, stack = [], set(), [start]
    while stack:
        i = stack.pop()
        if i in taken:
            continue
        taken.add(i)
        order.append(i)
        r, c = divmod(i, cols)
        for j, ok in ((i - cols, r > 0 and not hwall[(r - 1) * cols + c]), (i - 1, c > 0 and not vwall[r * (cols - 1) + c - 1]),
                      (i + 1, c + 1 < cols and not vwall[r * (cols - 1) + c]), (i + cols, r + 1 < rows and not hwall[r * cols + c])):
            if ok:
                stack.append(j)
    return order


def copies_agree(rows, cols, vwall, hwall, of, shaded, sol, k):
    """Whether region k's lines agree with every shaded region of its shape and orientation,
    cell by cell in pzprjs's `clist` order."""
    first = lambda q: min(i for i in range(rows * cols) if of[i] == q)
    mine = shape_of(rows, cols, of, k)
    lines = lambda q: [sol[i] for i in clist(rows, cols, vwall, hwall, first(q))]
    for q in range(len(shaded)):
        if q != k and shaded[q] and shape_of(rows, cols, of, q) == mine:
            if lines(q) != lines(k):
                return False
    return True


def generated():
    """The generated puzzles' jobs, as the random boards' below."""
    import json, subprocess, time
    jobs, meta, times = [], [], []
    for _ in range(N):
        rows, cols, seed = rng.randint(4, 10), rng.randint(4, 10), rng.randint(1, 10**6)
        t = time.time()
        r = subprocess.run([binary, "generate", "pmemory", "--size", f"{rows}x{cols}", "--seed", str(seed),
                            "--with-answer", "--format", "json"], capture_output=True, text=True, check=True)
        times.append(time.time() - t)
        v = json.loads(r.stdout)
        body = lambda key: v["toml"].split(f'{key} = """\n', 1)[1].split('"""', 1)[0].split()
        grid, labels = body("grid"), body("regions")
        names = sorted(set(labels))
        of = [names.index(t) for t in labels]
        shaded = [names[k][0].isupper() for k in range(len(names))]
        vwall = [labels[r * cols + c] != labels[r * cols + c + 1] for r in range(rows) for c in range(cols - 1)]
        hwall = [labels[r * cols + c] != labels[(r + 1) * cols + c] for r in range(rows - 1) for c in range(cols)]
        circles = {i for i, t in enumerate(grid) if t == "o"}
        sol = lines_of(v["answer"]["grid"])
        files = [pzprv3(rows, cols, vwall, hwall, circles, of, shaded, s) for s in [sol] + list(changes(rows, cols, sol))]
        jobs.append((v["url"], files))
        meta.append((rows, cols, v["url"]))
    return jobs, meta, times


if mode == "generated":
    jobs, meta, times = generated()
    results = pzprjs_judge.check(pzprjs, jobs)
    bad = pzprjs_judge.report(meta, results, N, "generated puzzles", "one-line", ("snakesat generate", times))
    sys.exit(1 if bad else 0)

jobs, meta, times, tried, stats = [], [], [], 0, []
while len(jobs) < N:
    tried += 1
    rows, cols = rng.randint(3, 10), rng.randint(3, 10)
    n = rows * cols
    p = rng.uniform(0.3, 0.8)
    vwall = [rng.random() < p for _ in range(rows * (cols - 1))]
    hwall = [rng.random() < p for _ in range(cols * (rows - 1))]
    circles = set(rng.sample(range(n), 2))
    of, nreg = regions(rows, cols, vwall, hwall)
    shaded = [False] * nreg
    grid, _, _ = pzprjs_judge.solve(binary, toml(rows, cols, circles, of, shaded), ["--connectivity", mode])
    if grid is None:
        continue
    sol = lines_of(grid)
    for k in range(nreg):
        if any(sol[i] for i in range(n) if of[i] == k) and rng.random() < 0.8:
            shaded[k] = True
            if not copies_agree(rows, cols, vwall, hwall, of, shaded, sol, k):
                shaded[k] = False
    grid, url, secs = pzprjs_judge.solve(binary, toml(rows, cols, circles, of, shaded), ["--connectivity", mode])
    assert grid is not None, f"shading read off an answer has no answer: {url}"
    times.append(secs)
    shapes = [tuple(shape_of(rows, cols, of, k)) for k in range(nreg) if shaded[k]]
    stats.append((nreg, sum(shaded), len(shapes) - len(set(shapes))))
    sol = lines_of(grid)
    files = [pzprv3(rows, cols, vwall, hwall, circles, of, shaded, s) for s in [sol] + list(changes(rows, cols, sol))]
    jobs.append((url, files))
    meta.append((rows, cols, url))

results = pzprjs_judge.check(pzprjs, jobs)
label = f"snakesat solve --connectivity {mode}"
bad = pzprjs_judge.report(meta, results, tried, "random boards", "one-line", (label, times))
shade = sorted(s for _, s, _ in stats)
print(f"regions per board: {min(r for r, _, _ in stats)} to {max(r for r, _, _ in stats)}; shaded regions per board: "
      f"median {shade[len(shade) // 2]}, max {shade[-1]}, boards with none {sum(s == 0 for s in shade)}")
print(f"boards where two shaded regions share a shape and orientation (rule 4 binds): {sum(c > 0 for _, _, c in stats)}, "
      f"{sum(c for _, _, c in stats)} such regions beyond the first of their shape")
sys.exit(1 if bad else 0)
