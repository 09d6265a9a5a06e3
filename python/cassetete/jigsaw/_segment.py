"""Pieces from scans (stage 1): automatic threshold (Otsu), connected components, outer
contours at sub-pixel precision; tiny blobs, printed labels, handwriting and the image
border are not pieces. Needs the ``jigsaw`` extra: scikit-image (chosen over OpenCV: pure
wheels on every platform, numpy arrays in and out, and its measure/morphology/filters cover
the whole stage) and Pillow for reading files."""

from __future__ import annotations

import os
from typing import Any, List, Optional, Sequence

import numpy as np

from .._errors import PuzzleError
from ._piece import Piece


def _imports():
    try:
        from scipy import ndimage
        from skimage import filters, measure, morphology
    except ImportError:  # pragma: no cover - depends on the install
        raise PuzzleError('reading images needs scikit-image: pip install "cassetete[jigsaw]"') from None
    return ndimage, filters, measure, morphology


def load_image(path: Any) -> np.ndarray:
    """An image file as a numpy array (Pillow); PuzzleError when it cannot be read.

    Example:
        >>> load_image("no-such-file.png")
        Traceback (most recent call last):
        ...
        cassetete._errors.PuzzleError: no such file: no-such-file.png
    """
    if not os.path.exists(path):
        raise PuzzleError(f"no such file: {path}")
    try:
        from PIL import Image
    except ImportError:  # pragma: no cover
        raise PuzzleError('reading images needs Pillow: pip install "cassetete[jigsaw]"') from None
    try:
        with Image.open(path) as img:
            img.load()
            return np.asarray(img.convert("RGB") if img.mode not in ("L", "RGB") else img)
    except Exception as error:  # any decoder failure is bad input
        raise PuzzleError(f"cannot read image {path}: {error}") from None


def _grey(image: np.ndarray) -> np.ndarray:
    img = np.asarray(image)
    if img.ndim == 3:
        img = img[..., :3].max(axis=2)  # brightest channel: coloured pieces stand out from a dark background
    if img.ndim != 2 or min(img.shape) < 8:
        raise PuzzleError(f"an image must be a 2-D grey or 3-D colour array of at least 8 x 8, got shape {np.shape(image)}")
    img = img.astype(np.float64)
    return img / 255.0 if img.max() > 1.0 else img


def _largest_share(mask: np.ndarray, measure) -> float:
    """Share of a binary class taken by its largest connected component (the background is
    one region, the pieces are many)."""
    labels = measure.label(mask, connectivity=1)
    areas = np.bincount(labels.ravel())[1:]
    return float(areas.max() / areas.sum()) if len(areas) else 0.0


def segment(image: np.ndarray, *, image_index: int = 0, min_area: Optional[float] = None,
            opening: Optional[int] = None, keep_patches: bool = True) -> List[Piece]:
    """The pieces of one image array, in reading order (top to bottom, left to right).

    The background is the side of Otsu's threshold that holds most of the image border.
    Components touching the image border are not pieces (a scanner lid, a cut-off piece);
    components far smaller than the typical piece (labels, text, dust) are dropped; a
    component over 1.6 times the typical piece is two pieces touching: PuzzleError with
    its position.

    Args:
        min_area: smallest piece area in pixels (default: 35% of the typical piece).
        opening: radius of the morphological opening that removes streaks (default: from
            the piece size).

    Example:
        >>> from cassetete import jigsaw
        >>> puzzle, _ = jigsaw.generate(2, 2, seed=1, piece_size=40)
        >>> len(segment(jigsaw.render_scan(puzzle, seed=1)))   # doctest: +SKIP
        4
    """
    ndimage, filters, measure, morphology = _imports()
    grey = _grey(image)
    threshold = float(filters.threshold_otsu(grey))
    mask = grey > threshold
    if _largest_share(~mask, measure) < _largest_share(mask, measure):
        # the background is the side that is one connected region; here the light side
        grey, mask, threshold = 1.0 - grey, ~mask, 1.0 - threshold
    labels = measure.label(mask, connectivity=2)
    areas = np.bincount(labels.ravel())
    areas[0] = 0
    big = areas[areas >= 0.1 * areas.max()] if areas.max() > 0 else areas
    if not len(big) or areas.max() == 0:
        raise PuzzleError(f"image {image_index}: no pieces found (nothing stands out from the background)")
    typical = float(np.median(big))
    if opening is None:
        opening = int(np.clip(round(np.sqrt(typical) / 70.0), 1, 6))
    if opening > 0:
        mask = ndimage.binary_opening(mask, morphology.disk(opening))
    # drop what touches the image border (a scanner lid, a cut-off piece) before filling holes:
    # a frame around the image would otherwise enclose everything
    border_labels = measure.label(mask, connectivity=2)
    edge_ids = np.unique(np.concatenate([border_labels[0], border_labels[-1], border_labels[:, 0], border_labels[:, -1]]))
    mask &= ~np.isin(border_labels, edge_ids[edge_ids > 0])
    mask = ndimage.binary_fill_holes(mask)
    labels = measure.label(mask, connectivity=2)
    props = measure.regionprops(labels)
    if not props:
        raise PuzzleError(f"image {image_index}: no pieces found")
    h, w = mask.shape
    inner = [p for p in props if p.bbox[0] > 0 and p.bbox[1] > 0 and p.bbox[2] < h and p.bbox[3] < w]
    if not inner:
        raise PuzzleError(f"image {image_index}: no pieces found away from the image border")
    areas = np.array([p.area for p in inner], dtype=float)
    typical = float(np.median(areas[areas >= 0.3 * areas.max()]))
    lower = min_area if min_area is not None else 0.35 * typical
    pieces = []
    for p in sorted(inner, key=lambda q: (q.bbox[0] // max(1, int(np.sqrt(typical))), q.bbox[1])):
        if p.area < lower:
            continue
        y0, x0, y1, x1 = p.bbox
        cy, cx = p.centroid
        if p.area > 1.6 * typical:
            raise PuzzleError(f"image {image_index}: the shape at x={cx:.0f}, y={cy:.0f} is {p.area / typical:.1f} "
                              f"times the typical piece: pieces touching each other?")
        pad = 3
        ys, xs = max(0, y0 - pad), max(0, x0 - pad)
        ye, xe = min(h, y1 + pad), min(w, x1 + pad)
        own = labels[ys:ye, xs:xe] == p.label
        near = ndimage.binary_dilation(own, iterations=2)
        local = np.where(near, grey[ys:ye, xs:xe], 0.0)
        local = np.pad(local, 1)
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
            else:
                patch[~near] = 0
            piece.patch, piece.patch_origin = patch, (float(xs), float(ys))
        pieces.append(piece)
    if not pieces:
        raise PuzzleError(f"image {image_index}: no pieces found")
    return pieces


def read_image(source: Any, **options) -> List[Piece]:
    """Pieces from a scan: a path, an image array, or a list of them (one puzzle scanned over
    several images; ``Piece.image`` says which). Options go to :func:`segment`.

    Example:
        >>> read_image("missing.png")
        Traceback (most recent call last):
        ...
        cassetete._errors.PuzzleError: no such file: missing.png
    """
    if isinstance(source, np.ndarray):
        sources: Sequence[Any] = [source]
    elif isinstance(source, (str, os.PathLike)):
        sources = [source]
    else:
        try:
            sources = list(source)
        except TypeError:
            raise PuzzleError(f"expected an image path, an array or a list of them, got {type(source).__name__}") from None
    if not sources:
        raise PuzzleError("no image given")
    pieces: List[Piece] = []
    for index, item in enumerate(sources):
        image = item if isinstance(item, np.ndarray) else load_image(item)
        pieces.extend(segment(image, image_index=index, **options))
    return pieces
