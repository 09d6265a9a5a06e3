"""SVG pictures written through the one header helper (``cassetete._svg.svg_open``) stay valid
SVG: the jigsaw and narrowing pictures, and the ``--svg`` files of the commands."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from cassetete import jigsaw, narrowing
from cassetete.cli import main

SVG = "{http://www.w3.org/2000/svg}"


def parse_svg(text: str) -> ET.Element:
    """The root of a well-formed SVG document with a consistent size and view box."""
    root = ET.fromstring(text)
    assert root.tag == SVG + "svg"
    width, height = float(root.get("width")), float(root.get("height"))
    assert width > 0 and height > 0
    view = [float(v) for v in root.get("viewBox").split()]
    assert len(view) == 4 and view[2] > 0 and view[3] > 0
    # The drawing keeps its proportions (within the rounding of the header's numbers).
    assert abs(width / height - view[2] / view[3]) < 0.05 * width / height
    return root


def test_jigsaw_pictures_are_valid_svg():
    puzzle, _ = jigsaw.generate(2, 3, seed=2)
    loose = parse_svg(jigsaw.render(puzzle, format="svg"))
    assert len(loose.findall(SVG + "path")) == 6
    solved = parse_svg(jigsaw.render(puzzle, jigsaw.solve(puzzle).solution, "svg"))
    assert len(solved.findall(SVG + "path")) == 6


def test_narrowing_pictures_are_valid_svg_and_escape_their_text():
    model = narrowing.Model()
    a = model.int_var(0, 3, name="a<b&c")
    b = model.int_var(0, 3, name="b")
    model.add_all_different([a, b])
    root = parse_svg(narrowing.render(model, model.solve().solution, format="svg"))
    texts = [t.text for t in root.findall(SVG + "text")]
    assert texts[0].startswith("a<b&c = ") and texts[1].startswith("b = ")
    assert root.get("font-family") == "monospace"
    packing = narrowing.packing_model((3, 20))
    cells = parse_svg(narrowing.render(packing, packing.solve().solution, format="svg"))
    assert len(cells.findall(f".//{SVG}rect")) >= 60


@pytest.mark.parametrize("argv", [["narrowing", "solve", "3x20"], ["pentomino", "solve", "6x10"]])
def test_command_svg_files_parse(argv, tmp_path, capsys):
    out = tmp_path / "out.svg"
    assert main(argv + ["--svg", str(out)]) == 0
    capsys.readouterr()
    parse_svg(out.read_text())
