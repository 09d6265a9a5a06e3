"""``verify`` in every family (issue 27): a malformed solution (wrong shape, bad indices, unknown
names) is a PuzzleError; a well-formed one that breaks a rule is False; a solution is True."""

from __future__ import annotations

import numpy as np
import pytest

from cassetete import PuzzleError, edgematch, exactcover, hashi, narrowing, polyomino, shikaku, sudoku


def _narrowing_model():
    model = narrowing.Model()
    a, b = model.int_var(0, 1, name="a"), model.int_var(0, 1, name="b")
    model.add_all_different([a, b])
    return model


EDGE, _ = edgematch.generate(2, 2, colors=2, seed=1)

# family -> (verify as a function of the solution, a solution, rule-breaking ones, malformed ones)
CASES = {
    "sudoku": (lambda s: sudoku.verify("." * 16, s), "1234341221434321",
               ["1234" * 4, np.zeros((4, 4), int)], [[1, 2, 3], np.zeros((2, 8), int), np.full((4, 4), 1.5)]),
    "exactcover": (lambda s: exactcover.verify([[0], [1], [0, 1]], s), [2],
                   [[0], [0, 2], [2, 2]], [[7], [True], "2", None]),
    "polyomino": (lambda s: polyomino.verify("1x5", s, pieces=["I"]), np.array([["I"] * 5]),
                  [np.array([["I"] * 4 + ["."]])], [np.array([["I"] * 4]), np.array([["Q"] * 5]), None]),
    "shikaku": (lambda s: shikaku.verify("2 .\n2 .", s), [(0, 0, 1, 2), (1, 0, 1, 2)],
                [[(0, 0, 2, 1), (0, 1, 2, 1)], [(1, 0, 1, 2), (0, 0, 1, 2)]],
                [[(0, 0, 1, 2)], [(0, 0, 1)] * 2, [(0, 0, 1, 3), (1, 0, 1, 2)], None]),
    "hashi": (lambda s: hashi.verify("3x1m2:1a1", s), [(0, 0, 0, 2, 1)],
              [[(0, 0, 0, 2, 2)], []], [[(0, 0, 0, 5, 1)], [(0, 0, 1)], None, "ab"]),
    "narrowing": (lambda s: narrowing.verify(_narrowing_model(), s), {"a": 0, "b": 1},
                  [{"a": 1, "b": 1}, [0, 7]], [{"a": 0}, {"a": 0, "c": 1}, [0], [0, "x"], None]),
    "edgematch": (lambda s: edgematch.verify(EDGE, s), edgematch.solve(EDGE).solution,
                  [], [np.zeros((3, 3, 2), int)]),
}


@pytest.mark.parametrize("family", sorted(CASES))
def test_a_solution_is_true_a_broken_one_false_a_malformed_one_an_error(family):
    verify, good, broken, malformed = CASES[family]
    assert verify(good) is True
    for solution in broken:
        assert verify(solution) is False, solution
    for solution in malformed:
        with pytest.raises(PuzzleError):
            verify(solution)
