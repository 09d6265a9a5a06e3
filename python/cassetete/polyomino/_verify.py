"""The rules of a packing, checked from their definition, independently of the search
engines: each piece used once, in one of its allowed orientations, covering exactly the
region's cells (what :func:`verify` and the certification of every answer use).

Example:
    >>> verify("1x5", np.array([["I"] * 5]), pieces=["I"])
    True
"""

from __future__ import annotations

import functools
import operator
from typing import Any, Callable, Dict, List

import numpy as np

from .._errors import PuzzleError, certify
from ._formats import parse
from ._shapes import PieceSpec, orientations, piece_set

__all__ = ["certify_packing", "checker", "verify"]


def verify(region: Any, solution: np.ndarray, *, pieces: PieceSpec = "pentominoes", flips: bool = True) -> bool:
    """True when the labelled grid covers exactly the region's cells, each piece once, each
    label's cells forming the piece in one of its allowed orientations; False for a grid of the
    region's shape, labelled with piece names and ``.``, that breaks a rule. Anything else (no
    grid, another shape, a label that names no piece) is a ``PuzzleError``.

    Example:
        >>> verify("1x5", np.array([["I"] * 5]), pieces=["I"])
        True
        >>> verify("3x20", np.full((3, 20), "I"))
        False
        >>> verify("1x5", np.array([["Q"] * 5]), pieces=["I"])
        Traceback (most recent call last):
        ...
        cassetete._errors.PuzzleError: the solution's label 'Q' names no piece (pieces: I, and '.' for an empty cell)
    """
    mask, shapes = parse(region), piece_set(pieces)
    if solution is None or isinstance(solution, (str, bytes)):
        raise PuzzleError(f"a solution is a grid of piece labels of the region's shape {mask.shape}, got {solution!r}")
    grid = np.asarray(solution)
    if grid.shape != mask.shape:
        raise PuzzleError(f"the solution has shape {grid.shape}, the region {mask.shape}")
    unknown = sorted({str(label) for label in grid.ravel().tolist()} - set(shapes) - {"."})
    if unknown:
        raise PuzzleError(f"the solution's label {unknown[0]!r} names no piece (pieces: {', '.join(sorted(shapes))}, "
                          f"and '.' for an empty cell)")
    return checker(mask, shapes, flips)(grid)


def checker(mask: np.ndarray, shapes: Dict[str, Any], flips: bool) -> Callable[[Any], bool]:
    """The packing rules as a function of a labelled grid, with each piece's allowed
    orientations computed once (what :func:`verify` and the certification of every answer
    use; independent of the search engines).

    Example:
        >>> check = checker(np.ones((1, 2), dtype=bool), {"d": ((0, 0), (0, 1))}, True)
        >>> check(np.array([["d", "d"]])), check(np.array([["d", "."]]))
        (True, False)
    """
    allowed = {name: _allowed(tuple(map(tuple, cells)), mask.ndim, bool(flips)) for name, cells in shapes.items()}
    names = set(shapes)
    cells_of = list(zip(np.ndindex(*mask.shape), mask.ravel().tolist()))

    def check(solution: Any) -> bool:
        if solution is None:
            return False
        grid = np.asarray(solution)
        if grid.shape != mask.shape:
            return False
        groups: Dict[Any, List[Any]] = {}
        for label, (cell, inside) in zip(grid.ravel().tolist(), cells_of):
            if inside:
                if label == ".":
                    return False  # a region cell left empty
                groups.setdefault(label, []).append(cell)
            elif label != ".":
                return False  # a cell outside the region covered
        if groups.keys() != names:
            return False  # a piece missing, or a label that is no piece
        for name, cells in groups.items():
            # Cells come in C order, so translated to the origin they are sorted, as normalize gives.
            lows = [min(axis) for axis in zip(*cells)]
            if tuple(tuple(map(operator.sub, c, lows)) for c in cells) not in allowed[name]:
                return False
        return True

    return check


@functools.lru_cache(maxsize=1024)
def _allowed(cells: Any, dim: int, flips: bool) -> frozenset:
    return frozenset(orientations(cells, dim=dim, flips=flips))


def certify_packing(check: Callable[[Any], bool], grid: Any) -> None:
    """Raise :class:`cassetete._errors.CheckFailed` unless ``check`` (a :func:`checker`) accepts
    the grid: no packing that breaks the rules is ever returned."""
    certify(check(grid), "polyomino", "the packing does not use each piece once to cover the region exactly")
