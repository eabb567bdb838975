#!/usr/bin/env python3
"""Checks the UNSAT certificate `snakesat ... --proof DIR` left in DIR (or one puzzle's
folder DIR/puzzle-K of `snakesat generate ... --certify DIR`).

DIR/unsat.txt names, on its first line, the formula that the solver answered UNSAT
(call-N.cnf: the puzzle's CNF, then the lazy cuts and blocking clauses of the run) and
the solver's text DRAT proof of it (call-N.drat). The proof is checked by `dratify`
(PyPI; pure Python, written independently of the solvers and of snakesat):
`python3 -m pip install dratify`. With `--checker rate` it is checked by `rate` on PATH
instead (crates.io, Rust; much faster on large proofs); both are installed into .venv/ by
scripts/install-solvers.sh.

Exit code 0: the proof is valid (the formula is unsatisfiable); 1: it is not; 2: usage
or missing files or checker.
"""

import subprocess
import sys
from pathlib import Path


def main() -> int:
    args = sys.argv[1:]
    checker = "dratify"
    if len(args) == 3 and args[0] == "--checker" and args[1] in ("dratify", "rate"):
        checker, args = args[1], args[2:]
    if len(args) != 1:
        print("usage: check-proof.py [--checker dratify|rate] DIR", file=sys.stderr)
        return 2
    d = Path(args[0])
    try:
        cnf_name, proof_name = (d / "unsat.txt").read_text().split("\n", 1)[0].split()
        cnf, proof = (d / cnf_name).read_text(), (d / proof_name).read_text()
    except (OSError, ValueError) as e:
        print(f"check-proof: {d}: no certificate to check ({e})", file=sys.stderr)
        return 2
    if checker == "rate":
        return rate(d, cnf_name, proof_name)
    try:
        from dratify import check_proof, parse_dimacs
    except ImportError:
        print("check-proof: the checker is missing: python3 -m pip install dratify", file=sys.stderr)
        return 2
    result = check_proof(parse_dimacs(cnf), proof)
    if result.ok and result.reached_empty:
        print(f"verified: {cnf_name} is unsatisfiable ({proof_name} checked by dratify: {result.reason})")
        return 0
    print(f"REJECTED: {proof_name} does not prove {cnf_name} unsatisfiable: {result.reason}")
    return 1


def rate(d: Path, cnf_name: str, proof_name: str) -> int:
    try:
        run = subprocess.run(["rate", str(d / cnf_name), str(d / proof_name)], capture_output=True, text=True)
    except OSError as e:
        print(f"check-proof: the checker is missing ({e}): cargo install --locked rate", file=sys.stderr)
        return 2
    if run.returncode == 0 and "s VERIFIED" in run.stdout.splitlines():
        print(f"verified: {cnf_name} is unsatisfiable ({proof_name} checked by rate)")
        return 0
    said = (run.stdout + run.stderr).strip().splitlines()[-1:] or ["no output"]
    print(f"REJECTED: {proof_name} does not prove {cnf_name} unsatisfiable: rate exit code {run.returncode}, {said[0]}")
    return 1


if __name__ == "__main__":
    sys.exit(main())
