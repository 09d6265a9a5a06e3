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
        "polyomino (10^6, 10^6, 10^6)": lambda: polyomino.count((M, M, M)),
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
