"""The declaration machinery of cassetete._contract, on verbs declared here (the library's own
verbs are walked by the contract test): validation from the declaration, methods that cannot
honour an option, the documentation and the command-line flags made from it."""

from __future__ import annotations

import argparse

import pytest

from cassetete import PuzzleError
from cassetete._contract import OPTIONS, Option, add_flags, verb


@pytest.fixture()
def declared():
    registry: dict = {}
    colour = Option("colour", "the colour of the answer", "'red' or 'blue'", "red",
                    lambda value: value if value in ("red", "blue") else (_ for _ in ()).throw(
                        PuzzleError(f"colour must be 'red' or 'blue', got {value!r}")), str, "NAME")

    @verb("toy", "solve", options=("time_limit", "node_limit", "seed", "workers", "progress", colour),
          methods={"exact": "a proof", "annealing": "a good guess"}, honours={"exact": {"time_limit", "node_limit",
                                                                                      "workers", "progress", "colour"}},
          registry=registry)
    def solve(puzzle, *, time_limit=None, node_limit=None, seed=None, workers=1, progress=False, colour="red",
              method="exact"):
        """Solve a toy."""
        return dict(time_limit=time_limit, node_limit=node_limit, seed=seed, workers=workers, progress=progress,
                    colour=colour, method=method)

    return solve, registry


@pytest.mark.parametrize("name, bad", [("time_limit", "x"), ("time_limit", -1), ("node_limit", 1.5),
                                       ("node_limit", True), ("seed", -3), ("workers", 0), ("progress", "yes"),
                                       ("colour", "green")])
def test_a_bad_value_names_the_option(declared, name, bad):
    solve, _ = declared
    with pytest.raises(PuzzleError, match=name):
        solve("p", **{name: bad})


def test_values_are_normalised_and_a_fresh_seed_is_drawn(declared):
    solve, _ = declared
    got = solve("p", time_limit=2, method="annealing")
    assert got["time_limit"] == 2.0 and isinstance(got["time_limit"], float)
    assert isinstance(got["seed"], int) and got["seed"] >= 0  # None became a seed the caller can report
    assert solve("p", seed=5, method="annealing")["seed"] == 5


def test_an_unknown_method_lists_the_known_ones(declared):
    solve, _ = declared
    with pytest.raises(PuzzleError, match="known: exact, annealing"):
        solve("p", method="magic")


def test_an_option_the_method_cannot_honour_is_refused_not_ignored(declared):
    solve, _ = declared
    with pytest.raises(PuzzleError, match="method 'exact' of toy.solve does not use seed"):
        solve("p", seed=3)
    assert solve("p", seed=None)["method"] == "exact"  # the default value is not a request


def test_the_docstring_and_the_flags_come_from_the_declaration(declared):
    solve, registry = declared
    assert "colour: the colour of the answer" in solve.__doc__
    assert "annealing: a good guess" in solve.__doc__ and "exact: a proof; does not use seed" in solve.__doc__
    parser = argparse.ArgumentParser()
    add_flags(parser, "toy", "solve", registry=registry)
    args = vars(parser.parse_args(["--time-limit", "1.5", "--colour", "blue", "--method", "annealing"]))
    assert args == {"time_limit": 1.5, "node_limit": None, "seed": None, "workers": OPTIONS["workers"].default,
                    "progress": False, "colour": "blue", "method": "annealing"}


def test_a_declared_option_missing_from_the_signature_is_a_programming_error():
    with pytest.raises(TypeError, match="lacks"):
        @verb("toy", "count", options=("limit",), registry={})
        def count(puzzle):
            return 0
