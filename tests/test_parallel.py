"""cassetete.parallel on plain concurrent.futures executors (no Dask needed): counts equal to
the serial engines and to published figures, time slicing, checkpoints that resume to the same
total (also after the driver is killed), first-solution searches, and Sudoku files in chunks."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

import cassetete
from cassetete import edgematch, exactcover, polyomino, sudoku
from cassetete.edgematch._jobs import count_edgematch
from cassetete.exactcover._jobs import ExactCoverJob
from cassetete.parallel import run_count, run_first
from cassetete.polyomino._model import Packing

sys.path.insert(0, os.path.dirname(__file__))
from parallel_instances import planted, queens, queens_ok, sudoku16  # noqa: E402
from sudoku_checker import decode_line, is_solution  # noqa: E402


@pytest.fixture(scope="module")
def processes():
    with ProcessPoolExecutor(2) as pool:
        yield pool


@pytest.fixture(scope="module")
def threads():
    with ThreadPoolExecutor(2) as pool:
        yield pool


def test_pentomino_counts_on_processes(processes):
    # 6x10: 2339 packings up to symmetry, 9356 in all (Haselgrove 1960).
    assert polyomino.count_solutions("6x10", executor=processes) == 2339 == polyomino.count_solutions("6x10")
    assert polyomino.count_solutions("6x10", up_to_symmetry=False, executor=processes) == 9356
    assert polyomino.count_solutions("6x10", method="cells", executor=processes) == 2339


def test_queens_as_exact_cover(processes, threads):
    cover = queens(12)
    assert cover.count_solutions(executor=processes) == 14200 == cover.count_solutions()  # OEIS A000170
    assert exactcover.count_solutions(cover, executor=threads) == 14200
    assert queens(8).count_solutions(executor=threads, limit=50) == 50


def test_sudoku16_count_matches_serial_and_checked_enumeration(processes, threads):
    grid = sudoku16()
    serial = sudoku.count_solutions(grid)
    found = list(sudoku.solutions(grid))
    assert all(is_solution(grid.ravel().tolist(), s.ravel().tolist(), (4, 4)) for s in found)
    assert len({s.tobytes() for s in found}) == len(found) == serial > 1
    assert sudoku.count_solutions(grid, executor=processes) == serial
    assert sudoku.count_solutions(grid, executor=threads) == serial


def test_time_slices_cut_heavy_branches():
    # A slice far too short for the root: every heavy branch is cut deeper, the total is exact.
    with ThreadPoolExecutor(2) as pool:
        count, stats = run_count(ExactCoverJob(queens(11)), pool, slice_seconds=0.002)
    assert count == 2680
    assert stats["subproblems"] > 11 and stats["complete"]


def test_limits_raise_limit_reached(threads):
    with pytest.raises(cassetete.LimitReached) as stopped:
        queens(13).count_solutions(executor=threads, node_limit=1000)
    assert 0 <= stopped.value.count < 73712 and stopped.value.stats["stop"] == "node_limit"
    with pytest.raises(cassetete.PuzzleError):
        queens(8).count_solutions(executor=threads, time_limit="x")
    with pytest.raises(cassetete.PuzzleError):
        queens(8).count_solutions(executor=object())


def test_checkpoint_resume_gives_the_same_total(tmp_path, threads):
    path = str(tmp_path / "count.json")
    # node_limit=1 stops the count when its first task comes back, whatever the machine's speed:
    # the tasks not yet sent (more than the first round holds) are left in the checkpoint.
    with pytest.raises(cassetete.LimitReached) as stopped:
        run_count(ExactCoverJob(queens(13)), threads, node_limit=1, slice_seconds=0.02, checkpoint=path)
    saved = json.load(open(path))
    assert saved["count"] == stopped.value.count and saved["pending"] and not saved["done"]
    assert queens(13).count_solutions(executor=threads, checkpoint=path) == 73712
    assert json.load(open(path))["done"]
    assert queens(13).count_solutions(checkpoint=path) == 73712  # finished: read back, nothing recounted
    with pytest.raises(cassetete.PuzzleError, match="another problem"):
        queens(12).count_solutions(executor=threads, checkpoint=path)


DRIVER = """
import sys
sys.path.insert(0, {tests!r})
from concurrent.futures import ThreadPoolExecutor
from cassetete.exactcover._jobs import ExactCoverJob
from cassetete.parallel import run_count
from parallel_instances import queens
with ThreadPoolExecutor(1) as pool:
    run_count(ExactCoverJob(queens(14)), pool, slice_seconds=0.05, checkpoint={path!r}, checkpoint_every=0.05)
"""


def test_killed_driver_resumes_from_its_checkpoint(tmp_path, processes):
    path = str(tmp_path / "count.json")
    script = tmp_path / "driver.py"
    script.write_text(textwrap.dedent(DRIVER.format(tests=os.path.dirname(__file__), path=path)))
    driver = subprocess.Popen([sys.executable, str(script)])
    deadline = time.time() + 60
    while time.time() < deadline and not (os.path.exists(path) and json.load(open(path))["count"] > 0):
        time.sleep(0.05)
    driver.send_signal(signal.SIGKILL)
    driver.wait()
    saved = json.load(open(path))
    assert 0 < saved["count"] < 365596 and saved["pending"]
    assert queens(14).count_solutions(executor=processes, checkpoint=path) == 365596  # OEIS A000170


def test_first_solution_stops_early(processes):
    cover = Packing("3x4x5").cover
    status, solution, stats = run_first(ExactCoverJob(cover), processes, slice_seconds=0.2)
    assert status == "solved" and exactcover.verify(cover, solution)
    assert stats["unexplored"] > 0  # the rest of the tree was never searched
    started = time.perf_counter()
    processes.submit(int).result()  # the workers are free again within about one slice
    assert time.perf_counter() - started < 5
    result = queens(10).solve(executor=processes)
    assert result.status == "solved" and queens_ok(10, result.solution)
    impossible = exactcover.ExactCover.from_options([[0, 1], [1, 2], [0, 2]])
    assert impossible.solve(executor=processes).status == "unsatisfiable"


def test_solve_file_in_chunks_in_input_order(tmp_path, threads):
    good = "".join("." if v == 0 else "123456789ABCDEFG"[v - 1] for v in sudoku16(blanks=100).ravel())
    # A comment, a puzzle, a blank line, a short line, a bad character, two clues clashing.
    lines = ["# a comment", good, "", "12", good.replace(".", "?", 1), "11" + "." * 254, good[::-1]]
    source = tmp_path / "in.txt"
    source.write_text("\n".join(lines * 3) + "\n")
    for executor in (None, threads):
        target = tmp_path / "out.txt"
        totals = sudoku.solve_file(str(source), out=str(target), executor=executor, chunk_lines=4)
        out = target.read_text().splitlines()
        assert len(out) == len(lines) * 3
        for given, answer in zip(lines * 3, out):
            if given in (good, good[::-1]):
                assert is_solution(decode_line(given), decode_line(answer), (4, 4))
            elif given in ("", "# a comment"):
                assert answer == given
            else:
                assert answer.startswith("invalid: ")
        assert totals["puzzles"] == 15 and totals["solved"] == 6 and totals["invalid"] == 9
        assert totals["invalid_lines"][:3] == [4, 5, 6]
    with pytest.raises(cassetete.PuzzleError, match="no such file"):
        sudoku.solve_file(str(tmp_path / "missing.txt"), out=str(tmp_path / "x.txt"))


def test_solve_file_reports_unsatisfiable_lines(tmp_path):
    # Row 1 holds 1..8 and column 9 a 9 lower down: the last cell of row 1 has no value left.
    unsatisfiable = "12345678." + "........9" + "." * 63
    empty = "." * 81
    source = tmp_path / "in.txt"
    source.write_text(f"{empty}\n{unsatisfiable}\n")
    totals = sudoku.solve_file(str(source), out=str(tmp_path / "out.txt"))
    out = (tmp_path / "out.txt").read_text().splitlines()
    assert is_solution(decode_line(empty), decode_line(out[0]), (3, 3))
    assert out[1] == "unsatisfiable"
    assert (totals["solved"], totals["unsatisfiable"]) == (1, 1)


def test_progress_bar_only_when_asked(capsys, threads):
    assert queens(9).count_solutions(executor=threads) == 352
    quiet = capsys.readouterr()
    assert quiet.out == "" and quiet.err == ""
    assert queens(9).count_solutions(executor=threads, progress=True) == 352
    shown = capsys.readouterr()
    assert shown.out == "" and "subproblem" in shown.err


def test_edgematch_counts(processes, tmp_path):
    for name in ("planted_5x5.txt", "planted_4x6.txt"):
        puzzle = planted(name)
        serial = edgematch.count_solutions(puzzle)
        assert edgematch.count_solutions(puzzle, executor=processes) == serial
        assert count_edgematch(puzzle, processes, slice_seconds=0.002) == serial  # cut deep
        assert count_edgematch(puzzle, processes, symmetry=False) == serial
    puzzle = planted("planted_5x5.txt")
    path = str(tmp_path / "em.json")
    with pytest.raises(cassetete.LimitReached):
        count_edgematch(puzzle, processes, node_limit=1, checkpoint=path, slice_seconds=0.002)
    assert edgematch.count_solutions(puzzle, executor=processes, checkpoint=path) == 3072
