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
from ._native import bank as _read_bank
from ._native import size as _read_size

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
    # Text is read by the library's one reader of sizes, as `generate --size` reads it.
    if isinstance(size, str):
        return _read_size(size)
    if isinstance(size, int):
        return size, size
    rows, cols = size
    return int(rows), int(cols)


def _bank(bank: Optional[Union[str, Sequence[int]]]) -> Optional[list]:
    # Text is read by the library's one reader of banks, as `generate --bank` reads it.
    if bank is None:
        return None
    if isinstance(bank, str):
        return _read_bank(bank)
    return [int(b) for b in bank]
