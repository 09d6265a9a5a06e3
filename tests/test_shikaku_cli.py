"""``cassetete shikaku`` command line, the demo and the pictures."""

import io
import re
import xml.etree.ElementTree as ET

from cassetete import shikaku
from cassetete.cli import main
from cassetete.cli import shikaku as cli_shikaku
from shikaku_checker import is_solution

ID = "4x4:a2_2b2_2c2_2_2a2a"


def test_solve_id_with_svg_and_count(tmp_path, capsys):
    out = tmp_path / "s.svg"
    assert main(["shikaku", "solve", ID, "--count", "--svg", str(out)]) == 0
    text = capsys.readouterr().out
    assert "solved" in text and "solutions: 1" in text
    root = ET.fromstring(out.read_text())
    assert root.tag.endswith("svg")


def test_solve_file_with_each_method(tmp_path, capsys):
    path = tmp_path / "p.txt"
    path.write_text("4 . 4 .\n. . . .\n4 . . 4\n. . . .\n")
    for method in ("exact", "ilp", "annealing"):
        seed = ["--seed", "1"] if method == "annealing" else []
        assert main(["shikaku", "solve", str(path), "--method", method, *seed]) == 0
        assert "solved" in capsys.readouterr().out
    # an option the method does not use is refused, not ignored (issue 27)
    assert main(["shikaku", "solve", str(path), "--method", "exact", "--seed", "1"]) == 2
    assert "does not use seed" in capsys.readouterr().err


def test_unsolvable_and_bad_input(capsys):
    assert main(["shikaku", "solve", "2 .\n. 3"]) == 1
    assert "unsatisfiable" in capsys.readouterr().out
    assert main(["shikaku", "solve", "3x2:2a2_2a"]) == 2
    assert "5 cells" in capsys.readouterr().err


def test_generate_prints_a_unique_puzzle(capsys):
    assert main(["shikaku", "generate", "9", "9", "--seed", "5", "--unique"]) == 0
    game_id = capsys.readouterr().out.strip()
    assert re.fullmatch(r"9x9:[a-z0-9_]+", game_id)
    p = shikaku.parse(game_id)
    assert shikaku.count_solutions(p) == 1
    for fmt in ("grid", "puzzlink"):
        assert main(["shikaku", "generate", "6", "7", "--seed", "2", "--format", fmt]) == 0
        assert shikaku.parse(capsys.readouterr().out).shape == (6, 7)


def test_demo_prints_a_checked_solution():
    buf = io.StringIO()
    cli_shikaku.demo(buf)
    assert "unique: True" in buf.getvalue()
    p = shikaku.parse(cli_shikaku.DEMO_ID)
    assert is_solution(p.clues.tolist(), shikaku.solve(p).solution)


def test_render_shows_the_rectangles():
    p = shikaku.parse("2 .\n2 .")
    text = shikaku.render_text(p, [(0, 0, 1, 2), (1, 0, 1, 2)])
    assert text.splitlines()[1] == "|2    |"  # no wall inside a rectangle
    text2 = shikaku.render_text(p, [(0, 0, 2, 1), (0, 1, 2, 1)])
    assert text2.splitlines()[1].count("|") == 3
    svg = shikaku.render_svg(p, [(0, 0, 1, 2), (1, 0, 1, 2)])
    root = ET.fromstring(svg)
    assert sum(1 for e in root.iter() if e.tag.endswith("text")) == 2
