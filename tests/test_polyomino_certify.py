"""Issue 22: every polyomino packing returned or streamed is checked by the rules first; an
engine that answers wrongly gives cassetete.CheckFailed."""

from __future__ import annotations

import pytest

import cassetete
from cassetete import polyomino
from cassetete.polyomino._model import Packing


def test_wrong_bitboard_answers_raise(monkeypatch):
    def wrong(self, prefix, limit):
        yield [0] * len(self.names)  # one placement twelve times

    monkeypatch.setattr(Packing, "bitboard_solutions", wrong)
    with pytest.raises(cassetete.CheckFailed, match="polyomino"):
        next(polyomino.solutions("3x20", method="bitboard"))
    with pytest.raises(cassetete.CheckFailed):
        polyomino.solve("3x20", method="bitboard")


def test_wrong_grid_from_the_engine_raises(monkeypatch):
    # The exact cover answer is right but the grid built from it is not (a decoding bug).
    real = Packing.grid

    def wrong(self, options):
        grid = real(self, options).copy()
        grid[0, 0], grid[-1, -1] = grid[-1, -1], grid[0, 0]
        return grid

    monkeypatch.setattr(Packing, "grid", wrong)
    with pytest.raises(cassetete.CheckFailed):
        polyomino.solve("6x10")
    with pytest.raises(cassetete.CheckFailed):
        next(polyomino.solutions("3x20", method="cells"))


def test_wrong_cells_answer_raises(monkeypatch):
    def wrong(problem, prefix, time_limit, node_limit):
        return "solved", list(range(12)), {"nodes": 1}

    monkeypatch.setattr(cassetete._core.exactcover, "first", wrong)
    with pytest.raises(cassetete.CheckFailed):
        polyomino.solve("6x10")


def test_verify_is_the_checker():
    grid = polyomino.solve("3x20").solution
    assert polyomino.verify("3x20", grid)
    swapped = grid.copy()
    swapped[0, 0], swapped[2, 19] = swapped[2, 19], swapped[0, 0]
    assert grid[0, 0] == grid[2, 19] or not polyomino.verify("3x20", swapped)
    holes = grid.copy()
    holes[1, 1] = "."
    assert not polyomino.verify("3x20", holes)
