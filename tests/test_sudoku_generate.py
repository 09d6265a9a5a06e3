"""Sudoku generation, rating, the step-by-step rules (explain), text and SVG rendering."""

from __future__ import annotations

import doctest
import xml.etree.ElementTree as ET

import numpy as np
import pytest

from cassetete import sudoku
from sudoku_checker import brute_force_count, is_solution

TOP1465 = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"


@pytest.mark.parametrize("box,seeds", [((2, 2), range(10)), ((2, 3), range(6)), ((3, 3), range(8)), ((3, 4), range(2))])
def test_generated_puzzles_are_unique_and_symmetric(box, seeds):
    size = box[0] * box[1]
    for seed in seeds:
        puzzle = sudoku.generate(box, seed=seed)
        grid = puzzle.grid
        assert puzzle.box == tuple(box)
        assert np.array_equal(grid > 0, (grid > 0)[::-1, ::-1])  # 180-degree symmetric clue pattern
        if size <= 6:
            assert brute_force_count(grid.ravel(), box) == 1
        else:
            assert sudoku.count_solutions(puzzle) == 1


def test_generated_9x9_is_minimal_when_asymmetric():
    puzzle = sudoku.generate((3, 3), symmetric=False, seed=11)
    assert sudoku.count_solutions(puzzle) == 1
    for r, c in zip(*np.nonzero(puzzle.grid)):
        weaker = puzzle.grid.copy()
        weaker[r, c] = 0
        assert sudoku.count_solutions(weaker, limit=2) == 2  # every clue is needed


def test_clue_target_and_seed_reproducibility():
    a = sudoku.generate((3, 3), clues=30, seed=5)
    b = sudoku.generate((3, 3), clues=30, seed=5)
    assert a == b and a.clues == 30 and sudoku.count_solutions(a) == 1
    loose = sudoku.generate((3, 3), unique=False, clues=20, seed=5, symmetric=False)
    assert loose.clues == 20 and sudoku.count_solutions(loose) >= 1
    assert sudoku.generate((3, 3), seed=6) != sudoku.generate((3, 3), seed=7)


def test_generated_16x16_unique():
    puzzle = sudoku.generate((4, 4), seed=3)
    assert sudoku.count_solutions(puzzle) == 1
    result = sudoku.solve(puzzle)
    assert is_solution(puzzle.grid.ravel(), result.solution.ravel(), (4, 4))


def test_rate_levels():
    solution = sudoku.solve(TOP1465).solution
    one_missing = solution.copy()
    one_missing[4, 4] = 0
    assert sudoku.rate(one_missing).level == "exclusivity"
    hard = sudoku.rate(TOP1465)
    assert hard.level == "search" and hard.nodes > 0
    # Each level's rule set solves the puzzle without guessing and the weaker one does not.
    ladder = sudoku._generate.RULE_LADDER
    seen = set()
    for seed in range(12):
        puzzle = sudoku.generate((3, 3), seed=seed)
        rating = sudoku.rate(puzzle)
        seen.add(rating.level)
        index = sudoku._generate.LEVELS.index(rating.level)
        solved = [bool(np.all([bin(int(m)).count("1") == 1 for m in sudoku.candidates(puzzle, rules=rules).ravel()]))
                  for rules in ladder]
        assert solved == [k >= index for k in range(len(ladder))]
    assert len(seen) >= 2


def _apply_steps_soundly(puzzle, steps, solution):
    """Every elimination removes a value that is not the solution's; every placement is it."""
    for step in steps:
        truth = int(solution[step.row - 1, step.column - 1])
        if step.action == "place":
            assert step.value == truth, step
        else:
            assert step.value != truth, step


def test_explain_steps_are_sound_and_reach_the_solution():
    easy = sudoku.generate((3, 3), seed=1)
    solution = sudoku.solve(easy).solution
    steps = sudoku.explain(easy)
    assert steps and {s.rule for s in steps} <= {"exclusivity", "uniqueness", "parity"}
    _apply_steps_soundly(easy, steps, solution)
    hard_steps = sudoku.explain(TOP1465, rules=sudoku.RULES)
    _apply_steps_soundly(TOP1465, hard_steps, sudoku.solve(TOP1465).solution)
    assert "r" in str(hard_steps[0]) and "c" in str(hard_steps[0])
    # With only exclusivity, no other rule appears.
    assert {s.rule for s in sudoku.explain(TOP1465, rules=("exclusivity",))} == {"exclusivity"}


def test_candidates_match_the_rules_definition():
    masks = sudoku.candidates(TOP1465)
    grid = sudoku.parse(TOP1465).grid
    for r in range(9):
        for c in range(9):
            if grid[r, c]:
                assert int(masks[r, c]) == 1 << (int(grid[r, c]) - 1)
                continue
            seen = set(grid[r, :]) | set(grid[:, c]) | set(grid[r - r % 3:r - r % 3 + 3, c - c % 3:c - c % 3 + 3].ravel())
            allowed = {v for v in range(1, 10) if v not in seen}
            if len(allowed) == 1:
                continue  # a naked single may already have pruned its peers further
            assert {v for v in range(1, 10) if int(masks[r, c]) >> (v - 1) & 1} <= allowed


def test_render_text_and_svg():
    text = sudoku.render(TOP1465)
    lines = [line for line in text.splitlines() if line.strip()]
    assert len(lines) == 9 and lines[0].split()[:2] == ["1", "4"]
    assert "·" in text
    plain = sudoku.render(TOP1465, candidates=False)
    assert "·" not in plain and "." in plain
    assert "\033[" in sudoku.render(TOP1465, color=True)
    for svg in (sudoku.parse(TOP1465).to_svg(), sudoku.parse(TOP1465)._repr_svg_(),
                sudoku.parse(TOP1465).to_svg(solution=sudoku.solve(TOP1465).solution),
                sudoku.parse(TOP1465).to_svg(candidates=True)):
        root = ET.fromstring(svg)
        assert root.tag.endswith("svg")
    solved_svg = sudoku.parse(TOP1465).to_svg(solution=sudoku.solve(TOP1465).solution)
    assert solved_svg.count("<text") == 81


def test_module_docstring_examples():
    import cassetete.sudoku._explain as explain_module
    import cassetete.sudoku._generate as generate_module
    import cassetete.sudoku._model as model_module
    import cassetete.sudoku._formats as parse_module
    import cassetete.sudoku._render as render_module
    import cassetete.sudoku._solve as solve_module

    for module in (sudoku, explain_module, generate_module, model_module, parse_module, render_module, solve_module):
        failures, _ = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE)
        assert failures == 0, module.__name__


def test_generate_reports_the_seed_it_used():
    # Issue 16: seed=None draws a seed, and the puzzle says which, so the run can be repeated.
    import pickle

    from cassetete import PuzzleError

    drawn = sudoku.generate((2, 3), seed=None, unique=True)
    assert isinstance(drawn.seed, int) and drawn.seed >= 0
    again = sudoku.generate((2, 3), seed=drawn.seed, unique=True)
    assert again == drawn and again.seed == drawn.seed
    assert brute_force_count(drawn.grid.ravel(), (2, 3), cap=2) == 1
    assert sudoku.generate((2, 2), seed=7).seed == 7
    copy = pickle.loads(pickle.dumps(drawn))
    assert copy == drawn and copy.seed == drawn.seed
    assert sudoku.parse(str(drawn), box=(2, 3)).seed is None  # only generated puzzles carry a seed
    for bad in [(2, 2.5), (2, -1), (2,), "ab"]:
        with pytest.raises(PuzzleError, match="box"):
            sudoku.generate(bad)


def test_cli_generate_json_prints_the_seed(capsys):
    import json

    from cassetete.cli import main

    assert main(["sudoku", "generate", "--box", "2", "2", "-n", "2", "--json", "--rate"]) == 0
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(records) == 2
    for record in records:
        assert record["seed"] == record["stats"]["seed"] and record["box"] == [2, 2]
        puzzle = sudoku.parse(record["puzzle"])
        assert puzzle.clues == record["clues"] and brute_force_count(puzzle.grid.ravel(), (2, 2), cap=2) == 1
        assert record["rating"]["level"] in ("exclusivity", "uniqueness", "parity", "intersections", "search")
        # the printed seed gives the same puzzle back
        assert main(["sudoku", "generate", "--box", "2", "2", "--seed", str(record["seed"])]) == 0
        assert capsys.readouterr().out.strip() == record["puzzle"]


def test_generate_gives_each_uniqueness_check_only_the_time_left(monkeypatch):
    # Issue 16: a single uniqueness check could run seconds past --time-limit at 25x25. Each check
    # now gets the time left before the deadline. The generator reads a fake clock here, one that
    # moves 0.1 ms per reading, so the test does not depend on the machine's speed.
    import types

    from cassetete import _core
    from cassetete.sudoku import _generate

    readings = []

    def monotonic():
        readings.append(1000.0 + 1e-4 * len(readings))
        return readings[-1]

    monkeypatch.setattr(_generate, "time", types.SimpleNamespace(monotonic=monotonic))
    real = _core.sudoku.solve
    calls = []

    def recording(grid, rows, cols, limit, rules, time_limit, node_limit, seed):
        calls.append((readings[-1], time_limit))  # the clock as the caller last read it
        return real(grid, rows, cols, limit, rules, time_limit, node_limit, seed)

    monkeypatch.setattr(_core.sudoku, "solve", recording)
    puzzle = sudoku.generate((2, 3), seed=3, time_limit=0.5)
    deadline = readings[0] + 0.5  # the first reading sets the deadline
    checks = calls[1:]  # calls[0] fills the grid
    assert len(checks) >= 10 and all(limit is not None for _, limit in checks)
    assert all(limit == pytest.approx(max(deadline - now, 0.0), abs=1e-9) for now, limit in checks)
    assert all(now + limit <= deadline + 1e-9 for now, limit in checks)
    monkeypatch.setattr(_core.sudoku, "solve", real)
    assert brute_force_count(puzzle.grid.ravel(), (2, 3), cap=2) == 1  # still unique
    no_limit = []
    monkeypatch.setattr(_core.sudoku, "solve", lambda *args: no_limit.append(args[5]) or real(*args))
    sudoku.generate((2, 2), seed=1)
    assert set(no_limit) == {None}
