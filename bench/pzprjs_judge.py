"""What the pzprjs judges of issue 38 share (bench/golemgrad-pzprjs.py,
bench/bosnianroad-pzprjs.py): solving a TOML puzzle with snakesat (its JSON answer, its
URL, the wall-clock time), the puzzles `snakesat generate` makes (the judges' `generated`
source), handing pzprjs's checker in node (bench/pzprjs-check.js) each
puzzle's URL with the pzprv3 files of its answer and of every one-step change of it, and
the summary lines: URLs written back unchanged, answers pzprjs calls complete, changes it
refuses, times.
"""
import json, os, subprocess, tempfile, time

here = os.path.dirname(os.path.abspath(__file__))


def solve(binary, toml, args=()):
    """snakesat's answer grid (None without one), its URL of the puzzle, and seconds."""
    with tempfile.NamedTemporaryFile("w", suffix=".toml", delete=False) as f:
        f.write(toml)
    t = time.time()
    r = subprocess.run([binary, "solve", f.name, "--format", "json", "--timeout", "30", *args],
                       capture_output=True, text=True)
    secs = time.time() - t
    url = subprocess.run([binary, "url", f.name], capture_output=True, text=True).stdout.strip()
    os.unlink(f.name)
    if r.returncode != 0:
        return None, url, secs
    return json.loads(r.stdout)["solution"]["grid"], url, secs


def generated(binary, kind, n, rng):
    """`snakesat generate KIND` puzzles, one per seed 1..n, on boards of 4 to 10 rows and
    columns drawn by `rng`: (rows, cols, grid tokens row by row, seconds) each."""
    for seed in range(1, n + 1):
        rows, cols = rng.randint(4, 10), rng.randint(4, 10)
        t = time.time()
        r = subprocess.run([binary, "generate", kind, "--size", f"{rows}x{cols}", "--seed", str(seed),
                            "--threads", "1", "--timeout", "120"], capture_output=True, text=True, check=True)
        secs = time.time() - t
        grid = r.stdout.split('grid = """\n', 1)[1].split('"""', 1)[0].split()
        assert len(grid) == rows * cols, (kind, rows, cols, seed)
        yield rows, cols, grid, secs


def check(pzprjs, jobs):
    """pzprjs's verdicts: jobs are (url, [answer file, changed file, …]); one result each,
    {"url": what pzprjs writes back, "checks": [{"complete", "text"}, …]}."""
    lines = [json.dumps({"url": url, "files": files}) for url, files in jobs]
    r = subprocess.run(["node", os.path.join(here, "pzprjs-check.js"), pzprjs], input="\n".join(lines) + "\n",
                       capture_output=True, text=True, check=True)
    results = [json.loads(l) for l in r.stdout.splitlines()]
    assert len(results) == len(jobs)
    return results


def report(meta, results, tried, what, change, timing):
    """Prints the summary; returns the mismatches (URL changed, answer refused, a change
    accepted). meta: (rows, cols, url) per puzzle; times: seconds per puzzle."""
    urls_same = accepted = changes = refused = 0
    bad = []
    for (rows, cols, url), res in zip(meta, results):
        same = url.split("?", 1)[1] == res["url"]
        urls_same += same
        ok = res["checks"][0]["complete"]
        accepted += ok
        rest = res["checks"][1:]
        changes += len(rest)
        refused += sum(not c["complete"] for c in rest)
        if not (same and ok and all(not c["complete"] for c in rest)):
            bad.append((url, res["url"], res["checks"][0]["text"]))
    sizes = sorted({(r, c) for r, c, _ in meta}, key=lambda s: s[0] * s[1])
    print(f"puzzles: {len(meta)} (of {tried} {what} tried), sizes {sizes[0][0]}x{sizes[0][1]} to {sizes[-1][0]}x{sizes[-1][1]}")
    print(f"URL read and written back by pzprjs unchanged: {urls_same}/{len(meta)}")
    print(f"answers pzprjs calls complete: {accepted}/{len(meta)}")
    print(f"{change} changes pzprjs refuses: {refused}/{changes}")
    label, times = timing
    times = sorted(times)
    print(f"{label} (wall clock, incl. process start): median {times[len(times) // 2]:.3f} s, max {times[-1]:.3f} s")
    for b in bad[:10]:
        print("MISMATCH", *b)
    return bad
