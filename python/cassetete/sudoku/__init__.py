"""Sudoku of any box shape r x c (N = r*c <= 64): parsing, solving, counting, batches,
generation, rating and the Sudoku lecture notes' step-by-step rules.

Example:
    >>> from cassetete import sudoku
    >>> p = sudoku.parse("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........")
    >>> r = sudoku.solve(p)
    >>> r.status, sudoku.verify(p, r.solution), sudoku.count_solutions(p)
    ('solved', True, 1)
"""

from __future__ import annotations

from ._batch import solve_file
from ._explain import Step, candidates, explain
from ._formats import FORMATS, as_sudoku, dump, format, iter_puzzles, load, load_many, parse, parse_lines_array, parse_many
from ._generate import Rating, generate, rate
from ._jobs import SudokuJob
from ._model import DEFAULT_RULES, MAX_ORDER, RULES, Sudoku, infer_box
from ._render import render, to_svg
from ._simd import warn_on_simd_override
from ._solve import INVALID, METHODS, BatchResult, count_solutions, invalid_puzzles, solutions, solve, solve_many
from ._split import split
from ._verify import check_batch, verify

warn_on_simd_override()

__all__ = [
    "DEFAULT_RULES",
    "FORMATS",
    "INVALID",
    "MAX_ORDER",
    "METHODS",
    "RULES",
    "BatchResult",
    "Rating",
    "SudokuJob",
    "Step",
    "Sudoku",
    "as_sudoku",
    "candidates",
    "check_batch",
    "count_solutions",
    "dump",
    "explain",
    "format",
    "generate",
    "infer_box",
    "invalid_puzzles",
    "iter_puzzles",
    "load",
    "load_many",
    "parse",
    "parse_lines_array",
    "parse_many",
    "rate",
    "render",
    "solutions",
    "solve",
    "solve_file",
    "solve_many",
    "split",
    "to_svg",
    "verify",
]
