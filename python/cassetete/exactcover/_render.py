"""Pictures of an exact cover problem: the options as text, or the incidence matrix as SVG
with the chosen options highlighted.

Example:
    >>> print(render(ExactCover.from_options([[0, 1], [1]]), [0]), end="")
    * 0: 0 1
"""

from __future__ import annotations

from typing import Optional, Sequence

from .._errors import PuzzleError
from .._svg import svg_open
from ._model import ExactCover

__all__ = ["render"]


def render(cover: ExactCover, solution: Optional[Sequence[int]] = None, format: str = "text") -> str:  # noqa: A002
    """The problem (or the chosen options of ``solution``) as text, or as an SVG incidence matrix
    with the chosen rows highlighted.

    Example:
        >>> render(ExactCover.from_options([[0], [1]]), format="svg").startswith("<svg")
        True
    """
    names = cover.names or [str(i) for i in range(cover.items)]
    rows = range(cover.options) if solution is None else [int(o) for o in solution]
    if format == "text":
        return "".join(f"{'*' if solution is not None else ' '} {k}: {' '.join(names[i] for i in cover.option(k))}\n"
                       for k in rows)
    if format != "svg":
        raise PuzzleError(f"unknown format {format!r}: 'text' or 'svg'")
    chosen = set(rows) if solution is not None else set()
    cell = 14
    width, height = cell * (cover.items + 1), cell * (cover.options + 1)
    parts = [svg_open(width, height),
             f'<rect width="{width}" height="{height}" fill="white"/>']
    for k in range(cover.options):
        fill = "#d33" if k in chosen else "#333"
        for i in cover.option(k):
            parts.append(f'<rect x="{cell * i + cell // 2}" y="{cell * k + cell // 2}" width="{cell - 2}" '
                         f'height="{cell - 2}" fill="{fill}"/>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
