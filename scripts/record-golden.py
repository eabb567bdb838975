#!/usr/bin/env python3
"""Records what `snakesat` prints for every bundled puzzle, so a refactor can prove its
output unchanged (tests/golden.rs replays the list against the binary under test).

    cargo build --release && scripts/record-golden.py target/release/snakesat > tests/golden/outputs.jsonl

Each line: the arguments, the exit code, standard output (and standard error on exit code 2)
and the milliseconds the job took when recorded (the replay takes the quick ones). Timings (`stats`, `seconds`)
are removed from JSON; a job slower than 8 s in a release build is left out, so the replay
stays quick in a test build.
"""
import json, pathlib, subprocess, sys, time

binary = sys.argv[1]
root = pathlib.Path(__file__).resolve().parent.parent

def puzzles():
    for p in sorted(root.glob("fixtures/**/*.toml")):
        rel = p.relative_to(root).as_posix()
        if "/bad/" in rel or "fuzz-regressions" in rel or rel.startswith("fixtures/boards/"):
            continue
        yield rel
    for p in sorted(root.glob("fixtures/**/*.url")):
        yield p.relative_to(root).as_posix()

def strip(v):
    if isinstance(v, dict):
        return {k: strip(x) for k, x in v.items() if k not in ("stats", "seconds")}
    if isinstance(v, list):
        return [strip(x) for x in v]
    return v

def jobs(rel):
    yield ["solve", rel]
    yield ["solve", rel, "--format", "json"]
    yield ["solve", rel, "--unique"]
    yield ["solve", rel, "--unique", "--format", "json"]
    yield ["solve", rel, "--forced"]
    yield ["solve", rel, "--forced", "--format", "json"]
    yield ["count", rel, "--limit", "30"]
    yield ["count", rel, "--limit", "30", "--format", "json"]
    yield ["url", rel]
    yield ["draw", rel]

for rel in puzzles():
    for args in jobs(rel):
        t = time.time()
        try:
            r = subprocess.run([binary, *args], cwd=root, capture_output=True, text=True, timeout=8)
        except subprocess.TimeoutExpired:
            print(f"left out (slow): {' '.join(args)}", file=sys.stderr)
            continue
        if time.time() - t > 8:
            continue
        out = r.stdout
        if "--format" in args and args[args.index("--format") + 1] == "json" and r.returncode in (0, 1, 3, 5):
            try:
                out = json.dumps(strip(json.loads(out)), sort_keys=True)
            except json.JSONDecodeError:
                pass
        ms = round((time.time() - t) * 1000)
        print(json.dumps({"args": args, "code": r.returncode, "stdout": out, "stderr": r.stderr if r.returncode == 2 else None, "ms": ms}))
