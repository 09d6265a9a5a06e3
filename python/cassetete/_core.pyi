# --- shikaku (src/bind_shikaku.cpp) -------------------------------------------------------
"""Type stubs of the C++ extension cassetete._core (internal; use the cassetete.* modules)."""

from typing import Any, Dict, List, Optional, Tuple

import numpy as np

def shikaku_candidates(grid: np.ndarray) -> Tuple[np.ndarray, np.ndarray]:
    """(owner clue per candidate, (n, 4) int32 rows of row, col, height, width)."""

def shikaku_exact(
    grid: np.ndarray,
    limit: int = 1,
    keep: int = 1,
    time_limit: Optional[float] = None,
    node_limit: Optional[int] = None,
) -> Dict[str, Any]:
    """{"status", "count", "complete", "solutions": [(K, 4) int32 arrays], "stats"}."""

def shikaku_anneal(
    grid: np.ndarray,
    iterations: int,
    t0: float,
    cooling: float,
    seed: int,
    time_limit: Optional[float] = None,
    node_limit: Optional[int] = None,
) -> Dict[str, Any]:
    """{"status", "best": (K, 4) int32 array or None, "energy", "target", "stats"}."""

def shikaku_exact_many(
    grids: List[np.ndarray],
    limit: int = 2,
    time_limit: Optional[float] = None,
    node_limit: Optional[int] = None,
    workers: int = 1,
) -> Tuple[np.ndarray, np.ndarray]:
    """(counts int64, seconds float64) per grid on `workers` threads; count -1 = stopped by a
    per-puzzle limit."""
def hardware_threads() -> int: ...
def build_info() -> str: ...

# ---- hashi (src/bind_hashi.cpp) -------------------------------------------------------------
def hashi_graph(grid: np.ndarray) -> Dict[str, np.ndarray]: ...
def hashi_solve_exact(
    grid: np.ndarray,
    time_limit: Optional[float] = None,
    node_limit: Optional[int] = None,
    limit: int = 1,
    keep: int = 1,
) -> Dict[str, Any]: ...
def hashi_solve_annealing(
    grid: np.ndarray,
    time_limit: Optional[float] = None,
    node_limit: Optional[int] = None,
    seed: int = 0,
    initial_temperature: float = 2.0,
    final_temperature: float = 0.02,
    steps_per_round: int = 0,
) -> Dict[str, Any]: ...
