# Type stubs of the C++ extension module cassetete._core (one section per family).
from typing import Any, Dict, List, Optional, Sequence, Tuple

import numpy as np

def hardware_threads() -> int: ...
def build_info() -> str: ...

# --- exactcover -------------------------------------------------------------------------
class ExactCoverProblem:
    def __init__(self, primary: int, secondary: int = 0) -> None: ...
    def add_options_csr(self, starts: np.ndarray, items: np.ndarray) -> None: ...
    @property
    def primary(self) -> int: ...
    @property
    def secondary(self) -> int: ...
    @property
    def options(self) -> int: ...

def exactcover_count(
    problem: ExactCoverProblem,
    prefixes: Sequence[Sequence[int]],
    limit: int = 0,
    time_limit: Optional[float] = None,
    node_limit: Optional[int] = None,
) -> Tuple[int, bool, Dict[str, Any]]: ...
def exactcover_first(
    problem: ExactCoverProblem,
    prefix: Sequence[int],
    time_limit: Optional[float] = None,
    node_limit: Optional[int] = None,
) -> Tuple[str, Optional[List[int]], Dict[str, Any]]: ...
def exactcover_split(problem: ExactCoverProblem, prefix: Sequence[int], depth: int) -> List[List[int]]: ...

class ExactCoverIterator:
    def __init__(
        self,
        problem: ExactCoverProblem,
        prefix: Sequence[int],
        time_limit: Optional[float] = None,
        node_limit: Optional[int] = None,
    ) -> None: ...
    def __iter__(self) -> "ExactCoverIterator": ...
    def __next__(self) -> List[int]: ...
    def stats(self) -> Dict[str, Any]: ...
    @property
    def complete(self) -> bool: ...

class BitboardPacker:
    def __init__(self, full: int, pieces: int, piece_of: np.ndarray, masks: np.ndarray) -> None: ...
    @property
    def placements(self) -> int: ...
    def set_neighbours(self, shifts: Sequence[int], masks: Sequence[int]) -> None: ...
    def set_min_remaining(self, on: bool) -> None: ...

def bitboard_count(
    packer: BitboardPacker,
    prefixes: Sequence[Sequence[int]],
    limit: int = 0,
    time_limit: Optional[float] = None,
    node_limit: Optional[int] = None,
) -> Tuple[int, bool, Dict[str, Any]]: ...
def bitboard_solutions(
    packer: BitboardPacker,
    prefix: Sequence[int],
    limit: int,
    pieces: int,
    time_limit: Optional[float] = None,
    node_limit: Optional[int] = None,
) -> Tuple[np.ndarray, bool, Dict[str, Any]]: ...
