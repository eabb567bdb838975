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
import resource
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
    ("fixtures/snake-egg/gen-10x10-a.toml", "unique"),
    ("fixtures/snake-egg/gen-10x10-b.toml", "unique"),
    ("fixtures/snake-egg/gen-10x10-c.toml", "unique"),
    ("fixtures/snake-egg/gen-10x10-d.toml", "unique"),
]
BACKENDS = ["cadical", "varisat", "splr", "kissat", "minisat"]
# Pairs left out of the default run because they take minutes (splr rebuilds its solver on
# every call of the cut loop; the eager 10×10 CNFs are slow for every solver).
SLOW_10 = {("splr", "lazy"), ("splr", "eager"), ("varisat", "eager"), ("minisat", "eager")}
SKIP = {f"fixtures/snake-egg/gen-10x10-{x}.toml": SLOW_10 for x in "abcd"}
MODES = ["lazy", "eager"]


def cpu_children():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def run(args, timeout):
    """Runs snakesat; returns (parsed JSON or None on timeout, wall seconds, CPU seconds).
    CPU time includes external solvers the binary starts (they are its children)."""
    start, cpu0 = time.perf_counter(), cpu_children()
    try:
        p = subprocess.run([BIN] + args, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, timeout, timeout
    wall, cpu = time.perf_counter() - start, cpu_children() - cpu0
    try:
        return json.loads(p.stdout), wall, cpu
    except json.JSONDecodeError:
        return {"status": f"error (exit {p.returncode}): {p.stderr.strip()[:80]}"}, wall, cpu


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
                if (backend, mode) in SKIP.get(fixture, ()):
                    continue
                best, best_cpu, last = None, None, None
                for _ in range(a.repeat):
                    v, wall, cpu = run(cmd, a.timeout)
                    last = v
                    best = wall if best is None else min(best, wall)
                    best_cpu = cpu if best_cpu is None else min(best_cpu, cpu)
                    if v is None:
                        break
                st = (last or {}).get("stats", {})
                rows.append((fixture, job, mode, backend, outcome(job, last), best_cpu, best, st.get("solver_calls"),
                             st.get("cuts"), st.get("variables"), st.get("clauses")))
                print(*rows[-1], sep="\t", file=sys.stderr)
        if shutil.which("kissat") and job == "unique":
            with tempfile.TemporaryDirectory() as d:
                cnf = os.path.join(d, "p.cnf")
                start, cpu0 = time.perf_counter(), cpu_children()
                subprocess.run([BIN, "dimacs", fixture, "-o", cnf], check=True)
                try:
                    k = subprocess.run(["kissat", "-q", cnf], capture_output=True, text=True, timeout=a.timeout)
                    res = {10: "sat", 20: "unsat"}.get(k.returncode, f"exit {k.returncode}")
                except subprocess.TimeoutExpired:
                    res = "timeout"
                wall, cpu = time.perf_counter() - start, cpu_children() - cpu0
                rows.append((fixture, "dimacs + kissat (one answer)", "eager", "kissat file", res, cpu, wall, 1, 0, None,
                             None))
    os.makedirs(os.path.dirname(a.out), exist_ok=True)
    with open(a.out, "w") as f:
        f.write("# Benchmarks\n\n")
        f.write(f"Produced by `scripts/bench.py --repeat {a.repeat}` on {time.strftime('%Y-%m-%d')}, "
                f"{platform.machine()}, {os.cpu_count()} cores, load average at start "
                f"{os.getloadavg()[0]:.2f}. Best of {a.repeat} runs of the release "
                "binary, timing the whole process (parse, encode, solve, verify): CPU seconds (user + system, "
                "including external solver processes) and wall seconds. The machine was shared with "
                "other jobs, so wall time overstates; CPU time is the figure to compare. `unique` jobs "
                "find an answer and prove it unique.\n\n")
        f.write("| fixture | job | connectivity | backend | result | CPU s | wall s | solver calls | cuts | vars | clauses |\n")
        f.write("|---|---|---|---|---|---|---|---|---|---|---|\n")
        for r in rows:
            if r[4] == "timeout":
                r = r[:5] + ("", f"> {a.timeout:g} (wall-clock limit)") + r[7:]
            f.write("| " + " | ".join("" if x is None else (f"{x:.3f}" if isinstance(x, float) else str(x)) for x in r) + " |\n")
    print(f"wrote {a.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
