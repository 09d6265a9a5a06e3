"""Local search for edge matching (Schaus and Deville): Hungarian assignment, the VLNS tabu search, its
initialisations, checkpoints, Ctrl-C, CLI. Boards are checked with tests/edgematch_checker.py
and an independent score count written here from the rules."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import numpy as np
import pytest

from cassetete import PuzzleError
from cassetete import edgematch as em

sys.path.insert(0, str(Path(__file__).resolve().parent))
from edgematch_checker import check_board, joins_ok, turned  # noqa: E402
from interrupts import RepeatingInterrupt  # noqa: E402

scipy_optimize = pytest.importorskip("scipy.optimize")
DATA = Path(__file__).resolve().parent / "data" / "edgematch"


# --- independent rules --------------------------------------------------------------------------
def recount(puzzle, board):
    """Matched inner joins, from the rules (not cassetete's code)."""
    rows, cols = puzzle.rows, puzzle.cols
    show = {(r, c): turned([int(x) for x in puzzle.pieces[int(board[r][c][0])]], int(board[r][c][1]))
            for r in range(rows) for c in range(cols)}
    m = 0
    for r in range(rows):
        for c in range(cols):
            if c + 1 < cols:
                m += joins_ok(show[r, c][1], show[r, c + 1][3], puzzle.matching)
            if r + 1 < rows:
                m += joins_ok(show[r, c][2], show[r + 1, c][0], puzzle.matching)
    return m


def assert_legal(puzzle, board):
    """A permutation of the pieces, clues in place, frame edges exactly on the rim."""
    b = np.asarray(board)
    assert b.shape == (puzzle.rows, puzzle.cols, 2)
    assert sorted(b[:, :, 0].ravel().tolist()) == list(range(puzzle.size))
    for (r, c), (p, rot) in puzzle.fixed.items():
        assert int(b[r, c, 0]) == p
        assert turned(puzzle.pieces[p], int(b[r, c, 1])) == turned(puzzle.pieces[p], rot)
    for r in range(puzzle.rows):
        for c in range(puzzle.cols):
            n, e, s, w = turned([int(x) for x in puzzle.pieces[int(b[r, c, 0])]], int(b[r, c, 1]))
            assert (n == 0) == (r == 0) and (s == 0) == (r == puzzle.rows - 1)
            assert (w == 0) == (c == 0) and (e == 0) == (c == puzzle.cols - 1)


# --- Hungarian -----------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(6))
def test_assignment_matches_scipy(seed):
    rng = np.random.default_rng(seed)
    for _ in range(40):
        n, m = (int(x) for x in rng.integers(1, 15, 2))
        w = rng.normal(size=(n, m)) * 10
        if seed % 2:
            w = np.round(w)  # many ties
        col = em.max_weight_assignment(w)
        rows, cols = scipy_optimize.linear_sum_assignment(w, maximize=True)
        used = [j for j in col if j >= 0]
        assert len(used) == min(n, m) and len(set(used)) == len(used)
        mine = sum(w[i, j] for i, j in enumerate(col) if j >= 0)
        assert mine == pytest.approx(w[rows, cols].sum(), abs=1e-9)


def test_assignment_larger_square():
    rng = np.random.default_rng(7)
    w = rng.integers(0, 5, size=(128, 128)).astype(float)
    col = em.max_weight_assignment(w)
    rows, cols = scipy_optimize.linear_sum_assignment(w, maximize=True)
    assert sorted(col.tolist()) == list(range(128))
    assert w[np.arange(128), col].sum() == w[rows, cols].sum()


def test_assignment_bad_input():
    with pytest.raises(PuzzleError):
        em.max_weight_assignment([1.0, 2.0])
    with pytest.raises(PuzzleError):
        em.max_weight_assignment([[1.0, float("nan")]])


# --- initialisations ---------------------------------------------------------------------------
@pytest.mark.parametrize("init", em.INITS)
def test_initial_boards_are_legal(init):
    e2 = em.eternity2()
    # the CP model filters AllDifferent at every branching (about 0.5 ms each on E2): fewer of them
    board, info = em.initial_board(e2, init, seed=3, node_limit=2_000 if init == "cp-model" else 200_000)
    assert_legal(e2, board)
    assert info["score"] == recount(e2, board)


def test_checkerboard_beats_random():
    e2 = em.eternity2()
    rand = em.initial_board(e2, "random", seed=4)[1]["score"]
    cb = em.initial_board(e2, "checkerboard", seed=4)[1]["score"]
    assert cb > rand + 100


@pytest.mark.parametrize("init", ["cp", "cp_first_fail"])
def test_cp_init_solves_relaxed_small_puzzle_and_reports_depth(init):
    p, _ = em.generate(6, 6, colors=4, frame_colors=2, seed=5)
    board, info = em.initial_board(p, init, relax=3, seed=2)
    assert info["solved"] and info["cells"] == 36 - 3
    assert_legal(p, board)
    # only the joins around the 3 relaxed cells may be wrong
    assert info["score"] == recount(p, board) >= p.total_joins - 4 * 3
    e2 = em.eternity2()
    board, info = em.initial_board(e2, init, relax=0, seed=1, node_limit=100_000)
    assert not info["solved"] and 0 < info["depth"] < info["cells"] == 255
    assert_legal(e2, board)


@pytest.mark.parametrize("seed", range(4))
def test_cp_inits_solve_planted_puzzles_without_relaxation(seed):
    """With nothing relaxed, a solved CP search is a full solution: every join matches."""
    p, _ = em.generate(6, 6, colors=5, frame_colors=3, seed=seed)
    for init in ("cp", "cp_first_fail"):
        board, info = em.initial_board(p, init, relax=0, seed=seed, node_limit=None)
        assert info["solved"] and info["depth"] == info["cells"] == 36
        assert_legal(p, board)
        assert recount(p, board) == info["score"] == p.total_joins
        assert check_board(p.rows, p.cols, p.pieces, board, p.matching, p.fixed)


# --- the search ------------------------------------------------------------------------------------
@pytest.mark.parametrize("init", em.INITS)
def test_e2_boards_legal_and_score_recounted(init):
    e2 = em.eternity2(hints="all")
    res = em.solve(e2, method="vlns", iterations=3000, seed=5, init=init,
                   node_limit=1_000 if init == "cp-model" else 100_000)
    assert_legal(e2, res.solution)
    assert res.stats["score"] == recount(e2, res.solution)
    assert res.stats["total"] == 480 and res.status == "limit"
    assert res.stats["stop"] == "iteration_limit" and res.stats["iterations"] == 3000
    traj = res.stats["trajectory"]
    assert traj[-1][1] == res.stats["score"]
    assert all(a[1] < b[1] and a[0] <= b[0] for a, b in zip(traj, traj[1:]))


@pytest.mark.parametrize("neutral,restart_kicks,penalty_weight", [(False, 0, 0), (True, 0, 0), (False, 15, 0),
                                                                   (False, 0, 4), (False, 0, 64)])
def test_incremental_score_equals_recount_mid_run(neutral, restart_kicks, penalty_weight):
    # The engine's running score (kept move by move) against a full recount from the rules; with
    # the neutral walk, intensification restores boards other than the first to reach the best;
    # with restart_kicks, restarts perturb the best board instead of drawing a fresh one; with
    # guided local search penalties the moves follow a weighted score, the reported one is not.
    from cassetete import _core

    e2 = em.eternity2()
    ids, compl, _ = e2.encode()
    tuning = dict(plateau=50, restore_after=3, kicks=5, neutral=neutral, restart_after=2, restart_kicks=restart_kicks,
                  penalty_weight=penalty_weight, penalty_every=20)
    st = _core.edgematch.LocalSearch(16, 16, ids, compl, e2.fixed_array(), seed=9, init="random", tuning=tuning)
    for chunk in (1, 500, 5000, 20000):
        st.run(60.0, chunk)
        info = st.info()
        assert info["score"] == info["recount"]
        board = st.best_board()
        assert recount(e2, board) == st.best_score()
        assert_legal(e2, board)
    assert st.info()["restarts"] > 0


@pytest.mark.parametrize("seed,tuning", [(1, None), (2, None), (3, {"neutral": True, "restart_after": 0}),
                                         (4, {"restart_kicks": 10, "restart_after": 2}),
                                         (5, {"penalty_weight": 4, "penalty_every": 50})])
def test_small_planted_puzzles_are_solved(seed, tuning):
    p, _ = em.generate(6, 6, colors=4, frame_colors=2, seed=seed)
    res = em.solve(p, method="vlns", time_limit=20, seed=seed, init="random", tuning=tuning)
    assert res.status == "solved" and res.stats["stop"] == "solved"
    assert check_board(6, 6, p.pieces, res.solution)


def test_penalties_change_the_search():
    # Same seed, same start: with guided local search penalties the moves differ (the option is
    # wired through), and the reported score is still the plain count of matched joins.
    e2 = em.eternity2()
    plain = em.solve(e2, method="vlns", iterations=3000, seed=6, node_limit=50_000, tuning={"penalty_weight": 0})
    guided = em.solve(e2, method="vlns", iterations=3000, seed=6, node_limit=50_000,
                      tuning={"penalty_weight": 64, "penalty_every": 10})
    assert not np.array_equal(plain.solution, guided.solution)
    assert guided.stats["score"] == recount(e2, guided.solution)
    assert_legal(e2, guided.solution)


def test_opposite_matching_and_clues():
    p, planted = em.generate(5, 5, colors=4, matching="opposite", seed=4)
    p = p.with_fixed({(2, 2): tuple(int(x) for x in planted[2, 2])})
    res = em.solve(p, method="vlns", time_limit=20, seed=1, init="checkerboard")
    assert res.solved
    assert check_board(5, 5, p.pieces, res.solution, matching="opposite", fixed=p.fixed)


def test_same_seed_same_result():
    e2 = em.eternity2()
    a = em.solve(e2, method="vlns", iterations=4000, seed=11, node_limit=50_000)
    b = em.solve(e2, method="vlns", iterations=4000, seed=11, node_limit=50_000)
    assert np.array_equal(a.solution, b.solution) and a.stats["score"] == b.stats["score"]


def test_workers_return_the_best():
    e2 = em.eternity2()
    res = em.solve(e2, method="vlns", iterations=2000, seed=3, workers=2, init="random")
    assert res.stats["workers"] == 2 and len(res.stats["worker_scores"]) == 2
    assert res.stats["score"] == max(res.stats["worker_scores"]) == recount(e2, res.solution)
    assert_legal(e2, res.solution)



def test_puzzle_with_colour_ids_above_a_byte_is_solved():
    # The neighbourhood compares colours packed 16 bits a side; a 14 x 14 with one colour per join
    # (about 350 colour ids) checks the lanes beyond 8 bits.
    p, _ = em.generate(14, 14, colors=5000, seed=3)
    ids, _, _ = p.encode()
    assert int(np.max(ids)) > 255
    res = em.solve(p, method="vlns", time_limit=60, seed=1, init="random")
    assert res.status == "solved" and check_board(14, 14, p.pieces, res.solution)


def test_record_board_461_from_the_one_hour_run(tmp_path):
    # The best board of the 1-hour runs (bench/results/edgematch_local_goals_T3600_gls4.md, seed 3),
    # re-checked from the rules; resuming the search from it reads the same score.
    e2 = em.eternity2()
    board = em.read_board(str(DATA / "e2_board_461.txt"), e2)
    assert_legal(e2, board)
    assert recount(e2, board) == 461
    path = tmp_path / "best.txt"
    path.write_text((DATA / "e2_board_461.txt").read_text())
    res = em.solve(e2, method="vlns", iterations=1, seed=1, checkpoint=str(path))
    assert res.stats["init"] == "board" and res.stats["init_score"] == 461 and res.stats["score"] >= 461

def test_checkpoint_written_and_resumed(tmp_path):
    e2 = em.eternity2()
    path = str(tmp_path / "best.txt")
    first = em.solve(e2, method="vlns", iterations=3000, seed=1, checkpoint=path, init="random")
    saved = em.read_board(path, e2)
    assert np.array_equal(saved, first.solution)
    assert recount(e2, saved) == first.stats["score"]
    assert not any(name.startswith("best.txt.tmp") for name in os.listdir(tmp_path))
    again = em.solve(e2, method="vlns", iterations=10, seed=2, checkpoint=path)
    assert again.stats["init"] == "board" and again.stats["init_score"] == first.stats["score"]
    assert again.stats["score"] >= first.stats["score"]


def test_bad_checkpoint_is_reported(tmp_path):
    e2 = em.eternity2()
    path = tmp_path / "bad.txt"
    path.write_text("1,0 2,0\n")
    with pytest.raises(PuzzleError):
        em.solve(e2, method="vlns", iterations=10, checkpoint=str(path))
    board = np.zeros((16, 16, 2), dtype=int)
    board[:, :, 0] = np.arange(256).reshape(16, 16)
    em.write_board(str(path), e2, board)  # not a legal board: pieces outside their class
    with pytest.raises(PuzzleError, match="starting board"):
        em.solve(e2, method="vlns", iterations=10, checkpoint=str(path))


def test_ctrl_c_returns_best_board_and_checkpoints(tmp_path):
    e2 = em.eternity2()
    path = str(tmp_path / "best.txt")
    timer = RepeatingInterrupt(0.7)  # repeats: a single interrupt can be lost in a finaliser
    timer.start()
    try:
        res = em.solve(e2, method="vlns", time_limit=60, seed=1, checkpoint=path)
    finally:
        timer.cancel()
    assert res.stats["stop"] == "interrupted"
    assert res.stats["seconds"] < 10
    assert_legal(e2, res.solution)
    assert np.array_equal(em.read_board(path, e2), res.solution)


def test_bad_inputs():
    e2 = em.eternity2()
    for kwargs in ({"time_limit": 0}, {"time_limit": -1}, {}, {"iterations": 0}, {"time_limit": 1, "init": "dfs"},
                   {"time_limit": 1, "workers": 0}, {"time_limit": 1, "neighbourhood_size": 0},
                   {"time_limit": 1, "relax": -2}, {"time_limit": 1, "tuning": {"nope": 1}},
                   {"time_limit": 1, "tuning": {"plateau": 0}}, {"time_limit": 1, "tuning": {"penalty_weight": -1}},
                   {"time_limit": 1, "tuning": {"penalty_every": 0}}):
        with pytest.raises(PuzzleError):
            em.solve(e2, method="vlns", **kwargs)
    with pytest.raises(PuzzleError, match="unknown method"):
        em.solve(e2, method="annealing", time_limit=1)
    with pytest.raises(PuzzleError, match="only apply"):
        em.solve(e2, method="backtrack", checkpoint="best.txt")
    with pytest.raises(PuzzleError):
        em.solve_local("not a puzzle", time_limit=1)
    # pieces that cannot fill the frame: an inner piece where a corner piece is needed
    bad = em.EdgePuzzle(2, 2, [[1, 1, 1, 1], [0, 1, 1, 0], [0, 0, 1, 1], [1, 0, 0, 1]])
    with pytest.raises(PuzzleError, match="free pieces"):
        em.solve(bad, method="vlns", time_limit=1)


def test_default_method_is_still_backtrack():
    p, _ = em.generate(4, 4, colors=3, seed=2)
    res = em.solve(p)
    assert res.solved and "trajectory" not in res.stats


# --- CLI ------------------------------------------------------------------------------------------
def test_cli_search_smoke(tmp_path):
    from cassetete.cli import main

    p, _ = em.generate(5, 5, colors=4, frame_colors=2, seed=6)
    src = tmp_path / "p.txt"
    em.dump(p, str(src))
    ck, svg = tmp_path / "best.txt", tmp_path / "best.svg"
    code = main(["edgematch", "search", str(src), "--time", "20", "--seed", "1", "--checkpoint", str(ck),
                 "--svg", str(svg), "--init", "random"])
    assert code == 0
    board = em.read_board(str(ck), p)
    assert check_board(5, 5, p.pieces, board)
    assert svg.read_text().startswith("<svg")


def test_cli_search_prints_score(capsys):
    from cassetete.cli import main

    # exit 3: the iteration budget ended the search before a full solution (the contract's "limit")
    assert main(["edgematch", "search", "e2", "--iterations", "500", "--seed", "2", "--init", "random"]) == 3
    out = capsys.readouterr().out
    assert out.startswith("score: ") and "/480" in out


def test_cli_search_passes_tuning(tmp_path, capsys):
    # The --tuning JSON reaches the engine: the CLI's board is the one solve() gives with the
    # same seed, iteration budget and tuning.
    from cassetete.cli import main

    tuning = {"penalty_weight": 64, "penalty_every": 10}
    ck = tmp_path / "best.txt"
    assert main(["edgematch", "search", "e2", "--iterations", "3000", "--seed", "6", "--init", "random",
                 "--checkpoint", str(ck), "--tuning", json.dumps(tuning)]) == 3  # a best board, not a solution
    e2 = em.eternity2()
    direct = em.solve(e2, method="vlns", iterations=3000, seed=6, init="random", tuning=tuning)
    assert np.array_equal(em.read_board(str(ck), e2), direct.solution)
    capsys.readouterr()
    for bad in ("{penalty_weight: 4}", "[1, 2]", '{"nope": 1}', '{"penalty_every": 0}'):
        assert main(["edgematch", "search", "e2", "--iterations", "10", "--tuning", bad]) == 2
        assert "cassetete: error:" in capsys.readouterr().err


def test_progress_bar_shows_best_score(capsys):
    p, _ = em.generate(5, 5, colors=4, seed=8)
    res = em.solve(p, method="vlns", time_limit=20, seed=1, progress=True, init="random")
    err = capsys.readouterr().err
    assert res.solved and "best score" in err and f"{p.total_joins}/{p.total_joins}" in err


def test_callback_reports_improvements():
    e2 = em.eternity2()
    seen = []
    res = em.solve(e2, method="vlns", iterations=3000, seed=2, init="random",
                   callback=lambda t, s: seen.append(s))
    assert seen and seen == sorted(seen) and seen[-1] == res.stats["score"]


def test_plain_neighbourhood_never_loses_score():
    # Without tabu arcs the optimal rearrangement of S is at least the current placement, so a
    # plain VLNS descent (figure 4 mode) can only keep or raise the score.
    from cassetete import _core

    e2 = em.eternity2()
    ids, compl, _ = e2.encode()
    for size in (2, 16, 64):
        st = _core.edgematch.LocalSearch(16, 16, ids, compl, e2.fixed_array(), seed=size, init="random",
                                  tuning={"size": size, "greed": 0.0, "tabu": False})
        last = -1
        for it in range(1, 301):
            out = st.run(60.0, it)
            assert out["score"] >= last
            last = out["score"]
        assert recount(e2, st.best_board()) == last > 100  # well above a random board (~35)


def test_tuning_defaults_are_the_engines():
    # The defaults live in the C++ TabuOptions only: TUNING and NEIGHBOURHOOD_SIZE are read from
    # the engine, and an engine built without overrides runs the same search as solve() with TUNING.
    from cassetete import _core

    defaults = _core.edgematch.tuning_defaults()
    assert em.TUNING == {k: v for k, v in defaults.items() if k != "size"}
    assert em.NEIGHBOURHOOD_SIZE == defaults["size"]
    e2 = em.eternity2()
    ids, compl, _ = e2.encode()
    plain = _core.edgematch.LocalSearch(16, 16, ids, compl, e2.fixed_array(), seed=4, init="random")
    plain.run(60.0, 400)
    res = em.solve(e2, method="vlns", iterations=400, seed=4, init="random")
    assert plain.best_score() == res.stats["best"]
    assert np.array_equal(plain.best_board(), res.solution)


def test_bad_tuning_values_are_puzzle_errors():
    e2 = em.eternity2()
    for tuning in ({"plateau": "x"}, {"tabu": 1}, {"greed": "fast"}, {"class_weight": [1, 2, 3, 4, 5, 6]},
                   {"class_weight": "abc"}, {"kicks": 1.5}, {"greed": -1.0}):
        with pytest.raises(PuzzleError, match="greed|plateau|tabu|class_weight|kicks"):
            em.solve(e2, method="vlns", iterations=10, tuning=tuning)
    with pytest.raises(PuzzleError, match="tuning must be a dict"):
        em.solve(e2, method="vlns", iterations=10, tuning=[("plateau", 3)])
