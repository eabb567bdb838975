#!/usr/bin/env python3
"""The live verdict while a puzzle is set: `solve --forced` on every prefix of a puzzle's
clues, revealed one at a time in a seeded random order, from the blank board to the whole
puzzle. Prints one row per puzzle: CPU seconds (user + sys of the child) of the slowest
prefix, the median prefix and the blank board, and the answers examined on the slowest.

    scripts/bench-live.py BINARY PUZZLE.toml... [--order-seed N] [--timeout S]
    scripts/bench-live.py BINARY PUZZLE.toml... --server [--core N]
    scripts/bench-live.py BINARY PUZZLE.toml... --live [--core N] [--per-edit] [--repeat K]
    scripts/bench-live.py BINARY PUZZLE.toml... --threads 1,2 [--order reading|reverse|seeded]

With `--threads 1,2`, each prefix is solved (`solve --forced`, a fresh process) once per
thread count, side by side: the wall seconds of each, a line per prefix, then the slowest,
the median and how many took a second or more; the exit codes must agree. `--order
reading` reveals the clues in reading order (the grid row by row), `reverse` the other way
round, `seeded` (the default) in the order `--order-seed` draws.

Environment variables given to this script reach the binary, so two settings of one
binary compare side by side in one run. `BENCH_STDERR=FILE` appends the servers' standard
error there (with `SNAKESAT_TRACE=1`, one line per solver call and probe phase).

With `--server`, the prefixes go to `snakesat serve` as the page sends them
(`POST /api/forced`, one after the other, each edit's verdict awaited), to two servers
started for each puzzle side by side: one with `SNAKESAT_NO_KNOWN=1` (every answer from
the solver, as before the answer pool), one as shipped (the answers of the last edits
and their symmetry images first). Each server runs on one core (`--core`, by
`taskset`); the figures are the server's CPU seconds per request (its
`/proc/PID/stat`, 10 ms ticks) and the wall seconds the client waited.

With `--live`, the same edits go to two servers as shipped, one asked `/api/forced`, the
other the page's streamed `/api/live` (the verdict with each cell's share of the answers,
sent as it is learnt): the CPU of each, and for the streamed one the wall seconds to the
verdict (the first line with two answers, else the last) and to the end. With
`--repeat K` the streamed replay runs K times on fresh servers and each edit shows its
least time of the K: the job does the same work each time, and the least time is the
one the machine disturbed least.
"""
import argparse, json, os, random, statistics, subprocess, tempfile, time, tomllib, urllib.request


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


def prefixes(doc, order_seed, order="seeded"):
    """The boards a setter passes through: the blank board, then one clue more each time,
    the clues in the seeded random order `order_seed` gives, or in reading order, or in
    reverse."""
    slots = clue_slots(doc)
    if order == "seeded":
        random.Random(order_seed).shuffle(slots)
    elif order == "reverse":
        slots.reverse()
    return [write(doc, set(slots[:k])) for k in range(len(slots) + 1)]


def run_solve(binary, text, timeout, args=("--forced",), core=None):
    """`snakesat solve ARGS` on the board `text`, on core `core` if given: the child's
    resource usage and exit code."""
    with tempfile.NamedTemporaryFile("w", suffix=".toml", delete=False) as f:
        f.write(text)
    cmd = [binary, "solve", *args, "--timeout", str(timeout), f.name]
    if core is not None:
        cmd = ["taskset", "-c", str(core)] + cmd
    try:
        pid = os.fork()
        if pid == 0:
            fd = os.open(os.devnull, os.O_WRONLY)
            os.dup2(fd, 1)
            os.dup2(fd, 2)
            os.execvp(cmd[0], cmd)
        _, status, usage = os.wait4(pid, 0)
    finally:
        os.unlink(f.name)
    return usage, os.waitstatus_to_exitcode(status)


def wall_run(binary, text, timeout, threads):
    """(wall s, CPU s, exit code) of `solve --forced --threads N` on `text`."""
    t = time.time()
    usage, code = run_solve(binary, text, timeout, ("--forced", "--threads", str(threads)))
    return time.time() - t, usage.ru_utime + usage.ru_stime, code


def side_by_side(a):
    """`--threads 1,2`: each prefix once per thread count, a fresh process each."""
    counts = [int(n) for n in a.threads.split(",")]
    for path in a.puzzles:
        doc = tomllib.load(open(path, "rb"))
        texts = prefixes(doc, a.order_seed, a.order)
        name = os.path.basename(path)
        print(f"{name}, {a.order} order: wall s (CPU s) per prefix, " + " | ".join(f"{n} thread(s)" for n in counts))
        rows = []
        for k, text in enumerate(texts):
            runs = [wall_run(a.binary, text, a.timeout, n) for n in counts]
            codes = {r[2] for r in runs}
            assert len(codes) == 1 or 3 in codes, f"{name} prefix {k}: the exit codes differ: {[r[2] for r in runs]}"
            rows.append(runs)
            print(f"  {k} clues: " + " | ".join(f"{w:.2f} ({c:.2f})" for w, c, _ in runs) + f"  exit {runs[0][2]}", flush=True)
        for i, n in enumerate(counts):
            walls = [r[i][0] for r in rows]
            print(f"  {n} thread(s): slowest {max(walls):.2f} s, median {statistics.median(walls):.2f} s, "
                  f"{sum(w >= 1 for w in walls)} of {len(walls)} at 1 s or more")


def cpu_run(binary, text, timeout):
    usage, code = run_solve(binary, text, timeout)
    return usage.ru_utime + usage.ru_stime, code


class Server:
    """`snakesat serve` on a free port, on one core, with `env` added."""

    def __init__(self, binary, core, timeout, env, threads=None):
        cmd = [binary, "serve", "--port", "0", "--jobs", "1", "--timeout", str(timeout)]
        if threads is not None:
            cmd += ["--threads", str(threads)]
        if core is not None:
            cmd = ["taskset", "-c", str(core)] + cmd
        self.proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=open(os.environ["BENCH_STDERR"], "a") if os.environ.get("BENCH_STDERR") else subprocess.DEVNULL, text=True,
                                     env={**os.environ, **env})
        line = self.proc.stdout.readline()
        self.url = next(w for w in line.split() if w.startswith("http://")).rstrip("/")

    def cpu(self):
        fields = open(f"/proc/{self.proc.pid}/stat").read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def forced(self, text):
        """(server CPU s, wall s, the verdict) of one live verdict."""
        body = json.dumps({"puzzle": text}).encode()
        req = urllib.request.Request(self.url + "/api/forced", body, {"Content-Type": "application/json"})
        c, t = self.cpu(), time.time()
        try:
            r = json.load(urllib.request.urlopen(req))
        except urllib.error.HTTPError as e:
            r = json.load(e)
        wall = time.time() - t
        verdict = {"unsat": "x", "unknown": "?"}.get(r.get("status"), "5" if r.get("unique") is False else "0")
        if r.get("status") == "solved" and not r.get("complete"):
            verdict = "?"
        return self.cpu() - c, wall, verdict

    def live(self, text):
        """(server CPU s, wall s to the verdict, wall s to the end, the verdict) of one
        streamed live verdict (`/api/live`, as the page reads it): the verdict is known at
        the first line with two answers, else at the last line."""
        body = json.dumps({"puzzle": text}).encode()
        req = urllib.request.Request(self.url + "/api/live", body, {"Content-Type": "application/json"})
        c, t = self.cpu(), time.time()
        known = None
        r = {}
        with urllib.request.urlopen(req) as res:
            for line in res:
                if not line.strip():
                    continue
                r = json.loads(line)
                if known is None and (not r.get("running") or r.get("answers_examined", 0) >= 2):
                    known = time.time() - t
        end = time.time() - t
        verdict = {"unsat": "x", "unknown": "?", "error": "!"}.get(r.get("status"), "5" if r.get("unique") is False else "0")
        if r.get("status") == "solved" and not r.get("complete"):
            verdict = "?"
        return self.cpu() - c, known, end, verdict

    def stop(self):
        self.proc.terminate()
        self.proc.wait()


def served(a):
    print("| puzzle | clues | blank, CPU s | median edit, CPU s | slowest edit, CPU s (clues) | wall s, slowest | verdicts |")
    print("|---|---|---|---|---|---|---|")
    for path in a.puzzles:
        doc = tomllib.load(open(path, "rb"))
        texts = prefixes(doc, a.order_seed)
        rows = {}
        for name, env in (("before", {"SNAKESAT_NO_KNOWN": "1"}), ("after", {})):
            server = Server(a.binary, a.core, a.timeout, env)
            try:
                rows[name] = [server.forced(t) for t in texts]
            finally:
                server.stop()
        b, f = rows["before"], rows["after"]
        cpu = lambda rs: [r[0] for r in rs]
        worst = lambda rs: max(range(len(rs)), key=lambda k: rs[k][0])
        wb, wf = worst(b), worst(f)
        verdicts = "".join(r[2] for r in f)
        before = "".join(r[2] for r in b)
        assert verdicts == before or "?" in verdicts + before, f"the verdicts differ: {before} before, {verdicts} after"
        print(f"| {os.path.basename(path)} | {len(texts) - 1} | {b[0][0]:.2f} → {f[0][0]:.2f} | "
              f"{statistics.median(cpu(b)):.2f} → {statistics.median(cpu(f)):.2f} | "
              f"{b[wb][0]:.2f} ({wb}) → {f[wf][0]:.2f} ({wf}) | {max(r[1] for r in b):.2f} → {max(r[1] for r in f):.2f} | "
              f"{verdicts} |", flush=True)


def streamed(a):
    """`--live`: the same edits to two servers as shipped, one asked `/api/forced` (the
    verdict alone), one `/api/live` (streamed, with each cell's share of the answers): what
    the heat map and the streaming cost, and how much sooner the verdict shows."""
    print("| puzzle | clues | CPU s per edit, forced → live: median, slowest | live: wall s to the verdict, median / slowest | live: wall s to the end, median / slowest | verdicts |")
    print("|---|---|---|---|---|---|")
    for path in a.puzzles:
        doc = tomllib.load(open(path, "rb"))
        texts = prefixes(doc, a.order_seed, a.order)
        server = Server(a.binary, a.core, a.timeout, {}, a.serve_threads)
        try:
            forced = [server.forced(t) for t in texts]
        finally:
            server.stop()
        runs = []
        for _ in range(a.repeat):
            server = Server(a.binary, a.core, a.timeout, {}, a.serve_threads)
            try:
                runs.append([server.live(t) for t in texts])
            finally:
                server.stop()
        # The job is deterministic, so the runs do the same work: each edit's least time
        # is the one least disturbed by the machine (the same solve's CPU time varies by
        # up to 40% on this kind of machine, `bench/live.md`).
        live = [tuple(min(r[k][i] for r in runs) for i in range(3)) + (runs[0][k][3],) for k in range(len(texts))]
        shown = ["".join(x[3] for x in r) for r in runs]
        assert all(v == shown[0] or "?" in v + shown[0] for v in shown), f"the runs' verdicts differ: {shown}"
        verdicts = "".join(r[3] for r in live)
        before = "".join(r[2] for r in forced)
        assert verdicts == before or "?" in verdicts + before, f"the verdicts differ: {before} forced, {verdicts} live"
        med = lambda xs: statistics.median(xs)
        fc, lc = [r[0] for r in forced], [r[0] for r in live]
        known, end = [r[1] for r in live], [r[2] for r in live]
        if a.per_edit:
            for k, r in enumerate(live):
                print(f"  {os.path.basename(path)} {k} clues: verdict {r[1]:.2f} s, end {r[2]:.2f} s, CPU {r[0]:.2f} s, {r[3]}")
        print(f"| {os.path.basename(path)} | {len(texts) - 1} | {med(fc):.2f} → {med(lc):.2f}, {max(fc):.2f} → {max(lc):.2f} | "
              f"{med(known):.2f} / {max(known):.2f} | {med(end):.2f} / {max(end):.2f} | {verdicts} |", flush=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("binary")
    ap.add_argument("puzzles", nargs="+")
    ap.add_argument("--order-seed", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=60)
    ap.add_argument("--server", action="store_true", help="through `snakesat serve`, before and after the answer pool")
    ap.add_argument("--core", type=int, help="the core each server runs on (taskset)")
    ap.add_argument("--per-edit", action="store_true", help="with --live: a line per edit (wall s to the verdict and to the end)")
    ap.add_argument("--live", action="store_true", help="through `snakesat serve`: /api/forced against the streamed /api/live")
    ap.add_argument("--repeat", type=int, default=1, help="with --live: replay each puzzle this many times, each edit's least time shown")
    ap.add_argument("--threads", help="`solve --forced --threads N` for each N of this list (1,2), side by side")
    ap.add_argument("--serve-threads", type=int, help="with --live: the servers' --threads")
    ap.add_argument("--order", choices=["seeded", "reading", "reverse"], default="seeded")
    a = ap.parse_args()
    if a.threads:
        return side_by_side(a)
    if a.live:
        return streamed(a)
    if a.server:
        return served(a)
    print("| puzzle | clues | blank | median prefix | slowest prefix (clues) | codes |")
    print("|---|---|---|---|---|---|")
    for path in a.puzzles:
        doc = tomllib.load(open(path, "rb"))
        texts = prefixes(doc, a.order_seed, a.order)
        times, codes = [], []
        for text in texts:
            t, code = cpu_run(a.binary, text, a.timeout)
            times.append(t)
            codes.append(code)
        worst = max(range(len(times)), key=times.__getitem__)
        name = os.path.basename(path)
        print(f"| {name} | {len(texts) - 1} | {times[0]:.2f} s | {statistics.median(times):.2f} s | "
              f"{times[worst]:.2f} s ({worst}) | {''.join(map(str, codes))} |", flush=True)


if __name__ == "__main__":
    main()
