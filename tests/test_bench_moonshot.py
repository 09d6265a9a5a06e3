"""bench/eternity2_moonshot.py (issue 32) stays runnable and resumable: two one-second epochs
logged, a second call that finds them and runs nothing, the page written; the script's own
scorer agreeing with the tests' rules checker on a board of a placement-bounded epoch (the same
board on any machine) and refusing broken boards. No score or time is asserted."""

from __future__ import annotations

import copy
import json
import sys
from pathlib import Path

import pytest

from cassetete import edgematch

sys.path.insert(0, str(Path(__file__).resolve().parent))
from edgematch_checker import complete_board_ok, matched_joins  # noqa: E402


@pytest.fixture
def moonshot(bench_module):
    return bench_module("eternity2_moonshot")


def test_epochs_are_logged_resumed_and_reported(moonshot, tmp_path):
    out = tmp_path / "moon.jsonl"
    argv = ["--hours", str(2 / 3600), "--cores", "1", "--epoch-seconds", "1", "--out", str(out)]
    assert moonshot.main(argv) == 0
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert [e["task"]["seed"] for e in lines] == [moonshot.BASE_SEED, moonshot.BASE_SEED + 1]
    for e in lines:
        assert e["result"]["score"] <= e["result"]["partial_score"] <= 480
    assert moonshot.main(argv) == 0  # resumed: both epochs are in the log, none runs again
    assert len(out.read_text().splitlines()) == 2
    page = (tmp_path / "moon.md").read_text()
    best = max(e["result"]["score"] for e in lines)
    assert f"Best complete board: **{best}/480**" in page and "of 192" in page


def test_the_scripts_scorer_agrees_with_the_rules_checker(moonshot):
    # a placement budget, not seconds: the same board on any machine
    row = moonshot.run_epoch({"epoch": 0, "seed": 5, "nodes": 20_000_000}, keep_from=0)
    puzzle = edgematch.eternity2("centre")
    board = row["board"]
    assert complete_board_ok(puzzle, board)
    assert moonshot.independent_score(board) == matched_joins(puzzle, board) == row["score"]
    swapped = copy.deepcopy(board)
    swapped[5][5], swapped[5][6] = swapped[5][6], swapped[5][5]  # two inner pieces exchanged
    assert moonshot.independent_score(swapped) == matched_joins(puzzle, swapped)
    twice = copy.deepcopy(board)
    twice[3][3] = twice[3][4]  # one piece twice, another missing
    assert moonshot.independent_score(twice) == -1
    moved = copy.deepcopy(board)
    moved[8][7], moved[8][8] = moved[8][8], moved[8][7]  # the starter piece off its cell
    assert moonshot.independent_score(moved) == -1


def test_epoch_counts_follow_hours_and_cores(moonshot):
    assert len(moonshot.epoch_tasks(24, 2)) == 192
    assert len(moonshot.epoch_tasks(1, 1, 60.0)) == 60
