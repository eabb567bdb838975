#!/usr/bin/env python3
"""Plays published and generated 10x10 puzzles through the server's Hint, as the page's play
mode does: from the empty grid, ask `/api/explain` for one step from what is drawn, draw
the cells it decides, ask again. Prints a Markdown table of the server's CPU seconds per
Hint (read off /proc for the server process, which runs on one core with `--jobs 1`) and
the wall seconds the client waited: the first Hint, the first after the page's warm-up
request (`steps: 0`, sent when play mode opens), and the rest of the game.

    python3 bench/hint.py [--bin target/release/snakesat] [--hints 15]

The table for `bench/explain.md`; the machine's load goes beside it.
"""

import argparse
import json
import math
import os
import socket
import statistics
import subprocess
import time
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

PUZZLES = [
    ("snake published 9x9", "snake/urls/published-9x9.url"),
    ("snake egg generated 10x10 a", "snake-egg/gen-10x10-a.toml"),
    ("snake egg generated 10x10 b", "snake-egg/gen-10x10-b.toml"),
    ("hebi published 10x10 a", "hebi/urls/published-10x10-a.url"),
    ("snake pit pzprjs test 5x5", "snakepit/urls/pzprjs-test.url"),
]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def cpu_of(pid):
    # utime + stime of every thread, in clock ticks (fields 14 and 15 of /proc/PID/stat).
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def ask(port, pid, body):
    req = urllib.request.Request(
        f"http://127.0.0.1:{port}/api/explain",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
    )
    c0, t0 = cpu_of(pid), time.monotonic()
    with urllib.request.urlopen(req) as r:
        v = json.load(r)
    return v, cpu_of(pid) - c0, time.monotonic() - t0


def play(port, pid, text, hints, warm):
    if warm:
        ask(port, pid, {"puzzle": text, "steps": 0})
    v, cpu, wall = ask(port, pid, {"puzzle": text, "from": "", "steps": 1})
    times = [(cpu, wall)]
    grid = None
    for _ in range(hints):
        nxt = v.get("next")
        if not nxt:
            break
        if grid is None:
            size = infer_size(v)
            grid = [["?"] * size[1] for _ in range(size[0])]
        for d in nxt["decided"]:
            r, c = d["cell"][1:].split("c")
            grid[int(r) - 1][int(c) - 1] = d["value"]
        drawn = "\n".join(" ".join(r) for r in grid) + "\n"
        v, cpu, wall = ask(port, pid, {"puzzle": text, "from": drawn, "steps": 1})
        times.append((cpu, wall))
    return times


def infer_size(v):
    # `board` is the cells row by row; every puzzle here is square.
    n = len(v["board"])
    side = math.isqrt(n)
    assert side * side == n, "a square board"
    return side, side


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bin", default=os.path.join(ROOT, "target/release/snakesat"))
    ap.add_argument("--hints", type=int, default=15)
    a = ap.parse_args()
    port = free_port()
    server = subprocess.Popen(
        ["taskset", "-c", "0", a.bin, "serve", "--port", str(port), "--jobs", "1", "--timeout", "60"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/api/status")
                break
            except OSError:
                time.sleep(0.1)
        print("| puzzle | first Hint CPU s (wall) | first after warm-up CPU s (wall) | later Hints: median CPU s, max (n) |")
        print("|---|---|---|---|")
        for name, rel in PUZZLES:
            path = os.path.join(ROOT, "fixtures", rel)
            text = open(path).read().strip() + ("\n" if not rel.endswith(".url") else "")
            # A puzzle text the server has not seen: a comment line makes it another key.
            cold = play(port, server.pid, text + f"\n# cold {time.time()}\n" if not rel.endswith(".url") else text, a.hints, False)
            warmed = play(port, server.pid, text + f"\n# warm {time.time()}\n" if not rel.endswith(".url") else text, 0, True)
            later = [c for c, _ in cold[1:]]
            rest = f"{statistics.median(later):.3f}, {max(later):.3f} ({len(later)})" if later else "none"
            print(
                f"| {name} | {cold[0][0]:.2f} ({cold[0][1]:.2f}) | {warmed[0][0]:.2f} ({warmed[0][1]:.2f}) | {rest} |"
            )
    finally:
        server.kill()


if __name__ == "__main__":
    main()
