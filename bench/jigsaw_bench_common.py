"""Helpers shared by the jigsaw bench scripts: the truth of generated pieces re-indexed for
the pieces found in a scan, and the checks against it (the same rules as tests/jigsaw_checker.py)."""

from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests"))

from jigsaw_checker import assembly_correct, joins_correct, truth_for  # noqa: E402,F401

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "results")


def write_md(name: str, lines) -> None:
    """Write bench/results/<name> from a list of lines."""
    os.makedirs(OUT, exist_ok=True)
    with open(os.path.join(OUT, name), "w") as fh:
        fh.write("\n".join(lines) + "\n")


def pyplot():
    """matplotlib.pyplot with a file backend, or None when matplotlib is not installed."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return None
    return plt
