"""node_limit=N stops a search after N nodes and reports N, not N + 1 (issue 27: the node that
passes the limit is refused, not searched, so it is not counted)."""

from __future__ import annotations

import pytest

from cassetete import edgematch, exactcover, narrowing, polyomino, sudoku


SEARCHES = {
    "sudoku": lambda n: sudoku.solve("." * 81, method="random", seed=1, node_limit=n),
    "edgematch": lambda n: edgematch.solve(edgematch.eternity2(), node_limit=n),
    "polyomino": lambda n: polyomino.solve("6x10", node_limit=n),
    "narrowing": lambda n: narrowing.solve(narrowing.packing_model((6, 10)), node_limit=n),
}


@pytest.mark.parametrize("family", sorted(SEARCHES))
@pytest.mark.parametrize("limit", [0, 1, 10, 57])
def test_a_node_limit_reports_exactly_its_nodes(family, limit):
    result = SEARCHES[family](limit)
    if result.status == "solved":  # found before the limit: fewer nodes, never more
        assert result.stats["nodes"] <= limit
    else:
        assert result.status == "limit" and result.stats["nodes"] == limit, result.stats


def test_exact_cover_reports_exactly_its_nodes():
    # the 6x10 pentomino cover as a plain exact cover problem, through exactcover's own verbs
    cover = polyomino.Packing("6x10").cover
    for limit in (1, 10, 100):
        result = exactcover.solve(cover, node_limit=limit)
        assert result.status == "limit" and result.stats["nodes"] == limit
