"""``cassetete edgematch`` command line and demo."""

from __future__ import annotations

import io

from cassetete import edgematch as em
from cassetete.cli import main
from cassetete.cli import edgematch as cli
from edgematch_checker import check_board


def test_generate_then_solve_and_count(tmp_path, capsys):
    path = tmp_path / "p.txt"
    svg = tmp_path / "p.svg"
    assert main(["edgematch", "generate", "4", "4", "--colors", "3", "--seed", "1", "-o", str(path)]) == 0
    puzzle = em.load(path)
    assert main(["edgematch", "solve", str(path), "--svg", str(svg)]) == 0
    assert svg.read_text().startswith("<svg")
    assert main(["edgematch", "solve", str(path), "--count"]) == 0
    out = capsys.readouterr().out
    assert f"solutions: {em.count_solutions(puzzle)}" in out


def test_solve_reports_limit_and_bad_file(tmp_path, capsys):
    assert main(["edgematch", "solve", "e2", "--order", "row", "--node-limit", "1000"]) == 3  # a limit, not "no solution"
    assert "limit" in capsys.readouterr().out
    bad = tmp_path / "bad.txt"
    bad.write_text("2 1\n0 1 0 0\n")
    assert main(["edgematch", "solve", str(bad)]) == 2


def test_demo_prints_a_checked_board():
    out = io.StringIO()
    cli.demo(out)
    text = out.getvalue()
    assert "verified: True" in text and "13 solutions" in text
    assert "Eternity II, 2 s of local search" in text and "/480 joins" in text
    puzzle, _ = em.generate(5, 5, colors=4, frame_colors=2, seed=2024)
    assert check_board(5, 5, puzzle.pieces, em.solve(puzzle, order="first_fail").solution)
