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
    assert main(["edgematch", "solve", str(path), "--count", "--limit", "all"]) == 0
    out = capsys.readouterr().out
    assert f"solutions: {em.count_solutions(puzzle)}" in out
    # --count alone asks the uniqueness question, as in every family: 0, 1 or 2+
    assert main(["edgematch", "solve", str(path), "--count"]) == 0
    assert "solutions: 2+" in capsys.readouterr().out


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


def test_count_json_has_the_contract_shape(tmp_path, capsys):
    """Issue 16: ``solve --count --json`` prints status, solution, stats, count, complete."""
    import json

    path = tmp_path / "p.txt"
    assert main(["edgematch", "generate", "3", "3", "--colors", "3", "--seed", "1", "-o", str(path)]) == 0
    puzzle = em.load(path)
    capsys.readouterr()
    assert main(["edgematch", "solve", str(path), "--count", "--limit", "all", "--json"]) == 0
    payload = json.loads(capsys.readouterr().out)
    assert set(payload) == {"status", "solution", "stats", "count", "complete"}
    assert payload["status"] == "solved" and payload["complete"] is True
    assert payload["count"] == em.count_solutions(puzzle) and payload["stats"]["seconds"] >= 0
    assert check_board(3, 3, puzzle.pieces, payload["solution"])
    # threads: the same shape and count
    assert main(["edgematch", "solve", str(path), "--count", "--limit", "all", "--json", "--workers", "2"]) == 0
    payload = json.loads(capsys.readouterr().out)
    assert set(payload) >= {"status", "solution", "stats", "count", "complete"} and payload["count"] == em.count_solutions(puzzle)
    # a limit: status limit, complete False, exit code 3
    assert main(["edgematch", "solve", "e2", "--count", "--json", "--node-limit", "50"]) == 3
    payload = json.loads(capsys.readouterr().out)
    assert payload["status"] == "limit" and payload["complete"] is False


def test_count_json_of_a_puzzle_without_solution(tmp_path, capsys):
    import json

    path = tmp_path / "none.txt"
    solvable, _ = em.generate(3, 3, colors=3, seed=2)
    corner = int((solvable.pieces == 0).sum(axis=1).argmax())
    em.dump(solvable.with_fixed({(1, 1): (corner, 0)}), str(path))  # a corner piece in the middle
    assert main(["edgematch", "solve", str(path), "--count", "--json"]) == 1
    payload = json.loads(capsys.readouterr().out)
    assert payload["status"] == "unsatisfiable" and payload["count"] == 0 and payload["solution"] is None
