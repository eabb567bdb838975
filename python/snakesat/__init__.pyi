import os
from typing import Any, Callable, Dict, Iterator, List, Optional, Sequence, Tuple, Union, final

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

__version__: str

class InputError(ValueError):
    """Bad puzzle input; the message is the CLI's `file:line:column: ...`."""

    line: int
    column: int
    file: str

class UsageError(ValueError):
    """Arguments or options the job cannot take."""

class TooBigError(ValueError):
    """A puzzle whose formula is beyond the size limits."""

class SolverError(RuntimeError):
    """A solver that failed, or an answer that failed the independent verifier."""

@final
class Answer:
    """The result of `solve`, `forced` or `decode`."""

    @property
    def status(self) -> str: ...
    @property
    def grid(self) -> Optional[List[List[str]]]: ...
    @property
    def solution(self) -> Optional[Dict[str, Any]]: ...
    @property
    def unique(self) -> Optional[bool]: ...
    @property
    def second(self) -> Optional[List[List[str]]]: ...
    @property
    def forced(self) -> Optional[List[List[Optional[str]]]]: ...
    @property
    def reason(self) -> Optional[str]: ...
    @property
    def stats(self) -> Optional[Dict[str, Any]]: ...
    def to_json(self) -> str: ...
    def svg(self) -> Optional[str]: ...
    def _repr_svg_(self) -> Optional[str]: ...

@final
class Count:
    """The result of `count`."""

    @property
    def count(self) -> int: ...
    @property
    def complete(self) -> bool: ...
    @property
    def limit_reached(self) -> bool: ...
    @property
    def stopped(self) -> Optional[str]: ...
    @property
    def status(self) -> str: ...
    @property
    def stats(self) -> Optional[Dict[str, Any]]: ...
    def to_json(self) -> str: ...
    def __int__(self) -> int: ...
    def _repr_html_(self) -> str: ...

@final
class Candidates:
    """The result of `candidates`: each cell's values in some answer, and in how many of
    the answers found."""

    @property
    def status(self) -> str: ...
    @property
    def cells(self) -> List[Dict[str, int]]: ...
    @property
    def grid(self) -> Optional[List[List[Dict[str, int]]]]: ...
    @property
    def names(self) -> List[str]: ...
    @property
    def split(self) -> List[str]: ...
    @property
    def answers(self) -> int: ...
    @property
    def values_complete(self) -> bool: ...
    @property
    def counts_complete(self) -> bool: ...
    @property
    def limit_reached(self) -> bool: ...
    @property
    def stopped(self) -> Optional[str]: ...
    @property
    def stats(self) -> Optional[Dict[str, Any]]: ...
    def to_json(self) -> str: ...
    def svg(self) -> Optional[str]: ...
    def _repr_svg_(self) -> Optional[str]: ...

@final
class Explanation:
    """The result of `explain`: steps a person can follow, and a grade."""

    @property
    def status(self) -> str: ...
    @property
    def grade(self) -> Dict[str, Any]: ...
    @property
    def steps(self) -> List[Dict[str, Any]]: ...
    @property
    def unique(self) -> Optional[bool]: ...
    @property
    def exit_code(self) -> int: ...
    @property
    def wrong(self) -> List[Dict[str, Any]]: ...
    @property
    def fits(self) -> bool: ...
    @property
    def next(self) -> Optional[Dict[str, Any]]: ...
    @property
    def grid_text(self) -> str: ...
    def step_text(self, k: int) -> str: ...
    def svg(self, step: Optional[int] = None) -> str: ...
    def _repr_svg_(self) -> str: ...
    def to_json(self) -> str: ...
    def __len__(self) -> int: ...

@final
class Puzzle:
    """A puzzle of any genre snakesat reads."""

    @property
    def kind(self) -> str: ...
    @property
    def url(self) -> Optional[str]: ...
    @property
    def toml(self) -> Optional[str]: ...
    def solve(
        self,
        unique: bool = False,
        backend: Optional[str] = None,
        timeout: Optional[float] = None,
        *,
        threads: Optional[int] = None,
        encoding: Optional[str] = None,
        distinct: Optional[str] = None,
        connectivity: Optional[str] = None,
        cross_check: Optional[str] = None,
        proof: Optional[str] = None,
    ) -> Answer: ...
    def count(
        self,
        limit: Optional[int] = None,
        timeout: Optional[float] = None,
        backend: Optional[str] = None,
        *,
        threads: Optional[int] = None,
        encoding: Optional[str] = None,
        distinct: Optional[str] = None,
        symmetry: Optional[str] = None,
        connectivity: Optional[str] = None,
        cross_check: Optional[str] = None,
        proof: Optional[str] = None,
    ) -> Count: ...
    def forced(
        self,
        backend: Optional[str] = None,
        timeout: Optional[float] = None,
        *,
        threads: Optional[int] = None,
        encoding: Optional[str] = None,
        distinct: Optional[str] = None,
        progress: Optional[Callable[[Answer], object]] = None,
        connectivity: Optional[str] = None,
        cross_check: Optional[str] = None,
        proof: Optional[str] = None,
    ) -> Answer: ...
    def candidates(
        self,
        limit: Optional[int] = None,
        backend: Optional[str] = None,
        timeout: Optional[float] = None,
        *,
        threads: Optional[int] = None,
        encoding: Optional[str] = None,
        distinct: Optional[str] = None,
        connectivity: Optional[str] = None,
        cross_check: Optional[str] = None,
        proof: Optional[str] = None,
    ) -> Candidates: ...
    def dimacs(self, *, encoding: Optional[str] = None, distinct: Optional[str] = None) -> str: ...
    def decode(
        self, solver_output: str, *, encoding: Optional[str] = None, distinct: Optional[str] = None
    ) -> Answer: ...
    def explain(
        self,
        max_rules: Optional[int] = None,
        timeout: Optional[float] = None,
        *,
        encoding: Optional[str] = None,
        from_grid: Optional[str] = None,
    ) -> Explanation: ...
    def hint(self, grid: str, timeout: Optional[float] = None, *, encoding: Optional[str] = None) -> Explanation: ...
    def svg(self) -> str: ...
    def _repr_svg_(self) -> str: ...

@final
class Generator:
    """The puzzles of one run of ``snakesat generate``, made one at a time by index."""

    def __new__(
        cls,
        kind: str,
        rows: int,
        cols: int,
        bank: Optional[Sequence[int]] = None,
        seed: int = 1,
        timeout: Optional[float] = None,
        grade: Optional[str] = None,
        certify: Optional[Union[str, "os.PathLike[str]"]] = None,
    ) -> Generator: ...
    def puzzle(self, index: int) -> Puzzle: ...

def read(source: Union[str, "os.PathLike[str]"]) -> Puzzle: ...
def choices() -> List[Tuple[str, str, List[str], List[str]]]: ...
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
) -> Puzzle: ...
def generate(
    kind: str,
    size: Union[int, str, Tuple[int, int]],
    bank: Optional[Union[str, Sequence[int]]] = None,
    seed: int = 1,
    count: int = 1,
    timeout: Optional[float] = None,
    grade: Optional[str] = None,
    certify: Optional[Union[str, "os.PathLike[str]"]] = None,
) -> Iterator[Puzzle]: ...
