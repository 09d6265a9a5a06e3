"""The 0-1 model of Rafaralahy, "Résolution des jeux Shikaku et Hashiwokakero par programmation
linéaire en nombres entiers" (section 1.2), solved by HiGHS (highspy) or CBC (PuLP).

Variables x_{k,l} = 1 when clue k takes its l-th candidate rectangle R_{k,l} (area v_k,
containing the clue). Constraints: (1) sum_l x_{k,l} = 1 for every clue k; (2) for every cell,
the chosen rectangles covering it sum to 1. There is no objective (feasibility problem).
Candidates containing a second clue are left out: constraint (1) for that clue and (2) on its
cell would forbid them anyway.
"""

from __future__ import annotations

import time
import warnings
from typing import Any, Dict, List, Optional

import numpy as np

from .. import _core
from .._errors import PuzzleError
from .._result import Result
from ._model import Rectangle, Shikaku

SOLVERS = ("highs", "cbc")


def candidates(puzzle: Shikaku):
    """``(owner, rects)``: the clue index of every candidate and its ``(row, col, height, width)``."""
    return _core.shikaku.candidates(puzzle.clues)


def solve_ilp(puzzle: Shikaku, time_limit: Optional[float] = None, solver: str = "highs",
              node_limit: Optional[int] = None) -> Result:
    """Solve with the ILP model; ``solver`` is ``"highs"`` (highspy) or ``"cbc"`` (PuLP's CBC).

    HiGHS runs quietly and stops through its own interrupt callback at ``time_limit`` or on
    Ctrl-C (which then raises KeyboardInterrupt); ``node_limit`` caps its branch-and-bound
    nodes (``mip_max_nodes``; CBC cannot take it: ``PuzzleError``).

    Example:
        >>> from cassetete.shikaku import parse
        >>> solve_ilp(parse("2 . 2\\n. . 2")).status
        'solved'
    """
    if solver not in SOLVERS:
        raise PuzzleError(f"unknown ILP solver {solver!r}; expected one of: {', '.join(SOLVERS)}")
    if node_limit is not None and solver != "highs":
        raise PuzzleError("node_limit needs ilp_solver='highs' (CBC through PuLP takes no node limit here)")
    start = time.perf_counter()
    owner, rects = candidates(puzzle)
    n_clues = len(puzzle.clue_values())
    stats = {"variables": int(len(owner)), "constraints": int(n_clues + puzzle.rows * puzzle.cols),
             "ilp_solver": solver, "nodes": 0, "stop": "none"}
    if int(sum(puzzle.clue_values())) != puzzle.rows * puzzle.cols or (
        n_clues and len(np.unique(owner)) < n_clues
    ):
        stats["seconds"] = time.perf_counter() - start
        return Result("unsatisfiable", None, stats, puzzle=puzzle)
    starts, index = _columns(owner, rects, n_clues, puzzle.cols)
    n_rows = n_clues + puzzle.rows * puzzle.cols
    if solver == "highs":
        deadline = None if time_limit is None else start + time_limit  # building the model counts too
        status, chosen, run = _highs(starts, index, n_rows, deadline, node_limit)
        stats["callbacks"] = run["callbacks"]
        stats["nodes"] = max(0, run["nodes"])
    else:
        remaining = None if time_limit is None else max(0.0, time_limit - (time.perf_counter() - start))
        status, chosen = _cbc(starts, index, n_rows, remaining)
    stats["seconds"] = time.perf_counter() - start
    if status != "solved":
        if status == "limit":
            stats["stop"] = ("interrupted" if solver == "highs" and run["interrupted"]
                             else "node_limit" if solver == "highs" and run["node_limited"] else "time_limit")
        return Result(status, None, stats, puzzle=puzzle)
    solution: List[Rectangle] = [None] * n_clues  # type: ignore[list-item]
    for j in chosen:
        r, c, h, w = (int(v) for v in rects[j])
        solution[int(owner[j])] = (r, c, h, w)
    return Result("solved", solution, stats, puzzle=puzzle)


def _columns(owner: np.ndarray, rects: np.ndarray, n_clues: int, width: int):
    """Column-wise 0-1 matrix of the model: column j has row owner[j] (constraint (1)) then the
    rows n_clues + r * width + c of the cells of rectangle j (constraint (2)).
    Returns (starts, index) with column j in index[starts[j]:starts[j + 1]]."""
    n = len(owner)
    r, c, h, w = (rects[:, i].astype(np.int64) for i in range(4)) if n else (np.zeros(0, np.int64),) * 4
    areas = h * w
    lengths = areas + 1
    starts = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(lengths, out=starts[1:])
    index = np.empty(int(starts[-1]), dtype=np.int64)
    index[starts[:-1]] = owner
    cell_starts = np.zeros(n, dtype=np.int64)
    if n > 1:
        np.cumsum(areas[:-1], out=cell_starts[1:])
    offset = np.arange(int(areas.sum())) - np.repeat(cell_starts, areas)
    w_rep = np.repeat(w, areas)
    cells = (np.repeat(r, areas) + offset // w_rep) * width + np.repeat(c, areas) + offset % w_rep
    mask = np.ones(len(index), dtype=bool)
    mask[starts[:-1]] = False
    index[mask] = n_clues + cells
    return starts.astype(np.int32), index.astype(np.int32)


def _highs(starts: np.ndarray, index: np.ndarray, n_rows: int, deadline: Optional[float],
           node_limit: Optional[int] = None):
    import highspy

    from .._highs import quiet_highs, run_interruptibly

    h = quiet_highs()
    lp = highspy.HighsLp()
    n = len(starts) - 1
    lp.num_col_ = n
    lp.num_row_ = n_rows
    lp.col_cost_ = np.zeros(n)
    lp.col_lower_ = np.zeros(n)
    lp.col_upper_ = np.ones(n)
    lp.row_lower_ = np.ones(n_rows)
    lp.row_upper_ = np.ones(n_rows)
    lp.a_matrix_.format_ = highspy.MatrixFormat.kColwise
    lp.a_matrix_.start_ = starts
    lp.a_matrix_.index_ = index
    lp.a_matrix_.value_ = np.ones(len(index))
    lp.integrality_ = [highspy.HighsVarType.kInteger] * n
    h.passModel(lp)
    run = run_interruptibly(h, None if deadline is None else max(0.0, deadline - time.perf_counter()), node_limit)
    run["nodes"] = int(h.getInfo().mip_node_count)
    model_status = h.getModelStatus()
    if model_status == highspy.HighsModelStatus.kOptimal:
        values = np.asarray(h.getSolution().col_value)
        return "solved", np.flatnonzero(values > 0.5).tolist(), run
    if model_status == highspy.HighsModelStatus.kInfeasible:
        return "unsatisfiable", [], run
    return "limit", [], run


def _cbc(starts: np.ndarray, index: np.ndarray, n_rows: int, time_limit: Optional[float]):
    try:
        import pulp
    except ImportError as error:  # pragma: no cover - depends on the environment
        raise PuzzleError("ilp_solver='cbc' needs PuLP: pip install 'cassetete[ilp]'") from error
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        cols_rows = [index[starts[j]:starts[j + 1]] for j in range(len(starts) - 1)]
        return _cbc_model(pulp, cols_rows, n_rows, time_limit)


def _cbc_model(pulp: Any, cols_rows: List[np.ndarray], n_rows: int, time_limit: Optional[float]):
    prob = pulp.LpProblem("shikaku", pulp.LpMinimize)
    xs = [pulp.LpVariable(f"x{j}", cat="Binary") for j in range(len(cols_rows))]
    prob += pulp.lpSum([])
    rows: List[List[Any]] = [[] for _ in range(n_rows)]
    for j, members in enumerate(cols_rows):
        for i in members.tolist():
            rows[i].append(xs[j])
    for i, terms in enumerate(rows):
        if not terms:
            return "unsatisfiable", []
        prob += pulp.lpSum(terms) == 1, f"r{i}"
    kwargs: Dict[str, Any] = {"msg": False}
    if time_limit is not None:
        kwargs["timeLimit"] = max(1, int(round(time_limit)))
    prob.solve(pulp.PULP_CBC_CMD(**kwargs))
    status = pulp.LpStatus[prob.status]
    if status == "Optimal":
        return "solved", [j for j, x in enumerate(xs) if (x.value() or 0) > 0.5]
    if status == "Infeasible":
        return "unsatisfiable", []
    return "limit", []
