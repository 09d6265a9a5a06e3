"""A complete jigsaw assembly that keeps every rule is an answer, never "limit" (issue 27): its
status is "feasible" when it is not proved to be the intended one, and the command line exits 0.
Checked with a rules checker written here, from the edge kinds alone."""

from __future__ import annotations

import numpy as np

from cassetete import jigsaw
from cassetete.cli._common import exit_code

OPPOSITE = {0: 2, 1: 3, 2: 0, 3: 1}  # N E S W


def keeps_the_rules(kinds: np.ndarray, board: np.ndarray) -> bool:
    """Each piece once; flat edges exactly on the rim; a tab against a blank at every inner join.
    A piece's edge k shows at side (k + r) % 4 when turned r quarter turns clockwise."""
    rows, cols = board.shape[:2]
    if sorted(board[:, :, 0].ravel().tolist()) != list(range(len(kinds))):
        return False

    def side(r, c, s):
        piece, turns = board[r, c]
        return int(kinds[piece][(s - turns) % 4])

    for r in range(rows):
        for c in range(cols):
            for s, (dr, dc) in enumerate(((-1, 0), (0, 1), (1, 0), (0, -1))):
                nr, nc = r + dr, c + dc
                outside = not (0 <= nr < rows and 0 <= nc < cols)
                if (side(r, c, s) == jigsaw.FLAT) != outside:
                    return False
                if not outside and side(r, c, s) + side(nr, nc, OPPOSITE[s]) != jigsaw.TAB + jigsaw.BLANK:
                    return False
    return True


def test_an_ambiguous_complete_assembly_is_feasible_not_limit():
    puzzle, _truth = jigsaw.generate(3, 4, seed=2)
    result = jigsaw.solve(puzzle, doubt_cost=1e-300, k=1)  # every join doubtful, labels decide nothing
    assert result.status == "feasible" and result.stats["stop"] == "none"
    assert result.stats["doubtful_joins"] > 0 and result.stats["unproved"] in ("doubtful_joins", "label_solutions")
    assert keeps_the_rules(jigsaw.find_edges(puzzle).kinds, np.asarray(result.solution))
    assert exit_code([result.status]) == 0
