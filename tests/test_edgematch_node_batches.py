"""The backtracker's hot loop counts placements in batches (cpp/edgematch/backtrack.cpp,
run_static_fast): a node limit must still stop it on exactly the placement that crosses it, and
the counts and boards must not depend on where the batches end."""

from __future__ import annotations

import pytest

from cassetete import edgematch as em
from cassetete.edgematch._count import count_result  # the count as a Result (edgematch.count's body)
from edgematch_checker import check_board


@pytest.mark.parametrize("limit", [1, 5, 1023, 1024, 1025, 5000, 123457])
@pytest.mark.parametrize("hints", ["centre", "all"])
def test_a_node_limit_stops_on_the_placement_that_crosses_it(limit, hints):
    r = em.solve(em.eternity2(hints), node_limit=limit)
    assert r.status == "limit"
    assert r.stats["nodes"] == limit  # the placement that would cross the limit is refused, not counted


@pytest.mark.parametrize("seed", [3, 8])
def test_counts_and_boards_do_not_depend_on_the_node_limit(seed):
    p, _ = em.generate(5, 5, colors=3, seed=seed)
    full = count_result(p, order="row")
    assert full.stats["complete"]
    # A limit far above the work done changes the batch boundaries but not the search.
    bounded = count_result(p, order="row", node_limit=full.stats["nodes"] * 4 + 7)
    assert bounded.stats["count"] == full.stats["count"] > 0
    assert bounded.stats["nodes"] == full.stats["nodes"]
    board = em.solve(p, order="row", node_limit=full.stats["nodes"] * 4 + 7).solution
    assert check_board(p.rows, p.cols, p.pieces, board, p.matching, p.fixed)
