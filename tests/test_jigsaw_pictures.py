"""The jigsaw pictures a person acts on (issue 30), rendered by a real SVG renderer (cairosvg)
and checked by their pixels: the loose pieces and the assembled board in colour, every piece
labelled with its id, the doubtful joins marked in red, the annotated scans showing the scan
and each piece's id, place and turn; and the ids the same in the text, the JSON of the
command line, the SVG and the annotated scans.

The checks come from the rules (where a piece, a cell or a join is, read from the model), not
from the renderer's code."""

from __future__ import annotations

import io
import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import numpy as np
import pytest

from cassetete import jigsaw
from cassetete.cli import main

cairosvg = pytest.importorskip("cairosvg")
Image = pytest.importorskip("PIL.Image")

SVG = "{http://www.w3.org/2000/svg}"
REAL = Path(__file__).resolve().parents[2] / "shared" / "data" / "jigsaw" / "m1s2_horsesNumbered"


def _pixels(svg: str) -> np.ndarray:
    """The SVG drawn by cairosvg, as an (h, w, 3) uint8 array on white."""
    png = cairosvg.svg2png(bytestring=svg.encode("utf-8"), background_color="#ffffff")
    return np.asarray(Image.open(io.BytesIO(png)).convert("RGB"))


def _to_pixel(svg: str, image: np.ndarray):
    """The map from drawing units (the view box) to pixel (column, row) of the rendered image."""
    root = ET.fromstring(svg)
    left, top, vw, vh = (float(v) for v in root.get("viewBox").split())
    h, w = image.shape[:2]
    return lambda x, y: (int((x - left) * w / vw), int((y - top) * h / vh))


def _texts(svg: str):
    """(text, x, y) of every text element."""
    return [((t.text or ""), float(t.get("x")), float(t.get("y"))) for t in ET.fromstring(svg).iter(f"{SVG}text")]


def _near(image: np.ndarray, col: int, row: int, radius: int = 1) -> np.ndarray:
    return image[max(0, row - radius):row + radius + 1, max(0, col - radius):col + radius + 1].reshape(-1, 3)


def _is_red(pixel) -> bool:
    r, g, b = (int(v) for v in pixel)
    return r > 170 and g < 90 and b < 90


def _colours(svg: str):
    return re.findall(r'(?:fill|stroke)="([^"]*)"', svg)


@pytest.fixture(scope="module")
def solved():
    puzzle, truth = jigsaw.generate(3, 4, seed=5)
    result = jigsaw.solve(puzzle)
    assert result.status == "solved"
    return puzzle, truth, result


def _interior_points(puzzle, board):
    """A point inside each placed piece, away from its centre (where the label is): a quarter
    of a cell from the cell's top-left corner (a piece's corners are solid, its tabs and
    blanks are in the middle of its edges)."""
    grid = jigsaw.cell_corners(jigsaw.find_edges(puzzle), board)
    out = {}
    for r in range(board.shape[0]):
        for c in range(board.shape[1]):
            corner, far = grid[r, c], grid[r + 1, c + 1]
            out[(r, c)] = corner + 0.22 * (far - corner)
    return out


def test_every_colour_is_hex_or_none(solved):
    puzzle, _, result = solved
    scan = np.zeros((50, 50), dtype=np.uint8)
    for svg in (jigsaw.render_svg(puzzle), jigsaw.render_svg(puzzle, result.solution, doubtful=[((0, 0), (0, 1))]),
                jigsaw.annotate_scan(scan, puzzle, result)):
        colours = _colours(svg)
        assert colours and all(re.fullmatch(r"#[0-9a-f]{6}|none", c) for c in colours), set(colours)


def test_loose_pieces_are_drawn_in_light_colours_with_their_ids(solved):
    puzzle, _, _ = solved
    svg = jigsaw.render_svg(puzzle)
    image = _pixels(svg)
    at = _to_pixel(svg, image)
    edges = jigsaw.find_edges(puzzle)
    seen = []
    for k, piece in enumerate(puzzle.pieces):
        inside = 0.55 * edges.corners[k, 0] + 0.45 * piece.centroid   # between a corner and the centre
        pixel = _near(image, *at(*inside)).mean(axis=0)
        assert pixel.mean() > 150, (k, pixel)                           # not black
        assert pixel.max() - pixel.min() > 12, (k, pixel)               # a colour, not grey or white
        seen.append(tuple(np.round(pixel / 8)))
    assert len(set(seen)) >= len(puzzle) // 2
    labels = [t for t, _, _ in _texts(svg)]
    assert set(jigsaw.piece_ids(puzzle)) <= set(labels)


def test_the_assembled_board_shows_each_id_in_its_cell(solved):
    puzzle, _, result = solved
    board = result.solution
    svg = jigsaw.render_svg(puzzle, board)
    image = _pixels(svg)
    at = _to_pixel(svg, image)
    for (r, c), point in _interior_points(puzzle, board).items():
        pixel = _near(image, *at(*point)).mean(axis=0)
        assert pixel.mean() > 150 and pixel.max() - pixel.min() > 12, ((r, c), pixel)
    ids = jigsaw.piece_ids(puzzle)
    grid = jigsaw.cell_corners(jigsaw.find_edges(puzzle), board)
    labels = {}
    for text, x, y in _texts(svg):
        labels.setdefault(text, (x, y))
    for r in range(board.shape[0]):
        for c in range(board.shape[1]):
            x, y = labels[ids[board[r, c, 0]]]
            assert grid[r, c, 0] < x < grid[r, c + 1, 0] and grid[r, c, 1] < y < grid[r + 1, c, 1], (r, c)


def _join_middle(grid, a, b):
    (r, c), (r2, c2) = a, b
    if r == r2:
        return (grid[r, max(c, c2)] + grid[r + 1, max(c, c2)]) / 2
    return (grid[max(r, r2), c] + grid[max(r, r2), c + 1]) / 2


def test_a_doubtful_join_is_red_and_the_others_are_not(solved):
    puzzle, _, result = solved
    board = result.solution
    marked = [((0, 0), (0, 1)), ((1, 2), (2, 2))]
    svg = jigsaw.render_svg(puzzle, board, doubtful=marked)
    image = _pixels(svg)
    at = _to_pixel(svg, image)
    grid = jigsaw.cell_corners(jigsaw.find_edges(puzzle), board)
    for a, b in marked:
        assert any(_is_red(p) for p in _near(image, *at(*_join_middle(grid, a, b)), radius=2)), (a, b)
    for a, b in [((1, 0), (1, 1)), ((0, 3), (1, 3))]:
        assert not any(_is_red(p) for p in _near(image, *at(*_join_middle(grid, a, b)), radius=2)), (a, b)
    assert any("doubtful join (2 of 17)" in t for t, _, _ in _texts(svg))
    clean = _pixels(jigsaw.render_svg(puzzle, board))       # solved: nothing doubtful, nothing red
    assert not any(_is_red(p) for p in clean.reshape(-1, 3)[::7])


def test_a_wrong_board_shows_the_joins_the_check_finds_doubtful(solved):
    puzzle, _, result = solved
    board = result.solution.copy()
    board[[1, 1], [1, 2]] = board[[1, 1], [2, 1]]      # two inner pieces swapped
    doubtful = jigsaw.check_joins(jigsaw.find_edges(puzzle), jigsaw.dissimilarities(jigsaw.find_edges(puzzle)),
                                  board)["doubtful"]
    assert doubtful
    svg = jigsaw.render_svg(puzzle, board)
    assert svg.count('class="doubtful"') == len(doubtful)
    image = _pixels(svg)
    at = _to_pixel(svg, image)
    grid = jigsaw.cell_corners(jigsaw.find_edges(puzzle), board)
    for a, b in doubtful:
        assert any(_is_red(p) for p in _near(image, *at(*_join_middle(grid, a, b)), radius=2)), (a, b)


def test_result_displays_as_the_assembled_picture_in_jupyter(solved):
    puzzle, _, result = solved
    svg = result._repr_svg_()
    assert svg is not None and svg == jigsaw.render_svg(puzzle, result.solution)
    assert svg.count('class="doubtful"') == result.stats["doubtful_joins"] == 0
    labels = {t for t, _, _ in _texts(svg)}
    assert set(jigsaw.piece_ids(puzzle)) <= labels
    assert _pixels(svg).mean() > 100


def test_piece_ids_name_the_scan_and_the_reading_order():
    puzzle, _ = jigsaw.generate(2, 3, seed=1)
    pieces = [jigsaw.Piece(p.contour, image=i) for p, i in zip(puzzle.pieces, [0, 0, 1, 1, 1, 0])]
    assert jigsaw.piece_ids(pieces) == ["A1", "A2", "B1", "B2", "B3", "A3"]
    assert jigsaw.piece_ids(puzzle) == [f"A{k + 1}" for k in range(6)]


def test_png_of_the_annotated_scan_is_the_scan(solved):
    for image in (np.arange(60, dtype=np.uint8).reshape(6, 10), np.random.default_rng(1).integers(0, 256, (5, 7, 3)),
                  np.random.default_rng(2).integers(0, 256, (4, 3, 4))):
        image = image.astype(np.uint8)
        decoded = np.asarray(Image.open(io.BytesIO(jigsaw._render.png_bytes(image))))
        assert np.array_equal(decoded, image)


def _split_scans(tmp_path):
    """A 3 x 3 cut scanned over two images (the first four pieces, then five), as PNG files,
    and the truth."""
    puzzle, truth = jigsaw.generate(3, 3, seed=7, piece_size=60)
    paths = []
    for name, part in (("first", puzzle.pieces[:4]), ("second", puzzle.pieces[4:])):
        scan = jigsaw.render_scan(part, seed=1)
        path = tmp_path / f"{name}.png"
        Image.fromarray(scan).save(path)
        paths.append(path)
    return paths


def _run(argv, capsys):
    code = main([str(a) for a in argv])
    return code, capsys.readouterr().out


def test_ids_are_the_same_in_text_json_svg_and_annotated_scans(tmp_path, capsys):
    pytest.importorskip("skimage")
    paths = _split_scans(tmp_path)
    code, out = _run(["jigsaw", "solve", *paths, "--json"], capsys)
    assert code == 0
    payload = json.loads(out)
    ids, piece_ids, solution = payload["ids"], payload["piece_ids"], np.array(payload["solution"])
    assert piece_ids[0] == "A1" and sum(i.startswith("A") for i in piece_ids) == 4
    assert sum(i.startswith("B") for i in piece_ids) == 5 and len(set(piece_ids)) == 9
    assert ids == [[piece_ids[p] for p in row] for row in solution[:, :, 0].tolist()]

    svg, folder = tmp_path / "board.svg", tmp_path / "annotated"
    code, out = _run(["jigsaw", "solve", *paths, "--svg", svg, "--annotate", folder], capsys)
    assert code == 0
    text_rows = [[cell.split(":")[0] for cell in line.split()] for line in out.splitlines()[2:5]]
    assert text_rows == ids
    board_labels = [t for t, _, _ in _texts(svg.read_text())]
    assert set(piece_ids) <= set(board_labels)

    for letter, path in zip("AB", paths):
        annotated = (folder / f"{path.stem}.svg").read_text()
        texts = _texts(annotated)
        mine = [i for i in piece_ids if i.startswith(letter)]
        found = {t: (x, y) for t, x, y in texts if t in piece_ids}
        assert set(found) == set(mine)                   # each scan names its own pieces, and only them
        for piece_id in mine:                            # ... with its place on the board, from 1
            r, c = next((r, c) for r, row in enumerate(ids) for c, i in enumerate(row) if i == piece_id)
            x, y = found[piece_id]
            places = [t for t, tx, ty in texts if t.startswith(f"{r + 1},{c + 1} ") and abs(tx - x) < 1]
            assert places, piece_id
        # the numbers follow the reading order: the next piece is to the right on the same row, or lower
        side = 60.0
        for a, b in zip(mine, mine[1:]):
            (xa, ya), (xb, yb) = found[a], found[b]
            assert (abs(yb - ya) < side / 2 and xb > xa) or yb > ya + side / 2, (a, b)
        image = _pixels(annotated)
        assert image.mean() < 120                        # the dark scan shows under the labels


def test_annotated_scan_turns_of_upright_pieces_are_one_turn_of_the_whole_board():
    pytest.importorskip("scipy")
    puzzle, _ = jigsaw.generate(2, 3, seed=3, piece_size=60, rotate=False)
    scan = jigsaw.render_scan(puzzle, seed=1)
    result = jigsaw.solve(puzzle)
    svg = jigsaw.annotate_scan(scan, puzzle, result)
    turns = [t.split()[1] for t, _, _ in _texts(svg) if re.fullmatch(r"\d+,\d+ \u21bb\d", t)]
    assert len(turns) == 2 * len(puzzle)                 # each drawn twice: its halo and the text
    board = result.solution
    turned = 0 if board.shape[:2] == (2, 3) else 1
    assert set(turns) <= {f"\u21bb{turned}", f"\u21bb{turned + 2}"} and len(set(turns)) == 1
    # the pieces lie bright on the dark scan: the picture shows them where their outlines are
    image = _pixels(svg)
    at = _to_pixel(svg, image)
    edges = jigsaw.find_edges(puzzle)
    for k, piece in enumerate(puzzle.pieces):
        inside = 0.6 * edges.corners[k, 0] + 0.4 * piece.centroid
        assert _near(image, *at(*inside)).mean() > 150, k
    assert _near(image, *at(2, 2)).mean() < 80


@pytest.mark.skipif(not REAL.is_dir(), reason="the real scans (../shared/data/jigsaw) are not here")
def test_real_scans_show_the_doubtful_joins_the_result_reports():
    pytest.importorskip("skimage")
    paths = [REAL / f"{i}.png" for i in range(1, 10)]
    puzzle = jigsaw.JigsawPuzzle(jigsaw.read_image(paths), sources=[str(p) for p in paths])
    result = jigsaw.solve(puzzle)
    doubtful = result.stats["doubtful"]
    svg = result._repr_svg_()
    assert svg.count('class="doubtful"') == len(doubtful) == result.stats["doubtful_joins"]
    image = _pixels(svg)
    at = _to_pixel(svg, image)
    grid = jigsaw.cell_corners(jigsaw.find_edges(puzzle), result.solution)
    for a, b in doubtful:
        assert any(_is_red(p) for p in _near(image, *at(*_join_middle(grid, a, b)), radius=2)), (a, b)
    annotated = jigsaw.annotate_scan(paths[0], puzzle, result)
    ids = {t for t, _, _ in _texts(annotated)}
    assert {i for i in jigsaw.piece_ids(puzzle) if i.startswith("A") and not i[1:].isalpha()} <= ids
    assert "B1" not in ids


def test_loose_pieces_of_several_scans_do_not_overlap():
    puzzle, _ = jigsaw.generate(2, 3, seed=1)
    pieces = [jigsaw.Piece(p.contour, image=k % 2) for k, p in enumerate(puzzle.pieces)]   # two scans, same place
    svg = jigsaw.render_svg(pieces)
    where = {t: (x, y) for t, x, y in _texts(svg)}
    a = np.array([where[i] for i in ("A1", "A2", "A3")])
    b = np.array([where[i] for i in ("B1", "B2", "B3")])
    assert a[:, 0].max() < b[:, 0].min() or a[:, 1].max() < b[:, 1].min()
