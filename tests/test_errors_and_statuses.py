"""One base class for the library's exceptions and one ``Status`` for results (the contract in
docs/ARCHITECTURE.md), checked from the outside."""

from __future__ import annotations

import pickle

import pytest

import cassetete
from cassetete import CasseteteError, CheckFailed, LimitReached, PuzzleError, Result, Status


@pytest.mark.parametrize("error, builtin", [(PuzzleError, ValueError), (LimitReached, TimeoutError),
                                            (CheckFailed, RuntimeError)])
def test_every_error_has_the_one_base_and_keeps_its_builtin_parent(error, builtin):
    assert issubclass(error, CasseteteError)
    assert issubclass(error, builtin)


def test_one_except_clause_catches_bad_input_and_a_stopped_count():
    caught = []
    for call in (lambda: cassetete.sudoku.parse("12"),
                 lambda: cassetete.sudoku.count_solutions("." * 81, node_limit=5)):
        try:
            call()
        except CasseteteError as error:
            caught.append(type(error))
    assert caught == [PuzzleError, LimitReached]


def test_a_stopped_count_still_pickles_with_its_lower_bound():
    stopped = pickle.loads(pickle.dumps(LimitReached(12, {"stop": "node_limit"})))
    assert isinstance(stopped, CasseteteError) and stopped.count == 12 and stopped.stats["stop"] == "node_limit"


def test_statuses_are_strings_and_results_keep_plain_strings():
    assert [status.value for status in Status] == ["solved", "feasible", "unsatisfiable", "limit"]
    assert Status.SOLVED == "solved" and "limit" == Status.LIMIT
    result = Result(Status.FEASIBLE, solution=[1])
    assert type(result.status) is str and result.status == "feasible"
    assert repr(result.status) == "'feasible'"
    assert not result.solved  # "solved" means checked and complete; feasible is not proved intended


def test_an_unknown_status_is_refused():
    with pytest.raises(ValueError, match="unknown status"):
        Result("done")


def test_the_cli_exit_code_table_has_the_internal_error_code():
    from cassetete.cli import build_parser
    from cassetete.cli._common import EXIT_CODES, exit_code

    assert EXIT_CODES[70] == "internal error"
    assert "70 internal error" in build_parser().epilog
    assert exit_code(["feasible"]) == 0 and exit_code(["feasible", "limit"]) == 3
