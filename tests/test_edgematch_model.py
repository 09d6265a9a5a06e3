"""Model, formats and rendering of cassetete.edgematch."""

from __future__ import annotations

import pickle
from pathlib import Path

import numpy as np
import pytest

from cassetete import PuzzleError
from cassetete import edgematch as em
from edgematch_checker import check_board, turned

DATA = Path(__file__).parent / "data" / "edgematch"


def tiny():
    # 1 x 2: the left piece shows 1 east, the right piece 1 west.
    return em.EdgePuzzle(1, 2, [[0, 1, 0, 0], [0, 0, 0, 1]])


def test_rotate_matches_the_checker():
    for rot in range(4):
        assert em.rotate((1, 2, 3, 4), rot) == turned((1, 2, 3, 4), rot)


def test_score_and_verify_on_planted_boards():
    for seed in range(5):
        p, b = em.generate(4, 5, colors=3, frame_colors=1, seed=seed)
        assert check_board(4, 5, p.pieces, b)
        assert em.verify(p, b)
        assert em.score(p, b) == (2 * 4 * 5 - 4 - 5, 31)
        bad = b.copy()
        bad[[0, 1]] = bad[[1, 0]]
        assert em.verify(p, bad) == check_board(4, 5, p.pieces, bad)
        # one piece turned: at most 4 joins lost, and the board is no longer a solution
        # unless the piece is symmetric
        turned_board = b.copy()
        turned_board[2, 2, 1] = (turned_board[2, 2, 1] + 1) % 4
        m, total = em.score(p, turned_board)
        assert total - 4 <= m <= total
        assert em.verify(p, turned_board) == check_board(4, 5, p.pieces, turned_board)


def test_score_counts_e2_joins():
    e2 = em.eternity2()
    assert e2.total_joins == 480
    assert e2.fixed == {(8, 7): (138, 0)}
    assert e2.edges(138, 0) == (8, 9, 9, 12)  # the centre piece reads ijjm (SOURCES.md)
    board = np.stack([np.arange(256).reshape(16, 16), np.zeros((16, 16), int)], axis=-1)
    m, total = em.score(e2, board)
    assert total == 480 and 0 <= m < 480
    assert len(em.eternity2("all").fixed) == 5
    assert em.eternity2("none").fixed == {}


def test_opposite_matching():
    p = em.EdgePuzzle(1, 2, [[0, 3, 0, 0], [0, 0, 0, -3]], matching="opposite")
    assert em.verify(p, [[[0, 0], [1, 0]]])
    assert em.score(p, [[[0, 0], [1, 0]]]) == (1, 1)
    q = em.EdgePuzzle(1, 2, [[0, 3, 0, 0], [0, 0, 0, 3]], matching="equal")
    assert em.verify(q, [[[0, 0], [1, 0]]])


@pytest.mark.parametrize(
    "make, words",
    [
        (lambda: em.EdgePuzzle(2, 2, [[0, 1, 1, 0]] * 3), "3 pieces"),
        (lambda: em.EdgePuzzle(1, 2, [[0, 1, 0]] * 2), "shape"),
        (lambda: em.EdgePuzzle(1, 2, [[0, 1, 0, 0], [0, 0, 0, 2]]), "piece 0"),
        (lambda: em.EdgePuzzle(1, 2, [[0, 1, 0, 0], [0, 0, 0, 1]], matching="opposite"), "piece 0"),
        (lambda: em.EdgePuzzle(1, 2, [[0, 1, 0, 0], [0, 0, 0, 1]], matching="xor"), "matching"),
        (lambda: em.EdgePuzzle(1, 2, [[0, 1, 0, 0], [0, 0, 0, 1]], fixed={(0, 5): (0, 0)}), "off"),
        (lambda: em.EdgePuzzle(1, 2, [[0, 1, 0, 0], [0, 0, 0, 1]], fixed={(0, 0): (7, 0)}), "piece 7"),
        (lambda: em.EdgePuzzle(1, 2, [[0, 1, 0, 0], [0, 0, 0, 1]], fixed={(0, 0): (0, 4)}), "rotation"),
        (lambda: em.EdgePuzzle(1, 2, [[0, 1, 0, 0], [0, 0, 0, 1]], fixed={(0, 0): (0, 0), (0, 1): (0, 1)}),
         "fixed twice"),
        (lambda: em.EdgePuzzle(0, 2, []), "positive"),
        (lambda: em.EdgePuzzle(1, 2, [[0, -1, 0, 0], [0, 0, 0, -1]]), "negative"),
    ],
)
def test_bad_puzzles_raise_puzzle_error(make, words):
    with pytest.raises(PuzzleError, match=words):
        make()


@pytest.mark.parametrize(
    "text, words",
    [
        ("2 1\n0 1 0 0\n0 0 0 x\n", "line 3"),
        ("2 1\n0 1 0 0\n0 0 0\n", "line 3"),
        ("edgematch 1 2 equal\n0 1 0 0\n", "1 pieces"),
        ('{"width": 2}', "JSON"),
        ("", "no pieces"),
        ("0 1 1 0\n0 1 1 0\n0 1 1 0\n", "board size"),
        ("edgematch 1 2 equal\nfixed 0 0 0 0\nfixed 0 0 1 0\n0 1 0 0\n0 0 0 1\n", "fixed twice"),
    ],
)
def test_bad_files_raise_puzzle_error(text, words, tmp_path):
    with pytest.raises(PuzzleError, match=words):
        em.parse(text)
    path = tmp_path / "bad.txt"
    path.write_text(text)
    with pytest.raises(PuzzleError, match=words):
        em.load(path)


def test_unreadable_path(tmp_path):
    with pytest.raises(PuzzleError, match="no such file: .*missing.txt"):
        em.load(tmp_path / "missing.txt")
    with pytest.raises(PuzzleError, match="no such file"):
        em.load(str(tmp_path / "missing.txt"))
    with pytest.raises(PuzzleError, match="directory"):
        em.load(tmp_path)
    # a path is never read as puzzle text, and text never as a path
    with pytest.raises(PuzzleError, match="no such file"):
        em.load("edgematch 1 1 equal")


def test_formats_agree_on_one_puzzle(tmp_path):
    p, b = em.generate(3, 4, colors=4, seed=3)
    # cassetete format round trip, with clues
    q = p.with_fixed({(0, 0): tuple(int(x) for x in b[0, 0])})
    assert em.parse(em.format(q)) == q
    path = tmp_path / "p.txt"
    em.dump(q, path)
    assert em.load(path) == q
    urdl = "\n".join(" ".join(map(str, x)) for x in p.pieces)
    # Brendan: W H then URDL
    assert em.parse(f"4 3\n{urdl}\n") == p
    # Heule: hint count then NESW (size inferred from the pieces)
    assert em.parse(f"0\n{urdl}\n") == p
    assert em.parse(f"1\n1 1 {int(b[0, 0, 0]) + 1} {int(b[0, 0, 1])}\n{urdl}\n") == q
    # Wortmann: bottom left top right
    wort = "\n".join(" ".join(str(x[i]) for i in (2, 3, 0, 1)) for x in p.pieces)
    assert em.parse(wort + "\n") == p
    # JSON (anjou): width, height, URDL, hints with row-major pos
    import json

    js = json.dumps({"width": 4, "height": 3, "pieces": p.pieces.tolist(),
                     "hints": [{"pos": 0, "piece": int(b[0, 0, 0]), "rot": int(b[0, 0, 1])}]})
    assert em.parse(js) == q
    assert em.parse(js, hints=False) == p


def test_infer_size_of_rectangles():
    for rows, cols in [(3, 3), (3, 7), (6, 12), (16, 16)]:
        p, _ = em.generate(rows, cols, colors=5, seed=rows * cols)
        assert em.infer_size(p.pieces) == (rows, cols)


def test_bundled_data_files_load_and_have_their_planted_boards():
    for name, shape in [("planted_5x5.txt", (5, 5)), ("planted_4x6.txt", (4, 6))]:
        text = (DATA / name).read_text()
        p = em.load(DATA / name)
        assert (p.rows, p.cols) == shape
        board = np.zeros(shape + (2,), dtype=int)
        for line in text.splitlines():
            if line.startswith("# planted"):
                r, c, piece, rot = map(int, line.split()[2:])
                board[r, c] = (piece, rot)
        assert check_board(p.rows, p.cols, p.pieces, board)
    for name in ("wortmann_clue1.txt", "wortmann_clue3.txt"):
        p = em.load(DATA / name)
        assert (p.rows, p.cols) == (6, 6)


def test_e2_pieces_match_the_official_counts():
    e2 = em.eternity2()
    zeros = (e2.pieces == 0).sum(axis=1)
    assert (zeros == 2).sum() == 4 and (zeros == 1).sum() == 56 and (zeros == 0).sum() == 196
    assert len(set(e2.pieces.ravel().tolist())) == 23


def test_render_text_and_svg():
    p, b = em.generate(2, 3, colors=2, seed=1)
    text = em.render(p, b)
    assert text.count("\n") == 2 * 4
    svg = em.render(p, b, format="svg", labels=True)
    assert svg.count("<polygon") == 24 and svg.rstrip().endswith("</svg>")
    assert p._repr_svg_().startswith("<svg")
    with pytest.raises(PuzzleError):
        em.render(p, b, format="png")


def test_puzzle_pickles():
    p, b = em.generate(3, 3, colors=2, seed=5)
    q = p.with_fixed({(1, 1): tuple(int(x) for x in b[1, 1])})
    assert pickle.loads(pickle.dumps(q)) == q


def test_generate_is_seeded_and_distinct_when_asked():
    a, ba = em.generate(5, 5, colors=8, frame_colors=3, seed=9, distinct=True)
    b, bb = em.generate(5, 5, colors=8, frame_colors=3, seed=9, distinct=True)
    assert a == b and np.array_equal(ba, bb)
    canon = {min(em.rotate(x, r) for r in range(4)) for x in a.pieces}
    assert len(canon) == 25
    # frame colours only on joins between two rim cells
    e = em.cell_edges(a, ba)
    frame = {1, 2, 3}
    for r in range(5):
        for c in range(5):
            for side in range(4):
                label = int(e[r, c, side])
                if label in frame:
                    assert r in (0, 4) or c in (0, 4)
    with pytest.raises(PuzzleError):
        em.generate(4, 4, colors=1, distinct=True, attempts=3)
    o, bo = em.generate(4, 4, colors=3, matching="opposite", seed=1)
    assert check_board(4, 4, o.pieces, bo, matching="opposite")
