"""Every public function and class of every family (and of ``cassetete.parallel``) shows an
example (``>>>``) in its docstring, which the doctests run; constants and type aliases get theirs
in the API reference (``docs/conf.py`` writes the value, or the alias's ``#:`` comment gives one)."""

from __future__ import annotations

import importlib
import inspect
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "python" / "cassetete"
MODULES = sorted(p.name for p in PACKAGE.iterdir() if (p / "_solve.py").exists()) + ["parallel"]
NAMES = [(module, name) for module in MODULES for name in importlib.import_module(f"cassetete.{module}").__all__]


def test_the_families_are_found():
    assert len(MODULES) >= 9 and len(NAMES) > 150


@pytest.mark.parametrize("module,name", NAMES, ids=[f"{m}.{n}" for m, n in NAMES])
def test_public_callable_has_an_example(module, name):
    obj = getattr(importlib.import_module(f"cassetete.{module}"), name)
    if not (inspect.isfunction(obj) or inspect.isclass(obj) or inspect.isbuiltin(obj)):
        pytest.skip("a constant or a type alias: the API reference shows its example")
    assert ">>>" in (inspect.getdoc(obj) or ""), f"cassetete.{module}.{name} has no example in its docstring"
