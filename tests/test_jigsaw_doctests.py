"""The examples in the docstrings of cassetete.jigsaw run and say what they show."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["_model", "_geometry", "_generate", "_corners", "_edges", "_encode", "_cluster", "_assemble", "_board",
           "_verify", "_solve", "_placement", "_render", "_raster", "_segment", "_scan"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    if name in ("_segment", "_scan"):
        pytest.importorskip("skimage")
    module = importlib.import_module(f"cassetete.jigsaw.{name}")
    failures, tried = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert failures == 0 and tried > 0
