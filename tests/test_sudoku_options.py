"""The shared ``progress`` option (issue 16): checked centrally (cassetete._options) like the
other shared options, so that ``progress="x"`` or ``"yes"`` is a PuzzleError, never true."""

from __future__ import annotations

import numpy as np
import pytest

from cassetete import PuzzleError, sudoku
from cassetete._options import check_flag, check_progress

BAD = ["x", "yes", "no", 1, 0, 1.0, None, [True]]


@pytest.mark.parametrize("value", BAD)
def test_check_progress_refuses_what_is_not_a_bool(value):
    with pytest.raises(PuzzleError, match="progress must be True or False"):
        check_progress(value)
    with pytest.raises(PuzzleError, match="unique must be True or False"):
        check_flag(value, "unique")


def test_check_progress_takes_python_and_numpy_bools():
    assert check_progress(True) is True and check_progress(False) is False
    assert check_progress(np.bool_(True)) is True and check_progress(np.True_) is True


@pytest.mark.parametrize("value", ["x", "yes"])
def test_sudoku_verbs_refuse_a_bad_progress(value):
    with pytest.raises(PuzzleError, match="progress"):
        sudoku.count_solutions("." * 16, progress=value)
    with pytest.raises(PuzzleError, match="progress"):
        sudoku.generate((2, 2), seed=1, progress=value)
    with pytest.raises(PuzzleError, match="unique"):
        sudoku.generate((2, 2), seed=1, unique=value)


def test_progress_false_stays_quiet(capsys):
    assert sudoku.count_solutions("." * 16, progress=False) == 288
    assert sudoku.generate((2, 2), seed=1, progress=np.bool_(False)).seed == 1
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err == ""
