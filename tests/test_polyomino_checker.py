"""Helpers for test_polyomino.py (no tests here): a checker for polyomino packings written from
the puzzle's rules, independent of the library. Every region cell carries one piece name, each
piece appears once, and the cells of each name form a shape congruent to that piece (rotations,
and reflections in 2-D)."""

from __future__ import annotations

import itertools

import numpy as np

# The pentominoes drawn row by row ('x' = filled), independently of cassetete's own table.
PENTOMINO_ROWS = {
    "F": ["_xx", "xx_", "_x_"],
    "I": ["xxxxx"],
    "L": ["x", "x", "x", "xx"],
    "P": ["xx", "xx", "x_"],
    "N": ["_x", "xx", "x_", "x_"],
    "T": ["xxx", "_x_", "_x_"],
    "U": ["x_x", "xxx"],
    "V": ["x__", "x__", "xxx"],
    "W": ["x__", "xx_", "_xx"],
    "X": ["_x_", "xxx", "_x_"],
    "Y": ["_x", "xx", "_x", "_x"],
    "Z": ["xx_", "_x_", "_xx"],
}


def cells_of(rows):
    return [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "x"]


def canonical(cells, dim):
    """Smallest normalised cell list over the isometries of the lattice (proper rotations
    only in 3-D, where a flat piece's mirror image is one of them)."""
    pts = np.array([tuple(c) + (0,) * (dim - len(c)) for c in cells])
    best = None
    for perm in itertools.permutations(range(dim)):
        for signs in itertools.product((1, -1), repeat=dim):
            m = np.zeros((dim, dim), dtype=int)
            for i, (j, s) in enumerate(zip(perm, signs)):
                m[i, j] = s
            if dim == 3 and round(np.linalg.det(m)) != 1:
                continue
            img = pts @ m.T
            img = img - img.min(axis=0)
            key = tuple(sorted(map(tuple, img.tolist())))
            if best is None or key < best:
                best = key
    return best


_REFERENCE = {}


def all_forms(cells, dim):
    """Every normalised image of a shape under the lattice isometries used by canonical()."""
    pts = np.array([tuple(c) + (0,) * (dim - len(c)) for c in cells])
    forms = set()
    for perm in itertools.permutations(range(dim)):
        for signs in itertools.product((1, -1), repeat=dim):
            m = np.zeros((dim, dim), dtype=int)
            for i, (j, s) in enumerate(zip(perm, signs)):
                m[i, j] = s
            if dim == 3 and round(np.linalg.det(m)) != 1:
                continue
            img = pts @ m.T
            img = img - img.min(axis=0)
            forms.add(tuple(sorted(map(tuple, img.tolist()))))
    return forms


def reference_forms(name, rows, dim):
    key = (name, dim)
    if key not in _REFERENCE:
        _REFERENCE[key] = all_forms(cells_of(rows), dim)
    return _REFERENCE[key]


def check_packing(grid, mask, pieces=PENTOMINO_ROWS):
    """Raise AssertionError unless grid is a valid packing of all the pieces into mask."""
    grid = np.asarray(grid)
    assert grid.shape == mask.shape
    dim = mask.ndim
    assert all(grid[~mask] == "."), "a cell outside the region is used"
    labels = grid[mask]
    assert "." not in set(labels.tolist()), "a region cell is empty"
    assert sorted(set(labels.tolist())) == sorted(pieces), "not every piece used once"
    for name, rows in pieces.items():
        cells = [tuple(c) for c in np.argwhere(grid == name).tolist()]
        assert len(cells) == len(cells_of(rows)), f"piece {name} has {len(cells)} cells"
        pts = np.array(cells)
        form = tuple(sorted(map(tuple, (pts - pts.min(axis=0)).tolist())))
        assert form in reference_forms(name, rows, dim), f"piece {name} has the wrong shape"


def region_images(grid, mask):
    """All images of a packing under the isometries of the lattice that map the region onto
    itself (as hashable byte strings, identical images merged)."""
    dim = mask.ndim
    out = set()
    for perm in itertools.permutations(range(dim)):
        g = np.transpose(grid, perm)
        m = np.transpose(mask, perm)
        if m.shape != mask.shape:
            continue
        for flips in itertools.product((False, True), repeat=dim):
            axes = [a for a, f in enumerate(flips) if f]
            gg = np.flip(g, axes) if axes else g
            mm = np.flip(m, axes) if axes else m
            if np.array_equal(mm, mask):
                out.add(gg.tobytes())
    return out
