#!/usr/bin/env python3
"""`snakesat serve` under a setter's editing: what bench/serve.md's "editing" rows say.

Starts the release server (`--jobs 2`, the machine's cores) and, for 10x10 puzzles,
replays setting them clue by clue from the blank board as the page does: each edit posts
the board (`/api/board`) and then the live verdict (`/api/forced`).

- paced: the setter waits for each verdict; the verdict's latency is the two round trips.
- burst: edits every GAP ms, each abandoning the check before it (the socket closed, as
  the page aborts its fetch), the last one awaited: edits/s sustained, and the last
  verdict's latency.
- cancel: a check that would run for seconds (a blank 10x10 Snake Egg, bank 1..9) is
  abandoned after 200 ms; how long until the server's solver has stopped (`/api/status`
  `running` back to 0), polled every 2 ms.

    python3 scripts/bench-editing.py [target/release/snakesat] [GAP_MS]
"""
import json, re, socket, statistics, subprocess, sys, time, urllib.request

BIN = sys.argv[1] if len(sys.argv) > 1 else "target/release/snakesat"
GAP = float(sys.argv[2]) / 1000 if len(sys.argv) > 2 else 0.02

server = subprocess.Popen([BIN, "serve", "--port", "0", "--jobs", "2", "--timeout", "60"], stdout=subprocess.PIPE, text=True)
url = server.stdout.readline().split()[-1]
host, port = url.split("//")[1].rstrip("/").split(":")


def post(path, body):
    req = urllib.request.Request(url + path.lstrip("/"), data=json.dumps(body).encode(), headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req) as r:
            return json.load(r)
    except urllib.error.HTTPError as e:
        return json.load(e)


def status():
    with urllib.request.urlopen(url + "api/status") as r:
        return json.load(r)


def send(path, body):
    """A request on its own socket, left open: close it to abandon the request."""
    data = json.dumps(body).encode()
    s = socket.create_connection((host, int(port)))
    head = f"POST {path} HTTP/1.1\r\nHost: {host}:{port}\r\nContent-Type: application/json\r\nContent-Length: {len(data)}\r\nConnection: close\r\n\r\n"
    s.sendall(head.encode() + data)
    return s


def receive(s):
    chunks = []
    while True:
        b = s.recv(65536)
        if not b:
            break
        chunks.append(b)
    s.close()
    raw = b"".join(chunks)
    return json.loads(raw.split(b"\r\n\r\n", 1)[1])


def edits(toml):
    """The files from the blank board to the whole puzzle, one clue more each."""
    m = re.search(r'grid = """\n(.*?)"""', toml, re.S)
    rows = [l.split() for l in m.group(1).strip().split("\n")]
    clues = [(r, c) for r, row in enumerate(rows) for c, t in enumerate(row) if t != "."]
    board = [["." for _ in row] for row in rows]
    head, tail = toml[: m.start(1)], toml[m.end(1):]
    out = []
    for k in range(len(clues) + 1):
        if k:
            r, c = clues[k - 1]
            board[r][c] = rows[r][c]
        out.append(head + "\n".join(" ".join(row) for row in board) + "\n" + tail)
    return out


def pct(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]


PUZZLES = [
    ("Snake Egg gen-10x10-a", open("fixtures/snake-egg/gen-10x10-a.toml").read()),
    ("Hebi-Ichigo published 10x10", open("fixtures/hebi/urls/published-10x10-a.url").read().strip()),
]

try:
    print(f"server {url}: --jobs 2; burst gap {GAP * 1000:.0f} ms")
    print("| puzzle | edits | paced p50 | paced p95 | paced max | burst edits/s | burst last verdict |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for name, text in PUZZLES:
        toml = post("/api/board", {"puzzle": text})["toml"]
        files = edits(toml)
        lat = []
        for f in files:
            t = time.perf_counter()
            post("/api/board", {"puzzle": f})
            v = post("/api/forced", {"puzzle": f})
            lat.append(time.perf_counter() - t)
            assert v.get("status") in ("solved", "unsat", "unknown"), v
        last = v
        # Burst: every GAP an edit; the check before it abandoned.
        t0 = time.perf_counter()
        previous = None
        for f in files:
            post("/api/board", {"puzzle": f})
            s = send("/api/forced", {"puzzle": f})
            if previous:
                previous.close()
            previous = s
            time.sleep(GAP)
        t_last = time.perf_counter()
        answer = receive(previous)
        t_end = time.perf_counter()
        assert answer.get("undecided") == last.get("undecided"), (answer, last)
        rate = len(files) / (t_last - t0)
        ms = lambda x: f"{x * 1000:.0f} ms"
        print(f"| {name} | {len(files)} | {ms(pct(lat, 50))} | {ms(pct(lat, 95))} | {ms(max(lat))} | {rate:.0f} | {ms(t_end - t_last + GAP)} |")
    # Cancellation: how fast an abandoned long check frees its core.
    blank = "kind = \"snake-egg\"\neggs = [1, 2, 3, 4, 5, 6, 7, 8, 9]\ngrid = \"\"\"\n" + ". . . . . . . . . .\n" * 10 + "\"\"\"\n"
    stops = []
    for _ in range(10):
        s = send("/api/forced", {"puzzle": blank})
        while status()["running"] == 0:
            time.sleep(0.002)
        time.sleep(0.2)
        assert status()["running"] == 1, "the blank board's check ended within 200 ms: nothing to cancel"
        t = time.perf_counter()
        s.close()
        while status()["running"] != 0:
            time.sleep(0.002)
        stops.append(time.perf_counter() - t)
    print(f"cancel: abandoned checks of a blank 10x10 Snake Egg stopped within median {statistics.median(stops) * 1000:.0f} ms, max {max(stops) * 1000:.0f} ms (10 runs); status {status()}")
finally:
    server.kill()
