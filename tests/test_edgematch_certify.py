"""Issue 22: every solved edge-matching (and jigsaw) answer is checked by the rules before it is
returned. The engines are monkeypatched to return a wrong board; the library must raise
cassetete.CheckFailed rather than return it. The checker here is the rules, written out."""

from __future__ import annotations

import types

import numpy as np
import pytest

import cassetete
from cassetete import edgematch as em
from cassetete.edgematch import _cp, _local, _solve
from cassetete.edgematch._verify import certified
from cassetete.edgematch._count import count_result  # the count as a Result (edgematch.count's body)


def rules_ok(puzzle: em.EdgePuzzle, board) -> bool:
    """The rules, independent of the library's verify: each piece once, frame 0 exactly on the
    rim, every inner join matching (equal or opposite labels)."""
    b = np.asarray(board)
    rows, cols = puzzle.rows, puzzle.cols
    if b.shape != (rows, cols, 2) or sorted(b[:, :, 0].ravel().tolist()) != list(range(rows * cols)):
        return False
    sides = np.empty((rows, cols, 4), dtype=np.int64)
    for r in range(rows):
        for c in range(cols):
            p, rot = int(b[r, c, 0]), int(b[r, c, 1])
            edges = [int(x) for x in puzzle.pieces[p]]
            sides[r, c] = [edges[(k - rot) % 4] for k in range(4)]
    sign = 1 if puzzle.matching == "equal" else -1
    for r in range(rows):
        for c in range(cols):
            for k, rim in enumerate((r == 0, c == cols - 1, r == rows - 1, c == 0)):
                if (sides[r, c, k] == 0) != rim:
                    return False
            if c + 1 < cols and sides[r, c, 1] != sign * sides[r, c + 1, 3]:
                return False
            if r + 1 < rows and sides[r, c, 2] != sign * sides[r + 1, c, 0]:
                return False
    return True


@pytest.fixture
def planted():
    return em.generate(4, 4, colors=3, seed=5)


def wrong(board: np.ndarray) -> np.ndarray:
    """The planted board with two pieces swapped: a well-formed board that breaks the rules."""
    bad = board.copy()
    bad[[0, 3], [0, 3]] = bad[[3, 0], [3, 0]]
    return bad


def test_the_rules_checker_agrees_with_the_planted_board(planted):
    p, board = planted
    assert rules_ok(p, board) and not rules_ok(p, wrong(board))
    assert em.verify(p, board) and not em.verify(p, wrong(board))


def test_backtracking_solve_refuses_a_wrong_board(planted, monkeypatch):
    p, board = planted
    real = _solve._run

    def lying_run(*args, **kwargs):
        out = dict(real(*args, **kwargs))
        if out["board"] is not None:
            out["board"] = wrong(np.asarray(out["board"]))
        return out

    monkeypatch.setattr(_solve, "_run", lying_run)
    with pytest.raises(cassetete.CheckFailed, match="edgematch"):
        em.solve(p)
    with pytest.raises(cassetete.CheckFailed):
        em.solve(p, workers=2)


def test_cp_solve_refuses_a_wrong_board(planted, monkeypatch):
    p, board = planted
    real = _cp.run_cp

    def lying_cp(*args, **kwargs):
        out = dict(real(*args, **kwargs))
        out["board"] = wrong(np.asarray(out["board"]))
        return out

    monkeypatch.setattr(_cp, "run_cp", lying_cp)
    with pytest.raises(cassetete.CheckFailed):
        em.solve_cp(p, seed=1)


def test_streamed_solutions_are_checked(planted, monkeypatch):
    p, board = planted

    class LyingStream:
        def __iter__(self):
            yield wrong(board).reshape(-1)

        def close(self):
            pass

        def outcome(self):
            return {"complete": True, "stats": {}}

    fake = types.SimpleNamespace(edgematch=types.SimpleNamespace(stream=lambda **kwargs: LyingStream()))
    monkeypatch.setattr(_solve, "_core", lambda: fake)
    with pytest.raises(cassetete.CheckFailed):
        list(em.solutions(p))


def test_local_search_solved_status_is_checked(planted, monkeypatch):
    p, board = planted
    monkeypatch.setattr(_local, "score", lambda puzzle, b: (puzzle.total_joins, puzzle.total_joins))
    with pytest.raises(cassetete.CheckFailed):
        em.solve_local(p, init="random", iterations=1, seed=1)


def test_real_answers_pass_the_check(planted):
    p, _ = planted
    for res in (em.solve(p), em.solve(p, workers=2), em.solve_cp(p, seed=1), count_result(p),
                em.solve_checkerboard(p), em.solve_relaxed_loop(p, relax=2, seed=1)):
        assert res.status == "solved" and rules_ok(p, res.solution)
    small, _ = em.generate(3, 3, colors=4, distinct=True, seed=3)
    res = em.solve_by_positions(small)
    assert res.status == "solved" and rules_ok(small, res.solution)
    assert all(rules_ok(p, b) for b in em.solutions(p, limit=3))


def test_certified_names_a_malformed_board(planted):
    p, board = planted
    bad = board.copy()
    bad[0, 0, 0] = 99
    with pytest.raises(cassetete.CheckFailed, match="piece 99 does not exist"):
        certified(p, bad)


def test_jigsaw_solved_status_is_certified(monkeypatch):
    from cassetete import jigsaw
    from cassetete.jigsaw import _solve as jsolve

    puzzle, _ = jigsaw.generate(3, 3, seed=4)
    good = jigsaw.solve(puzzle, method="labels")
    assert good.status == "solved" and jsolve.board_problem(jigsaw.find_edges(puzzle), good.solution) is None
    shuffled = good.solution[::-1, ::-1].copy()  # a half turn of the cells without turning the pieces

    monkeypatch.setattr(jsolve, "_solve_labels", lambda *args, **kwargs: (shuffled, "solved", None))
    monkeypatch.setattr(jsolve, "check_joins", lambda *args, **kwargs: {
        "costs": np.zeros(12), "doubtful": [], "rim_ok": True})
    with pytest.raises(cassetete.CheckFailed, match="jigsaw"):
        jigsaw.solve(puzzle, method="labels")
