"""Options read the same way in every family (issue 27): ``progress`` takes True/False and numpy
booleans everywhere (numpy's were accepted by Shikaku and refused by edgematch), anything else a
PuzzleError; an option a method cannot honour is refused, never ignored."""

from __future__ import annotations

import numpy as np
import pytest

from cassetete import PuzzleError, edgematch, polyomino, shikaku, sudoku

PUZZLE, _ = edgematch.generate(3, 3, colors=3, seed=1)

CALLS = {
    "edgematch.solve": lambda progress: edgematch.solve(PUZZLE, progress=progress),
    "edgematch.count_solutions": lambda progress: edgematch.count_solutions(PUZZLE, progress=progress),
    "edgematch.solve vlns": lambda progress: edgematch.solve(PUZZLE, method="vlns", seed=1, time_limit=0.2,
                                                            progress=progress),
    "sudoku.count_solutions": lambda progress: sudoku.count_solutions("." * 16, progress=progress),
    "polyomino.count_solutions": lambda progress: polyomino.count_solutions("3x20", progress=progress),
    "shikaku.count_solutions": lambda progress: shikaku.count_solutions("2 .\n. 2", progress=progress),
}


@pytest.mark.parametrize("name", sorted(CALLS))
def test_numpy_false_is_false(name):
    CALLS[name](np.False_)


@pytest.mark.parametrize("name", sorted(CALLS))
@pytest.mark.parametrize("bad", ["yes", 1, None])
def test_anything_else_is_refused(name, bad):
    with pytest.raises(PuzzleError, match="progress must be True or False"):
        CALLS[name](bad)


@pytest.mark.parametrize("family", ["shikaku", "hashi"])
def test_the_ilp_method_honours_a_node_limit(family):
    # issue 27: the ILP method ignored node_limit (Hashi with node_limit=1 said "solved" after 2
    # nodes); HiGHS now gets it as mip_max_nodes, summed over Hashi's rounds of cuts
    from cassetete import hashi

    solve = shikaku.solve if family == "shikaku" else hashi.solve
    puzzle = "2 .\n. 2" if family == "shikaku" else "3x3m2:2a2c2a2"
    for node_limit in (0, 1, 3):
        result = solve(puzzle, method="ilp", node_limit=node_limit)
        assert result.stats["nodes"] <= max(node_limit, 1)
        assert result.status == "solved" or (result.status == "limit" and result.stats["stop"] == "node_limit")
