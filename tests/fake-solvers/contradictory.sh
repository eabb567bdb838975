#!/bin/sh
# Claims SAT with a model that gives variable 1 both values (and the rest true).
for f; do cnf=$f; done
awk '/^p cnf/ { n = $3 } END { printf "s SATISFIABLE\nv 1 -1"; for (i = 2; i <= n; i++) printf " %d", i; print " 0" }' "$cnf"
exit 10
