"""The narrowing family's module-level verbs (issue 27: only Model methods existed, and the
branching strategy was called ``strategy`` where every family says ``method``)."""

from __future__ import annotations

import pytest

from cassetete import LimitReached, PuzzleError, narrowing


def _all_different(n: int) -> narrowing.Model:
    model = narrowing.Model()
    model.add_all_different([model.int_var(0, n - 1, name=f"x{k}") for k in range(n)])
    return model


def test_module_verbs_agree_with_the_model_methods():
    model = _all_different(4)
    assert narrowing.count_solutions(model) == model.count_solutions() == 24
    assert len(list(narrowing.solutions(model, limit=5))) == 5
    result = narrowing.solve(model)
    assert result.status == "solved" and narrowing.verify(model, result.solution)


# smallest-min-bisect cuts 3x20 into a much larger tree (50 s, the slowest test of the suite; 4 min
# under the sanitizers): it counts a 3x5 packing of three pentominoes instead (4 ways, the count
# test_bisect_split_keeps_the_counts in test_narrowing_readings.py also checks for its cuts).
@pytest.mark.parametrize("method", narrowing.STRATEGIES)
def test_every_strategy_is_a_method_and_counts_the_same(method):
    if method == "smallest-min-bisect":
        small = narrowing.packing_model((3, 5), pieces=["P", "U", "V"], up_to_symmetry=False)
        assert narrowing.count_solutions(small, method=method) == 4
    else:
        assert narrowing.count_solutions(narrowing.packing_model((3, 20)), method=method) == 2
    assert narrowing.solve(_all_different(3), method=method).status == "solved"


def test_bad_methods_and_models_are_refused():
    with pytest.raises(PuzzleError, match="unknown method"):
        narrowing.solve(_all_different(3), method="magic")
    with pytest.raises(PuzzleError, match="not both"):
        narrowing.count_solutions(_all_different(3), method="first-fail", strategy="first-fail")
    with pytest.raises(PuzzleError, match="narrowing Model"):
        narrowing.count_solutions("3x20")


def test_a_stopped_count_raises_limit_reached():
    with pytest.raises(LimitReached):
        narrowing.count_solutions(narrowing.packing_model((4, 15)), node_limit=50)


def test_the_command_line_takes_method(capsys):
    from cassetete.cli import main

    assert main(["narrowing", "count", "3x20", "--method", "first-fail"]) == 0
    assert "3x20: 2 packings" in capsys.readouterr().out
