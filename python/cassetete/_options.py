"""Validation of the options every family shares (``time_limit``, ``node_limit``, ``limit``,
``seed``, ``workers``, ``method``, ``progress``), so that a bad value is the same ``PuzzleError``
everywhere.

Example:
    >>> from cassetete._options import check_time_limit
    >>> check_time_limit(2)
    2.0
    >>> check_time_limit("x")
    Traceback (most recent call last):
    ...
    cassetete._errors.PuzzleError: time_limit must be a non-negative number of seconds or None, got 'x'
"""

from __future__ import annotations

import math
import numbers
import os
import random
from typing import Optional

import numpy as np

from ._errors import PuzzleError

__all__ = ["check_time_limit", "check_node_limit", "check_limit", "check_seed", "check_workers",
           "check_choice", "check_count", "check_flag", "check_progress"]


MAX_COUNT = 2**63 - 1  # node limits, counts and seeds go to C++ as 64-bit integers
MAX_WORKERS = 4096  # threads; a larger value is a mistake, not a machine


def _is_bool(value: object) -> bool:
    return isinstance(value, (bool, np.bool_))


def check_time_limit(value: object, name: str = "time_limit") -> Optional[float]:
    """``None`` or a finite number of seconds >= 0, as a float."""
    if value is None:
        return None
    if _is_bool(value) or not isinstance(value, numbers.Real) or math.isnan(float(value)) or float(value) < 0:
        raise PuzzleError(f"{name} must be a non-negative number of seconds or None, got {value!r}")
    return float(value) if math.isfinite(float(value)) else None


def check_count(value: object, name: str, minimum: int = 0) -> int:
    """An integer >= ``minimum`` (numpy integers accepted; floats and bools refused)."""
    if _is_bool(value) or not isinstance(value, numbers.Integral):
        raise PuzzleError(f"{name} must be an integer >= {minimum}, got {value!r}")
    if int(value) < minimum:
        raise PuzzleError(f"{name} must be an integer >= {minimum}, got {value!r}")
    if int(value) > MAX_COUNT:  # the engines take 64-bit integers
        raise PuzzleError(f"{name} must be at most 2**63 - 1, got {value!r}")
    return int(value)


def check_node_limit(value: object, name: str = "node_limit") -> Optional[int]:
    """``None`` or an integer >= 0."""
    return None if value is None else check_count(value, name, 0)


def check_limit(value: object, name: str = "limit") -> Optional[int]:
    """``None`` (all solutions) or an integer >= 1."""
    return None if value is None else check_count(value, name, 1)


def check_seed(value: object, name: str = "seed") -> int:
    """The seed to use: the given integer >= 0, or a fresh random one for ``None``.

    Report the returned value in ``stats["seed"]`` so a run can be repeated.
    """
    if value is None:
        return random.SystemRandom().randrange(2**32)
    return check_count(value, name, 0)


def check_workers(value: object, name: str = "workers") -> int:
    """The number of threads: -1 = all cores, else an integer >= 1."""
    count = check_count(value, name, -1) if not _is_bool(value) else check_count(value, name)
    if count == 0:
        raise PuzzleError(f"{name} must be -1 (all cores) or an integer >= 1, got 0")
    if count > MAX_WORKERS:
        raise PuzzleError(f"{name} must be at most {MAX_WORKERS} threads, got {count}")
    return os.cpu_count() or 1 if count == -1 else count


def check_choice(value: object, name: str, choices) -> str:
    """One of ``choices`` (strings), or a PuzzleError listing them."""
    if not isinstance(value, str) or value not in choices:
        raise PuzzleError(f"unknown {name} {value!r}; expected one of: {', '.join(map(str, choices))}")
    return value


def check_flag(value: object, name: str) -> bool:
    """A yes/no option: ``True`` or ``False`` (numpy bools too), else ``PuzzleError``, so that
    ``progress="x"`` or ``"no"`` is never taken as true silently.

    Example:
        >>> check_flag(False, "unique")
        False
        >>> check_flag("yes", "unique")
        Traceback (most recent call last):
        ...
        cassetete._errors.PuzzleError: unique must be True or False, got 'yes'
    """
    if _is_bool(value):
        return bool(value)
    raise PuzzleError(f"{name} must be True or False, got {value!r}")


def check_progress(value: object, name: str = "progress") -> bool:
    """The shared ``progress`` option: ``True`` shows a tqdm bar on stderr, ``False`` (the
    default) prints nothing; anything else is a ``PuzzleError``.

    Example:
        >>> check_progress(True)
        True
        >>> check_progress("x")
        Traceback (most recent call last):
        ...
        cassetete._errors.PuzzleError: progress must be True or False, got 'x'
    """
    return check_flag(value, name)
