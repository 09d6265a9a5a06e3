"""The step-by-step view of the Sudoku lecture notes (the "Règles EUP" button): which rule placed or removed
which value where, and the text display of the grid (placed values, else candidate counts)."""

from __future__ import annotations

from typing import List, NamedTuple, Optional, Sequence

import numpy as np

from .. import _core
from ._formats import PuzzleLike, as_sudoku
from ._model import check_rules

SEED_RULES = ("exclusivity", "uniqueness", "parity")


class Step(NamedTuple):
    """One rule application: `action` "place" (value fixed in the cell) or "eliminate" (value
    removed from the cell); `cause` says what triggered it (a cell or a unit).

    Example:
        >>> from cassetete import sudoku
        >>> step = sudoku.explain("12..34..........")[0]
        >>> step.rule, step.action, step.value, (step.row, step.column)
        ('exclusivity', 'eliminate', 1, (1, 3))
        >>> print(step)
        exclusivity: removes 1 at r1c3 (cell r1c1)
    """

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
