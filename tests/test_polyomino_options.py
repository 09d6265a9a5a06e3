"""polyomino's options and I/O verbs (issue 16): one `method=` for the algorithm, bad values
as PuzzleError, keyword-only options, parse/load/format/dump round trips."""

from __future__ import annotations

import io
import itertools

import numpy as np
import pytest

from cassetete import PuzzleError, polyomino


def packing_ok(mask, grid, shapes):
    """The rules, independently of the library: every region cell covered by exactly one
    piece label, nothing outside the region, each piece used once with its own cell count and
    its cells connected."""
    grid = np.asarray(grid)
    if grid.shape != mask.shape or np.any((grid == ".") == mask):
        return False
    if set(grid[mask].tolist()) != set(shapes):
        return False
    for name, cells in shapes.items():
        where = {tuple(c) for c in np.argwhere(grid == name).tolist()}
        if len(where) != len(cells):
            return False
        seen, todo = set(), [next(iter(where))]
        while todo:
            c = todo.pop()
            if c in seen:
                continue
            seen.add(c)
            for d in range(len(c)):
                for s in (-1, 1):
                    n = c[:d] + (c[d] + s,) + c[d + 1:]
                    if n in where:
                        todo.append(n)
        if seen != where:
            return False
    return True


@pytest.mark.parametrize("call", [
    lambda: polyomino.solve("3x20", method="foo"),
    lambda: polyomino.count_solutions("3x20", method="foo"),
    lambda: polyomino.solutions("3x20", method="foo"),
])
def test_unknown_method_is_a_puzzle_error_naming_the_choices(call):
    with pytest.raises(PuzzleError) as error:
        call()
    assert "method" in str(error.value) and "bitboard" in str(error.value) and "cells" in str(error.value)


@pytest.mark.parametrize("method", ["auto", "bitboard", "cells"])
def test_method_everywhere(method):
    shapes = polyomino.piece_set("pentominoes")
    assert polyomino.count_solutions("3x20", method=method) == 2
    grids = list(polyomino.solutions("3x20", up_to_symmetry=False, method=method))
    assert len(grids) == 8 and all(packing_ok(np.ones((3, 20), bool), g, shapes) for g in grids)
    result = polyomino.solve("3x20", method=method)
    assert result.status == "solved" and packing_ok(np.ones((3, 20), bool), result.solution, shapes)


def test_engine_is_a_deprecated_alias():
    with pytest.warns(DeprecationWarning):
        assert polyomino.count_solutions("3x20", engine="cells") == 2
    with pytest.warns(DeprecationWarning):
        assert len(list(polyomino.solutions("3x20", engine="bitboard"))) == 2
    with pytest.raises(PuzzleError), pytest.warns(DeprecationWarning):
        polyomino.count_solutions("3x20", engine="cells", method="bitboard")


def test_options_are_keyword_only():
    with pytest.raises(TypeError):
        polyomino.count_solutions("3x20", "pentominoes")  # type: ignore[misc]
    with pytest.raises(TypeError):
        polyomino.solutions("3x20", "pentominoes", False)  # type: ignore[misc]
    with pytest.raises(TypeError):
        polyomino.solve("3x20", "pentominoes", True)  # type: ignore[misc]
    assert polyomino.solve("1x5", {"I": "#####"}).status == "solved"  # pieces by position still works


def test_bitboard_solve_refuses_big_regions_and_node_limits():
    with pytest.raises(PuzzleError):
        polyomino.solve("5x13", pieces={f"p{k}": "#####" for k in range(13)}, method="bitboard")
    with pytest.raises(PuzzleError):
        polyomino.solve("3x20", method="bitboard", node_limit=10)


def test_parse_sizes_pictures_and_arrays():
    assert polyomino.parse("6x10").shape == (6, 10) and polyomino.parse((2, 3, 4)).all()
    mask = polyomino.parse("#.#\n###")
    assert mask.tolist() == [[True, False, True], [True, True, True]]
    assert polyomino.parse("# . #\n# # #").tolist() == mask.tolist()  # render's spaced text
    assert polyomino.parse("#.#/###").tolist() == mask.tolist()
    box = polyomino.parse("layer 0:\n##\n##\nlayer 1:\n#.\n##")
    assert box.shape == (2, 2, 2) and int(box.sum()) == 7
    assert polyomino.parse("##\n##\n\n#.\n##").tolist() == box.tolist()
    assert polyomino.parse(np.array([[1, 0], [1, 1]])).tolist() == [[True, False], [True, True]]


@pytest.mark.parametrize("text, where", [("#x#", "column 2"), ("##\n#", "rows"), ("", "region"),
                                         ("...", "no cell"), ("6by10", "region")])
def test_parse_errors_say_where(text, where):
    with pytest.raises(PuzzleError) as error:
        polyomino.parse(text)
    assert where in str(error.value)


def test_format_dump_load_round_trip(tmp_path):
    rng = np.random.default_rng(3)
    for shape in [(3, 4), (2, 3, 4), (1, 7)]:
        mask = rng.random(shape) < 0.7
        mask.flat[0] = True
        assert polyomino.parse(polyomino.format(mask)).tolist() == mask.tolist()
        path = tmp_path / "region.txt"
        polyomino.dump(mask, str(path))
        assert polyomino.load(str(path)).tolist() == mask.tolist()
    assert polyomino.format("3x4x5", format="sizes") == "3x4x5"
    out = io.StringIO()
    polyomino.dump("2x5", out, format="sizes")
    assert polyomino.load(io.StringIO(out.getvalue())).shape == (2, 5)
    with pytest.raises(PuzzleError, match="no such file"):
        polyomino.load(str(tmp_path / "missing.txt"))
    with pytest.raises(PuzzleError, match="unknown format"):
        polyomino.format("2x5", format="svg")


def test_pictures_are_regions_everywhere():
    picture = "#####\n#####"
    pieces = {"a": "#####", "b": "#####"}
    assert polyomino.count_solutions(picture, pieces=pieces, up_to_symmetry=False) == 2
    result = polyomino.solve(picture, pieces=pieces)
    mask = polyomino.parse(picture)
    shapes = polyomino.piece_set(pieces)
    assert packing_ok(mask, result.solution, shapes) and polyomino.verify(picture, result.solution, pieces=pieces)
    # A ring with a hole: every cell of the picture is used, the hole never.
    ring = "####\n#..#\n####"
    dominoes = {str(k): "##" for k in range(5)}
    for grid in itertools.islice(polyomino.solutions(ring, pieces=dominoes, up_to_symmetry=False), 20):
        assert packing_ok(polyomino.parse(ring), grid, polyomino.piece_set(dominoes))
