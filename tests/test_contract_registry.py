"""The one contract test (issue 27): every family x every declared verb x every declared option.

It walks :data:`cassetete._contract.REGISTRY`, so a newly declared verb or option is checked
without a line here, and it finds the families on disk (every package of ``cassetete`` with a
``_solve`` room), so a family that declares nothing fails here instead of being skipped:

- every family has every verb of the contract (``CONTRACT_VERBS``), in its ``__all__``, unless
  ``cassetete._contract.NO_VERB`` says why the verb has no meaning there, and declares its
  ``solve``, ``solutions`` and ``count_solutions``;
- each option's bad values are a ``PuzzleError`` naming the option; an option the chosen method
  does not use is refused by name; an unknown method lists the known ones;
- the docstring shows every declared option;
- every ``cassetete <command> solve`` has ``--time-limit --node-limit --seed --workers --method
  --json --svg``, and each flag made from a declared option has the library's default.

The answers themselves are checked by the rule checkers of each family's own tests.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import re
from pathlib import Path

import pytest

import cassetete
from cassetete import PuzzleError
from cassetete._contract import CONTRACT_VERBS, NO_VERB, REGISTRY


def _families():
    """The family packages: every package of cassetete with a ``_solve`` room."""
    found = []
    for info in pkgutil.iter_modules(cassetete.__path__):
        if info.ispkg and importlib.util.find_spec(f"cassetete.{info.name}._solve") is not None:
            found.append(info.name)
    return sorted(found)


FAMILIES = _families()
for _family in FAMILIES:  # importing a family registers its declared verbs
    importlib.import_module(f"cassetete.{_family}")
DECLARED = sorted(REGISTRY)


def _all_different():
    from cassetete import narrowing

    model = narrowing.Model()
    model.add_all_different([model.int_var(0, 2, name=f"x{k}") for k in range(3)])
    return model


def _jigsaw():
    from cassetete import jigsaw

    return jigsaw.generate(2, 2, seed=1)[0]


# A small solvable puzzle of each family (a new family must add one: the first test fails without it).
SAMPLES = {"sudoku": lambda: "." * 16, "shikaku": lambda: "2 .\n. 2", "hashi": lambda: "3x3m2:2a2c2a2",
           "exactcover": lambda: [[0], [1], [0, 1]], "polyomino": lambda: "3x20", "narrowing": _all_different,
           "edgematch": lambda: "edgematch 2 2 equal\n0 0 2 1\n2 2 0 0\n2 0 0 2\n0 0 1 2\n", "jigsaw": _jigsaw}
# Bad values of every declared option (a newly declared option must add its own).
BAD = {"time_limit": ["x", -1, float("nan")], "node_limit": [1.5, -1, True], "limit": [0, 2.5, "2"],
       "seed": [-1, 1.5, "s"], "workers": [0, 1.5, True], "progress": ["yes", 1, None],
       "up_to_symmetry": ["yes", 1, None], "order": ["nope", 3], "ilp_solver": ["gurobi", 1]}
# A good value other than the default, to check that a method which does not use an option refuses it.
GOOD = {"time_limit": 5.0, "node_limit": 10**6, "limit": 3, "seed": 3, "workers": 2, "progress": True,
        "up_to_symmetry": False, "order": "spiral", "ilp_solver": "cbc"}
COMMANDS = {"sudoku": "sudoku", "polyomino": "pentomino", "edgematch": "edgematch", "shikaku": "shikaku",
            "hashi": "hashi", "jigsaw": "jigsaw", "narrowing": "narrowing"}  # the CLI command of a family


def _call(family, name, **options):
    function = getattr(importlib.import_module(f"cassetete.{family}"), name)
    result = function(SAMPLES[family](), **options)
    return list(result) if name == "solutions" else result


def test_every_family_has_a_sample_and_declares_its_verbs():
    assert set(FAMILIES) == set(SAMPLES), "a family without a sample puzzle here, or a sample without a family"
    assert len(FAMILIES) == 8
    for family in FAMILIES:
        module = importlib.import_module(f"cassetete.{family}")
        for name in CONTRACT_VERBS:
            if (family, name) in NO_VERB:
                assert not hasattr(module, name), f"{family}.{name} exists: drop it from NO_VERB"
                continue
            assert callable(getattr(module, name, None)), f"{family} has no {name} (nor a reason in NO_VERB)"
            assert name in module.__all__, f"{family}.{name} is not in {family}.__all__"
            if name in ("solve", "solutions", "count_solutions"):
                assert (family, name) in REGISTRY, f"{family}.{name} is not declared in cassetete._contract"
    assert {family for family, _verb in REGISTRY} == set(FAMILIES)


@pytest.mark.parametrize("family, name", DECLARED, ids=[f"{f}.{v}" for f, v in DECLARED])
def test_a_declared_verb_refuses_every_bad_value_by_name(family, name):
    function = getattr(importlib.import_module(f"cassetete.{family}"), name)
    spec = REGISTRY[(family, name)]
    assert function.__contract__ is spec
    assert "Options (declared in cassetete._contract)" in function.__doc__
    for option in spec.options:
        assert f"    {option.name}:" in function.__doc__
        assert option.name in BAD, f"add bad values of the new option {option.name!r} to BAD"
        methods = spec.users(option.name) or tuple(spec.methods) or (None,)
        extra = {} if methods[0] is None else {"method": methods[0]}
        for bad in BAD[option.name]:
            with pytest.raises(PuzzleError, match=option.name):
                _call(family, name, **{option.name: bad}, **extra)


@pytest.mark.parametrize("family, name", [key for key in DECLARED if REGISTRY[key].methods])
def test_an_option_a_method_does_not_use_is_refused_by_name(family, name):
    spec = REGISTRY[(family, name)]
    for option in spec.options:
        for method in spec.methods:
            if method in spec.users(option.name):
                continue
            with pytest.raises(PuzzleError, match=f"method '{method}' of {family}.{name} does not use {option.name}"):
                _call(family, name, method=method, **{option.name: GOOD[option.name]})


@pytest.mark.parametrize("family, name", [key for key in DECLARED if REGISTRY[key].methods])
def test_an_unknown_method_lists_the_known_ones(family, name):
    with pytest.raises(PuzzleError, match="known: " + ", ".join(REGISTRY[(family, name)].methods)):
        _call(family, name, method="no-such-method")


def _subcommand(parser: argparse.ArgumentParser, *path: str) -> argparse.ArgumentParser:
    for word in path:
        action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
        parser = action.choices[word]
    return parser


@pytest.mark.parametrize("family", sorted(COMMANDS))
def test_every_solve_command_has_the_shared_flags_with_the_library_defaults(family):
    from cassetete.cli import build_parser

    solve = _subcommand(build_parser(), COMMANDS[family], "solve")
    flags = {flag: action for action in solve._actions for flag in action.option_strings}
    for flag in ("--time-limit", "--node-limit", "--seed", "--workers", "--method", "--json", "--svg"):
        assert flag in flags, f"cassetete {COMMANDS[family]} solve lacks {flag}"
    spec = REGISTRY[(family, "solve")]
    for option in spec.options:
        flag = option.cli_negation or option.flag
        assert flags[flag].default == spec.defaults[option.name], (family, option.name)
    assert flags["--method"].default == spec.default_method
    assert list(flags["--method"].choices) == list(spec.methods)


def test_every_command_has_a_family():
    from cassetete.cli import FAMILY_COMMANDS

    assert set(FAMILY_COMMANDS) == set(COMMANDS.values())
    assert set(FAMILIES) - set(COMMANDS) == {"exactcover"}  # a library of its own, no command


def _names(cell: str, methods: list) -> set:
    """The method names a cell of docs/ARCHITECTURE.md's table lists ("both", "all", "none" too)."""
    text = re.sub(r"\([^)]*\)", "", cell).strip()
    if text.startswith("none"):
        return set()
    if text in ("both", "all"):
        return set(methods)
    return {name.strip() for name in text.split(",") if name.strip()}


def test_the_architecture_table_of_methods_is_the_declarations():
    text = (Path(__file__).resolve().parent.parent / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| ([a-z, ]+) \| (.+?) \| (.+?) \| (.+?) \|$", text, re.M)
    seen = set()
    for families, methods_cell, seed_cell, workers_cell in rows:
        for family in (f.strip() for f in families.split(",")):
            if family not in FAMILIES:
                continue
            spec = REGISTRY[(family, "solve")]
            methods = list(spec.methods)
            assert _names(methods_cell, methods) == set(methods), f"{family}: the table's methods"
            assert _names(seed_cell, methods) == {m for m in methods if m in spec.users("seed")}, f"{family}: seed"
            assert _names(workers_cell, methods) == {m for m in methods if m in spec.users("workers")}, \
                f"{family}: workers"
            seen.add(family)
    assert seen == set(FAMILIES), f"families missing from the table: {set(FAMILIES) - seen}"
