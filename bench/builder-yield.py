#!/usr/bin/env python3
"""How often the live job's builder (`Generate::construct` under `solve --forced`) builds an
answer on boards with few clues: every board made of one or two clues of each puzzle given,
`SNAKESAT_TRACE=1 BINARY solve BOARD --forced`, its line "built N answers in K of M starts".
Counts, not times: the builder's starts are the same on every run.

    bench/builder-yield.py BINARY PUZZLE.toml...

Prints one row per puzzle and the total: boards, boards with an answer built, answers built.
"""
import itertools, os, re, subprocess, sys, tempfile, tomllib


def boards(path):
    """The puzzle's text with only the clues of each one- or two-clue subset kept."""
    text = open(path).read()
    doc = tomllib.loads(text)
    rows = [r.split() for r in doc["grid"].strip("\n").split("\n")]
    clues = [(r, c) for r, row in enumerate(rows) for c, t in enumerate(row) if t != "."]
    head = f'kind = "{doc["kind"]}"\neggs = [' + ", ".join(map(str, doc["eggs"])) + "]\n"
    for keep in [(x,) for x in clues] + list(itertools.combinations(clues, 2)):
        grid = "\n".join(" ".join(t if (r, c) in keep else "." for c, t in enumerate(row)) for r, row in enumerate(rows))
        yield head + 'grid = """\n' + grid + '\n"""\n'


def built(binary, text):
    with tempfile.NamedTemporaryFile("w", suffix=".toml", delete=False) as f:
        f.write(text)
    try:
        env = dict(os.environ, SNAKESAT_TRACE="1")
        # The builder runs first; the rest of the job is not needed.
        p = subprocess.run([binary, "solve", f.name, "--forced", "--timeout", "3"], env=env,
                           capture_output=True, text=True, timeout=30)
        m = re.search(r"built (\d+) answers in", p.stderr)
        # No line: no start began (clues the builder refuses at once), so nothing built.
        return int(m.group(1)) if m else 0
    finally:
        os.unlink(f.name)


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    binary, total = sys.argv[1], [0, 0, 0]
    print("| puzzle | boards | with an answer built | answers built |\n|---|---|---|---|")
    for path in sys.argv[2:]:
        counts = [built(binary, b) for b in boards(path)]
        row = [len(counts), sum(1 for n in counts if n > 0), sum(counts)]
        total = [a + b for a, b in zip(total, row)]
        print(f"| {os.path.basename(path)} | {row[0]} | {row[1]} | {row[2]} |")
    print(f"| all | {total[0]} | {total[1]} | {total[2]} |")


if __name__ == "__main__":
    main()
