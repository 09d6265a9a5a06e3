"""Inputs that the fuzzers (tests/test_fuzz_parsers.py, fuzz/atheris_fuzz.py) found raising
something other than PuzzleError; each must now raise PuzzleError with a message that says
what is wrong."""

from __future__ import annotations

import math

import numpy as np
import pytest

from cassetete import PuzzleError, edgematch, exactcover, hashi, polyomino, shikaku, sudoku
from cassetete.exactcover import ExactCover

CASES = [
    # (call, words the message must contain)
    (lambda: polyomino.parse_region("999999999999999999996x10"), "cells"),  # numpy: Maximum allowed dimension
    (lambda: polyomino.parse_region("1000000x1000000"), "cells"),  # 10^12 cells: MemoryError before
    (lambda: polyomino.parse_region((10**6, 10**6)), "cells"),
    (lambda: polyomino.piece_set({"p": [[math.nan]]}), "integers"),  # ValueError: float NaN to integer
    (lambda: polyomino.piece_set({"p": [[math.inf, 0]]}), "integers"),  # OverflowError
    (lambda: polyomino.piece_set({"p": None}), "cells"),  # TypeError: NoneType is not iterable
    (lambda: polyomino.piece_set({"p": [[0.5, 0]]}), "integers"),  # was silently moved to (0, 0)
    (lambda: ExactCover.from_options([[0, ""]]), "integer"),  # TypeError: '>' between str and int
    (lambda: ExactCover.from_options([[0]], secondary=None), "secondary"),  # TypeError: int - None
    (lambda: shikaku.parse("999999999999999999992 .\n. 2"), "too large"),  # OverflowError to C long
    (lambda: edgematch.infer_size(np.array(False)), "shape"),  # TypeError: len() of unsized object
    (lambda: edgematch.parse("0 0 1 0\n888888888888888888888888888880 0 9 1\n1 0 0 0\n0 1 0 0\n"), "line 2"),
    (lambda: edgematch.parse("edgematch 1 1\n99999999999999999999999 0 0 0\n"), "line 2"),
    (lambda: edgematch.parse('{"width": 0, "height": 1, "pieces": [[0, 1, 0, 0]], '
                             '"hints": [{"pos": 0, "piece": 0, "rot": 0}]}'), "width"),  # ZeroDivisionError
    (lambda: edgematch.parse('{"width": 1, "height": 1, "pieces": [["a", 0, 0, 0]]}'), "label"),  # ValueError
    (lambda: sudoku.parse("¹ 0 0 0\n0 0 3 0\n0 4 0 0\n0 0 0 2"), "not a number"),
    (lambda: hashi.parse("¹"), "bad cell"),  # "¹".isdigit() is True: ValueError from int()
    (lambda: hashi.parse("3 3 4\n2 0 ²\n0 0 0\n1 0 1\n"), "line 2"),
    (lambda: shikaku.parse("4x4:¹"), "character"),
    (lambda: shikaku.parse("4x4:a999999999999999999992_2b2_2c2_2_2a2a"), "16 cells"),  # OverflowError
    # option values past int64: pybind11's "Unable to cast" RuntimeError before
    (lambda: sudoku.solve("." * 16, node_limit=2**63), "node_limit"),
    (lambda: exactcover.count_solutions(ExactCover.from_options([[0]]), node_limit=2**64 + 1), "node_limit"),
    (lambda: sudoku.solve_many(["." * 16], workers=2**63 - 1), "workers"),
    (lambda: edgematch.solve_local(edgematch.generate(3, 3, colors=3, seed=1)[0], iterations=5, workers=10**9),
     "workers"),  # built 10**9 boards: never returned
]


def test_polyomino_count_with_absurd_workers_returns_quickly():
    # workers=10**9 made 4e9 chunks (a hang); the pool is now no larger than the work.
    assert polyomino.count_solutions("2x3x10", workers=4096) == 12


@pytest.mark.parametrize("case", range(len(CASES)))
def test_found_by_fuzzing_now_raises_puzzle_error(case):
    call, words = CASES[case]
    with pytest.raises(PuzzleError, match=words):
        call()


def test_valid_inputs_next_to_the_regressions_still_read():
    assert polyomino.parse_region("6x10").sum() == 60
    assert polyomino.piece_set({"p": [[0, 0], [0, 1]]}) == {"p": ((0, 0), (0, 1))}
    assert polyomino.piece_set({"p": np.array([[0, 0], [1, 0]])}) == {"p": ((0, 0), (1, 0))}
    assert ExactCover.from_options([[0, 1], [np.int64(2)]]).items == 3
    assert shikaku.parse("2 .\n. 2").clue_values() == [2, 2]
    assert edgematch.infer_size(np.array([[0, 1, 1, 0], [0, 0, 1, 1], [1, 1, 0, 0], [1, 0, 0, 1]])) == (2, 2)
