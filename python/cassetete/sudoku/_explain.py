"""The step-by-step view of the Sudoku lecture notes (the "Règles EUP" button): which rule placed or removed
which value where, and the text display of the grid (placed values, else candidate counts)."""

from __future__ import annotations

from typing import List, NamedTuple, Optional, Sequence

import numpy as np

from .. import _core
from .._errors import PuzzleError
from ._model import SYMBOLS, Sudoku
from ._solve import PuzzleLike, as_sudoku, check_rules

SEED_RULES = ("exclusivity", "uniqueness", "parity")


class Step(NamedTuple):
    """One rule application: `action` "place" (value fixed in the cell) or "eliminate" (value
    removed from the cell); `cause` says what triggered it (a cell or a unit)."""

    rule: str
    action: str
    value: int
    row: int  # 1-based
    column: int  # 1-based
    cause: str

    def __str__(self) -> str:
        verb = "places" if self.action == "place" else "removes"
        return f"{self.rule}: {verb} {self.value} at r{self.row}c{self.column} ({self.cause})"


def _unit_name(unit: int, size: int) -> str:
    kind, number = divmod(unit, size)
    return f"{('row', 'column', 'box')[kind]} {number + 1}"


def explain(puzzle: PuzzleLike, *, rules: Sequence[str] = SEED_RULES,
            box: Optional[Sequence[int]] = None) -> List[Step]:
    """The rule applications of root propagation, in order, until the rules reach a fixpoint
    (the puzzle is then solved, stuck, or contradictory: compare with `render`).

    Example:
        >>> steps = explain("1.34" "34.2" "2.4." "4.2.")
        >>> str(steps[0])
        'exclusivity: removes 1 at r1c2 (cell r1c1)'
    """
    sudoku = as_sudoku(puzzle, box)
    size = sudoku.size
    _contradiction, _candidates, _stats, raw = _core.sudoku.propagate(
        sudoku.grid.ravel(), sudoku.box[0], sudoku.box[1], check_rules(rules), True)
    steps = []
    for rule, action, value, cell, cause in raw:
        if rule == "exclusivity":
            cause_text = f"cell r{cause // size + 1}c{cause % size + 1}"
        else:
            cause_text = _unit_name(cause, size)
        steps.append(Step(rule, action, int(value), cell // size + 1, cell % size + 1, cause_text))
    return steps


def candidates(puzzle: PuzzleLike, *, rules: Sequence[str] = ("exclusivity",),
               box: Optional[Sequence[int]] = None) -> np.ndarray:
    """The candidate masks after propagating `rules`: an (N, N) uint64 array, bit v-1 set when
    value v is still possible (the Sudoku lecture notes' matrix G).

    Example:
        >>> int(candidates("1" + "." * 15)[0, 1])
        14
    """
    sudoku = as_sudoku(puzzle, box)
    _contradiction, masks, _stats, _steps = _core.sudoku.propagate(
        sudoku.grid.ravel(), sudoku.box[0], sudoku.box[1], check_rules(rules), False)
    return masks.reshape(sudoku.size, sudoku.size)


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
    sudoku = as_sudoku(puzzle, box)
    size = sudoku.size
    masks = globals()["candidates"](sudoku, rules=rules) if candidates else None
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
                text = _symbol(value, size).rjust(width + 1)
                parts.append(f"\033[1;33m{text}\033[0m " if color else f"{text} ")
            elif masks is not None:
                count = bin(mask).count("1")
                text = f"·{count}".rjust(width + 1) if not color else str(count).rjust(width + 1)
                parts.append(f"\033[0;36m{text}\033[0m " if color else f"{text} ")
            else:
                parts.append(".".rjust(width + 1) + " ")
        lines.append("".join(parts).rstrip())
    return "\n".join(lines) + "\n"


def _symbol(value: int, size: int) -> str:
    return SYMBOLS[value - 1] if size <= len(SYMBOLS) else str(value)
