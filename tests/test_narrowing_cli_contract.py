"""The narrowing count on the command line keeps the contract: --limit, the cluster flags and
the JSON shape (status, solution, stats, count, complete) of every other count."""

from __future__ import annotations

import json

import pytest

from cassetete.cli import main

CONTRACT_KEYS = {"status", "solution", "stats", "count", "complete"}


def run(argv, capsys):
    code = main(argv)
    return code, capsys.readouterr()


@pytest.mark.parametrize("command", [["pentomino", "count", "3x20", "--method", "narrowing"],
                                     ["narrowing", "count", "3x20"]])
def test_limit_is_honoured(command, capsys):
    code, out = run(command + ["--limit", "1", "--json"], capsys)
    data = json.loads(out.out)
    assert code == 0 and data["count"] == 1 and data["complete"] and data["status"] == "solved"
    code, out = run(command + ["--limit", "1"], capsys)
    assert code == 0 and out.out.startswith("3x20: 1+ packings")


@pytest.mark.parametrize("command", [["pentomino", "count"], ["pentomino", "count", "--method", "narrowing"],
                                     ["narrowing", "count"]])
def test_json_has_the_contract_shape(command, capsys):
    code, out = run(command[:2] + ["3x20"] + command[2:] + ["--json"], capsys)
    data = json.loads(out.out)
    assert code == 0 and CONTRACT_KEYS <= set(data) and data["status"] == "solved" and data["complete"]
    assert data["solution"] is None and data["count"] == 2 and "seconds" in data["stats"]
    # A complete count of 0 is "unsatisfiable" (exit code 1), not "solved".
    code, out = run(command[:2] + ["2x30"] + command[2:] + ["--json"], capsys)
    data = json.loads(out.out)
    assert code == 1 and data["status"] == "unsatisfiable" and data["count"] == 0 and data["complete"]


def test_limit_stopped_count_is_status_limit(capsys):
    code, out = run(["narrowing", "count", "4x15", "--node-limit", "100", "--json"], capsys)
    data = json.loads(out.out)
    assert code == 3 and data["status"] == "limit" and not data["complete"] and CONTRACT_KEYS <= set(data)


def test_cluster_flag_spreads_the_narrowing_count(capsys):
    code, out = run(["pentomino", "count", "3x20", "--method", "narrowing", "--cluster", "2", "--json"], capsys)
    data = json.loads(out.out)
    assert code == 0 and data["count"] == 2 and data["complete"] and data["stats"]["tasks"] >= 1


def test_scheduler_and_cluster_exclusive(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["narrowing", "count", "3x20", "--cluster", "2", "--scheduler", "tcp://127.0.0.1:1"])
    assert stop.value.code == 2


def test_pentomino_solve_method(capsys):
    code, out = run(["pentomino", "solve", "3x20", "--method", "bitboard", "--json"], capsys)
    data = json.loads(out.out)
    assert code == 0 and data["status"] == "solved" and len(data["solution"]) == 3
    with pytest.raises(SystemExit):
        main(["pentomino", "solve", "3x20", "--method", "foo"])
