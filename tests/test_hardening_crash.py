"""Crashes: an Eternity II local search killed with SIGKILL keeps its best board in the
checkpoint (written by atomic replace, so never half-written) and resumes from it; a
corrupted or foreign checkpoint gives a clear PuzzleError."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import numpy as np
import pytest

from cassetete import PuzzleError, edgematch

SEARCH = textwrap.dedent("""
    import sys
    from cassetete import edgematch
    puzzle = edgematch.eternity2()
    print("started", flush=True)
    edgematch.solve_local(puzzle, time_limit=120, seed=int(sys.argv[2]), init="random", checkpoint=sys.argv[1])
""")


def _score_in_file(path: Path) -> int:
    board = edgematch.read_board(str(path), edgematch.eternity2())  # raises on a half-written file
    return edgematch.score(edgematch.eternity2(), board)[0]


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_sigkill_keeps_the_best_board_and_the_search_resumes(tmp_path):
    checkpoint = tmp_path / "best.txt"
    scores = []
    for round_number in range(3):
        process = subprocess.Popen([sys.executable, "-c", SEARCH, str(checkpoint), str(round_number)],
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            assert process.stdout.readline().strip() == "started", process.stderr.read()
            # Let it improve for a while, then kill it at an arbitrary moment of its writing.
            deadline = time.monotonic() + 60
            while not checkpoint.exists() and time.monotonic() < deadline:
                time.sleep(0.05)
            time.sleep(0.6 + 0.37 * round_number)
        finally:
            process.send_signal(signal.SIGKILL)
            process.wait(timeout=30)
        assert process.returncode == -signal.SIGKILL
        scores.append(_score_in_file(checkpoint))
    # Each restart resumed from the previous best: the best never goes down.
    assert scores == sorted(scores), scores
    assert scores[-1] > 0
    resumed = edgematch.solve_local(edgematch.eternity2(), iterations=20, seed=9, checkpoint=str(checkpoint))
    assert resumed.stats["score"] >= scores[-1]
    assert edgematch.score(edgematch.eternity2(), resumed.solution)[0] == resumed.stats["score"]


def test_checkpoint_replace_is_atomic(tmp_path, monkeypatch):
    # A write that dies before os.replace leaves the previous board whole.
    puzzle, planted = edgematch.generate(4, 4, colors=3, seed=1)
    path = tmp_path / "b.txt"
    edgematch.write_board(str(path), puzzle, planted)
    before = path.read_text()

    def dies(*_args):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", dies)
    with pytest.raises((OSError, PuzzleError)):
        edgematch.write_board(str(path), puzzle, planted[::-1])
    assert path.read_text() == before
    assert np.array_equal(edgematch.read_board(str(path), puzzle), planted)


def _corruptions(text: str):
    lines = text.splitlines()
    yield "truncated", text[: len(text) // 2]
    yield "empty", ""
    yield "binary", bytes(range(256))
    yield "letters", text.replace("1", "x", 1)
    yield "a piece twice", "\n".join([lines[0], lines[1].replace(lines[1].split()[0], lines[1].split()[1], 1)]
                                      + lines[2:])
    yield "piece out of range", "\n".join([lines[0]] + [" ".join("999999,0" for _ in line.split()) for line in lines[1:]])
    yield "rotation 7", "\n".join([lines[0]] + [line.replace(",0", ",7") for line in lines[1:]])
    yield "huge number", "\n".join([lines[0], "9" * 30 + ",0"] + lines[2:])
    yield "triples", "\n".join([lines[0]] + [line.replace(",", ",0,") for line in lines[1:]])


def test_a_corrupted_or_foreign_checkpoint_is_a_puzzle_error(tmp_path):
    puzzle, planted = edgematch.generate(4, 4, colors=3, seed=1)
    path = tmp_path / "b.txt"
    edgematch.write_board(str(path), puzzle, planted)
    good = path.read_text()
    for name, content in _corruptions(good):
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content)
        for call in (lambda: edgematch.solve_local(puzzle, iterations=10, seed=1, checkpoint=str(path)),
                     lambda: edgematch.read_board(str(path), puzzle)):
            with pytest.raises(PuzzleError):
                call()
                pytest.fail(f"a {name} checkpoint was accepted")
    # Foreign: a full board of another puzzle of the same size, its header score does not match.
    other, other_board = edgematch.generate(4, 4, colors=3, seed=2)
    edgematch.write_board(str(path), other, other_board)
    with pytest.raises(PuzzleError, match="another puzzle"):
        edgematch.read_board(str(path), puzzle)
