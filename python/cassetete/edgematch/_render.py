"""Pictures of edge-matching boards: text for the terminal, SVG (coloured triangles)."""

from __future__ import annotations

import colorsys

import numpy as np

from .._errors import PuzzleError
from .._options import check_choice, check_count
from .._svg import svg_open
from ._model import EdgePuzzle, cell_edges, check_puzzle


def render_text(puzzle: EdgePuzzle, board=None) -> str:
    """The board as text: each cell shows its N, E, S, W labels ('.' = empty cell).
    Without a board, the pieces are laid out in index order, unturned.

    Example:
        >>> from cassetete.edgematch import EdgePuzzle
        >>> p = EdgePuzzle(1, 2, [[0, 1, 0, 0], [0, 0, 0, 1]])
        >>> print(render_text(p, [[[0, 0], [1, 0]]]))
        +--------+--------+
        |   0    |   0    |
        | 0    1 | 1    0 |
        |   0    |   0    |
        +--------+--------+
    """
    if board is None:
        board = np.stack([np.arange(puzzle.size).reshape(puzzle.rows, puzzle.cols),
                          np.zeros((puzzle.rows, puzzle.cols), dtype=np.int64)], axis=-1)
    e = cell_edges(puzzle, board)
    empty = np.iinfo(np.int64).min
    sep = "+" + "+".join("-" * 8 for _ in range(puzzle.cols)) + "+"
    lines = [sep]
    for r in range(puzzle.rows):
        top, mid, bot = [], [], []
        for c in range(puzzle.cols):
            n, east, s, w = (int(x) for x in e[r, c])
            if n == empty:
                top.append(" " * 8)
                mid.append("   .    ")
                bot.append(" " * 8)
                continue
            top.append(f"{n:^8}")
            mid.append(f" {w:<3}{east:>3} ")
            bot.append(f"{s:^8}")
        for row in (top, mid, bot):
            lines.append("|" + "|".join(row) + "|")
        lines.append(sep)
    return "\n".join(lines)


def _colour(label: int, matching: str) -> str:
    if label == 0:
        return "#888888"
    k = abs(label)
    hue = (k * 0.618033988749895) % 1.0
    light = 0.45 if (label > 0 or matching == "equal") else 0.75
    r, g, b = colorsys.hls_to_rgb(hue, light, 0.75)
    return "#{:02x}{:02x}{:02x}".format(int(r * 255), int(g * 255), int(b * 255))


def render_svg(puzzle: EdgePuzzle, board=None, *, cell: int = 40, labels: bool = False) -> str:
    """The board as an SVG picture: each cell is four triangles coloured by edge label (grey =
    frame; with 'opposite' matching, -i is a lighter shade of +i). ``labels`` writes the numbers.

    Example:
        >>> from cassetete.edgematch import EdgePuzzle
        >>> svg = render_svg(EdgePuzzle(1, 2, [[0, 1, 0, 0], [0, 0, 0, 1]]))
        >>> svg.startswith("<svg") and svg.count("<polygon") == 8
        True
    """
    cell = check_count(cell, "cell", 1)
    if not isinstance(labels, bool):
        raise PuzzleError(f"labels must be True or False, got {labels!r}")
    if board is None:
        board = np.stack([np.arange(puzzle.size).reshape(puzzle.rows, puzzle.cols),
                          np.zeros((puzzle.rows, puzzle.cols), dtype=np.int64)], axis=-1)
    e = cell_edges(puzzle, board)
    empty = np.iinfo(np.int64).min
    w, h = puzzle.cols * cell, puzzle.rows * cell
    out = [svg_open(w, h)]
    for r in range(puzzle.rows):
        for c in range(puzzle.cols):
            x0, y0 = c * cell, r * cell
            x1, y1 = x0 + cell, y0 + cell
            xc, yc = x0 + cell / 2, y0 + cell / 2
            if e[r, c, 0] == empty:
                out.append(f'<rect x="{x0}" y="{y0}" width="{cell}" height="{cell}" fill="#ffffff" stroke="#000"/>')
                continue
            tri = {0: (x0, y0, x1, y0), 1: (x1, y0, x1, y1), 2: (x1, y1, x0, y1), 3: (x0, y1, x0, y0)}
            for side, (ax, ay, bx, by) in tri.items():
                colour = _colour(int(e[r, c, side]), puzzle.matching)
                out.append(f'<polygon points="{ax},{ay} {bx},{by} {xc},{yc}" fill="{colour}" '
                           f'stroke="#222" stroke-width="0.5"/>')
            if labels:
                for side, (dx, dy) in enumerate(((0, -0.3), (0.3, 0), (0, 0.3), (-0.3, 0))):
                    out.append(f'<text x="{xc + dx * cell}" y="{yc + dy * cell + 4}" font-size="{cell // 4}" '
                               f'text-anchor="middle">{int(e[r, c, side])}</text>')
    out.append("</svg>")
    return "\n".join(out)


def render_puzzle(puzzle: EdgePuzzle, solution=None, format: str = "text", **kwargs) -> str:
    """Text (``format="text"``) or SVG (``format="svg"``) picture of a puzzle model (what
    :func:`cassetete.edgematch.render` draws once it has read its input).

    Example:
        >>> from cassetete.edgematch import EdgePuzzle
        >>> render_puzzle(EdgePuzzle(1, 1, [[0, 0, 0, 0]]), format="svg").startswith("<svg")
        True
    """
    check_puzzle(puzzle)
    fmt = check_choice(format, "render format", ("text", "svg"))
    if fmt == "svg":
        return render_svg(puzzle, solution, **kwargs)
    if kwargs:
        raise PuzzleError(f"option(s) {sorted(kwargs)} only apply to format='svg'")
    return render_text(puzzle, solution)


def _puzzle_svg(puzzle: EdgePuzzle) -> str:
    """Jupyter's picture of a puzzle: its pieces in index order, unturned."""
    return render_svg(puzzle, None)


# Attached here rather than defined in the model, so that the model never imports its pictures
# (render modules depend on models, not the reverse).
EdgePuzzle._repr_svg_ = _puzzle_svg  # type: ignore[attr-defined]
