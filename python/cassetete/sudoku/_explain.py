"""The step-by-step view of the Sudoku lecture notes (the "Règles EUP" button): which rule placed or removed
which value where, and the text display of the grid (placed values, else candidate counts)."""

from __future__ import annotations

from typing import List, NamedTuple, Optional, Sequence

import numpy as np

from .. import _core
from .._options import check_count
from ._formats import PuzzleLike, as_sudoku
from ._model import SEED_RULES, check_rules


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
            box: Optional[Sequence[int]] = None, passes: Optional[int] = None) -> List[Step]:
    """The rule applications of root propagation, in order, until the rules reach a fixpoint
    (the puzzle is then solved, stuck, or contradictory: compare with `render`).

    With ``passes=k`` the rules are applied only k times each, as the lecture notes' "Règles EUP"
    button does once per click: each rule sweeps the grid once as it stands when the rule starts
    (exclusivity from the cells found then, uniqueness, then parity), so a value revealed by the
    pass is not yet propagated (the notes' "apparent inconsistency").

    Example:
        >>> steps = explain("1.34" "34.2" "2.4." "4.2.")
        >>> str(steps[0])
        'exclusivity: removes 1 at r1c2 (cell r1c1)'
        >>> easy = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
        >>> str(explain(easy, passes=1)[0])
        'exclusivity: removes 3 at r1c1 (cell r1c3)'
        >>> eup = ("exclusivity", "uniqueness", "parity")    # cells found after 1, 2, 3 and 5 clicks (32 clues)
        >>> [sum(bin(int(m)).count("1") == 1 for m in candidates(easy, rules=eup, passes=k).ravel()) for k in (1, 2, 3, 5)]
        [47, 57, 71, 81]
    """
    sudoku = as_sudoku(puzzle, box)
    if passes is not None:
        return _sweeps(sudoku, check_rules(rules), check_count(passes, "passes", 1))[1]
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
               box: Optional[Sequence[int]] = None, passes: Optional[int] = None) -> np.ndarray:
    """The candidate masks after propagating `rules`: an (N, N) uint64 array, bit v-1 set when
    value v is still possible (the Sudoku lecture notes' matrix G). ``passes=k``: after k sweeps
    of each rule only (the notes' button clicked k times; see :func:`explain`).

    Example:
        >>> int(candidates("1" + "." * 15)[0, 1])
        14
    """
    sudoku = as_sudoku(puzzle, box)
    if passes is not None:
        masks = _sweeps(sudoku, check_rules(rules), check_count(passes, "passes", 1))[0]
        return masks.reshape(sudoku.size, sudoku.size)
    _contradiction, masks, _stats, _steps = _core.sudoku.propagate(
        sudoku.grid.ravel(), sudoku.box[0], sudoku.box[1], check_rules(rules), False)
    return masks.reshape(sudoku.size, sudoku.size)


def _units(size: int, box_rows: int, box_cols: int) -> List[List[int]]:
    """The cells of each unit, numbered as the engine numbers them: rows, then columns, then boxes."""
    rows = [[r * size + c for c in range(size)] for r in range(size)]
    columns = [[r * size + c for r in range(size)] for c in range(size)]
    boxes = [[(top + r) * size + left + c for r in range(box_rows) for c in range(box_cols)]
             for top in range(0, size, box_rows) for left in range(0, size, box_cols)]
    return rows + columns + boxes


def _sweeps(sudoku, names: Sequence[str], passes: int):
    """The notes' button clicked ``passes`` times: (candidate masks (N*N,) uint64, steps).

    A teaching view on one grid (a few thousand mask operations a pass), not a search path: the
    searches propagate to the fixpoint in C++."""
    size = sudoku.size
    full = (1 << size) - 1
    masks = [full if v == 0 else 1 << (int(v) - 1) for v in sudoku.grid.ravel()]
    units = _units(size, sudoku.box[0], sudoku.box[1])
    peers_units = [[] for _ in masks]  # type: List[List[int]]
    for number, unit in enumerate(units):
        for cell in unit:
            peers_units[cell].append(number)
    steps: List[Step] = []

    def record(rule: str, action: str, value_bit: int, cell: int, cause: str) -> None:
        steps.append(Step(rule, action, value_bit.bit_length(), cell // size + 1, cell % size + 1, cause))

    def remove(cell: int, bits: int, rule: str, cause: str) -> None:
        for value in range(size):
            bit = 1 << value
            if bits & bit and masks[cell] & bit:
                masks[cell] &= ~bit
                record(rule, "eliminate", bit, cell, cause)

    for _ in range(passes):
        if "exclusivity" in names:
            found = [(cell, m) for cell, m in enumerate(masks) if m and m & (m - 1) == 0]
            for cell, bit in found:
                cause = f"cell r{cell // size + 1}c{cell % size + 1}"
                for number in peers_units[cell]:
                    for other in units[number]:
                        if other != cell:
                            remove(other, bit, "exclusivity", cause)
        if "uniqueness" in names:
            snapshot = list(masks)
            for number, unit in enumerate(units):
                for value in range(size):
                    bit = 1 << value
                    places = [cell for cell in unit if snapshot[cell] & bit]
                    if len(places) == 1 and snapshot[places[0]] != bit and masks[places[0]] & bit:
                        masks[places[0]] = bit
                        record("uniqueness", "place", bit, places[0], _unit_name(number, size))
        if "parity" in names:
            snapshot = list(masks)
            for number, unit in enumerate(units):
                pairs = [cell for cell in unit if bin(snapshot[cell]).count("1") == 2]
                for i, first in enumerate(pairs):
                    for second in pairs[i + 1:]:
                        if snapshot[first] == snapshot[second]:
                            for other in unit:
                                if other not in (first, second):
                                    remove(other, snapshot[first], "parity", _unit_name(number, size))
    return np.array(masks, dtype=np.uint64), steps
