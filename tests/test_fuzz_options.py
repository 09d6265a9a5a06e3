"""Fuzzing the shared options: any value of ``time_limit``, ``node_limit``, ``limit``,
``seed``, ``workers`` and ``method`` given to any family's solve or count either works or
raises ``PuzzleError``; never another exception, a crash, or a hang (workers=10**9 included)."""

from __future__ import annotations

import math

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cassetete import PuzzleError, edgematch, exactcover, hashi, jigsaw, narrowing, polyomino, shikaku, sudoku
from cassetete.exactcover import ExactCover

SETTINGS = settings(max_examples=60, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])

WILD = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 5), st.sampled_from([10**9, 2**63, -(2**63), 2**64 + 1]),
    st.floats(allow_nan=True, allow_infinity=True), st.sampled_from([math.nan, math.inf, -0.0, 1e-300, 1e300]),
    st.text(max_size=3), st.sampled_from(["exact", "ilp", "backtrack", "cells", "bitboard", "vlns", "auto"]),
    st.lists(st.integers(0, 2), max_size=2),
)
# The options each call accepts; a time limit must stay small when valid, so it is drawn apart.
OPTIONS = ["node_limit", "limit", "seed", "workers", "method"]

EDGE, _ = edgematch.generate(3, 3, colors=3, seed=1)
SHIKAKU = shikaku.generate(5, 5, 3, seed=1)
HASHI = hashi.generate(6, seed=1)
COVER = ExactCover.from_options([[0, 1], [2], [0], [1, 2], [1]])
JIGSAW, _ = jigsaw.generate(2, 3, seed=1)


def _narrowing_model() -> narrowing.Model:
    model = narrowing.Model()
    model.add_all_different([model.int_var(0, 4, name=f"x{i}") for i in range(5)])
    return model

CALLS = {
    "sudoku.solve": (lambda **k: sudoku.solve("." * 16, **k), ["time_limit", "node_limit"]),
    "sudoku.count_solutions": (lambda **k: sudoku.count_solutions("." * 16, **k), ["time_limit", "node_limit", "limit"]),
    "sudoku.solve_many": (lambda **k: sudoku.solve_many(["." * 16] * 3, **k), ["node_limit", "limit", "workers"]),
    "exactcover.solve": (lambda **k: exactcover.solve(COVER, **k), ["time_limit", "node_limit"]),
    "exactcover.count_solutions": (lambda **k: exactcover.count_solutions(COVER, **k),
                                   ["time_limit", "node_limit", "limit"]),
    "polyomino.count_solutions": (lambda **k: polyomino.count_solutions("2x3x10", **k),
                                  ["time_limit", "node_limit", "limit", "workers", "method"]),
    "edgematch.solve": (lambda **k: edgematch.solve(EDGE, **k), ["time_limit", "node_limit", "method", "seed"]),
    "edgematch.count_solutions": (lambda **k: edgematch.count_solutions(EDGE, **k),
                                  ["time_limit", "node_limit", "limit"]),
    "edgematch.solve_local": (lambda **k: edgematch.solve_local(EDGE, iterations=50, **k),
                              ["time_limit", "node_limit", "seed", "workers"]),
    "shikaku.solve": (lambda **k: shikaku.solve(SHIKAKU, **k), ["time_limit", "node_limit", "method", "seed"]),
    "shikaku.count_solutions_many": (lambda **k: shikaku.count_solutions_many([SHIKAKU] * 2, **k),
                                     ["time_limit", "node_limit", "limit", "workers"]),
    "hashi.solve": (lambda **k: hashi.solve(HASHI, **k), ["time_limit", "node_limit", "method", "seed"]),
    "hashi.count_solutions": (lambda **k: hashi.count_solutions(HASHI, **k), ["time_limit", "node_limit", "limit"]),
    "shikaku.count_solutions": (lambda **k: shikaku.count_solutions(SHIKAKU, **k),
                                ["time_limit", "node_limit", "limit", "workers"]),
    "jigsaw.solve": (lambda **k: jigsaw.solve(JIGSAW, **k), ["time_limit", "node_limit", "method"]),
    "jigsaw.generate": (lambda **k: jigsaw.generate(2, 2, **k), ["seed"]),
    "narrowing.solve": (lambda **k: _narrowing_model().solve(**k), ["time_limit", "node_limit"]),
    "narrowing.count_solutions": (lambda **k: _narrowing_model().count_solutions(**k),
                                  ["time_limit", "node_limit", "limit", "workers"]),
}


@st.composite
def options(draw, names):
    chosen = draw(st.lists(st.sampled_from(names), unique=True, max_size=len(names)))
    out = {}
    for name in chosen:
        if name == "time_limit":
            out[name] = draw(st.one_of(WILD, st.floats(0, 0.5)))
            if isinstance(out[name], (int, float)) and not isinstance(out[name], bool) and out[name] > 2:
                out[name] = 2.0  # a valid long time limit on a tiny puzzle is not interesting
        elif name == "workers":
            out[name] = draw(st.one_of(WILD, st.integers(-2, 8)))
        else:
            out[name] = draw(WILD)
    return out


@pytest.mark.parametrize("name", sorted(CALLS))
def test_any_option_value_works_or_raises_puzzle_error(name):
    call, names = CALLS[name]

    @SETTINGS
    @given(options(names))
    def run(kwargs):
        try:
            call(**kwargs)
        except (PuzzleError, TimeoutError):  # bad value, or a limit stopped a count (LimitReached)
            pass

    run()
