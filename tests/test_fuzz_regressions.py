"""Inputs that the long fuzzing runs of the new targets (``fuzz/run_all.sh``: parse_many, load,
load_many, edgematch.read_board, polyomino parse_picture) showed raising something other than
PuzzleError. Each must raise PuzzleError."""

from __future__ import annotations

from pathlib import Path

import pytest

from cassetete import PuzzleError, edgematch

# The 2 x 2 puzzle of the fuzz target edgematch.read_board (fuzz/targets.py).
PUZZLE_TEXT = "edgematch 2 2 equal\n0 1 2 0\n0 0 2 1\n2 1 0 0\n2 0 0 1\n"

OVERFLOWING_BOARDS = [
    "9223372036854775808,0 1,0\n2,0 3,0\n",  # piece 2**63
    "0,0 1,0\n2,0 3,-9223372036854775809\n",  # rotation -2**63 - 1
]


@pytest.mark.parametrize("text", OVERFLOWING_BOARDS)
def test_read_board_number_past_int64_is_a_puzzle_error(tmp_path: Path, text: str) -> None:
    path = tmp_path / "board.txt"
    path.write_text(text)
    with pytest.raises(PuzzleError):
        edgematch.read_board(str(path), edgematch.parse(PUZZLE_TEXT))


def test_read_board_largest_int64_piece_is_a_puzzle_error(tmp_path: Path) -> None:
    # The boundary just below the overflow: already refused cleanly (piece does not exist).
    path = tmp_path / "board.txt"
    path.write_text("9223372036854775807,0 1,0\n2,0 3,0\n")
    with pytest.raises(PuzzleError, match="does not exist|out of range"):
        edgematch.read_board(str(path), edgematch.parse(PUZZLE_TEXT))


@pytest.mark.parametrize("name", [".", "", "a b", "\t"])
def test_piece_names_that_a_labelled_grid_cannot_show_are_refused(name: str) -> None:
    # Found by the hypothesis fuzzing with answer certification on: a piece named "." packed into
    # 1x1 gave a grid that reads as an empty cell.
    from cassetete import polyomino

    with pytest.raises(PuzzleError, match="piece name"):
        polyomino.solve("1x1", {name: "#"})
