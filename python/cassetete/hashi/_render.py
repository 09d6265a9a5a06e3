"""Pictures of puzzles and solutions: terminal text and SVG. The renderers take a
:class:`Hashi`; the public ``render*`` verbs (:mod:`cassetete.hashi`) read any puzzle input
first."""

from __future__ import annotations

from typing import Iterable, List, Optional, Sequence

from .._svg import draws, svg_open
from ._model import Hashi


def _layout(puzzle: Hashi, bridges: Optional[Iterable[Sequence[int]]]):
    h, w = puzzle.shape
    chars = [["." if v == 0 else str(int(v)) for v in row] for row in puzzle.islands]
    for r1, c1, r2, c2, n in bridges or ():
        if r1 == r2:
            for c in range(min(c1, c2) + 1, max(c1, c2)):
                chars[r1][c] = "-" if n == 1 else "="
        else:
            for r in range(min(r1, r2) + 1, max(r1, r2)):
                chars[r][c1] = "|" if n == 1 else '"'
    return chars


@draws(Hashi, kind="text")
def render_text(puzzle: Hashi, bridges: Optional[Iterable[Sequence[int]]] = None) -> str:
    """Text picture: island numbers, ``-``/``=`` single/double horizontal bridges,
    ``|``/``"`` single/double vertical ones, ``.`` water.

    Example:
        >>> from cassetete.hashi import parse
        >>> print(render_text(parse("3x1m2:2a2"), [(0, 0, 0, 2, 2)]))
        2=2
    """
    return "\n".join("".join(row) for row in _layout(puzzle, bridges))


@draws(Hashi)
def render_svg(puzzle: Hashi, bridges: Optional[Iterable[Sequence[int]]] = None,
               cell: int = 32) -> str:
    """SVG picture of the puzzle and (optionally) its bridges.

    Example:
        >>> from cassetete.hashi import parse
        >>> render_svg(parse("3x1m2:1a1"), [(0, 0, 0, 2, 1)]).startswith("<svg")
        True
    """
    h, w = puzzle.shape
    out: List[str] = [
        svg_open(w * cell, h * cell),
        f'<rect width="{w * cell}" height="{h * cell}" fill="white"/>',
    ]

    def centre(r: int, c: int):
        return (c + 0.5) * cell, (r + 0.5) * cell

    gap = cell * 0.09
    for r1, c1, r2, c2, n in bridges or ():
        x1, y1 = centre(r1, c1)
        x2, y2 = centre(r2, c2)
        offsets = [0.0] if n == 1 else [-gap, gap]
        for off in offsets:
            dx, dy = (0.0, off) if r1 == r2 else (off, 0.0)
            out.append(f'<line x1="{x1 + dx:.1f}" y1="{y1 + dy:.1f}" x2="{x2 + dx:.1f}" '
                       f'y2="{y2 + dy:.1f}" stroke="black" stroke-width="2"/>')
    radius = cell * 0.4
    for r in range(h):
        for c in range(w):
            v = int(puzzle.islands[r, c])
            if not v:
                continue
            x, y = centre(r, c)
            out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{radius:.1f}" fill="white" '
                       'stroke="black" stroke-width="1.5"/>')
            out.append(f'<text x="{x:.1f}" y="{y + cell * 0.15:.1f}" font-family="sans-serif" '
                       f'font-size="{cell * 0.45:.0f}" text-anchor="middle">{v}</text>')
    out.append("</svg>")
    return "\n".join(out)


