"""The shared contract (docs/ARCHITECTURE.md) for edgematch: verbs and their keyword-only
options, option checks, results that keep their puzzle, counts that never lie, solutions
that stream. Every board is checked by the tests' own checker."""

from __future__ import annotations

import inspect
import itertools
import pickle

import numpy as np
import pytest
from interrupts import RepeatingInterrupt

from cassetete import LimitReached, PuzzleError, Result
from cassetete import edgematch as em
from cassetete.edgematch._count import count_result  # the count as a Result (edgematch.count's body)
from edgematch_checker import brute_count, check_board


def checked(p, board):
    return check_board(p.rows, p.cols, p.pieces, board, p.matching, p.fixed)


def many_solutions():
    """A 5 x 5 puzzle with one inner colour and one frame colour: every inner piece fits every
    inner cell in every rotation, so it has more than 9! * 4^9 solutions (never enumerable)."""
    return em.generate(5, 5, colors=1, frame_colors=1, seed=3)[0]


def test_every_verb_exists_with_keyword_only_options():
    for verb in ("parse", "load", "parse_many", "load_many", "format", "dump", "solve", "solutions",
                 "count_solutions", "generate", "verify", "render"):
        assert callable(getattr(em, verb)), verb
    for verb, options in [
        (em.solve, ("method", "time_limit", "node_limit", "seed", "workers", "progress")),
        (em.solutions, ("limit", "time_limit", "node_limit", "seed")),
        (em.count_solutions, ("limit", "time_limit", "node_limit", "workers", "progress")),
        (count_result, ("limit", "time_limit", "node_limit")),  # what em.count (deprecated) returns
        (em.solve_local, ("time_limit", "node_limit", "seed", "workers", "progress")),
        (em.generate, ("seed",)),
    ]:
        params = inspect.signature(verb).parameters
        for name in options:
            assert params[name].kind is inspect.Parameter.KEYWORD_ONLY, (verb.__name__, name)
    params = list(inspect.signature(em.render).parameters)
    assert params[:3] == ["puzzle", "solution", "format"]


@pytest.mark.parametrize("call", [
    lambda p: em.solve(p, time_limit="x"),
    lambda p: em.solve(p, time_limit=-1),
    lambda p: em.solve(p, time_limit=float("nan")),
    lambda p: em.solve(p, node_limit=1.5),
    lambda p: em.solve(p, node_limit=-1),
    lambda p: em.solve(p, node_limit=True),
    lambda p: em.solve(p, seed=-3),
    lambda p: em.solve(p, seed="abc"),
    lambda p: em.solve(p, method="magic"),
    lambda p: em.solve(p, order="diagonal"),
    lambda p: em.solve(p, progress="yes"),
    lambda p: em.solve(p, workers=0),
    lambda p: em.solve(p, checkpoint="best.txt"),  # a vlns option
    lambda p: em.solve(p, method="vlns", time_limit=1, workers=0),
    lambda p: em.solve(p, method="vlns", time_limit=1, workers=1.5),
    lambda p: em.solve(p, method="vlns", time_limit="x"),
    lambda p: em.solve(p, method="vlns", time_limit=1, seed=-1),
    lambda p: em.count_solutions(p, limit=2.5),
    lambda p: em.count_solutions(p, limit=0),
    lambda p: em.count_solutions(p, time_limit="x"),
    lambda p: em.count_solutions(p, node_limit=1.5),
    lambda p: em.count_solutions(p, workers=0),
    lambda p: em.count_solutions(p, split_depth=-1),
    lambda p: count_result(p, limit=2.5),
    lambda p: count_result(p, symmetry="no"),
    lambda p: list(em.solutions(p, limit=0)),
    lambda p: em.solutions(p, node_limit=1.5),  # checked at the call, not at the first next()
    lambda p: em.solutions(p, order="diagonal"),
    lambda p: em.split(p, 1.5),
    lambda p: em.render(p, format="png"),
    lambda p: em.format(p, "xml"),
])
def test_bad_option_values_are_puzzle_errors(call):
    p, _ = em.generate(3, 3, colors=2, seed=1)
    with pytest.raises(PuzzleError):
        call(p)


@pytest.mark.parametrize("call", [
    lambda: em.generate(2.5, 3),
    lambda: em.generate(3, "3"),
    lambda: em.generate(0, 3),
    lambda: em.generate(3, 3, colors=0),
    lambda: em.generate(3, 3, colors=1.5),
    lambda: em.generate(3, 3, seed=-1),
    lambda: em.generate(3, 3, attempts=0),
    lambda: em.generate(3, 3, distinct="yes"),
])
def test_bad_generate_arguments_are_puzzle_errors(call):
    with pytest.raises(PuzzleError):
        call()


def test_generate_names_an_unknown_matching():
    # it used to search 200 times and report "no puzzle found in 200 attempts"
    with pytest.raises(PuzzleError, match="unknown matching 'foo'; expected one of: equal, opposite"):
        em.generate(3, 3, matching="foo")


def test_generate_reports_the_seed_it_used():
    p, board = em.generate(4, 4, colors=3)
    assert isinstance(p.seed, int)
    q, again = em.generate(4, 4, colors=3, seed=p.seed)
    assert q == p and np.array_equal(again, board) and q.seed == p.seed
    assert pickle.loads(pickle.dumps(q)).seed == q.seed


def test_results_keep_their_puzzle_pickle_and_compare():
    p, _ = em.generate(4, 4, colors=3, seed=2)
    for res in (em.solve(p), em.solve(p, seed=3), count_result(p), em.solve(p, method="vlns", iterations=50, seed=1),
                em.solve_by_positions(p, time_limit=0.2)):
        assert isinstance(res, Result) and res.puzzle is p and res.family == "edgematch"
        again = pickle.loads(pickle.dumps(res))
        assert again == res and again.puzzle == p
        svg = res.to_svg()
        assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>") and svg.count("<polygon") == 4 * 16
        assert res.render() == em.render(p, res.solution)  # the best board found, or the pieces
    a, b = em.solve(p), em.solve(p)
    b.stats = dict(a.stats)
    assert a == b
    b.solution = b.solution.copy()
    b.solution[0, 0, 1] = (b.solution[0, 0, 1] + 1) % 4
    assert a != b


def test_backtrack_seed_is_reported():
    p, _ = em.generate(4, 4, colors=2, seed=6)
    assert em.solve(p).stats["seed"] is None  # piece order: deterministic
    assert em.solve(p, seed=5).stats["seed"] == 5


def test_local_search_returns_its_best_board_with_the_shared_keys():
    e2 = em.eternity2()
    res = em.solve(e2, method="vlns", iterations=300, seed=2, init="random")
    assert res.status == "limit" and res.solution is not None  # a best board, not a solution
    st = res.stats
    assert st["best"] == st["score"] == em.score(e2, res.solution)[0] < st["total"]
    assert st["trajectory"] and st["trajectory"][-1][1] == st["best"]
    assert st["seed"] == 2 and st["nodes"] == st["iterations"] == 300
    assert res.to_svg().startswith("<svg")
    p, _ = em.generate(4, 4, colors=3, seed=5)
    solved = em.solve(p, method="vlns", time_limit=20, seed=1)
    assert solved.status == "solved" and checked(p, solved.solution) and solved.stats["best"] == p.total_joins
    unseeded = em.solve(p, method="vlns", time_limit=20)
    assert isinstance(unseeded.stats["seed"], int)


@pytest.mark.parametrize("workers", [1, 2])
def test_a_count_under_a_tiny_node_limit_never_returns_a_plain_int(workers):
    p, _ = em.generate(4, 4, colors=2, seed=3)
    exact = em.count_solutions(p)
    assert exact == brute_count(4, 4, p.pieces) > 10
    seen_stop = False
    for node_limit in (0, 1, 10, 100, 1000, 10**7):
        try:
            n = em.count_solutions(p, node_limit=node_limit, workers=workers, split_depth=2)
        except LimitReached as stopped:
            seen_stop = True
            assert 0 <= stopped.count <= exact
            assert stopped.stats["stop"] == "node_limit"
            assert isinstance(stopped, TimeoutError) and not isinstance(stopped, PuzzleError)
        else:
            assert n == exact  # an int only when it is the answer
    assert seen_stop
    with pytest.raises(LimitReached):
        em.count_solutions(many_solutions(), node_limit=5000, workers=workers, split_depth=1)


def test_a_count_under_a_time_limit_raises_with_a_lower_bound():
    p = many_solutions()
    with pytest.raises(LimitReached) as stopped:
        em.count_solutions(p, time_limit=0.2)
    assert stopped.value.count > 0 and stopped.value.stats["stop"] == "time_limit"
    assert pickle.loads(pickle.dumps(stopped.value)).count == stopped.value.count
    res = count_result(p, time_limit=0.05)
    assert res.status == "limit" and not res.stats["complete"] and checked(p, res.solution)


def test_a_capped_count_is_an_answer():
    p = many_solutions()
    assert em.count_solutions(p, limit=7) == 7
    assert em.count_solutions(p, limit=7, workers=2, split_depth=1) == 7
    res = count_result(p, limit=3)
    assert res.status == "solved" and res.stats["count"] == 3


def test_solutions_stream_before_the_search_ends():
    # far too many solutions to list: the first ones can only arrive if they are streamed
    p = many_solutions()
    stream = em.solutions(p, order="first_fail")
    first = next(stream)
    assert checked(p, first)
    boards = [first] + list(itertools.islice(stream, 49))
    stream.close()  # stops the search
    assert len({b.tobytes() for b in boards}) == 50
    assert all(checked(p, b) for b in boards)


@pytest.mark.parametrize("matching", ["equal", "opposite"])
def test_solutions_are_all_the_solutions(matching):
    for seed in range(4):
        p, _ = em.generate(2, 3, colors=2, matching=matching, seed=seed)
        boards = list(em.solutions(p))
        assert len({b.tobytes() for b in boards}) == len(boards) == brute_count(2, 3, p.pieces, matching)
        assert len(boards) == em.count_solutions(p)
        assert all(checked(p, b) for b in boards)
        assert len(list(em.solutions(p, limit=1))) == 1


def test_solutions_stopped_by_a_limit_raise_after_what_they_found():
    p = many_solutions()
    found = []
    with pytest.raises(LimitReached) as stopped:
        for board in em.solutions(p, node_limit=2000):
            found.append(board)
    assert stopped.value.count == len(found) and stopped.value.stats["stop"] == "node_limit"
    assert all(checked(p, b) for b in found)
    assert len(list(em.solutions(p, limit=5, node_limit=10**9))) == 5


def test_solve_and_count_accept_puzzle_text():
    p, _ = em.generate(3, 3, colors=2, seed=4)
    text = em.format(p)
    assert em.count_solutions(text) == em.count_solutions(p)
    assert em.solve(text).puzzle == p


def test_ctrl_c_stops_a_stream_of_solutions():
    # the puzzle has far more solutions than any machine lists, so the interrupt always comes first

    p = many_solutions()
    timer = RepeatingInterrupt(0.3)
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            stream = em.solutions(p)
            try:
                for board in stream:
                    assert checked(p, board)
            finally:
                stream.close()
    finally:
        timer.cancel()


def test_ctrl_c_stops_a_parallel_count():
    # the count never ends on its own: the test can only finish if the interrupt stops every part

    timer = RepeatingInterrupt(0.3)
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            em.count_solutions(many_solutions(), workers=2, split_depth=1)
    finally:
        timer.cancel()


def test_parallel_solve_finds_checked_solutions_and_proves_none():
    for seed in range(4):
        p, _ = em.generate(5, 5, colors=4, frame_colors=1, seed=seed)
        for order in ("row", "first_fail"):
            res = em.solve(p, workers=2, order=order)
            assert res.status == "solved" and checked(p, res.solution), (seed, order)
            assert res.stats["workers"] == 2 and res.stats["parts"] >= 1
    p, _ = em.generate(4, 4, colors=3, seed=2)
    corner = int((p.pieces == 0).sum(axis=1).argmax())
    assert em.solve(p.with_fixed({(1, 1): (corner, 0)}), workers=2).status == "unsatisfiable"
    e2 = em.eternity2()
    res = em.solve(e2, workers=2, node_limit=20000)
    assert res.status == "limit" and res.solution is None and res.stats["stop"] == "node_limit"
    res = em.solve(e2, workers=-1, time_limit=0.1)
    assert res.status == "limit" and res.stats["stop"] == "time_limit"


def test_ctrl_c_stops_a_parallel_solve():
    # Eternity II has no known solution reachable by a test: only the interrupt ends the search

    timer = RepeatingInterrupt(0.3)
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            em.solve(em.eternity2(), workers=2)
    finally:
        timer.cancel()
