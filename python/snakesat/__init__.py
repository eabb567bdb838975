"""snakesat: snake puzzles compiled to SAT, from Python.

    >>> import snakesat
    >>> p = snakesat.read("fixtures/snake-egg/example-5x5.toml")
    >>> a = p.solve(unique=True)
    >>> a.status, a.unique
    ('solved', True)

Puzzles are read by the same readers as the ``snakesat`` command, jobs run through the
same job plan, and answers carry the same JSON, text and pictures (``to_json()``,
``str()``, ``svg()``). In a notebook, puzzles and answers show as pictures.
"""

from __future__ import annotations

from typing import Iterator, Optional, Sequence, Tuple, Union

from ._native import Answer, Candidates, Count, Explanation, InputError, Puzzle, __version__, generate_one, read

__all__ = ["Answer", "Candidates", "Count", "Explanation", "InputError", "Puzzle", "generate", "read", "__version__"]


def generate(
    kind: str,
    size: Union[int, str, Tuple[int, int]],
    bank: Optional[Union[str, Sequence[int]]] = None,
    seed: int = 1,
    count: int = 1,
    timeout: Optional[float] = None,
    grade: Optional[str] = None,
) -> Iterator[Puzzle]:
    """Minimal unique puzzles of ``kind``, made one at a time as the iterator is read.

    ``size`` is a side, ``(rows, cols)`` or ``"ROWSxCOLS"``; ``bank`` the pieces of a
    genre that has them (``"1..9"``, ``"1,2,2,5"`` or a list). Puzzle ``k`` of a seed is
    the one ``snakesat generate`` makes for the same arguments. ``grade`` (``"max=K"`` or
    ``"min=J,max=K"``, as ``generate --grade``, each a number of rules or a level of the
    ladder such as ``"max=lines"``) keeps the puzzle's explanation within the bound; such
    puzzles are minimal for the grade, not minimal.
    """
    rows, cols = _size(size)
    sizes = _bank(bank)
    for index in range(count):
        yield generate_one(kind, rows, cols, sizes, seed, index, timeout, grade)


def _size(size: Union[int, str, Tuple[int, int]]) -> Tuple[int, int]:
    if isinstance(size, int):
        return size, size
    if isinstance(size, str):
        rows, _, cols = size.partition("x")
        return int(rows), int(cols or rows)
    rows, cols = size
    return int(rows), int(cols)


def _bank(bank: Optional[Union[str, Sequence[int]]]) -> Optional[list]:
    if bank is None or not isinstance(bank, str):
        return None if bank is None else [int(b) for b in bank]
    if ".." in bank:
        low, high = bank.split("..")
        return list(range(int(low), int(high.lstrip("=")) + 1))
    return [int(b) for b in bank.split(",")]
