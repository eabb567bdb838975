#!/usr/bin/env bash
# `snakesat serve` under load: starts the release server on a free port, then for each
# workload sends REQUESTS requests, CONCURRENCY at a time, and prints the wall time of the
# batch and the median and slowest round trip; then what one request costs the server
# beyond the solve (the same solve through the CLI, for comparison).
#   scripts/bench-serve.sh [REQUESTS] [CONCURRENCY]
set -euo pipefail
cd "$(dirname "$0")/.."
requests=${1:-200}
concurrency=${2:-20}
cargo build --release --quiet
bin=target/release/snakesat
out=$(mktemp)
"$bin" serve --port 0 --queue 1000 --timeout 120 >"$out" &
server=$!
trap 'kill $server 2>/dev/null; rm -f "$out"' EXIT
for _ in $(seq 100); do grep -q listening "$out" && break; sleep 0.05; done
url=$(head -1 "$out" | awk '{print $NF}')
echo "server: $url (jobs = cores = $(nproc)); $requests requests, $concurrency at a time"
python3 - "$url" "$requests" "$concurrency" <<'EOF'
import json, statistics, sys, time, urllib.request
from concurrent.futures import ThreadPoolExecutor

url, n, c = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
workloads = [
    ("snake 4x4 URL, solve --unique", "solve", {"puzzle": "https://puzz.link/p?snake/4/4/060300g1h4i", "unique": True}),
    ("snake-egg seed 6x6, solve --unique", "solve", {"puzzle": open("fixtures/snake-egg/seed-6x6.toml").read(), "unique": True}),
    ("snake 6x6 URL, forced cells", "forced", {"puzzle": open("fixtures/snake/urls/published-6x6.url").read()}),
    ("snake-egg gen-10x10-c, solve --unique", "solve", {"puzzle": open("fixtures/snake-egg/gen-10x10-c.toml").read(), "unique": True}),
]

def one(job, body):
    data = json.dumps(body).encode()
    req = urllib.request.Request(url + "api/" + job, data=data, headers={"Content-Type": "application/json"})
    t = time.perf_counter()
    with urllib.request.urlopen(req) as r:
        answer = json.load(r)
    return time.perf_counter() - t, answer["status"]

for name, job, body in workloads:
    k = n if "10x10" not in name else c
    t = time.perf_counter()
    with ThreadPoolExecutor(c) as pool:
        results = list(pool.map(lambda _: one(job, body), range(k)))
    wall = time.perf_counter() - t
    times = [r[0] for r in results]
    solved = sum(r[1] == "solved" for r in results)
    print(f"{name:40} {k:4} requests ({solved} solved)  {wall:6.2f} s  {k / wall:7.1f} req/s  "
          f"median {statistics.median(times) * 1000:7.1f} ms  slowest {max(times) * 1000:7.1f} ms")
EOF
echo "the same solves through the CLI, one at a time (process start included):"
for args in "solve https://puzz.link/p?snake/4/4/060300g1h4i --unique" "solve fixtures/snake-egg/seed-6x6.toml --unique" \
  "solve fixtures/snake/urls/published-6x6.url --forced" "solve fixtures/snake-egg/gen-10x10-c.toml --unique"; do
  start=$(date +%s.%N)
  "$bin" $args >/dev/null
  end=$(date +%s.%N)
  printf '  %-60s %7.1f ms\n' "$args" "$(echo "($end - $start) * 1000" | bc)"
done
