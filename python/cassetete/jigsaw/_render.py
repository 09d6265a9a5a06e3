"""Pictures of a jigsaw puzzle (the model): text, SVG outlines (loose or assembled), the
assembled picture as a pixel array, and a scan-like picture of the pieces as they lie."""

from __future__ import annotations

import base64
import colorsys
import os
import struct
import zlib
from typing import Any, Dict, List, Optional, Tuple

import numpy as np

from .._errors import PuzzleError
from .._options import check_choice, check_seed
from .._svg import draws, svg_open
from ._assemble import check_joins, dissimilarities
from ._edges import analyse
from ._geometry import polygon_centroid, signed_area, similarity
from ._model import JigsawPuzzle, as_pieces, board_key
from ._placement import cell_corners, cell_target, solved_outlines
from ._raster import fill_polygon


def image_letters(image: int) -> str:
    """The letters of scan ``image`` (0-based) in piece ids: A..Z, then AA, AB, ...

    Example:
        >>> image_letters(0), image_letters(25), image_letters(26)
        ('A', 'Z', 'AA')
    """
    out = ""
    n = int(image) + 1
    while n > 0:
        n, rest = divmod(n - 1, 26)
        out = chr(ord("A") + rest) + out
    return out


def piece_ids(puzzle: Any) -> List[str]:
    """The id of each piece, in the order of ``puzzle.pieces``: the letter of its scan (A the
    first image, B the second, ...) and its number among that scan's pieces, from 1, in the
    order :func:`read_image` finds them (reading order: top to bottom, left to right). The same
    ids in the text, the JSON of the command line, the SVG pictures and the annotated scans.
    Pieces given as outlines are all of image 0: ``A1`` is ``puzzle.pieces[0]``.

    Example:
        >>> from cassetete import jigsaw
        >>> puzzle, _ = jigsaw.generate(2, 2, seed=1)
        >>> piece_ids(puzzle)
        ['A1', 'A2', 'A3', 'A4']
    """
    pieces = puzzle.pieces if isinstance(puzzle, JigsawPuzzle) else as_pieces(puzzle)
    counts: Dict[int, int] = {}
    ids = []
    for piece in pieces:
        counts[piece.image] = counts.get(piece.image, 0) + 1
        ids.append(f"{image_letters(piece.image)}{counts[piece.image]}")
    return ids


def doubtful_joins(puzzle: JigsawPuzzle, solution) -> List[Tuple[Tuple[int, int], Tuple[int, int]]]:
    """The doubtful joins of a board, as pairs of cells ((r, c), (r2, c2)): those
    :func:`solve` reported for it (``stats["doubtful"]``, after its second look), else those
    :func:`check_joins` finds at the default doubt cost.

    Example:
        >>> from cassetete import jigsaw
        >>> puzzle, _ = jigsaw.generate(2, 3, seed=1)
        >>> doubtful_joins(puzzle, jigsaw.solve(puzzle).solution)
        []
    """
    board = np.asarray(solution)
    known = getattr(puzzle, "_doubtful", {}).get(board_key(board))
    if known is not None:
        return [((int(a[0]), int(a[1])), (int(b[0]), int(b[1]))) for a, b in known]
    edges = analyse(puzzle)
    check = check_joins(edges, dissimilarities(edges), board)
    return [((int(a[0]), int(a[1])), (int(b[0]), int(b[1]))) for a, b in check["doubtful"]]


def render_text(puzzle: JigsawPuzzle, solution=None) -> str:
    """The assembly as text: one ``id:rotation`` per cell (ids of :func:`piece_ids`), or the
    piece count.

    Example:
        >>> from cassetete import jigsaw
        >>> puzzle, _ = jigsaw.generate(2, 2, seed=1)
        >>> print(render_text(puzzle, jigsaw.solve(puzzle).solution).splitlines()[0])
        jigsaw 2 x 2, 4 pieces (id:quarter turns of the solution; id = scan letter + number on that scan)
    """
    pieces = puzzle.pieces
    if solution is None:
        return f"jigsaw: {len(pieces)} pieces, not assembled"
    ids = piece_ids(puzzle)
    board = np.asarray(solution)
    rows, cols = board.shape[:2]
    width = max(max((len(i) for i in ids), default=1) + 2, 4)
    lines = [f"jigsaw {rows} x {cols}, {len(pieces)} pieces (id:quarter turns of the solution; id = scan letter + number on that scan)"]
    for r in range(rows):
        cells = ["." * width if board[r, c, 0] < 0 else f"{ids[board[r, c, 0]]}:{board[r, c, 1]}".rjust(width)
                 for c in range(cols)]
        lines.append(" ".join(cells))
    return "\n".join(lines)


def _path(points: np.ndarray, most: int = 240) -> str:
    """An SVG path of a closed outline, thinned to at most about ``most`` points."""
    points = points[::max(1, -(-len(points) // most))]
    return "M" + " L".join(f"{x:.1f},{y:.1f}" for x, y in points) + " Z"


def piece_colour(k: int) -> str:
    """The fill of piece ``k`` in the pictures, a light ``#rrggbb`` colour (hues spread by the
    golden ratio; hex, which every SVG renderer reads).

    Example:
        >>> piece_colour(0), piece_colour(1)
        ('#e9c4c4', '#c4cfe9')
    """
    hue = (k * 0.618034) % 1.0
    r, g, b = colorsys.hls_to_rgb(hue, 0.84, 0.45)
    return "#" + "".join(f"{round(255 * v):02x}" for v in (r, g, b))


DOUBT_COLOUR = "#d7191c"  # the mark of a doubtful join


def _label(x: float, y: float, text: str, size: float, colour: str = "#111111", halo: str = "#ffffff") -> str:
    """A centred text with a light halo under it (so it reads on any background)."""
    y = y + 0.35 * size
    common = f'x="{x:.1f}" y="{y:.1f}" font-size="{size:.1f}" text-anchor="middle" font-weight="bold"'
    return (f'<text {common} fill="{halo}" stroke="{halo}" stroke-width="{size / 5:.2f}">{text}</text>'
            f'<text {common} fill="{colour}">{text}</text>')


@draws(JigsawPuzzle)
def render_svg(puzzle: JigsawPuzzle, solution=None, doubtful=None) -> str:
    """SVG of the outlines, each filled with a light colour and labelled with its id
    (:func:`piece_ids`) at its centre: assembled in their cells when ``solution`` is given,
    the doubtful joins drawn as thick red segments (``doubtful``: pairs of cells; default
    :func:`doubtful_joins`) with a legend under the board; else as they lie in their image
    (the images of several scans side by side).

    Example:
        >>> from cassetete import jigsaw
        >>> puzzle, _ = jigsaw.generate(2, 2, seed=1)
        >>> render_svg(puzzle).count("<path")
        4
    """
    ids = piece_ids(puzzle)
    board = None if solution is None else np.asarray(solution)
    if board is None:
        shift = _image_shifts(puzzle)
        placed: List[Tuple[int, np.ndarray]] = [(k, p.contour + shift[p.image]) for k, p in enumerate(puzzle.pieces)]
    else:
        placed = [(int(board[r, c, 0]), outline) for r, c, outline in solved_outlines(puzzle, board)]
    if not placed:
        return svg_open(10, 10) + "</svg>"
    allpts = np.vstack([o for _, o in placed])
    lo, hi = allpts.min(axis=0), allpts.max(axis=0)
    side = float(np.sqrt(np.median([abs(signed_area(o)) for _, o in placed])))
    font = 0.28 * side
    pad = 0.05 * float(max(hi - lo))
    legend = [] if board is None else _legend(puzzle, board, doubtful)
    lo, size = lo - pad, hi - lo + 2 * pad
    lines = legend[1:]
    small = min(max(0.5 * font, float(size[0]) / 45), float(size[0] - 2 * pad) / (0.6 * max((len(t) for t, _ in lines), default=1)))
    size = size + np.array([0.0, 1.5 * small * (len(lines) + 0.5 * bool(lines))])
    stroke = max(size) / 600
    width = round(min(800, 4 * float(size[0])))
    height = round(width * float(size[1]) / float(size[0]))
    parts = [svg_open(width, height, left=round(float(lo[0]), 1), top=round(float(lo[1]), 1),
                      view=(round(float(size[0]), 1), round(float(size[1]), 1)), font="sans-serif")]
    for k, outline in placed:
        parts.append(f'<path d="{_path(outline)}" fill="{piece_colour(k)}" stroke="#222222" '
                     f'stroke-width="{stroke:.2f}"/>')
    if legend:
        parts.extend(legend[0])
    for k, outline in placed:
        x, y = polygon_centroid(outline)
        parts.append(_label(float(x), float(y), ids[k], font))
    for i, (text, colour) in enumerate(lines):
        y = float(hi[1]) + pad + 1.5 * small * (i + 1)
        parts.append(f'<text x="{float(lo[0]) + pad:.1f}" y="{y:.1f}" font-size="{small:.1f}" '
                     f'fill="{colour}">{text}</text>')
    parts.append("</svg>")
    return "\n".join(parts)


def _image_shifts(puzzle: JigsawPuzzle) -> Dict[int, np.ndarray]:
    """Where the loose pieces of each image are drawn: the images side by side in a grid of
    about square shape (one image: where they lie), so pieces of several scans do not overlap."""
    images = sorted({p.image for p in puzzle.pieces})
    if len(images) <= 1:
        return {i: np.zeros(2) for i in images}
    extent = {i: np.vstack([p.contour for p in puzzle.pieces if p.image == i]).max(axis=0) for i in images}
    cell = np.max(np.array(list(extent.values())), axis=0) * 1.05
    cols = int(np.ceil(np.sqrt(len(images))))
    return {i: np.array([(n % cols) * cell[0], (n // cols) * cell[1]]) for n, i in enumerate(images)}


def _legend(puzzle: JigsawPuzzle, board: np.ndarray, doubtful) -> list:
    """[the marks of the doubtful joins, (legend line, colour), ...] of an assembled board."""
    edges = analyse(puzzle)
    grid = cell_corners(edges, board)
    joins = doubtful_joins(puzzle, board) if doubtful is None else list(doubtful)
    width = 0.06 * edges.scale
    marks = []
    for (r, c), (r2, c2) in joins:
        if r2 == r:   # side by side: the line between the columns
            c2 = max(c, c2)
            a, b = grid[r, c2], grid[r + 1, c2]
        else:         # one above the other: the line between the rows
            r2 = max(r, r2)
            a, b = grid[r2, c], grid[r2, c + 1]
        marks.append(f'<line x1="{a[0]:.1f}" y1="{a[1]:.1f}" x2="{b[0]:.1f}" y2="{b[1]:.1f}" stroke="{DOUBT_COLOUR}" '
                     f'stroke-width="{width:.1f}" stroke-linecap="round" class="doubtful"/>')
    rows, cols = board.shape[:2]
    total = rows * (cols - 1) + cols * (rows - 1)
    lines = [(f"red: doubtful join ({len(joins)} of {total})", DOUBT_COLOUR) if joins
             else (f"no doubtful join (of {total})", "#222222"),
             ("id: scan letter + number on that scan (reading order)", "#222222")]
    return [marks] + lines


def png_bytes(image: np.ndarray) -> bytes:
    """A uint8 image (grey, RGB or RGBA) as a PNG file (stdlib zlib; no image library).

    Example:
        >>> png_bytes(np.zeros((2, 3), dtype=np.uint8))[1:4]
        b'PNG'
    """
    img = np.ascontiguousarray(np.asarray(image, dtype=np.uint8))
    if img.ndim == 2:
        colour_type, channels = 0, 1
    elif img.ndim == 3 and img.shape[2] in (3, 4):
        colour_type, channels = (2, 3) if img.shape[2] == 3 else (6, 4)
    else:
        raise PuzzleError(f"an image must be grey, RGB or RGBA, got shape {img.shape}")
    h, w = img.shape[:2]
    raw = np.zeros((h, 1 + w * channels), dtype=np.uint8)   # filter byte 0 (none) on every row
    raw[:, 1:] = img.reshape(h, w * channels)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", w, h, 8, colour_type, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw.tobytes(), 6))
            + chunk(b"IEND", b""))


def scan_turns(puzzle: JigsawPuzzle, solution) -> Dict[int, float]:
    """For each placed piece, the angle in degrees, clockwise on screen, by which the piece
    as it lies in its image is turned in the assembly (the rotation of :func:`solved_outlines`).

    Example:
        >>> from cassetete import jigsaw
        >>> puzzle, _ = jigsaw.generate(2, 2, seed=1, rotate=False)   # upright pieces:
        >>> {round(a) % 90 for a in scan_turns(puzzle, jigsaw.solve(puzzle).solution).values()}
        {0}
    """
    edges = analyse(puzzle)
    board = np.asarray(solution)
    grid = cell_corners(edges, board)
    out = {}
    for r in range(board.shape[0]):
        for c in range(board.shape[1]):
            p, rot = (int(x) for x in board[r, c])
            if p < 0:
                continue
            src, dst = edges.corners[p], cell_target(grid, r, c, rot)
            a, b = src - src.mean(axis=0), dst - dst.mean(axis=0)
            angle = np.degrees(np.arctan2(float((a[:, 0] * b[:, 1] - a[:, 1] * b[:, 0]).sum()), float((a * b).sum())))
            out[p] = float(angle) % 360.0
    return out


def _turn_text(angle: float) -> str:
    """``↻k`` (k quarter turns clockwise) when the angle is near a quarter turn, else degrees."""
    quarters = round(angle / 90.0)
    if abs(angle - 90.0 * quarters) <= 20.0:
        return f"\u21bb{quarters % 4}"
    return f"\u21bb{angle:.0f}\u00b0"


def annotate_scan(scan: Any, puzzle: JigsawPuzzle, solution=None, *, image: Optional[int] = None,
                  max_side: int = 1000) -> str:
    """SVG of one scan with each of its pieces outlined and labelled: its id (:func:`piece_ids`)
    and, with a ``solution``, its place ``row,col`` (from 1, top-left) and turn ``↻k`` (k
    quarter turns clockwise from how it lies on the scan; degrees when not near a quarter).

    ``scan``: the image (a path or an array); ``image``: which image of the puzzle it is
    (default: its index in ``puzzle.sources``, or 0). The scan is embedded as a PNG, reduced
    so its longest side is at most ``max_side`` pixels.

    Example:
        >>> from cassetete import jigsaw
        >>> puzzle, _ = jigsaw.generate(2, 2, seed=1, piece_size=30)
        >>> blank = np.zeros((140, 140), dtype=np.uint8)
        >>> svg = annotate_scan(blank, puzzle, jigsaw.solve(puzzle).solution)
        >>> svg.count("data:image/png;base64"), svg.count('class="piece"')
        (1, 4)
    """
    if isinstance(scan, np.ndarray):
        pixels = scan
    else:
        from ._scan import load_image
        pixels = load_image(scan)
    if image is None:
        image = 0
        if not isinstance(scan, np.ndarray):
            names = [os.path.abspath(str(s)) for s in getattr(puzzle, "sources", [])]
            if os.path.abspath(str(scan)) in names:
                image = names.index(os.path.abspath(str(scan)))
    pixels = np.asarray(pixels)
    if pixels.dtype != np.uint8:
        top = float(pixels.max()) if pixels.size else 1.0
        pixels = np.clip(pixels * (255.0 / top if top > 1.0 else 255.0), 0, 255).astype(np.uint8)
    h, w = pixels.shape[:2]
    step = max(1, int(np.ceil(max(h, w) / max(1, int(max_side)))))
    small = pixels[::step, ::step]
    ids = piece_ids(puzzle)
    mine = [k for k, p in enumerate(puzzle.pieces) if p.image == image]
    place: Dict[int, Tuple[int, int, int]] = {}
    turns: Dict[int, float] = {}
    if solution is not None:
        board = np.asarray(solution)
        for r in range(board.shape[0]):
            for c in range(board.shape[1]):
                if board[r, c, 0] >= 0:
                    place[int(board[r, c, 0])] = (r, c, int(board[r, c, 1]))
        turns = scan_turns(puzzle, board)
    side = float(np.sqrt(np.median([abs(signed_area(puzzle[k].contour)) for k in mine]))) if mine else 0.1 * max(h, w)
    font = 0.2 * side
    stroke = max(1.0, max(h, w) / 500)
    out_w = min(900, w)
    parts = [svg_open(out_w, round(out_w * h / w), view=(w, h), font="sans-serif").replace(
        "<svg ", '<svg xmlns:xlink="http://www.w3.org/1999/xlink" ', 1)]
    data = base64.b64encode(png_bytes(small)).decode("ascii")
    parts.append(f'<image x="0" y="0" width="{w}" height="{h}" preserveAspectRatio="none" '
                 f'xlink:href="data:image/png;base64,{data}"/>')
    for k in mine:
        parts.append(f'<g class="piece"><path d="{_path(puzzle[k].contour)}" fill="none" stroke="{piece_colour(k)}" '
                     f'stroke-width="{3 * stroke:.1f}"/>'
                     f'<path d="{_path(puzzle[k].contour)}" fill="none" stroke="#222222" stroke-width="{stroke:.1f}"/></g>')
    for k in mine:
        x, y = (float(v) for v in puzzle[k].centroid)
        if k in place:
            r, c, _ = place[k]
            parts.append(_label(x, y - 0.6 * font, ids[k], 1.4 * font))
            parts.append(_label(x, y + 0.9 * font, f"{r + 1},{c + 1} {_turn_text(turns[k])}", font))
        else:
            parts.append(_label(x, y, ids[k], 1.4 * font))
    caption = f"scan {image_letters(image)}: {len(mine)} pieces"
    if solution is not None:
        caption += "; id, then place row,col (from 1) and quarter turns clockwise"
    cap = min(0.8 * font, w / (0.6 * len(caption)))
    parts.append(_label(w / 2, 0.6 * cap + 4 * stroke, caption, cap))
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
