"""Absurd sizes (a 10^6 x 10^6 grid, 10^9 items or pieces) are refused with PuzzleError
before any allocation. The cases run in a subprocess whose address space is capped at 2 GiB,
so a missing check shows as a MemoryError (or a bad_alloc) instead of swapping the machine.
Peak memory against input size is measured by bench/reliability_memory.py."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

resource = pytest.importorskip("resource")

CASES = textwrap.dedent("""
    import os, resource
    # Under AddressSanitizer (.ci/sanitize) the shadow memory already spans terabytes of address
    # space: no cap there, ASan reports an oversized allocation itself.
    if not os.environ.get("CASSETETE_SANITIZED"):
        resource.setrlimit(resource.RLIMIT_AS, (2 * 2**30, 2 * 2**30))
    import numpy as np
    from cassetete import PuzzleError, edgematch, exactcover, hashi, polyomino, shikaku, sudoku
    from cassetete.exactcover import ExactCover
    M = 10**6
    CASES = {
        "sudoku.generate((1000, 1000))": lambda: sudoku.generate(box=(1000, 1000)),
        "ExactCover(10**9)": lambda: ExactCover(10**9).solve(),
        "ExactCover.from_options item 10**9": lambda: ExactCover.from_options([[0, 10**9]]).solve(),
        "polyomino 10^6 x 10^6": lambda: polyomino.solve("1000000x1000000"),
        "polyomino (10^6, 10^6, 10^6)": lambda: polyomino.count_solutions((M, M, M)),
        "edgematch.generate(10^6, 10^6)": lambda: edgematch.generate(M, M),
        "edgematch header 10^6 x 10^6": lambda: edgematch.load("edgematch 1000000 1000000\\n0 0 0 0\\n"),
        "edgematch EdgePuzzle 10^9 cells": lambda: edgematch.EdgePuzzle(10**9, 1, np.zeros((1, 4), int)),
        "shikaku game ID 10^6 x 10^6": lambda: shikaku.parse("1000000x1000000:a"),
        "shikaku puzz.link 10^6 x 10^6": lambda: shikaku.parse("https://puzz.link/p?shikaku/1000000/1000000/g"),
        "shikaku.generate(10^6, 10^6)": lambda: shikaku.generate(M, M, 3),
        "hashi game ID 10^6 x 10^6": lambda: hashi.parse("1000000x1000000m2:a"),
        "hashi puzz.link 10^6 x 10^6": lambda: hashi.parse("https://puzz.link/p?hashikake/1000000/1000000/g"),
        "hashi.generate(10**9)": lambda: hashi.generate(10**9),
        "hashi.generate(size=10^6)": lambda: hashi.generate(5, size=M),
    }
    for name, call in CASES.items():
        try:
            call()
            print(name, "| accepted")
        except PuzzleError:
            print(name, "| PuzzleError")
        except BaseException as error:
            print(name, "|", type(error).__name__, str(error)[:100])
""")


def test_absurd_sizes_are_refused_before_allocation():
    out = subprocess.run([sys.executable, "-c", CASES], capture_output=True, text=True, timeout=300)
    lines = [line.split(" | ") for line in out.stdout.splitlines()]
    assert len(lines) == 15, out.stdout + out.stderr
    wrong = [f"{name}: {outcome}" for name, outcome in lines if outcome != "PuzzleError"]
    assert not wrong, wrong


_HEADER = """
import os, resource
if not os.environ.get("CASSETETE_SANITIZED"):
    resource.setrlimit(resource.RLIMIT_AS, (2 * 2**30, 2 * 2**30))
from cassetete import PuzzleError
M = 10**6
"""
_FOOTER = """
for name, call in CASES.items():
    try:
        call()
        print(name, "| accepted")
    except PuzzleError:
        print(name, "| PuzzleError")
    except BaseException as error:
        print(name, "|", type(error).__name__, str(error)[:100])
"""


def _refusals(cases: str) -> list:
    """Run `cases` (a dict CASES of name -> call) in a subprocess capped at 2 GiB; (name, outcome)."""
    script = _HEADER + textwrap.dedent(cases) + _FOOTER
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300)
    lines = [line.split(" | ") for line in out.stdout.splitlines()]
    assert lines, out.stdout + out.stderr
    return lines


def test_narrowing_absurd_boxes_are_refused():
    lines = _refusals("""
        from cassetete import narrowing
        CASES = {
            "narrowing.packing_model((10^6, 10^6))": lambda: narrowing.packing_model((M, M)),
            "narrowing.packing_model((10^6, 10^6, 10^6))": lambda: narrowing.packing_model((M, M, M)),
            "narrowing.packing_model((10^9, 60))": lambda: narrowing.packing_model((1000 * M, 60)),
        }
    """)
    assert len(lines) == 3
    wrong = [f"{name}: {outcome}" for name, outcome in lines if outcome != "PuzzleError"]
    assert not wrong, wrong


def test_jigsaw_absurd_sizes_are_refused():
    lines = _refusals("""
        from cassetete import jigsaw
        CASES = {
            "jigsaw.generate(10^6, 10^6)": lambda: jigsaw.generate(M, M),
            "jigsaw.generate(2, 10^9)": lambda: jigsaw.generate(2, 10**9),
            "jigsaw.generate(piece_size=10^12)": lambda: jigsaw.generate(2, 2, piece_size=1e12),
            "jigsaw.generate(points_per_edge=10^9)": lambda: jigsaw.generate(2, 2, points_per_edge=10**9),
        }
    """)
    assert len(lines) == 4
    wrong = [f"{name}: {outcome}" for name, outcome in lines if outcome != "PuzzleError"]
    assert not wrong, wrong
