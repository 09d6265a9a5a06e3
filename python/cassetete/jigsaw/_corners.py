"""The four corners of a piece, found on its outline alone (robust to tabs, rotation and
pixel noise), and its four edge curves between them."""

from __future__ import annotations

from itertools import combinations
from typing import List, Optional, Tuple

import numpy as np

from .._errors import PuzzleError
from ._geometry import signed_area
from ._model import Piece, where

SAMPLES = 360  # points of the evenly resampled outline the search works on


def resample_closed(contour: np.ndarray, count: int = SAMPLES) -> Tuple[np.ndarray, float]:
    """``count`` points evenly spaced along a closed outline, and the spacing.

    Example:
        >>> square = np.array([[0, 0], [4, 0], [4, 4], [0, 4]], float)
        >>> pts, step = resample_closed(square, 8)
        >>> step, pts[2].tolist()
        (2.0, [4.0, 0.0])
    """
    closed = np.vstack([contour, contour[:1]])
    seg = np.hypot(*np.diff(closed, axis=0).T)
    s = np.concatenate([[0.0], np.cumsum(seg)])
    step = s[-1] / count
    t = np.arange(count) * step
    return np.column_stack([np.interp(t, s, closed[:, 0]), np.interp(t, s, closed[:, 1])]), float(step)


def _corner_scores(pts: np.ndarray, w: int) -> Tuple[np.ndarray, np.ndarray]:
    """For each point: how far its turn is from a right angle between two straight runs of
    ``w`` samples (lower is more corner-like), and whether the turn is convex."""
    n = len(pts)
    back, ahead = np.roll(pts, w, axis=0), np.roll(pts, -w, axis=0)
    a, b = back - pts, ahead - pts
    cosang = (a * b).sum(1) / (np.linalg.norm(a, axis=1) * np.linalg.norm(b, axis=1) + 1e-12)
    angle = np.degrees(np.arccos(np.clip(cosang, -1, 1)))
    d1, d2 = pts - back, ahead - pts
    convex = d1[:, 0] * d2[:, 1] - d1[:, 1] * d2[:, 0] > 0  # clockwise outline, y down
    # straightness: distance of the points between i-w and i (and i and i+w) from their chord
    idx = np.arange(n)[:, None]
    offsets = np.arange(1, w)[None, :]
    dev = np.zeros(n)
    for chord_start, sign in ((back, -1), (ahead, 1)):
        inner = pts[(idx + sign * offsets) % n]                  # (n, w-1, 2)
        d = chord_start - pts
        length = np.linalg.norm(d, axis=1)[:, None] + 1e-12
        rel = inner - pts[:, None, :]
        dist = np.abs(rel[..., 0] * d[:, None, 1] - rel[..., 1] * d[:, None, 0]) / length
        dev += dist.max(axis=1) / length[:, 0]
    return np.abs(angle - 90.0) / 90.0 + 3.0 * dev, convex


def _quad_costs(quads: np.ndarray, area: float) -> np.ndarray:
    """How far quadrilaterals (c, 4, 2), corners in outline order, are from a square-ish
    rectangle: angles away from 90 degrees, unequal opposite sides (inf when the quadrilateral
    covers less than 45% of the piece's area)."""
    sides = np.roll(quads, -1, axis=1) - quads
    lengths = np.linalg.norm(sides, axis=2) + 1e-12
    nxt = np.roll(sides, -1, axis=1)
    cos = np.abs((sides * nxt).sum(axis=2)) / (lengths * np.roll(lengths, -1, axis=1))
    opposite = np.abs(np.log(lengths[:, 0] / lengths[:, 2])) + np.abs(np.log(lengths[:, 1] / lengths[:, 3]))
    aspect = np.log(lengths.max(axis=1) / lengths.min(axis=1))
    x, y = quads[..., 0], quads[..., 1]
    quad_area = 0.5 * np.abs((x * np.roll(y, -1, axis=1) - np.roll(x, -1, axis=1) * y).sum(axis=1))
    # a weak pull towards the piece's area (blanks shrink it, tabs grow it)
    cost = cos.sum(axis=1) + opposite + aspect + 0.3 * np.abs(np.log(np.maximum(quad_area, 1e-12) / area))
    return np.where(quad_area < 0.45 * area, np.inf, cost)


def _fit_line(points: np.ndarray) -> Tuple[np.ndarray, np.ndarray]:
    centre = points.mean(axis=0)
    _, _, vt = np.linalg.svd(points - centre)
    return centre, vt[0]


def _intersect(c1, d1, c2, d2) -> Optional[np.ndarray]:
    m = np.array([d1, -d2]).T
    if abs(np.linalg.det(m)) < 1e-6:
        return None
    t = np.linalg.solve(m, c2 - c1)
    return c1 + t[0] * d1


def find_corners(piece: Piece, index: int = 0, *, candidates: int = 16) -> Tuple[np.ndarray, np.ndarray]:
    """The four corners of a piece: ``(positions (4, 2), indices (4,))``, in outline order
    (clockwise), ``indices`` into ``piece.contour``.

    Corner candidates are convex points where the outline turns by about a right angle between
    two straight runs; the four that make the most rectangle-like quadrilateral win (a blank's
    shoulders and a tab's head never do), and each is refined as the intersection of the lines
    fitted to the straight runs on either side (so a corner rounded by blur is recovered).
    Raises PuzzleError naming the piece when no four corners can be found.

    Example:
        >>> from cassetete.jigsaw import generate
        >>> puzzle, truth = generate(2, 2, seed=3, rotate=False)
        >>> corners, _ = find_corners(puzzle[0])
        >>> bool(np.min(np.linalg.norm(corners - truth.corners[0][0], axis=1)) < 1.0)
        True
    """
    contour = piece.contour
    if len(contour) < 8:
        raise PuzzleError(f"{where(piece, index)}: too few outline points to find corners")
    area = abs(signed_area(contour))
    side = np.sqrt(area)
    pts, step = resample_closed(contour)
    n = len(pts)
    w = max(3, int(round(0.14 * side / step)))
    if 4 * w >= n:
        raise PuzzleError(f"{where(piece, index)}: the outline is not piece-shaped (too thin)")
    score, convex = _corner_scores(pts, w)
    score = np.where(convex, score, np.inf)
    # a corner between two knobs set close to it has short straight runs: look at half the scale too
    half_score, half_convex = _corner_scores(pts, max(3, w // 2))
    score = np.minimum(score, np.where(half_convex, half_score + 0.15, np.inf))
    # local minima within +-w/2 samples
    half = max(1, w // 2)
    window = np.stack([np.roll(score, k) for k in range(-half, half + 1)])
    cand = np.flatnonzero((score <= window.min(axis=0)) & (score < 1.5))
    cand = cand[np.argsort(score[cand])][:candidates]
    if len(cand) < 4:
        raise PuzzleError(f"{where(piece, index)}: no four corners found ({len(cand)} corner-like points)")
    cand = np.sort(cand)
    combos = cand[np.array(list(combinations(range(len(cand)), 4)), dtype=np.int64)]   # (c, 4), in outline order
    gaps = np.diff(np.concatenate([combos, combos[:, :1] + n], axis=1), axis=1)
    combos = combos[gaps.min(axis=1) >= 0.45 * side / step]
    if not len(combos):
        raise PuzzleError(f"{where(piece, index)}: no four corners make a plausible rectangle")
    cost = _quad_costs(pts[combos], area) + score[combos].sum(axis=1)
    if not np.isfinite(cost).any():
        raise PuzzleError(f"{where(piece, index)}: no four corners make a plausible rectangle")
    best = combos[int(np.argmin(cost))]
    corners = np.zeros((4, 2))
    lo, hi = max(1, int(round(0.03 * side / step))), max(3, int(round(0.18 * side / step)))
    for k, i in enumerate(best):
        corners[k] = pts[i]
        for _ in range(6):  # refit from the refined corner: a candidate a few pixels off converges
            before = pts[(i - np.arange(lo, hi + 1)) % n]
            after = pts[(i + np.arange(lo, hi + 1)) % n]
            c1, d1 = _fit_line(before)
            c2, d2 = _fit_line(after)
            x = _intersect(c1, d1, c2, d2)
            if x is None or np.linalg.norm(x - pts[i]) > 0.12 * side or np.linalg.norm(x - pts[best[k]]) > 0.3 * side:
                break
            corners[k] = x
            nearest = int(np.argmin(np.linalg.norm(pts - x, axis=1)))
            if nearest == i:
                break
            i = nearest
    indices = np.array([int(np.argmin(np.linalg.norm(contour - c, axis=1))) for c in corners])
    if len(set(indices.tolist())) < 4:
        raise PuzzleError(f"{where(piece, index)}: two corners fall on the same outline point")
    start = int(np.argmin(indices))  # keep outline order starting from the lowest index
    return np.roll(corners, -start, axis=0), np.roll(indices, -start)


def split_edges(piece: Piece, corners: np.ndarray, indices: np.ndarray) -> List[np.ndarray]:
    """The four edge curves of a piece, each from its corner to the next one (clockwise),
    the corner positions as end points.

    Example:
        >>> from cassetete.jigsaw import generate
        >>> puzzle, _ = generate(2, 2, seed=3)
        >>> edges = split_edges(puzzle[0], *find_corners(puzzle[0]))
        >>> len(edges), bool(np.allclose(edges[0][-1], edges[1][0]))
        (4, True)
    """
    contour = piece.contour
    m = len(contour)
    out = []
    for k in range(4):
        a, b = int(indices[k]), int(indices[(k + 1) % 4])
        span = (b - a) % m
        inner = contour[(a + np.arange(1, span)) % m]
        out.append(np.vstack([corners[k], inner, corners[(k + 1) % 4]]))
    return out
