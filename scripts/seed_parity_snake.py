#!/usr/bin/env python3
"""An independent check of `snakesat count` on the 9x9 parity snake, and an exact account
of the seed's figures (seed 003: 3241 configurations, shortest 21, longest 37).

    search [--all] OUT
        The seed's depth-first search, re-implemented with the same semantics (flat lists
        instead of deep copies; propagation to the same fixpoint). Without --all it starts,
        as the seed does, only from odd cells with y <= x (seed coordinates: x is the first
        index, y the second; y is the printed row) and writes every "Solved!" path, one per
        line, as [[row, col], ...] from the start cell. With --all it starts from every cell
        with either parity, and tags each line with the start cell's parity.
    exact counts|sudoku IN OUT
        Keeps each snake of IN (from `search --all`) once, when the parities its path forces
        extend to a full pattern with the right counts (or to a whole Sudoku): together with
        `search --all` an enumeration independent of snakesat.
    check-literal LITERAL OUT
        Asserts that OUT (from `search`) equals the output of a literal transcription of
        the seed (same paths, same order).
    account SEED COUNTS_LIST SUDOKU_LIST
        Explains the seed's figures against `snakesat count --list` output in both modes.
    same-sets A B
        Asserts that two path lists hold the same snakes as cell sets, and prints figures.

Plain Python 3, no dependencies. Nothing here shares code with snakesat.
"""

import json
import sys
from collections import Counter

N, B, EVENS, ODDS = 9, 3, 4, 5
EMPTY, ODD, EVEN, ODD_SNAKE, EVEN_SNAKE = 0, 1, 2, 3, 4


def idx(x, y):
    return x * N + y


# Neighbours in the seed's order: north (y-1), east (x+1), west (x-1), south (y+1).
NBRS = []
for x in range(N):
    for y in range(N):
        nb = []
        if y > 0:
            nb.append(idx(x, y - 1))
        if x < N - 1:
            nb.append(idx(x + 1, y))
        if x > 0:
            nb.append(idx(x - 1, y))
        if y < N - 1:
            nb.append(idx(x, y + 1))
        NBRS.append(nb)
UNITS = (
    [[idx(x, y) for y in range(N)] for x in range(N)]
    + [[idx(x, y) for x in range(N)] for y in range(N)]
    + [[idx(x, y) for x in range(bx * B, bx * B + B) for y in range(by * B, by * B + B)] for bx in range(B) for by in range(B)]
)
BOX = [0] * (N * N)
for k, u in enumerate(UNITS[2 * N:]):
    for i in u:
        BOX[i] = k
CELL_UNITS = [[k for k, u in enumerate(UNITS) if i in u] for i in range(N * N)]


def is_even(v):
    return v == EVEN or v == EVEN_SNAKE


def is_odd(v):
    return v == ODD or v == ODD_SNAKE


def opposite(mark):
    return ODD if mark == EVEN else EVEN


def snake_of(mark):
    return EVEN_SNAKE if mark == EVEN else ODD_SNAKE


def propagate(g):
    """The seed's check_grid_parity: fill a unit's empties once it has 4 evens or 5 odds,
    fail when it has more. Run to its fixpoint (the order of passes does not change it)."""
    changed = True
    while changed:
        changed = False
        for u in UNITS:
            e = o = 0
            for i in u:
                v = g[i]
                if v == EVEN or v == EVEN_SNAKE:
                    e += 1
                elif v == ODD or v == ODD_SNAKE:
                    o += 1
            if e > EVENS or o > ODDS:
                return False
            if e == EVENS or o == ODDS:
                fill = ODD if e == EVENS else EVEN
                for i in u:
                    if g[i] == EMPTY:
                        g[i] = fill
                        changed = True
    return True


def search(starts):
    """Every "Solved!" path from the given (cell, parity mark) starts, with its start mark."""
    out = []

    def dfs(g, head, neck, last, path, boxes):
        if not propagate(g):
            return
        if (
            len(boxes) == N
            and not any(g[k] == opposite(last) for k in NBRS[head])
            and not any(g[k] == last for k in NBRS[neck])
        ):
            out.append((list(path), path_mark[0]))
        new = opposite(last)
        for t in NBRS[head]:
            v = g[t]
            if v == EMPTY or (v == new and sum(1 for k in NBRS[t] if g[k] >= ODD_SNAKE) < 2):
                ng = g[:]
                ng[t] = snake_of(new)
                if neck is not None:
                    # The neck's other neighbours take the neck's parity, `new`.
                    for k in NBRS[neck]:
                        if ng[k] == last:
                            return
                        if ng[k] == EMPTY:
                            ng[k] = new
                path.append(t)
                dfs(ng, t, head, new, path, boxes | {BOX[t]})
                path.pop()

    path_mark = [None]
    for (s, mark) in starts:
        g = [EMPTY] * (N * N)
        g[s] = snake_of(mark)
        path_mark[0] = mark
        dfs(g, s, None, mark, [s], {BOX[s]})
    return out


def forced(path, start_even):
    """The parities a path forces, as {cell: even?}, or None when they clash."""
    par = {}
    on = set(path)
    for k, c in enumerate(path):
        par[c] = start_even if k % 2 == 0 else not start_even
    for c in path:
        for k in NBRS[c]:
            if k not in on:
                if par.get(k, par[c]) != par[c]:
                    return None
                par[k] = par[c]
    return par


def witness(par, rule):
    """A full parity pattern (counts) or Sudoku (sudoku) agreeing with `par`, or None."""
    if par is None:
        return None
    return complete_counts(par) if rule == "counts" else complete_sudoku(par)


def complete_counts(par):
    ev = [0] * len(UNITS)
    od = [0] * len(UNITS)
    cells = list(range(N * N))
    val = [None] * (N * N)

    def ok(i, e):
        for k in CELL_UNITS[i]:
            if e and ev[k] >= EVENS or not e and od[k] >= ODDS:
                return False
        return True

    def put(i, e, d):
        val[i] = e if d > 0 else None
        for k in CELL_UNITS[i]:
            if e:
                ev[k] += d
            else:
                od[k] += d

    for i, e in par.items():
        if not ok(i, e):
            return None
        put(i, e, 1)
    free = [i for i in cells if i not in par]

    def go(j):
        if j == len(free):
            return True
        i = free[j]
        for e in (True, False):
            if ok(i, e):
                put(i, e, 1)
                if go(j + 1):
                    return True
                put(i, e, -1)
        return False

    return list(val) if go(0) else None


def complete_sudoku(par):
    full = (1 << (N + 1)) - 2
    evens = sum(1 << d for d in range(2, N + 1, 2))
    allowed = [full if i not in par else (evens if par[i] else full & ~evens) for i in range(N * N)]
    used = [0] * len(UNITS)
    grid = [0] * (N * N)

    def options(i):
        m = allowed[i]
        for k in CELL_UNITS[i]:
            m &= ~used[k]
        return m

    def go():
        best, best_m, best_n = None, 0, 99
        for i in range(N * N):
            if grid[i] == 0:
                m = options(i)
                n = bin(m).count("1")
                if n < best_n:
                    best, best_m, best_n = i, m, n
                    if n <= 1:
                        break
        if best is None:
            return True
        if best_n == 0:
            return False
        for d in range(1, N + 1):
            if best_m >> d & 1:
                grid[best] = d
                for k in CELL_UNITS[best]:
                    used[k] |= 1 << d
                if go():
                    return True
                for k in CELL_UNITS[best]:
                    used[k] &= ~(1 << d)
                grid[best] = 0
        return False

    return list(grid) if go() else None


def to_rc(path):
    return [[i % N, i // N] for i in path]


def from_rc(cells):
    return [idx(c, r) for r, c in cells]


def read_paths(fname):
    with open(fname) as f:
        return [from_rc(json.loads(line.split(" ")[0])) for line in f if line.strip()]


def write_paths(fname, paths):
    with open(fname, "w") as f:
        for p in paths:
            f.write(json.dumps(to_rc(p), separators=(",", ":")) + "\n")


def figures(paths):
    lens = Counter(len(p) for p in paths)
    return f"{len(paths)} paths, {len(set(frozenset(p) for p in paths))} cell sets, shortest {min(lens)}, longest {max(lens)}"


def valid_start(path, rule):
    """Is the path (read from path[0]) valid with path[0] odd, under `rule`?"""
    return witness(forced(path, start_even=False), rule) is not None


def main(argv):
    cmd = argv[0]
    if cmd == "search":
        every = "--all" in argv
        if every:
            starts = [(idx(x, y), m) for x in range(N) for y in range(N) for m in (ODD, EVEN)]
        else:
            starts = [(idx(x, y), ODD) for x in range(N) for y in range(x + 1)]
        found = []
        for st in starts:
            found.extend(search([st]))
            print(f"\rstart {st}: {len(found)} paths", end="", file=sys.stderr, flush=True)
        print(file=sys.stderr)
        with open(argv[-1], "w") as f:
            for p, mark in found:
                tag = (" even" if mark == EVEN else " odd") if every else ""
                f.write(json.dumps(to_rc(p), separators=(",", ":")) + tag + "\n")
        print(figures([p for p, _ in found]))
    elif cmd == "exact":
        rule, src, dst = argv[1], argv[2], argv[3]
        kept = {}
        with open(src) as f:
            for line in f:
                cells, tag = line.split()
                p = from_rc(json.loads(cells))
                key = frozenset(p)
                if key not in kept and witness(forced(p, start_even=(tag == "even")), rule) is not None:
                    kept[key] = p
        write_paths(dst, list(kept.values()))
        print(figures(list(kept.values())))
    elif cmd == "check-literal":
        lit, ours = read_paths(argv[1]), read_paths(argv[2])
        assert lit == ours, "the re-implementation differs from the literal transcription"
        print(f"identical: {figures(ours)}")
    elif cmd == "same-sets":
        a, b = read_paths(argv[1]), read_paths(argv[2])
        sa, sb = set(map(frozenset, a)), set(map(frozenset, b))
        print(f"A: {figures(a)}\nB: {figures(b)}")
        print(f"only in A: {len(sa - sb)}, only in B: {len(sb - sa)}")
        sys.exit(0 if sa == sb else 1)
    elif cmd == "account":
        account(read_paths(argv[1]), read_paths(argv[2]), read_paths(argv[3]))
    else:
        sys.exit(__doc__)


def account(seed, counts, sudoku):
    in_triangle = lambda c: c % N <= c // N  # y <= x in the seed's coordinates
    counts_sets = {frozenset(p): p for p in counts}
    sudoku_sets = set(frozenset(p) for p in sudoku)
    print(f"seed re-run: {figures(seed)}")
    print(f"snakesat counts mode: {figures(counts)}; sudoku mode: {figures(sudoku)}")
    # 1. Each seed path is a (snake, odd start end in the triangle) pair.
    by_set = Counter(frozenset(p) for p in seed)
    valid = [p for p in seed if frozenset(p) in counts_sets]
    invalid = [p for p in seed if frozenset(p) not in counts_sets]
    no_witness = [p for p in invalid if not valid_start(p, "counts")]
    print(f"seed paths whose snake snakesat also counts: {len(valid)} "
          f"({len(set(map(frozenset, valid)))} snakes; {sum(1 for s, n in by_set.items() if n == 2 and s in counts_sets)} found from both ends)")
    print(f"seed paths snakesat rejects: {len(invalid)}, of which {len(no_witness)} have no parity pattern with the right counts")
    lens = Counter(len(p) for p in invalid)
    print(f"  their lengths: {dict(sorted(lens.items()))}")
    # Why the seed accepted them: the parities its "Solved!" test leaves unset (the last
    # neighbours of the head and the neck) already break the counts under the seed's own
    # propagation, or they do not and only a full search shows that no pattern fits.
    late = 0
    for p in invalid:
        par = forced(p, start_even=False)
        g = [EMPTY] * (N * N)
        if par is not None:
            for i, e in par.items():
                g[i] = EVEN if e else ODD
        if par is None or not propagate(g):
            late += 1
    print(f"  {late} fail the seed's own count propagation once the head's and neck's other neighbours "
          f"take their parity; {len(invalid) - late} pass it and fail only a complete search")
    # 2. Which of our snakes the seed could reach: from an end that is odd in some valid
    # pattern and lies in its start triangle.
    reach = Counter()
    for key, p in counts_sets.items():
        ends = [p, p[::-1]]
        odd_ok = [valid_start(q, "counts") for q in ends]
        tri = [in_triangle(q[0]) for q in ends]
        found = sum(1 for k in range(2) if odd_ok[k] and tri[k])
        if found:
            reach[f"found from {found} end(s)"] += 1
        elif any(odd_ok):
            reach["missed: its odd-start ends lie outside y <= x"] += 1
        else:
            reach["missed: no valid pattern has an odd end"] += 1
        assert (by_set.get(key, 0) == found), f"seed finds {key} {by_set.get(key, 0)} times, expected {found}"
    print("our counts-mode snakes, as the seed meets them:")
    for k, v in sorted(reach.items()):
        print(f"  {k}: {v}")
    print(f"our sudoku-mode snakes are a subset of counts mode: {sudoku_sets <= set(counts_sets)}; "
          f"{len(counts_sets) - len(sudoku_sets)} counts-mode snakes have no Sudoku")


if __name__ == "__main__":
    main(sys.argv[1:])
