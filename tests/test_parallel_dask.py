"""cassetete.parallel on a Dask LocalCluster (2 worker processes on 127.0.0.1): counts equal to
the serial engines and published figures, a worker killed in the middle of a count, a
first-solution search that frees the cluster early, and a Sudoku file in chunks. Skipped when
the ``dask`` extra is not installed."""

from __future__ import annotations

import json
import os
import signal
import sys
import threading
import time

import pytest

distributed = pytest.importorskip("dask.distributed")

from cassetete import LimitReached, edgematch, exactcover, polyomino, sudoku  # noqa: E402
from cassetete.exactcover._jobs import ExactCoverJob  # noqa: E402
from cassetete.parallel import run_count, run_first  # noqa: E402
from cassetete.parallel._executors import Runner, _echo  # noqa: E402
from cassetete.polyomino._jobs import PackingJob  # noqa: E402
from cassetete.polyomino._model import Packing  # noqa: E402

sys.path.insert(0, os.path.dirname(__file__))
from parallel_instances import DATA, planted, queens, sudoku16  # noqa: E402
from sudoku_checker import decode_line, is_solution  # noqa: E402


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                       dashboard_address=None)
    with distributed.Client(cluster) as connected:
        yield connected
    cluster.close()


def test_pentomino_counts(client):
    # 2339 (6x10) and 3940 (3x4x5) packings up to symmetry; 31520 = 3940 x 8 boxes' symmetries.
    assert polyomino.count_solutions("6x10", executor=client) == 2339 == polyomino.count_solutions("6x10")
    assert polyomino.count_solutions("3x4x5", up_to_symmetry=False, executor=client) == 31520


def test_queens_and_sudoku16(client):
    assert queens(12).count_solutions(executor=client) == 14200  # OEIS A000170
    assert exactcover.count_solutions(queens(12), executor=client, progress=False) == 14200
    grid = sudoku16()
    assert sudoku.count_solutions(grid, executor=client) == sudoku.count_solutions(grid)


def test_killed_worker_loses_nothing(client):
    job = PackingJob(Packing("3x4x5"), unique=True, engine="bitboard")
    outcome = {}

    def count():
        outcome["count"] = run_count(job, client, slice_seconds=0.3)

    driver = threading.Thread(target=count)
    driver.start()
    victim = None
    deadline = time.time() + 30
    while victim is None and time.time() < deadline and driver.is_alive():
        busy = [address for address, tasks in client.processing().items() if tasks]
        if busy:
            victim = busy[0]
        time.sleep(0.05)
    assert victim is not None
    pid = client.run(os.getpid, workers=[victim])[victim]
    os.kill(pid, signal.SIGKILL)  # the nanny starts a fresh worker; Dask reruns the lost tasks
    assert driver.is_alive()  # killed in the middle of the count
    driver.join(120)
    count, stats = outcome["count"]
    assert count == 3940 and stats["complete"]
    client.wait_for_workers(2, timeout=60)  # the replacement worker, before the next test


def test_losing_every_worker_at_once_loses_nothing(client):
    """All workers killed together also lose the scattered problem; the runner scatters it again
    and resubmits the cancelled tasks (before this, the count raised FutureCancelledError)."""
    job = PackingJob(Packing("3x4x5"), unique=True, engine="bitboard")
    outcome = {}

    def count():
        outcome["count"] = run_count(job, client, slice_seconds=0.3)

    driver = threading.Thread(target=count)
    driver.start()
    deadline = time.time() + 30
    while time.time() < deadline and driver.is_alive() and not any(client.processing().values()):
        time.sleep(0.05)
    assert any(client.processing().values())
    for pid in client.run(os.getpid).values():
        os.kill(pid, signal.SIGKILL)
    assert driver.is_alive()
    driver.join(120)
    count, stats = outcome["count"]
    assert count == 3940 and stats["complete"]
    client.wait_for_workers(2, timeout=60)


def test_a_finished_task_whose_workers_all_die_is_run_again(client):
    """The race behind a CI failure: a task finishes, then every worker dies before its result is
    fetched, taking the scattered problem with them. Dask's rerun of the task is then cancelled
    (its input is gone), so fetching the result raised FutureCancelledError; the runner now runs
    the task again with the problem scattered anew, whichever of the two ways Dask reports it."""
    runner = Runner(client)
    problem = tuple(range(1000))
    handle = runner.share("a-problem", problem)
    running = {runner.submit(_echo, handle, 0): "the caller's data"}
    distributed.wait(list(running))
    assert all(future.status == "finished" for future in running)
    for pid in client.run(os.getpid).values():
        os.kill(pid, signal.SIGKILL)
    results = {}
    deadline = time.time() + 120
    while running and time.time() < deadline:
        for future, result in runner.wait_first(running, timeout=1.0).items():
            results[running.pop(future)] = result
    assert results == {"the caller's data": problem}
    client.wait_for_workers(2, timeout=60)


def test_stopped_driver_resumes_from_its_checkpoint(tmp_path, client):
    """The driver stopped by its time limit keeps the unfinished subproblems in its checkpoint; a
    second call resumes from it to the full total. 15 queens is about 12 CPU s here, so a 1 s
    limit stops it on any machine up to several times faster than this one."""
    path = str(tmp_path / "queens15.json")
    with pytest.raises(LimitReached) as stopped:
        run_count(ExactCoverJob(queens(15)), client, time_limit=1.0, slice_seconds=0.1, checkpoint=path,
                  checkpoint_every=0.1)
    saved = json.load(open(path))
    assert saved["count"] == stopped.value.count < 2279184 and saved["pending"] and not saved["done"]
    assert stopped.value.stats["stop"] == "time_limit"
    resumed = queens(15).count_solutions(executor=client, checkpoint=path)
    assert resumed == 2279184  # OEIS A000170
    assert json.load(open(path))["done"]


def test_first_solution_frees_the_cluster(client):
    cover = Packing("3x4x5").cover
    status, solution, stats = run_first(ExactCoverJob(cover), client, slice_seconds=0.2)
    assert status == "solved" and exactcover.verify(cover, solution)
    assert stats["unexplored"] > 0
    deadline = time.time() + 5
    while any(client.processing().values()) and time.time() < deadline:
        time.sleep(0.05)
    assert not any(client.processing().values())


def test_solve_file_on_the_cluster(tmp_path, client):
    good = "".join("." if v == 0 else "123456789ABCDEFG"[v - 1] for v in sudoku16(blanks=100).ravel())
    lines = [good, "11" + "." * 254, good[::-1]] * 5
    source = tmp_path / "in.txt"
    source.write_text("\n".join(lines) + "\n")
    totals = sudoku.solve_file(str(source), out=str(tmp_path / "out.txt"), executor=client, chunk_lines=2)
    out = (tmp_path / "out.txt").read_text().splitlines()
    assert len(out) == len(lines) and totals["solved"] == 10 and totals["invalid"] == 5
    for given, answer in zip(lines, out):
        if given.startswith("11"):
            assert answer.startswith("invalid: ")
        else:
            assert is_solution(decode_line(given), decode_line(answer), (4, 4))


def test_edgematch_counts(client):
    puzzle = planted("planted_5x5.txt")
    assert edgematch.count_solutions(puzzle, executor=client) == edgematch.count_solutions(puzzle)


def test_brendan_6x6(client):
    # Brendan Owen's 6x6 of his set 1, kept in tests/data/edgematch (GPL-3.0, SOURCES-brendan.md).
    puzzle = edgematch.load(os.path.join(DATA, "brendan_pieces_06x06.txt"))
    assert (puzzle.rows, puzzle.cols) == (6, 6)
    assert edgematch.count_solutions(puzzle, executor=client) == edgematch.count_solutions(puzzle) == 260
