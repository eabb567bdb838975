#!/bin/sh
# Says UNSAT but prints a model too: contradictory output.
for f; do cnf=$f; done
awk '/^p cnf/ { n = $3 } END { printf "s UNSATISFIABLE\nv"; for (i = 1; i <= n; i++) printf " %d", i; print " 0" }' "$cnf"
exit 20
