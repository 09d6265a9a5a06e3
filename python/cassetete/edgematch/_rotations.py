"""Known rotations given to the variant solvers, read the same way everywhere.

Two forms are accepted wherever rotations are known in advance (PUZZLE-ORIENTATION, the
contour and checkerboard approximations, the block method, PUZZLE-POSITION):

- per piece: a mapping ``{piece: quarter turns}`` (pieces left out keep the default) or a
  sequence of ``k`` quarter turns indexed by piece;
- per cell, where the positions are known (PUZZLE-POSITION): a ``(rows, cols)`` array with
  -1 for a cell whose rotation is still unknown.

Anything else (an unknown piece, a rotation outside 0..3, a list of the wrong length, a
per-cell array where no positions are known) is a PuzzleError naming the problem.
"""

from __future__ import annotations

import numbers
from collections.abc import Mapping
from typing import Dict, Optional, Sequence, Union
from typing import Mapping as MappingType

import numpy as np

from .._errors import PuzzleError
from ._model import EdgePuzzle, check_puzzle

#: Known rotations: ``{piece: quarter turns}``, a sequence indexed by piece, or (with known
#: positions) a (rows, cols) array per cell; None = the default (0, or unknown per cell).
Rotations = Union[None, MappingType[int, int], Sequence[int], np.ndarray]


def _turns(value: object, where: str, allow_unknown: bool = False) -> int:
    low = -1 if allow_unknown else 0
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Integral) or not low <= int(value) <= 3:
        allowed = "-1 (unknown) or 0..3" if allow_unknown else "0..3"
        raise PuzzleError(f"{where}: rotation must be {allowed} quarter turns, got {value!r}")
    return int(value)


def _piece_index(puzzle: EdgePuzzle, key: object, name: str) -> int:
    if isinstance(key, (bool, np.bool_)) or not isinstance(key, numbers.Integral) or not 0 <= int(key) < puzzle.size:
        raise PuzzleError(f"{name}: piece {key!r} does not exist (pieces 0..{puzzle.size - 1})")
    return int(key)


def piece_rotations(puzzle: EdgePuzzle, rotations: object, *, name: str = "rotations",
                    default: int = 0) -> Dict[int, int]:
    """The rotation of every piece as ``{piece: quarter turns}`` from a mapping (pieces left out
    get ``default``), a length-k sequence indexed by piece, or None (all ``default``).

    Example:
        >>> from cassetete.edgematch import EdgePuzzle
        >>> p = EdgePuzzle(1, 2, [[0, 1, 0, 0], [0, 0, 0, 1]])
        >>> piece_rotations(p, {1: 2}), piece_rotations(p, [3, 1])
        ({0: 0, 1: 2}, {0: 3, 1: 1})
        >>> piece_rotations(p, {5: 1})
        Traceback (most recent call last):
        ...
        cassetete._errors.PuzzleError: rotations: piece 5 does not exist (pieces 0..1)
    """
    check_puzzle(puzzle)
    out = {p: default for p in range(puzzle.size)}
    if rotations is None:
        return out
    if isinstance(rotations, Mapping):
        for key, value in rotations.items():
            p = _piece_index(puzzle, key, name)
            out[p] = _turns(value, f"{name}[{p}]", allow_unknown=default < 0)
        return out
    if isinstance(rotations, (str, bytes)):
        raise PuzzleError(f"{name} must be a mapping {{piece: rotation}} or a sequence of {puzzle.size} rotations")
    try:
        arr = np.asarray(rotations)
    except Exception:
        arr = np.asarray(None)
    if arr.ndim == 2 and arr.shape == (puzzle.rows, puzzle.cols):
        raise PuzzleError(f"{name}: a ({puzzle.rows}, {puzzle.cols}) array gives rotations per cell, which needs "
                          f"the positions; here give {{piece: rotation}} or {puzzle.size} rotations by piece")
    if arr.ndim != 1 or arr.dtype == object or len(arr) != puzzle.size:
        raise PuzzleError(f"{name} must be a mapping {{piece: rotation}} or a sequence of {puzzle.size} "
                          f"rotations indexed by piece, got {type(rotations).__name__}"
                          + (f" of shape {arr.shape}" if arr.dtype != object else ""))
    for p, value in enumerate(arr.tolist()):
        out[p] = _turns(value, f"{name}[{p}]", allow_unknown=default < 0)
    return out


def cell_rotations(puzzle: EdgePuzzle, positions: np.ndarray, rotations: object, *,
                   name: str = "rotations") -> np.ndarray:
    """Known rotations per cell, a (rows, cols) int64 array with -1 where unknown, from a
    (rows, cols) array (-1 = unknown), a per-piece mapping or sequence (see
    :func:`piece_rotations`; pieces left out of a mapping are unknown), or None (all unknown).
    ``positions`` is the (rows, cols) array of the piece in each cell.

    Example:
        >>> import numpy as np
        >>> from cassetete.edgematch import EdgePuzzle
        >>> p = EdgePuzzle(1, 2, [[0, 1, 0, 0], [0, 0, 0, 1]])
        >>> pos = np.array([[1, 0]])
        >>> cell_rotations(p, pos, {0: 3}).tolist(), cell_rotations(p, pos, [[2, -1]]).tolist()
        ([[-1, 3]], [[2, -1]])
    """
    shape = (puzzle.rows, puzzle.cols)
    if rotations is None:
        return np.full(shape, -1, dtype=np.int64)
    if not isinstance(rotations, (Mapping, str, bytes)):
        try:
            arr: Optional[np.ndarray] = np.asarray(rotations)
        except Exception:
            arr = None
        if arr is not None and arr.ndim == 2 and arr.shape == shape:
            out = np.empty(shape, dtype=np.int64)
            for (r, c), value in np.ndenumerate(arr):
                out[r, c] = _turns(value.item() if hasattr(value, "item") else value,
                                   f"{name} at cell ({r}, {c})", allow_unknown=True)
            return out
    by_piece = piece_rotations(puzzle, rotations, name=name, default=-1)
    return np.vectorize(lambda p: by_piece[int(p)], otypes=[np.int64])(positions).reshape(shape)
