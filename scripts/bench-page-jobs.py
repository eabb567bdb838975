#!/usr/bin/env python3
"""The page's count and Generate jobs, through the server: what drawing a count's answers
costs (body size, round trip against the solver's own time), and how long Generate takes
on the small boards a setter starts from.

Usage: python3 scripts/bench-page-jobs.py target/release/snakesat [SEEDS]
(the server on a free port with --jobs 1; SEEDS seeds per genre, 5 unless told)."""

import json
import statistics
import subprocess
import sys
import time
import urllib.request

binary = sys.argv[1]
seeds = int(sys.argv[2]) if len(sys.argv) > 2 else 5
server = subprocess.Popen([binary, "serve", "--port", "0", "--jobs", "1", "--timeout", "60"], stdout=subprocess.PIPE, text=True)
url = server.stdout.readline().split()[-1]


def post(path, body):
    req = urllib.request.Request(url + path.lstrip("/"), data=json.dumps(body).encode(), headers={"Content-Type": "application/json"})
    t = time.perf_counter()
    raw = urllib.request.urlopen(req).read()
    return time.perf_counter() - t, len(raw), json.loads(raw)


try:
    print("| job | runs | median round trip | slowest | notes |")
    print("|---|---:|---:|---:|---|")
    for name, fixture, limit in [("several-4x4", "fixtures/snake/several-4x4.toml", None), ("several-4x4, limit 2", "fixtures/snake/several-4x4.toml", 2)]:
        puzzle = open(fixture).read()
        runs = [post("/api/count", {"puzzle": puzzle, "limit": limit}) for _ in range(10)]
        ts = [t for t, _, _ in runs]
        _, size, r = runs[-1]
        solver = statistics.median(x["stats"]["seconds"] for _, _, x in runs)
        print(f"| count {name} | 10 | {statistics.median(ts)*1000:.1f} ms | {max(ts)*1000:.1f} ms | "
              f"{r['count']} answers, {len(r['answers'])} drawn, body {size/1000:.0f} kB, solver {solver*1000:.1f} ms |")
    for kind, side, bank in [("snake", 5, None), ("hebi", 5, None), ("snake-egg", 6, [1, 2, 3, 4, 5]), ("snake", 8, None)]:
        ts, made = [], 0
        for seed in range(1, seeds + 1):
            body = {"kind": kind, "rows": side, "cols": side, "seed": seed}
            if bank:
                body["bank"] = bank
            t, _, r = post("/api/generate", body)
            ts.append(t)
            made += r["status"] == "ok"
        print(f"| generate {kind} {side}×{side} | {seeds} | {statistics.median(ts)*1000:.0f} ms | {max(ts)*1000:.0f} ms | "
              f"{made} of {seeds} seeds made a puzzle |")
finally:
    server.kill()
