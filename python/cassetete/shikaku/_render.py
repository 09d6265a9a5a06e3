"""Pictures of Shikaku puzzles and solutions: terminal text and SVG (no dependency). The
renderers take a :class:`Shikaku`; the public ``render*`` verbs (:mod:`cassetete.shikaku`) read
any puzzle input first."""

from __future__ import annotations

from typing import Optional, Sequence

import numpy as np

from .._errors import PuzzleError
from .._svg import draws, svg_open
from ._model import Shikaku


def _labels(shape, rectangles: Optional[Sequence[Sequence[int]]]) -> Optional[np.ndarray]:
    if rectangles is None:
        return None
    labels = np.full(shape, -1, dtype=np.int64)
    for index, rect in enumerate(rectangles):
        r, c, h, w = (int(v) for v in rect)
        if h < 1 or w < 1 or r < 0 or c < 0 or r + h > shape[0] or c + w > shape[1]:
            raise PuzzleError(f"rectangle {index} {tuple(rect)} lies outside the {shape[0]}x{shape[1]} grid")
        labels[r : r + h, c : c + w] = index
    return labels


@draws(Shikaku, kind="text")
def render_text(p: Shikaku, rectangles: Optional[Sequence[Sequence[int]]] = None) -> str:
    """Text picture: clues in their cells; with ``rectangles``, only rectangle borders are drawn.

    Example:
        >>> from cassetete.shikaku import parse
        >>> print(render_text(parse("2 .\\n2 ."), [(0, 0, 1, 2), (1, 0, 1, 2)]))
        +-----+
        |2    |
        +-----+
        |2    |
        +-----+
    """
    rows, cols = p.shape
    labels = _labels(p.shape, rectangles)
    cw = max(1, len(str(int(p.clues.max())))) + 1

    def wall_h(r: int, c: int) -> bool:  # border above row r at column c
        if r == 0 or r == rows or labels is None:
            return True
        return bool(labels[r - 1, c] != labels[r, c] or labels[r, c] < 0)

    def wall_v(r: int, c: int) -> bool:  # border left of column c at row r
        if c == 0 or c == cols or labels is None:
            return True
        return bool(labels[r, c - 1] != labels[r, c] or labels[r, c] < 0)

    def corner(r: int, c: int) -> str:  # the corner above-left of cell (r, c)
        across = (c > 0 and wall_h(r, c - 1)) or (c < cols and wall_h(r, c))
        down = (r > 0 and wall_v(r - 1, c)) or (r < rows and wall_v(r, c))
        if across and down:
            return "+"
        return "-" if across else ("|" if down else " ")

    lines = []
    for r in range(rows + 1):
        line = corner(r, 0)
        for c in range(cols):
            line += ("-" if wall_h(r, c) else " ") * cw + corner(r, c + 1)
        lines.append(line)
        if r == rows:
            break
        cells = ""
        for c in range(cols + 1):
            cells += "|" if wall_v(r, c) else " "
            if c < cols:
                v = int(p.clues[r, c])
                cells += (str(v) if v else ("" if labels is not None else ".")).rjust(cw - 1) + " "
        lines.append(cells)
    return "\n".join(lines)


_COLORS = ("#fde2e4", "#e2ece9", "#dfe7fd", "#fff1e6", "#e9f5db", "#f0efeb", "#fad2e1", "#cddafd")


@draws(Shikaku)
def render_svg(p: Shikaku, rectangles: Optional[Sequence[Sequence[int]]] = None, cell: int = 32) -> str:
    """SVG picture of the puzzle (and of the solution rectangles when given).

    Example:
        >>> from cassetete.shikaku import parse
        >>> render_svg(parse("2 .\\n2 .")).startswith("<svg")
        True
    """
    rows, cols = p.shape
    _labels(p.shape, rectangles)
    m = 4
    width, height = cols * cell + 2 * m, rows * cell + 2 * m
    out = [svg_open(width, height),
           f'<rect x="0" y="0" width="{width}" height="{height}" fill="white"/>']
    if rectangles is not None:
        for index, (r, c, h, w) in enumerate(rectangles):
            out.append(f'<rect x="{m + c * cell}" y="{m + r * cell}" width="{w * cell}" height="{h * cell}" '
                       f'fill="{_COLORS[index % len(_COLORS)]}"/>')
    for r in range(rows + 1):
        out.append(f'<line x1="{m}" y1="{m + r * cell}" x2="{m + cols * cell}" y2="{m + r * cell}" '
                   f'stroke="#bbb" stroke-width="1"/>')
    for c in range(cols + 1):
        out.append(f'<line x1="{m + c * cell}" y1="{m}" x2="{m + c * cell}" y2="{m + rows * cell}" '
                   f'stroke="#bbb" stroke-width="1"/>')
    if rectangles is not None:
        for r, c, h, w in rectangles:
            out.append(f'<rect x="{m + c * cell}" y="{m + r * cell}" width="{w * cell}" height="{h * cell}" '
                       f'fill="none" stroke="black" stroke-width="3"/>')
    out.append(f'<rect x="{m}" y="{m}" width="{cols * cell}" height="{rows * cell}" fill="none" '
               f'stroke="black" stroke-width="3"/>')
    size = int(cell * 0.5)
    for r, c in p.clue_positions():
        out.append(f'<text x="{m + c * cell + cell / 2}" y="{m + r * cell + cell / 2}" font-size="{size}" '
                   f'font-family="sans-serif" text-anchor="middle" dominant-baseline="central">'
                   f'{int(p.clues[r, c])}</text>')
    out.append("</svg>")
    return "\n".join(out)


