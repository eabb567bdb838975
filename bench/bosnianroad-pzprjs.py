#!/usr/bin/env python3
"""pzprjs's checker as the judge of snakesat's Bosnian Road answers (issue 38), and noqx
(clingo) beside snakesat on the same puzzles: random boards up to 10×10 whose clues are
read off random answers, solved by snakesat; pzprjs (built from a robx/pzprjs checkout, run
in node) must read snakesat's URL to the same URL, call snakesat's answer complete, and
refuse every one-cell change of it (a cell shaded or unshaded; grey cells are left alone:
pzprjs's input cannot shade them). With a noqx checkout and a Python with clingo, each
puzzle is also solved by noqx's Bosnian Road program (`solver/bosnianroad.py`, grounded and
solved by clingo for up to two answers) and its verdict — no answer, one, several — and
its one answer are compared with snakesat's `solve --unique`, with both times.

    git --git-dir=/work/.mirror/robx+pzprjs/repo archive HEAD | tar -x -C /tmp/pzprjs
    (cd /tmp/pzprjs && npm install --ignore-scripts) && node bench/pzprjs-build.js /tmp/pzprjs
    git --git-dir=/work/.mirror/T0nyX1ang+noqx/repo archive HEAD | tar -x -C /tmp/noqx
    python3 -m venv /tmp/venv && /tmp/venv/bin/pip install clingo
    bench/bosnianroad-pzprjs.py target/release/snakesat /tmp/pzprjs [N] [SEED] [lazy|eager] [/tmp/noqx /tmp/venv/bin/python] [generated]

A random answer: a few random cells (1 to 4) given a random number 3–5 (more than a 2×2
block, the smallest loop, shows any cell) and a few grey cells, the answer snakesat finds for them (boards without one are skipped); then each of its
unshaded cells is made a clue with probability 2/5, one time in five a grey cell without a
number, else the count of shaded cells around it. The puzzle is solved again (its answer may
differ from the one its clues came from) and that answer is judged. Nothing is committed
from the checkouts (with `generated`, the puzzles are `snakesat generate bosnian-road` of
seeds 1..N instead, on boards of 4 to 10 rows and columns drawn from SEED); CI cannot reach GitHub, so this is a session-time judge, not a test.
"""
import json, os, random, subprocess, sys, time

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
noqx, noqx_python = (sys.argv[6], sys.argv[7]) if len(sys.argv) > 7 else (None, None)


def toml(rows, cols, clues):
    grid = "\n".join(" ".join(clues[r * cols + c] for c in range(cols)) for r in range(rows))
    return f'kind = "bosnian-road"\ngrid = """\n{grid}\n"""\n'


def shaded(grid):
    return [t == "#" for row in grid for t in row.split()]


def around(rows, cols, i):
    r, c = divmod(i, cols)
    return [rr * cols + cc for rr in range(r - 1, r + 2) for cc in range(c - 1, c + 2)
            if (rr, cc) != (r, c) and 0 <= rr < rows and 0 <= cc < cols]


def pzprv3(rows, cols, clues, s):
    lines = ["pzprv3", "bosnianroad", str(rows), str(cols)]
    lines += [" ".join(clues[r * cols + c] for c in range(cols)) + " " for r in range(rows)]
    lines += [" ".join("#" if s[r * cols + c] else "." for c in range(cols)) + " " for r in range(rows)]
    return "\n".join(lines) + "\n"


def toggles(clues, s):
    for i in range(len(s)):
        if clues[i] == ".":
            t = s[:]
            t[i] = not t[i]
            yield t


def ours(rows, cols, clues):
    """snakesat's verdict (0, 1 or 2 answers, 2 meaning two or more), its first answer, seconds."""
    import tempfile
    with tempfile.NamedTemporaryFile("w", suffix=".toml", delete=False) as f:
        f.write(toml(rows, cols, clues))
    t = time.time()
    r = subprocess.run([binary, "solve", f.name, "--unique", "--format", "json", "--connectivity", mode],
                       capture_output=True, text=True)
    secs = time.time() - t
    os.unlink(f.name)
    if r.returncode not in (0, 5):
        return 0, None, secs
    v = json.loads(r.stdout)
    return (1 if v["unique"] else 2), shaded(v["solution"]["grid"]), secs


def random_puzzles():
    """Random clue sets read off an answer: (tried, rows, cols, clues)."""
    tried = 0
    while True:
        tried += 1
        rows, cols = rng.randint(3, 10), rng.randint(3, 10)
        n = rows * cols
        clues = ["."] * n
        for i in rng.sample(range(n), rng.randint(1, 4)):
            clues[i] = str(rng.randint(3, 5))
        for i in rng.sample(range(n), rng.randint(0, n // 10)):
            clues[i] = "-"
        grid, _, _ = pzprjs_judge.solve(binary, toml(rows, cols, clues), ["--connectivity", mode])
        if grid is None:
            continue
        s = shaded(grid)
        clues = ["."] * n
        for i in range(n):
            if not s[i] and rng.random() < 0.4:
                clues[i] = "-" if rng.random() < 0.2 else str(sum(s[j] for j in around(rows, cols, i)))
        yield tried, rows, cols, clues


def generated_puzzles():
    for seed, (rows, cols, clues, _) in enumerate(pzprjs_judge.generated(binary, "bosnian-road", N, rng), 1):
        yield seed, rows, cols, clues


jobs, meta, times, tried, puzzles = [], [], [], 0, []
for tried, rows, cols, clues in generated_puzzles() if GENERATED else random_puzzles():
    grid, url, secs = pzprjs_judge.solve(binary, toml(rows, cols, clues), ["--connectivity", mode])
    assert grid is not None, f"clues read off an answer have no answer: {url}"
    times.append(secs)
    s = shaded(grid)
    files = [pzprv3(rows, cols, clues, s)] + [pzprv3(rows, cols, clues, t) for t in toggles(clues, s)]
    jobs.append((url, files))
    meta.append((rows, cols, url))
    puzzles.append((rows, cols, clues))
    if len(jobs) == N:
        break

results = pzprjs_judge.check(pzprjs, jobs)
label = f"snakesat solve --connectivity {mode}"
what = "seeds of `snakesat generate bosnian-road`" if GENERATED else "random clue sets"
bad = pzprjs_judge.report(meta, results, tried, what, "one-cell", (label, times))

if noqx:
    # noqx's program for each puzzle, solved by clingo in its own Python (bench/noqx-bosnianroad.py).
    here = os.path.dirname(os.path.abspath(__file__))
    lines = [json.dumps({"rows": r, "cols": c, "clues": cl}) for r, c, cl in puzzles]
    out = subprocess.run([noqx_python, os.path.join(here, "noqx-bosnianroad.py"), noqx], input="\n".join(lines) + "\n",
                         capture_output=True, text=True, check=True).stdout.splitlines()
    theirs = [json.loads(l) for l in out]
    assert len(theirs) == len(puzzles)
    same = 0
    verdicts, differ = {}, []
    names = {0: "none", 1: "unique", 2: "several"}
    ours_t, noqx_t = [], []
    for (rows, cols, clues), them, (_, _, url) in zip(puzzles, theirs, meta):
        v, sol, secs = ours(rows, cols, clues)
        ours_t.append(secs)
        noqx_t.append(them["secs"])
        agree = v == them["verdict"] and (v != 1 or sol == them["answer"])
        same += agree
        verdicts[(v, them["verdict"])] = verdicts.get((v, them["verdict"]), 0) + 1
        if not agree:
            block = sol is not None and any(all(sol[r * cols + c + d] for d in (0, 1, cols, cols + 1))
                                   for r in range(rows - 1) for c in range(cols - 1))
            why = " (snakesat's answer is a 2x2 block, which noqx's avoid_rect forbids)" if block else ""
            differ.append(url)
            print("NOQX DIFFERS", url, "snakesat", names[v], "noqx", names[them["verdict"]] + why)
    ours_t.sort()
    noqx_t.sort()
    print(f"verdicts equal to noqx's (none / unique / several, and the unique answer): {same}/{len(puzzles)}")
    print("  " + ", ".join(f"snakesat {names[a]} / noqx {names[b]}: {k}" for (a, b), k in sorted(verdicts.items())))
    print(f"snakesat solve --unique --connectivity {mode} (wall clock, incl. process start): "
          f"median {ours_t[len(ours_t) // 2]:.3f} s, max {ours_t[-1]:.3f} s, total {sum(ours_t):.1f} s")
    print(f"noqx program + clingo, up to 2 answers (in one process, no start-up): "
          f"median {noqx_t[len(noqx_t) // 2]:.3f} s, max {noqx_t[-1]:.3f} s, total {sum(noqx_t):.1f} s")
sys.exit(1 if bad else 0)
