"""The Sudoku rule counters mean the same on every path (issue 16).

``stats["rules"]`` (the general engine) counts the candidates each rule removed, for exactly the
rules asked; ``stats["deductions"]`` (the 9x9 bitboard engine, the default rules on 9x9) holds
only its guesses (values tried at branch points), never mixed with ``rules``. Both are checked
against what the rules themselves imply: a puzzle that plain exclusivity solves without a guess
loses exactly N - 1 candidates per empty cell and needs no guess. ``rules`` without
"exclusivity" and without a limit is refused."""

from __future__ import annotations

import itertools

import pytest

from cassetete import PuzzleError, sudoku
from sudoku_checker import decode_line, is_solution

EASY = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
HARD = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
EASY_4X4 = "1.3434.22.43432."  # one empty cell per row: exclusivity fills each


def exclusivity_solves(line: str, box=(3, 3)) -> bool:
    """True when repeated exclusivity alone (a fixed cell's value leaves its row, column and
    box) fixes every cell: written from the rule, independently of the engines."""
    size = box[0] * box[1]
    values = decode_line(line)
    cand = [{v} if v else set(range(1, size + 1)) for v in values]

    def peers(cell):
        r, c = divmod(cell, size)
        top, left = r - r % box[0], c - c % box[1]
        same = {r * size + k for k in range(size)} | {k * size + c for k in range(size)}
        same |= {(top + i) * size + left + j for i, j in itertools.product(range(box[0]), range(box[1]))}
        return same - {cell}

    done = set()
    while True:
        fixed = [cell for cell in range(size * size) if len(cand[cell]) == 1 and cell not in done]
        if not fixed:
            break
        for cell in fixed:
            done.add(cell)
            for peer in peers(cell):
                cand[peer] -= cand[cell]
    return all(len(c) == 1 for c in cand)


def empty_cells(line: str) -> int:
    return sum(v == 0 for v in decode_line(line))


def test_default_9x9_path_reports_deductions_only():
    for line in (EASY, HARD):
        result = sudoku.solve(line)
        assert is_solution(decode_line(line), result.solution.ravel(), (3, 3))
        stats = result.stats
        assert stats["engine"] == "bitboard9"
        assert "rules" not in stats  # candidates removed and deductions are never mixed
        assert set(stats["deductions"]) == {"guesses"}
        assert all(isinstance(v, int) and v >= 0 for v in stats["deductions"].values())


def test_a_puzzle_singles_solve_needs_no_bitboard_guess():
    assert exclusivity_solves(EASY)  # naked singles alone solve it: no guess is needed
    assert sudoku.solve(EASY).stats["deductions"] == {"guesses": 0}
    hard = sudoku.solve(HARD)
    # A hard puzzle needs guesses; every value tried at a branch point is a search node.
    assert hard.stats["deductions"]["guesses"] > 0
    assert hard.stats["deductions"]["guesses"] == hard.stats["nodes"]


@pytest.mark.parametrize("rules", [("exclusivity",), ("exclusivity", "uniqueness"),
                                   ("exclusivity", "uniqueness", "parity")])
def test_general_engine_counts_candidates_removed_per_rule(rules):
    assert exclusivity_solves(EASY)
    stats = sudoku.solve(EASY, rules=rules).stats
    assert stats["engine"] == "general" and "deductions" not in stats
    counts = stats["rules"]
    assert set(rules) <= set(counts)
    # A rule that was not asked removed nothing.
    assert all(counts[name] == 0 for name in counts if name not in rules)
    # No guess is needed, so every candidate but the value is removed by some rule, once.
    assert sum(counts.values()) == (9 - 1) * empty_cells(EASY)
    if rules == ("exclusivity",):
        assert counts["exclusivity"] == 8 * empty_cells(EASY)


def test_the_three_lecture_rules_each_count_on_a_hard_puzzle():
    result = sudoku.solve(HARD, rules=("exclusivity", "uniqueness", "parity"))
    assert is_solution(decode_line(HARD), result.solution.ravel(), (3, 3))
    counts = result.stats["rules"]
    assert counts["exclusivity"] > 0 and counts["uniqueness"] > 0 and counts["parity"] > 0
    assert counts.get("intersections", 0) == 0
    alone = sudoku.solve(HARD, rules=("exclusivity",)).stats["rules"]
    assert alone["uniqueness"] == alone["parity"] == 0 < alone["exclusivity"]


def test_other_orders_report_rules_with_the_default_set():
    assert exclusivity_solves(EASY_4X4, (2, 2))
    stats = sudoku.solve(EASY_4X4).stats
    assert stats["engine"] == "general"
    assert sum(stats["rules"].values()) == (4 - 1) * empty_cells(EASY_4X4)


def test_every_path_takes_rules_and_refuses_an_unbounded_empty_set():
    rules = ("exclusivity", "uniqueness", "parity")
    assert sudoku.count_solutions(HARD, rules=rules) == 1
    assert is_solution(decode_line(HARD), next(iter(sudoku.solutions(HARD, rules=rules))).ravel(), (3, 3))
    solutions, counts = sudoku.solve_many([HARD], rules=rules)
    assert counts[0] == 1 and is_solution(decode_line(HARD), solutions[0], (3, 3))
    for call in (lambda: sudoku.solve(EASY, rules=()), lambda: sudoku.count_solutions(EASY, rules=()),
                 lambda: list(sudoku.solutions(EASY, rules=())), lambda: sudoku.solve_many([EASY], rules=())):
        with pytest.raises(PuzzleError, match="exclusivity"):
            call()
    with pytest.raises(PuzzleError, match="unknown rule"):
        sudoku.solve(EASY, rules=("naked-pairs",))
    # Bounded, rules=() is allowed and stops at the limit instead of running for minutes.
    assert sudoku.solve(HARD, rules=(), node_limit=1000).status in {"limit", "solved"}
