"""Test-session settings shared by every test module."""

from __future__ import annotations

import signal

# A shell that starts a command in the background starts it with SIGINT ignored; Python then
# never installs its KeyboardInterrupt handler, and every Ctrl-C test (in this process, or in
# the child processes it starts, which inherit "ignored") would wait for an interrupt that
# cannot come. Restore the default so the suite means the same wherever it is started.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)
