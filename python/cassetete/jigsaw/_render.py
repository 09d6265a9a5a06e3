"""Pictures of a jigsaw puzzle (the model): text, SVG outlines (loose or assembled), the
assembled picture as a pixel array, and a scan-like picture of the pieces as they lie."""

from __future__ import annotations

from typing import Any, List, Optional, Tuple

import numpy as np

from .._errors import PuzzleError
from .._options import check_choice, check_seed
from .._svg import draws, svg_open
from ._edges import analyse
from ._geometry import signed_area, similarity
from ._model import JigsawPuzzle, as_pieces
from ._placement import cell_corners, cell_target, solved_outlines
from ._raster import fill_polygon


def render_text(puzzle: JigsawPuzzle, solution=None) -> str:
    """The assembly as text: one ``piece:rotation`` per cell (or the piece count).

    Example:
        >>> from cassetete import jigsaw
        >>> puzzle, _ = jigsaw.generate(2, 2, seed=1)
        >>> print(render_text(puzzle, jigsaw.solve(puzzle).solution).splitlines()[0])
        jigsaw 2 x 2, 4 pieces (piece:quarter turns)
    """
    pieces = puzzle.pieces
    if solution is None:
        return f"jigsaw: {len(pieces)} pieces, not assembled"
    board = np.asarray(solution)
    rows, cols = board.shape[:2]
    width = max(len(f"{len(pieces) - 1}:3"), 4)
    lines = [f"jigsaw {rows} x {cols}, {len(pieces)} pieces (piece:quarter turns)"]
    for r in range(rows):
        cells = ["." * width if board[r, c, 0] < 0 else f"{board[r, c, 0]}:{board[r, c, 1]}".rjust(width)
                 for c in range(cols)]
        lines.append(" ".join(cells))
    return "\n".join(lines)


def _path(points: np.ndarray) -> str:
    return "M" + " L".join(f"{x:.1f},{y:.1f}" for x, y in points) + " Z"


@draws(JigsawPuzzle)
def render_svg(puzzle: JigsawPuzzle, solution=None) -> str:
    """SVG of the outlines: assembled in their cells when ``solution`` is given, else as they
    lie in the image.

    Example:
        >>> from cassetete import jigsaw
        >>> puzzle, _ = jigsaw.generate(2, 2, seed=1)
        >>> render_svg(puzzle).count("<path")
        4
    """
    if solution is None:
        placed: List[Tuple[Optional[int], Optional[int], np.ndarray]] = [(None, None, p.contour) for p in puzzle.pieces]
    else:
        placed = list(solved_outlines(puzzle, solution))
    if not placed:
        return svg_open(10, 10) + "</svg>"
    allpts = np.vstack([o for _, _, o in placed])
    lo, hi = allpts.min(axis=0), allpts.max(axis=0)
    pad = 0.05 * float(max(hi - lo))
    lo, size = lo - pad, hi - lo + 2 * pad
    stroke = max(size) / 600
    width = round(min(800, 4 * float(size[0])))
    height = round(width * float(size[1]) / float(size[0]))
    parts = [svg_open(width, height, left=round(float(lo[0]), 1), top=round(float(lo[1]), 1),
                      view=(round(float(size[0]), 1), round(float(size[1]), 1)))]
    for k, (_r, _c, outline) in enumerate(placed):
        hue = (k * 0.618034) % 1.0
        fill = f"hsl({hue * 360:.0f},40%,85%)"
        parts.append(f'<path d="{_path(outline)}" fill="{fill}" stroke="#222" stroke-width="{stroke:.2f}"/>')
    parts.append("</svg>")
    return "\n".join(parts)


def render(puzzle: JigsawPuzzle, solution=None, format: str = "text") -> str:
    """A picture of the pieces (``solution=None``) or of the assembly: ``"text"`` or ``"svg"``.

    Example:
        >>> from cassetete import jigsaw
        >>> puzzle, _ = jigsaw.generate(2, 3, seed=2)
        >>> render(puzzle, jigsaw.solve(puzzle).solution, "svg").startswith("<svg")
        True
    """
    check_choice(format, "format", ("text", "svg"))
    return render_text(puzzle, solution) if format == "text" else render_svg(puzzle, solution)


def render_image(puzzle: JigsawPuzzle, solution, *, margin: int = 8, background: int = 0) -> np.ndarray:
    """The pieces pasted in place, as a uint8 picture (grey, or RGB when the pieces carry
    colour patches): pieces read from images show their own pixels, polygons a flat shade.

    Example:
        >>> from cassetete import jigsaw
        >>> puzzle, _ = jigsaw.generate(2, 2, seed=1, piece_size=30)
        >>> img = render_image(puzzle, jigsaw.solve(puzzle).solution)
        >>> img.dtype, img.ndim, int(img.max()) > 0
        (dtype('uint8'), 2, True)
    """
    if solution is None:
        raise PuzzleError("render_image needs a solution (rows, cols, 2)")
    board = np.asarray(solution)
    edges = analyse(puzzle)
    s = edges.scale
    grid = cell_corners(edges, board)
    colour = any(p.patch is not None and p.patch.ndim == 3 for p in puzzle.pieces)
    shift = np.array([margin + 0.3 * s, margin + 0.3 * s])
    h = int(np.ceil(grid[-1, -1, 1] + 0.6 * s)) + 2 * margin
    w = int(np.ceil(grid[-1, -1, 0] + 0.6 * s)) + 2 * margin
    out = np.full((h, w, 3) if colour else (h, w), background, dtype=np.float64)
    outlines = {(r, c): o for r, c, o in solved_outlines(puzzle, board)}
    for (r, c), outline in outlines.items():
        p, rot = (int(x) for x in board[r, c])
        outline = outline + shift
        lo = np.floor(outline.min(axis=0)).astype(int)
        hi = np.ceil(outline.max(axis=0)).astype(int) + 1
        lo, hi = np.maximum(lo, 0), np.minimum(hi, [w, h])
        if np.any(hi <= lo):
            continue
        cover = fill_polygon(outline - lo, (int(hi[1] - lo[1]), int(hi[0] - lo[0])))
        piece = puzzle[p]
        if piece.patch is None:
            shade = 150.0 + 80.0 * ((r + c) % 2)
            region = out[lo[1]:hi[1], lo[0]:hi[0]]
            m = cover > 0
            region[m] = shade
            continue
        # map each covered output pixel back into the piece's patch (nearest neighbour)
        back = similarity(cell_target(grid, r, c, rot) + shift, edges.corners[p])
        ys, xs = np.nonzero(cover > 0)
        src = back(np.column_stack([xs + lo[0] + 0.5, ys + lo[1] + 0.5])) - piece.patch_origin
        sx, sy = np.floor(src[:, 0]).astype(int), np.floor(src[:, 1]).astype(int)
        ok = (sx >= 0) & (sy >= 0) & (sx < piece.patch.shape[1]) & (sy < piece.patch.shape[0])
        values = piece.patch[sy[ok], sx[ok]]
        if colour and values.ndim == 1:
            values = np.repeat(values[:, None], 3, axis=1)
        out[ys[ok] + lo[1], xs[ok] + lo[0]] = values
    return np.clip(out, 0, 255).astype(np.uint8)


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
        side = float(np.sqrt(np.median([abs(signed_area(p.contour)) for p in pieces])))
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
