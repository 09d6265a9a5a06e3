"""The text form of narrowing models (a FlatZinc subset, issue 27): read, written, read back,
with the counts checked by brute force in the test, and bad text refused by line."""

from __future__ import annotations

import io
import itertools

import pytest

from cassetete import PuzzleError, narrowing

HAND_WRITTEN = """\
% x = 2*y, s = a + b + c, a, b, c pairwise distinct
var 0..6: x;
var 0..3: y;
var 1..3: a; var 1..3: b;
var 1..4: c;
var 0..20: s;
constraint int_lin_eq([1, -2], [x, y], 0);
constraint int_lin_eq([1, -1, -1, -1], [s, a, b, c], 0);
constraint fzn_all_different_int([a, b, c]) :: cassetete_leconte;
solve :: int_search([a, b], smallest, indomain_split, complete) satisfy;
"""


def _brute_force() -> int:
    count = 0
    for x, y, a, b, c, s in itertools.product(range(7), range(4), range(1, 4), range(1, 4), range(1, 5), range(21)):
        count += x == 2 * y and s == a + b + c and len({a, b, c}) == 3
    return count


def test_a_hand_written_model_counts_as_brute_force_does():
    model = narrowing.parse(HAND_WRITTEN)
    assert [v.name for v in model.variables] == ["x", "y", "a", "b", "c", "s"]
    assert narrowing.count_solutions(model) == _brute_force() == 4 * 12


@pytest.mark.parametrize("build", [
    lambda: narrowing.parse(HAND_WRITTEN),
    lambda: narrowing.packing_model((3, 20)),
    lambda: narrowing.packing_model((2, 3, 5), pieces=list("FLPTUY"), up_to_symmetry=False),
    # the paper's largest box, slow to count twice (the 3x20 and 2x3x5 models run the same code)
    pytest.param(lambda: narrowing.packing_model((2, 3, 10), narrowing="placement"), marks=pytest.mark.slow),
])
def test_written_and_read_back_the_same_model(build, tmp_path):
    model = build()
    text = narrowing.format(model)
    again = narrowing.parse(text)
    assert narrowing.format(again) == text
    assert again.count_solutions() == model.count_solutions()
    assert again.last_stats.get("cuts") == model.last_stats.get("cuts")  # the same search, cut for cut
    narrowing.dump(model, tmp_path / "m.fzn")
    assert narrowing.format(narrowing.load(tmp_path / "m.fzn")) == text
    assert narrowing.format(narrowing.load(io.StringIO(text))) == text


def test_names_that_are_not_identifiers_survive():
    model = narrowing.packing_model((3, 20))
    again = narrowing.parse(narrowing.format(model))
    assert [v.name for v in again.variables] == [v.name for v in model.variables]
    assert "F.0.x" in {v.name for v in again.variables}


@pytest.mark.parametrize("text, message", [
    ("var 0..1: a;\nsolve satisfy", "line 2: .*without its ';'"),
    ("var 0..1: a;\nconstraint int_times(a, a, a);\nsolve satisfy;", "line 2: constraint int_times is outside"),
    ("var 0..1: a;\nconstraint int_lin_eq([2, 1], [a, a], 3);\nsolve satisfy;", "line 2: int_lin_eq.*outside"),
    ("var 0..1: a;\nconstraint fzn_all_different_int([a, b]);\nsolve satisfy;", "line 2: unknown variable 'b'"),
    ("var 0..1: a;", "no 'solve satisfy;'"),
    ("solve satisfy;\nvar 0..1: a;", "line 2: a statement after 'solve'"),
    ("var 0..1: a;\nvar 0..1: a;\nsolve satisfy;", "line 2: variable 'a' declared twice"),
    ("array [1..2] of var int: xs = [a, b];\nsolve satisfy;", "line 1: 'array' is outside"),
    ("var 0..x: a;\nsolve satisfy;", "line 1: expected 'var LO..HI: NAME;'"),
    ("var 0..1: a;\nconstraint fzn_all_different_int([a, a);\nsolve satisfy;", "line 2: .*'\\['"),
    ("var 3..1: a;\nsolve satisfy;", "3"),
])
def test_bad_text_is_a_puzzle_error_naming_the_line(text, message):
    with pytest.raises(PuzzleError, match=message):
        narrowing.parse(text)


def test_format_refuses_what_is_not_a_model():
    with pytest.raises(PuzzleError, match="expected a narrowing Model"):
        narrowing.format("var 0..1: a;")
    with pytest.raises(PuzzleError, match="unknown format"):
        narrowing.format(narrowing.Model(), format="xcsp3")
