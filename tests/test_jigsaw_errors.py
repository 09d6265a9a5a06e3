"""Bad input to cassetete.jigsaw: a PuzzleError naming the piece and its position, never a crash."""

from __future__ import annotations

import numpy as np
import pytest

from cassetete import PuzzleError, jigsaw


def _square(x, y, s=40.0, n=40):
    t = np.linspace(0, 1, n, endpoint=False)[:, None]
    top = [x, y] + t * [s, 0]
    right = [x + s, y] + t * [0, s]
    bottom = [x + s, y + s] - t * [s, 0]
    left = [x, y + s] - t * [0, s]
    return np.vstack([top, right, bottom, left])


def test_too_few_points_names_the_piece():
    with pytest.raises(PuzzleError, match="piece 2"):
        jigsaw.solve([_square(0, 0), _square(50, 0), [[0, 0], [1, 0], [1, 1]], _square(100, 0)])


def test_non_finite_and_flat_outlines():
    bad = _square(0, 0)
    bad[5, 0] = np.nan
    with pytest.raises(PuzzleError, match="piece 0.*non-finite"):
        jigsaw.solve([bad] + [_square(50 * i, 0) for i in range(1, 4)])
    line = np.column_stack([np.arange(20.0), np.zeros(20)])
    with pytest.raises(PuzzleError, match="piece 1 at .*no area"):
        jigsaw.solve([_square(0, 0), line, _square(100, 0), _square(150, 0)])


def test_a_round_piece_has_no_corners():
    t = np.linspace(0, 2 * np.pi, 200, endpoint=False)
    disc = np.column_stack([300 + 20 * np.cos(t), 120 + 20 * np.sin(t)])
    puzzle, _ = jigsaw.generate(2, 2, seed=1)
    pieces = [p.contour for p in puzzle] + [disc]
    with pytest.raises(PuzzleError, match=r"piece 4 \(image 0, at x=300, y=120\).*corner"):
        jigsaw.solve(pieces)


def test_piece_count_that_fits_no_rectangle():
    puzzle, _ = jigsaw.generate(3, 4, seed=2)
    edges = jigsaw.find_edges(puzzle)
    inner = int(np.flatnonzero((edges.kinds == 0).sum(axis=1) == 0)[0])
    with pytest.raises(PuzzleError, match="rectangle|corner"):
        jigsaw.solve([p for i, p in enumerate(puzzle) if i != inner])
    with pytest.raises(PuzzleError, match="at least 4"):
        jigsaw.solve(list(puzzle)[:3])


def test_bad_options():
    puzzle, _ = jigsaw.generate(2, 2, seed=1)
    for kwargs in ({"method": "magic"}, {"encoding": "jpeg"}, {"time_limit": -1}, {"node_limit": 1.5},
                   {"beam": 0}, {"k": 0}, {"doubt_cost": "x"}):
        with pytest.raises(PuzzleError):
            jigsaw.solve(puzzle, **kwargs)
    with pytest.raises(PuzzleError):
        jigsaw.solve(42)
    with pytest.raises(PuzzleError):
        jigsaw.render(puzzle, None, "png")
    with pytest.raises(PuzzleError):
        jigsaw.encode_edges(jigsaw.find_edges(puzzle), "chain", precision=1)


def test_wrong_labels_never_reported_solved():
    # 4 identical squares of flat edges are not a jigsaw: no tab, no blank, four corners each
    with pytest.raises(PuzzleError):
        jigsaw.solve([_square(60 * i, 0) for i in range(4)])


from hypothesis import given, settings, strategies as st  # noqa: E402

_coords = st.floats(min_value=-1e4, max_value=1e4, allow_nan=False, allow_infinity=False)
_polygon = st.lists(st.tuples(_coords, _coords), min_size=0, max_size=40)


@settings(max_examples=60, deadline=None)
@given(st.lists(_polygon, min_size=0, max_size=6))
def test_random_outlines_give_a_result_or_a_puzzle_error(polygons):
    try:
        result = jigsaw.solve(polygons)
    except PuzzleError:
        return
    assert result.status in ("solved", "unsatisfiable", "limit")


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**31), st.floats(0.0, 0.3), st.integers(0, 4))
def test_jittered_real_cuts_never_crash(seed, jitter, drop):
    puzzle, _ = jigsaw.generate(3, 3, seed=seed % 1000, piece_size=60)
    rng = np.random.default_rng(seed)
    pieces = [p.contour + rng.normal(0, jitter * 10, p.contour.shape) for p in puzzle][drop:]
    try:
        result = jigsaw.solve(pieces)
    except PuzzleError:
        return
    assert result.solution is None or result.solution.shape[2] == 2
