#!/usr/bin/env python3
"""How soon Stop takes effect on the server (issue 37): for each long job the page can start
(Generate, Explain, Count, the live verdict), a client posts it to `snakesat serve --jobs 1`,
lets it run a while, closes the connection (what the page's Stop and a new edit do), and
polls `/api/status` until the server has no job running. The figure is the time from the
close to the worker being free, the server's CPU seconds in the second after the close
(a job that only looked stopped would go on burning a core), and whether a new job is then
served at once.

    cargo build --release
    python3 bench/stop.py [--bin target/release/snakesat] [--run 2] [--repeat 3]

Times are wall clock on a shared machine: the load goes beside them (`cat /proc/loadavg`).
"""

import argparse
import http.client
import json
import os
import re
import socket
import subprocess
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def fixture(path):
    with open(os.path.join(ROOT, "fixtures", path)) as f:
        return f.read()


# (name, path, body): jobs that run far longer than the run before the close.
JOBS = [
    ("generate snake-egg 12x12", "/api/generate",
     {"kind": "snake-egg", "rows": 12, "cols": 12, "bank": list(range(1, 12)), "seed": 2, "timeout": 60}),
    ("explain snake-egg gen-10x10-a", "/api/explain", {"puzzle": fixture("snake-egg/gen-10x10-a.toml"), "timeout": 60}),
    ("count snake-egg open-12x12", "/api/count", {"puzzle": fixture("snake-egg/open-12x12.toml"), "timeout": 60}),
    ("live snake-egg open-15x15", "/api/live", {"puzzle": fixture("snake-egg/open-15x15.toml"), "timeout": 60}),
]


def status(port):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    c.request("GET", "/api/status")
    v = json.loads(c.getresponse().read())
    c.close()
    return v


def cpu(pid):
    """The process's CPU seconds so far (user + system, all its threads)."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def post_and_close(port, path, body, run):
    """Posts the job, reads nothing, closes after `run` seconds; the time of the close."""
    s = socket.create_connection(("127.0.0.1", port))
    data = json.dumps(body).encode()
    head = f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: {len(data)}\r\n\r\n"
    s.sendall(head.encode() + data)
    time.sleep(run)
    busy = status(port)["running"]
    s.close()
    return time.time(), busy


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bin", default=os.path.join(ROOT, "target/release/snakesat"))
    ap.add_argument("--run", type=float, default=2.0, help="seconds the job runs before the close")
    ap.add_argument("--repeat", type=int, default=3)
    a = ap.parse_args()
    srv = subprocess.Popen([a.bin, "serve", "--port", "0", "--jobs", "1", "--max-timeout", "60"],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        port = int(re.search(r":(\d+)/", srv.stdout.readline()).group(1))
        print(f"load {open('/proc/loadavg').read().split()[0]}, `serve --jobs 1`, each job closed after {a.run} s")
        print()
        print("| job | running at the close | seconds from the close to no job running (each run) | server CPU s in the second after the close | next job served (s) |")
        print("|---|---|---|---|---|")
        for name, path, body in JOBS:
            waits, running, nexts, burnt = [], [], [], []
            for _ in range(a.repeat):
                closed, busy = post_and_close(port, path, body, a.run)
                running.append(busy)
                while status(port)["running"] > 0:
                    if time.time() - closed > 120:
                        break
                    time.sleep(0.01)
                waits.append(time.time() - closed)
                before = cpu(srv.pid)
                time.sleep(max(0.0, closed + 1.0 - time.time()))
                burnt.append(cpu(srv.pid) - before)
                # A small job right after: served by the freed worker.
                t = time.time()
                c = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
                c.request("POST", "/api/solve", json.dumps({"puzzle": fixture("snake/example-4x4.toml")}),
                          {"Content-Type": "application/json"})
                ok = json.loads(c.getresponse().read()).get("status")
                c.close()
                nexts.append(f"{time.time() - t:.2f} ({ok})")
            print(f"| {name} | {', '.join(map(str, running))} | {', '.join(f'{w:.2f}' for w in waits)} | "
                  f"{', '.join(f'{b:.2f}' for b in burnt)} | {', '.join(nexts)} |")
        st = status(port)
        print()
        print(f"server status at the end: served {st['served']}, cancelled {st['cancelled']}")
    finally:
        srv.terminate()
        srv.wait()


if __name__ == "__main__":
    main()
