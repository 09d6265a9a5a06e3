"""Every family's pictures render in a real SVG renderer (cairosvg, on a white page as a browser
shows them) and show the solution: the solved picture has ink, differs from the puzzle's own
picture, and ``Result`` draws itself in Jupyter (``_repr_svg_``)."""

from __future__ import annotations

import importlib
import io

import numpy as np
import pytest
from test_contract_registry import FAMILIES, SAMPLES

cairosvg = pytest.importorskip("cairosvg")
Image = pytest.importorskip("PIL.Image")


def _pixels(svg: str) -> np.ndarray:
    """The SVG rendered by cairosvg on white, as an RGB (H, W, 3) array."""
    png = cairosvg.svg2png(bytestring=svg.encode("utf-8"), background_color="white")
    return np.asarray(Image.open(io.BytesIO(png)).convert("RGB"), dtype=np.int16)


def _solved(family: str):
    module = importlib.import_module(f"cassetete.{family}")
    result = module.solve(SAMPLES[family]())
    assert result.status == "solved"
    return module, result


@pytest.mark.parametrize("family", FAMILIES)
def test_result_draws_itself_in_jupyter_and_renders(family):
    _, result = _solved(family)
    svg = result._repr_svg_()
    assert svg is not None and svg.lstrip().startswith("<svg")
    image = _pixels(svg)
    assert image.shape[0] >= 10 and image.shape[1] >= 10
    dark = (image.mean(axis=2) < 128).mean()
    assert 0.001 < dark < 0.9, f"{family}: {dark:.1%} of the picture is dark (blank or all black)"


@pytest.mark.parametrize("family", FAMILIES)
def test_the_solved_picture_shows_the_solution(family):
    module, result = _solved(family)
    unsolved_svg = module.render(result.puzzle, None, format="svg")
    solved_svg = result.to_svg()
    assert solved_svg != unsolved_svg
    solved, unsolved = _pixels(solved_svg), _pixels(unsolved_svg)
    if solved.shape == unsolved.shape:
        assert np.abs(solved - unsolved).max() > 64, f"{family}: the solved picture looks like the puzzle's"
    assert result.render() != module.render(result.puzzle, None), f"{family}: the text shows no solution"


def test_the_sudoku_text_shows_every_value_of_the_solution():
    from cassetete import sudoku

    result = sudoku.solve("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
    rows = [line.split()[1:] for line in result.render().splitlines() if line.strip()[:1].isdigit()]
    assert [[int(v) for v in row] for row in rows] == result.solution.tolist()
