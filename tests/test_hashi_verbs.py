"""cassetete.hashi and the contract of docs/ARCHITECTURE.md: verbs, options, counts that never
lie, streaming solutions, results that draw themselves, files, the generator's pictures, and
HiGHS quiet and interruptible. Answers are checked by test_hashi_checker (written from the rules)."""

import io
import pickle
import signal
import subprocess
import sys
import time
import xml.dom.minidom

import numpy as np
import pytest

from cassetete import LimitReached, PuzzleError, Result, hashi
from test_hashi import lattice, tatham_cases
from test_hashi_checker import check

RING = "3x3m2:2a2c2a2"


# ---------------------------------------------------------------- bugs of issue 16

def _seeded(method, seed):
    """The seed for the method that takes one: the deterministic methods refuse it (issue 27)."""
    return {"seed": seed} if method == "annealing" else {}

def test_verify_and_render_text_read_text_input():
    solution = hashi.solve(RING).solution
    assert hashi.verify(RING, solution) is True
    assert hashi.verify("2.2\n...\n2.2", solution) is True
    assert hashi.verify(RING, solution[:-1]) is False
    for malformed in (None, [("a",)], [(0, 0, 0, 9, 1)]):  # issue 27: malformed is bad input
        with pytest.raises(PuzzleError):
            hashi.verify(RING, malformed)
    assert hashi.render_text(RING, solution) == "2-2\n|.|\n2-2"
    assert hashi.render_svg(RING, solution).startswith("<svg")


def test_render_draws_text_and_svg():
    p = hashi.parse(RING)
    solution = hashi.solve(p).solution
    assert hashi.render(p) == "2.2\n...\n2.2"
    assert hashi.render(RING, solution) == "2-2\n|.|\n2-2"
    doc = xml.dom.minidom.parseString(hashi.render(p, solution, format="svg"))
    assert len(doc.getElementsByTagName("line")) == 4 and len(doc.getElementsByTagName("circle")) == 4
    with pytest.raises(PuzzleError, match="png"):
        hashi.render(p, format="png")


def test_solutions_stream_all_of_them_with_no_silent_cap():
    # more than the old cap of 1000; each is checked and all are distinct
    p = hashi.parse(lattice(4))
    grid = p.islands.tolist()
    found = list(hashi.solutions(p))
    assert len(found) > 1000
    assert len({tuple(sorted(s)) for s in found}) == len(found) == hashi.count_solutions(p)
    assert all(check(grid, s) is None for s in found[::50])
    assert len(list(hashi.solutions(p, limit=1200))) == 1200


def test_solutions_yield_before_the_search_ends_and_stop_when_closed():
    # the 12 x 12 lattice has far too many solutions to list: the first arrives at once
    p = hashi.parse(lattice(12))
    start = time.perf_counter()
    stream = hashi.solutions(p, time_limit=60)
    first = next(stream)
    assert time.perf_counter() - start < 30  # a list built first would take the whole 60 s
    assert check(p.islands.tolist(), first) is None
    stream.close()


def test_a_limit_ends_the_stream_with_limit_reached():
    p = hashi.parse(lattice(12))
    seen = []
    with pytest.raises(LimitReached) as stopped:
        for solution in hashi.solutions(p, node_limit=2000):
            seen.append(solution)
    assert stopped.value.count == len(seen) and stopped.value.stats["stop"] == "node_limit"


def test_count_honours_time_limit_and_never_returns_a_partial_count():
    p = hashi.parse(lattice(12))
    start = time.perf_counter()
    with pytest.raises(LimitReached) as stopped:
        hashi.count_solutions(p, time_limit=0.2)
    assert time.perf_counter() - start < 10
    assert stopped.value.stats["stop"] == "time_limit" and stopped.value.count >= 0
    with pytest.raises(LimitReached) as stopped:
        hashi.count_solutions(p, node_limit=1000)
    assert stopped.value.stats["stop"] == "node_limit"
    assert isinstance(stopped.value, TimeoutError)  # what older code caught
    assert hashi.count_solutions(p, limit=7) == 7  # capped by the caller: an answer
    assert pickle.loads(pickle.dumps(stopped.value)).count == stopped.value.count


def test_count_progress_bar_counts_the_same(capsys):
    p = hashi.parse(lattice(4))
    assert hashi.count_solutions(p, progress=True) == hashi.count_solutions(p)
    assert capsys.readouterr().out == ""


# ---------------------------------------------------------------- options
@pytest.mark.parametrize("options", [
    {"time_limit": "x"}, {"time_limit": -1}, {"time_limit": float("nan")}, {"node_limit": 1.5},
    {"node_limit": -1}, {"node_limit": True}, {"method": "magic"}, {"method": "ilp", "ilp_solver": "gurobi"},
    {"method": "ilp", "connectivity": "magic"}, {"method": "annealing", "seed": -1},
    {"method": "annealing", "seed": "s"}, {"method": "exact", "connectivity": "cuts"},
    {"method": "annealing", "steps_per_round": 1.5}, {"method": "annealing", "initial_temperature": "hot"},
])
def test_bad_solve_options_are_puzzle_errors(options):
    with pytest.raises(PuzzleError):
        hashi.solve(RING, **options)


@pytest.mark.parametrize("options", [{"limit": 0}, {"limit": 2.5}, {"time_limit": "x"}, {"node_limit": 1.5}])
def test_bad_count_options_are_puzzle_errors(options):
    with pytest.raises(PuzzleError):
        hashi.count_solutions(RING, **options)
    with pytest.raises(PuzzleError):
        hashi.solutions(RING, **options)


def test_options_are_keyword_only():
    with pytest.raises(TypeError):
        hashi.solve(RING, "ilp")
    with pytest.raises(TypeError):
        hashi.count_solutions(RING, 2)


def test_ilp_solver_option_and_its_older_name():
    a = hashi.solve(RING, method="ilp", ilp_solver="highs")
    b = hashi.solve(RING, method="ilp", backend="highs")
    assert a.solution == b.solution and a.stats["ilp_solver"] == "highs"


# ---------------------------------------------------------------- results
def test_results_keep_their_puzzle_draw_and_pickle():
    for method in ("exact", "ilp", "annealing"):
        r = hashi.solve(RING, method=method, **_seeded(method, 1))
        assert r.status == "solved" and r.puzzle == hashi.parse(RING) and r.family == "hashi"
        assert r.render() == "2-2\n|.|\n2-2"
        doc = xml.dom.minidom.parseString(r.to_svg())
        assert len(doc.getElementsByTagName("line")) == 4
        assert pickle.loads(pickle.dumps(r)) == r
    assert hashi.solve("3x1m2:1a2").status == "unsatisfiable"


def test_annealing_draws_a_seed_and_reports_it():
    p = hashi.parse(tatham_cases()[0]["id"])
    r = hashi.solve(p, method="annealing", time_limit=20)
    assert isinstance(r.stats["seed"], int)
    again = hashi.solve(p, method="annealing", time_limit=20, seed=r.stats["seed"])
    assert again.solution == r.solution and again.stats["nodes"] == r.stats["nodes"]


# ---------------------------------------------------------------- files and formats
def test_format_and_dump_write_every_format_read(tmp_path):
    for case in tatham_cases()[:4]:
        p = hashi.parse(case["id"])
        for fmt in hashi.FORMATS:
            text = hashi.format(p, format=fmt)
            assert hashi.parse(text) == p, fmt
            path = tmp_path / f"p.{fmt}"
            hashi.dump(p, path, format=fmt)
            assert hashi.load(path) == p
            with open(path) as handle:
                assert hashi.load(handle) == p
    assert hashi.format(p) == hashi.format_id(p)
    with pytest.raises(PuzzleError):
        hashi.format(p, format="xml")


def test_puzzlink_writer_matches_a_published_url():
    url = "https://puzz.link/p?hashikake/5/5/4g2i3h23k3g1g3g4g3"  # the URL of test_hashi
    assert hashi.format_puzzlink(hashi.parse(url)) == url


def test_load_refuses_missing_paths_directories_and_text(tmp_path):
    with pytest.raises(PuzzleError, match="no such file: .*nothing.has"):
        hashi.load(tmp_path / "nothing.has")
    with pytest.raises(PuzzleError, match="no such file"):
        hashi.load(RING)  # puzzle text is not a path
    with pytest.raises(PuzzleError, match="directory"):
        hashi.load(tmp_path)
    with pytest.raises(PuzzleError, match="directory"):
        hashi.load_many(tmp_path)
    assert hashi.load(io.StringIO(RING)) == hashi.parse(RING)


def test_parse_many_reads_lines_and_blocks_and_names_the_bad_one(tmp_path):
    text = f"# a batch\n{RING}\n3x1m2:1a1\n\n2.2\n...\n2.2\n\n3 3 4\n2 0 2\n0 0 0\n1 0 1\n"
    puzzles = hashi.parse_many(text)
    assert [p.n_islands for p in puzzles] == [4, 2, 4, 4]
    assert puzzles[0] == puzzles[2]
    path = tmp_path / "batch.txt"
    path.write_text(text)
    assert hashi.load_many(path) == puzzles
    assert hashi.parse_many([RING, np.array([[1, 0, 1]])])[1].n_islands == 2
    with pytest.raises(PuzzleError, match=r"puzzle 3 \(line 4\)"):
        hashi.parse_many(f"{RING}\n{RING}\n\n2.9\n")


def test_parse_reads_arrays_and_nested_lists():
    assert hashi.parse([[2, 0, 2], [0, 0, 0], [2, 0, 2]]) == hashi.parse(RING)
    assert hashi.parse(np.array([[2.0, 0.0, 2.0]])) == hashi.parse("2.2")
    for bad in ([[2, 0], [1]], np.array([["2", "0"]]), 5):
        with pytest.raises(PuzzleError):
            hashi.parse(bad)


# ---------------------------------------------------------------- generator
def _side_by_side(grid):
    g = np.asarray(grid) > 0
    return bool(np.any(g[1:, :] & g[:-1, :]) or np.any(g[:, 1:] & g[:, :-1]))


@pytest.mark.parametrize("n, size", [(5, None), (12, None), (30, None), (60, None), (20, 7), (40, (9, 14))])
def test_generated_islands_are_never_side_by_side(n, size):
    for seed in range(8):
        p, planted = hashi.generate(n, seed=seed, size=size, with_solution=True)
        assert not _side_by_side(p.islands), (n, seed)
        assert check(p.islands.tolist(), planted) is None
        # every bridge has a cell to be drawn in: the picture shows each of them
        picture = hashi.render_text(p, planted).splitlines()
        for r1, c1, r2, c2, _count in planted:
            assert abs(r1 - r2) + abs(c1 - c2) >= 2
            r, c = (r1 + r2) // 2, (c1 + c2) // 2
            mark = picture[r][c] if (r, c) != (r1, c1) else picture[r1][c1 + 1]
            assert mark in ("-", "=", "|", '"')


def test_generate_refuses_more_vertices_than_fit():
    with pytest.raises(PuzzleError, match="3x3"):
        hashi.generate(50, size=3)
    with pytest.raises(PuzzleError):
        hashi.generate(6, size=3)  # a 3x3 grid holds at most 5 islands apart from each other
    p = hashi.generate(3, size=3, seed=2)
    assert not _side_by_side(p.islands) and p.n_islands <= 5


@pytest.mark.parametrize("args, kwargs", [((2.5,), {}), (("10",), {}), ((1,), {}), ((10,), {"seed": -3}),
                                          ((10,), {"size": 0}), ((10,), {"size": 2.5})])
def test_generate_bad_arguments_are_puzzle_errors(args, kwargs):
    with pytest.raises(PuzzleError):
        hashi.generate(*args, **kwargs)


def test_generate_reports_the_seed_it_drew():
    p = hashi.generate(15)
    assert isinstance(p.seed, int) and hashi.generate(15, seed=p.seed) == p


# ---------------------------------------------------------------- HiGHS
def test_ctrl_c_interrupts_the_ilp(monkeypatch):
    # SIGINT raised from inside HiGHS's first interrupt callback: certainly during the solve,
    # whatever the speed of the machine
    from cassetete import _highs

    calls = []

    def press_ctrl_c():
        calls.append(1)
        if len(calls) == 1:
            signal.raise_signal(signal.SIGINT)

    monkeypatch.setattr(_highs, "_on_callback", press_ctrl_c)
    with pytest.raises(KeyboardInterrupt):
        hashi.solve(lattice(6), method="ilp")
    assert len(calls) == 1


def test_ilp_time_limit_goes_through_the_callback(monkeypatch):
    from cassetete import _highs

    monkeypatch.setattr(_highs, "_on_callback", lambda: time.sleep(0.3))
    r = hashi.solve(lattice(6), method="ilp", time_limit=0.2)
    assert r.status == "limit" and r.stats["stop"] == "time_limit"


def test_the_ilp_prints_nothing():
    code = f"from cassetete import hashi; assert hashi.solve({RING!r}, method='ilp').solved"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "" and done.stderr == ""


def test_results_compare_to_a_hand_made_result():
    r = hashi.solve(RING)
    same = Result("solved", r.solution, r.stats, puzzle=hashi.parse(RING))
    assert same == r


def test_progress_shows_on_stderr_only(capsys):
    for method in ("exact", "ilp", "annealing"):
        assert hashi.solve(RING, method=method, progress=True, time_limit=30, **_seeded(method, 1)).solved
    assert len(list(hashi.solutions(lattice(3), progress=True))) == hashi.count_solutions(lattice(3))
    assert capsys.readouterr().out == ""


def test_parse_says_when_its_text_is_a_file_name(tmp_path):
    path = tmp_path / "ring.txt"
    path.write_text(RING)
    with pytest.raises(PuzzleError, match="file name: read it with load"):
        hashi.parse(str(path))
    assert hashi.load(str(path)) == hashi.parse(RING)
