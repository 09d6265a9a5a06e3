"""Synthetic jigsaw cuts: an m x n board cut with random tab/blank curves, pieces scattered
and turned, with the ground truth (where each piece belongs)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import List, Tuple

import numpy as np

from .._errors import PuzzleError
from .._options import check_count, check_seed
from ._geometry import resample
from ._model import JigsawPuzzle, Piece


@dataclass
class Truth:
    """Where each generated piece belongs.

    Attributes:
        board: (rows, cols) index of the piece at each cell.
        corners: (n, 4, 2) the true corners of each piece, as scattered, in the order
            top-left, top-right, bottom-right, bottom-left of its home cell.
        signs: (n, 4) edge kinds at home, N, E, S, W: 0 flat, +1 tab, -1 blank.
        joins: (n, 4) signed join ids at home (+j the tab, -j the blank of join j; 0 flat),
            the labels of a perfectly clustered puzzle.
        seed: the seed used.

    Example:
        >>> from cassetete import jigsaw
        >>> puzzle, truth = jigsaw.generate(2, 3, seed=1)
        >>> truth.board.shape, truth.corners.shape
        ((2, 3), (6, 4, 2))
        >>> truth.signs[truth.board[0, 0]].tolist()   # the top-left piece: flat at N and W
        [0, 1, 1, 0]
    """

    board: np.ndarray
    corners: np.ndarray
    signs: np.ndarray
    joins: np.ndarray
    seed: int


def _bezier(p0, p1, p2, p3, count: int) -> np.ndarray:
    t = np.linspace(0.0, 1.0, count)[:, None]
    p0, p1, p2, p3 = (np.asarray(p, float) for p in (p0, p1, p2, p3))
    return ((1 - t) ** 3) * p0 + 3 * ((1 - t) ** 2) * t * p1 + 3 * (1 - t) * t * t * p2 + t ** 3 * p3


def tab_curve(rng: np.random.Generator, count: int = 200) -> np.ndarray:
    """A random tab on the unit edge: (u, v) points from (0, 0) to (1, 0), the knob bulging
    towards +v. The neck width, head radius, neck height and offset vary like the knobs of
    commercial cuts, and the whole edge gets a small wave so that no two edges are equal.

    Example:
        >>> c = tab_curve(np.random.default_rng(0))
        >>> c[0].tolist(), c[-1].tolist(), bool(c[:, 1].max() > 0.2)
        ([0.0, 0.0], [1.0, 0.0], True)
    """
    centre = 0.5 + rng.uniform(-0.07, 0.07)
    neck = rng.uniform(0.05, 0.07)          # half-width of the neck where it meets the head
    radius = rng.uniform(0.095, 0.125)      # head radius (> neck: the head overhangs)
    height = rng.uniform(0.06, 0.09)        # neck height
    skew = rng.uniform(-0.025, 0.025)       # head shifted along the edge
    shoulder = rng.uniform(0.045, 0.06)
    beta = np.arcsin(neck / radius)
    cx, cy = centre + skew, height + radius * np.cos(beta)
    k = 0.035
    left = _bezier((centre - neck - shoulder, 0.0), (centre - neck + 0.01, 0.0),
                   (cx - neck + k * np.cos(beta), height - k * np.sin(beta)), (cx - neck, height), 24)
    angles = np.linspace(1.5 * np.pi - beta, -0.5 * np.pi + beta, 64)
    head = np.column_stack([cx + radius * np.cos(angles), cy + radius * np.sin(angles)])
    right = _bezier((cx + neck, height), (cx + neck - k * np.cos(beta), height - k * np.sin(beta)),
                    (centre + neck - 0.01, 0.0), (centre + neck + shoulder, 0.0), 24)
    pts = np.vstack([[0.0, 0.0], left, head[1:-1], right, [1.0, 0.0]])
    # a gentle wave on the whole edge, zero at both ends
    a1, a2 = rng.uniform(-0.02, 0.02), rng.uniform(-0.012, 0.012)
    pts[:, 1] += a1 * np.sin(np.pi * pts[:, 0]) + a2 * np.sin(2 * np.pi * pts[:, 0])
    out = resample(pts, count)
    out[0], out[-1] = (0.0, 0.0), (1.0, 0.0)
    return out


def _lattice(rows: int, cols: int, size: float, rng: np.random.Generator) -> np.ndarray:
    """Corner points of the cut, (rows+1, cols+1, 2) (x, y): a grid with small jitter; the rim
    stays straight (border points move only along the rim)."""
    ys, xs = np.meshgrid(np.arange(rows + 1), np.arange(cols + 1), indexing="ij")
    grid = np.stack([xs, ys], axis=-1).astype(float) * size
    jitter = rng.normal(0.0, 0.03 * size, grid.shape).clip(-0.07 * size, 0.07 * size)
    jitter[0, :, 1] = jitter[-1, :, 1] = 0.0
    jitter[:, 0, 0] = jitter[:, -1, 0] = 0.0
    for r in (0, rows):
        for c in (0, cols):
            jitter[r, c] = 0.0
    return grid + jitter


def _edge(a: np.ndarray, b: np.ndarray, curve: np.ndarray) -> np.ndarray:
    """Map a unit-edge curve (u, v) onto the segment a -> b, v towards (dy, -dx): the outward
    side of a clockwise outline (image coordinates, y down)."""
    d = b - a
    normal = np.array([d[1], -d[0]])
    return a + curve[:, :1] * d + curve[:, 1:] * normal


def _cut(rows: int, cols: int, size: float, rng: np.random.Generator, count: int):
    """Outlines of the pieces at home (clockwise), their signs and signed join ids."""
    corners = _lattice(rows, cols, size, rng)
    flat = np.column_stack([np.linspace(0, 1, count), np.zeros(count)])
    # horizontal joins (below row r-1, above row r) and vertical joins (right of col c-1)
    horiz, vert = {}, {}
    join_id = 0
    for r in range(1, rows):
        for c in range(cols):
            join_id += 1
            horiz[r, c] = (tab_curve(rng, count), 1 if rng.random() < 0.5 else -1, join_id)
    for r in range(rows):
        for c in range(1, cols):
            join_id += 1
            vert[r, c] = (tab_curve(rng, count), 1 if rng.random() < 0.5 else -1, join_id)
    outlines, signs, joins, home_corners = [], [], [], []
    for r in range(rows):
        for c in range(cols):
            tl, tr, br, bl = corners[r, c], corners[r, c + 1], corners[r + 1, c + 1], corners[r + 1, c]
            parts, s, j = [], [], []
            # N: the join above, drawn left -> right, outward = up = the join's own +v side
            if r == 0:
                parts.append(_edge(tl, tr, flat))
                s.append(0)
                j.append(0)
            else:
                curve, sign, jid = horiz[r, c]
                parts.append(_edge(tl, tr, curve * [1, sign]))
                s.append(sign)
                j.append(sign * jid)
            # E: the join on the right, drawn top -> bottom, outward = right
            if c == cols - 1:
                parts.append(_edge(tr, br, flat))
                s.append(0)
                j.append(0)
            else:
                curve, sign, jid = vert[r, c + 1]
                parts.append(_edge(tr, br, curve * [1, sign]))
                s.append(sign)
                j.append(sign * jid)
            # S: the join below, same curve as the N edge of the piece below, walked backwards
            if r == rows - 1:
                parts.append(_edge(br, bl, flat))
                s.append(0)
                j.append(0)
            else:
                curve, sign, jid = horiz[r + 1, c]
                parts.append(_edge(bl, br, curve * [1, sign])[::-1])
                s.append(-sign)
                j.append(-sign * jid)
            # W: same curve as the E edge of the piece on the left, walked backwards
            if c == 0:
                parts.append(_edge(bl, tl, flat))
                s.append(0)
                j.append(0)
            else:
                curve, sign, jid = vert[r, c]
                parts.append(_edge(tl, bl, curve * [1, sign])[::-1])
                s.append(-sign)
                j.append(-sign * jid)
            outlines.append(np.vstack([p[:-1] for p in parts]))
            signs.append(s)
            joins.append(j)
            home_corners.append(np.array([tl, tr, br, bl]))
    return outlines, np.array(signs), np.array(joins), np.array(home_corners)


#: Size caps of :func:`generate`, checked before any allocation (issue 22: absurd sizes are a
#: PuzzleError, never a MemoryError): pieces, pixels per piece side, outline points in all.
MAX_PIECES = 100_000
MAX_PIECE_SIZE = 10_000
MAX_POINTS = 20_000_000


def generate(rows: int, cols: int, seed=None, *, piece_size: float = 100.0, rotate: bool = True,
             mirror: bool = False, points_per_edge: int = 0, layout: str = "grid") -> Tuple[JigsawPuzzle, Truth]:
    """A synthetic monochrome jigsaw: a rows x cols board cut with random tabs and blanks
    (flat border), its pieces shuffled, turned by any angle and laid out apart, as polygons
    in pixel coordinates; and the ground truth.

    Args:
        rows, cols: board size (each >= 2).
        seed: int >= 0 or None (a fresh one, reported in ``truth.seed``).
        piece_size: side of a piece in pixels.
        rotate: turn each piece by a random angle (else leave it upright).
        mirror: the pieces seen from the back (a mirror image), as a scanner sees them upside down.
        points_per_edge: outline points per edge (default: about one per pixel, at least 40).
        layout: ``"grid"`` (pieces on a loose grid) or ``"random"`` (random places, no overlap).

    Absurd sizes (over :data:`MAX_PIECES` pieces, :data:`MAX_PIECE_SIZE` pixels per side or
    :data:`MAX_POINTS` outline points in all) are refused with PuzzleError before any allocation.

    Example:
        >>> puzzle, truth = generate(3, 4, seed=7)
        >>> len(puzzle), truth.board.shape, int((truth.signs == 0).sum())
        (12, (3, 4), 14)
    """
    rows, cols = check_count(rows, "rows", 2), check_count(cols, "cols", 2)
    seed = check_seed(seed)
    if isinstance(piece_size, bool) or not isinstance(piece_size, (int, float, np.integer, np.floating)):
        raise PuzzleError(f"piece_size must be a number of pixels, got {piece_size!r}")
    if not (np.isfinite(piece_size) and piece_size >= 8):
        raise PuzzleError(f"piece_size must be at least 8 pixels, got {piece_size!r}")
    if rows * cols > MAX_PIECES:  # refused before anything is allocated
        raise PuzzleError(f"a {rows} x {cols} jigsaw is too large: at most {MAX_PIECES:,} pieces are generated")
    if piece_size > MAX_PIECE_SIZE:
        raise PuzzleError(f"piece_size {piece_size!r} is too large: at most {MAX_PIECE_SIZE:,} pixels")
    points_per_edge = check_count(points_per_edge, "points_per_edge")
    per_edge = int(points_per_edge) or max(40, int(round(piece_size * 1.5)))
    if rows * cols * 4 * per_edge > MAX_POINTS:
        raise PuzzleError(f"a {rows} x {cols} jigsaw with {per_edge} points per edge is too large: at most "
                          f"{MAX_POINTS:,} outline points are generated (lower piece_size or points_per_edge)")
    if layout not in ("grid", "random"):
        raise PuzzleError(f"unknown layout {layout!r}; expected 'grid' or 'random'")
    rng = np.random.default_rng(seed)
    count = per_edge
    outlines, signs, joins, home = _cut(rows, cols, float(piece_size), rng, count)
    n = rows * cols
    board = np.arange(n).reshape(rows, cols)
    if mirror:  # seen from the back: x -> -x; the mirrored board is the original read right to left
        outlines = [o * [-1, 1] for o in outlines]
        home = home[:, [1, 0, 3, 2]] * [-1, 1]
        signs, joins = signs[:, [0, 3, 2, 1]], joins[:, [0, 3, 2, 1]]
        board = board[:, ::-1]
    order = rng.permutation(n)              # order[k] = home piece shown as piece k
    inverse = np.argsort(order)
    side = int(np.ceil(np.sqrt(n * 1.3)))
    spacing = 1.75 * piece_size
    slots = rng.permutation(side * side)[:n] if layout == "random" else np.arange(n)
    pieces: List[Piece] = []
    corners = np.zeros((n, 4, 2))
    for k, home_index in enumerate(order):
        outline = outlines[home_index]
        centre = outline.mean(axis=0)
        angle = rng.uniform(0, 2 * np.pi) if rotate else 0.0
        rot = np.array([[np.cos(angle), -np.sin(angle)], [np.sin(angle), np.cos(angle)]])
        slot = slots[k]
        target = np.array([(slot % side + 0.75) * spacing, (slot // side + 0.75) * spacing])
        if layout == "random":
            target = target + rng.uniform(-0.1, 0.1, 2) * piece_size
        place = lambda p: (p - centre) @ rot.T + target  # noqa: E731
        pieces.append(Piece.from_polygon(place(outline), index=k))
        corners[k] = place(home[home_index])
    # reflection reverses the outline: Piece.from_polygon turned it clockwise again
    return JigsawPuzzle(pieces), Truth(inverse[board], corners, signs[order], joins[order], seed)
