"""cassetete.shikaku and the contract of docs/ARCHITECTURE.md: options, counts that never lie,
streaming solutions, results that draw themselves, batches. Answers are checked by
shikaku_checker (written from the rules)."""

import pickle
import time
import xml.dom.minidom

import numpy as np
import pytest

from cassetete import LimitReached, PuzzleError, shikaku
from shikaku_checker import is_solution
from test_shikaku_solve import checkerboard

SMALL = "4x4:a2_2b2_2c2_2_2a2a"



def _seeded(method, seed):
    """The seed for the method that takes one: the deterministic methods refuse it (issue 27)."""
    return {"seed": seed} if method == "annealing" else {}

def test_count_is_exact_by_default_and_capped_only_when_asked():
    # domino tilings of the 6 x 6 board: 6728 (OEIS A004003)
    assert shikaku.count_solutions(checkerboard(6)) == 6728
    assert shikaku.count_solutions(checkerboard(6), limit=100) == 100
    assert shikaku.count_solutions(checkerboard(6), progress=True) == 6728


def test_a_limit_raises_limit_reached_with_a_lower_bound():
    with pytest.raises(LimitReached) as stopped:
        shikaku.count_solutions(checkerboard(12), node_limit=500)
    assert stopped.value.stats["stop"] == "node_limit" and stopped.value.count >= 0
    start = time.perf_counter()
    with pytest.raises(LimitReached) as stopped:
        shikaku.count_solutions(checkerboard(12), time_limit=0.1)
    assert time.perf_counter() - start < 10 and stopped.value.stats["stop"] == "time_limit"
    with pytest.raises(LimitReached):
        shikaku.count_solutions(checkerboard(12), time_limit=0.1, progress=True)


def test_solutions_stream_and_stop_when_closed():
    p = checkerboard(16)  # about 10^22 solutions
    start = time.perf_counter()
    stream = shikaku.solutions(p, time_limit=60)
    first, second = next(stream), next(stream)
    assert time.perf_counter() - start < 30  # a list built first would take the whole 60 s
    assert is_solution(p.clues.tolist(), first) and first != second
    stream.close()


def test_solutions_cut_by_a_limit_end_with_limit_reached():
    seen = []
    with pytest.raises(LimitReached) as stopped:
        for solution in shikaku.solutions(checkerboard(12), node_limit=300):
            seen.append(solution)
    assert stopped.value.count == len(seen)
    assert all(is_solution(checkerboard(12).clues.tolist(), s) for s in seen)
    assert len(list(shikaku.solutions(checkerboard(6)))) == 6728


@pytest.mark.parametrize("options", [
    {"time_limit": "x"}, {"time_limit": -1}, {"node_limit": 1.5}, {"node_limit": True},
    {"method": "magic"}, {"method": "ilp", "ilp_solver": "gurobi"}, {"method": "annealing", "seed": -1},
    {"method": "annealing", "seed": 1.5}, {"method": "annealing", "iterations": 2.5},
])
def test_bad_solve_options_are_puzzle_errors(options):
    with pytest.raises(PuzzleError):
        shikaku.solve(SMALL, **options)


@pytest.mark.parametrize("options", [{"limit": 0}, {"limit": 2.5}, {"time_limit": "x"}, {"node_limit": -2}])
def test_bad_count_options_are_puzzle_errors(options):
    with pytest.raises(PuzzleError):
        shikaku.count_solutions(SMALL, **options)
    with pytest.raises(PuzzleError):
        shikaku.solutions(SMALL, **options)
    with pytest.raises(PuzzleError):
        shikaku.count_solutions_many([SMALL], **options)


@pytest.mark.parametrize("workers", [0, 1.5, "two", -2])
def test_bad_workers_are_puzzle_errors(workers):
    with pytest.raises(PuzzleError):
        shikaku.count_solutions_many([SMALL], workers=workers)


def test_all_cores_and_a_progress_bar_count_the_same(capsys):
    puzzles = [SMALL, "2 .\n. 2", "2 .\n. 3", checkerboard(4)] * 3
    counts = shikaku.count_solutions_many(puzzles)
    assert counts.tolist() == [1, 2, 0, 36] * 3
    assert shikaku.count_solutions_many(puzzles, workers=-1, progress=True).tolist() == counts.tolist()
    assert capsys.readouterr().out == ""
    with pytest.raises(PuzzleError):
        shikaku.count_solutions_many(SMALL)


@pytest.mark.parametrize("args, kwargs", [((2.5, 4), {}), ((4, "4"), {}), ((0, 4), {}), ((4, 4, -1), {}),
                                          ((4, 4, 2, 1, 1.5), {}), ((4, 4), {"seed": -1}),
                                          ((4, 4), {"max_layouts": 0})])
def test_generate_bad_arguments_are_puzzle_errors(args, kwargs):
    with pytest.raises(PuzzleError):
        shikaku.generate(*args, **kwargs)


def test_generate_reports_its_seed_and_picks_a_depth():
    p = shikaku.generate(8, 8)
    assert isinstance(p.seed, int) and shikaku.generate(8, 8, seed=p.seed) == p
    assert shikaku.count_solutions(shikaku.generate(7, 9, seed=3, unique=True, progress=True)) == 1


def test_options_are_keyword_only():
    with pytest.raises(TypeError):
        shikaku.solve(SMALL, "ilp")
    with pytest.raises(TypeError):
        shikaku.count_solutions(SMALL, 2)


def test_ilp_solver_option_and_its_older_name():
    a = shikaku.solve(SMALL, method="ilp", ilp_solver="highs")
    b = shikaku.solve(SMALL, method="ilp", solver="highs")
    assert a.solution == b.solution and a.stats["ilp_solver"] == "highs"


def test_results_keep_their_puzzle_draw_and_pickle():
    p = shikaku.parse(SMALL)
    for method in ("exact", "ilp", "annealing"):
        r = shikaku.solve(p, method=method, **_seeded(method, 2))
        assert r.status == "solved" and r.puzzle == p and r.family == "shikaku"
        assert r.render() == shikaku.render(p, r.solution)
        doc = xml.dom.minidom.parseString(r.to_svg())
        assert len(doc.getElementsByTagName("text")) == len(p.clue_values())
        assert pickle.loads(pickle.dumps(r)) == r
    unsat = shikaku.solve("2 .\n. 3")
    assert unsat.status == "unsatisfiable" and unsat.render().count("3") == 1


def test_render_takes_the_solution_and_a_format():
    p = shikaku.parse("2 .\n2 .")
    solution = [(0, 0, 1, 2), (1, 0, 1, 2)]
    assert shikaku.render(p, solution) == shikaku.render_text(p, solution)
    assert shikaku.render(p, solution, format="svg") == shikaku.render_svg(p, solution)
    assert shikaku.render(np.array([[2, 0], [2, 0]]), solution, format="text").splitlines()[1] == "|2    |"


def test_progress_shows_on_stderr_only(capsys):
    for method in ("exact", "ilp", "annealing"):
        assert shikaku.solve(SMALL, method=method, progress=True, time_limit=30, **_seeded(method, 1)).solved
    assert capsys.readouterr().out == ""


def test_parse_says_when_its_text_is_a_file_name(tmp_path):
    path = tmp_path / "small.txt"
    path.write_text(SMALL)
    with pytest.raises(PuzzleError, match="file name: read it with load"):
        shikaku.parse(str(path))
    assert shikaku.load(str(path)) == shikaku.parse(SMALL)
