"""Helpers shared by the jigsaw bench scripts: the truth of generated pieces re-indexed for
the pieces found in a scan, and the checks against it (the same rules as tests/jigsaw_checker.py)."""

from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests"))

from jigsaw_checker import assembly_correct, joins_correct, truth_for  # noqa: E402,F401
