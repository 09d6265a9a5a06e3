"""``cassetete sudoku solve FILE`` with ``--scheduler`` / ``--cluster`` / ``--progress`` (issue 21):
the file streams through ``sudoku.solve_file`` on the executor, one output line per input line."""

from __future__ import annotations

import contextlib
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

import cassetete.parallel
from cassetete.cli import main
from sudoku_checker import decode_line, is_solution

DATA = Path(__file__).parent / "data" / "sudoku"
GOOD = [line.strip() for line in (DATA / "top1465.txt").read_text().splitlines()
        if line.strip() and not line.startswith("#")][:40]
BAD = ["xyz", "11" + "." * 79]


def _source(tmp_path, bad=True):
    lines = ["# header comment"] + GOOD[:20] + (BAD[:1] if bad else []) + GOOD[20:] + (BAD[1:] if bad else [])
    path = tmp_path / "puzzles.txt"
    path.write_text("\n".join(lines) + "\n")
    return path, lines


def _check(lines, answers):
    assert len(answers) == len(lines)  # line k of the output answers line k of the input
    for line, answer in zip(lines, answers):
        if line.startswith("#"):
            assert answer == line
        elif line in BAD:
            assert answer.startswith("invalid: ")
        else:
            assert is_solution(decode_line(line), decode_line(answer), (3, 3))


@pytest.fixture
def thread_cluster(monkeypatch):
    """--cluster / --scheduler served by a thread pool; records what the command asked for."""
    asked = {}

    @contextlib.contextmanager
    def fake_executor_for(scheduler=None, workers=None):
        asked.update(scheduler=scheduler, workers=workers)
        with ThreadPoolExecutor(2) as pool:
            yield pool

    monkeypatch.setattr(cassetete.parallel, "executor_for", fake_executor_for)
    return asked


def test_cluster_flag_streams_the_file_on_the_executor(tmp_path, capsys, thread_cluster):
    path, lines = _source(tmp_path)
    assert main(["sudoku", "solve", str(path), "--cluster", "2"]) == 2  # two bad lines
    captured = capsys.readouterr()
    _check(lines, captured.out.splitlines())
    assert thread_cluster == {"scheduler": None, "workers": 2}
    assert "2 invalid line(s): 22, 43" in captured.err


def test_scheduler_flag_and_clean_file_exit_0(tmp_path, capsys, thread_cluster):
    path, lines = _source(tmp_path, bad=False)
    assert main(["sudoku", "solve", str(path), "--scheduler", "tcp://127.0.0.1:8786"]) == 0
    _check(lines, capsys.readouterr().out.splitlines())
    assert thread_cluster == {"scheduler": "tcp://127.0.0.1:8786", "workers": None}


def test_progress_alone_streams_here_with_a_bar(tmp_path, capsys):
    path, lines = _source(tmp_path)
    assert main(["sudoku", "solve", str(path), "--progress"]) == 2
    captured = capsys.readouterr()
    _check(lines, captured.out.splitlines())
    assert "solving" in captured.err  # the tqdm bar is on stderr, never on stdout


@pytest.mark.parametrize("extra", [["--json"], ["--grid"], ["--time-limit", "1"], ["--explain"]])
def test_streaming_refuses_per_puzzle_flags(tmp_path, capsys, extra):
    path, _lines = _source(tmp_path)
    assert main(["sudoku", "solve", str(path), "--progress", *extra]) == 2
    assert extra[0] in capsys.readouterr().err


def test_cluster_refuses_count(tmp_path, capsys, thread_cluster):
    path, _lines = _source(tmp_path)
    assert main(["sudoku", "solve", str(path), "--cluster", "1", "--count"]) == 2
    assert "--count" in capsys.readouterr().err


def test_streaming_a_missing_file_and_both_cluster_flags(tmp_path, capsys):
    assert main(["sudoku", "solve", str(tmp_path / "missing.txt"), "--progress"]) == 2
    assert "no such file" in capsys.readouterr().err
    with pytest.raises(SystemExit) as usage:
        main(["sudoku", "solve", str(tmp_path / "x.txt"), "--cluster", "1", "--scheduler", "tcp://h:1"])
    assert usage.value.code == 2


def test_cluster_1_for_real(tmp_path, capsys):
    # One local worker process (a Dask LocalCluster when Dask is installed, else a process pool):
    # about 2 s on this machine.
    path, lines = _source(tmp_path)
    assert main(["sudoku", "solve", str(path), "--cluster", "1"]) == 2
    _check(lines, capsys.readouterr().out.splitlines())
