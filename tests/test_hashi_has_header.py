"""A Coelho et al. ``.has`` file whose header disagrees with its grid is bad input, never a puzzle
(issue 27: a truncated file used to be read with its header as a row of islands, and solved)."""

from __future__ import annotations

import pytest

from cassetete import PuzzleError, hashi

WHOLE = "3 3 4\n2 0 2\n0 0 0\n2 0 2\n"


def test_a_whole_has_file_is_read():
    puzzle = hashi.parse(WHOLE)
    assert puzzle.shape == (3, 3) and int((puzzle.islands > 0).sum()) == 4


def test_a_truncated_has_file_is_refused():
    with pytest.raises(PuzzleError, match="3 rows of 3 cells and 4 islands, but 1 row"):
        hashi.parse("3 3 4\n2 0 2\n")


def test_a_has_header_with_another_island_count_is_refused():
    with pytest.raises(PuzzleError, match="says 5 islands, the grid has 4"):
        hashi.parse("3 3 5\n2 0 2\n0 0 0\n2 0 2\n")


def test_a_truncated_file_on_disk_is_refused_by_load(tmp_path):
    path = tmp_path / "cut.has"
    path.write_text("\n".join(WHOLE.splitlines()[:3]) + "\n")
    with pytest.raises(PuzzleError, match="truncated"):
        hashi.load(str(path))
