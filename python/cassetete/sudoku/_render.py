"""Drawing a Sudoku: the lecture notes' text display and SVG (clues, a solution, or candidate
pencil marks)."""

from __future__ import annotations

from typing import Optional, Sequence

import numpy as np

from .._errors import PuzzleError
from .._svg import draws, svg_open
from ._explain import candidates as candidate_masks
from ._formats import PuzzleLike, as_sudoku
from ._model import SYMBOLS, Sudoku

CELL = 36  # pixels per cell


@draws(Sudoku)
def to_svg(sudoku: Sudoku, solution: Optional[np.ndarray] = None, candidates: bool = False) -> str:
    """An SVG document: clues in black, the other values of `solution` in blue, or (with
    `candidates`) each empty cell's remaining candidates as small marks.

    Example:
        >>> from cassetete.sudoku import parse
        >>> "<text" in to_svg(parse("1" + "." * 15))
        True
    """
    size = sudoku.size
    rows, cols = sudoku.box
    side = size * CELL
    out = [svg_open(side + 4, side + 4, left=-2, top=-2, font="sans-serif"),
           f'<rect x="0" y="0" width="{side}" height="{side}" fill="white"/>']
    for i in range(size + 1):
        thick = 2.5 if i % rows == 0 else 0.6
        out.append(f'<line x1="0" y1="{i * CELL}" x2="{side}" y2="{i * CELL}" stroke="black" stroke-width="{thick}"/>')
        thick = 2.5 if i % cols == 0 else 0.6
        out.append(f'<line x1="{i * CELL}" y1="0" x2="{i * CELL}" y2="{side}" stroke="black" stroke-width="{thick}"/>')
    solved = None if solution is None else np.asarray(solution).reshape(size, size)
    masks = None
    if candidates and solved is None:
        masks = candidate_masks(sudoku)
    font = CELL * 0.6
    for r in range(size):
        for c in range(size):
            x, y = c * CELL + CELL / 2, r * CELL + CELL / 2
            value = int(sudoku.grid[r, c])
            colour = "black"
            if value == 0 and solved is not None:
                value, colour = int(solved[r, c]), "#1f5fbf"
            if value:
                out.append(f'<text x="{x}" y="{y}" font-size="{font:.1f}" fill="{colour}" text-anchor="middle" '
                           f'dominant-baseline="central">{_label(value, size)}</text>')
            elif masks is not None:
                out.append(_pencil_marks(int(masks[r, c]), size, c * CELL, r * CELL, rows, cols))
    out.append("</svg>")
    return "\n".join(out)


def _label(value: int, size: int) -> str:
    return SYMBOLS[value - 1] if size <= len(SYMBOLS) else str(value)


def _pencil_marks(mask: int, size: int, left: float, top: float, rows: int, cols: int) -> str:
    # Candidates laid out like the box: value v at (row (v-1) // cols, col (v-1) % cols).
    step_x, step_y = CELL / cols, CELL / rows
    font = min(step_x, step_y) * 0.8
    parts = []
    for v in range(1, size + 1):
        if mask >> (v - 1) & 1:
            x = left + ((v - 1) % cols + 0.5) * step_x
            y = top + ((v - 1) // cols + 0.5) * step_y
            parts.append(f'<text x="{x:.1f}" y="{y:.1f}" font-size="{font:.1f}" fill="#777" text-anchor="middle" '
                         f'dominant-baseline="central">{_label(v, size)}</text>')
    return "".join(parts)


def render(puzzle: PuzzleLike, solution: Optional[np.ndarray] = None, format: str = "text", *,  # noqa: A002
           candidates: Optional[bool] = None, rules: Sequence[str] = ("exclusivity",), color: bool = False,
           box: Optional[Sequence[int]] = None) -> str:
    """Draw a puzzle, or its `solution`, as text or SVG.

    Text is the lecture notes' display: numbered rows, boxes spaced apart, each cell showing its
    value when placed, else (with `candidates`, the default when no solution is given) its number
    of candidates after `rules`, written `·k` (or in another colour with `color=True`, as the
    notes' Afficher does). ``format="svg"`` gives an SVG document (pencil marks with `candidates`).

    Example:
        >>> print(render("1..." "...." "...." "...2").splitlines()[1])
         1   1 ·3  ·3 ·2
        >>> render("." * 16, format="svg").startswith("<svg")
        True
    """
    if format not in ("text", "svg"):
        raise PuzzleError(f"unknown format {format!r}: 'text' or 'svg'")
    sudoku = as_sudoku(puzzle, box)
    if solution is not None:
        grid = np.asarray(solution)
        if grid.size != sudoku.size ** 2:
            raise PuzzleError(f"solution has {grid.size} cells, the puzzle {sudoku.size ** 2}")
        solution = grid.reshape(sudoku.size, sudoku.size)
    if format == "svg":
        return sudoku.to_svg(solution, candidates=bool(candidates) and solution is None)
    if solution is not None:
        sudoku = Sudoku(solution, sudoku.box)
        candidates = False
    elif candidates is None:
        candidates = True
    size = sudoku.size
    masks = candidate_masks(sudoku, rules=rules) if candidates else None
    rows, cols = sudoku.box
    width = max(len(str(size)), 1)
    lines = []
    for r in range(size):
        if r % rows == 0:
            lines.append("")
        parts = [f"{r + 1:>2} "]
        for c in range(size):
            if c % cols == 0:
                parts.append(" ")
            value = int(sudoku.grid[r, c])
            mask = int(masks[r, c]) if masks is not None else 0
            if value == 0 and masks is not None and mask and mask & (mask - 1) == 0:
                value = mask.bit_length()
            if value:
                text = _label(value, size).rjust(width + 1)
                parts.append(f"\033[1;33m{text}\033[0m " if color else f"{text} ")
            elif masks is not None:
                count = bin(mask).count("1")
                text = f"·{count}".rjust(width + 1) if not color else str(count).rjust(width + 1)
                parts.append(f"\033[0;36m{text}\033[0m " if color else f"{text} ")
            else:
                parts.append(".".rjust(width + 1) + " ")
        lines.append("".join(parts).rstrip())
    return "\n".join(lines) + "\n"

