#!/usr/bin/env python3
"""Checks the UNSAT certificate `snakesat ... --proof DIR` left in DIR.

DIR/unsat.txt names, on its first line, the formula that the solver answered UNSAT
(call-N.cnf: the puzzle's CNF, then the lazy cuts and blocking clauses of the run) and
the solver's text DRAT proof of it (call-N.drat). The proof is checked by `dratify`
(PyPI; pure Python, written independently of the solvers and of snakesat):
`python3 -m pip install dratify`.

Exit code 0: the proof is valid (the formula is unsatisfiable); 1: it is not; 2: usage
or missing files.
"""

import sys
from pathlib import Path


def main() -> int:
    if len(sys.argv) != 2:
        print("usage: check-proof.py DIR", file=sys.stderr)
        return 2
    d = Path(sys.argv[1])
    try:
        cnf_name, proof_name = (d / "unsat.txt").read_text().split("\n", 1)[0].split()
        cnf, proof = (d / cnf_name).read_text(), (d / proof_name).read_text()
    except (OSError, ValueError) as e:
        print(f"check-proof: {d}: no certificate to check ({e})", file=sys.stderr)
        return 2
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


if __name__ == "__main__":
    sys.exit(main())
