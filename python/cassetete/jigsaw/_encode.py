"""The two edge encodings of Béhague, "Résolution de puzzles dépourvus d'indice graphique"
(2024), section 2:

* the modified Freeman-Garder chain encoding (section 2.1): the edge is laid on a grid, its
  crossings with the grid lines are snapped to the nearest grid point, and each cell gets the
  motif of the step the snapped curve makes in it: 0 none, 1 horizontal, 2 vertical,
  3 rising diagonal, 4 falling diagonal (our reading of the paper's figure 2, which the text
  does not spell out). Time and memory grow with the square of the precision;
* the ordinates method (section 2.3): the ordinates where the curve crosses n evenly spaced
  verticals, at most 3 per abscissa for a jigsaw edge: an n x 3 matrix, linear in n.

Each has a Cython kernel (``cassetete.jigsaw.jigsaw_kernels``, built from src/jigsaw_kernels.pyx)
and a plain numpy twin here (``*_numpy``) with the same output, used when the extension is
missing and measured against it in bench/jigsaw_encodings.py.
"""

from __future__ import annotations

from typing import Optional, Tuple

import numpy as np

from .._errors import PuzzleError
from .._options import check_choice, check_count
from ._edges import FLAT, EdgeSet, matching_form

try:  # the compiled kernels (the normal install); numpy twins otherwise
    from .jigsaw_kernels import chain_code as _chain_code_kernel
    from .jigsaw_kernels import ordinates as _ordinates_kernel
    _KERNELS = True
except ImportError:  # pragma: no cover - only without the compiled extension
    _KERNELS = False

ENCODINGS = ("ordinates", "chain")
# window of the chain-code grid in normalised units (edge chord = 1): matching forms bulge to +v
GRID_U = (-0.1, 1.1)
GRID_V = (-0.2, 0.5)


def has_kernels() -> bool:
    """True when the compiled Cython kernels are importable (the encodings then run in
    compiled code; :func:`chain_code_numpy` and :func:`ordinates_numpy` are the fallbacks).

    Example:
        >>> isinstance(has_kernels(), bool)
        True
    """
    return _KERNELS


def grid_shape(precision: int) -> Tuple[int, int]:
    """(rows, cols) of the chain-code grid for ``precision`` cells per edge length.

    Example:
        >>> grid_shape(10)
        (7, 12)
    """
    h = 1.0 / precision
    return int(round((GRID_V[1] - GRID_V[0]) / h)), int(round((GRID_U[1] - GRID_U[0]) / h))


def chain_code_numpy(points: np.ndarray, precision: int) -> np.ndarray:
    """Modified Freeman chain code of an open curve (normalised units), numpy version.

    Returns an int8 (rows, cols) grid of motifs 0-4, row 0 at the bottom (v = GRID_V[0]).

    Example:
        >>> code = chain_code_numpy(np.array([[0.0, 0.0], [1.0, 0.0]]), 10)
        >>> code.shape, sorted(set(code.ravel().tolist()))
        ((7, 12), [0, 1])
    """
    rows, cols = grid_shape(precision)
    g = (np.asarray(points, float) - [GRID_U[0], GRID_V[0]]) * precision
    a, b = g[:-1], g[1:]
    # the two end points (the corners) anchor the chain, then every grid-line crossing
    keys, xs, ys = [np.array([0.0, len(g) - 1.0])], [g[[0, -1], 0]], [g[[0, -1], 1]]
    for axis in (0, 1):
        lo = np.floor(np.minimum(a[:, axis], b[:, axis])).astype(np.int64) + 1
        hi = np.floor(np.maximum(a[:, axis], b[:, axis])).astype(np.int64)
        counts = np.maximum(hi - lo + 1, 0)
        seg = np.repeat(np.arange(len(a)), counts)
        if not len(seg):
            continue
        first = np.repeat(np.cumsum(counts) - counts, counts)
        line = np.repeat(lo, counts) + (np.arange(len(seg)) - first)
        t = (line - a[seg, axis]) / (b[seg, axis] - a[seg, axis])
        p = a[seg] + t[:, None] * (b[seg] - a[seg])
        p[:, axis] = line
        keys.append(seg + t)
        xs.append(p[:, 0])
        ys.append(p[:, 1])
    code = np.zeros((rows, cols), dtype=np.int8)
    key = np.concatenate(keys)
    order = np.argsort(key, kind="stable")
    px, py = np.concatenate(xs)[order], np.concatenate(ys)[order]
    sx, sy = np.floor(px + 0.5).astype(np.int64), np.floor(py + 0.5).astype(np.int64)
    di, dj = np.diff(sx), np.diff(sy)
    cx = np.floor((px[:-1] + px[1:]) / 2).astype(np.int64)
    cy = np.floor((py[:-1] + py[1:]) / 2).astype(np.int64)
    motif = np.where(dj == 0, 1, np.where(di == 0, 2, np.where(di * dj > 0, 3, 4))).astype(np.int8)
    keep = ((di != 0) | (dj != 0)) & (cx >= 0) & (cx < cols) & (cy >= 0) & (cy < rows)
    np.maximum.at(code, (cy[keep], cx[keep]), motif[keep])
    return code


def ordinates_numpy(points: np.ndarray, count: int) -> np.ndarray:
    """Ordinates method, numpy version: the (count, 3) ordinates of the curve on ``count``
    evenly spaced verticals across its chord (sorted; one crossing repeated 3 times, two as
    (low, high, high), more than three as (lowest, middle, highest)).

    Example:
        >>> ordinates_numpy(np.array([[0.0, 0.0], [0.5, 0.5], [1.0, 0.0]]), 2).tolist()
        [[0.25, 0.25, 0.25], [0.25, 0.25, 0.25]]
    """
    pts = np.asarray(points, float)
    length = pts[-1, 0]
    u = (np.arange(count) + 0.5) * (length / count)
    ua, ub, va, vb = pts[:-1, 0, None], pts[1:, 0, None], pts[:-1, 1, None], pts[1:, 1, None]
    lo, hi = np.minimum(ua, ub), np.maximum(ua, ub)
    hit = (u >= lo) & (u < hi)
    with np.errstate(divide="ignore", invalid="ignore"):
        v = va + (u - ua) / (ub - ua) * (vb - va)
    v = np.sort(np.where(hit, v, np.inf), axis=0)
    c = hit.sum(axis=0)
    cols = np.arange(count)
    out = np.zeros((count, 3))
    last = np.maximum(c - 1, 0)
    out[:, 0] = v[0, cols]
    out[:, 1] = np.where(c >= 3, v[np.where(c >= 3, c // 2, 0), cols], v[last, cols])
    out[:, 2] = v[last, cols]
    out[c == 0] = 0.0
    return out


def _kernel_or_twin(name: str, points: np.ndarray, *args):
    """Run the Cython kernel ``name`` (or its numpy twin when the extension is missing)."""
    pts = np.ascontiguousarray(points, dtype=np.float64)
    if pts.ndim != 2 or pts.shape[1] != 2:
        raise PuzzleError(f"an edge curve must be a (k, 2) array of points, got shape {pts.shape}")
    if not _KERNELS:
        return globals()[f"{name}_numpy"](pts, *args)
    if name == "chain_code":
        rows, cols = grid_shape(args[0])
        return np.asarray(_chain_code_kernel(pts, float(args[0]), GRID_U[0], GRID_V[0], rows, cols))
    return np.asarray(_ordinates_kernel(pts, *args))


def chain_code(points: np.ndarray, precision: int) -> np.ndarray:
    """Modified Freeman chain code (section 2.1) of a normalised edge curve: an int8 grid of
    motifs 0-4 with ``precision`` cells per edge length (Cython kernel when built).

    Example:
        >>> from cassetete.jigsaw._generate import tab_curve
        >>> c = tab_curve(np.random.default_rng(1))
        >>> bool(np.array_equal(chain_code(c, 20), chain_code_numpy(c, 20)))
        True
    """
    return _kernel_or_twin("chain_code", points, check_count(precision, "precision", 2))


def ordinates(points: np.ndarray, count: int) -> np.ndarray:
    """Ordinates method (section 2.3) of a normalised edge curve: (count, 3) ordinates on
    ``count`` verticals (Cython kernel when built).

    Example:
        >>> from cassetete.jigsaw._generate import tab_curve
        >>> c = tab_curve(np.random.default_rng(1))
        >>> bool(np.allclose(ordinates(c, 50), ordinates_numpy(c, 50)))
        True
    """
    return _kernel_or_twin("ordinates", points, check_count(count, "count", 1))


def encode_edges(edges: EdgeSet, method: str = "ordinates", precision: Optional[int] = None,
                 *, kernels: bool = True) -> Tuple[np.ndarray, np.ndarray]:
    """Feature vectors of every tab and blank edge in its matching form (stage 3).

    Returns ``(features (e, d) float, where (e, 2) (piece, edge))``. ``"chain"`` features are
    the one-hot motifs of the grid (their squared distance counts differing cells),
    ``"ordinates"`` the flattened ordinate matrix. ``precision``: grid cells per edge length
    (chain) or number of verticals (ordinates), 48 by default (at 24 the chain code separates
    95% of the joins of a scan, at 48 all of them: bench/results/jigsaw_encodings.md).

    Example:
        >>> from cassetete.jigsaw import generate, find_edges
        >>> puzzle, _ = generate(2, 3, seed=1)
        >>> features, where = encode_edges(find_edges(puzzle), "ordinates", 16)
        >>> features.shape, where.shape   # 7 inner joins, two edges each
        ((14, 48), (14, 2))
    """
    check_choice(method, "encoding", ENCODINGS)
    if precision is None:
        precision = 48
    precision = check_count(precision, "precision", 2)
    where = np.argwhere(edges.kinds != FLAT)
    rows = []
    for i, k in where:
        form = matching_form(edges.curves[i][k], int(edges.kinds[i, k]))
        if method == "chain":
            code = chain_code(form, precision) if kernels else chain_code_numpy(form, precision)
            rows.append(np.stack([code == m for m in range(1, 5)]).ravel().astype(np.float32))
        else:
            ords = ordinates(form, precision) if kernels else ordinates_numpy(form, precision)
            rows.append(ords.ravel())
    if not rows:
        raise PuzzleError("no tab or blank edge to encode (every edge is flat)")
    return np.array(rows, dtype=np.float64), where
