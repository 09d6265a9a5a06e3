"""``count_solutions`` is the one name for counting in every family, ``up_to_symmetry=`` the one
name for counting up to a symmetry of the region (issue 27). Every old name still works, warns
with a DeprecationWarning that names its replacement and points at the caller's line, and gives
the same number as the new name, on instances whose counts are known independently: a
published figure (the 12 pentominoes pack a 3x20 rectangle in 2 ways up to symmetry, 8 counting
every copy) or a brute-force count written here."""

from __future__ import annotations

import itertools
from concurrent.futures import ThreadPoolExecutor
from typing import Dict, List, Set, Tuple

import numpy as np
import pytest

from cassetete import PuzzleError, edgematch, narrowing, polyomino
from cassetete.exactcover import ExactCover
from edgematch_checker import brute_count

Cell = Tuple[int, int]


def _warns(replacement: str):
    """pytest.warns for one of our deprecations: the message names the replacement."""
    return pytest.warns(DeprecationWarning, match=f"use {replacement}")


def _at_caller(record) -> None:
    """Every warning points at this file (the caller), not at the library."""
    assert record.list and all(w.filename == __file__ for w in record.list), [w.filename for w in record.list]


# ---- an independent count of small packings -------------------------------------------------

def _orientations(cells: List[Cell]) -> Set[Tuple[Cell, ...]]:
    out = set()
    for flip in (False, True):
        shape = [(r, -c) if flip else (r, c) for r, c in cells]
        for _ in range(4):
            shape = [(c, -r) for r, c in shape]
            r0, c0 = min(shape)
            out.add(tuple(sorted((r - r0, c - c0) for r, c in shape)))
    return out


def _brute_packings(rows: int, cols: int, pieces: Dict[str, List[Cell]]) -> List[np.ndarray]:
    """Every packing of the named pieces (each once, turned and flipped freely) into a
    rows x cols rectangle, as labelled grids: plain recursion, fill the first empty cell."""
    shapes = {name: _orientations(cells) for name, cells in pieces.items()}
    grid = np.full((rows, cols), ".", dtype=object)
    found: List[np.ndarray] = []

    def fill(left: List[str]) -> None:
        empty = [(r, c) for r in range(rows) for c in range(cols) if grid[r, c] == "."]
        if not empty:
            found.append(grid.copy())
            return
        r, c = empty[0]
        for name in left:
            for shape in shapes[name]:
                dr, dc = r - shape[0][0], c - shape[0][1]  # the shape's first cell on the empty one
                cells = [(a + dr, b + dc) for a, b in shape]
                if all(0 <= a < rows and 0 <= b < cols and grid[a, b] == "." for a, b in cells):
                    for a, b in cells:
                        grid[a, b] = name
                    fill([n for n in left if n != name])
                    for a, b in cells:
                        grid[a, b] = "."

    fill(list(pieces))
    return found


def _classes(grids: List[np.ndarray]) -> int:
    """The number of classes of packings equal up to a symmetry of the (non-square) rectangle."""
    images = lambda g: (g, g[::-1, :], g[:, ::-1], g[::-1, ::-1])  # noqa: E731
    return len({min(tuple(map(tuple, image)) for image in images(g)) for g in grids})


SMALL = {"d": [(0, 0), (0, 1)], "l": [(0, 0), (0, 1), (1, 0)], "m": [(0, 0), (0, 1), (1, 0)]}  # 2x4: 8 cells


def test_the_brute_force_agrees_with_the_new_names():
    grids = _brute_packings(2, 4, SMALL)
    assert len(grids) > _classes(grids) >= 1
    assert polyomino.count_solutions("2x4", pieces=SMALL, up_to_symmetry=False) == len(grids)
    assert polyomino.count_solutions("2x4", pieces=SMALL) == _classes(grids)


# ---- polyomino ------------------------------------------------------------------------------

def test_polyomino_count_is_count_solutions():
    with _warns("polyomino.count_solutions") as record:
        old = polyomino.count("3x20")
    _at_caller(record)
    assert old == polyomino.count_solutions("3x20") == 2  # published: 2 packings up to symmetry
    grids = _brute_packings(2, 4, SMALL)
    with _warns("polyomino.count_solutions"):
        assert polyomino.count("2x4", pieces=SMALL) == _classes(grids)


def test_unique_is_up_to_symmetry():
    with _warns("up_to_symmetry=") as record:
        old = polyomino.count_solutions("3x20", unique=False)
    _at_caller(record)
    assert old == polyomino.count_solutions("3x20", up_to_symmetry=False) == 8  # published: 8 in all
    with _warns("up_to_symmetry=") as record:
        assert polyomino.count_solutions("3x20", unique=True) == 2
    _at_caller(record)
    with _warns("up_to_symmetry="):
        streamed = list(polyomino.solutions("3x20", unique=False))
    assert len(streamed) == len(list(polyomino.solutions("3x20", up_to_symmetry=False))) == 8
    grids = _brute_packings(2, 4, SMALL)
    with _warns("up_to_symmetry="):
        assert polyomino.count_solutions("2x4", pieces=SMALL, unique=False) == len(grids)


def test_the_old_count_takes_the_old_option_too():
    with pytest.warns(DeprecationWarning) as record:
        assert polyomino.count("3x20", unique=False) == 8
    _at_caller(record)
    messages = " / ".join(str(w.message) for w in record.list)
    assert "polyomino.count_solutions" in messages and "up_to_symmetry=" in messages


def test_up_to_symmetry_is_declared_and_checked():
    for verb in (polyomino.count_solutions, polyomino.solutions):
        assert "up_to_symmetry" in [o.name for o in verb.__contract__.options]
        assert "    up_to_symmetry:" in verb.__doc__
        with pytest.raises(PuzzleError, match="up_to_symmetry"):
            result = verb("3x20", up_to_symmetry="no")
            list(result) if verb is polyomino.solutions else None
    with pytest.raises(PuzzleError, match="up_to_symmetry"), pytest.warns(DeprecationWarning):
        polyomino.count_solutions("3x20", unique=True, up_to_symmetry=False)  # two different answers asked


# ---- exact cover ----------------------------------------------------------------------------

OPTIONS = [[0, 1], [2, 3], [0, 2], [1, 3], [0], [1], [2], [3], [0, 1, 2, 3], [1, 2]]


def _brute_covers(options: List[List[int]], items: int) -> int:
    return sum(1 for k in range(len(options) + 1) for chosen in itertools.combinations(options, k)
               if sorted(i for o in chosen for i in o) == list(range(items)))


def test_exactcover_count_is_count_solutions():
    cover = ExactCover.from_options(OPTIONS, primary=4)
    with _warns("ExactCover.count_solutions") as record:
        old = cover.count()
    _at_caller(record)
    assert old == cover.count_solutions() == _brute_covers(OPTIONS, 4)
    with _warns("ExactCover.count_solutions"):
        assert cover.count(limit=3) == cover.count_solutions(limit=3) == 3


def test_exactcover_subproblem_count_is_count_solutions():
    cover = ExactCover.from_options(OPTIONS, primary=4)
    parts = cover.split(1)
    with _warns("Subproblem.count_solutions") as record:
        old = sum(p.count() for p in parts)
    _at_caller(record)
    assert old == sum(p.count_solutions() for p in parts) == _brute_covers(OPTIONS, 4)


# ---- edge matching --------------------------------------------------------------------------

def test_edgematch_count_warns_and_still_returns_its_result():
    pieces = [[0, 0, 0, 1], [0, 1, 0, 0]]
    puzzle = edgematch.EdgePuzzle(1, 2, pieces)
    with _warns("edgematch.count_solutions") as record:
        result = edgematch.count(puzzle)
    _at_caller(record)
    assert result.stats["count"] == edgematch.count_solutions(puzzle) == brute_count(1, 2, pieces) == 2
    assert result.status == "solved" and result.stats["complete"]


# ---- narrowing ------------------------------------------------------------------------------

def _all_different(n: int) -> narrowing.Model:
    model = narrowing.Model()
    model.add_all_different([model.int_var(0, n - 1, name=f"x{k}") for k in range(n)])
    return model


def test_narrowing_model_count_is_count_solutions():
    model = _all_different(4)
    with _warns("Model.count_solutions") as record:
        old = model.count()
    _at_caller(record)
    assert old == model.count_solutions() == len(list(itertools.permutations(range(4)))) == 24
    with _warns("Model.count_solutions"):
        assert model.count(limit=5, strategy="first-fail") == model.count_solutions(limit=5, strategy="first-fail") == 5
    with ThreadPoolExecutor(2) as pool, _warns("Model.count_solutions"):
        assert model.count(executor=pool) == 24


def test_narrowing_subproblem_count_is_count_solutions():
    model = _all_different(4)
    with _warns("Subproblem.count_solutions") as record:
        old = sum(p.count() for p in model.split(2))
    _at_caller(record)
    assert old == sum(p.count_solutions() for p in model.split(2)) == 24


def test_packing_model_symmetry_is_up_to_symmetry():
    with _warns("up_to_symmetry=") as record:
        every = narrowing.packing_model((3, 20), symmetry=None)
    _at_caller(record)
    assert every.count_solutions() == narrowing.packing_model((3, 20), up_to_symmetry=False).count_solutions() == 8
    with _warns("up_to_symmetry="):
        paper = narrowing.packing_model((3, 20), symmetry="paper")
    assert paper.count_solutions() == narrowing.packing_model((3, 20)).count_solutions() == 2
    with pytest.raises(PuzzleError, match="up_to_symmetry"), pytest.warns(DeprecationWarning):
        narrowing.packing_model((3, 20), symmetry="paper", up_to_symmetry=False)
