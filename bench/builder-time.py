#!/usr/bin/env python3
"""The live builder's time, two binaries on the same boards: every prefix of each puzzle's
clues (the orders `scripts/bench-live.py --order-seed 1` and `2` reveal them),
`SNAKESAT_TRACE=1 BINARY solve BOARD --forced --timeout 5`, the seconds on its line "built
N answers in K of M starts". The binaries run one after the other on each board, the first
on core 0, the second on core 1. The deadline is far above the slowest build (0.35 s), so
the builds run to their end: the count of answers, the starts begun and the starts of the
new answers must then be the same for a change that only makes the builder faster, and a
board where they differ is printed. A board with no line (no start began) counts as
nothing built.

    bench/builder-time.py BEFORE AFTER PUZZLE.toml...
"""
import importlib.util, os, random, re, subprocess, sys, tempfile, tomllib

here = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("live", os.path.join(here, "..", "scripts", "bench-live.py"))
live = importlib.util.module_from_spec(spec)
spec.loader.exec_module(live)

LINE = re.compile(r"built (\d+) answers in (\d+) of (\d+) starts \(new at starts \[([^\]]*)\]\), ([0-9.]+)s")


def builder(binary, core, text):
    with tempfile.NamedTemporaryFile("w", suffix=".toml", delete=False) as f:
        f.write(text)
    try:
        env = dict(os.environ, SNAKESAT_TRACE="1")
        cmd = ["taskset", "-c", str(core), binary, "solve", f.name, "--forced", "--timeout", "5"]
        err = subprocess.run(cmd, capture_output=True, text=True, env=env).stderr
    finally:
        os.unlink(f.name)
    m = LINE.search(err)
    if not m:
        return ("0", "0", ""), 0.0
    return (m.group(1), m.group(2), m.group(4)), float(m.group(5))


def main():
    before, after, puzzles = sys.argv[1], sys.argv[2], sys.argv[3:]
    total, same, boards = [0.0, 0.0], True, 0
    for path in puzzles:
        for seed in (1, 2):
            doc = tomllib.load(open(path, "rb"))
            slots = live.clue_slots(doc)
            random.Random(seed).shuffle(slots)
            for k in range(len(slots) + 1):
                text = live.write(doc, set(slots[:k]))
                runs = [builder(b, core, text) for core, b in enumerate((before, after))]
                boards += 1
                for i, (_, s) in enumerate(runs):
                    total[i] += s
                if runs[0][0] != runs[1][0]:
                    same = False
                    print(f"{os.path.basename(path)} order {seed}, {k} clues: {runs[0][0]} against {runs[1][0]}")
    print(f"{boards} boards: builder {total[0]:.2f} s against {total[1]:.2f} s; "
          + ("the same builds" if same else "DIFFERENT builds"))


if __name__ == "__main__":
    main()
