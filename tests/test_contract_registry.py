"""Every verb declared in cassetete._contract keeps its declaration (issue 27): each option's
bad values are a PuzzleError naming the option, an unknown method lists the known ones, the
docstring shows the declared options. Walks the registry, so a newly declared verb is checked
without a line here; a family whose verbs are declared must have a sample puzzle below."""

from __future__ import annotations

import importlib

import pytest

from cassetete import PuzzleError
from cassetete._contract import REGISTRY

# A small solvable puzzle of each family whose verbs are declared.
def _all_different():
    from cassetete import narrowing

    model = narrowing.Model()
    model.add_all_different([model.int_var(0, 2, name=f"x{k}") for k in range(3)])
    return model


SAMPLES = {"sudoku": "." * 16, "shikaku": "2 .\n. 2", "hashi": "3x3m2:2a2c2a2", "exactcover": [[0], [1], [0, 1]],
           "polyomino": "3x20", "narrowing": _all_different(), "edgematch": "edgematch 2 2 equal\n0 0 2 1\n2 2 0 0\n2 0 0 2\n0 0 1 2\n"}
BAD = {"time_limit": ["x", -1, float("nan")], "node_limit": [1.5, -1, True], "limit": [0, 2.5, "2"],
       "seed": [-1, 1.5, "s"], "workers": [0, 1.5, True], "progress": ["yes", 1, None]}

for family in SAMPLES:  # importing a family registers its declared verbs
    importlib.import_module(f"cassetete.{family}")
DECLARED = sorted(REGISTRY)


def test_the_declared_families_are_the_ones_with_samples():
    assert {family for family, _verb in REGISTRY} == set(SAMPLES)


@pytest.mark.parametrize("family, name", DECLARED, ids=[f"{f}.{v}" for f, v in DECLARED])
def test_a_declared_verb_refuses_every_bad_value_by_name(family, name):
    function = getattr(importlib.import_module(f"cassetete.{family}"), name)
    spec = REGISTRY[(family, name)]
    assert function.__contract__ is spec
    assert "Options (declared in cassetete._contract)" in function.__doc__
    for option in spec.options:
        assert f"    {option.name}:" in function.__doc__
        for bad in BAD[option.name]:
            with pytest.raises(PuzzleError, match=option.name):
                result = function(SAMPLES[family], **{option.name: bad})
                list(result) if name == "solutions" else None


@pytest.mark.parametrize("family, name", [key for key in DECLARED if REGISTRY[key].methods])
def test_an_unknown_method_lists_the_known_ones(family, name):
    function = getattr(importlib.import_module(f"cassetete.{family}"), name)
    with pytest.raises(PuzzleError, match="known: " + ", ".join(REGISTRY[(family, name)].methods)):
        function(SAMPLES[family], method="no-such-method")
