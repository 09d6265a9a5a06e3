"""bench/eternity2_breaks_rate.py (issue 32) stays runnable: our side of the rate comparison
runs and is measured, its docstring examples hold, and a mistyped schedule or peer build stops
the script before any run. libblackwood itself is not built here (it needs its sources); no
rate is asserted."""

from __future__ import annotations

import doctest

import pytest


@pytest.fixture
def rate(bench_module):
    return bench_module("eternity2_breaks_rate")


def test_docstring_examples(rate):
    failures, tried = doctest.testmod(rate, optionflags=doctest.ELLIPSIS)
    assert tried >= 2 and failures == 0


def test_our_run_counts_placements_on_the_calling_thread(rate):
    run = rate.ours("jb466", 0.3, 2)
    assert run["placements"] > 0 and run["cpu"] > 0  # no rate asserted: the machine may be loaded
    assert sorted(run["boards"]) == list(range(193, 257))  # boards of n pieces, the clue counted


@pytest.mark.parametrize("argv, message", [
    (["--schedules", "jb999"], "unknown schedule 'jb999'"),
    (["--peer-builds", "fast"], "unknown peer build 'fast'"),
    (["--repeats", "0"], "--repeats"),
])
def test_bad_options_stop_before_any_run(rate, monkeypatch, capsys, tmp_path, argv, message):
    monkeypatch.setattr(rate, "ours", lambda *a: pytest.fail("a run started"))
    monkeypatch.setattr(rate, "peer", lambda *a: pytest.fail("a peer run started"))
    monkeypatch.setattr("sys.argv", ["eternity2_breaks_rate.py", "--blackwood", str(tmp_path), *argv])
    with pytest.raises(SystemExit):
        rate.main()
    assert message in capsys.readouterr().err
