#!/bin/sh
# Answers UNSAT for every formula, satisfiable or not. Indistinguishable from a correct
# solver on one call; caught only by `--cross-check BACKEND`.
echo "s UNSATISFIABLE"
exit 20
