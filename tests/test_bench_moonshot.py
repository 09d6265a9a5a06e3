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


def test_a_schedule_change_keeps_the_logged_epochs(moonshot, tmp_path):
    """The run's first epochs used JB466; a call with ``--schedule jb467 --restart 300`` runs
    only the epochs the log lacks, with the new options, and the page lists both settings."""
    out = tmp_path / "moon.jsonl"
    first = ["--hours", str(1 / 3600), "--cores", "1", "--epoch-seconds", "1", "--out", str(out)]
    assert moonshot.main(first) == 0
    later = ["--hours", str(2 / 3600), "--cores", "1", "--epoch-seconds", "1", "--out", str(out),
             "--schedule", "jb467", "--restart", "300"]
    assert moonshot.main(later) == 0
    tasks = [json.loads(line)["task"] for line in out.read_text().splitlines()]
    assert [t["epoch"] for t in tasks] == [0, 1]
    assert "schedule" not in tasks[0] and (tasks[1]["schedule"], tasks[1]["restart"]) == ("jb467", 300.0)
    page = (tmp_path / "moon.md").read_text()
    assert "| jb466, restart 900 s | 1 (0-0) |" in page and "| jb467, restart 300 s | 1 (1-1) |" in page
    assert "--schedule jb467 --restart 300" in page


def test_an_epoch_logs_its_deep_boards_by_breaks(moonshot):
    row = moonshot.run_epoch({"epoch": 0, "seed": 3, "nodes": 5_000_000, "schedule": "jb467"}, keep_from=0)
    deep = row["deep"]
    assert deep["from"] == moonshot.DEEP_FROM and len(deep["le13"]) == len(deep["14"]) == 257 - moonshot.DEEP_FROM
    assert not any(deep["14"])  # JB467 allows 13 breaks: no board holds 14
    deepest = max((i for i, n in enumerate(deep["le13"]) if n), default=-1)
    assert deepest == -1 or deep["from"] + deepest <= row["depth"]


def test_the_467_projection_follows_the_observed_pass_rates(moonshot):
    order = edgematch.scan_order(16, 16).tolist()
    # 400 boards of 251 pieces, 100 reach 252 (a side cell, 3 side pieces left: 1/12 per piece),
    # 10 reach 253 (the last inside piece: 1/10), 1 reaches 254 from 10 boards: too few tries
    # for the step to count as observed, so 254-256 are projected.
    counts = [400, 100, 10, 1, 0, 0]
    odds = moonshot.projected_467_rate(counts, 251, order)
    kinds = {d: kind for d, kind, _, _ in odds["steps"]}
    assert [kinds[d] for d in (252, 253, 254, 255, 256)] == ["side", "inside", "side", "side", "corner"]
    assert odds["last"] == 253  # 254 was tried by 10 boards only
    side = 100 / (400 * 3)  # step 252: a side cell with 3 side pieces left
    inside = 10 / (100 * 1)  # step 253: the last inside piece
    assert odds["high"] == pytest.approx((2 * side) * (1 * side) * 1.0)  # the corner, never seen, always passes
    assert odds["low"] == pytest.approx((2 * side) * side * side)  # the lowest per-piece rate everywhere
    assert side < inside and odds["low"] <= odds["high"]


def test_the_page_gives_the_odds_of_the_rest_of_the_run(moonshot, tmp_path):
    out = tmp_path / "moon.jsonl"
    deep = {"from": 246, "le13": [10**6, 10**5, 10**4, 2000, 400, 100, 30, 3, 0, 0, 0], "14": [0] * 11}
    lines = [{"task": {"epoch": k, "seed": moonshot.BASE_SEED + k, "seconds": 900.0, "schedule": "jb467",
                       "restart": 300.0},
              "result": {"score": 464, "depth": 253, "depth_breaks": 13, "partial_score": 467, "nodes": 1,
                         "cpu_seconds": 900.0, "deep": deep},
              "seconds": 900.0} for k in range(4)]
    out.write_text("".join(json.dumps(e) + "\n" for e in lines))
    page = moonshot.report(out, page=None, best_path=None)
    assert "Odds of a 467" in page and "467s expected" in page
    assert "| 253 | inside | 1 | 12.00 (12) | 10.00 % |" in page  # 3 boards x 4 epochs in 1 CPU hour
