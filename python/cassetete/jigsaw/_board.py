"""The board from the edge kinds: its size from the corner and border pieces, the rim each
piece's flat edges need, and a few misread kinds repaired so that the counts fit a rectangle."""

from __future__ import annotations

import math
from itertools import combinations
from typing import Optional, Tuple

import numpy as np

from .._errors import PuzzleError
from ._edges import BLANK, FLAT, FLAT_TOLERANCE, TAB, EdgeSet


def board_size(kinds: np.ndarray) -> Tuple[int, int]:
    """(rows, cols), rows <= cols, from the edge kinds: an m x n board has 4 corner pieces
    (two flat edges), 2(m-2) + 2(n-2) border pieces (one) and mn pieces in all.

    Raises PuzzleError when the counts fit no rectangle.

    Example:
        >>> from cassetete.jigsaw import generate, find_edges
        >>> board_size(find_edges(generate(3, 5, seed=1)[0]).kinds)
        (3, 5)
    """
    kinds = np.asarray(kinds)
    n = len(kinds)
    flats = (kinds == FLAT).sum(axis=1)
    corners, border = int((flats == 2).sum()), int((flats == 1).sum())
    found = f"{n} pieces ({corners} corner, {border} border, {n - corners - border} inner)"
    if corners != 4:
        raise PuzzleError(f"{found} fit no rectangle: a rectangle has 4 corner pieces (two flat edges)")
    if border % 2:
        raise PuzzleError(f"{found} fit no rectangle: a rectangle has an even number of border pieces "
                          f"(one flat edge)")
    total = border // 2 + 4                           # rows + cols
    disc = total * total - 4 * n
    root = math.isqrt(disc) if disc >= 0 else -1
    if root < 0 or root * root != disc or (total - root) % 2:
        raise PuzzleError(f"{found} fit no rectangle: the border makes rows + cols = {total}, "
                          f"which no rows x cols = {n} has")
    rows, cols = (total - root) // 2, (total + root) // 2
    if rows < 2:
        raise PuzzleError(f"{n} pieces would make a {rows} x {cols} board; boards of one row are not handled")
    return rows, cols


def rim_problem(kinds: np.ndarray) -> Optional[int]:
    """The first piece whose flat edges cannot lie on the rim of a rectangle, or None."""
    for i, row in enumerate(kinds):
        flat = row == FLAT
        if flat.sum() > 2 or (flat.sum() == 2 and any(flat[k] and flat[(k + 2) % 4] for k in range(4))):
            return i
    return None


def _consistent(kinds: np.ndarray) -> bool:
    if rim_problem(kinds) is not None:
        return False
    try:
        rows, cols = board_size(kinds)
    except PuzzleError:
        return False
    joins = 2 * rows * cols - rows - cols
    return int((kinds == 1).sum()) == joins == int((kinds == -1).sum())


def repair_kinds(edges: EdgeSet, tries: int = 8) -> list:
    """Make the edge kinds fit a rectangle when a few are misread: a flat edge read as a knob
    (or the reverse) breaks the corner and border counts. The edges whose bulge is nearest
    the flat tolerance are flipped, one or two at a time, until the kinds fit a board with as
    many tabs as blanks as inner joins. Changes ``edges.kinds`` in place; returns the flipped
    (piece, edge) pairs ([] when nothing needed fixing or nothing worked).

    Example:
        >>> from cassetete.jigsaw import generate, find_edges
        >>> es = find_edges(generate(3, 4, seed=1)[0])
        >>> repair_kinds(es)
        []
    """
    if _consistent(edges.kinds) or edges.bulge is None:
        return []
    margin = np.abs(edges.bulge - FLAT_TOLERANCE)
    doubtful = np.dstack(np.unravel_index(np.argsort(margin, axis=None)[:tries], margin.shape))[0]
    for count in (1, 2):
        for subset in combinations(range(len(doubtful)), count):
            kinds = edges.kinds.copy()
            for j in subset:
                i, k = (int(x) for x in doubtful[j])
                if kinds[i, k] != FLAT:
                    kinds[i, k] = FLAT
                else:
                    v = edges.curves[i][k][:, 1]
                    kinds[i, k] = TAB if v.max() >= -v.min() else BLANK
            if _consistent(kinds):
                edges.kinds[:] = kinds
                return [tuple(int(x) for x in doubtful[j]) for j in subset]
    return []
