#!/bin/sh
# Claims SAT but gives a value to variable 1 only.
echo "s SATISFIABLE"
echo "v 1 0"
exit 10
