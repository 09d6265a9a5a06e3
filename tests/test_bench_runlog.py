"""bench/_runlog.py: the resumable log that the full-size reproductions run through (issue 31):
a task already logged is never rerun, a torn last line is ignored, several processes fill one
log, and reproduce.py's full figure 6 is read back from its log without searching again."""

from __future__ import annotations

import json
import sys

import pytest


@pytest.fixture
def runlog(bench_module):
    return bench_module("_runlog")


def test_a_logged_task_is_not_run_again(runlog, tmp_path):
    log = tmp_path / "runs.jsonl"
    calls = []

    def square(task):
        calls.append(task["n"])
        return task["n"] ** 2

    first = runlog.run_logged(log, [{"n": 2}, {"n": 3}], square, progress=False)
    assert [e["result"] for e in first] == [4, 9] and calls == [2, 3]
    again = runlog.run_logged(log, [{"n": 3}, {"n": 4}, {"n": 2}], square, progress=False)
    assert [e["result"] for e in again] == [9, 16, 4]
    assert calls == [2, 3, 4]  # only the new task ran
    assert len(log.read_text().splitlines()) == 3


def test_a_torn_last_line_is_ignored_and_rerun(runlog, tmp_path):
    log = tmp_path / "runs.jsonl"
    runlog.run_logged(log, [{"n": 1}], lambda t: t["n"], progress=False)
    with open(log, "a") as handle:
        handle.write('{"task": {"n": 2}, "res')  # a process killed while writing
    assert list(runlog.load_log(log)) == [runlog.task_key({"n": 1})]
    out = runlog.run_logged(log, [{"n": 1}, {"n": 2}], lambda t: 10 * t["n"], progress=False)
    assert [e["result"] for e in out] == [1, 20]


def test_progress_counts_the_tasks_of_this_call_not_the_whole_log(runlog, tmp_path, capsys):
    log = tmp_path / "runs.jsonl"
    runlog.run_logged(log, [{"n": 1}, {"n": 2}, {"n": 3}], lambda t: t["n"], progress=False)
    runlog.run_logged(log, [{"n": 3}, {"n": 4}], lambda t: t["n"])  # a batch beside three logged runs
    lines = capsys.readouterr().out.splitlines()
    assert "1 of 2 runs already" in lines[0]
    assert lines[1].lstrip().startswith("2/2 ")


def test_two_processes_fill_one_log_in_task_order(runlog, tmp_path):
    log = tmp_path / "runs.jsonl"
    tasks = [{"n": n, "tag": "x" * n} for n in range(6)]
    out = runlog.run_logged(log, tasks, json.dumps, workers=2, progress=False)
    assert [json.loads(e["result"]) for e in out] == tasks
    lines = [json.loads(line) for line in log.read_text().splitlines()]
    assert sorted(runlog.task_key(e["task"]) for e in lines) == sorted(runlog.task_key(t) for t in tasks)
    assert all({"seconds", "date", "commit", "build"} <= set(e) for e in lines)


def test_full_figure6_is_read_back_from_its_log(bench_module, tmp_path, monkeypatch):
    """Every task of the full figure 6 already logged: the part reports from the log and runs no
    search (a search here would take 160 minutes)."""
    reproduce = bench_module("reproduce")

    monkeypatch.setattr(reproduce, "RUNS", tmp_path)
    groups = [("cp", k) for k in range(0, 31, 5)] + [("random", 0)]
    scores = {("cp", 0): 452, ("cp", 30): 433, ("random", 0): 428}
    with open(tmp_path / "schaus_deville_fig6.jsonl", "w") as handle:
        for init, k in groups:
            for run in range(20):
                task = {"figure": 6, "init": init, "relax": k, "run": run, "time_limit": 60.0, "cp_nodes": 5_000_000}
                result = {"score": scores.get((init, k), 440) + run % 3, "init_score": 300}
                handle.write(json.dumps({"task": task, "result": result}) + "\n")
    monkeypatch.setattr(reproduce, "_fig6_run", lambda task: pytest.fail(f"ran {task}"))
    rec = reproduce.Recorder("schaus_deville", "fig6")
    reproduce.schaus_fig6(rec, quick=False)
    by_row = {r.row: r for r in rec.rows}
    assert by_row["cp 0"].ours == "452 / 453 / 454"
    assert by_row["cp 0 vs random"].status == "match" and by_row["cp 0 vs cp 30"].status == "match"
    sys.modules.pop("reproduce", None)
