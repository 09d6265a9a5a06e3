# Type stubs of the C++ extension cassetete._core (one section per family).
from typing import Any, Dict, List, Optional

import numpy as np

def hardware_threads() -> int: ...
def build_info() -> Dict[str, Any]: ...

# --- edgematch (src/bind_edgematch.cpp) ---
def edgematch_search(
    rows: int,
    cols: int,
    pieces: np.ndarray,  # (k, 4) int32 colour ids, N E S W; id 0 = frame
    compl: np.ndarray,  # (C,) int32: colour that must face each colour
    fixed: np.ndarray,  # (f, 3) int32: cell, piece, rotation
    order: np.ndarray,  # (rows*cols,) int32 cell order
    first_fail: bool = False,
    count: bool = False,
    limit: int = 0,
    seed: Optional[int] = None,
    time_limit: Optional[float] = None,
    node_limit: Optional[int] = None,
) -> Dict[str, Any]: ...  # status, solutions, complete, board (rows, cols, 2) or None, stats
def edgematch_split(
    rows: int, cols: int, pieces: np.ndarray, compl: np.ndarray, fixed: np.ndarray, order: np.ndarray, depth: int
) -> List[np.ndarray]: ...
