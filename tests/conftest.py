"""Test-session settings shared by every test module."""

from __future__ import annotations

import importlib
import multiprocessing
import os
import signal
from pathlib import Path

import pytest

# A shell that starts a command in the background starts it with SIGINT ignored; Python then
# never installs its KeyboardInterrupt handler, and every Ctrl-C test (in this process, or in
# the child processes it starts, which inherit "ignored") would wait for an interrupt that
# cannot come. Restore the default so the suite means the same wherever it is started.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

# Under the sanitizers (.ci/sanitize exports CASSETETE_SANITIZED), a process pool must not fork:
# a fork taken while another thread holds the sanitizer allocator's lock leaves the child
# waiting on it for ever (seen once: a forked exactcover worker hung in ASan's allocator).
# Spawned workers start clean, with the same LD_PRELOAD.
if os.environ.get("CASSETETE_SANITIZED"):
    multiprocessing.set_start_method("spawn", force=True)


@pytest.fixture
def bench_module(monkeypatch):
    """Imports a module of bench/ by name, for the tests that keep the bench scripts runnable;
    skips where bench/ is not beside the tests (the suite run against the installed wheel).

    Example: ``race = bench_module("eternity2_score_race")``.
    """
    bench = Path(__file__).resolve().parent.parent / "bench"

    def load(name: str):
        if not (bench / f"{name}.py").exists():
            pytest.skip("bench/ is not beside the tests (installed package only)")
        monkeypatch.syspath_prepend(str(bench))
        return importlib.import_module(name)

    return load
