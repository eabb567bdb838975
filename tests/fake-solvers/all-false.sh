#!/bin/sh
# Claims SAT with a complete, well-formed model that sets every variable false: a model
# that violates the CNF.
for f; do cnf=$f; done
awk '/^p cnf/ { n = $3 } END { printf "s SATISFIABLE\nv"; for (i = 1; i <= n; i++) printf " -%d", i; print " 0" }' "$cnf"
exit 10
