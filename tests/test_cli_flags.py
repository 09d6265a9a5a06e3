"""The command line's shared flags (docs/ARCHITECTURE.md, "The command line"): ``--progress`` on
every count (a bar on stderr, the answer unchanged), ``-`` reads standard input in every command
that reads a puzzle or a region, and ``edgematch solve --method``."""

from __future__ import annotations

import io
import json
import sys

import numpy as np
import pytest

from cassetete import edgematch as em
from cassetete.cli import main
from edgematch_checker import check_board
from shikaku_checker import is_solution as shikaku_ok
from sudoku_checker import decode_line
from sudoku_checker import is_solution as sudoku_ok
from test_polyomino_checker import check_packing

SUDOKU = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
SHIKAKU = "10x10:d5a7a2a2_3f2c3_8_2b3f5c10c7g10f3g7j2_2c4c2a2_6f3d"
HASHI = "10x10m2:3a2a4b1a1j6c5a3a2q2b3d1e4e6a4b1b2m2a1c4a4b3"
# Dana Scott's board: 8 x 8 without its central 2 x 2 square.
SCOTT = "\n".join(["########"] * 3 + ["###..###"] * 2 + ["########"] * 3) + "\n"


def _run(argv, capsys, stdin=None, monkeypatch=None):
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(argv)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def _json(out):
    return [json.loads(line) for line in out.splitlines() if line.startswith("{")]


@pytest.fixture
def edge_file(tmp_path):
    puzzle, _ = em.generate(3, 3, colors=3, seed=5)
    path = tmp_path / "p.txt"
    path.write_text(em.format(puzzle, "cassetete"))
    return path


def _answer(record):
    """What must not change with --progress: the status, the count and its completeness."""
    return record.get("status"), record.get("count"), record.get("complete")


@pytest.mark.parametrize("argv", [
    ["pentomino", "count", "3x20"],
    ["pentomino", "count", "3x20", "--method", "narrowing"],
    ["narrowing", "count", "3x20"],
    ["shikaku", "solve", SHIKAKU, "--count"],
    ["hashi", "solve", HASHI, "--count"],
    ["sudoku", "solve", SUDOKU, "--count"],
    ["edgematch", "solve", "EDGE", "--count"],
])
def test_progress_bar_on_stderr_only_and_the_same_answer(argv, capsys, edge_file):
    argv = [str(edge_file) if a == "EDGE" else a for a in argv]
    quiet_code, quiet_out, quiet_err = _run(argv + ["--json"], capsys)
    code, out, err = _run(argv + ["--json", "--progress"], capsys)
    assert code == quiet_code == 0
    assert [_answer(r) for r in _json(out)] == [_answer(r) for r in _json(quiet_out)]
    assert quiet_err == ""  # quiet unless asked
    assert "[00:" in err  # tqdm's elapsed time: the bar went to stderr
    assert "[00:" not in out and "\r" not in out


def test_progress_with_count_shows_the_bar_for_text_output_too(capsys):
    code, out, err = _run(["sudoku", "solve", SUDOKU, "--count", "--progress"], capsys)
    assert code == 0 and "solutions: 1" in out and "[00:" in err
    solution = out.split("solutions")[0].split()
    assert sudoku_ok(decode_line(SUDOKU), [int(v) for v in solution], (3, 3))


@pytest.mark.parametrize("family", ["pentomino", "narrowing"])
def test_count_reads_sizes_from_stdin_as_from_a_file(family, capsys, monkeypatch, tmp_path):
    path = tmp_path / "box.txt"
    path.write_text("3x20\n")
    _, from_file, _ = _run([family, "count", str(path), "--json"], capsys)
    code, from_stdin, _ = _run([family, "count", "-", "--json"], capsys, "3x20\n", monkeypatch)
    assert code == 0
    assert _json(from_stdin)[0]["count"] == _json(from_file)[0]["count"]


@pytest.mark.parametrize("family", ["pentomino", "narrowing"])
def test_solve_reads_the_region_from_stdin(family, capsys, monkeypatch):
    code, out, _ = _run([family, "solve", "-", "--json"], capsys, "3x20\n", monkeypatch)
    assert code == 0
    check_packing(np.array(_json(out)[0]["solution"]), np.ones((3, 20), dtype=bool))


def test_pentomino_reads_a_region_picture_with_holes(capsys, monkeypatch, tmp_path):
    mask = np.array([[ch == "#" for ch in row] for row in SCOTT.split()])
    code, out, _ = _run(["pentomino", "solve", "-", "--json"], capsys, SCOTT, monkeypatch)
    assert code == 0
    check_packing(np.array(_json(out)[0]["solution"]), mask)
    path = tmp_path / "scott.txt"
    path.write_text(SCOTT)
    _, from_file, _ = _run(["pentomino", "count", str(path), "--json"], capsys)
    _, from_stdin, _ = _run(["pentomino", "count", "-", "--json"], capsys, SCOTT, monkeypatch)
    assert _json(from_file)[0]["count"] == _json(from_stdin)[0]["count"] > 0


def test_region_errors_are_bad_input(capsys, monkeypatch, tmp_path):
    code, _, err = _run(["narrowing", "count", "-"], capsys, SCOTT, monkeypatch)
    assert code == 2 and "holes" in err
    code, _, err = _run(["pentomino", "count", str(tmp_path / "missing.txt")], capsys)
    assert code == 2 and "no such file" in err
    code, _, err = _run(["pentomino", "count", "6y10"], capsys)
    assert code == 2 and "6y10" in err


def test_sudoku_solve_and_bench_read_stdin(capsys, monkeypatch):
    code, out, _ = _run(["sudoku", "solve", "-", "--json"], capsys, SUDOKU + "\n", monkeypatch)
    assert code == 0
    solution = decode_line(_json(out)[0]["solution"])
    assert sudoku_ok(decode_line(SUDOKU), solution, (3, 3))
    code, out, _ = _run(["sudoku", "bench", "-"], capsys, SUDOKU + "\n" + SUDOKU + "\n", monkeypatch)
    assert code == 0 and "puzzles 2  solved 2" in out


def test_shikaku_and_hashi_solve_read_stdin(capsys, monkeypatch):
    from cassetete import shikaku

    code, out, _ = _run(["shikaku", "solve", "-", "--json"], capsys, SHIKAKU + "\n", monkeypatch)
    assert code == 0
    assert shikaku_ok(shikaku.parse(SHIKAKU).clues.tolist(), _json(out)[0]["solution"])
    _, from_argument, _ = _run(["hashi", "solve", HASHI, "--json"], capsys)
    code, from_stdin, _ = _run(["hashi", "solve", "-", "--json"], capsys, HASHI + "\n", monkeypatch)
    assert code == 0 and _json(from_stdin)[0]["solution"] == _json(from_argument)[0]["solution"]


@pytest.mark.parametrize("argv", [["edgematch", "solve", "-", "--json"],
                                  ["edgematch", "solve", "-", "--json", "--method", "vlns", "--time-limit", "5",
                                   "--seed", "1"],
                                  ["edgematch", "search", "-", "--json", "--time-limit", "5", "--seed", "1"]])
def test_edgematch_reads_stdin_and_method_vlns(argv, capsys, monkeypatch, edge_file):
    puzzle = em.load(edge_file)
    code, out, _ = _run(argv, capsys, edge_file.read_text(), monkeypatch)
    assert code == 0  # 3 x 3 with a planted solution: the local search finds a full board
    board = _json(out)[0]["solution"]
    assert check_board(puzzle.rows, puzzle.cols, puzzle.pieces.tolist(), board)


def test_edgematch_solve_method_flag_refusals(capsys, edge_file):
    assert main(["edgematch", "solve", str(edge_file), "--method", "vlns"]) == 2  # no budget
    assert "time_limit" in capsys.readouterr().err
    assert main(["edgematch", "solve", str(edge_file), "--method", "vlns", "--count"]) == 2
    assert "--count" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["edgematch", "solve", str(edge_file), "--method", "foo"])
    assert "backtrack" in capsys.readouterr().err
