"""The edge-matching island model (edgematch.solve(method="vlns", executor=...)): independent
tabu searches on threads, processes and a Dask LocalCluster, the best board in the checkpoint,
the weakest islands restarted from the best board, resumption from the checkpoint. Budgets are
iterations, never seconds, so the tests do not depend on the machine's speed."""

from __future__ import annotations

import os
import random
import sys
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import numpy as np
import pytest

from cassetete import PuzzleError, edgematch
from cassetete.edgematch._islands import perturb

sys.path.insert(0, os.path.dirname(__file__))
from edgematch_checker import check_board, matched_joins  # noqa: E402


def hard_puzzle():
    puzzle, _planted = edgematch.generate(8, 8, colors=8, seed=3)
    return puzzle


def test_islands_on_threads_checkpoint_restarts_and_resume(tmp_path):
    puzzle = hard_puzzle()
    path = str(tmp_path / "best.txt")
    with ThreadPoolExecutor(2) as pool:
        first = edgematch.solve(puzzle, method="vlns", init="random", iterations=1600, seed=5, executor=pool,
                                checkpoint=path, islands=3)
    stats = first.stats
    assert stats["islands"] == 3 and stats["epochs"] >= 3 * 8 and stats["restarts"] >= 1
    assert stats["total"] == 2 * 8 * 7
    assert matched_joins(puzzle, first.solution) == stats["score"] == max(stats["island_scores"])
    assert [s for _t, s in stats["trajectory"]] == sorted({s for _t, s in stats["trajectory"]})
    saved = edgematch.read_board(path, puzzle)
    assert matched_joins(puzzle, saved) == stats["score"]  # the checkpoint holds the best board
    assert not stats["resumed"]
    with ThreadPoolExecutor(2) as pool:
        again = edgematch.solve(puzzle, method="vlns", init="random", iterations=400, seed=6, executor=pool,
                                checkpoint=path)
    assert again.stats["resumed"] and again.stats["score"] >= stats["score"]
    assert matched_joins(puzzle, edgematch.read_board(path, puzzle)) == again.stats["score"]


def test_islands_on_processes():
    puzzle, _planted = edgematch.generate(5, 5, colors=4, seed=3)
    with ProcessPoolExecutor(2) as pool:
        solved = edgematch.solve(puzzle, method="vlns", iterations=2000, seed=1, executor=pool)
        hard = hard_puzzle()
        partial = edgematch.solve(hard, method="vlns", init="random", iterations=800, seed=1, executor=pool)
    assert solved.status == "solved" and solved.stats["score"] == solved.stats["total"]
    assert check_board(5, 5, puzzle.pieces, solved.solution.tolist())
    assert partial.stats["islands"] == 2 and matched_joins(hard, partial.solution) == partial.stats["score"]


def test_islands_on_a_dask_cluster(tmp_path):
    distributed = pytest.importorskip("dask.distributed")
    puzzle = hard_puzzle()
    path = str(tmp_path / "best.txt")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        result = edgematch.solve(puzzle, method="vlns", init="random", iterations=800, seed=2, executor=client,
                                 checkpoint=path, restart_every=1)
    assert result.stats["islands"] == 2 and result.stats["restarts"] >= 1
    assert matched_joins(puzzle, result.solution) == result.stats["score"]
    assert matched_joins(puzzle, edgematch.read_board(path, puzzle)) == result.stats["score"]


def test_perturb_keeps_the_frame_and_the_fixed_pieces():
    puzzle, planted = edgematch.generate(6, 6, colors=4, seed=2)
    puzzle = puzzle.with_fixed({(2, 2): (int(planted[2, 2, 0]), int(planted[2, 2, 1]))})
    moved = perturb(puzzle, planted, 6, random.Random(3))
    assert sorted(moved[..., 0].ravel().tolist()) == list(range(36))
    frame = np.ones((6, 6), dtype=bool)
    frame[1:-1, 1:-1] = False
    assert (moved[frame] == planted[frame]).all() and (moved[2, 2] == planted[2, 2]).all()
    assert (moved != planted).any()
    assert matched_joins(puzzle, moved) is not None


def test_island_options_are_checked():
    puzzle = hard_puzzle()
    with ThreadPoolExecutor(1) as pool:
        with pytest.raises(PuzzleError, match="islands"):
            edgematch.solve(puzzle, method="vlns", iterations=10, executor=pool, islands=0)
        with pytest.raises(PuzzleError, match="workers"):
            edgematch.solve(puzzle, method="vlns", iterations=10, executor=pool, workers=2)
        with pytest.raises(PuzzleError, match="time_limit or an iterations"):
            edgematch.solve(puzzle, method="vlns", executor=pool)
    with pytest.raises(PuzzleError, match="only apply with an executor"):
        edgematch.solve(puzzle, method="vlns", iterations=10, islands=2)


def test_islands_start_from_the_cp_model():
    # init="cp-model" on an executor: each island starts from its own CP-model board (seed + i).
    puzzle = hard_puzzle()
    with ThreadPoolExecutor(2) as pool:
        result = edgematch.solve(puzzle, method="vlns", init="cp-model", relax=4, iterations=400, seed=7,
                                 executor=pool, islands=2, node_limit=2_000)
    assert result.stats["islands"] == 2
    assert matched_joins(puzzle, result.solution) == result.stats["score"] == max(result.stats["island_scores"])
