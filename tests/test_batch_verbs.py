"""parse_many / load_many of polyomino and exactcover (issue 27): the batch verbs of the contract,
with a bad item named by its number and line."""

from __future__ import annotations

import io

import pytest

from cassetete import PuzzleError, exactcover, polyomino


def test_polyomino_regions_in_a_batch():
    text = "# sizes one per line, pictures ended by ---\n6x10\n3x4x5\n---\n##\n#.\n---\n#\n\n#\n"
    regions = polyomino.parse_many(text)
    assert [r.shape for r in regions] == [(6, 10), (3, 4, 5), (2, 2), (2, 1, 1)]
    assert [int(r.sum()) for r in regions] == [60, 60, 3, 2]
    assert [r.shape for r in polyomino.load_many(io.StringIO(text))] == [r.shape for r in regions]
    assert len(polyomino.parse_many(["3x20", (2, 5)])) == 2
    with pytest.raises(PuzzleError, match=r"region 2 \(line 2\)"):
        polyomino.parse_many("6x10\n##x\n")


def test_exactcover_problems_in_a_batch():
    problems = exactcover.parse_many("a b\na\nb\na b\n\nx y\nx y\n")
    assert [(p.items, p.options) for p in problems] == [(2, 3), (2, 1)]
    assert [exactcover.count_solutions(p) for p in problems] == [2, 1]  # {a},{b} or {a b}; {x y}
    assert len(exactcover.load_many(io.StringIO("a\na\n\nb\nb\n"))) == 2
    with pytest.raises(PuzzleError, match=r"puzzle 2 \(line 4\)"):
        exactcover.parse_many("a\na\n\nb\nc\n")
