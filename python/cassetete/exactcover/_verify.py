"""The rules of exact cover, checked from their definition, independently of the engine: what
:func:`cassetete.exactcover.verify` and the certification of every answer use.

Example:
    >>> cover = ExactCover.from_options([[0], [1], [0, 1]])
    >>> covers(cover, [2]), covers(cover, [0, 2])
    (True, False)
"""

from __future__ import annotations

from typing import Any, List, Optional, Sequence

import numpy as np

from .._errors import PuzzleError, certify
from ._formats import parse
from ._model import ExactCover

__all__ = ["covers", "certify_cover", "verify"]


def covers(cover: ExactCover, solution: Optional[Sequence[int]]) -> bool:
    """Whether ``solution`` is a list of valid option indices covering each primary item
    exactly once and each secondary item at most once (``ExactCover._covers``).

    Example:
        >>> covers(ExactCover.from_options([[0, 1]]), [0])
        True
    """
    if solution is None or isinstance(solution, (str, bytes)):
        return False
    covered: List[int] = []
    starts, items, n = cover._starts, cover._items, cover.options
    for option in solution:
        if isinstance(option, (bool, np.bool_)) or not isinstance(option, (int, np.integer)):
            return False
        k = int(option)
        if not 0 <= k < n:
            return False
        covered.extend(items[starts[k]:starts[k + 1]])
    primary = cover.primary
    # No item twice (primary or secondary), and every primary item once: O(solution size).
    return len(set(covered)) == len(covered) and sum(1 for i in covered if i < primary) == primary


def certify_cover(cover: ExactCover, solution: Optional[Sequence[int]]) -> None:
    """Raise :class:`cassetete._errors.CheckFailed` unless ``solution`` is an exact cover: no
    answer of the engine that breaks the rules is ever returned (``ExactCover._certify``).

    Example:
        >>> certify_cover(ExactCover.from_options([[0]]), [0])
    """
    certify(covers(cover, solution), "exactcover", f"options {list(solution or [])[:20]} are not an exact cover")


def verify(problem: Any, solution: Sequence[int]) -> bool:
    """True when the options of ``solution`` cover every primary item exactly once and every
    secondary item at most once; False for a list of option indices that does not. A solution
    that is not a list of the problem's option indices is a ``PuzzleError``.

    Example:
        >>> verify([[0], [1], [0, 1]], [2]), verify([[0], [1], [0, 1]], [0, 2])
        (True, False)
        >>> verify([[0], [1], [0, 1]], [7])
        Traceback (most recent call last):
        ...
        cassetete._errors.PuzzleError: solution entry 0: option 7 is not in 0..2
    """
    cover = parse(problem)
    _check_well_formed(cover, solution)
    return covers(cover, solution)


def _check_well_formed(cover: ExactCover, solution: Any) -> None:
    """A solution is a list of option indices 0..options-1; anything else is bad input (a
    well-formed list that breaks a rule is answered False by :func:`covers`)."""
    if solution is None or isinstance(solution, (str, bytes)) or not hasattr(solution, "__iter__"):
        raise PuzzleError(f"a solution is a list of option indices, got {type(solution).__name__}")
    for position, option in enumerate(solution):
        if isinstance(option, (bool, np.bool_)) or not isinstance(option, (int, np.integer)):
            raise PuzzleError(f"solution entry {position}: {option!r} is not an option index")
        if not 0 <= int(option) < cover.options:
            raise PuzzleError(f"solution entry {position}: option {int(option)} is not in 0..{cover.options - 1}")
