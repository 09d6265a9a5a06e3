"""Regions to fill: rectangles ``"6x10"``, boxes ``"3x4x5"``, pictures of ``#`` and ``.``, or
2-D/3-D boolean masks; and their symmetry groups as permutations of the cells.

Example:
    >>> from cassetete.polyomino._region import parse_region, symmetries
    >>> mask = parse_region("6x10")
    >>> mask.shape, len(symmetries(mask))
    ((6, 10), 4)
    >>> len(symmetries(parse_region("3x4x5")))
    8
"""

from __future__ import annotations

import math
import re
from typing import Any, List

import numpy as np

from .._errors import PuzzleError
from ._shapes import transforms

__all__ = ["parse_region", "region_mask", "symmetries"]


# Refused before any allocation: the exact cover of a larger region does not fit in memory anyway.
MAX_REGION_CELLS = 1_000_000

_SIZES = re.compile(r"\s*\d+(\s*[xX×]\s*\d+){1,2}\s*")
_LAYER = re.compile(r"\s*layer\s+\d+\s*:\s*", re.IGNORECASE)


def parse_region(region: Any) -> np.ndarray:
    """A boolean mask from ``"AxB"``, ``"AxBxC"``, a tuple of sizes, or a 2-D/3-D boolean array.

    Example:
        >>> int(parse_region("2x3").sum()), parse_region((2, 2, 15)).shape
        (6, (2, 2, 15))
    """
    if isinstance(region, str):
        if not _SIZES.fullmatch(region):
            raise PuzzleError(f"region {region!r}: expected sizes like '6x10' or '3x4x5'")
        region = tuple(int(v) for v in re.split(r"\s*[xX×]\s*", region.strip()))
    if isinstance(region, tuple) and all(isinstance(v, (int, np.integer)) for v in region):
        if len(region) not in (2, 3) or any(v <= 0 for v in region):
            raise PuzzleError(f"region sizes {region}: need 2 or 3 positive sizes")
        if math.prod(int(v) for v in region) > MAX_REGION_CELLS:
            raise PuzzleError(f"region sizes {region}: more than {MAX_REGION_CELLS} cells")
        return np.ones(tuple(int(v) for v in region), dtype=bool)
    mask = np.asarray(region)
    if mask.dtype != np.bool_:
        if mask.dtype.kind not in "iu" or (mask.size and not np.isin(mask, (0, 1)).all()):
            raise PuzzleError(f"region mask must be boolean, got dtype {mask.dtype}")
        mask = mask.astype(bool)
    if mask.ndim not in (2, 3):
        raise PuzzleError(f"region mask must be 2-D or 3-D, got {mask.ndim}-D")
    if mask.size > MAX_REGION_CELLS:
        raise PuzzleError(f"region mask of shape {mask.shape}: more than {MAX_REGION_CELLS} cells")
    if not mask.any():
        raise PuzzleError("region mask has no cell")
    return mask


def _picture(text: str) -> np.ndarray:
    layers: List[List[str]] = [[]]
    for number, line in enumerate(text.replace("/", "\n").splitlines(), start=1):
        if _LAYER.fullmatch(line) or not line.strip():
            if layers[-1]:
                layers.append([])
            continue
        row = "".join(line.split())
        bad = re.search(r"[^#.]", row)
        if bad:
            raise PuzzleError(f"region picture line {number}, column {line.index(bad.group()) + 1}: "
                              f"unexpected {bad.group()!r} (use # for a cell and . for a hole)")
        layers[-1].append(row)
    layers = [layer for layer in layers if layer]
    if not layers:
        raise PuzzleError("region picture is empty")
    width = len(layers[0][0])
    rows = len(layers[0])
    for k, layer in enumerate(layers):
        if len(layer) != rows or any(len(r) != width for r in layer):
            raise PuzzleError(f"region picture layer {k + 1}: every layer must have {rows} rows of "
                              f"{width} cells")
    mask = np.array([[[ch == "#" for ch in row] for row in layer] for layer in layers], dtype=bool)
    return parse_region(mask[0] if len(layers) == 1 else mask)


def region_mask(region: Any) -> np.ndarray:
    """A region as a boolean mask, from sizes (``"6x10"``, ``(3, 4, 5)``), a picture (text of
    ``#`` and ``.``, 3-D layers separated by blank lines or ``layer k:`` lines) or a 2-D/3-D
    0/1 array (what ``polyomino.parse`` and :class:`Packing` read).

    Example:
        >>> region_mask("#.\\n##").tolist()
        [[True, False], [True, True]]
    """
    if isinstance(region, str):
        if _SIZES.fullmatch(region) or not re.search(r"[#.]", region):
            return parse_region(region)  # sizes, or its message for text that is neither form
        return _picture(region)
    return parse_region(region)


def symmetries(mask: np.ndarray) -> List[np.ndarray]:
    """The distinct permutations of the region's cells (numbered in C order over the True
    cells) induced by the lattice isometries (reflections included) that map the region onto
    itself. The identity comes first.

    Example:
        >>> [p.tolist() for p in symmetries(parse_region("1x2"))]
        [[0, 1], [1, 0]]
    """
    if not isinstance(mask, np.ndarray) or mask.dtype != np.bool_:
        mask = parse_region(mask)  # "2x3x10", a tuple of sizes or a 0/1 array
    coords = np.argwhere(mask)
    index = {tuple(c): i for i, c in enumerate(coords.tolist())}
    key = sorted(index)
    out: List[np.ndarray] = []
    seen = set()
    for m in transforms(mask.ndim):
        image = coords @ m.T
        image = image - image.min(axis=0)
        cells = [tuple(c) for c in image.tolist()]
        if sorted(cells) != key:
            continue
        perm = np.array([index[c] for c in cells], dtype=np.int64)
        sig = perm.tobytes()
        if sig not in seen:
            seen.add(sig)
            out.append(perm)
    out.sort(key=lambda p: not np.array_equal(p, np.arange(len(p))))
    return out
