"""noqx's Bosnian Road program (T0nyX1ang/noqx, `solver/bosnianroad.py`) solved by clingo
for each puzzle read from stdin, one JSON line each ({"rows", "cols", "clues": tokens as in
snakesat's TOML: `.`, `-` grey, a number}); prints {"verdict": 0, 1 or 2 (two or more),
"answer": the one answer's shaded cells row by row, "secs"}. Run with a Python that has
clingo (`pip install clingo`): python bench/noqx-bosnianroad.py NOQX_DIR < puzzles.jsonl.
The board goes in as noqx's penpa front end would hand it over (`Puzzle.text` for numbers,
a grey `Puzzle.surface` for grey cells); clingo is run as `noqx.clingo.ClingoSolver` runs it.
"""
import json, re, sys, time

sys.path.insert(0, sys.argv[1])
from noqx.clingo import ClingoSolver, Config  # noqa: E402
from noqx.puzzle import Color, Point, Puzzle  # noqa: E402
from solver.bosnianroad import BosnianRoadSolver  # noqa: E402

Config.max_solutions_to_find = 2
for line in sys.stdin:
    if not line.strip():
        continue
    job = json.loads(line)
    rows, cols, clues = job["rows"], job["cols"], job["clues"]
    t = time.perf_counter()
    p = Puzzle("bosnianroad", "")
    p.row, p.col = rows, cols
    for i, tok in enumerate(clues):
        r, c = divmod(i, cols)
        if tok == "-":
            p.surface[Point(r, c)] = Color.GRAY
        elif tok != ".":
            p.text[Point(r, c)] = int(tok)
    program = BosnianRoadSolver().solve(p)
    solver = ClingoSolver()
    solver.solve(program)
    models = solver.solution()
    secs = time.perf_counter() - t
    answer = None
    if len(models) == 1:
        cells = {(int(r), int(c)) for r, c in re.findall(r"black\((\d+),\s*(\d+)\)", models[0])}
        answer = [(i // cols, i % cols) in cells for i in range(rows * cols)]
    print(json.dumps({"verdict": min(len(models), 2), "answer": answer, "secs": secs}), flush=True)
