"""The training workload of the profile-guided build (bench/cpp/pgo_breaks_eternity2.txt, read
by bench/cpp/pgo_train_breaks.cpp when CMake's CASSETETE_PGO is on) is still what the package
hands the breaks search for Eternity II under JB467: the build cannot import the package it
builds, so the file is kept in the tree and checked here. The file is read back from the rules
of its format, not by the script that writes it."""

from __future__ import annotations

import numpy as np

from cassetete import edgematch
from cassetete.edgematch._breaks import SCHEDULES, engine_arrays


def _sections(text: str):
    """{name: rows of ints} from the file's 'name count' headers, comments skipped."""
    words = [line.split() for line in text.splitlines() if line and not line.startswith("#")]
    found, i = {}, 0
    while i < len(words):
        name, count = words[i][0], int(words[i][1])
        if name in ("rows", "cols"):
            found[name] = count
            i += 1
            continue
        found[name] = [list(map(int, row)) for row in words[i + 1:i + 1 + count]]
        i += 1 + count
    return found


def test_the_kept_workload_is_what_the_script_writes(bench_module):
    workload = bench_module("pgo_workload")
    assert workload.WORKLOAD.read_text() == workload.workload_text(), "run python bench/pgo_workload.py"
    assert workload.main(["--check"]) == 0


def test_the_workload_is_the_moonshots_search(bench_module):
    workload = bench_module("pgo_workload")
    found = _sections(workload.WORKLOAD.read_text())
    puzzle = edgematch.eternity2("centre")
    assert (found["rows"], found["cols"]) == (16, 16)
    assert len(found["pieces"]) == 256 and len(found["fixed"]) == 1
    # The clue: cell 8 * 16 + 7, piece 138, no turn (the official centre piece, 139 counted from 1).
    assert found["fixed"] == [[8 * 16 + 7, 138, 0]]
    assert sorted(row[0] for row in found["order"]) == list(range(256))
    allowed = [row[0] for row in found["allowed"]]
    assert len(allowed) == 255 and allowed == sorted(allowed)
    assert allowed[-1] == len(SCHEDULES["jb467"]) == 13
    arrays, _ = engine_arrays(puzzle, "jb467")
    for name in ("pieces", "compl", "fixed", "order", "allowed", "quota", "pattern"):
        assert np.array_equal(np.asarray(found[name]).reshape(np.asarray(arrays[name]).shape), arrays[name]), name
