#!/usr/bin/env bash
# Runs a command while N busy loops hold N cores, as other work on a shared machine does,
# and stops the loops afterwards (also when the command fails or is interrupted), so a
# test run can be tried on a loaded machine on purpose:
#   scripts/busy.sh N COMMAND [ARGS...]
# The command's exit code is this script's. The load average before and after goes to
# stderr, to be quoted with the figures.
set -euo pipefail
if [ $# -lt 2 ] || ! [[ $1 =~ ^[0-9]+$ ]]; then
    echo "usage: scripts/busy.sh N COMMAND [ARGS...]   (N busy loops while COMMAND runs)" >&2
    exit 2
fi
n=$1
shift
loops=()
stop() {
    # Only the loops started here, by their own ids.
    if [ ${#loops[@]} -gt 0 ]; then
        kill "${loops[@]}" 2>/dev/null || true
        wait "${loops[@]}" 2>/dev/null || true
    fi
    loops=()
}
trap stop EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
for _ in $(seq 1 "$n"); do
    # A shell that never sleeps: one core's worth of load, no memory, no I/O.
    bash -c 'while :; do :; done' &
    loops+=($!)
done
echo "busy.sh: $n busy loops (pids ${loops[*]}); load before: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
status=0
"$@" || status=$?
echo "busy.sh: load after: $(cut -d' ' -f1-3 /proc/loadavg); exit $status" >&2
exit "$status"
