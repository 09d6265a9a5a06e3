"""bench/eternity2_score_race.py (issue 32) stays runnable: one short run of ours on one process
and on two (the island model with its checkpoint), each board checked from the rules; the
report and the libblackwood board reader on boards made here. The runs are bounded by seconds
(the script's axis), so the checks are on what any run must give, never on a score."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from cassetete import edgematch

sys.path.insert(0, str(Path(__file__).resolve().parent))
from edgematch_checker import complete_board_ok, matched_joins  # noqa: E402


@pytest.fixture
def race(bench_module):
    return bench_module("eternity2_score_race")


@pytest.mark.parametrize("workers", [1, 2])
def test_a_short_run_of_ours_gives_a_checked_row(race, tmp_path, workers):
    out = tmp_path / "race.jsonl"
    row = race.run_ours("breaks", seed=3, seconds=1.0, workers=workers, out=out)
    puzzle = edgematch.eternity2("centre")
    board = row["board"]
    assert complete_board_ok(puzzle, board)
    assert matched_joins(puzzle, board) == row["score"] <= 480
    assert row["workers"] == workers and row["seconds"] == 1.0 and row["seed"] == 3
    scores = [s for _, s in row["trajectory"]]
    assert scores and scores == sorted(scores) and scores[-1] == row["score"]
    if workers > 1:  # the island model keeps the best board beside the results (resumable)
        saved = edgematch.read_board(str(tmp_path / "race.breaks.w2.seed3.board"), puzzle)
        assert matched_joins(puzzle, saved) == row["score"]
    out.write_text(json.dumps(row) + "\n")
    table = race.report(out, 1.0, "python bench/eternity2_score_race.py ...")
    assert f"| breaks | {workers} | 3 |" in table and f"| {row['score']} |" in table


def test_the_peer_board_reader_counts_placed_pieces_and_breaks(race):
    """A board URL in libblackwood's format, made here: two pieces side by side whose shared
    edge differs (one break), one below the first that matches it."""
    pieces = ["000"] * 256
    edges = ["aaaa"] * 256
    pieces[0], pieces[1], pieces[16] = "001", "002", "003"
    edges[0], edges[1], edges[16] = "abcd", "efgh", "cxyz"  # E of 0 (b) != W of 1 (h); S of 0 (c) = N of 16 (c)
    url = f"https://e2.bucas.name/#puzzle=E2&board_pieces={''.join(pieces)}&board_edges={''.join(edges)}"
    assert race.board_url_score(url) == (3, 479)
