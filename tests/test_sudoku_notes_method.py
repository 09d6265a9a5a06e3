"""``sudoku.solve(method="notes")`` is the lecture notes' plain algorithm ("Problème du Sudoku":
BouclerRègles, then algorithm Sudoku): the rules eup to a fixpoint, then the first cell of
fewest candidates, its values in increasing order. Its solutions and node counts are compared
with an independent implementation written here from the notes' text; ``explain(passes=k)`` with
k clicks of the notes' "Règles EUP" button."""

from __future__ import annotations

from pathlib import Path
from typing import List, Optional

import pytest
from sudoku_checker import decode_line, is_solution, units

from cassetete import PuzzleError, sudoku

DATA = Path(__file__).resolve().parent / "data" / "sudoku"


def _fixpoint(masks: List[int], unit_cells: List[List[int]]) -> Optional[List[int]]:
    """The rules eup until nothing changes; None on a contradiction (an empty cell, or a value
    with no place left in a unit, which uniqueness forbids: each value is once in each unit)."""
    masks = list(masks)
    changed = True
    while changed:
        changed = False
        for unit in unit_cells:  # exclusivity
            for cell in unit:
                bit = masks[cell]
                if bit and bit & (bit - 1) == 0:
                    for other in unit:
                        if other != cell and masks[other] & bit:
                            masks[other] &= ~bit
                            changed = True
                            if not masks[other]:
                                return None
        for unit in unit_cells:  # uniqueness
            for value in range(len(unit)):
                bit = 1 << value
                places = [cell for cell in unit if masks[cell] & bit]
                if not places:
                    return None
                if len(places) == 1 and masks[places[0]] != bit:
                    masks[places[0]] = bit
                    changed = True
        for unit in unit_cells:  # parity
            pairs = [cell for cell in unit if bin(masks[cell]).count("1") == 2]
            for i, first in enumerate(pairs):
                for second in pairs[i + 1:]:
                    if masks[first] == masks[second]:
                        for other in unit:
                            if other not in (first, second) and masks[other] & masks[first]:
                                masks[other] &= ~masks[first]
                                changed = True
                                if not masks[other]:
                                    return None
    return masks


def notes_solve(line: str, box=(3, 3)):
    """The notes' algorithm Sudoku: (solution values or None, nodes = consistent states searched)."""
    size = box[0] * box[1]
    unit_cells = units(size, box)
    full = (1 << size) - 1
    start = [full if v == 0 else 1 << (v - 1) for v in decode_line(line)]
    nodes = 0

    def search(masks):
        nonlocal nodes
        nodes += 1
        open_cells = [(bin(m).count("1"), cell) for cell, m in enumerate(masks) if bin(m).count("1") > 1]
        if not open_cells:
            return [m.bit_length() for m in masks]
        _, cell = min(open_cells)  # the fewest candidates, the first such cell
        for value in range(size):
            if masks[cell] >> value & 1:
                child = list(masks)
                child[cell] = 1 << value
                child = _fixpoint(child, unit_cells)
                if child is not None:
                    found = search(child)
                    if found is not None:
                        return found
        return None

    root = _fixpoint(start, unit_cells)
    return (None, 0) if root is None else (search(root), nodes)


def _puzzles(name: str, count: int, step: int = 1) -> List[str]:
    lines = [line.strip() for line in (DATA / name).read_text().splitlines() if len(line.strip()) == 81]
    return lines[::step][:count]


CASES = _puzzles("17clue_first3000.txt", 6, 500) + _puzzles("top1465.txt", 6, 200) + [
    "1..." "..2." ".3.." "...4", "." * 16, "12.." "34.." "...." "....",
]


@pytest.mark.parametrize("line", CASES)
def test_notes_method_is_the_notes_algorithm(line):
    box = (2, 2) if len(line) == 16 else (3, 3)
    expected, nodes = notes_solve(line, box)
    result = sudoku.solve(line, method="notes")
    assert result.stats["nodes"] == nodes
    if expected is None:
        assert result.status == "unsatisfiable"
    else:
        assert result.status == "solved" and result.solution.ravel().tolist() == expected
        assert is_solution(decode_line(line), result.solution.ravel().tolist(), box)


def test_notes_method_searches_a_larger_tree_than_the_default_on_hard_puzzles():
    hard = _puzzles("top1465.txt", 20)
    plain = sum(sudoku.solve(p, method="notes").stats["nodes"] for p in hard)
    general = sum(sudoku.solve(p, rules=sudoku.DEFAULT_RULES[:3]).stats["nodes"] for p in hard)
    assert plain > 0 and general > 0 and plain != general  # the notes' tree is its own


def test_notes_method_refuses_what_it_does_not_use():
    with pytest.raises(PuzzleError, match="workers"):
        sudoku.solve("." * 16, method="notes", workers=2)
    with pytest.raises(PuzzleError, match="seed"):
        sudoku.solve("." * 16, method="notes", seed=1)


def _found(masks) -> int:
    return sum(bin(int(m)).count("1") == 1 for m in masks.ravel())


def test_explain_one_pass_is_one_click_of_the_button():
    easy = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
    eup = ("exclusivity", "uniqueness", "parity")
    counts = [_found(sudoku.candidates(easy, rules=eup, passes=k)) for k in range(1, 7)]
    assert counts == sorted(counts) and counts[0] > 32 and counts[-1] == 81  # each click reveals more
    assert counts[0] < 81  # one click does not reach the fixpoint here
    first = sudoku.explain(easy, passes=1)
    # a click sweeps exclusivity from the 32 clues only: every elimination's cause is a clue
    clue_cells = {f"cell r{i // 9 + 1}c{i % 9 + 1}" for i, ch in enumerate(easy) if ch != "."}
    assert {s.cause for s in first if s.rule == "exclusivity"} <= clue_cells
    two = sudoku.explain(easy, passes=2)
    assert two[:len(first)] == first and len(two) > len(first)
    with pytest.raises(PuzzleError, match="passes"):
        sudoku.explain(easy, passes=0)
