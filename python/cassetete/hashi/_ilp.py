"""The integer linear programme of Rafaralahy, "Résolution des jeux Shikaku et Hashiwokakero par
programmation linéaire en nombres entiers", section 2.2, with HiGHS (highspy) or CBC (PuLP).
HiGHS runs quietly and stops through its own interrupt callback at the time limit or on Ctrl-C.

Variables per potential bridge e (a pair of islands that see each other along a line):
x_e in {0, 1} (the edge is used) and y_e in {0, 1, 2} (its bridges). Pairs that do not share a
row or column (4), an island with itself (5), and pairs whose segment passes over a third
island are fixed to zero by not creating their variables. Constraints:
    (6) x_e + x_f <= 1 for crossing edges e, f
    (7) x_e <= y_e <= 2 x_e
    (8) sum of y_e over the edges of island k = v_k
Objective (9): maximise sum x_e (``connectivity="objective"``, the paper's choice: favours but
does not guarantee a connected network). ``connectivity="cuts"`` (default, exact) re-solves
with sum of x_e over the edges leaving S >= 1 for every component S of a disconnected answer;
``connectivity="none"`` solves (4)-(8) only (no objective), for the comparison of Figure 10.
"""

from __future__ import annotations

import time
import warnings
from typing import Any, Dict, List, Optional, Tuple

import numpy as np

from .._components import components
from .._errors import PuzzleError
from .._result import LIMIT, SOLVED, UNSATISFIABLE, Result
from ._model import Hashi

CONNECTIVITY = ("cuts", "objective", "none")
BACKENDS = ("highs", "cbc")


def _components(n: int, edges: np.ndarray, used: np.ndarray) -> List[List[int]]:
    return components(range(n), [(int(a), int(b)) for (a, b), u in zip(edges, used) if u])


class _Model:
    """Rows of the ILP as (coefficients by column, lower, upper); columns x_0..x_{m-1}, y_0..y_{m-1}."""

    def __init__(self, puzzle: Hashi, objective: bool):
        g = puzzle.graph
        self.n = len(g.islands)
        self.m = len(g.edges)
        self.edges = g.edges
        self.objective = objective
        self.rows: List[Tuple[Dict[int, float], float, float]] = []
        m = self.m
        for e, f in g.crossings:  # (6)
            self.rows.append(({int(e): 1.0, int(f): 1.0}, -np.inf, 1.0))
        for e in range(m):  # (7)
            self.rows.append(({e: 1.0, m + e: -1.0}, -np.inf, 0.0))
            self.rows.append(({m + e: 1.0, e: -2.0}, -np.inf, 0.0))
        incident: List[Dict[int, float]] = [dict() for _ in range(self.n)]
        for e, (a, b) in enumerate(g.edges):
            incident[int(a)][m + e] = 1.0
            incident[int(b)][m + e] = 1.0
        for k in range(self.n):  # (8)
            v = float(g.islands[k, 2])
            self.rows.append((incident[k], v, v))

    def cut(self, component: List[int]) -> Tuple[Dict[int, float], float, float]:
        inside = np.zeros(self.n, dtype=bool)
        inside[component] = True
        coeffs = {e: 1.0 for e, (a, b) in enumerate(self.edges) if inside[a] != inside[b]}
        return coeffs, 1.0, np.inf


def _solve_highs(model: _Model, time_limit: Optional[float], node_limit: Optional[int] = None):
    import highspy

    from .._highs import quiet_highs, run_interruptibly

    h = quiet_highs()
    m = model.m
    lower = np.zeros(2 * m)
    upper = np.concatenate([np.ones(m), np.full(m, 2.0)])
    h.addVars(2 * m, lower, upper)
    h.changeColsIntegrality(2 * m, np.arange(2 * m, dtype=np.int32),
                            np.full(2 * m, highspy.HighsVarType.kInteger))
    if model.objective:
        h.changeColsCost(m, np.arange(m, dtype=np.int32), np.ones(m))
        h.changeObjectiveSense(highspy.ObjSense.kMaximize)
    inf = highspy.kHighsInf
    for coeffs, lo, hi in model.rows:
        idx = np.fromiter(coeffs.keys(), dtype=np.int32, count=len(coeffs))
        val = np.fromiter(coeffs.values(), dtype=np.float64, count=len(coeffs))
        h.addRow(-inf if lo == -np.inf else lo, inf if hi == np.inf else hi, len(idx), idx, val)
    run_interruptibly(h, time_limit, node_limit)
    status = h.getModelStatus()
    nodes = int(h.getInfo().mip_node_count)
    if status == highspy.HighsModelStatus.kOptimal:
        values = np.rint(np.array(h.getSolution().col_value)).astype(int)
        return SOLVED, values, nodes
    if status in (highspy.HighsModelStatus.kInfeasible, highspy.HighsModelStatus.kUnboundedOrInfeasible):
        return UNSATISFIABLE, None, nodes
    return LIMIT, None, nodes


def _solve_cbc(model: _Model, time_limit: Optional[float], node_limit: Optional[int] = None):
    try:
        import pulp
    except ImportError:  # pragma: no cover - depends on the environment
        raise PuzzleError("ilp_solver='cbc' needs PuLP: pip install 'cassetete[ilp]'") from None
    with warnings.catch_warnings():  # PuLP 3.x warns about its own 4.0 API changes
        warnings.simplefilter("ignore", DeprecationWarning)
        return _run_cbc(pulp, model, time_limit)


def _run_cbc(pulp, model: _Model, time_limit: Optional[float]):
    m = model.m
    prob = pulp.LpProblem("hashi", pulp.LpMaximize if model.objective else pulp.LpMinimize)
    cols = ([pulp.LpVariable(f"x{e}", 0, 1, cat="Integer") for e in range(m)]
            + [pulp.LpVariable(f"y{e}", 0, 2, cat="Integer") for e in range(m)])
    prob += pulp.lpSum(cols[:m]) if model.objective else pulp.lpSum([])
    for coeffs, lo, hi in model.rows:
        expr = pulp.lpSum(c * cols[j] for j, c in coeffs.items())
        if lo == hi:
            prob += expr == lo
        else:
            if lo != -np.inf:
                prob += expr >= lo
            if hi != np.inf:
                prob += expr <= hi
    kwargs: Dict[str, Any] = {"msg": False}
    if time_limit is not None:
        kwargs["timeLimit"] = max(float(time_limit), 0.01)
    prob.solve(pulp.PULP_CBC_CMD(**kwargs))
    status = pulp.LpStatus[prob.status]
    if status == "Optimal":
        values = np.array([int(round(v.value() or 0)) for v in cols])
        return SOLVED, values, 0
    if status == "Infeasible":
        return UNSATISFIABLE, None, 0
    return LIMIT, None, 0


def solve_ilp(puzzle: Hashi, connectivity: str = "cuts", backend: str = "highs",
              time_limit: Optional[float] = None, node_limit: Optional[int] = None) -> Result:
    """Solve with the ILP; see the module docstring for ``connectivity``.

    The solution is a list of bridges ``(r1, c1, r2, c2, count)``. With ``"objective"`` or
    ``"none"`` it satisfies (4)-(8) but may be disconnected: the status is then ``"limit"``
    (``stats["connected"]`` is False) and the network is returned as the best state found.

    Example:
        >>> from cassetete.hashi import parse
        >>> from cassetete.hashi._ilp import solve_ilp
        >>> solve_ilp(parse("3x3m2:2a2c2a2")).solution
        [(0, 0, 0, 2, 1), (0, 0, 2, 0, 1), (0, 2, 2, 2, 1), (2, 0, 2, 2, 1)]
    """
    if connectivity not in CONNECTIVITY:
        raise PuzzleError(f"connectivity must be one of {CONNECTIVITY}, got {connectivity!r}")
    if backend not in BACKENDS:
        raise PuzzleError(f"ILP backend must be one of {BACKENDS}, got {backend!r}")
    if node_limit is not None and backend != "highs":
        raise PuzzleError("node_limit needs ilp_solver='highs' (CBC through PuLP takes no node limit here)")
    start = time.perf_counter()
    model = _Model(puzzle, objective=connectivity != "none")
    run = _solve_highs if backend == "highs" else _solve_cbc
    rounds = cuts = nodes = 0
    stop = "none"
    while True:
        remaining = None if time_limit is None else time_limit - (time.perf_counter() - start)
        nodes_left = None if node_limit is None else node_limit - nodes  # the limit bounds every round
        if remaining is not None and remaining <= 0:
            status, values, stop = LIMIT, None, "time_limit"
            break
        if nodes_left is not None and nodes_left < 0:
            status, values, stop = LIMIT, None, "node_limit"
            break
        status, values, n = run(model, remaining, nodes_left)
        nodes += n
        if status == LIMIT:
            stop = "node_limit" if node_limit is not None and nodes >= node_limit else "time_limit"
        rounds += 1
        if status != SOLVED:
            break
        comps = _components(model.n, model.edges, values[: model.m])
        if len(comps) == 1 or connectivity != "cuts":
            break
        for comp in comps:
            model.rows.append(model.cut(comp))
            cuts += 1
    stats = {"nodes": nodes, "seconds": time.perf_counter() - start, "rounds": rounds,
             "cuts": cuts, "ilp_solver": backend, "connectivity": connectivity,
             "stop": stop}
    if status != SOLVED:
        return Result(status, None, stats, puzzle=puzzle)
    assert values is not None  # solved: HiGHS or CBC gave the variables' values
    counts = values[model.m:]
    stats["connected"] = len(_components(model.n, model.edges, counts)) == 1
    # A disconnected network breaks a rule: it is not a solution. Like the optimisation methods,
    # the relaxed models then return it as their best state with status "limit", never "solved".
    status = SOLVED if stats["connected"] else LIMIT
    return Result(status, puzzle.bridges_of(list(counts)), stats, puzzle=puzzle)
