#!/usr/bin/env python3
"""Random Snake puzzles (`kind = "snake"`) made answer-first, seeded: a random snake is
grown on the board (a path that never touches itself, not even diagonally, as pzprjs's
checker demands), then its counts are written outside most rows and columns and a few of
its cells are circled (its ends black, body cells white). An answer therefore exists; the
puzzle may have others. Issue 29's "random 20×20 Snakes" row (bench/snake.md).

    scripts/random_snakes.py SEED ROWS COLS [--counts P] [--circles K] > puzzle.toml
"""
import argparse
import random


def grow(rows, cols, rng, want):
    """A snake of about `want` cells, grown from a random cell by extending either end."""
    def ok(shaded, c, attach):
        r, q = c
        if not (0 <= r < rows and 0 <= q < cols) or c in shaded:
            return False
        # Orthogonally, the new cell touches only the end it extends.
        for d in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            n = (r + d[0], q + d[1])
            if n in shaded and n != attach:
                return False
        # Diagonally, it may touch only a cell that also touches `attach` orthogonally
        # (then the 2×2 window holds three shaded cells, which is a bend, allowed).
        for d in ((1, 1), (1, -1), (-1, 1), (-1, -1)):
            n = (r + d[0], q + d[1])
            if n in shaded and abs(n[0] - attach[0]) + abs(n[1] - attach[1]) != 1:
                return False
        return True

    start = (rng.randrange(rows), rng.randrange(cols))
    path = [start]
    shaded = {start}
    stuck = 0
    while len(path) < want and stuck < 50:
        head = rng.random() < 0.5
        end = path[0] if head else path[-1]
        steps = [(end[0] + d[0], end[1] + d[1]) for d in ((1, 0), (-1, 0), (0, 1), (0, -1))]
        rng.shuffle(steps)
        step = next((c for c in steps if ok(shaded, c, end)), None)
        if step is None:
            stuck += 1
            continue
        stuck = 0
        shaded.add(step)
        if head:
            path.insert(0, step)
        else:
            path.append(step)
    return path


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("seed", type=int)
    ap.add_argument("rows", type=int)
    ap.add_argument("cols", type=int)
    ap.add_argument("--counts", type=float, default=0.8, help="share of rows and columns with a count")
    ap.add_argument("--circles", type=int, default=3, help="circled cells (the two ends first, black)")
    a = ap.parse_args()
    rng = random.Random(a.seed)
    path = []
    # Longer snakes make harder puzzles; keep the longest of a few tries.
    for _ in range(20):
        p = grow(a.rows, a.cols, rng, a.rows * a.cols // 3)
        if len(p) > len(path):
            path = p
    shaded = set(path)
    grid = [["." for _ in range(a.cols)] for _ in range(a.rows)]
    circled = [path[0], path[-1]] + rng.sample(path[1:-1], max(0, min(a.circles - 2, len(path) - 2)))
    for i, (r, c) in enumerate(circled[: a.circles]):
        grid[r][c] = "b" if i < 2 else "w"
    cols = [str(sum((r, c) in shaded for r in range(a.rows))) if rng.random() < a.counts else "." for c in range(a.cols)]
    rows = [str(sum((r, c) in shaded for c in range(a.cols))) if rng.random() < a.counts else "." for r in range(a.rows)]
    print(f"# scripts/random_snakes.py {a.seed} {a.rows} {a.cols} --counts {a.counts} --circles {a.circles}: "
          f"a random snake of {len(path)} cells; an answer exists, maybe others")
    print('kind = "snake"')
    print(f'columns = "{" ".join(cols)}"')
    print(f'rows = "{" ".join(rows)}"')
    print('grid = """')
    for row in grid:
        print(" ".join(row))
    print('"""')


if __name__ == "__main__":
    main()
