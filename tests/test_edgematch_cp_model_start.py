"""Issue 20: the CP model of section 2 (cp_start) as the tabu search's start, init="cp-model",
next to init="cp" (the engine's relaxed search in row order). Boards are checked against the
rules written here, not against stored answers."""

from __future__ import annotations

import numpy as np

from cassetete import edgematch as em

from edgematch_checker import check_board, matched_joins


def is_permutation_board(puzzle: em.EdgePuzzle, board) -> bool:
    b = np.asarray(board)
    return sorted(b[:, :, 0].ravel().tolist()) == list(range(puzzle.size)) and set(b[:, :, 1].ravel().tolist()) <= {0, 1, 2, 3}


def test_cp_model_is_a_documented_start():
    assert "cp-model" in em.INITS and "cp" in em.INITS
    assert "cp-model" in (em.solve_local.__doc__ or "") and "cp-model" in (em.initial_board.__doc__ or "")


def test_initial_board_cp_model_is_the_cp_start():
    p, _ = em.generate(6, 6, colors=5, seed=1)
    board, info = em.initial_board(p, "cp-model", relax=4, seed=2)
    same, facts = em.cp_start(p, 4, seed=2)
    assert np.array_equal(board, same) and info["score"] == facts["score"] == matched_joins(p, board)
    assert is_permutation_board(p, board) and len(info["relaxed"]) == 4


def test_tabu_search_from_the_cp_model_on_a_planted_board():
    p, planted = em.generate(5, 5, colors=4, seed=3)
    assert check_board(5, 5, p.pieces, planted)
    res = em.solve_local(p, init="cp-model", relax=3, iterations=20_000, seed=1)
    assert res.stats["init"] == "cp-model"
    board, facts = em.cp_start(p, 3, seed=1)
    assert res.stats["init_score"] == facts["score"] == matched_joins(p, board)
    assert res.stats["init_solved"] == facts["solved"]
    assert res.status == "solved" and check_board(5, 5, p.pieces, res.solution)
    assert res.stats["score"] == matched_joins(p, res.solution) == p.total_joins


def test_cp_model_without_relaxation_starts_solved():
    p, _ = em.generate(5, 5, colors=4, seed=7)
    res = em.solve_local(p, init="cp-model", iterations=10, seed=4, workers=2)
    assert res.stats["init"] == "cp-model" and res.stats["init_solved"] is True
    assert res.stats["init_score"] == p.total_joins and res.status == "solved"
    assert check_board(5, 5, p.pieces, res.solution)


def test_init_cp_keeps_its_meaning():
    p, _ = em.generate(5, 5, colors=4, seed=3)
    res = em.solve_local(p, init="cp", relax=2, iterations=50, seed=1)
    assert res.stats["init"] == "cp"


def test_cp_model_start_on_an_executor_is_checked():
    from concurrent.futures import ThreadPoolExecutor

    p, _ = em.generate(4, 4, colors=3, seed=1)
    with ThreadPoolExecutor(1) as pool:
        res = em.solve_local(p, init="cp-model", iterations=10, seed=3, executor=pool)
    assert res.stats["islands"] == 1
    if res.status == "solved":
        assert em.verify(p, res.solution)
