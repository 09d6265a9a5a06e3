"""The four corners of a piece, found on its outline alone (robust to tabs, rotation and
pixel noise), and its four edge curves between them."""

from __future__ import annotations

from itertools import combinations
from typing import List, Optional, Tuple

import numpy as np

from .._errors import PuzzleError
from ._piece import Piece, signed_area, where

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


def _quad_cost(q: np.ndarray) -> float:
    """How far four points (in outline order) are from a square-ish rectangle: angles away
    from 90 degrees and unequal opposite sides."""
    sides = np.roll(q, -1, axis=0) - q
    lengths = np.linalg.norm(sides, axis=1) + 1e-12
    cos = [abs(np.dot(sides[i], sides[(i + 1) % 4])) / (lengths[i] * lengths[(i + 1) % 4]) for i in range(4)]
    opposite = abs(np.log(lengths[0] / lengths[2])) + abs(np.log(lengths[1] / lengths[3]))
    aspect = abs(np.log(lengths.max() / lengths.min()))
    return float(sum(cos) + opposite + 0.3 * aspect)


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


def find_corners(piece: Piece, index: int = 0, *, candidates: int = 14) -> Tuple[np.ndarray, np.ndarray]:
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
    w = max(3, int(round(0.1 * side / step)))
    if 4 * w >= n:
        raise PuzzleError(f"{where(piece, index)}: the outline is not piece-shaped (too thin)")
    score, convex = _corner_scores(pts, w)
    score = np.where(convex, score, np.inf)
    # local minima within +-w/2 samples
    half = max(1, w // 2)
    window = np.stack([np.roll(score, k) for k in range(-half, half + 1)])
    cand = np.flatnonzero((score <= window.min(axis=0)) & (score < 0.9))
    cand = cand[np.argsort(score[cand])][:candidates]
    if len(cand) < 4:
        raise PuzzleError(f"{where(piece, index)}: no four corners found ({len(cand)} corner-like points)")
    cand = np.sort(cand)
    best, best_cost = None, np.inf
    min_gap = 0.45 * side / step
    for combo in combinations(range(len(cand)), 4):
        ids = cand[list(combo)]
        gaps = np.diff(np.concatenate([ids, [ids[0] + n]]))
        if gaps.min() < min_gap:
            continue
        q = pts[ids]
        quad_area = abs(signed_area(q))
        if quad_area < 0.45 * area:
            continue
        cost = _quad_cost(q) + 0.5 * float(score[ids].sum()) + abs(np.log(quad_area / area))
        if cost < best_cost:
            best, best_cost = ids, cost
    if best is None:
        raise PuzzleError(f"{where(piece, index)}: no four corners make a plausible rectangle")
    corners = np.zeros((4, 2))
    lo, hi = max(1, int(round(0.03 * side / step))), max(3, int(round(0.18 * side / step)))
    for k, i in enumerate(best):
        before = pts[(i - np.arange(lo, hi + 1)) % n]
        after = pts[(i + np.arange(lo, hi + 1)) % n]
        c1, d1 = _fit_line(before)
        c2, d2 = _fit_line(after)
        x = _intersect(c1, d1, c2, d2)
        corners[k] = x if x is not None and np.linalg.norm(x - pts[i]) < 0.08 * side else pts[i]
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
