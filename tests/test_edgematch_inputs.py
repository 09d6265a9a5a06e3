"""Bad input to edgematch is always a PuzzleError saying what and where: files, boards, rotations,
reductions; and every format the family reads is written back (format / dump) or refused."""

from __future__ import annotations

import io
import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cassetete import PuzzleError
from cassetete import edgematch as em
from edgematch_checker import check_board


def rots_of(board):
    return {int(board[r, c, 0]): int(board[r, c, 1]) for r in range(board.shape[0]) for c in range(board.shape[1])}


# --- files: parse / load / parse_many / load_many / format / dump ------------------------------

def test_load_reads_paths_and_open_files_only(tmp_path):
    p, _ = em.generate(3, 4, colors=3, seed=1)
    path = tmp_path / "p.txt"
    em.dump(p, path)
    assert em.load(path) == em.load(str(path)) == p
    with open(path) as handle:
        assert em.load(handle) == p
    with open(path, "rb") as handle:
        assert em.load(handle) == p
    with pytest.raises(PuzzleError, match="use load"):
        em.parse(path)
    with pytest.raises(PuzzleError, match="expected a path or an open file"):
        em.load(42)


def test_parse_reads_text_arrays_and_puzzles():
    p, _ = em.generate(3, 4, colors=3, seed=2)
    assert em.parse(p) is p
    assert em.parse(em.format(p)) == p
    assert em.parse(em.format(p).encode()) == p
    assert em.parse(p.pieces) == p  # size inferred from the pieces
    assert em.parse(p.pieces.tolist(), rows=3, cols=4) == p
    assert em.parse(p.pieces.reshape(3, 4, 4)) == p
    for bad, words in [(p.pieces[:, :3], "shape"), (np.zeros((2, 2, 2, 4)), "shape"), ([[0, 1], [2]], "table"),
                       (p.pieces.reshape(3, 4, 4), "does not fit"), (3.5, "shape")]:
        with pytest.raises(PuzzleError, match=words):
            if words == "does not fit":
                em.parse(bad, rows=4, cols=3)
            else:
                em.parse(bad)
    with pytest.raises(PuzzleError, match="both rows and cols"):
        em.parse(p.pieces, rows=3)


def test_parse_many_and_load_many(tmp_path):
    puzzles = [em.generate(r, c, colors=3, seed=r * c)[0] for r, c in [(2, 3), (3, 3), (3, 4)]]
    text = "".join(em.format(q) for q in puzzles)
    assert em.parse_many(text) == puzzles
    assert em.parse_many([em.format(q) for q in puzzles]) == puzzles
    assert em.parse_many(em.format(puzzles[0])) == puzzles[:1]
    path = tmp_path / "many.txt"
    path.write_text(text)
    assert em.load_many(path) == puzzles
    assert em.load_many(io.StringIO(text)) == puzzles
    # an error names the puzzle and keeps the line number of the whole file
    lines = text.splitlines()
    bad_line = len(em.format(puzzles[0]).splitlines()) + 3  # second puzzle, second piece
    lines[bad_line - 1] = "1 2 x 4"
    with pytest.raises(PuzzleError, match=f"puzzle 2, line {bad_line}"):
        em.parse_many("\n".join(lines))
    with pytest.raises(PuzzleError, match="puzzle 1:"):
        em.parse_many([em.format(puzzles[0]), "nonsense"])
    with pytest.raises(PuzzleError, match="load_many"):
        em.parse_many(path)
    second = len(em.format(puzzles[0]).splitlines()) + 1
    with pytest.raises(PuzzleError, match=f"line {second}: a second 'edgematch' header.*parse_many"):
        em.parse(em.format(puzzles[0]) + em.format(puzzles[1]))
    with pytest.raises(PuzzleError, match="no such file"):
        em.load_many(tmp_path / "none.txt")


@pytest.mark.parametrize("fmt", em.FORMATS)
def test_every_format_reads_back_what_it_writes(fmt, tmp_path):
    p, b = em.generate(4, 6, colors=4, seed=5)
    q = p.with_fixed({(1, 2): tuple(int(x) for x in b[1, 2])})
    puzzle = q if fmt in ("cassetete", "json", "heule") else p
    assert em.parse(em.format(puzzle, fmt)) == puzzle
    path = tmp_path / f"p.{fmt}"
    text = em.dump(puzzle, path, format=fmt)
    assert path.read_text() == text and em.load(path) == puzzle
    handle = io.StringIO()
    em.dump(puzzle, handle, format=fmt)
    assert handle.getvalue() == text


def test_formats_refuse_what_they_cannot_hold():
    p, b = em.generate(4, 6, colors=4, seed=5)
    clued = p.with_fixed({(0, 0): tuple(int(x) for x in b[0, 0])})
    for fmt in ("brendan", "wortmann"):
        with pytest.raises(PuzzleError, match="no clues"):
            em.format(clued, fmt)
    opposite, _ = em.generate(3, 3, colors=3, matching="opposite", seed=1)
    for fmt in ("json", "brendan", "heule", "wortmann"):
        with pytest.raises(PuzzleError, match="'equal' matching"):
            em.format(opposite, fmt)
    assert em.parse(em.format(opposite)) == opposite
    tall = em.EdgePuzzle(6, 4, p.pieces)  # read back as 4 x 6 from its pieces alone
    for fmt in ("heule", "wortmann"):
        with pytest.raises(PuzzleError, match="stores no board size"):
            em.format(tall, fmt)
    assert em.parse(em.format(tall, "brendan")) == tall


def test_dump_refuses_a_directory(tmp_path):
    p, _ = em.generate(2, 2, colors=1, seed=0)
    with pytest.raises(PuzzleError, match="directory"):
        em.dump(p, tmp_path)


# --- boards: unknown pieces, wrong shapes -------------------------------------------------------

def test_boards_with_unknown_or_repeated_pieces_are_refused():
    p, b = em.generate(3, 3, colors=2, seed=0)
    unknown = b.copy()
    unknown[1, 2, 0] = 99
    twice = b.copy()
    twice[0, 0, 0] = twice[0, 1, 0]
    bad_rot = b.copy()
    bad_rot[2, 2, 1] = 4
    for func in (em.valid_pieces, em.matched_faces, em.score, em.cell_edges, em.render, em.render_svg):
        with pytest.raises(PuzzleError, match=r"cell \(1, 2\): piece 99 does not exist"):
            func(p, unknown)
        with pytest.raises(PuzzleError, match="placed twice"):
            func(p, twice)
        with pytest.raises(PuzzleError, match=r"cell \(2, 2\): rotation 4"):
            func(p, bad_rot)
        with pytest.raises(PuzzleError, match="shape"):
            func(p, b[:2])
        with pytest.raises(PuzzleError, match="integers"):
            func(p, b.astype(float) + 0.5)
    # verify raises for a malformed board like the functions above (issue 22), and answers
    # False for a well-formed board that breaks a rule (a piece placed twice, an empty cell)
    for bad, message in ((unknown, r"cell \(1, 2\): piece 99 does not exist"), (bad_rot, r"cell \(2, 2\): rotation 4"),
                         (b[:2], "shape"), (b.astype(float) + 0.5, "integers")):
        with pytest.raises(PuzzleError, match=message):
            em.verify(p, bad)
    twice_and_unknown = twice.copy()
    twice_and_unknown[2, 0, 0] = 99
    with pytest.raises(PuzzleError, match="piece 99 does not exist"):
        em.verify(p, twice_and_unknown)
    empty = b.copy()
    empty[1, 1] = (-1, 0)
    assert em.verify(p, b) and not em.verify(p, twice) and not em.verify(p, empty)
    # empty cells (-1) are allowed where the approximations leave holes
    holes = b.copy()
    holes[1, 1] = (-1, -1)
    assert em.valid_pieces(p, holes) == 8  # an empty neighbour is not a mismatch
    with pytest.raises(PuzzleError, match="EdgePuzzle"):
        em.valid_pieces("p", b)


def test_read_board_errors_say_where(tmp_path):
    p, b = em.generate(3, 3, colors=3, seed=1)
    with pytest.raises(PuzzleError, match="no such file"):
        em.read_board(tmp_path / "none.txt", p)
    with pytest.raises(PuzzleError, match="directory"):
        em.read_board(tmp_path, p)
    path = tmp_path / "b.txt"
    em.write_board(str(path), p, b)
    assert np.array_equal(em.read_board(path, p), b)
    lines = path.read_text().splitlines()  # a comment, then one line per row

    def with_token(row, column, token):
        tokens = lines[row].split()
        tokens[column] = token
        return " ".join(tokens)

    for row, replacement, words in [(2, with_token(2, 1, "1,2,3"), "line 3, column 2"),
                                    (3, with_token(3, 1, "x,1"), "line 4, column 2"),
                                    (1, " ".join(lines[1].split()[:2]), "2 cells"),
                                    (2, with_token(2, 1, "99,0"), r"cell \(1, 1\): piece 99 does not exist"),
                                    (2, with_token(2, 1, lines[1].split()[0]), "placed twice")]:
        broken = list(lines)
        broken[row] = replacement
        path.write_text("\n".join(broken) + "\n")
        with pytest.raises(PuzzleError, match=words):
            em.read_board(path, p)
    path.write_text("\n".join(lines[:3]) + "\n")
    with pytest.raises(PuzzleError, match="2 rows"):
        em.read_board(path, p)


# --- rotations: one documented form everywhere ----------------------------------------------------

def test_rotations_by_piece_as_dict_or_list_everywhere():
    p, b = em.generate(4, 4, colors=3, seed=3)  # the block method needs even sides
    as_dict = rots_of(b)
    as_list = [as_dict[k] for k in range(p.size)]
    as_array = np.array(as_list)
    for func in (em.contour_by_euler, em.checkerboard_approximation, em.contour_checkerboard_approximation,
                 em.solve_orientations, em.interior_blocks, em.block_packing_approximation,
                 em.solve_orientations_blocks):
        out_dict = func(p, as_dict)
        for other in (as_list, as_array, tuple(as_list)):
            out = func(p, other)
            if isinstance(out, tuple):
                assert all(np.array_equal(x, y) if isinstance(x, np.ndarray) else x == y for x, y in zip(out, out_dict))
            elif isinstance(out, np.ndarray):
                assert np.array_equal(out, out_dict)
            else:
                assert out == out_dict, func.__name__
    board, n = em.solve_orientations(p, as_list)
    assert n == 1 and check_board(p.rows, p.cols, p.pieces, board, p.matching)


def test_rotations_per_cell_or_per_piece_in_puzzle_position():
    p, b = em.generate(4, 4, colors=5, seed=2)
    pos = b[:, :, 0]
    clue_cell = np.full((4, 4), -1)
    clue_cell[1, 1] = b[1, 1, 1]
    clue_piece = {int(b[1, 1, 0]): int(b[1, 1, 1])}
    by_cell = em.propagate_orientations(p, pos, clue_cell)
    by_piece = em.propagate_orientations(p, pos, clue_piece)
    assert np.array_equal(by_cell[0], by_piece[0]) and by_cell[1] == by_piece[1]
    full_list = [rots_of(b)[k] for k in range(p.size)]
    rots, ok = em.propagate_orientations(p, pos, full_list)
    assert ok and np.array_equal(rots, b[:, :, 1])
    for rotations in (clue_cell, clue_piece, clue_cell.tolist()):
        board, n = em.solve_positions(p, pos, count=True, rotations=rotations)
        assert n >= 1 and check_board(p.rows, p.cols, p.pieces, board, p.matching)
        assert board[1, 1, 1] == b[1, 1, 1]


@pytest.mark.parametrize("rotations, words", [
    ({99: 1}, "piece 99 does not exist"),
    ({-1: 1}, "piece -1 does not exist"),
    ({"a": 1}, "piece 'a' does not exist"),
    ({0: 4}, r"rotations\[0\]: rotation must be 0..3"),
    ({0: 1.5}, "rotation must be"),
    ([0, 1], "sequence of 16 rotations"),
    ("0123", "mapping"),
    (np.zeros((4, 4), dtype=int), "per cell, which needs the positions"),
    (5, "mapping"),
])
def test_bad_rotations_by_piece_are_puzzle_errors(rotations, words):
    p, _ = em.generate(4, 4, colors=3, seed=3)
    for func in (em.contour_by_euler, em.checkerboard_approximation, em.contour_checkerboard_approximation,
                 em.solve_orientations, em.solve_orientations_blocks, em.block_packing_approximation,
                 em.interior_blocks):
        with pytest.raises(PuzzleError, match=words):
            func(p, rotations)


def test_bad_rotations_and_positions_in_puzzle_position():
    p, b = em.generate(4, 4, colors=3, seed=3)
    pos = b[:, :, 0]
    for rotations, words in [({99: 1}, "piece 99"), (np.full((4, 4), 5), r"cell \(0, 0\)"), ([1, 2], "16 rotations"),
                             (np.full((4, 4), 0.5), "rotation must be")]:
        with pytest.raises(PuzzleError, match=words):
            em.propagate_orientations(p, pos, rotations)
        with pytest.raises(PuzzleError, match=words):
            em.solve_positions(p, pos, rotations=rotations)
    twice = pos.copy()
    twice[0, 0] = twice[0, 1]
    for positions, words in [(twice, "missing"), (pos[:2], "shape"), ("abc", "positions must be")]:
        for func in (em.propagate_orientations, em.solve_positions, em.position_path_approximation):
            with pytest.raises(PuzzleError, match=words):
                func(p, positions)
    with pytest.raises(PuzzleError, match="limit"):
        em.solve_positions(p, pos, count=True, limit=0)


# --- reductions and generators --------------------------------------------------------------------

@pytest.mark.parametrize("numbers", [["a"], [1.5], None, "abc", [True], [-1], 5, [[1]]])
def test_bad_partition_instances_are_puzzle_errors(numbers):
    with pytest.raises(PuzzleError, match="PARTITION"):
        em.partition_to_contour(numbers)
    with pytest.raises(PuzzleError, match="PARTITION"):
        em.partition_to_orientation(numbers)


def test_bad_contour_instances_are_puzzle_errors():
    for contour, words in [(None, "rows, cols, pieces"), ((3, 3), "rows, cols, pieces"),
                           ((3, "x", [[0, 0, 0, 0]]), "cols"), ((3, 3, [[1, 2]]), r"\(k, 4\)"),
                           ((3, 4, [["a"] * 4] * 10), r"\(k, 4\)")]:
        with pytest.raises(PuzzleError, match=words):
            em.contour_to_puzzle(contour)


def test_fibonacci_family_checks_its_argument():
    for n in (2, 2.5, "5"):
        with pytest.raises(PuzzleError, match="n must be"):
            em.fibonacci_instance(n)


def test_json_text_is_checked():
    p, _ = em.generate(2, 2, colors=1, seed=0)
    good = json.loads(em.format(p, "json"))
    for change, words in [(("pieces", 1, [0, 1]), "piece 1 is not a list of 4"),
                          (("pieces", 0, ["a", 0, 0, 0]), "piece 0's label must be an integer"),
                          (("pieces", 0, [0, 1.5, 0, 0]), "got 1.5"),
                          (("width", None, True), "width must be an integer"),
                          (("width", None, 0), "must be positive"),
                          (("hints", None, 5), "hints must be a list"),
                          (("hints", None, [{"pos": "0", "piece": 0, "rot": 0}]), "hint pos must be an integer"),
                          (("hints", None, [{"pos": 0}]), "bad hint")]:
        data = json.loads(json.dumps(good))
        key, index, value = change
        if index is None:
            data[key] = value
        else:
            data[key][index] = value
        with pytest.raises(PuzzleError, match=words):
            em.parse(json.dumps(data))
    with pytest.raises(PuzzleError, match="width, height and pieces"):
        em.parse('{"width": 2}')


@pytest.mark.parametrize("source", ["99999999999999999999 1 1 1", "2 1\n0 1 0 0\n0 0 0 99999999999999999999",
                                    [[0, 0, 0, "a"]], [[1e300, 0, 0, 0]], [[0, 0, 0, float("inf")]]])
def test_labels_that_are_not_integers_of_a_sane_size_are_refused(source):
    with pytest.raises(PuzzleError, match="integer|beyond"):
        em.parse(source, **({} if isinstance(source, str) else {"rows": 1, "cols": 1}))


@pytest.mark.parametrize("call", [
    lambda p, b: em.cell_order(2.5, 3, "row"),
    lambda p, b: em.cell_order(-1, 3, "row"),
    lambda p, b: em.cell_order(3, 3, "zigzag"),
    lambda p, b: em.block_level(p, None, "x"),
    lambda p, b: em.set_packing(5),
    lambda p, b: em.set_packing([1, 2]),
    lambda p, b: em.rotate("ab", 1),
    lambda p, b: em.rotate((1, 2, 3), 1),
    lambda p, b: em.interior_blocks("p"),
    lambda p, b: em.prune_blocks(p, 5),
    lambda p, b: em.contour_ring("a", 2),
    lambda p, b: em.score("x", b),
    lambda p, b: em.infer_size("abc"),
    lambda p, b: p.with_fixed(5),
    lambda p, b: em.render(p, b, format="svg", cell="x"),
    lambda p, b: em.render(p, b, cell=30),  # an SVG option for a text picture
    lambda p, b: em.write_board("/nonexistent-dir/board.txt", p, b),
    lambda p, b: em.initial_board(p, init=None),
    lambda p, b: em.initial_board(p, relax="2"),
    lambda p, b: em.eternity2(hints=None),
    lambda p, b: em.symmetry_parts(5),
    lambda p, b: em.solutions(5),
])
def test_other_public_functions_refuse_bad_arguments_with_puzzle_errors(call, tmp_path):
    p, b = em.generate(4, 4, colors=3, seed=1)
    with pytest.raises(PuzzleError):
        call(p, b)
    with pytest.raises(PuzzleError, match="directory"):
        em.write_board(str(tmp_path), p, b)

_TOKENS = st.sampled_from(["edgematch", "fixed", "equal", "opposite", "0", "1", "-1", "2", "3", "x", "#", "{",
                           "}", '"width":', "99999999999", ",", "1.5", "[", "]"])
_LINES = st.lists(st.lists(_TOKENS, max_size=6).map(" ".join), max_size=8).map("\n".join)


@settings(max_examples=300, deadline=None)
@given(st.one_of(_LINES, st.text(max_size=60)))
def test_any_text_is_a_puzzle_or_a_puzzle_error(text):
    try:
        puzzle = em.parse(text)
    except PuzzleError:
        return
    assert isinstance(puzzle, em.EdgePuzzle)
    assert em.parse(em.format(puzzle)) == puzzle
