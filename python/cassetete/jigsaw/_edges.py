"""Edge curves normalised to a common axis, classified flat / tab / blank, and the
analysis of a whole set of pieces (corners, edges, kinds) that every later stage uses."""

from __future__ import annotations

from dataclasses import dataclass
from typing import List, Sequence

import numpy as np

from .._errors import PuzzleError
from ._corners import find_corners, split_edges
from ._geometry import resample
from ._model import JigsawPuzzle, Piece, as_pieces, where

FLAT, TAB, BLANK = 0, 1, -1
FLAT_TOLERANCE = 0.12   # largest bulge of a flat edge, in edge lengths (a knob stands out 0.25 or more)
CURVE_POINTS = 64       # points of the resampled edge curves compared by the fit


def normalise_edge(curve: np.ndarray, scale: float = 1.0) -> np.ndarray:
    """An edge curve in its own frame: start at (0, 0), end on the +u axis, +v outward (away
    from the piece), lengths divided by ``scale``. Invariant under rotation and translation.

    Example:
        >>> normalise_edge(np.array([[0, 0], [5, -2], [10, 0]], float), 10).tolist()  # a bump upwards
        [[0.0, 0.0], [0.5, 0.2], [1.0, 0.0]]
    """
    a, b = curve[0], curve[-1]
    d = b - a
    length = float(np.hypot(*d))
    if length <= 0:
        raise PuzzleError("an edge has its two corners at the same point")
    d = d / length
    outward = np.array([d[1], -d[0]])  # left of the direction of a clockwise outline, y down
    rel = curve - a
    return np.column_stack([rel @ d, rel @ outward]) / float(scale)


def classify_edge(normalised: np.ndarray, tolerance: float = FLAT_TOLERANCE) -> int:
    """0 (flat), +1 (tab: bulges outward) or -1 (blank: bulges inward) from a normalised edge.

    Example:
        >>> classify_edge(np.array([[0, 0], [0.5, 0.3], [1, 0]])), classify_edge(np.array([[0, 0], [0.5, 0.01], [1, 0]]))
        (1, 0)
    """
    v = normalised[:, 1]
    top, bottom = float(v.max()), float(-v.min())
    if max(top, bottom) < tolerance:
        return FLAT
    return TAB if top >= bottom else BLANK


def matching_form(normalised: np.ndarray, kind: int) -> np.ndarray:
    """The curve as compared across a join: a tab as it is, a blank turned into the tab that
    fits it ((u, v) -> (length - u, -v), walked backwards), so that a tab and the blank it
    fits have the same matching form.

    Example:
        >>> blank = np.array([[0.0, 0.0], [0.4, -0.3], [1.0, 0.0]])
        >>> matching_form(blank, -1).round(3).tolist()
        [[0.0, 0.0], [0.6, 0.3], [1.0, 0.0]]
    """
    if kind != BLANK:
        return normalised
    length = normalised[-1, 0]
    return np.column_stack([length - normalised[::-1, 0], -normalised[::-1, 1]]) + 0.0  # no -0.0


def smooth_curve(curve: np.ndarray, points: int = 256, window: int = 7) -> np.ndarray:
    """The curve resampled evenly and smoothed by a moving average along it (ends kept): pixel
    noise makes an outline ragged, and a ragged curve is longer, which would shift the points
    compared by arc length.

    Example:
        >>> zigzag = np.column_stack([np.linspace(0, 1, 101), 0.01 * (-1.0) ** np.arange(101)])
        >>> bool(np.abs(smooth_curve(zigzag)[5:-5, 1]).max() < 0.005)
        True
    """
    pts = resample(curve, points)
    if window < 2:
        return pts
    kernel = np.ones(window) / window
    half = window // 2
    padded = np.vstack([np.repeat(pts[:1], half, axis=0), pts, np.repeat(pts[-1:], half, axis=0)])
    out = np.column_stack([np.convolve(padded[:, 0], kernel, "valid"), np.convolve(padded[:, 1], kernel, "valid")])
    out[0], out[-1] = pts[0], pts[-1]
    return out


@dataclass
class EdgeSet:
    """Corners and edges of every piece.

    Attributes:
        corners: (n, 4, 2) corner positions, clockwise; edge k runs from corner k to k+1.
        kinds: (n, 4) 0 flat, +1 tab, -1 blank.
        curves: list of n lists of 4 normalised edge curves (lengths / ``scale``).
        forms: (n, 4, CURVE_POINTS, 2) matching forms resampled evenly along their length.
        lengths: (n, 4) chord length of each edge / ``scale``.
        scale: the median chord length in pixels (the unit of every normalised curve).
        bulge: (n, 4) how far each edge strays from its chord (flat below ``FLAT_TOLERANCE``).

    Example:
        >>> from cassetete import jigsaw
        >>> puzzle, _ = jigsaw.generate(2, 3, seed=1)
        >>> edges = jigsaw.find_edges(puzzle)
        >>> edges.corners.shape, int((edges.kinds == FLAT).sum())   # the rim of 2 x 3: 10 flat edges
        ((6, 4, 2), 10)
    """

    corners: np.ndarray
    indices: np.ndarray
    kinds: np.ndarray
    curves: List[List[np.ndarray]]
    forms: np.ndarray
    lengths: np.ndarray
    scale: float
    bulge: np.ndarray = None  # type: ignore[assignment]  # (n, 4) largest |v| of each edge

    def edges_of_kind(self, kind: int) -> np.ndarray:
        """(e, 2) (piece, edge) pairs of the edges of one kind, in piece order."""
        return np.argwhere(self.kinds == kind)


def find_edges(pieces: Sequence[Piece], *, flat_tolerance: float = FLAT_TOLERANCE) -> EdgeSet:
    """Corners, normalised edges and their kinds for every piece (stage 2 of the pipeline).

    Example:
        >>> from cassetete.jigsaw import generate
        >>> puzzle, truth = generate(3, 3, seed=5)
        >>> es = find_edges(puzzle)
        >>> sorted((es.kinds == 0).sum(axis=1).tolist()) == sorted((truth.signs == 0).sum(axis=1).tolist())
        True
    """
    pieces = as_pieces(pieces)
    if not pieces:
        raise PuzzleError("no pieces")
    n = len(pieces)
    corners = np.zeros((n, 4, 2))
    indices = np.zeros((n, 4), dtype=np.int64)
    raw: List[List[np.ndarray]] = []
    for i, piece in enumerate(pieces):
        corners[i], indices[i] = find_corners(piece, i)
        raw.append(split_edges(piece, corners[i], indices[i]))
    chords = np.linalg.norm(np.roll(corners, -1, axis=1) - corners, axis=2)
    scale = float(np.median(chords))
    kinds = np.zeros((n, 4), dtype=np.int64)
    bulge = np.zeros((n, 4))
    curves: List[List[np.ndarray]] = []
    forms = np.zeros((n, 4, CURVE_POINTS, 2))
    for i in range(n):
        row = []
        for k in range(4):
            if chords[i, k] < 0.4 * scale:
                raise PuzzleError(f"{where(pieces[i], i)}: edge {k} is far shorter than the others "
                                  f"({chords[i, k]:.0f} px against {scale:.0f}); a corner is wrong or the piece is broken")
            curve = normalise_edge(raw[i][k], scale)
            kinds[i, k] = classify_edge(curve, flat_tolerance)
            bulge[i, k] = float(np.abs(curve[:, 1]).max())
            row.append(curve)
            forms[i, k] = resample(smooth_curve(matching_form(curve, kinds[i, k])), CURVE_POINTS)
        curves.append(row)
    return EdgeSet(corners, indices, kinds, curves, forms, chords / scale, scale, bulge)


def analyse(puzzle: JigsawPuzzle) -> EdgeSet:
    """The puzzle's corners and edges (:func:`find_edges`), computed once and kept on it.

    Example:
        >>> from cassetete.jigsaw import generate
        >>> puzzle, _ = generate(2, 2, seed=1)
        >>> analyse(puzzle) is analyse(puzzle)
        True
    """
    cached = puzzle._edges
    if cached is None:
        cached = find_edges(puzzle.pieces)
        puzzle._edges = cached
    return cached
