"""bench/eternity2_schedules.py (issue 32) stays runnable: a seed's two schedules run, are
logged once (a second call runs nothing), and the page tallies each run's deep boards from its
depth profile. No count or time is asserted: the runs last half a second."""

from __future__ import annotations

import json

import pytest


@pytest.fixture
def schedules(bench_module):
    return bench_module("eternity2_schedules")


def test_paired_runs_are_logged_and_reported(schedules, tmp_path):
    out = tmp_path / "sched.jsonl"
    argv = ["--seconds", "0.5", "--seeds", "1", "--out", str(out)]
    assert schedules.main(argv) == 0
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert sorted(r["task"]["schedule"] for r in rows) == ["jb466", "jb467"]
    for r in rows:
        profile = r["result"]["profile"]
        assert len(profile) == 64 and r["result"]["first_depth"] == 193
        if r["task"]["schedule"] == "jb467":
            assert all(more == 0 for _, more in profile)  # 13 breaks at most
    assert schedules.main(argv) == 0 and len(out.read_text().splitlines()) == 2  # nothing reruns
    page = (tmp_path / "sched.md").read_text()
    assert "| jb466 (900 s) | 1 |" in page and "| jb467 (300 s) | 1 |" in page
    assert "of 1 paired seeds" in page


def test_a_schedule_given_as_depths_is_run_and_bounds_the_breaks(schedules):
    late = "201,206,211,216,221,225,229,233,237,239,241,243,250"  # JB468's 12, a 13th from depth 250
    row = schedules.run_arm({"schedule": late, "restart": schedules.CUSTOM_RESTART, "seed": 1, "nodes": 20_000_000})
    assert all(more == 0 for _, more in row["profile"])  # 13 breaks at most, as for JB467
    assert row["depth_breaks"] <= 12 or row["depth"] >= 250  # the 13th only from depth 250


def test_a_mistyped_schedule_stops_before_any_run(schedules, tmp_path):
    out = tmp_path / "sched.jsonl"
    with pytest.raises(SystemExit):
        schedules.main(["--seconds", "0.5", "--seeds", "1", "--schedules", "jb467", "201,x", "--out", str(out)])
    assert not out.exists()
