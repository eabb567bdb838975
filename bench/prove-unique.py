#!/usr/bin/env python3
"""Times varisat's proof that a puzzle has no answer but its own, on the complete CNF
`snakesat dimacs` writes (the generator's second route, measured on its own):

    bench/prove-unique.py SNAKESAT PUZZLE.toml ANSWER_VARS [NAME=VALUE ...]

ANSWER_VARS is how many of the first variables are the answer (Snake Egg: (K+1)·N, K the
distinct egg sizes, N the cells; a 12×12 with eggs 1..11: 1728). CaDiCaL's command line
finds the answer's model, its answer variables are blocked, and `varisat` (varisat-cli
0.2.1, `cargo install varisat-cli`) proves the rest UNSAT on core $CORE (default 1). The
NAME=VALUE pairs go into snakesat's environment. Prints the proof's CPU and wall seconds.
"""
import os, resource, subprocess, sys, tempfile, time

snakesat, puzzle, answer_vars = sys.argv[1], sys.argv[2], int(sys.argv[3])
env = dict(os.environ, **dict(kv.split("=", 1) for kv in sys.argv[4:]))
cnf = subprocess.run([snakesat, "dimacs", puzzle], capture_output=True, text=True, env=env, check=True).stdout
lines = [l for l in cnf.split("\n") if l and not l.startswith("c")]
_, _, n_vars, n_clauses = lines[0].split()
work = tempfile.mkdtemp()
open(f"{work}/puzzle.cnf", "w").write(cnf)
out = subprocess.run(["cadical", "-q", f"{work}/puzzle.cnf"], capture_output=True, text=True).stdout
model = {abs(x): x for l in out.split("\n") if l.startswith("v") for x in map(int, l.split()[1:]) if x}
block = " ".join(str(-model[v]) for v in range(1, answer_vars + 1))
body = "\n".join(lines[1:])
open(f"{work}/other.cnf", "w").write(f"p cnf {n_vars} {int(n_clauses) + 1}\n{body}\n{block} 0\n")
before, start = resource.getrusage(resource.RUSAGE_CHILDREN), time.time()
res = subprocess.run(["taskset", "-c", os.environ.get("CORE", "1"), "varisat", f"{work}/other.cnf"],
                     capture_output=True, text=True).stdout
after = resource.getrusage(resource.RUSAGE_CHILDREN)
status = next((l for l in res.split("\n") if l.startswith("s ")), "s ?")
print(f"{os.path.basename(puzzle)}: {n_vars} variables, {n_clauses} clauses, {status[2:]}, "
      f"CPU {after.ru_utime - before.ru_utime:.2f} s, wall {time.time() - start:.2f} s")
