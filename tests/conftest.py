"""Test-session settings shared by every test module."""

from __future__ import annotations

import multiprocessing
import os
import signal

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
