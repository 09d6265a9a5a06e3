"""Sudoku batches with bad lines (issue 16): solve_many and the command line report each bad
puzzle in its place and solve the rest; a batch and single calls agree."""

from __future__ import annotations

import io
import json
import pickle
import sys
from pathlib import Path

import numpy as np
import pytest

from cassetete import PuzzleError, sudoku
from cassetete.cli import main
from sudoku_checker import decode_line, is_solution

DATA = Path(__file__).parent / "data" / "sudoku"
TOP1465 = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
GOOD = [line.strip() for line in (DATA / "top1465.txt").read_text().splitlines()
        if line.strip() and not line.startswith("#")][:6]
BAD = ["xyz", "11" + "." * 79, "x" * 81, "", "." * 80, "1" * 81, "." * 82]


def _mixed(blank: bool = True):
    """Good and bad lines interleaved: (lines, which are bad); in a file a blank line is no puzzle."""
    lines, bad = [], []
    for k, line in enumerate(BAD if blank else [line for line in BAD if line]):
        lines += [GOOD[k % len(GOOD)], line]
        bad += [False, True]
    return lines, bad


def _single_rejects(line: str) -> bool:
    try:
        sudoku.solve(line)
    except PuzzleError:
        return True
    return False


def test_solve_many_agrees_with_solve_line_by_line():
    lines, bad = _mixed()
    batch = sudoku.solve_many(lines, workers=2)
    solutions, counts = batch  # still unpacks as (solutions, counts)
    assert solutions.shape == (len(lines), 81) and counts.shape == (len(lines),)
    for k, line in enumerate(lines):
        assert _single_rejects(line) == bad[k] == (counts[k] == sudoku.INVALID)
        if bad[k]:
            assert batch.errors[k] and not solutions[k].any()
        else:
            assert counts[k] == 1 and is_solution(decode_line(line), solutions[k], (3, 3))
    assert sorted(batch.errors) == [k for k in range(len(lines)) if bad[k]]


def test_batch_reasons_are_the_single_call_reasons():
    batch = sudoku.solve_many(["11" + "." * 79, TOP1465, "xyz", "x" + "." * 80])
    with pytest.raises(PuzzleError) as single:
        sudoku.solve("11" + "." * 79)
    assert batch.errors[0] in str(single.value)
    assert "3 characters" in batch.errors[2] and "81" in batch.errors[2]
    assert "column 1" in batch.errors[3] and "'x'" in batch.errors[3]
    assert list(batch.errors) == [0, 2, 3]


def test_the_order_is_the_common_length_even_when_the_first_line_is_bad():
    batch = sudoku.solve_many(["xyz", TOP1465, TOP1465])
    assert batch.counts.tolist() == [sudoku.INVALID, 1, 1]
    assert is_solution(decode_line(TOP1465), batch.solutions[1], (3, 3))


def test_arrays_and_objects_report_per_puzzle():
    array = sudoku.parse_lines_array([TOP1465] * 3, 9).astype(np.int16)
    array[1, 5] = 12
    batch = sudoku.solve_many(array, workers=1)
    assert batch.counts.tolist() == [1, sudoku.INVALID, 1] and "value 12 is outside 0..9" in batch.errors[1]
    assert is_solution(decode_line(TOP1465), batch.solutions[2], (3, 3))
    objects = sudoku.solve_many([sudoku.parse(TOP1465), sudoku.parse("." * 16), "11" + "." * 79])
    assert objects.counts.tolist() == [1, sudoku.INVALID, sudoku.INVALID]
    assert "box 2x2" in objects.errors[1] and "duplicate clue" in objects.errors[2]
    with pytest.raises(PuzzleError):
        sudoku.solve_many(["xyz", "ab"])  # no line of the batch has N*N characters


def test_batch_result_pickles_and_limits_still_work():
    batch = sudoku.solve_many(["." * 16, "11" + "." * 14], limit=None, box=(2, 2))
    copy = pickle.loads(pickle.dumps(batch))
    assert np.array_equal(copy.solutions, batch.solutions) and copy.errors == batch.errors
    assert batch.counts.tolist() == [288, sudoku.INVALID]
    counts = sudoku.solve_many(["." * 81, "xyz"], limit=None, node_limit=50).counts
    assert counts.tolist() == [-1, sudoku.INVALID]


# --- the command line -------------------------------------------------------------------------

def _file(tmp_path, lines):
    source = tmp_path / "mixed.txt"
    source.write_text("# a comment\n" + "\n".join(lines) + "\n")
    return source


def _check_answers(lines, bad, answers):
    assert len(answers) == len(lines)
    for line, is_bad, answer in zip(lines, bad, answers):
        if is_bad:
            assert answer.startswith("invalid: ") and len(answer) > len("invalid: ")
        else:
            assert is_solution(decode_line(line), decode_line(answer), (3, 3))


@pytest.mark.parametrize("extra", [[], ["--time-limit", "30"], ["--workers", "1"]])
def test_cli_prints_the_solved_lines_and_each_bad_line(tmp_path, capsys, extra):
    lines, bad = _mixed(blank=False)
    assert main(["sudoku", "solve", str(_file(tmp_path, lines)), *extra]) == 2  # bad input somewhere
    captured = capsys.readouterr()
    _check_answers(lines, bad, captured.out.splitlines())
    assert "puzzle 2 (line 3): 3 characters, expected 81" in captured.err  # line 1 is the comment
    assert captured.err.count("cassetete: error:") == sum(bad)


def test_cli_json_gives_each_bad_line_its_reason(tmp_path, capsys):
    lines, bad = _mixed(blank=False)
    assert main(["sudoku", "solve", str(_file(tmp_path, lines)), "--json"]) == 2
    records = [json.loads(text) for text in capsys.readouterr().out.splitlines()]
    assert [r["index"] for r in records] == list(range(len(lines)))
    for line, is_bad, record in zip(lines, bad, records):
        if is_bad:
            assert record["status"] == "invalid" and record["error"] and record["line"] >= 2
        else:
            assert record["status"] == "solved" and is_solution(decode_line(line), decode_line(record["solution"]),
                                                                (3, 3))


def test_cli_all_good_lines_still_exit_0_and_stdin_works(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join(GOOD) + "\n"))
    assert main(["sudoku", "solve", "-"]) == 0
    _check_answers(GOOD, [False] * len(GOOD), capsys.readouterr().out.splitlines())
