"""Every module's docstring examples run as tests, against the installed package."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import cassetete

# Modules whose import needs an optional extra that the test environment may lack.
OPTIONAL = {"cassetete.__main__"}


def _modules():
    names = ["cassetete"]
    for info in pkgutil.walk_packages(cassetete.__path__, prefix="cassetete."):
        if info.name not in OPTIONAL:
            names.append(info.name)
    return sorted(names)


@pytest.mark.parametrize("name", _modules())
def test_docstring_examples(name):
    try:
        module = importlib.import_module(name)
    except ImportError as error:  # an optional dependency (an extra) that is not installed
        pytest.skip(f"{name}: {error}")
    failures, _tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
                                       verbose=False, report=True)
    assert failures == 0, f"{failures} docstring example(s) of {name} failed (see the output above)"
