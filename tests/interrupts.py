"""A Ctrl-C for tests that cannot be lost.

``_thread.interrupt_main()`` raises KeyboardInterrupt at the main thread's next check; when that
check falls inside a finaliser run by the garbage collector, Python reports the exception as
"ignored" and the interrupt is gone, so a test waiting for it on an endless search would hang.
``RepeatingInterrupt`` sends it again every second until cancelled (same start/cancel API as
``threading.Timer``).
"""

from __future__ import annotations

import _thread
import threading


class RepeatingInterrupt:
    """Interrupt the main thread after `delay` seconds, then every `every` seconds until cancel()."""

    def __init__(self, delay: float, every: float = 1.0) -> None:
        self._delay, self._every = delay, every
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="test-interrupt", daemon=True)

    def _run(self) -> None:
        wait = self._delay
        while not self._stop.wait(wait):
            _thread.interrupt_main()
            wait = self._every

    def start(self) -> None:
        self._thread.start()

    def cancel(self) -> None:
        self._stop.set()
