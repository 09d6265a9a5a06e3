"""Shikaku and Hashiwokakero options (issues 16 and 21): ``progress`` and the other yes/no
options are checked, ``workers=`` spreads a count on threads, and ``solve --count`` on the command
line takes ``--workers`` and the cluster flags (``--scheduler`` / ``--cluster``)."""

from __future__ import annotations

import contextlib
import json
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Iterator, List

import numpy as np
import pytest

from cassetete import PuzzleError, hashi, parallel, shikaku
from cassetete.cli import main
from shikaku_checker import brute_force_count

DOMINOES = np.zeros((4, 4), dtype=int)  # clue 2 on the black cells of a 4x4 board
DOMINOES[(np.add.outer(np.arange(4), np.arange(4)) % 2) == 0] = 2
HASHI = "3x3m2:2a2c2a2"


@pytest.mark.parametrize("bad", ["x", 1, None, "False"])
def test_progress_must_be_a_bool(bad):
    calls = [
        lambda: shikaku.solve(DOMINOES, progress=bad),
        lambda: shikaku.count_solutions(DOMINOES, progress=bad),
        lambda: shikaku.solutions(DOMINOES, progress=bad),
        lambda: shikaku.count_solutions_many([DOMINOES], progress=bad),
        lambda: shikaku.generate(4, 4, seed=1, progress=bad),
        lambda: hashi.solve(HASHI, progress=bad),
        lambda: hashi.count_solutions(HASHI, progress=bad),
        lambda: hashi.solutions(HASHI, progress=bad),
        lambda: hashi.generate(6, seed=1, progress=bad),
    ]
    for call in calls:
        with pytest.raises(PuzzleError, match="progress"):
            call()


def test_other_flags_and_seed_are_checked_for_every_method():
    with pytest.raises(PuzzleError, match="unique"):
        shikaku.generate(4, 4, seed=1, unique="yes")
    with pytest.raises(PuzzleError, match="unique"):
        hashi.generate(6, seed=1, unique="yes")
    for module, puzzle in ((shikaku, DOMINOES), (hashi, HASHI)):
        for seed in ("x", -1, 1.5):
            with pytest.raises(PuzzleError, match="seed"):
                module.solve(puzzle, seed=seed)  # the exact method ignores the seed but checks it


@pytest.mark.parametrize("bad", ["x", 0, 1.5, -2, True])
def test_bad_workers_are_puzzle_errors(bad):
    for module, puzzle in ((shikaku, DOMINOES), (hashi, HASHI)):
        with pytest.raises(PuzzleError, match="workers"):
            module.count_solutions(puzzle, workers=bad)


def test_workers_count_equals_the_serial_and_brute_force_counts():
    expected = brute_force_count(DOMINOES.tolist())
    assert expected > 1
    assert shikaku.count_solutions(DOMINOES, workers=2) == expected == shikaku.count_solutions(DOMINOES)
    assert shikaku.count_solutions(DOMINOES, workers=-1, limit=2) == 2
    assert hashi.count_solutions(HASHI, workers=2) == hashi.count_solutions(HASHI)
    with ThreadPoolExecutor(1) as pool, pytest.raises(PuzzleError, match="not both"):
        shikaku.count_solutions(DOMINOES, workers=2, executor=pool)


def _text(grid: np.ndarray) -> str:
    return "\n".join(" ".join(str(v) if v else "." for v in row) for row in grid)


def test_cli_count_on_threads(capsys):
    assert main(["shikaku", "solve", _text(DOMINOES), "--count", "--workers", "2", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["count"] == 2 and record["complete"] is True  # --count asks 0, 1 or 2+
    assert main(["hashi", "solve", HASHI, "--count", "--workers", "-1", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["count"] == hashi.count_solutions(HASHI) and record["complete"] is True


def test_cli_solve_on_threads_and_methods_that_cannot(capsys):
    # --workers spreads the exact search too; a method that cannot use threads refuses them (issue 27)
    for family, puzzle in (("shikaku", _text(DOMINOES)), ("hashi", HASHI)):
        assert main([family, "solve", puzzle, "--workers", "2", "--json"]) == 0
        record = json.loads(capsys.readouterr().out)
        assert record["status"] == "solved" and record["stats"]["workers"] == 2
        assert main([family, "solve", puzzle, "--workers", "2", "--method", "annealing"]) == 2
        assert "does not use workers" in capsys.readouterr().err


@pytest.mark.parametrize("argv", [["--cluster", "2"], ["--count", "--workers", "0"],
                                  ["--count", "--cluster", "0"]])
def test_cli_spread_flags_need_a_count_and_sane_values(argv, capsys):
    for family, puzzle in (("shikaku", _text(DOMINOES)), ("hashi", HASHI)):
        assert main([family, "solve", puzzle] + argv) == 2
        captured = capsys.readouterr()
        assert captured.err.startswith("cassetete: error:") and "Traceback" not in captured.err


def test_cli_count_goes_to_the_cluster_executor(monkeypatch, capsys):
    used: List[Any] = []

    @contextlib.contextmanager
    def fake_executor_for(scheduler: Any = None, workers: Any = None) -> Iterator[Any]:
        used.append((scheduler, workers))
        with ThreadPoolExecutor(2) as pool:
            yield pool

    monkeypatch.setattr(parallel, "executor_for", fake_executor_for)
    assert main(["shikaku", "solve", _text(DOMINOES), "--count", "--cluster", "2"]) == 0
    assert "solutions: 2+" in capsys.readouterr().out
    assert main(["hashi", "solve", HASHI, "--count", "--scheduler", "tcp://127.0.0.1:1"]) == 0
    assert "solutions: 1" in capsys.readouterr().out
    assert used == [(None, 2), ("tcp://127.0.0.1:1", None)]
