"""The model: pieces (an outline in image coordinates) and the puzzle that holds them. The
picture of a puzzle in Jupyter (``JigsawPuzzle._repr_svg_``) is the drawing ``_render``
registers for it (``cassetete._svg.draws``), so the model imports no renderer."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Sequence, Tuple

import numpy as np

from .._errors import PuzzleError
from .._svg import draw
from ._geometry import polygon_centroid, signed_area


@dataclass(eq=False)
class Piece:
    """One puzzle piece: its outline, clockwise on screen, in the pixel coordinates of its image.

    Attributes:
        contour: (k, 2) float array of (x, y) points, the outline (closed: the last point joins the first).
        centroid: (x, y) centre of the outline's area.
        image: index of the image it comes from (0 for a single image or for polygons).
        patch: optional picture of the piece (2-D or 3-D uint8 array) for :func:`render_image`.
        patch_origin: (x, y) of the patch's top-left pixel in the image.

    Example:
        >>> square = [[0, 0], [0, 5], [0, 10], [5, 10], [10, 10], [10, 5], [10, 0], [5, 0]]
        >>> p = Piece.from_polygon(square)              # given counter-clockwise on screen
        >>> p.centroid.tolist(), p.contour[1].tolist()   # turned clockwise
        ([5.0, 5.0], [10.0, 0.0])
    """

    contour: np.ndarray
    centroid: np.ndarray = field(default=None)  # type: ignore[assignment,arg-type]  # filled in __post_init__
    image: int = 0
    patch: Optional[np.ndarray] = field(default=None, repr=False)
    patch_origin: Tuple[float, float] = (0.0, 0.0)

    def __post_init__(self) -> None:
        self.contour = np.ascontiguousarray(self.contour, dtype=np.float64)
        if self.centroid is None:
            self.centroid = polygon_centroid(self.contour)
        self.centroid = np.asarray(self.centroid, dtype=np.float64)

    @classmethod
    def from_polygon(cls, points, index: Optional[int] = None, image: int = 0) -> "Piece":
        """A piece from an outline given as points (any orientation; turned clockwise here).

        Raises PuzzleError when the points are not a (k >= 8, 2) array of finite numbers
        enclosing an area (``index`` names the piece in the message).
        """
        what = "piece" if index is None else f"piece {index}"
        try:
            arr = np.asarray(points, dtype=np.float64)
        except (TypeError, ValueError):
            raise PuzzleError(f"{what}: the outline is not an array of (x, y) points") from None
        if arr.ndim != 2 or arr.shape[1] != 2 or arr.shape[0] < 8:
            raise PuzzleError(f"{what}: an outline needs at least 8 (x, y) points, got shape {arr.shape}")
        if not np.all(np.isfinite(arr)):
            raise PuzzleError(f"{what}: the outline has a non-finite coordinate")
        if np.allclose(arr[0], arr[-1]):
            arr = arr[:-1]
        area = signed_area(arr)
        if abs(area) < 1e-9:
            raise PuzzleError(f"{what} at {tuple(np.round(arr.mean(axis=0), 1))}: the outline encloses no area")
        if area < 0:
            arr = arr[::-1].copy()
        return cls(arr, image=image)

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Piece) and self.image == other.image
                and np.array_equal(self.contour, other.contour))

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        x, y = self.centroid
        return f"Piece({len(self.contour)} points at ({x:.1f}, {y:.1f}), image {self.image})"


class JigsawPuzzle:
    """The pieces of one puzzle (from images or polygons); what :func:`solve` and
    :func:`render` take. Iterates, indexes and counts like the list of its pieces.

    Example:
        >>> from cassetete.jigsaw import generate
        >>> puzzle, truth = generate(2, 3, seed=1)
        >>> len(puzzle), truth.board.shape
        (6, (2, 3))
    """

    def __init__(self, pieces: Sequence[Any], sources: Optional[List[str]] = None,
                 dropped: Optional[List[Dict[str, Any]]] = None) -> None:
        # the piece-like shapes read_image left out at an image border (see ScanPieces)
        self.dropped: List[Dict[str, Any]] = list(dropped if dropped is not None else getattr(pieces, "dropped", []))
        self.pieces: List[Piece] = as_pieces(pieces)
        self._edges: Optional[Any] = None  # corners and edges, found once by _edges.analyse
        # the doubtful joins solve reported for a board (key: board_key), so a picture of the
        # result marks the joins the result counts (after the second look), not a fresh check
        self._doubtful: Dict[bytes, List[Tuple[Tuple[int, int], Tuple[int, int]]]] = {}
        self.sources = list(sources or [])

    def __len__(self) -> int:
        return len(self.pieces)

    def __iter__(self):
        return iter(self.pieces)

    def __getitem__(self, i):
        return self.pieces[i]

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, JigsawPuzzle) and len(self) == len(other)
                and all(a == b for a, b in zip(self.pieces, other.pieces)))

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"JigsawPuzzle({len(self)} pieces)"

    def _repr_svg_(self) -> str:
        """What Jupyter shows: the pieces as they lie, in SVG."""
        return draw(self)


def as_pieces(pieces: Any) -> List[Piece]:
    """A list of :class:`Piece` from pieces, polygons (arrays of points) or a JigsawPuzzle.

    Example:
        >>> len(as_pieces([[[0, 0], [2, 0], [4, 0], [4, 2], [4, 4], [2, 4], [0, 4], [0, 2]]]))
        1
    """
    if isinstance(pieces, JigsawPuzzle):
        return list(pieces.pieces)
    if isinstance(pieces, Piece):
        return [pieces]
    try:
        items = list(pieces)
    except TypeError:
        raise PuzzleError(f"expected pieces (a list of Piece or of (k, 2) point arrays), got {type(pieces).__name__}") from None
    out = []
    for i, item in enumerate(items):
        out.append(item if isinstance(item, Piece) else Piece.from_polygon(item, index=i))
    return out


def board_key(board: Any) -> bytes:
    """The key of a board (rows, cols, 2) in ``JigsawPuzzle._doubtful``.

    Example:
        >>> board_key(np.zeros((1, 2, 2), dtype=int)) == board_key([[[0, 0], [0, 0]]])
        True
    """
    arr = np.asarray(board, dtype=np.int64)
    return repr(arr.shape).encode() + arr.tobytes()


def where(piece: Piece, index: int) -> str:
    """How error messages name a piece: its index and its position in its image.

    Example:
        >>> where(Piece.from_polygon([[0, 0], [2, 0], [4, 0], [4, 2], [4, 4], [2, 4], [0, 4], [0, 2]]), 3)
        'piece 3 (image 0, at x=2, y=2)'
    """
    x, y = piece.centroid
    return f"piece {index} (image {piece.image}, at x={x:.0f}, y={y:.0f})"
