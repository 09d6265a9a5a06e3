"""Orientations of a shape for the Class constraint: the images of its points under a group of
rotations, each translated to the origin, sorted lexicographically, and deduplicated.

Gilleta, "Résolution du puzzle tridimensionnel des pentaminos", section 1: a rotation matrix has
entries -1, 0, 1, one non-zero per row and column, and determinant 1 (24 of them in space). A
flat piece in a flat box turns over by such a rotation, so in 2-D the 8 symmetries of the square
(rotations and reflections) play their part.

Example:
    >>> offsets, dim = orientation_offsets([(0, 0), (0, 1)], "2d", "domino")
    >>> dim, len(offsets) // 4        # two orientations of two 2-D points
    (2, 2)
"""

from __future__ import annotations

from typing import Any, List, Sequence, Tuple

from .._errors import PuzzleError
from ..polyomino._shapes import normalize, orientations as _lattice_orientations, reachable

__all__ = ["ROTATIONS", "orientation_offsets", "orientations", "check_points"]

# rotations argument -> the dimension it needs (None: any)
ROTATIONS = {"3d": 3, "2d": 2, "none": None}


def check_points(shape: Sequence[Sequence[int]], where: str) -> List[Tuple[int, ...]]:
    """Validate a shape: a non-empty list of distinct integer points of one dimension, connected
    through faces (a polyomino or polycube).

    Example:
        >>> check_points([(0, 0), (1, 0)], "piece")
        [(0, 0), (1, 0)]
    """
    try:
        points = [tuple(int(c) for c in p) for p in shape]
    except (TypeError, ValueError):
        raise PuzzleError(f"{where}: the shape must be a list of integer points, got {shape!r}") from None
    if not points:
        raise PuzzleError(f"{where}: the shape is empty")
    dims = {len(p) for p in points}
    if len(dims) != 1 or 0 in dims:
        raise PuzzleError(f"{where}: the shape's points must all have the same (non-zero) dimension")
    if len(set(points)) != len(points):
        raise PuzzleError(f"{where}: the shape repeats a point")
    reached = reachable(points)
    if reached != len(points):
        raise PuzzleError(f"{where}: the shape is not connected ({reached} of {len(points)} points reachable)")
    return points


def orientations(points: Sequence[Tuple[int, ...]], rotations: str) -> List[Tuple[Tuple[int, ...], ...]]:
    """Distinct orientations of the points, each translated so every coordinate starts at 0
    and sorted lexicographically, in a fixed order (the identity's first): those of
    :func:`cassetete.polyomino.orientations` (the 8 symmetries of the square in 2-D, the 24
    rotations of space in 3-D), or the points alone with ``rotations="none"``.

    Example:
        >>> len(orientations([(0, 0), (0, 1), (1, 0)], "2d"))
        4
    """
    if rotations == "none":
        return [normalize(points)]
    return _lattice_orientations(tuple(points), dim=3 if rotations == "3d" else 2, flips=True)


def orientation_offsets(shape: Sequence[Sequence[int]], rotations: str, where: str) -> Tuple[List[int], int]:
    """The flat offsets (orientations x points x dim) the core's Class constraint takes, and
    the dimension.

    Example:
        >>> orientation_offsets([(0, 0, 0), (0, 0, 1)], "3d", "d")[0][:6]
        [0, 0, 0, 0, 0, 1]
    """
    points = check_points(shape, where)
    dim = len(points[0])
    need: Any = ROTATIONS[rotations]
    if need is not None and dim != need:
        raise PuzzleError(f"{where}: rotations={rotations!r} needs {need}-D points, the shape is {dim}-D")
    flat: List[int] = []
    for orient in orientations(points, rotations):
        for p in orient:
            flat.extend(p)
    return flat, dim
