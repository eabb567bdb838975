#!/bin/sh
# Claims SAT with a full model plus a literal beyond the header's variable count.
for f; do cnf=$f; done
awk '/^p cnf/ { n = $3 } END { printf "s SATISFIABLE\nv"; for (i = 1; i <= n + 1; i++) printf " %d", i; print " 0" }' "$cnf"
exit 10
