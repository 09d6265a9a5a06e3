"""Limits never lie, for every method and not only each family's default one.

With random ``node_limit`` / ``time_limit`` (and ``iterations`` for the local searches) every
call returns either a right answer or says that a limit stopped it:

- a solve is ``"solved"`` with a solution that the rules checkers written in these tests accept
  (``edgematch_checker``, ``shikaku_checker``, ``test_hashi_checker``,
  ``test_polyomino_checker``, ``sudoku_checker``, the narrowing model's rules below), or
  ``"limit"`` naming the limit; never ``"unsatisfiable"`` for these solvable puzzles;
- the optimisation methods (edge-matching VLNS, Shikaku and Hashi annealing) say ``"solved"``
  exactly when their board is a full solution by the rules, ``"limit"`` with their best state
  otherwise;
- a count is the exact count (the unlimited run's, itself checked against an independent
  count or a published figure where one is cheap) or raises ``LimitReached`` whose ``count``
  is a lower bound.

Small instances and 10 hypothesis examples per case keep the whole file at a few seconds.
"""

from __future__ import annotations

import itertools
from typing import Any, Callable, Dict, Optional, Tuple

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cassetete import LimitReached, edgematch, hashi, narrowing, polyomino, shikaku, sudoku
from cassetete.edgematch._count import count_result  # the count as a Result (edgematch.count's body)

from edgematch_checker import check_board
from shikaku_checker import is_solution as shikaku_ok
from sudoku_checker import decode_line
from sudoku_checker import is_solution as sudoku_ok
from test_hashi_checker import check as hashi_check
from test_polyomino_checker import check_packing

EXAMPLES = settings(max_examples=10, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
NODE_LIMITS = st.one_of(st.none(), st.integers(0, 50), st.integers(0, 5000), st.integers(0, 200_000))
TIME_LIMITS = st.one_of(st.none(), st.just(0.0), st.floats(0, 0.02))
STOPS = ("node_limit", "time_limit")

HARD_SUDOKU = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"

EDGE, _ = edgematch.generate(4, 4, colors=3, seed=2)
EDGE_LOCAL, _ = edgematch.generate(7, 7, colors=4, seed=3)
SHIKAKU = shikaku.generate(9, 9, 3, seed=1)
HASHI = hashi.generate(25, seed=3)


def edge_ok(puzzle: edgematch.EdgePuzzle, board: Any) -> bool:
    return board is not None and check_board(puzzle.rows, puzzle.cols, puzzle.pieces, np.asarray(board).tolist(),
                                             puzzle.matching, puzzle.fixed)


def _limited_solve_property(solve: Callable[..., Any], ok: Callable[[Any], bool]) -> None:
    """Run ``solve(node_limit=, time_limit=)`` on random limits: solved and right, or limit."""

    @EXAMPLES
    @given(NODE_LIMITS, TIME_LIMITS)
    def run(node_limit: Optional[int], time_limit: Optional[float]) -> None:
        result = solve(node_limit=node_limit, time_limit=time_limit)
        assert result.status in ("solved", "limit"), f"{result.status} for a solvable puzzle"
        if result.status == "solved":
            assert ok(result.solution), "a solved result breaks the rules"
        else:
            assert result.stats.get("stop") in STOPS, result.stats

    run()


def _limited_count_property(count: Callable[..., int], exact: int) -> None:
    """Run ``count(node_limit=, time_limit=)`` on random limits: the exact count or LimitReached."""

    @EXAMPLES
    @given(NODE_LIMITS, TIME_LIMITS)
    def run(node_limit: Optional[int], time_limit: Optional[float]) -> None:
        try:
            got = count(node_limit=node_limit, time_limit=time_limit)
        except LimitReached as stopped:
            assert 0 <= stopped.count <= exact, stopped.count
            return
        assert got == exact

    run()


# --------------------------------------------------------------------------- edge matching

EDGE_SOLVERS: Dict[str, Callable[..., Any]] = {
    **{f"backtrack order={order}": (lambda order: lambda **k: edgematch.solve(EDGE, order=order, **k))(order)
       for order in edgematch.ORDERS},
    "cp": lambda **k: edgematch.solve_cp(EDGE, seed=1, **k),
    "checkerboard parity 0": lambda **k: edgematch.solve_checkerboard(EDGE, parity=0, **k),
    "checkerboard parity 1": lambda **k: edgematch.solve_checkerboard(EDGE, parity=1, **k),
    "corner fill": lambda **k: edgematch.solve_corner_fill(EDGE, **k),
    "corner fill, no pair pruning": lambda **k: edgematch.solve_corner_fill(EDGE, pair_pruning=False, **k),
}

EDGE_COUNTERS: Dict[str, Callable[..., int]] = {
    **{f"count_solutions order={order}": (lambda order: lambda **k: edgematch.count_solutions(EDGE, order=order, **k))(
        order) for order in edgematch.ORDERS},
    "count_cp": lambda **k: edgematch.count_cp(EDGE, **k),
    "count_checkerboard": lambda **k: edgematch.count_checkerboard(EDGE, **k),
    "count_corner_fill": lambda **k: edgematch.count_corner_fill(EDGE, **k),
}


def _edge_exact() -> int:
    counts = {name: count() for name, count in EDGE_COUNTERS.items()}
    # every exact method and order must agree before any of them serves as the reference
    assert len(set(counts.values())) == 1, counts
    return next(iter(counts.values()))


EDGE_EXACT = _edge_exact()


@pytest.mark.parametrize("name", sorted(EDGE_SOLVERS))
def test_edgematch_methods_limited_solve(name: str) -> None:
    _limited_solve_property(EDGE_SOLVERS[name], lambda board: edge_ok(EDGE, board))


@pytest.mark.parametrize("name", sorted(EDGE_COUNTERS))
def test_edgematch_methods_limited_count(name: str) -> None:
    _limited_count_property(EDGE_COUNTERS[name], EDGE_EXACT)


def test_edgematch_count_result_is_complete_or_a_lower_bound() -> None:
    @EXAMPLES
    @given(NODE_LIMITS, TIME_LIMITS)
    def run(node_limit: Optional[int], time_limit: Optional[float]) -> None:
        result = count_result(EDGE, node_limit=node_limit, time_limit=time_limit)
        assert result.status in ("solved", "limit"), result.status
        if result.status == "solved":
            assert result.stats["complete"] and result.stats["count"] == EDGE_EXACT
        else:
            assert not result.stats["complete"] and 0 <= result.stats["count"] <= EDGE_EXACT
            assert result.stats.get("stop") in STOPS, result.stats

    run()


LOCAL_TIME = st.one_of(st.none(), st.floats(0.001, 0.02))


@pytest.mark.parametrize("puzzle", [EDGE, EDGE_LOCAL], ids=["4x4", "7x7"])
@pytest.mark.parametrize("entry", ["solve vlns", "solve_local random start"])
def test_edgematch_local_search_solved_only_for_a_full_board(puzzle: edgematch.EdgePuzzle, entry: str) -> None:
    total = int(puzzle.total_joins) if not callable(puzzle.total_joins) else int(puzzle.total_joins())

    @EXAMPLES
    @given(st.integers(1, 300), LOCAL_TIME, st.integers(0, 2**16))
    def run(iterations: int, time_limit: Optional[float], seed: int) -> None:
        if entry == "solve vlns":
            result = edgematch.solve(puzzle, method="vlns", iterations=iterations, time_limit=time_limit, seed=seed)
        else:
            result = edgematch.solve_local(puzzle, iterations=iterations, time_limit=time_limit, seed=seed,
                                           init="random")
        assert result.status in ("solved", "limit"), result.status
        full = edge_ok(puzzle, result.solution)
        assert (result.status == "solved") == full, (result.status, result.stats)
        if result.status == "limit":
            # the best board is returned, a real board of the puzzle with fewer matched joins
            assert result.solution is not None
            matched, joins = edgematch.score(puzzle, result.solution)
            assert joins == total and matched < joins
            assert result.stats.get("stop") in ("iteration_limit", "time_limit", "node_limit"), result.stats

    run()


# --------------------------------------------------------------------------- Shikaku, Hashi


def _shikaku_ok(solution: Any) -> bool:
    return solution is not None and shikaku_ok(SHIKAKU.clues.tolist(), [tuple(r) for r in solution])


def _hashi_ok(solution: Any) -> bool:
    return solution is not None and hashi_check(HASHI.islands.tolist(), [tuple(b) for b in solution]) is None


def test_shikaku_ilp_limited_solve() -> None:
    _limited_solve_property(lambda **k: shikaku.solve(SHIKAKU, method="ilp", **k), _shikaku_ok)


def test_hashi_ilp_limited_solve() -> None:
    _limited_solve_property(lambda **k: hashi.solve(HASHI, method="ilp", **k), _hashi_ok)


@pytest.mark.parametrize("family", ["shikaku", "hashi"])
def test_annealing_is_solved_exactly_when_its_state_is_a_solution(family: str) -> None:
    solve: Callable[..., Any] = shikaku.solve if family == "shikaku" else hashi.solve
    puzzle: Any = SHIKAKU if family == "shikaku" else HASHI
    ok = _shikaku_ok if family == "shikaku" else _hashi_ok

    @EXAMPLES
    @given(NODE_LIMITS, TIME_LIMITS, st.integers(0, 2**16))
    def run(node_limit: Optional[int], time_limit: Optional[float], seed: int) -> None:
        result = solve(puzzle, method="annealing", node_limit=node_limit, time_limit=time_limit, seed=seed)
        assert result.status in ("solved", "limit"), result.status
        if result.status == "solved":
            assert ok(result.solution)
        else:
            # its best state, which is not a solution (else the status would say solved)
            best = result.stats.get("best", result.solution)
            assert best is not None and not ok(best)

    run()


# --------------------------------------------------------------------------- polyomino

MASK_3X20 = np.ones((3, 20), dtype=bool)


def _packing_ok(grid: Any) -> bool:
    check_packing(np.asarray(grid), MASK_3X20)  # raises AssertionError on a broken rule
    return True


def test_polyomino_cells_limited_solve() -> None:
    _limited_solve_property(lambda **k: polyomino.solve("3x20", method="cells", **k), _packing_ok)


def test_polyomino_bitboard_limited_solve_by_time() -> None:
    """The bitboard engine takes time limits only (node_limit is refused for its solve)."""
    _limited_solve_property(lambda node_limit, **k: polyomino.solve("3x20", method="bitboard", **k), _packing_ok)


@pytest.mark.parametrize("method", ["cells", "bitboard"])
def test_polyomino_methods_limited_count(method: str) -> None:
    exact = polyomino.count_solutions("3x20", method=method)
    assert exact == 2  # 3x20 pentomino packings up to symmetry (Gilleta, and the published figure)
    _limited_count_property(lambda **k: polyomino.count_solutions("3x20", method=method, **k), exact)


# --------------------------------------------------------------------------- narrowing


def _narrowing_model() -> narrowing.Model:
    """8 variables in 0..7, all different, s = x0 + x1 + x2 with s in 0..10 (fresh per call)."""
    model = narrowing.Model()
    xs = [model.int_var(0, 7, name=f"x{i}") for i in range(8)]
    model.add_all_different(xs)
    model.add_sum(model.int_var(0, 10, name="s"), xs[:3])
    return model


def _narrowing_ok(solution: Optional[Dict[str, int]]) -> bool:
    """The model's rules, checked on the values."""
    if solution is None:
        return False
    xs = [solution[f"x{i}"] for i in range(8)]
    return (all(0 <= x <= 7 for x in xs) and len(set(xs)) == 8 and 0 <= solution["s"] <= 10
            and solution["s"] == sum(xs[:3]))


# every ordered triple of distinct values with sum <= 10, times the 5! orders of the rest
NARROWING_EXACT = sum(1 for t in itertools.permutations(range(8), 3) if sum(t) <= 10) * 120

NARROWING_VARIANTS = [(strategy, incremental) for strategy in narrowing.STRATEGIES for incremental in (True, False)]


@pytest.mark.parametrize("strategy,incremental", NARROWING_VARIANTS)
def test_narrowing_strategies_limited_solve(strategy: str, incremental: bool) -> None:
    _limited_solve_property(lambda **k: _narrowing_model().solve(strategy=strategy, incremental=incremental, **k),
                            _narrowing_ok)


@pytest.mark.parametrize("strategy,incremental", NARROWING_VARIANTS)
def test_narrowing_strategies_limited_count(strategy: str, incremental: bool) -> None:
    assert _narrowing_model().count_solutions(strategy=strategy, incremental=incremental) == NARROWING_EXACT
    _limited_count_property(lambda **k: _narrowing_model().count_solutions(strategy=strategy, incremental=incremental, **k),
                            NARROWING_EXACT)


def _packing_5x6() -> narrowing.PackingModel:
    return narrowing.packing_model((5, 6), pieces=list("FILNPT"))


PACKING_EXACT: Dict[str, int] = {strategy: _packing_5x6().count_solutions(strategy=strategy) for strategy in narrowing.STRATEGIES}


def test_packing_counts_agree_across_strategies() -> None:
    assert len(set(PACKING_EXACT.values())) == 1, PACKING_EXACT
    assert next(iter(PACKING_EXACT.values())) > 0


@pytest.mark.parametrize("strategy", narrowing.STRATEGIES)
def test_narrowing_packing_limited_count(strategy: str) -> None:
    _limited_count_property(lambda **k: _packing_5x6().count_solutions(strategy=strategy, **k), PACKING_EXACT[strategy])


# --------------------------------------------------------------------------- sudoku rules

RULE_SETS: Tuple[Tuple[str, ...], ...] = (
    ("exclusivity",),
    ("exclusivity", "uniqueness"),
    ("exclusivity", "parity"),
    ("exclusivity", "intersections"),
    tuple(sudoku.DEFAULT_RULES) + ("hall",),
)


@pytest.mark.parametrize("rules", RULE_SETS, ids=["+".join(r) for r in RULE_SETS])
def test_sudoku_rules_limited_solve(rules: Tuple[str, ...]) -> None:
    clues = decode_line(HARD_SUDOKU)
    _limited_solve_property(lambda **k: sudoku.solve(HARD_SUDOKU, rules=rules, **k),
                            lambda grid: grid is not None and sudoku_ok(clues, np.asarray(grid).ravel(), (3, 3)))


@pytest.mark.parametrize("rules", RULE_SETS, ids=["+".join(r) for r in RULE_SETS])
def test_sudoku_rules_limited_count(rules: Tuple[str, ...]) -> None:
    exact = sudoku.count_solutions("." * 16, rules=rules)
    assert exact == 288  # 4x4 grids (Felgenhauer and Jarvis)
    _limited_count_property(lambda **k: sudoku.count_solutions("." * 16, rules=rules, **k), exact)
