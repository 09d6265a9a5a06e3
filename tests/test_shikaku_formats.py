"""cassetete.shikaku formats: Tatham IDs, puzz.link URLs, plain grids, bad input."""

import json
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cassetete import PuzzleError, shikaku

DATA = Path(__file__).parent / "data" / "shikaku" / "tatham.jsonl"
RECORDS = [json.loads(line) for line in DATA.read_text().splitlines()]


def test_tatham_example_from_sources():
    p = shikaku.parse("10x10:d10b3h2b4_7c8b8g4_2f12o3b12b2c4g2g2_3_2_2a6g2a")
    assert p.shape == (10, 10)
    assert p.clues[0, :8].tolist() == [0, 0, 0, 0, 10, 0, 0, 3]
    assert p.clues[1, 6:].tolist() == [2, 0, 0, 4]
    assert p.clues[2, 0] == 7


@pytest.mark.parametrize("record", RECORDS, ids=[r["seed"] for r in RECORDS])
def test_tatham_round_trip(record):
    p = shikaku.parse(record["id"])
    assert p.shape == (record["h"], record["w"])
    assert len(p.clue_values()) == record["nclues"]
    assert shikaku.format_tatham(p) == record["id"]
    assert shikaku.parse(shikaku.format_puzzlink(p)) == p
    assert shikaku.parse(shikaku.format_grid(p)) == p


def test_puzzlink_example_from_pzprjs():
    a = shikaku.parse("https://puzz.link/p?shikaku/6/6/j3g56h6t6h23g5j")
    b = shikaku.parse("6x6:d3a5_6b6n6b2_3a5d")
    assert a == b
    assert shikaku.format_puzzlink(b) == "https://puzz.link/p?shikaku/6/6/j3g56h6t6h23g5j"
    assert shikaku.parse("http://pzv.jp/p.html?shikaku/6/6/j3g56h6t6h23g5j") == b


def test_puzzlink_large_numbers_and_long_runs():
    grid = np.zeros((5, 10), dtype=int)
    grid[0, 0] = 20
    grid[2, 5] = 30
    p = shikaku.Shikaku(grid)
    url = shikaku.format_puzzlink(p)
    assert "-14" in url and "-1e" in url
    assert shikaku.parse(url) == p


def test_plain_grid_variants():
    a = shikaku.parse("# comment\n2 . 0\n. 2 -\n")
    assert a.clues.tolist() == [[2, 0, 0], [0, 2, 0]]
    b = shikaku.parse("2..\n.2.")
    assert a == b
    assert shikaku.parse(a) is a


@given(st.integers(1, 7), st.integers(1, 7), st.data())
@settings(max_examples=60, deadline=None)
def test_formats_round_trip_random(rows, cols, data):
    area = rows * cols
    cells = data.draw(st.lists(st.integers(0, area), min_size=area, max_size=area))
    p = shikaku.Shikaku(np.array(cells).reshape(rows, cols))
    assert shikaku.parse(shikaku.format_tatham(p)) == p
    assert shikaku.parse(shikaku.format_puzzlink(p)) == p
    assert shikaku.parse(shikaku.format_grid(p)) == p


@pytest.mark.parametrize(
    "text, where",
    [
        ("2 .\n. 2 .", "line 2"),
        ("2 x\n. 2", "line 1, column 2"),
        ("2 .\n. -3", "line 2, column 2"),
        ("2 .\n. 5", "row 2, column 2"),
        ("3x2:2a2_2a", "5 cells"),
        ("3x2:2a2_2c", "runs past"),
        ("3x2:2a22b_", "character"),
        ("3x2:2a2?2b", "character 8"),
        ("3x2:0e", "clue 0"),
        ("3x2:2a2__2b", "character"),
        ("https://puzz.link/p?shikaku/3/2/2g2!h", "character"),
        ("https://puzz.link/p?shikaku/3/2/2g.h", "'?'"),
        ("https://puzz.link/p?shikaku/2/2/-ff", "larger than the grid"),
        ("", "empty"),
    ],
)
def test_bad_input_says_where(text, where):
    with pytest.raises(PuzzleError, match=where):
        shikaku.parse(text)


def test_bad_arrays():
    with pytest.raises(PuzzleError, match="row 1, column 2"):
        shikaku.Shikaku(np.array([[1, -1]]))
    with pytest.raises(PuzzleError, match="larger"):
        shikaku.Shikaku(np.array([[1, 9]]))
    with pytest.raises(PuzzleError):
        shikaku.Shikaku(np.zeros(3, dtype=int))
    with pytest.raises(PuzzleError):
        shikaku.Shikaku(np.array([[1.5]]))
    with pytest.raises(PuzzleError):
        shikaku.parse(42)


@given(st.text(max_size=40))
@settings(max_examples=200, deadline=None)
def test_garbage_never_crashes(text):
    try:
        p = shikaku.parse(text)
    except PuzzleError:
        return
    shikaku.solve(p, node_limit=1000)


def test_model_pickles_and_shows():
    import pickle

    p = shikaku.parse("2 .\n2 .")
    assert pickle.loads(pickle.dumps(p)) == p
    assert "2" in str(p) and p._repr_svg_().startswith("<svg")
    assert p.rows == 2 and p.cols == 2 and hash(p) == hash(shikaku.parse("2.\n2."))


def test_load_format_render_verbs(tmp_path):
    path = tmp_path / "p.txt"
    path.write_text("https://puzz.link/p?shikaku/6/6/j3g56h6t6h23g5j\n")
    p = shikaku.load(path)
    assert shikaku.format(p) == "6x6:d3a5_6b6n6b2_3a5d"
    assert shikaku.format(p, "puzzlink").endswith("shikaku/6/6/j3g56h6t6h23g5j")
    assert shikaku.parse(shikaku.format(p, "grid")) == p
    assert shikaku.format(p, format="grid") == shikaku.format_grid(p)
    assert shikaku.render(p, format="svg").startswith("<svg")
    with pytest.raises(PuzzleError):
        shikaku.format(p, "xml")
    with pytest.raises(PuzzleError):
        shikaku.render(p, format="png")


def test_load_refuses_missing_paths_and_directories(tmp_path):
    with pytest.raises(PuzzleError, match="no such file: .*missing.txt"):
        shikaku.load(tmp_path / "missing.txt")
    with pytest.raises(PuzzleError, match="no such file"):
        shikaku.load("4x4:a2_2b2_2c2_2_2a2a")  # text is never parsed by load
    with pytest.raises(PuzzleError, match="directory"):
        shikaku.load(tmp_path)
    with pytest.raises(PuzzleError, match="no such file"):
        shikaku.load_many(str(tmp_path / "none.txt"))


def test_load_reads_open_files_and_dump_writes_every_format(tmp_path):
    import io

    p = shikaku.parse("6x6:d3a5_6b6n6b2_3a5d")
    assert shikaku.load(io.StringIO("6x6:d3a5_6b6n6b2_3a5d")) == p
    assert shikaku.load(io.BytesIO(b"2 .\n2 .")) == shikaku.parse("2 .\n2 .")
    for fmt in shikaku.FORMATS:
        path = tmp_path / f"p.{fmt}"
        shikaku.dump(p, path, format=fmt)
        assert shikaku.load(path) == p
        with open(path) as handle:
            assert shikaku.load(handle) == p
    buffer = io.StringIO()
    shikaku.dump(p, buffer)
    assert buffer.getvalue() == "6x6:d3a5_6b6n6b2_3a5d\n"


def test_parse_many_reads_lines_and_blocks_and_names_the_bad_one(tmp_path):
    text = ("# two game IDs, a URL, then two grids\n3x2:2a2_2b\n2x1:2a\n"
            "https://puzz.link/p?shikaku/6/6/j3g56h6t6h23g5j\n\n2 .\n2 .\n\n# comment\n4 . .\n. . 2\n")
    puzzles = shikaku.parse_many(text)
    assert [q.shape for q in puzzles] == [(2, 3), (1, 2), (6, 6), (2, 2), (2, 3)]
    path = tmp_path / "many.txt"
    path.write_text(text)
    assert shikaku.load_many(path) == puzzles
    assert shikaku.parse_many(["2 .\n2 .", np.array([[2, 0]]), puzzles[0]])[2] is puzzles[0]
    with pytest.raises(PuzzleError, match="puzzle 2 \\(line 2\\)"):
        shikaku.parse_many("3x2:2a2_2b\n3x2:2a2_2a\n")
    with pytest.raises(PuzzleError, match="puzzle 2"):
        shikaku.parse_many(["2 .\n2 .", "2 x"])


def test_parse_reads_arrays_and_nested_lists():
    expected = shikaku.parse("2 .\n. 2")
    assert shikaku.parse(np.array([[2, 0], [0, 2]])) == expected
    assert shikaku.parse(np.array([[2, 0], [0, 2]], dtype=np.uint8)) == expected
    assert shikaku.parse(np.array([[2.0, 0.0], [0.0, 2.0]])) == expected
    assert shikaku.parse([[2, 0], [0, 2]]) == expected
    assert shikaku.solve(np.array([[2, 0], [0, 2]])).status == "solved"
    for bad in (np.array([[2.5, 0]]), np.array([[True, False]]), np.array([["2", "0"]]), [[2, 0], [1]],
                np.array([2, 0]), np.array([[2, 0], [0, -2]])):
        with pytest.raises(PuzzleError):
            shikaku.parse(bad)
