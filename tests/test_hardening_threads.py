"""Threads: the engines release the GIL and keep no global state, so puzzles of every family
solved at once on 8 Python threads give exactly the serial answers; the C++ worker pools
(``workers=``, ``solve_many``, ``count_solutions_many``, the local search's workers) give the
answers of one worker; Ctrl-C during a batch leaves no thread behind.

``.ci/sanitize thread`` runs this file under ThreadSanitizer.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np
import pytest

from cassetete import edgematch, hashi, jigsaw, narrowing, polyomino, shikaku, sudoku
from cassetete.exactcover import ExactCover

from edgematch_checker import check_board
from jigsaw_checker import assembly_correct
from sudoku_checker import is_solution

HARD_SUDOKU = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"


def _random_cover(seed: int) -> ExactCover:
    rng = np.random.default_rng(seed)
    options = [sorted(rng.choice(14, size=int(rng.integers(1, 4)), replace=False).tolist()) for _ in range(60)]
    return ExactCover.from_options(options, primary=14)


def _narrowing_model(n: int, cap: int) -> narrowing.Model:
    """n variables in 0..n-1, all different, the first three summing to at most ``cap``."""
    model = narrowing.Model()
    xs = [model.int_var(0, n - 1, name=f"x{i}") for i in range(n)]
    model.add_all_different(xs)
    model.add_sum(model.int_var(0, cap, name="s"), xs[:3])
    return model


def _jobs():
    """(family, callable) pairs; each callable returns a plain comparable value."""
    jobs = []
    for seed in range(3):
        puzzle = sudoku.generate(seed=seed)
        jobs.append(("sudoku", lambda p=puzzle: sudoku.solve(p).solution.tolist()))
    jobs.append(("sudoku", lambda: sudoku.count_solutions(HARD_SUDOKU, limit=2)))
    for seed in range(3):
        cover = _random_cover(seed)
        jobs.append(("exactcover", lambda c=cover: c.count_solutions()))
    jobs.append(("polyomino", lambda: polyomino.count_solutions("2x3x10")))
    jobs.append(("polyomino", lambda: polyomino.solve("6x10").solution.tolist()))
    for seed in range(3):
        puzzle, _ = edgematch.generate(5, 5, colors=4, seed=seed)
        jobs.append(("edgematch", lambda p=puzzle: edgematch.solve(p).solution.tolist()))
    for seed in range(3):
        puzzle = shikaku.generate(8, 8, 3, seed=seed)
        jobs.append(("shikaku", lambda p=puzzle: shikaku.count_solutions(p, limit=10)))
    for seed in range(3):
        puzzle = hashi.generate(12, seed=seed)
        jobs.append(("hashi", lambda p=puzzle: hashi.count_solutions(p, limit=5)))
    for seed in range(3):
        pieces, _ = jigsaw.generate(3, 3, seed=seed)
        jobs.append(("jigsaw", lambda p=pieces: jigsaw.solve(p).solution.tolist()))
    for n, cap in ((7, 6), (7, 9), (6, 20)):  # a fresh model per call: a Model keeps its last_stats
        jobs.append(("narrowing", lambda n=n, cap=cap: _narrowing_model(n, cap).count_solutions()))
        jobs.append(("narrowing", lambda n=n, cap=cap: _narrowing_model(n, cap).solve().solution))
    return jobs


@pytest.mark.parametrize("repeat", [2])
def test_eight_python_threads_give_the_serial_answers(repeat):
    jobs = _jobs()
    serial = [job() for _, job in jobs]
    # Every job `repeat` times, interleaved, on 8 threads at once.
    order = [i for _ in range(repeat) for i in range(len(jobs))]
    with ThreadPoolExecutor(max_workers=8) as pool:
        parallel = list(pool.map(lambda i: jobs[i][1](), order))
    for i, answer in zip(order, parallel):
        assert answer == serial[i], f"{jobs[i][0]} job {i} differs on threads"
    assert {family for family, _ in jobs} == {"sudoku", "exactcover", "polyomino", "edgematch", "shikaku", "hashi",
                                             "jigsaw", "narrowing"}


def test_threaded_answers_are_right():
    # The serial answers above are themselves checked here, from the rules.
    puzzle = sudoku.generate(seed=0)
    assert is_solution(puzzle.grid.ravel(), sudoku.solve(puzzle).solution.ravel(), (3, 3))
    edge, _ = edgematch.generate(5, 5, colors=4, seed=0)
    assert check_board(edge.rows, edge.cols, edge.pieces, edgematch.solve(edge).solution)
    assert polyomino.count_solutions("2x3x10") == 12  # published: 12 ways up to symmetry (Gilleta)
    pieces, truth = jigsaw.generate(3, 3, seed=0)
    assert assembly_correct(jigsaw.solve(pieces).solution, truth, jigsaw.find_edges(pieces).corners)
    model = _narrowing_model(7, 6)
    found = list(model.solutions())  # checked from the rules: a permutation, x0 + x1 + x2 <= 6
    assert len(found) == model.count_solutions() > 0
    assert all(sorted(s[f"x{i}"] for i in range(7)) == list(range(7)) and s["x0"] + s["x1"] + s["x2"] <= 6
               for s in found)


def test_narrowing_count_workers_match_one_worker():
    model = _narrowing_model(8, 10)
    assert model.count_solutions(workers=4) == model.count_solutions(workers=1)


def test_solve_many_workers_match_one_worker():
    puzzles = [sudoku.format(sudoku.generate(seed=s)) for s in range(12)] + [HARD_SUDOKU, "." * 81]
    one = sudoku.solve_many(puzzles, workers=1, limit=2)
    four = sudoku.solve_many(puzzles, workers=4, limit=2)
    assert np.array_equal(one[0], four[0]) and np.array_equal(one[1], four[1])
    for text, solution, count in zip(puzzles, four[0], four[1]):
        if count == 1:
            assert is_solution(sudoku.parse(text).grid.ravel(), solution, (3, 3))


def test_polyomino_count_workers_match_one_worker():
    assert polyomino.count_solutions("3x20", workers=3) == polyomino.count_solutions("3x20", workers=1) == 2  # published: 2


def test_count_solutions_many_workers_match_one_worker():
    puzzles = [shikaku.generate(7, 7, 3, seed=s) for s in range(10)]
    one = shikaku.count_solutions_many(puzzles, limit=5, workers=1)
    four = shikaku.count_solutions_many(puzzles, limit=5, workers=4)
    assert list(one) == list(four) == [shikaku.count_solutions(p, limit=5) for p in puzzles]


def test_local_search_workers_are_independent_multistarts():
    # Worker i runs seed + i; with an iteration limit each worker's run is reproducible, so the
    # best of 2 workers is the best of the two one-worker runs.
    puzzle, _ = edgematch.generate(6, 6, colors=5, seed=4)
    runs = [edgematch.solve_local(puzzle, iterations=300, seed=s, init="random").stats["score"] for s in (7, 8)]
    both = edgematch.solve_local(puzzle, iterations=300, seed=7, workers=2, init="random")
    assert both.stats["score"] == max(runs)
    assert edgematch.score(puzzle, both.solution)[0] == both.stats["score"]


CTRL_C_BATCHES = textwrap.dedent("""
    import os, signal, sys, threading, time
    from cassetete import polyomino, sudoku, shikaku

    def threads():
        return len(os.listdir("/proc/self/task"))

    # A runner started in the background (`cmd &` without job control) passes SIGINT on as
    # ignored, and Python then keeps it ignored: restore Ctrl-C's KeyboardInterrupt.
    signal.signal(signal.SIGINT, signal.default_int_handler)

    # a 2 on every black square of a 10x10 checkerboard: every domino tiling (2.3e11) solves it
    CHECKERBOARD = "\\n".join(" ".join("2" if (r + c) % 2 == 0 else "." for c in range(10)) for r in range(10))
    BATCHES = {
        "solve_many": lambda: sudoku.solve_many(["." * 81] * 8, limit=None, workers=2),  # 6.7e21 grids each
        "polyomino": lambda: polyomino.count_solutions("3x4x5", workers=2),  # about 5 s on 2 threads
        "shikaku": lambda: shikaku.count_solutions_many([CHECKERBOARD] * 4, limit=10**12, workers=2),
    }
    # Runtimes may start a helper thread of their own at the first thread created (ThreadSanitizer
    # does): create one first, so that the counts below see only the batches' threads.
    warm = threading.Thread(target=lambda: None)
    warm.start()
    warm.join()
    time.sleep(0.1)
    for kind, batch in BATCHES.items():
        before = threads()
        timer = threading.Timer(0.5, lambda: os.kill(os.getpid(), signal.SIGINT))
        timer.start()
        start = time.perf_counter()
        try:
            batch()
            print(kind, "finished", flush=True)
        except KeyboardInterrupt:
            waited = time.perf_counter() - start
            timer.join()
            # A joined thread's OS task ends a moment after join() returns: allow it 2 s.
            settle = time.monotonic() + 2
            while threads() > before and time.monotonic() < settle:
                time.sleep(0.01)
            print(kind, "interrupted", round(waited, 2), before, threads(), flush=True)
""")


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="counts threads through /proc")
def test_ctrl_c_in_a_batch_leaves_no_thread_running():
    out = subprocess.run([sys.executable, "-c", CTRL_C_BATCHES], capture_output=True, text=True, timeout=180)
    lines = [line.split() for line in out.stdout.splitlines()]
    assert [words[0] for words in lines] == ["solve_many", "polyomino", "shikaku"], out.stdout + out.stderr
    for kind, status, *figures in lines:
        assert status == "interrupted", f"{kind}: {status}"
        waited, before, after = float(figures[0]), int(figures[1]), int(figures[2])
        assert waited < 10, f"{kind}: Ctrl-C took {waited} s"
        assert after == before, f"{kind}: {after - before} thread(s) still running after Ctrl-C"
