"""Scan-like pictures of generated pieces: pieces on a contrasting background, blurred, with
pixel noise, optional printed labels beside them and a bright strip along the image border
(what a flatbed scanner shows), to test the segmentation. Needs the ``jigsaw`` extra (scipy
comes with scikit-image)."""

from __future__ import annotations

from typing import Any

import numpy as np

from .._errors import PuzzleError
from .._options import check_seed
from ._piece import JigsawPuzzle, as_pieces
from ._raster import fill_polygon


def render_scan(puzzle: Any, *, blur: float = 1.0, noise: float = 0.03, background: int = 25,
                foreground: int = 220, labels: bool = False, border: bool = False, margin: int = 30,
                supersample: int = 2, seed=None) -> np.ndarray:
    """A grey uint8 image of the pieces as they lie (their outlines are in pixel coordinates).

    Args:
        blur: Gaussian blur sigma in pixels (0 = none).
        noise: standard deviation of the pixel noise, as a fraction of the contrast.
        background, foreground: grey levels (a white puzzle on a dark background by default;
            swap them for dark pieces on a light one).
        labels: print a small label (a few bars, like text) beside each piece.
        border: a bright strip along the image border, like a scanner lid (a third of ``margin`` wide).
        supersample: subpixels per pixel side when filling the outlines (anti-aliasing).

    Example:
        >>> from cassetete import jigsaw
        >>> puzzle, _ = jigsaw.generate(2, 2, seed=1, piece_size=40)
        >>> image = render_scan(puzzle, seed=1)   # doctest: +SKIP
        >>> image.dtype                            # doctest: +SKIP
        dtype('uint8')
    """
    try:
        from scipy import ndimage
    except ImportError:
        raise PuzzleError('render_scan needs scipy: pip install "cassetete[jigsaw]"') from None

    pieces = puzzle.pieces if isinstance(puzzle, JigsawPuzzle) else as_pieces(puzzle)
    if not pieces:
        raise PuzzleError("no pieces to draw")
    seed = check_seed(seed)
    rng = np.random.default_rng(seed)
    allpts = np.vstack([p.contour for p in pieces])
    if allpts.min() < 0:
        raise PuzzleError("piece outlines must lie at non-negative pixel coordinates")
    h, w = (np.ceil(allpts.max(axis=0)[::-1]).astype(int) + margin)
    cover = np.zeros((h, w))
    for p in pieces:
        lo = np.maximum(np.floor(p.contour.min(axis=0)).astype(int) - 1, 0)
        hi = np.minimum(np.ceil(p.contour.max(axis=0)).astype(int) + 2, [w, h])
        local = fill_polygon(p.contour - lo, (int(hi[1] - lo[1]), int(hi[0] - lo[0])), supersample)
        region = cover[lo[1]:hi[1], lo[0]:hi[0]]
        np.maximum(region, local, out=region)
    if labels:
        side = float(np.sqrt(np.median([abs(_area(p.contour)) for p in pieces])))
        for p in pieces:
            x, y = p.contour.min(axis=0)
            bar_h, bar_w = max(2, int(0.12 * side)), max(1, int(0.03 * side))
            top = int(y) - bar_h - max(3, int(0.08 * side))
            for k in range(int(rng.integers(2, 5))):
                left = int(x) + k * 2 * bar_w
                if top >= 0 and left + bar_w < w:
                    cover[top:top + bar_h, left:left + bar_w] = 1.0
    if border:
        strip = max(2, margin // 3)
        cover[:strip, :] = cover[-strip:, :] = cover[:, :strip] = cover[:, -strip:] = 1.0
    image = background + (foreground - background) * cover
    if blur > 0:
        image = ndimage.gaussian_filter(image, blur)
    image = image + rng.normal(0.0, noise * abs(foreground - background), image.shape)
    return np.clip(np.round(image), 0, 255).astype(np.uint8)


def _area(points: np.ndarray) -> float:
    x, y = points[:, 0], points[:, 1]
    return 0.5 * float(np.dot(x, np.roll(y, -1)) - np.dot(np.roll(x, -1), y))
