"""The narrowing family's contract: bad input raises PuzzleError naming what is wrong,
infeasible models are "unsatisfiable", limits stop searches (LimitReached for counts), Ctrl-C
interrupts, results and subproblems pickle."""

from __future__ import annotations

import os
import pickle
import signal
import threading

import pytest

from cassetete import LimitReached, PuzzleError, Result
from cassetete.narrowing import Model, packing_model


def test_empty_domain_at_creation():
    with pytest.raises(PuzzleError, match="empty domain"):
        Model().int_var(3, 1, name="bad")


@pytest.mark.parametrize("bounds", [(0, 2**63), (-(2**63) - 1, 0), (0.5, 2), (True, 2), ("0", 2)])
def test_bounds_must_be_64_bit_integers(bounds):
    with pytest.raises(PuzzleError):
        Model().int_var(*bounds)


def test_duplicate_names():
    m = Model()
    m.int_var(0, 1, name="a")
    with pytest.raises(PuzzleError, match="already used"):
        m.int_var(0, 1, name="a")


def test_product_overflow_names_the_constraint():
    m = Model()
    x, y = m.int_var(-(2**62), 2**62), m.int_var(0, 2**40)
    with pytest.raises(PuzzleError, match="product constraint 0.*overflows"):
        m.add_product(x, 2**30, y)


def test_sum_overflow_names_the_constraint():
    m = Model()
    x = m.int_var(0, 1)
    ys = [m.int_var(0, 2**62), m.int_var(0, 2**62)]
    with pytest.raises(PuzzleError, match="sum constraint 0.*overflows"):
        m.add_sum(x, ys)


def test_unknown_variables():
    m, other = Model(), Model()
    x = m.int_var(0, 3)
    y = other.int_var(0, 3)
    with pytest.raises(PuzzleError, match="not a variable of this model"):
        m.add_product(x, 2, y)
    with pytest.raises(PuzzleError, match="sum constraint 0"):
        m.add_sum(x, [3])
    with pytest.raises(PuzzleError, match="appears twice"):
        m.add_sum(x, [x])


def test_bad_options():
    m = Model()
    xs = [m.int_var(0, 2) for _ in range(3)]
    with pytest.raises(PuzzleError, match="algorithm"):
        m.add_all_different(xs, algorithm="fast")
    m.add_all_different(xs)
    for kwargs in ({"time_limit": "x"}, {"time_limit": -1}, {"node_limit": 1.5}, {"limit": 0}, {"strategy": "best"},
                   {"workers": 0}):
        with pytest.raises(PuzzleError):
            m.count_solutions(**kwargs)
    with pytest.raises(PuzzleError):
        m.split(-1)


def test_class_shape_checks():
    m = Model()
    pts = [(m.int_var(0, 3), m.int_var(0, 3)) for _ in range(2)]
    with pytest.raises(PuzzleError, match="not connected"):
        m.add_class(pts, [(0, 0), (0, 2)], rotations="2d")
    with pytest.raises(PuzzleError, match="needs 3-D"):
        m.add_class(pts, [(0, 0), (0, 1)], rotations="3d")
    with pytest.raises(PuzzleError, match="rotations"):
        m.add_class(pts, [(0, 0), (0, 1)], rotations="4d")
    with pytest.raises(PuzzleError, match="variables given"):
        m.add_class(pts[:1], [(0, 0), (0, 1)], rotations="2d")


def test_packing_model_bad_input():
    with pytest.raises(PuzzleError, match="60 cells but the pieces cover 20"):
        packing_model((6, 10), pieces=["F", "I", "L", "P"])
    with pytest.raises(PuzzleError, match="not connected"):
        packing_model((1, 4), pieces={"a": [(0, 0), (0, 2)], "b": [(0, 0), (0, 1)]})
    with pytest.raises(PuzzleError):
        packing_model((0, 60))
    with pytest.raises(PuzzleError):
        packing_model((3, 20), symmetry="all")  # the deprecated spelling: a bad value is refused before any warning
    with pytest.raises(PuzzleError, match="up_to_symmetry"):
        packing_model((3, 20), up_to_symmetry="all")
    with pytest.raises(PuzzleError, match="unknown piece"):
        packing_model((1, 5), pieces=["Q"])
    with pytest.raises(PuzzleError, match="at most 64 cells"):
        packing_model((5, 14), pieces="hexominoes", narrowing="placement")
    with pytest.raises(PuzzleError, match="narrowing"):
        packing_model((3, 20), narrowing="best")


def test_infeasible_is_unsatisfiable_not_an_error():
    m = Model()
    x = m.int_var(0, 3, name="x")
    m.add_product(x, 2, m.int_var(5, 9))
    result = m.solve()
    assert result.status == "unsatisfiable" and result.solution is None
    assert m.count_solutions() == 0
    assert m.propagate() is None
    assert list(m.solutions()) == []


def test_limits():
    model = packing_model((3, 20))
    with pytest.raises(LimitReached) as stopped:
        model.count_solutions(node_limit=50)
    assert stopped.value.count >= 0 and stopped.value.stats["stop"] == "node_limit"
    assert model.solve(node_limit=5).status == "limit"
    assert model.solve(node_limit=5).stats["stop"] == "node_limit"
    with pytest.raises(LimitReached):
        list(model.solutions(node_limit=50))
    assert model.count_solutions(limit=1) == 1
    assert len(list(model.solutions(limit=1))) == 1
    with pytest.raises(LimitReached) as stopped:
        packing_model((4, 15)).count_solutions(time_limit=0.05)
    assert stopped.value.stats["stop"] == "time_limit"


def test_ctrl_c_interrupts_a_count():
    timer = threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGINT))
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            packing_model((5, 12)).count_solutions(time_limit=60)
    finally:
        timer.cancel()


def test_results_and_models_pickle():
    m = Model()
    a, b = m.int_var(0, 1, name="a"), m.int_var(0, 1, name="b")
    m.add_all_different([a, b])
    result = m.solve()
    assert isinstance(result, Result) and result.solution == {"a": 0, "b": 1}
    assert pickle.loads(pickle.dumps(result)) == result
    copy = pickle.loads(pickle.dumps(m))
    assert copy.count_solutions() == 2
    assert result.render() == "a = 0\nb = 1"


def test_stats_report_cuts_and_narrowings_per_kind():
    model = packing_model((2, 3, 5), pieces=["F", "L", "P", "T", "U", "Y"])
    assert model.count_solutions(profile=True) == 14
    stats = model.last_stats
    assert stats["cuts"] > 0 and stats["nodes"] == 2 * stats["cuts"] + 1
    assert set(stats["narrowings"]) == {"product", "sum", "translated", "class", "all_different", "placement"}
    assert all(stats["narrowings"][k] > 0 for k in ("product", "sum", "class", "all_different"))
    assert set(stats["kind_seconds"]) == set(stats["narrowings"])


def test_generic_model_first_fail_and_branching():
    # SEND + MORE = MONEY style: a small cryptarithm with sums and products.
    m = Model()
    digits = {ch: m.int_var(0, 9, name=ch) for ch in "SENDMORY"}
    m.add_all_different(list(digits.values()))
    word = {}
    for w in ("SEND", "MORE", "MONEY"):
        terms = []
        for power, ch in enumerate(reversed(w)):
            t = m.int_var(0, 9 * 10**power, name=f"{w}{power}")
            m.add_product(t, 10**power, digits[ch])
            terms.append(t)
        word[w] = m.int_var(0, 10 ** len(w) - 1, name=w)
        m.add_sum(word[w], terms)
    m.add_sum(word["MONEY"], [word["SEND"], word["MORE"]])
    m.add_product(m.int_var(1, 9), 1, digits["S"])
    m.add_product(m.int_var(1, 9), 1, digits["M"])
    m.set_branching(list(digits.values()))
    for strategy in ("smallest-min", "first-fail"):
        solutions = list(m.solutions(strategy=strategy))
        assert len(solutions) == 1
        s = solutions[0]
        assert (s["SEND"], s["MORE"], s["MONEY"]) == (9567, 1085, 10652)
