#!/usr/bin/env python3
"""A Snake Egg made by construction, for issue 29's rows (`bench/scale.md`).

    random_snake_egg.py SEED ROWS COLS [MIN_EGGS MAX_EGGS]

Draws a random snake (an induced path: each new cell touches no earlier cell but the one
before it, so the snake never touches itself, not even at a corner of a 2x2), grown as long
as it goes; the eggs are the pieces of the cells left. Redraws until the egg count is
within [MIN_EGGS, MAX_EGGS] (default 8..16) and no egg has more than a fifth of the
board. Prints the puzzle file: the bank, both ends
circled and one number in every egg (a random cell of it), with the answer it was drawn
from as a comment, so an answer exists. The same arguments give the same file.

Plain Python 3, no dependencies.
"""

import random
import sys


def neighbours(r, c, rows, cols):
    for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        if 0 <= r + dr < rows and 0 <= c + dc < cols:
            yield r + dr, c + dc


def draw_snake(rng, rows, cols):
    """A random induced path, by depth-first growth with a random turn bias."""
    start = (rng.randrange(rows), rng.randrange(cols))
    path, on = [start], {start}
    stuck = 0
    while stuck < 200:
        r, c = path[-1]
        options = [
            n for n in neighbours(r, c, rows, cols)
            if n not in on and all(m == (r, c) or m not in on for m in neighbours(*n, rows, cols))
        ]
        if not options:
            break
        # Mostly Warnsdorff's rule (the move with the fewest onward moves hugs the edge
        # and the snake, so the snake grows long and leaves eggs of moderate size), now
        # and then a random move, so the shapes vary.
        def onward(n):
            return sum(
                1 for m in neighbours(*n, rows, cols)
                if m not in on and m != (r, c)
                and all(x == n or x not in on for x in neighbours(*m, rows, cols))
            )
        if rng.random() < 0.75:
            best = min(onward(n) for n in options)
            options = [n for n in options if onward(n) == best] if best > 0 else options
        nxt = rng.choice(options)
        path.append(nxt)
        on.add(nxt)
    return path


def eggs(rows, cols, on):
    seen, pieces = set(), []
    for r in range(rows):
        for c in range(cols):
            if (r, c) in on or (r, c) in seen:
                continue
            piece, stack = [], [(r, c)]
            seen.add((r, c))
            while stack:
                x = stack.pop()
                piece.append(x)
                for n in neighbours(*x, rows, cols):
                    if n not in on and n not in seen:
                        seen.add(n)
                        stack.append(n)
            pieces.append(piece)
    return pieces


def main():
    seed, rows, cols = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
    lo, hi = (int(sys.argv[4]), int(sys.argv[5])) if len(sys.argv) > 5 else (8, 16)
    biggest = rows * cols // 5
    rng = random.Random(seed)
    while True:
        path = draw_snake(rng, rows, cols)
        on = set(path)
        pieces = eggs(rows, cols, on)
        if len(path) >= 2 and lo <= len(pieces) <= hi and max(map(len, pieces)) <= biggest:
            break
    grid = [["." for _ in range(cols)] for _ in range(rows)]
    answer = [["#" for _ in range(cols)] for _ in range(rows)]
    for r, c in (path[0], path[-1]):
        grid[r][c] = "o"
    for piece in pieces:
        for r, c in piece:
            answer[r][c] = str(len(piece))
        r, c = rng.choice(piece)
        grid[r][c] = str(len(piece))
    bank = sorted(len(p) for p in pieces)
    w = max(len(x) for row in answer for x in row)
    print(f"# Made by construction: scripts/random_snake_egg.py {' '.join(sys.argv[1:])}")
    print("# (a random snake, the eggs the cells it leaves; both ends and one number per egg).")
    print("# The answer it was drawn from (# the snake, a number its egg's size):")
    for row in answer:
        print("#   " + " ".join(x.rjust(w) for x in row))
    print('kind = "snake-egg"')
    print(f"eggs = [{', '.join(map(str, bank))}]")
    print('grid = """')
    for row in grid:
        print(" ".join(x.rjust(2) for x in row).rstrip())
    print('"""')


if __name__ == "__main__":
    main()
