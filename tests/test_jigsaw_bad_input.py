"""Issue 17, bad input: pieces cut by the image border are named, a count that fits no
rectangle says what was found, a missing scipy is a clear PuzzleError, absurd sizes are
refused before any allocation."""

from __future__ import annotations

import builtins

import numpy as np
import pytest

from cassetete import PuzzleError, jigsaw


def _kinds(corners: int, border: int, inner: int) -> np.ndarray:
    """Edge kinds of pieces: corners with two flat edges, border pieces with one."""
    rows = [[0, 0, 1, -1]] * corners + [[0, 1, -1, 1]] * border + [[1, -1, 1, -1]] * inner
    return np.array(rows)


def _flat_counts(kinds: np.ndarray):
    flats = (np.asarray(kinds) == 0).sum(axis=1)
    return int((flats == 2).sum()), int((flats == 1).sum()), int((flats == 0).sum())


@pytest.mark.parametrize("corners, border, inner", [(3, 6, 3), (4, 5, 3), (4, 6, 3), (4, 8, 7)])
def test_fit_no_rectangle_names_the_counts(corners, border, inner):
    kinds = _kinds(corners, border, inner)
    c, b, i = _flat_counts(kinds)
    with pytest.raises(PuzzleError, match=rf"{c + b + i} pieces \({c} corner, {b} border, {i} inner\) fit no rectangle"):
        jigsaw.board_size(kinds)


def test_a_rectangle_fits():
    # 3 x 4: 4 corners, 2 (1 + 2) border pieces, 2 inner
    assert jigsaw.board_size(_kinds(4, 6, 2)) == (3, 4)


@pytest.fixture(scope="module")
def cut():
    pytest.importorskip("skimage")
    return jigsaw.generate(3, 4, seed=3, piece_size=60, rotate=False)


def test_a_piece_cut_by_the_border_is_named(cut):
    puzzle, truth = cut
    outlines = [p.contour + [200.0, 0.0] for p in puzzle]        # room on the left
    k = 5
    outlines[k] = outlines[k] - [outlines[k][:, 0].min() - 0.0, 0.0]   # touches x = 0
    image = jigsaw.render_scan(outlines, blur=1.0, noise=0.02, seed=1)
    found = jigsaw.read_image(image)
    assert len(found) == 11 and len(found.dropped) == 1
    spot = found.dropped[0]
    centre = outlines[k].mean(axis=0)
    assert abs(spot["x"] - centre[0]) < 10 and abs(spot["y"] - centre[1]) < 10 and spot["image"] == 0
    with pytest.raises(PuzzleError) as error:
        jigsaw.solve(found)
    message = str(error.value)
    assert "fit no rectangle" in message and "touch the image border" in message
    assert f"x={spot['x']:.0f}, y={spot['y']:.0f}" in message


def test_an_extra_piece_at_the_border_is_a_warning(cut):
    puzzle, truth = cut
    other, _ = jigsaw.generate(2, 2, seed=9, piece_size=60, rotate=False)
    outlines = [p.contour + [200.0, 0.0] for p in puzzle]
    stray = other[0].contour - [other[0].contour[:, 0].min(), 0.0] + [0.0, 40.0]  # touches x = 0
    image = jigsaw.render_scan(outlines + [stray], blur=1.0, noise=0.02, seed=2)
    found = jigsaw.read_image(image)
    assert len(found) == 12 and len(found.dropped) == 1
    result = jigsaw.solve(found)
    assert result.status == "solved"
    assert result.stats["dropped_at_border"] == found.dropped
    assert "look like pieces" in result.stats["warnings"][0]


def test_the_scanner_lid_is_not_reported(cut):
    puzzle, _ = cut
    image = jigsaw.render_scan(puzzle, border=True, labels=True, seed=1)
    found = jigsaw.read_image(image)
    assert len(found) == 12 and found.dropped == []


def test_render_scan_without_scipy_says_how_to_install(monkeypatch):
    real_import = builtins.__import__

    def no_scipy(name, *args, **kwargs):
        if name == "scipy" or name.startswith("scipy."):
            raise ImportError("No module named 'scipy'")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_scipy)
    puzzle, _ = jigsaw.generate(2, 2, seed=1, piece_size=20)
    with pytest.raises(PuzzleError, match=r'pip install "cassetete\[jigsaw\]"'):
        jigsaw.render_scan(puzzle, seed=1)


@pytest.mark.parametrize("rows, cols", [(10**6, 10**6), (10**5, 10**5), (2, 10**9)])
def test_absurd_sizes_are_refused_before_allocation(rows, cols):
    with pytest.raises(PuzzleError, match="too large"):
        jigsaw.generate(rows, cols, seed=1)


def test_absurd_piece_detail_is_refused():
    with pytest.raises(PuzzleError, match="too large"):
        jigsaw.generate(2, 2, seed=1, piece_size=10**9)
    with pytest.raises(PuzzleError, match="too large"):
        jigsaw.generate(2, 2, seed=1, points_per_edge=10**9)
