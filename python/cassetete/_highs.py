"""HiGHS (highspy), quiet and interruptible, for the ILP methods of shikaku and hashi.

Quiet: the solver is created from highspy's plain binding class (``highspy.Highs()`` installs
its callbacks in its constructor, which prints the banner before any option can be set) and
``output_flag`` / ``log_to_console`` are turned off before anything runs.

Interruptible: HiGHS calls our function through its own interrupt callbacks
(``kCallbackMipInterrupt``, ``kCallbackSimplexInterrupt``, ``kCallbackIpmInterrupt``) many
times a second while it works; the function sets ``user_interrupt`` when the deadline has
passed or Ctrl-C was pressed. During the run, SIGINT only raises a flag (a Python exception
cannot cross HiGHS's C++ frames safely); once HiGHS has stopped, the previous handler runs,
so the caller gets its usual ``KeyboardInterrupt``. Nothing is left running in a thread.

Example:
    >>> from cassetete._highs import quiet_highs, run_interruptibly
    >>> h = quiet_highs()
    >>> run_interruptibly(h, time_limit=None)["interrupted"]
    False
"""

from __future__ import annotations

import signal
import threading
import time
from typing import Any, Callable, Dict, Optional

# Called (with no argument) at each interrupt callback of HiGHS; tests set it to raise SIGINT
# from inside a running solve, which makes the Ctrl-C test independent of the machine's speed.
_on_callback: Optional[Callable[[], None]] = None

_INTERRUPT_CALLBACKS = ("kCallbackMipInterrupt", "kCallbackSimplexInterrupt", "kCallbackIpmInterrupt")


def quiet_highs(threads: int = 1) -> Any:
    """A new HiGHS solver that prints nothing.

    Example:
        >>> quiet_highs().getOptionValue("output_flag")  # doctest: +SKIP
        False
    """
    import highspy

    plain = getattr(highspy, "_Highs", None) or highspy.Highs
    h = plain()
    h.setOptionValue("output_flag", False)
    h.setOptionValue("log_to_console", False)
    h.setOptionValue("threads", int(threads))
    return h


class _Watch:
    """State shared between the run and HiGHS's callbacks."""

    def __init__(self, deadline: Optional[float]) -> None:
        self.deadline = deadline
        self.signalled = False
        self.expired = False
        self.calls = 0
        self.error: Optional[BaseException] = None


def _callback(_kind: Any, _message: str, _data_out: Any, data_in: Any, watch: _Watch) -> None:
    try:
        watch.calls += 1
        if _on_callback is not None:
            _on_callback()
        if watch.deadline is not None and time.monotonic() > watch.deadline:
            watch.expired = True
        stop = watch.signalled or watch.expired or watch.error is not None
    except BaseException as error:  # never let an exception unwind through HiGHS
        watch.error = error
        stop = True
    if stop and data_in is not None:
        data_in.user_interrupt = True


def run_interruptibly(h: Any, time_limit: Optional[float], node_limit: Optional[int] = None) -> Dict[str, Any]:
    """Run ``h`` until it finishes, ``time_limit`` seconds pass, ``node_limit`` branch-and-bound
    nodes are explored, or Ctrl-C; returns ``{"interrupted": bool, "expired": bool,
    "node_limited": bool, "callbacks": int}``.

    On Ctrl-C the SIGINT handler that was installed before runs once HiGHS has stopped: the
    default one raises KeyboardInterrupt.
    """
    import highspy

    deadline = None if time_limit is None else time.monotonic() + max(0.0, float(time_limit))
    if time_limit is not None:
        h.setOptionValue("time_limit", max(float(time_limit), 1e-3))
    if node_limit is not None:
        h.setOptionValue("mip_max_nodes", int(min(node_limit, 2**31 - 1)))
    watch = _Watch(deadline)
    kinds = getattr(highspy, "cb", None)
    if kinds is not None:
        h.setCallback(_callback, watch)
        for name in _INTERRUPT_CALLBACKS:
            kind = getattr(kinds.HighsCallbackType, name, None)
            if kind is not None:
                h.startCallback(kind)
    previous = _catch_sigint(watch)
    try:
        h.run()
    finally:
        if previous is not None:
            signal.signal(signal.SIGINT, previous)
        if kinds is not None:
            h.setCallback(None, None)  # drops the reference to `watch`, stops the callbacks
    if watch.error is not None:
        raise watch.error
    if watch.signalled and previous is not None:
        # the default handler raises KeyboardInterrupt; a handler of the caller's that returns
        # leaves a run that simply stopped early ("interrupted": True)
        previous(signal.SIGINT, None)
    node_limited = node_limit is not None and h.getModelStatus() == highspy.HighsModelStatus.kSolutionLimit
    return {"interrupted": watch.signalled, "expired": watch.expired, "node_limited": node_limited,
            "callbacks": watch.calls}


def _catch_sigint(watch: _Watch) -> Any:
    """Make SIGINT set ``watch.signalled`` for the duration of a run; returns the handler to
    restore, or None when the handler cannot or need not be replaced (not the main thread,
    SIGINT ignored, or handled by the operating system's default)."""
    if threading.current_thread() is not threading.main_thread():
        return None
    previous = signal.getsignal(signal.SIGINT)
    if not callable(previous):
        return None

    def flag(_signum: int, _frame: Any) -> None:
        watch.signalled = True

    signal.signal(signal.SIGINT, flag)
    return previous
