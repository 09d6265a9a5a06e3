"""Reading scans: image files (Pillow) and arrays to pieces, one image after another through
:func:`segment`, with the piece-like shapes left out at an image border. Needs the ``jigsaw``
extra (Pillow for files, scikit-image for the segmentation)."""

from __future__ import annotations

import os
from typing import Any, Dict, List, Optional, Sequence

import numpy as np

from .._errors import PuzzleError
from ._model import Piece
from ._segment import segment


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


class ScanPieces(List[Piece]):
    """The list of pieces :func:`read_image` returns, with ``dropped``: the shapes touching an
    image border that look like pieces (area comparable to the others) and were left out, as
    dicts ``{"image", "x", "y", "area"}`` (``area`` in typical piece areas). :func:`solve` names
    them when the pieces found fit no rectangle, and warns about them otherwise.

    Example:
        >>> ScanPieces([]).dropped
        []
    """

    def __init__(self, pieces: Sequence[Piece] = (), dropped: Optional[List[Dict[str, Any]]] = None) -> None:
        super().__init__(pieces)
        self.dropped: List[Dict[str, Any]] = list(dropped or [])


def dropped_text(dropped: Sequence[Dict[str, Any]]) -> str:
    """How messages list the piece-like shapes left out at an image border.

    Example:
        >>> dropped_text([{"image": 0, "x": 12.0, "y": 340.5, "area": 0.8}])
        'image 0 at x=12, y=340'
    """
    return "; ".join(f"image {d['image']} at x={d['x']:.0f}, y={d['y']:.0f}" for d in dropped)


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
    pieces = ScanPieces()
    for index, item in enumerate(sources):
        image = item if isinstance(item, np.ndarray) else load_image(item)
        pieces.extend(segment(image, image_index=index, dropped=pieces.dropped, **options))
    return pieces
