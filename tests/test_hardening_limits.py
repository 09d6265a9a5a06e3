"""Limits never lie: with random ``node_limit`` and ``time_limit`` every engine returns either
the answer of an unlimited run or says a limit stopped it (status ``"limit"``, or
``LimitReached`` / ``TimeoutError`` from a count, whose ``count`` is a lower bound); never a
wrong ``"unsatisfiable"``, a wrong solution or a partial count returned as exact."""

from __future__ import annotations

from typing import Callable, Dict, Tuple

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cassetete import LimitReached, edgematch, exactcover, hashi, jigsaw, narrowing, polyomino, shikaku, sudoku
from cassetete.exactcover import ExactCover

from jigsaw_checker import assembly_correct

EXAMPLES = settings(max_examples=15, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
# Node limits around the sizes of the searches below, so that some stop and some finish;
# time limits of 0 (stop at the first poll), tiny, or none.
NODE_LIMITS = st.one_of(st.none(), st.integers(0, 50), st.integers(0, 5000), st.integers(0, 200_000))
TIME_LIMITS = st.one_of(st.none(), st.just(0.0), st.floats(0, 0.02))

HARD_SUDOKU = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"


def _cover(seed: int, items: int = 16) -> ExactCover:
    rng = np.random.default_rng(seed)
    options = [sorted(rng.choice(items, size=int(rng.integers(1, 4)), replace=False).tolist()) for _ in range(70)]
    return ExactCover.from_options(options, primary=items)


def _narrowing_model() -> narrowing.Model:
    """8 variables in 0..7, all different, the first three summing to at most 10 (a fresh model
    per call: a Model keeps its last statistics)."""
    model = narrowing.Model()
    xs = [model.int_var(0, 7, name=f"x{i}") for i in range(8)]
    model.add_all_different(xs)
    model.add_sum(model.int_var(0, 10, name="s"), xs[:3])
    return model


def _puzzles() -> Dict[str, Tuple[Callable, Callable, object]]:
    """name -> (solve(limits), count(limits), puzzle) on instances big enough for limits to bite."""
    edge, _ = edgematch.generate(4, 4, colors=3, seed=2)
    shik = shikaku.generate(9, 9, 3, seed=1)
    hash_ = hashi.generate(25, seed=3)
    cover = _cover(5)
    return {
        "sudoku": (lambda **k: sudoku.solve(HARD_SUDOKU, **k), lambda **k: sudoku.count_solutions("." * 16, **k), None),
        "exactcover": (lambda **k: exactcover.solve(cover, **k), lambda **k: exactcover.count_solutions(cover, **k), None),
        "polyomino": (lambda **k: polyomino.solve("3x20", **k), lambda **k: polyomino.count_solutions("3x20", **k), None),
        "edgematch": (lambda **k: edgematch.solve(edge, **k), lambda **k: edgematch.count_solutions(edge, **k), None),
        "shikaku": (lambda **k: shikaku.solve(shik, **k), lambda **k: shikaku.count_solutions(shik, limit=50, **k), None),
        "hashi": (lambda **k: hashi.solve(hash_, **k), lambda **k: hashi.count_solutions(hash_, limit=50, **k), None),
        "narrowing": (lambda **k: _narrowing_model().solve(**k), lambda **k: _narrowing_model().count_solutions(**k), None),
    }


PUZZLES = _puzzles()
_UNLIMITED: Dict[str, Tuple[object, int]] = {}


def _unlimited(name: str):
    if name not in _UNLIMITED:
        solve, count, _ = PUZZLES[name]
        _UNLIMITED[name] = (solve(), count())
    return _UNLIMITED[name]


@pytest.mark.parametrize("name", sorted(PUZZLES))
def test_a_limited_solve_is_right_or_says_limit(name):
    solve, _, _ = PUZZLES[name]
    full, _ = _unlimited(name)
    assert full.status == "solved"

    @EXAMPLES
    @given(NODE_LIMITS, TIME_LIMITS)
    def run(node_limit, time_limit):
        result = solve(node_limit=node_limit, time_limit=time_limit)
        assert result.status in ("solved", "limit"), f"{result.status} for a solvable puzzle"
        if result.status == "solved":
            # Every puzzle here has one solution or a search order that does not depend on limits.
            assert np.array_equal(np.asarray(result.solution), np.asarray(full.solution))
        else:
            assert result.stats.get("stop") in ("node_limit", "time_limit"), result.stats

    run()


@pytest.mark.parametrize("name", sorted(PUZZLES))
def test_a_limited_count_is_exact_or_raises(name):
    _, count, _ = PUZZLES[name]
    _, exact = _unlimited(name)

    @EXAMPLES
    @given(NODE_LIMITS, TIME_LIMITS)
    def run(node_limit, time_limit):
        try:
            got = count(node_limit=node_limit, time_limit=time_limit)
        except TimeoutError as stopped:  # LimitReached is a TimeoutError
            if isinstance(stopped, LimitReached):
                assert 0 <= stopped.count <= exact
            return
        assert got == exact

    run()


def test_the_unlimited_answers_are_the_published_ones():
    assert _unlimited("sudoku")[1] == 288  # 4x4 grids (Felgenhauer and Jarvis)
    assert _unlimited("polyomino")[1] == 2  # 3x20 pentomino packings up to symmetry (Gilleta)


JIGSAW, JIGSAW_TRUTH = jigsaw.generate(3, 4, seed=5)


def test_a_limited_jigsaw_solve_is_right_or_says_limit():
    corners = jigsaw.find_edges(JIGSAW).corners
    full = jigsaw.solve(JIGSAW)
    assert full.status == "solved" and assembly_correct(full.solution, JIGSAW_TRUTH, corners)

    @settings(max_examples=10, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
    @given(NODE_LIMITS, TIME_LIMITS)
    def run(node_limit, time_limit):
        result = jigsaw.solve(JIGSAW, node_limit=node_limit, time_limit=time_limit)
        assert result.status in ("solved", "limit"), f"{result.status} for a solvable jigsaw"
        if result.status == "solved":
            # a limit may hand the assembly to the fit-scored method: another turn of the board
            # is as right, so it is checked against the ground truth, not against the full run
            assert assembly_correct(result.solution, JIGSAW_TRUTH, corners)
        else:
            assert result.stats.get("stop") in ("node_limit", "time_limit"), result.stats

    run()
