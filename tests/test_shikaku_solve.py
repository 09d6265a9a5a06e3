"""cassetete.shikaku solving: exact search, counting, ILP, annealing, limits. Every answer is
checked by tests/shikaku_checker.py, written from the rules."""

import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest
from interrupts import RepeatingInterrupt
from hypothesis import given, settings
from hypothesis import strategies as st

from cassetete import LimitReached, PuzzleError, shikaku
from shikaku_checker import brute_force_count, is_solution

DATA = Path(__file__).parent / "data" / "shikaku" / "tatham.jsonl"
RECORDS = [json.loads(line) for line in DATA.read_text().splitlines()]
IDS = [r["seed"] for r in RECORDS]


def expected(record):
    return [(y, x, h, w) for x, y, w, h in record["solution_rects"]]


def grid_of(p):
    return p.clues.tolist()


@pytest.mark.parametrize("record", RECORDS, ids=IDS)
def test_exact_solves_tatham_instances(record):
    p = shikaku.parse(record["id"])
    r = shikaku.solve(p)
    assert r.status == "solved"
    assert is_solution(grid_of(p), r.solution)
    assert r.solution == expected(record)
    assert shikaku.verify(p, r.solution)
    assert shikaku.count_solutions(p) == 1


@pytest.mark.parametrize("record", RECORDS[:12], ids=IDS[:12])
def test_ilp_highs_solves_tatham_instances(record):
    p = shikaku.parse(record["id"])
    r = shikaku.solve(p, method="ilp")
    assert r.status == "solved" and is_solution(grid_of(p), r.solution)
    assert r.solution == expected(record)  # unique solution


@pytest.mark.parametrize("record", RECORDS[:3], ids=IDS[:3])
def test_ilp_cbc_solves_tatham_instances(record):
    pytest.importorskip("pulp")
    p = shikaku.parse(record["id"])
    r = shikaku.solve(p, method="ilp", solver="cbc")
    assert r.status == "solved" and r.solution == expected(record)


@pytest.mark.parametrize("record", RECORDS[:10], ids=IDS[:10])
def test_annealing_on_small_instances(record):
    p = shikaku.parse(record["id"])
    r = shikaku.solve(p, method="annealing", seed=3)
    assert r.status in ("solved", "limit")
    best = r.stats["best"]
    assert len(best) == record["nclues"]
    if r.status == "solved":
        assert is_solution(grid_of(p), r.solution) and r.solution == expected(record)
    else:
        assert not is_solution(grid_of(p), best) and r.stats["energy"] > r.stats["target_energy"]


def test_annealing_solves_4x4_and_is_reproducible():
    p = shikaku.parse(RECORDS[0]["id"])
    a = shikaku.solve(p, method="annealing", seed=11)
    b = shikaku.solve(p, method="annealing", seed=11)
    assert a.status == "solved" and is_solution(grid_of(p), a.solution)
    assert a.solution == b.solution and a.stats["rules"] == b.stats["rules"]


def test_annealing_iteration_limit_returns_best_state():
    p = shikaku.parse(RECORDS[-1]["id"])  # 50x50
    r = shikaku.solve(p, method="annealing", seed=1, iterations=50)
    # the contract of optimisation methods: the best state is the solution, with status "limit"
    assert r.status == "limit" and r.solution == r.stats["best"]
    assert not is_solution(grid_of(p), r.solution)
    assert r.stats["rules"]["iterations"] <= 50 and r.stats["seed"] == 1
    assert len(r.stats["best"]) == RECORDS[-1]["nclues"]
    trajectory = r.stats["trajectory"]
    assert trajectory[0][0] == 0 and trajectory[-1][1] == r.stats["energy"]
    assert all(a[0] < b[0] and a[1] > b[1] for a, b in zip(trajectory, trajectory[1:]))
    assert r.render().count("\n") > 50 and r.to_svg().startswith("<svg")


def test_annealing_draws_and_reports_a_seed():
    p = shikaku.parse(RECORDS[0]["id"])
    r = shikaku.solve(p, method="annealing")
    again = shikaku.solve(p, method="annealing", seed=r.stats["seed"])
    assert isinstance(r.stats["seed"], int) and again.solution == r.solution
    assert again.stats["trajectory"] == r.stats["trajectory"]


# --- differential tests against the brute-force counter ---------------------------------

small_grids = st.integers(1, 5).flatmap(
    lambda rows: st.integers(1, 5).flatmap(
        lambda cols: st.lists(
            st.sampled_from([0, 0, 0, 1, 2, 2, 3, 4, 6]), min_size=rows * cols, max_size=rows * cols
        ).map(lambda cells: np.array(cells).reshape(rows, cols))
    )
)


@given(small_grids)
@settings(max_examples=150, deadline=None)
def test_exact_matches_brute_force(grid):
    grid = np.where(grid > grid.size, 0, grid)
    if not grid.any():
        grid[0, 0] = 1
    p = shikaku.Shikaku(grid)
    truth = brute_force_count(grid.tolist(), limit=50)
    assert shikaku.count_solutions(p, limit=50) == truth
    r = shikaku.solve(p)
    if truth:
        assert r.status == "solved" and is_solution(grid.tolist(), r.solution)
    else:
        assert r.status == "unsatisfiable" and r.solution is None
    found = list(shikaku.solutions(p, limit=50))
    assert len(found) == truth
    assert all(is_solution(grid.tolist(), s) for s in found)
    assert len({tuple(s) for s in found}) == truth


def test_layouts_from_the_generator_against_brute_force():
    for seed in range(30):
        p = shikaku.generate(5, 5, 3, 1, 0.5, seed=seed)
        truth = brute_force_count(grid_of(p))
        assert truth >= 1
        assert shikaku.count_solutions(p, limit=10**6) == truth


def test_counts_of_open_grids():
    # a 1 x n row with clues 2 at both ends and one 2 in the middle: one tiling
    assert shikaku.count_solutions("2 . . 2") == 1
    # 2x2 with diagonal clues 2: horizontal or vertical dominoes
    assert shikaku.count_solutions("2 .\n. 2", limit=10) == 2
    # a lone clue covering the whole grid has a single rectangle
    assert shikaku.count_solutions(". . .\n. 6 .", limit=10) == 1


@pytest.mark.parametrize(
    "text",
    ["2 .\n. 3", "3 . .\n. . 3\n. . .", "4 4\n. .", "1 .\n. 1", "3 . 3\n. . ."],
)
def test_well_formed_unsolvable_is_unsatisfiable(text):
    p = shikaku.parse(text)
    assert brute_force_count(grid_of(p)) == 0
    assert shikaku.solve(p).status == "unsatisfiable"
    assert shikaku.solve(p, method="ilp").status == "unsatisfiable"
    assert shikaku.count_solutions(p) == 0
    assert shikaku.solve(p, method="annealing", seed=0, iterations=1000).status in ("unsatisfiable", "limit")


def test_verify_rejects_wrong_answers():
    p = shikaku.parse(RECORDS[5]["id"])
    good = expected(RECORDS[5])
    assert shikaku.verify(p, good)
    assert not shikaku.verify(p, good[1:] + good[:1])
    r, c, h, w = good[0]
    assert not shikaku.verify(p, [(r, c, w, h) if h != w else (r, c + 1, h, w)] + good[1:])
    taller = [(r, c, h + 1, w)] + good[1:]
    if r + h + 1 <= p.rows:
        assert not shikaku.verify(p, taller)  # in the grid, breaking a rule: False
    else:
        with pytest.raises(PuzzleError):
            shikaku.verify(p, taller)
    # malformed (issue 27): a rectangle missing, not integers, outside the grid
    for malformed in (good[:-1], [("a", 0, 1, 1)] + good[1:], [(-1, 0, 1, 1)] + good[1:]):
        with pytest.raises(PuzzleError):
            shikaku.verify(p, malformed)


def checkerboard(n):
    """Clue 2 on the black cells: every domino tiling of the n x n board is a solution."""
    grid = np.zeros((n, n), dtype=int)
    grid[(np.add.outer(np.arange(n), np.arange(n)) % 2) == 0] = 2
    return shikaku.Shikaku(grid)


def test_domino_tiling_counts():
    # published numbers of domino tilings of the 2n x 2n board (OEIS A004003): 2, 36, 6728
    assert shikaku.count_solutions(checkerboard(2), limit=10**9) == 2
    assert shikaku.count_solutions(checkerboard(4), limit=10**9) == 36
    assert shikaku.count_solutions(checkerboard(6), limit=10**9) == 6728
    sols = list(shikaku.solutions(checkerboard(4)))
    assert len({tuple(s) for s in sols}) == 36
    assert all(is_solution(grid_of(checkerboard(4)), s) for s in sols)


def test_node_limit_and_time_limit():
    # 12x12 checkerboard: 53060477521960000 solutions, far too many to count
    p = checkerboard(12)
    with pytest.raises(LimitReached):
        shikaku.count_solutions(p, limit=10**12, node_limit=500)
    with pytest.raises(LimitReached):
        shikaku.count_solutions(p, limit=10**12, time_limit=0.05)
    r = shikaku.solve(p, node_limit=0)
    assert r.status == "limit" and r.solution is None
    assert r.stats["stop"] == "node_limit"


def test_ctrl_c_interrupts_a_long_count():
    p = checkerboard(16)
    timer = RepeatingInterrupt(0.2)
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            shikaku.count_solutions(p, limit=10**15, time_limit=30)
    finally:
        timer.cancel()


def test_bad_arguments():
    p = shikaku.parse("2 .\n2 .")
    with pytest.raises(PuzzleError):
        shikaku.solve(p, method="magic")
    with pytest.raises(PuzzleError):
        shikaku.solve(p, method="ilp", solver="gurobi")
    with pytest.raises(PuzzleError):
        shikaku.solve(p, time_limit=-1)
    with pytest.raises(PuzzleError):
        shikaku.count_solutions(p, limit=0)
    with pytest.raises(PuzzleError):
        shikaku.solve(p, method="annealing", iterations=-5)
    with pytest.raises(PuzzleError):
        shikaku.solve(p, bogus=1)
    with pytest.raises(PuzzleError):
        shikaku.solve(p, method="annealing", solver="cbc")
    with pytest.raises(PuzzleError):
        shikaku.solve(p, method="ilp", iterations=3)
    with pytest.raises(PuzzleError):
        shikaku.solve(p, method="annealing", t0="hot")
    with pytest.raises(PuzzleError):
        shikaku.solve(p, method="annealing", cooling=1.5)


def test_result_pickles():
    import pickle

    r = shikaku.solve(RECORDS[0]["id"])
    assert pickle.loads(pickle.dumps(r)) == r


def test_count_many_matches_single_counts():
    puzzles = [r["id"] for r in RECORDS] + ["2 .\n. 2", "2 .\n. 3", checkerboard(4)]
    counts, seconds = shikaku.count_solutions_many(puzzles, limit=100, with_seconds=True)
    assert counts.tolist() == [1] * len(RECORDS) + [2, 0, 36]
    assert len(seconds) == len(puzzles) and (seconds >= 0).all()
    cut = shikaku.count_solutions_many([checkerboard(12), "2 .\n. 2"], limit=10**12, node_limit=100)
    assert cut.tolist() == [-1, 2]  # limits apply to each puzzle
    threaded = shikaku.count_solutions_many(puzzles * 3, limit=100, workers=2)
    assert threaded.tolist() == counts.tolist() * 3
    with pytest.raises(PuzzleError):
        shikaku.count_solutions_many(["2 ."], workers="two")


def test_ctrl_c_interrupts_the_ilp(monkeypatch):
    # SIGINT is raised from inside HiGHS's first interrupt callback, so the solve is certainly
    # running when Ctrl-C arrives, whatever the speed of the machine
    from cassetete import _highs

    calls = []

    def press_ctrl_c():
        calls.append(1)
        if len(calls) == 1:
            signal.raise_signal(signal.SIGINT)

    monkeypatch.setattr(_highs, "_on_callback", press_ctrl_c)
    before = signal.getsignal(signal.SIGINT)
    with pytest.raises(KeyboardInterrupt):
        shikaku.solve(checkerboard(12), method="ilp")
    assert len(calls) == 1  # HiGHS stopped at the callback that saw Ctrl-C
    assert signal.getsignal(signal.SIGINT) is before
    monkeypatch.setattr(_highs, "_on_callback", None)
    assert shikaku.solve(checkerboard(12), method="ilp").status == "solved"  # HiGHS is reusable


def test_a_sigint_handler_of_the_caller_is_honoured_by_the_ilp(monkeypatch):
    # a program that handles SIGINT itself (no KeyboardInterrupt) gets its handler called and a
    # run stopped early
    from cassetete import _highs

    seen = []
    monkeypatch.setattr(_highs, "_on_callback", lambda: signal.raise_signal(signal.SIGINT))
    previous = signal.signal(signal.SIGINT, lambda signum, frame: seen.append(signum))
    try:
        r = shikaku.solve(checkerboard(12), method="ilp")
    finally:
        signal.signal(signal.SIGINT, previous)
    assert seen == [signal.SIGINT]
    assert r.status == "limit" and r.stats["stop"] == "interrupted"


def test_time_limit_stops_the_ilp_through_its_callback(monkeypatch):
    from cassetete import _highs

    monkeypatch.setattr(_highs, "_on_callback", lambda: time.sleep(0.3))  # a slow HiGHS
    r = shikaku.solve(checkerboard(12), method="ilp", time_limit=0.2)
    assert r.status == "limit" and r.solution is None and r.stats["stop"] == "time_limit"
    assert r.stats["callbacks"] == 1


def test_the_ilp_prints_nothing():
    # HiGHS's banner goes to the C-level stdout of a fresh process: run one
    code = ("from cassetete import shikaku; "
            "r = shikaku.solve('4x4:a2_2b2_2c2_2_2a2a', method='ilp'); assert r.solved")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "" and done.stderr == ""


def test_zero_time_limits_stop_every_method():
    p = shikaku.parse(RECORDS[-1]["id"])  # 50x50
    assert shikaku.solve(p, method="annealing", seed=1, time_limit=0).status == "limit"
    assert shikaku.solve(p, time_limit=0).status == "limit"
    with pytest.raises(LimitReached):
        shikaku.count_solutions(p, time_limit=0)


def test_core_validates_its_input():
    from cassetete import _core

    with pytest.raises(PuzzleError, match="row 1, column 2"):
        _core.shikaku.exact(np.array([[1, -1]], dtype=np.int32))
    with pytest.raises(PuzzleError, match="larger than the grid"):
        _core.shikaku.exact(np.array([[1, 7]], dtype=np.int32))
    with pytest.raises(PuzzleError):
        _core.shikaku.exact(np.zeros(3, dtype=np.int32))
    with pytest.raises(PuzzleError):
        _core.shikaku.exact(np.zeros((0, 3), dtype=np.int32))
    with pytest.raises(PuzzleError, match="too many candidate"):
        grid = np.zeros((1000, 1000), dtype=np.int32)
        grid[500, 500] = 250000
        _core.shikaku.candidates(grid)


def test_deep_search_tree_on_a_large_checkerboard():
    # about 45000 nested choices: the search must not recurse on the C stack
    p = checkerboard(300)
    r = shikaku.solve(p, time_limit=60)
    assert r.status == "solved" and r.stats["nodes"] > 40000
    assert is_solution(grid_of(p), r.solution)


def blocks_with_walls(block, copies, extra_walls, rows):
    """Copies of a checkerboard block side by side, separated by columns of 1-clues (walls that
    no rectangle can cross): the solution count is the product of the blocks' counts."""
    n = block
    board = np.zeros((rows, n), dtype=int)
    board[(np.add.outer(np.arange(rows), np.arange(n)) % 2) == 0] = 2
    wall = np.ones((rows, 1), dtype=int)
    parts = []
    for _ in range(copies):
        parts += [board, wall]
    parts += [wall] * extra_walls
    return shikaku.Shikaku(np.hstack(parts))


@pytest.mark.parametrize(
    "block, copies, walls, rows, expected",
    [(2, 17, 0, 2, 2**17), (4, 3, 8, 4, 36**3), (2, 6, 0, 2, 2**6)],
)
def test_counts_of_independent_blocks(block, copies, walls, rows, expected):
    # 2x2 board: 2 domino tilings; 4x4 board: 36 (published count of domino tilings)
    p = blocks_with_walls(block, copies, walls, rows)
    assert shikaku.count_solutions(p, limit=10**7) == expected
    sols = list(shikaku.solutions(p, limit=50))
    assert len({tuple(s) for s in sols}) == 50
    assert all(is_solution(grid_of(p), s) for s in sols)


@pytest.mark.parametrize("workers", [1, 2])
def test_ctrl_c_interrupts_a_batch(workers):
    timer = RepeatingInterrupt(0.2)
    timer.start()
    try:
        start = time.perf_counter()
        with pytest.raises(KeyboardInterrupt):
            shikaku.count_solutions_many([checkerboard(16)] * 4, limit=10**15, time_limit=30, workers=workers)
        assert time.perf_counter() - start < 5
    finally:
        timer.cancel()
