"""The ``cassetete pentomino`` command and the demo."""

from __future__ import annotations

import io

from cassetete.cli import main
from cassetete.cli import pentomino


def test_count_and_solve(capsys, tmp_path):
    assert main(["pentomino", "count", "3x20"]) == 0
    assert "3x20: 2 packings up to symmetry" in capsys.readouterr().out
    assert main(["pentomino", "count", "2x3x10", "--all"]) == 0
    assert "96 packings in all" in capsys.readouterr().out
    svg = tmp_path / "out.svg"
    assert main(["pentomino", "solve", "6x10", "--svg", str(svg)]) == 0
    out = capsys.readouterr().out
    assert len(out.splitlines()[0].split()) == 10
    assert svg.read_text().startswith("<svg")


def test_isometric_picture(capsys, tmp_path):
    iso = tmp_path / "box.svg"
    assert main(["pentomino", "solve", "3x4x5", "--iso", str(iso)]) == 0
    text = iso.read_text()
    assert text.startswith("<svg") and text.count("<polygon") == 3 * 60


def test_bad_region_exit_code(capsys):
    assert main(["pentomino", "count", "6by10"]) == 2
    assert "region" in capsys.readouterr().err


def test_demo():
    out = io.StringIO()
    pentomino.demo(out)
    text = out.getvalue()
    assert "3x20: 2 packings up to symmetry, 8 in all" in text
    assert "layer 1:" in text
