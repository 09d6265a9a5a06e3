"""bench/narrowing_table.py's split counts (issue 31: the 3x4x5 rows counted across processes):
shards share one JSON-lines log, a finished subproblem is never counted again, and the complete
split count equals a whole count of the same model, here on the small 3x20 row."""

from __future__ import annotations

import json

import pytest

from cassetete.narrowing import packing_model


@pytest.fixture
def table(bench_module, tmp_path, monkeypatch):
    module = bench_module("narrowing_table")
    (tmp_path / "results").mkdir()
    monkeypatch.setattr(module, "HERE", str(tmp_path))
    monkeypatch.setattr(module, "RUNS", str(tmp_path / "results" / "runs.json"))
    monkeypatch.setattr(module, "REPORT", str(tmp_path / "results" / "report.md"))
    return module


def test_two_shards_make_the_whole_count_and_a_rerun_counts_nothing(table):
    whole = packing_model((3, 20), narrowing="paper")
    assert whole.count_solutions() == 2
    for shard in (0, 1):
        table.run_estimate("3x20", 10, 10_000, 1, "occupied-placed", shard, 2)
    split = table.complete_split_count("3x20", "occupied-placed")
    assert split is not None and split["solutions"] == 2
    assert split["cuts"] == whole.last_stats["cuts"] == 42_132
    log = table.estimate_log("estimate/3x20/10/1/occupied-placed")
    with open(log, encoding="utf-8") as handle:
        lines = [json.loads(line) for line in handle]
    record = table.load_runs()["estimate/3x20/10/1/occupied-placed"]
    assert "done" not in record  # the log alone holds the subproblems
    assert sorted(e["index"] for e in lines) == list(range(record["parts"]))
    table.run_estimate("3x20", 10, 10_000, 1, "occupied-placed", 0, 1)  # resumed: nothing left
    with open(log, encoding="utf-8") as handle:
        assert len(handle.readlines()) == len(lines)
    assert "3x20, narrowing='occupied-placed': complete count" in open(table.REPORT, encoding="utf-8").read()


def test_a_half_done_split_is_an_estimate_not_a_count(table):
    table.run_estimate("3x20", 10, 5, 1, "occupied-placed")  # 5 of its 17 subproblems
    assert table.complete_split_count("3x20", "occupied-placed") is None
