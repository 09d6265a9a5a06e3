"""The edge-matching engines by name through ``edgematch.solve(method=...)`` (issue 27: eight
engines were separate ``solve_*`` functions): each answer checked by a rules checker written
here, the same answer as the engine's own function, and an option a method does not take
refused, never ignored."""

from __future__ import annotations

import numpy as np
import pytest

from cassetete import PuzzleError, edgematch

PUZZLE, _ = edgematch.generate(4, 4, colors=3, seed=2)


def matches(puzzle, board) -> bool:
    """Every piece once, every inner join two equal colours, the border grey (colour 0)."""
    board = np.asarray(board)
    pieces = np.asarray(puzzle.pieces)
    if sorted(board[:, :, 0].ravel().tolist()) != list(range(len(pieces))):
        return False
    rows, cols = board.shape[:2]

    def side(r, c, s):  # sides N E S W; a piece turned t quarter turns clockwise shows edge (s - t) % 4 at s
        piece, turns = board[r, c]
        return int(pieces[piece][(s - turns) % 4])

    for r in range(rows):
        for c in range(cols):
            if c + 1 < cols and side(r, c, 1) != side(r, c + 1, 3):
                return False
            if r + 1 < rows and side(r, c, 2) != side(r + 1, c, 0):
                return False
            for s, outside in ((0, r == 0), (1, c == cols - 1), (2, r == rows - 1), (3, c == 0)):
                if outside and side(r, c, s) != 0:
                    return False
    return True


FUNCTIONS = {"cp": edgematch.solve_cp, "checkerboard": edgematch.solve_checkerboard,
             "corner_fill": edgematch.solve_corner_fill, "relaxed_loop": edgematch.solve_relaxed_loop,
             "positions": edgematch.solve_by_positions}


@pytest.mark.parametrize("method", sorted(FUNCTIONS))
def test_every_engine_by_name_solves_and_agrees_with_its_function(method):
    seed = {"seed": 1} if method in ("cp", "relaxed_loop") else {}
    by_name = edgematch.solve(PUZZLE, method=method, **seed)
    direct = FUNCTIONS[method](PUZZLE, **seed)
    assert by_name.status == "solved" and matches(PUZZLE, by_name.solution)
    assert np.array_equal(by_name.solution, direct.solution)


@pytest.mark.parametrize("method, options, message", [
    ("cp", {"parity": 1}, "do not apply to method='cp'"),
    ("checkerboard", {"seed": 1}, "method 'checkerboard' of edgematch.solve does not use seed"),
    ("positions", {"node_limit": 10}, "method 'positions' of edgematch.solve does not use node_limit"),
    ("corner_fill", {"workers": 2}, "method 'corner_fill' of edgematch.solve does not use workers"),
    ("vlns", {"order": "row"}, "does not use order"),
])
def test_an_option_a_method_does_not_take_is_refused(method, options, message):
    with pytest.raises(PuzzleError, match=message):
        edgematch.solve(PUZZLE, method=method, **options)


def test_the_command_line_takes_the_engines_by_name(tmp_path, capsys):
    from cassetete.cli import main

    path = tmp_path / "p.txt"
    edgematch.dump(PUZZLE, str(path))
    assert main(["edgematch", "solve", str(path), "--method", "checkerboard", "--order", "spiral"]) == 0
    assert "status: solved" in capsys.readouterr().out
    assert main(["edgematch", "solve", str(path), "--method", "cp", "--count"]) == 2
    assert "--count needs --method backtrack" in capsys.readouterr().err
