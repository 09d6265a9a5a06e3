"""Pieces from scans (stage 1): automatic threshold (Otsu), connected components, outer
contours at sub-pixel precision; tiny blobs, printed labels, handwriting and the image
border are not pieces. Needs the ``jigsaw`` extra: scikit-image (chosen over OpenCV: pure
wheels on every platform, numpy arrays in and out, and its measure/morphology/filters cover
the whole stage). Reading files is in ``_scan``."""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Sequence

import numpy as np

from .._errors import PuzzleError
from ._model import Piece


def _imports():
    try:
        from scipy import ndimage
        from skimage import filters, measure, morphology
    except ImportError:  # pragma: no cover - depends on the install
        raise PuzzleError('reading images needs scikit-image: pip install "cassetete[jigsaw]"') from None
    return ndimage, filters, measure, morphology


def _grey(image: np.ndarray) -> np.ndarray:
    img = np.asarray(image)
    if img.ndim == 3:
        img = img[..., :3].max(axis=2)  # brightest channel: coloured pieces stand out from a dark background
    if img.ndim != 2 or min(img.shape) < 8:
        raise PuzzleError(f"an image must be a 2-D grey or 3-D colour array of at least 8 x 8, got shape {np.shape(image)}")
    if img.dtype == np.uint8:
        return img.astype(np.float32) * np.float32(1 / 255)
    img = img.astype(np.float32)
    return img / np.float32(img.max()) if img.max() > 1.0 else img


def _largest_share(mask: np.ndarray, measure) -> float:
    """Share of a binary class taken by its largest connected component (the background is
    one region, the pieces are many)."""
    labels = measure.label(mask, connectivity=1)
    areas = np.bincount(labels.ravel())[1:]
    return float(areas.max() / areas.sum()) if len(areas) else 0.0


def _border_ids(labels: np.ndarray) -> np.ndarray:
    ids = np.unique(np.concatenate([labels[0], labels[-1], labels[:, 0], labels[:, -1]]))
    return ids[ids > 0]


def _dilate(mask: np.ndarray, radius: int) -> np.ndarray:
    """Square dilation by shifts (much cheaper than a general morphology call on small crops)."""
    out = mask.copy()
    for _ in range(radius):
        grown = out.copy()
        grown[1:] |= out[:-1]
        grown[:-1] |= out[1:]
        grown[:, 1:] |= grown[:, :-1].copy()
        grown[:, :-1] |= grown[:, 1:].copy()
        out = grown
    return out


def _piece_like_at_border(props: Sequence[Any], typical: float, lower: float, image_index: int) -> List[Dict[str, Any]]:
    """The border components whose area and extent are those of a piece (not a scanner lid, a
    strip along the border or a speck)."""
    out = []
    extent = 2.5 * np.sqrt(typical)
    for p in props:
        y0, x0, y1, x1 = p.bbox
        if lower <= p.area <= 1.6 * typical and max(y1 - y0, x1 - x0) <= extent:
            cy, cx = p.centroid
            out.append({"image": image_index, "x": round(float(cx), 1), "y": round(float(cy), 1),
                        "area": round(float(p.area / typical), 2)})
    return out


def _reading_order(props: Sequence[Any], side: float) -> List[Any]:
    """The components in reading order, as a person numbers pieces lying on a table: rows top
    to bottom (a piece whose centre is within half a piece side of the row's centre line
    joins the row), left to right within a row (by the centre)."""
    rows: List[List[Any]] = []
    for p in sorted(props, key=lambda q: q.centroid[0]):
        if rows and p.centroid[0] - np.mean([q.centroid[0] for q in rows[-1]]) <= 0.5 * side:
            rows[-1].append(p)
        else:
            rows.append([p])
    return [p for row in rows for p in sorted(row, key=lambda q: q.centroid[1])]


def segment(image: np.ndarray, *, image_index: int = 0, min_area: Optional[float] = None,
            opening: Optional[int] = None, smooth: float = 1.0, keep_patches: bool = True,
            dropped: Optional[List[Dict[str, Any]]] = None) -> List[Piece]:
    """The pieces of one image array, in reading order (rows top to bottom, left to right in a
    row, by their centres: the order of the ids of :func:`piece_ids`).

    The background is the side of Otsu's threshold that forms one connected region.
    Components touching the image border are not pieces (a scanner lid, a cut-off piece);
    components far smaller than the typical piece (labels, text, dust) are dropped; a
    component over 1.6 times the typical piece is two pieces touching: PuzzleError with
    its position. Holes inside a piece (handwriting, a printed mark) are filled.

    Args:
        min_area: smallest piece area in pixels (default: 35% of the typical piece).
        opening: radius of the morphological opening that removes streaks (default: from
            the piece size).
        smooth: Gaussian sigma (pixels) applied to each piece's crop before its outline is
            traced at the threshold (0 = none).
        dropped: a list to which the shapes touching the image border that look like pieces
            (see :class:`ScanPieces`) are appended, instead of being left out silently.

    Example:
        >>> from cassetete import jigsaw
        >>> puzzle, _ = jigsaw.generate(2, 2, seed=1, piece_size=40)
        >>> len(segment(jigsaw.render_scan(puzzle, seed=1)))   # doctest: +SKIP
        4
    """
    ndimage, filters, measure, morphology = _imports()
    grey = _grey(image)
    # decisions on a reduced copy: the threshold, which side is the background, the piece size
    step = max(1, int(min(grey.shape) // 700))
    small = grey[::step, ::step]
    threshold = float(filters.threshold_otsu(small))
    mask_small = small > threshold
    invert = _largest_share(~mask_small, measure) < _largest_share(mask_small, measure)
    if invert:  # the background is the side that is one connected region; here the light side
        grey, mask_small, threshold = 1.0 - grey, ~mask_small, 1.0 - threshold
    labels = measure.label(mask_small, connectivity=2)
    areas = np.bincount(labels.ravel()).astype(float) * step * step
    areas[0] = 0
    areas[_border_ids(labels)] = 0  # a frame around the image is no piece
    if areas.max() == 0:
        raise PuzzleError(f"image {image_index}: no pieces found (nothing stands out from the background)")
    typical = float(np.median(areas[areas >= 0.1 * areas.max()]))
    if opening is None:
        opening = int(np.clip(round(np.sqrt(typical) / 70.0), 1, 6))
    mask = grey > threshold
    if opening > 0:
        mask = ndimage.binary_opening(mask, morphology.disk(opening))
    labels = measure.label(mask, connectivity=2)
    h, w = mask.shape
    drop = set(_border_ids(labels).tolist())  # what touches the image border: a scanner lid, a cut-off piece
    every = measure.regionprops(labels)
    props = [p for p in every if p.label not in drop]
    if not props:
        raise PuzzleError(f"image {image_index}: no pieces found away from the image border")
    areas = np.array([p.area for p in props], dtype=float)
    typical = float(np.median(areas[areas >= 0.3 * areas.max()]))
    lower = min_area if min_area is not None else 0.35 * typical
    if dropped is not None:  # left out at the border but shaped like a piece: say where
        dropped.extend(_piece_like_at_border([p for p in every if p.label in drop], typical, lower, image_index))
    pieces: list = []
    for p in _reading_order(props, float(np.sqrt(typical))):
        if p.area < lower:
            continue
        y0, x0, y1, x1 = p.bbox
        cy, cx = p.centroid
        pad = 3
        ys, xs = max(0, y0 - pad), max(0, x0 - pad)
        ye, xe = min(h, y1 + pad), min(w, x1 + pad)
        own = ndimage.binary_fill_holes(labels[ys:ye, xs:xe] == p.label)
        if own.sum() > 1.6 * typical:
            raise PuzzleError(f"image {image_index}: the shape at x={cx:.0f}, y={cy:.0f} is {own.sum() / typical:.1f} "
                              f"times the typical piece: pieces touching each other?")
        near = _dilate(own, 2)
        local = grey[ys:ye, xs:xe]
        if smooth > 0:  # pixel noise makes a ragged outline; a light blur keeps the edge where it is
            local = ndimage.gaussian_filter(local, smooth)
        local = np.pad(np.where(near, local, 0.0), 1)
        contours = measure.find_contours(local, threshold)
        if not contours:
            raise PuzzleError(f"image {image_index}: no outline for the piece at x={cx:.0f}, y={cy:.0f}")
        outline = max(contours, key=len)
        # pixel (row i, col j) covers [j, j+1) x [i, i+1): its centre is (j + 0.5, i + 0.5)
        points = np.column_stack([outline[:, 1] + xs - 0.5, outline[:, 0] + ys - 0.5])
        piece = Piece.from_polygon(points, index=len(pieces), image=image_index)
        if keep_patches:
            patch = np.asarray(image)[ys:ye, xs:xe].copy()
            if patch.ndim == 3:
                patch = patch[..., :3]
            patch[~near] = 0
            piece.patch, piece.patch_origin = patch, (float(xs), float(ys))
        pieces.append(piece)
    if not pieces:
        raise PuzzleError(f"image {image_index}: no pieces found")
    return pieces
