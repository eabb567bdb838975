"""snakesat: snake puzzles compiled to SAT, from Python.

    >>> import snakesat
    >>> p = snakesat.read("fixtures/snake-egg/example-5x5.toml")
    >>> a = p.solve(unique=True)
    >>> a.status, a.unique
    ('solved', True)

Puzzles are read by the same readers as the ``snakesat`` command, jobs run through the
same job plan, and answers carry the same JSON, text and pictures (``to_json()``,
``str()``, ``svg()``). In a notebook, puzzles and answers show as pictures.

A job that cannot run raises one exception per class of error, as the command line has
one exit code for each: ``InputError`` (text that cannot be read, located), ``UsageError``
(arguments or options the job cannot take) and ``TooBigError`` (a puzzle beyond the size
limits), all ``ValueError``; ``SolverError`` (a solver that failed, or an answer that
failed verification), a ``RuntimeError``.
"""

from __future__ import annotations

import os
from typing import Iterator, Optional, Sequence, Tuple, Union

from ._native import (
    Answer,
    Candidates,
    Count,
    Explanation,
    Generator,
    InputError,
    Puzzle,
    SolverError,
    TooBigError,
    UsageError,
    __version__,
    choices,
    read,
)
from ._native import bank as _read_bank
from ._native import size as _read_size

__all__ = [
    "Answer",
    "Candidates",
    "Count",
    "Explanation",
    "Generator",
    "InputError",
    "Puzzle",
    "SolverError",
    "TooBigError",
    "UsageError",
    "choices",
    "generate",
    "generate_one",
    "read",
    "__version__",
]


def generate(
    kind: str,
    size: Union[int, str, Tuple[int, int]],
    bank: Optional[Union[str, Sequence[int]]] = None,
    seed: int = 1,
    count: int = 1,
    timeout: Optional[float] = None,
    grade: Optional[str] = None,
    certify: Optional[Union[str, "os.PathLike[str]"]] = None,
) -> Iterator[Puzzle]:
    """Minimal unique puzzles of ``kind``, made one at a time as the iterator is read.

    ``size`` is a side, ``(rows, cols)`` or ``"ROWSxCOLS"``; ``bank`` the pieces of a
    genre that has them (``"1..9"``, ``"1,2,2,5"`` or a list). Puzzle ``k`` of a seed is
    the one ``snakesat generate`` makes for the same arguments. ``grade`` (``"max=K"`` or
    ``"min=J,max=K"``, as ``generate --grade``, each a number of rules or a level of the
    ladder such as ``"max=lines"``) keeps the puzzle's explanation within the bound; such
    puzzles are minimal for the grade, not minimal. ``certify`` (a folder, as ``generate
    --certify``) certifies each puzzle's uniqueness by kissat's DRAT proof checked by
    ``rate``, kept in ``certify/puzzle-k`` with the puzzle; a proof not accepted raises
    ``SolverError``, kissat or rate missing ``UsageError`` (here, before any puzzle).

    The arguments are checked by the call itself (an unknown genre, a bad size, bank or
    grade raises here); the puzzles are made as the iterator is read.
    """
    rows, cols = _size(size)
    generator = Generator(kind, rows, cols, _bank(bank), seed, timeout, grade, certify)
    return (generator.puzzle(index) for index in range(count))


def generate_one(
    kind: str,
    rows: int,
    cols: int,
    bank: Optional[Sequence[int]],
    seed: int,
    index: int,
    timeout: Optional[float] = None,
    grade: Optional[str] = None,
    certify: Optional[Union[str, "os.PathLike[str]"]] = None,
) -> Puzzle:
    """Generated puzzle number ``index`` of the run with ``seed`` (the CLI's ``generate``
    makes the same puzzle for the same arguments)."""
    sizes = None if bank is None else [int(b) for b in bank]
    return Generator(kind, rows, cols, sizes, seed, timeout, grade, certify).puzzle(index)


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
