#!/usr/bin/env python3
"""The live verdict while a puzzle is set: `solve --forced` on every prefix of a puzzle's
clues, revealed one at a time in a seeded random order, from the blank board to the whole
puzzle. Prints one row per puzzle: CPU seconds (user + sys of the child) of the slowest
prefix, the median prefix and the blank board, and the answers examined on the slowest.

    scripts/bench-live.py BINARY PUZZLE.toml... [--order-seed N] [--timeout S]

Environment variables given to this script reach the binary, so two settings of one
binary compare side by side in one run.
"""
import argparse, os, random, statistics, tempfile, tomllib


def clue_slots(doc):
    """(field, index) of every clue: grid tokens that are not '.', and outside counts."""
    slots = []
    for field in ("columns", "rows"):
        if field in doc:
            slots += [(field, i) for i, t in enumerate(doc[field].split()) if t != "."]
    rows = [r.split() for r in doc["grid"].strip("\n").split("\n")]
    slots += [("grid", (r, c)) for r, row in enumerate(rows) for c, t in enumerate(row) if t != "."]
    return slots


def write(doc, keep):
    out = [f'kind = "{doc["kind"]}"']
    if "eggs" in doc:
        out.append("eggs = [" + ", ".join(map(str, doc["eggs"])) + "]")
    for field in ("columns", "rows"):
        if field in doc:
            toks = doc[field].split()
            out.append(f'{field} = "' + " ".join(t if (field, i) in keep else "." for i, t in enumerate(toks)) + '"')
    rows = [r.split() for r in doc["grid"].strip("\n").split("\n")]
    grid = [" ".join(t if ("grid", (r, c)) in keep else "." for c, t in enumerate(row)) for r, row in enumerate(rows)]
    out.append('grid = """\n' + "\n".join(grid) + '\n"""')
    return "\n".join(out) + "\n"


def cpu_run(binary, text, timeout):
    with tempfile.NamedTemporaryFile("w", suffix=".toml", delete=False) as f:
        f.write(text)
    try:
        pid = os.fork()
        if pid == 0:
            fd = os.open(os.devnull, os.O_WRONLY)
            os.dup2(fd, 1)
            os.dup2(fd, 2)
            os.execv(binary, [binary, "solve", "--forced", "--timeout", str(timeout), f.name])
        _, status, usage = os.wait4(pid, 0)
    finally:
        os.unlink(f.name)
    return usage.ru_utime + usage.ru_stime, os.waitstatus_to_exitcode(status)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("binary")
    ap.add_argument("puzzles", nargs="+")
    ap.add_argument("--order-seed", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=60)
    a = ap.parse_args()
    print("| puzzle | clues | blank | median prefix | slowest prefix (clues) | codes |")
    print("|---|---|---|---|---|---|")
    for path in a.puzzles:
        doc = tomllib.load(open(path, "rb"))
        slots = clue_slots(doc)
        random.Random(a.order_seed).shuffle(slots)
        times, codes = [], []
        for k in range(len(slots) + 1):
            t, code = cpu_run(a.binary, write(doc, set(slots[:k])), a.timeout)
            times.append(t)
            codes.append(code)
        worst = max(range(len(times)), key=times.__getitem__)
        name = os.path.basename(path)
        print(f"| {name} | {len(slots)} | {times[0]:.2f} s | {statistics.median(times):.2f} s | "
              f"{times[worst]:.2f} s ({worst}) | {''.join(map(str, codes))} |", flush=True)


if __name__ == "__main__":
    main()
