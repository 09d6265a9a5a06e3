"""cassetete.jigsaw on scan-like images rendered from generated cuts (blur, noise, labels,
a bright image border, mirror images, light backgrounds): segmentation, corners, assembly."""

from __future__ import annotations

import numpy as np
import pytest

from cassetete import PuzzleError, jigsaw

from jigsaw_checker import assembly_correct, joins_correct, truth_for

pytest.importorskip("skimage")
PIL = pytest.importorskip("PIL.Image")


@pytest.fixture(scope="module")
def scan68():
    puzzle, truth = jigsaw.generate(6, 8, seed=0, piece_size=60)
    image = jigsaw.render_scan(puzzle, blur=1.0, noise=0.03, labels=True, border=True, seed=1)
    found = jigsaw.JigsawPuzzle(jigsaw.read_image(image))
    return puzzle, truth, image, found


def test_segmentation_finds_every_piece_and_nothing_else(scan68):
    puzzle, truth, image, found = scan68
    assert len(found) == 48                      # not the labels, not the image border
    t = truth_for(found, puzzle, truth)
    assert sorted(t.board.ravel().tolist()) == list(range(48))
    for piece in found:
        assert piece.patch is not None and piece.image == 0


def test_corners_within_a_pixel_and_a_half(scan68):
    puzzle, truth, image, found = scan68
    t = truth_for(found, puzzle, truth)
    edges = jigsaw.find_edges(found)
    d = np.linalg.norm(edges.corners[:, :, None] - t.corners[:, None], axis=3).min(axis=2)
    assert d.max() < 1.5


def test_signs_from_a_scan(scan68):
    puzzle, truth, image, found = scan68
    t = truth_for(found, puzzle, truth)
    edges = jigsaw.find_edges(found)
    for p in range(len(found)):
        t0 = int(np.linalg.norm(t.corners[p] - edges.corners[p][0], axis=1).argmin())
        assert [int(edges.kinds[p, k]) for k in range(4)] == [int(t.signs[p, (t0 + k) % 4]) for k in range(4)]


def test_6x8_scan_assembled_exactly(scan68):
    puzzle, truth, image, found = scan68
    result = jigsaw.solve(found)
    t = truth_for(found, puzzle, truth)
    corners = jigsaw.find_edges(found).corners
    assert assembly_correct(result.solution, t, corners)
    assert result.status == "solved" and result.stats["doubtful_joins"] == 0
    picture = jigsaw.render_image(found, result.solution)
    assert picture.shape[0] > 6 * 50 and picture.shape[1] > 8 * 50


@pytest.mark.parametrize("options", [dict(mirror=True), dict(dark_on_light=True)])
def test_mirror_and_light_background(options):
    puzzle, truth = jigsaw.generate(4, 5, seed=3, piece_size=90, mirror=options.get("mirror", False))
    colours = dict(background=235, foreground=60) if options.get("dark_on_light") else {}
    image = jigsaw.render_scan(puzzle, blur=1.5, noise=0.04, seed=2, **colours)
    found = jigsaw.read_image(image)
    result = jigsaw.solve(found)
    t = truth_for(found, puzzle, truth)
    assert joins_correct(result.solution, t, jigsaw.find_edges(found).corners) == (31, 31)


def test_read_image_from_files_and_several_scans(tmp_path):
    puzzle, truth = jigsaw.generate(3, 4, seed=4, piece_size=50)
    image = jigsaw.render_scan(puzzle, seed=1)
    h, w = image.shape
    # the same puzzle over two scans: the left half and the right half of the image
    cut = w // 2
    while (image[:, cut] > 120).any():
        cut += 1
    left, right = image.copy(), image.copy()
    left[:, cut:], right[:, :cut] = 25, 25
    paths = [tmp_path / "a.png", tmp_path / "b.png"]
    PIL.fromarray(left).save(paths[0])
    PIL.fromarray(np.dstack([right] * 3)).save(paths[1])          # colour files work too
    pieces = jigsaw.read_image([str(p) for p in paths])
    assert len(pieces) == 12 and {p.image for p in pieces} == {0, 1}
    assert jigsaw.solve([str(p) for p in paths]).solved


def test_bad_images(tmp_path):
    with pytest.raises(PuzzleError, match="no pieces"):
        jigsaw.read_image(np.full((100, 100), 30, dtype=np.uint8))
    with pytest.raises(PuzzleError, match="no such file"):
        jigsaw.read_image(str(tmp_path / "missing.png"))
    junk = tmp_path / "junk.png"
    junk.write_bytes(b"not an image at all")
    with pytest.raises(PuzzleError, match="cannot read image"):
        jigsaw.read_image(str(junk))
    with pytest.raises(PuzzleError, match="2-D grey or 3-D colour"):
        jigsaw.read_image(np.zeros((4, 4, 4, 4)))


def test_touching_pieces_are_reported_with_their_position():
    puzzle, _ = jigsaw.generate(2, 3, seed=5, piece_size=60)
    pieces = [p.contour for p in puzzle]
    # move piece 1 against piece 0 so that they touch
    pieces[1] = pieces[1] - puzzle[1].centroid + puzzle[0].centroid + [56, 0]
    image = jigsaw.render_scan(pieces, seed=1)
    with pytest.raises(PuzzleError, match=r"x=\d+, y=\d+.*touching"):
        jigsaw.read_image(image)
