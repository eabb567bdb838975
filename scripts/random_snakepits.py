#!/usr/bin/env python3
"""Random sparse Snake Pits for the timing rows of issue 29 (`bench/scale.md`).

    random_snakepits.py SEED COUNT OUT_DIR

Writes COUNT puzzle files `OUT_DIR/pit-NN.toml`, each 5x5 to 12x12 with few clues: a `?`,
a few lengths, a few given walls, now and then a circle or a grey cell. They are drawn at
random, not solved, so some have no answer: what is timed is how fast a verdict comes,
as it would for a setter's board in the making. The same SEED gives the same files.

Plain Python 3, no dependencies.
"""

import os
import random
import sys


def board(rng):
    rows, cols = rng.randint(5, 12), rng.randint(5, 12)
    cells = [["." for _ in range(cols)] for _ in range(rows)]
    spots = [(r, c) for r in range(rows) for c in range(cols)]
    rng.shuffle(spots)
    style = rng.choice(["question", "lengths", "walls", "mixed", "blank"])
    clues = {"question": 1, "lengths": rng.randint(1, 3), "walls": 0, "mixed": rng.randint(1, 3), "blank": 0}[style]
    for r, c in spots[:clues]:
        cells[r][c] = "?" if style == "question" or rng.random() < 0.3 else str(rng.randint(2, 8))
    if rng.random() < 0.3:
        r, c = spots[clues]
        cells[r][c] = cells[r][c].replace(".", "") + rng.choice(["o", "*"])
    walls = []
    if style in ("walls", "mixed"):
        for _ in range(rng.randint(1, 4)):
            r, c = rng.randrange(rows), rng.randrange(cols)
            if rng.random() < 0.5 and c + 1 < cols:
                walls.append([r + 1, c + 1, r + 1, c + 2])
            elif r + 1 < rows:
                walls.append([r + 1, c + 1, r + 2, c + 1])
    text = "\n".join("  ".join(f"{x:<2}" for x in row).rstrip() for row in cells)
    out = f'# random sparse Snake Pit ({style}), scripts/random_snakepits.py\nkind = "snakepit"\n'
    if walls:
        out += "walls = [" + ", ".join(str(w) for w in walls) + "]\n"
    return out + f'grid = """\n{text}\n"""\n'


def main():
    seed, count, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    rng = random.Random(seed)
    os.makedirs(out, exist_ok=True)
    for i in range(count):
        with open(os.path.join(out, f"pit-{i:02}.toml"), "w") as f:
            f.write(board(rng))


if __name__ == "__main__":
    main()
