"""Type stubs of the C++ extension cassetete._core (internal; use the cassetete.* modules)."""

from typing import Any, Dict, List, Optional, Tuple

import numpy as np

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
