#!/usr/bin/env python3
"""Times snakesat on the bundled fixtures: every backend and both connectivity modes,
plus a DIMACS round trip through kissat, and writes a markdown table.

usage: scripts/bench.py [--out bench/RESULTS.md] [--repeat 3] [--timeout 60] [FIXTURE...]

Each run is `snakesat solve PUZZLE --unique --format json` (or `count` for fixtures
listed as counts); the figure is the best wall-clock time of --repeat runs, measured
around the whole process (parsing, encoding, solving, verification).
"""
import argparse
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.path.join(ROOT, "target", "release", "snakesat")

# (fixture, job) — job "unique": solve --unique; "count": count every answer.
DEFAULT = [
    ("fixtures/snake-egg/seed-6x6.toml", "unique"),
    ("fixtures/snake-egg/several-4x4.toml", "count"),
    ("fixtures/snake-egg/no-solution.toml", "unique"),
]
BACKENDS = ["cadical", "varisat", "splr", "kissat", "minisat"]
MODES = ["lazy", "eager"]


def run(args, timeout):
    start = time.perf_counter()
    try:
        p = subprocess.run([BIN] + args, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, timeout
    wall = time.perf_counter() - start
    try:
        return json.loads(p.stdout), wall
    except json.JSONDecodeError:
        return {"status": f"error (exit {p.returncode}): {p.stderr.strip()[:80]}"}, wall


def outcome(job, v):
    if v is None:
        return "timeout"
    if job == "count":
        return f"count {v.get('count')}" if v.get("complete") else v.get("status", "?")
    if v.get("status") == "solved":
        return "unique" if v.get("unique") else "not unique"
    return v.get("status", "?")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=os.path.join(ROOT, "bench", "RESULTS.md"))
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--timeout", type=float, default=60)
    ap.add_argument("fixtures", nargs="*")
    a = ap.parse_args()
    jobs = [(f, "unique") for f in a.fixtures] or DEFAULT
    backends = [b for b in BACKENDS if b in ("cadical", "varisat", "splr") or shutil.which(b)]
    rows = []
    for fixture, job in jobs:
        for mode in MODES:
            for backend in backends:
                cmd = ["count", fixture] if job == "count" else ["solve", fixture, "--unique"]
                cmd += ["--backend", backend, "--connectivity", mode, "--format", "json"]
                best, last = None, None
                for _ in range(a.repeat):
                    v, wall = run(cmd, a.timeout)
                    last = v
                    best = wall if best is None else min(best, wall)
                    if v is None:
                        break
                st = (last or {}).get("stats", {})
                rows.append((fixture, job, mode, backend, outcome(job, last), best, st.get("solver_calls"), st.get("cuts"),
                             st.get("variables"), st.get("clauses")))
                print(*rows[-1], sep="\t", file=sys.stderr)
        if shutil.which("kissat") and job == "unique":
            with tempfile.TemporaryDirectory() as d:
                cnf = os.path.join(d, "p.cnf")
                start = time.perf_counter()
                subprocess.run([BIN, "dimacs", fixture, "-o", cnf], check=True)
                k = subprocess.run(["kissat", "-q", cnf], capture_output=True, text=True, timeout=a.timeout)
                wall = time.perf_counter() - start
                res = {10: "sat", 20: "unsat"}.get(k.returncode, f"exit {k.returncode}")
                rows.append((fixture, "dimacs + kissat (one answer)", "eager", "kissat file", res, wall, 1, 0, None, None))
    os.makedirs(os.path.dirname(a.out), exist_ok=True)
    with open(a.out, "w") as f:
        f.write("# Benchmarks\n\n")
        f.write(f"Produced by `scripts/bench.py --repeat {a.repeat}` on {time.strftime('%Y-%m-%d')}, "
                f"{platform.machine()}, {os.cpu_count()} cores, load average at start "
                f"{os.getloadavg()[0]:.2f}. Best wall-clock seconds of {a.repeat} runs of the release "
                "binary, whole process (parse, encode, solve, verify). `unique` jobs find an answer "
                "and prove it unique.\n\n")
        f.write("| fixture | job | connectivity | backend | result | seconds | solver calls | cuts | vars | clauses |\n")
        f.write("|---|---|---|---|---|---|---|---|---|---|\n")
        for r in rows:
            f.write("| " + " | ".join("" if x is None else (f"{x:.3f}" if isinstance(x, float) else str(x)) for x in r) + " |\n")
    print(f"wrote {a.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
