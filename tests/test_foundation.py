"""The shared pieces: Result, PuzzleError, the C++ module, the command line."""

import pickle
import subprocess
import sys

import pytest

import cassetete
from cassetete import PuzzleError, Result
from cassetete import _core


def test_puzzle_error_is_value_error():
    assert issubclass(PuzzleError, ValueError)


def test_result_pickles_and_reports():
    r = Result("solved", solution=[1, 2, 3], stats={"nodes": 5, "seconds": 0.1, "rules": {"x": 1}})
    back = pickle.loads(pickle.dumps(r))
    assert back == r and back.solved
    assert "nodes=5" in repr(r)
    assert not Result("limit").solved


def test_result_rejects_unknown_status():
    with pytest.raises(ValueError):
        Result("maybe")


def test_core_module_loads():
    assert _core.common.hardware_threads() >= 1


def test_unknown_attribute():
    with pytest.raises(AttributeError):
        _ = cassetete.no_such_family


def test_python_m_cassetete_help():
    out = subprocess.run([sys.executable, "-m", "cassetete", "--help"], capture_output=True, text=True)
    assert out.returncode == 0 and "demo" in out.stdout
