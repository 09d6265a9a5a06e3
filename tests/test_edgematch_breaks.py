"""edgematch.solve(method="breaks"): backtracking with scheduled breaks. Boards are checked by the
independent checker and join count (tests/edgematch_checker.py, written from the rules);
every run is bounded by nodes, not seconds, so nothing depends on the machine's speed."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

from cassetete import PuzzleError, edgematch
from cassetete.edgematch._breaks import break_schedule, scan_order

sys.path.insert(0, str(Path(__file__).resolve().parent))
from edgematch_checker import (  # noqa: E402
    best_score, breaks_profile, check_board, complete_board_ok, matched_joins)
from interrupts import RepeatingInterrupt  # noqa: E402


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_breaks_solves_small_generated_puzzles(seed):
    puzzle, _ = edgematch.generate(5, 5, colors=4, seed=seed)
    res = edgematch.solve(puzzle, method="breaks", seed=seed, node_limit=2_000_000)
    assert res.status == "solved"
    assert check_board(5, 5, puzzle.pieces, res.solution, puzzle.matching, puzzle.fixed)
    assert res.stats["score"] == res.stats["total"] == puzzle.total_joins
    assert res.stats["stop"] == "solved"


@pytest.mark.parametrize("seed", [1, 2])
def test_breaks_solves_jigsaw_matching_with_inner_clues(seed):
    """Opposite matching (a tab faces a blank) and clues inside the board, so that cells meet
    placed neighbours on three sides: every answer is checked from the rules."""
    puzzle, planted = edgematch.generate(6, 6, colors=4, matching="opposite", seed=seed)
    clues = {(2, 3): tuple(int(v) for v in planted[2][3]), (4, 1): tuple(int(v) for v in planted[4][1])}
    puzzle = puzzle.with_fixed(clues)
    res = edgematch.solve(puzzle, method="breaks", scan="row", seed=seed, node_limit=5_000_000)
    board = res.solution.tolist()
    assert res.status == "solved" and complete_board_ok(puzzle, board)
    assert check_board(6, 6, puzzle.pieces, res.solution, puzzle.matching, puzzle.fixed)
    assert matched_joins(puzzle, board) == res.stats["score"] == puzzle.total_joins


def _unsolvable(seed):
    """A 4 x 4 puzzle with one inner piece turned over (W and E swapped): no solution."""
    puzzle, _ = edgematch.generate(4, 4, colors=3, seed=seed)
    pieces = np.array(puzzle.pieces)
    inner = [i for i, p in enumerate(pieces) if 0 not in p]
    n, e, s, w = pieces[inner[0]]
    pieces[inner[0]] = (n, w, s, e)
    return edgematch.EdgePuzzle(4, 4, pieces)


def test_breaks_returns_the_best_complete_board_of_an_unsolvable_puzzle():
    puzzle = _unsolvable(2)  # seed 2's variant has no solution (checked here, not assumed)
    assert edgematch.count_solutions(puzzle, limit=1) == 0
    res = edgematch.solve(puzzle, method="breaks", seed=5, node_limit=2_000_000)
    assert res.status == "limit"
    assert complete_board_ok(puzzle, res.solution.tolist())
    assert matched_joins(puzzle, res.solution.tolist()) == res.stats["score"] < res.stats["total"]
    # every board the schedule allows (one break on 16 cells) was tried; the answer is a completion
    assert res.stats["stop"] == "exhausted" and len(res.stats["schedule"]) == 1
    assert res.stats["completions"] >= 1


def test_breaks_on_eternity2_gives_a_checked_complete_board():
    puzzle = edgematch.eternity2("centre")
    res = edgematch.solve(puzzle, method="breaks", seed=7, node_limit=3_000_000)
    board = res.solution.tolist()
    assert res.status == "limit" and res.stats["stop"] == "node_limit"
    assert complete_board_ok(puzzle, board)
    assert matched_joins(puzzle, board) == res.stats["score"] == res.stats["best"]
    assert res.stats["total"] == 480 and res.stats["nodes"] == 3_000_000
    assert res.stats["quotas"] and res.stats["schedule"][0] == 201 and len(res.stats["schedule"]) == 14
    scores = [s for _, s in res.stats["trajectory"]]
    assert scores == sorted(scores) and scores[-1] == res.stats["score"]
    assert res.stats["partial_score"] >= res.stats["score"]
    # 3 x 10^6 placements pass two looks (every 2^20) at which depths no back-up reached
    assert res.stats["filters"] >= 1


def test_breaks_same_seed_same_board_and_workers():
    puzzle = edgematch.eternity2("centre")
    one = edgematch.solve(puzzle, method="breaks", seed=11, node_limit=400_000)
    two = edgematch.solve(puzzle, method="breaks", seed=11, node_limit=400_000)
    assert np.array_equal(one.solution, two.solution) and one.stats["score"] == two.stats["score"]
    both = edgematch.solve(puzzle, method="breaks", seed=11, node_limit=800_000, workers=2)
    assert both.stats["workers"] == 2 and len(both.stats["worker_scores"]) == 2
    assert both.stats["nodes"] <= 800_000
    assert both.stats["score"] == max(both.stats["worker_scores"])
    assert complete_board_ok(puzzle, both.solution.tolist())
    assert matched_joins(puzzle, both.solution.tolist()) == both.stats["score"]


def test_breaks_restarts_and_row_scan():
    puzzle = edgematch.eternity2("centre")
    res = edgematch.solve(puzzle, method="breaks", seed=3, node_limit=600_000, restart_nodes=100_000, scan="row",
                          schedule="jb470", quotas=False)
    assert res.stats["restarts"] >= 2
    assert not res.stats["quotas"] and len(res.stats["schedule"]) == 10
    assert complete_board_ok(puzzle, res.solution.tolist())
    assert matched_joins(puzzle, res.solution.tolist()) == res.stats["score"]


def test_breaks_time_limit_and_ctrl_c():
    puzzle = edgematch.eternity2("centre")
    res = edgematch.solve(puzzle, method="breaks", seed=1, time_limit=0.3)
    assert res.stats["stop"] == "time_limit" and res.stats["seconds"] < 30
    timer = RepeatingInterrupt(0.5)
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            edgematch.solve(puzzle, method="breaks", seed=1, workers=2)
    finally:
        timer.cancel()


def test_breaks_polished_by_the_local_search():
    """The hybrid: the breaks board as the start of the very large neighbourhood search."""
    puzzle = edgematch.eternity2("centre")
    res = edgematch.solve(puzzle, method="breaks", seed=2, time_limit=2.0, polish=0.5)
    board = res.solution.tolist()
    assert complete_board_ok(puzzle, board)
    assert matched_joins(puzzle, board) == res.stats["score"]
    assert "polish" in res.stats and res.stats["polish"]["init"] == "board"
    scores = [s for _, s in res.stats["trajectory"]]
    assert scores == sorted(scores) and scores[-1] == res.stats["score"]


def test_scan_orders_are_permutations():
    for rows, cols in ((1, 1), (3, 4), (9, 12), (10, 10), (16, 16), (12, 20)):
        for scan in ("blackwood", "row"):
            order = scan_order(rows, cols, scan)
            assert sorted(order.tolist()) == list(range(rows * cols))
    order = scan_order(16, 16).tolist()
    assert order[:176] == list(range(176)) and order[-1] == 255


def test_schedule_counts_breaks_by_depth():
    puzzle = edgematch.eternity2("centre")
    order = scan_order(16, 16)
    allowed, depths = break_schedule(puzzle, None, order)
    assert allowed.size == 255 and allowed[:199].max() == 0 and allowed[-1] == 14
    assert list(allowed) == sorted(allowed)
    allowed, depths = break_schedule(puzzle, [250, 100], order)
    assert depths == [100, 250] and allowed[-1] == 2


def _without_a_good_board(colors, seed):
    """A generated 4 x 4 whose planted board is spoiled: two inner edges recoloured."""
    puzzle, _ = edgematch.generate(4, 4, colors=colors, seed=seed)
    pieces = np.array(puzzle.pieces)
    inner = [(i, s) for i in range(len(pieces)) for s in range(4) if pieces[i][s] != 0]
    for i, s in (inner[0], inner[len(inner) // 2]):
        pieces[i][s] = colors + 1
    return edgematch.EdgePuzzle(4, 4, pieces)


def _spoiled_3x3(colors, seed, clue):
    """A generated 3 x 3 whose centre piece is recoloured at random (from the inner colours the
    other pieces show), with the planted board's bottom-right corner as a clue when asked (then
    two cells meet three placed neighbours in the row-by-row scan)."""
    puzzle, planted = edgematch.generate(3, 3, colors=colors, seed=seed)
    pieces = np.array(puzzle.pieces)
    centre = int(planted[1][1][0])
    shown = sorted({int(v) for i, piece in enumerate(pieces) if i != centre for v in piece if v != 0})
    pieces[centre] = np.random.default_rng(seed).choice(shown, size=4)
    spoiled = edgematch.EdgePuzzle(3, 3, pieces)
    return spoiled.with_fixed({(2, 2): tuple(int(v) for v in planted[2][2])}) if clue else spoiled


@pytest.mark.parametrize("clue", [False, True])
@pytest.mark.parametrize("colors, seed", [(2, 0), (2, 4), (3, 0), (3, 1), (3, 2), (4, 0), (4, 6)])
def test_breaks_completions_reach_the_best_board_of_small_puzzles(colors, seed, clue):
    """No break in the search, and every partial board completed by the branch and bound with
    a budget it never exhausts: the answer must be the best board there is, found here by
    trying every board (boards of 2-3 breaks among them, so the completion's pruning by the
    breaks an option may still add is exercised)."""
    puzzle = _spoiled_3x3(colors, seed, clue)
    best = best_score(puzzle)
    assert best < puzzle.total_joins  # no board without breaks: the case is what the test needs
    res = edgematch.solve(puzzle, method="breaks", schedule=[], complete_tail=8, complete_nodes=10**6,
                          seed=seed, node_limit=10**7)
    board = res.solution.tolist()
    assert complete_board_ok(puzzle, board)
    assert matched_joins(puzzle, board) == res.stats["score"] == best
    assert res.stats["stop"] in ("exhausted", "solved")


@pytest.mark.parametrize("colors, seed", [(3, 0), (3, 9), (4, 2)])
@pytest.mark.parametrize("first_break", [8, 11])
def test_depth_profile_counts_every_partial_board_by_its_breaks(colors, seed, first_break):
    """On puzzles where no board completes within one break, the search tries every partial
    board the schedule allows (no completion, no tightening): its depth profile must be the
    count, made from the rules, of the boards of each size holding each number of breaks."""
    puzzle = _without_a_good_board(colors, seed)
    allowed = [0] * (first_break - 1) + [1] * (16 - first_break + 1)
    expected = breaks_profile(puzzle, allowed)
    assert not any(k == 16 for k, _ in expected)  # the case is what the test needs
    res = edgematch.solve(puzzle, method="breaks", schedule=[first_break], complete_nodes=0, seed=seed)
    assert res.stats["stop"] == "exhausted" and res.solution is None
    profile = res.stats["depth_profile"]
    got = {(profile["first_depth"] + i, b): count for i, row in enumerate(profile["counts"])
           for b, count in enumerate(row) if count}
    assert got == expected
    assert sum(got.values()) == res.stats["nodes"]


@pytest.mark.parametrize("schedule, breaks", [("jb466", 14), ("jb467", 13)])
def test_depth_profile_on_eternity2_agrees_with_the_deepest_board(schedule, breaks):
    puzzle = edgematch.eternity2("centre")
    res = edgematch.solve(puzzle, method="breaks", schedule=schedule, seed=4, node_limit=3_000_000)
    profile = res.stats["depth_profile"]
    counts = profile["counts"]
    assert profile["first_depth"] == 256 - 64 + 1 and len(counts) == 64  # the last 64 free cells
    assert all(len(row) == breaks + 1 for row in counts)  # 0 .. the schedule's breaks
    deepest = max(i for i, row in enumerate(counts) if any(row))
    assert profile["first_depth"] + deepest == res.stats["depth"]
    assert min(b for b, count in enumerate(counts[deepest]) if count) == res.stats["depth_breaks"]
    assert sum(counts[-1]) == res.stats["full_boards"]
    assert sum(map(sum, counts)) <= res.stats["nodes"]


def test_named_schedules_are_libblackwoods_scenarios():
    from cassetete.edgematch._breaks import SCHEDULES

    assert {name: len(depths) for name, depths in SCHEDULES.items()} == {
        "jb466": 14, "jb467": 13, "jb468": 12, "jb469": 11, "jb470": 10}
    # JB467 is JB466 without its break at 235, and each next scenario drops the last one
    assert set(SCHEDULES["jb466"]) - set(SCHEDULES["jb467"]) == {235}
    assert SCHEDULES["jb468"] == SCHEDULES["jb467"][:-1] and SCHEDULES["jb469"] == SCHEDULES["jb468"][:-1]


@pytest.mark.parametrize("options, match", [
    ({"schedule": "nope"}, "schedule"),
    ({"schedule": [0]}, "schedule"),
    ({"schedule": [1.5]}, "schedule"),
    ({"quotas": True}, "quotas"),
    ({"quotas": "yes"}, "quotas"),
    ({"scan": "spiral"}, "scan"),
    ({"restart": -1}, "restart"),
    ({"restart_nodes": 0}, "restart_nodes"),
    ({"complete_nodes": -1}, "complete_nodes"),
    ({"tuning": {}}, "do not apply"),
    ({"order": "row"}, "order"),
    ({"workers": 0}, "workers"),
    ({"polish": 0.5}, "time_limit"),
    ({"polish": 1.5, "time_limit": 1}, "polish"),
])
def test_breaks_bad_options_are_puzzle_errors(options, match):
    puzzle, _ = edgematch.generate(4, 4, colors=3, seed=1)
    with pytest.raises(PuzzleError, match=match):
        edgematch.solve(puzzle, method="breaks", node_limit=1000, **options)


def test_breaks_island_model_on_an_executor(tmp_path):
    from concurrent.futures import ThreadPoolExecutor

    puzzle, _ = edgematch.generate(5, 5, colors=4, seed=3)
    with ThreadPoolExecutor(2) as pool:
        result = edgematch.solve(puzzle, method="breaks", executor=pool, node_limit=4_000_000, seed=1)
    assert result.status == "solved" and result.stats["islands"] == 2
    assert check_board(5, 5, puzzle.pieces, result.solution, puzzle.matching, puzzle.fixed)
    # Eternity II: every island's board complete and checked; the best kept in the checkpoint, and a
    # rerun (here the hybrid: breaks, then the local search) resumes from it and never loses it.
    e2 = edgematch.eternity2()
    checkpoint = tmp_path / "best.txt"
    with ThreadPoolExecutor(2) as pool:
        first = edgematch.solve(e2, method="breaks", executor=pool, node_limit=6_000_000, seed=1,
                                checkpoint=str(checkpoint))
        assert complete_board_ok(e2, first.solution) and matched_joins(e2, first.solution) == first.stats["score"]
        assert checkpoint.exists() and first.stats["epochs"] >= 2
        again = edgematch.solve(e2, method="breaks", executor=pool, node_limit=2_000_000, seed=2,
                                checkpoint=str(checkpoint))
    assert again.stats["resumed"] and again.stats["score"] >= first.stats["score"]
    assert matched_joins(e2, again.solution) == again.stats["score"]


@pytest.mark.parametrize("options, match", [
    (dict(workers=2, executor="pool"), "not both"),
    (dict(checkpoint="best.txt"), "only apply with an executor"),
    (dict(executor="pool"), "needs a time_limit or a node_limit"),
])
def test_breaks_island_options_are_checked(options, match):
    from concurrent.futures import ThreadPoolExecutor

    puzzle, _ = edgematch.generate(4, 4, colors=3, seed=1)
    with ThreadPoolExecutor(1) as pool:
        given = {k: (pool if v == "pool" else v) for k, v in options.items()}
        with pytest.raises(PuzzleError, match=match):
            edgematch.solve(puzzle, method="breaks", **given)


@pytest.mark.parametrize("seed", [32, 33, 37])
def test_breaks_stopped_before_any_complete_board_completes_the_deepest_one(seed):
    # Regression: stopped by a small node limit before any complete board, the search completes its
    # deepest partial board; the pieces of that board had been put back in one pass that unmarked
    # some of them, and the completion placed a piece twice (these seeds did, before the fix).
    puzzle = edgematch.eternity2("centre")
    res = edgematch.solve(puzzle, method="breaks", seed=seed, node_limit=250_000)
    assert res.solution is not None and complete_board_ok(puzzle, res.solution.tolist())
    assert matched_joins(puzzle, res.solution.tolist()) == res.stats["score"]
