"""Issue 22: an exact cover answer is checked by the rules before it is returned; an engine
that answers wrongly gives cassetete.CheckFailed, never the wrong answer."""

from __future__ import annotations

import pytest

import cassetete
from cassetete import exactcover
from cassetete.exactcover import ExactCover

OPTIONS = [[0], [1], [0, 1], [2]]


def covers(options, solution):
    """The rule, from scratch: every item 0..2 covered exactly once by the chosen options."""
    seen = [item for k in solution for item in options[k]]
    return sorted(seen) == [0, 1, 2]


def test_right_answers_pass():
    result = exactcover.solve(OPTIONS)
    assert result.status == "solved" and covers(OPTIONS, result.solution)
    assert all(covers(OPTIONS, s) for s in exactcover.solutions(OPTIONS))


def test_wrong_first_answer_raises(monkeypatch):
    real = cassetete._core.exactcover.first

    def wrong(problem, prefix, time_limit, node_limit):
        status, solution, stats = real(problem, prefix, time_limit, node_limit)
        return status, [0, 2, 3], stats  # covers item 0 twice

    monkeypatch.setattr(cassetete._core.exactcover, "first", wrong)
    with pytest.raises(cassetete.CheckFailed, match="exactcover"):
        ExactCover.from_options(OPTIONS).solve()


def test_wrong_streamed_answer_raises(monkeypatch):
    class Wrong:
        def __init__(self, *args):
            pass

        def __iter__(self):
            yield [0, 3]  # item 1 left uncovered

        def stats(self):
            return {"nodes": 1, "stop": "none"}

    monkeypatch.setattr(cassetete._core.exactcover, "Iterator", Wrong)
    with pytest.raises(cassetete.CheckFailed):
        list(ExactCover.from_options(OPTIONS).solutions())


def test_verify_rejects_bad_options():
    for malformed in ([0, 9], [True, 3], "23"):  # issue 27: not option indices is bad input
        with pytest.raises(cassetete.PuzzleError):
            exactcover.verify(OPTIONS, malformed)
    assert not exactcover.verify(OPTIONS, [2, 2, 3])
    assert exactcover.verify(OPTIONS, [2, 3])
