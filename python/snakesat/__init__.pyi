import os
from typing import Any, Dict, Iterator, List, Optional, Sequence, Tuple, Union

__version__: str

class InputError(ValueError):
    """Bad puzzle input; the message is the CLI's `file:line:column: ...`."""

    line: int
    column: int
    file: str

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
        encoding: Optional[str] = None,
        distinct: Optional[str] = None,
    ) -> Answer: ...
    def count(
        self,
        limit: Optional[int] = None,
        timeout: Optional[float] = None,
        backend: Optional[str] = None,
        *,
        encoding: Optional[str] = None,
        distinct: Optional[str] = None,
    ) -> Count: ...
    def forced(
        self,
        backend: Optional[str] = None,
        timeout: Optional[float] = None,
        *,
        encoding: Optional[str] = None,
        distinct: Optional[str] = None,
    ) -> Answer: ...
    def dimacs(self, *, encoding: Optional[str] = None, distinct: Optional[str] = None) -> str: ...
    def decode(
        self, solver_output: str, *, encoding: Optional[str] = None, distinct: Optional[str] = None
    ) -> Answer: ...
    def svg(self) -> str: ...
    def _repr_svg_(self) -> str: ...

def read(source: Union[str, "os.PathLike[str]"]) -> Puzzle: ...
def generate_one(
    kind: str,
    rows: int,
    cols: int,
    bank: Optional[Sequence[int]],
    seed: int,
    index: int,
    timeout: Optional[float] = None,
) -> Puzzle: ...
def generate(
    kind: str,
    size: Union[int, str, Tuple[int, int]],
    bank: Optional[Union[str, Sequence[int]]] = None,
    seed: int = 1,
    count: int = 1,
    timeout: Optional[float] = None,
) -> Iterator[Puzzle]: ...
