#!/usr/bin/env python3
"""Explains published Snakes (a TSV of id, puzz.link URL, published answer: the format of
../shared/puzzles/janko-snake-dev.tsv) with `snakesat explain --format json`, one puzzle at a
time on one core, and prints a Markdown table: how each trace ended, whether it ends at the
published answer, its steps, its level and steps by level, the longest forcing chain, its
rating and band (`encodings/explain.md`, "The rating"), and the seconds (the trace's own, the
whole command's, and the command's CPU seconds, which a loaded machine inflates less). The
summary says how many were explained to the end at the published answer, the median and
largest times, and how many puzzles fell in each band, in all and by board size.

    cargo build --release
    bench/explain-janko.py ../shared/puzzles/janko-snake-dev.tsv [--timeout 20] [--bin target/release/snakesat] [--cpu 0]

The puzzles are janko.at's: the script reads them from the file given, and nothing of them
goes into this repository but the figures.
"""

import argparse
import collections
import json
import resource
import statistics
import subprocess
import sys
import time


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("tsv")
    ap.add_argument("--timeout", type=float, default=20.0)
    ap.add_argument("--bin", default="target/release/snakesat")
    ap.add_argument("--limit", type=int, default=0, help="only the first N puzzles")
    ap.add_argument("--cpu", default="0", help="the core to run on (taskset -c)")
    args = ap.parse_args()
    rows = [line.rstrip("\n").split("\t") for line in open(args.tsv) if line.strip()]
    if args.limit:
        rows = rows[: args.limit]
    print(
        "| puzzle | status | at the answer | steps | level | steps by level | longest chain | median chain "
        "| rating | band | trace s | command s | CPU s |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    solved, wall, cpus, chains = 0, [], [], []
    # Bands in all and by board size (columns x rows, read off the URL).
    bands, by_size = collections.Counter(), collections.defaultdict(collections.Counter)
    sups = collections.defaultdict(list)
    for pid, url, answer in rows:
        cmd = ["taskset", "-c", args.cpu, args.bin, "explain", "--format", "json", "--timeout", str(args.timeout), url]
        t0 = time.monotonic()
        r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
        try:
            out = subprocess.run(cmd, capture_output=True, text=True, timeout=args.timeout + 30)
        except subprocess.TimeoutExpired:
            print(f"| {pid} | hung | | | | | | | | | | {time.monotonic() - t0:.2f} |")
            wall.append(time.monotonic() - t0)
            continue
        secs = time.monotonic() - t0
        r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)
        wall.append(secs)
        cpus.append(cpu)
        try:
            j = json.loads(out.stdout)
        except json.JSONDecodeError:
            print(f"| {pid} | error (exit {out.returncode}): {out.stderr.strip()[:80]} | | | | | | | | | | {secs:.2f} | {cpu:.2f} |")
            continue
        board = "".join(v if v is not None else "?" for v in j["board"])
        want = answer.replace("/", "")
        at = board == want
        g = j["grade"]
        if j["status"] == "solved" and at:
            solved += 1
        rungs = ", ".join(f"{r} {n}" for r, n in g.get("rungs", []))
        # The chains of the suppositions that broke a rule (the inferences a person follows).
        depths = [
            s["technique"]["depth"]
            for s in j["steps"]
            if s.get("technique") and s["technique"]["technique"] != "both ways agree" and s["rung"] == "forcing"
        ]
        chains.extend(depths)
        sups[size_of(url)].append(len(depths))
        median_chain = f"{statistics.median(depths):g}" if depths else ""
        band = g.get("band", "")
        bands[band] += 1
        by_size[size_of(url)][band] += 1
        print(
            f"| {pid} | {j['status']} | {'yes' if at else 'no'} | {g['steps']} | {g.get('level', '')} | {rungs} "
            f"| {g.get('longest_chain', 0)} | {median_chain} | {g.get('rating', 0):.1f} | {band} "
            f"| {j['seconds']:.2f} | {secs:.2f} | {cpu:.2f} |"
        )
        sys.stdout.flush()
    n = len(rows)
    print()
    print(
        f"Explained to the end at the published answer: {solved} of {n} ({100.0 * solved / max(n, 1):.1f}%); "
        f"command seconds: median {statistics.median(wall):.2f}, largest {max(wall):.2f}; "
        f"CPU seconds: median {statistics.median(cpus):.2f}, largest {max(cpus):.2f}; "
        f"over 20 s: {sum(w > 20 for w in wall)} (wall), {sum(c > 20 for c in cpus)} (CPU). "
        f"Forcing chains: {len(chains)}, median {statistics.median(chains) if chains else 0:g} inferences, "
        f"longest {max(chains, default=0)}; CPU seconds in all {sum(cpus):.1f}."
    )
    # Suppositions (forcing steps that broke a rule) per puzzle, by size.
    every = [k for v in sups.values() for k in v]
    print()
    print(
        f"Puzzles with a supposition: {sum(k > 0 for k in every)} of {len(every)} "
        f"({100.0 * sum(k > 0 for k in every) / max(len(every), 1):.0f}%); suppositions in all {sum(every)}."
    )
    print()
    print("| board | puzzles | with a supposition | suppositions: median | largest |")
    print("|---|---|---|---|---|")
    for size in sorted(sups, key=lambda s: tuple(int(x) for x in s.split("x"))):
        v = sups[size]
        print(f"| {size} | {len(v)} | {sum(k > 0 for k in v)} | {statistics.median(v):g} | {max(v)} |")
    # Every band, easiest first, then any other met ("none" for a trace of no step).
    order = BANDS + sorted(set(bands) - set(BANDS))
    print()
    print("| board | " + " | ".join(order) + " | puzzles |")
    print("|---|" + "---|" * len(order) + "---|")
    for size in sorted(by_size, key=lambda s: tuple(int(x) for x in s.split("x"))):
        c = by_size[size]
        print(f"| {size} | " + " | ".join(str(c[b]) for b in order) + f" | {sum(c.values())} |")
    print("| all | " + " | ".join(str(bands[b]) for b in order) + f" | {sum(bands.values())} |")
    return 0


# The rating's bands, easiest first (`src/explain/rating.rs`).
BANDS = ["easy", "moderate", "tricky", "hard", "fiendish", "beyond"]


def size_of(url: str) -> str:
    """The board's size from a puzz.link URL (`p?snake/COLS/ROWS/...`), as rows x columns."""
    parts = url.split("?", 1)[-1].split("/")
    try:
        return f"{int(parts[2])}x{int(parts[1])}"
    except (IndexError, ValueError):
        return "?"


if __name__ == "__main__":
    sys.exit(main())
