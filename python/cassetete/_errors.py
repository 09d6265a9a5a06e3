"""The library's exceptions, all under one base, :class:`CasseteteError`, so a caller can catch
"anything this library raises on purpose" at once: bad input (:class:`PuzzleError`, a
``ValueError``), a limit that stopped a count (:class:`LimitReached`, a ``TimeoutError``) and an
answer that failed the independent check (:class:`CheckFailed`, a ``RuntimeError``). Each keeps
its built-in parent, so ``except ValueError`` still catches bad input.

Example:
    >>> issubclass(PuzzleError, CasseteteError), issubclass(PuzzleError, ValueError)
    (True, True)
    >>> issubclass(LimitReached, TimeoutError), issubclass(CheckFailed, CasseteteError)
    (True, True)
"""

from __future__ import annotations

from typing import Any, Callable, Dict, Optional


class CasseteteError(Exception):
    """The base of every exception the library raises on purpose.

    Example:
        >>> import cassetete
        >>> try:
        ...     cassetete.sudoku.count_solutions("." * 81, node_limit=10)
        ... except cassetete.CasseteteError as error:
        ...     print(type(error).__name__)
        LimitReached
    """


class PuzzleError(CasseteteError, ValueError):
    """Bad puzzle input: the message says what is wrong and where (line, column, piece).

    Raised for malformed text or files, wrong shapes, impossible sizes, contradictory
    clues and wrong option types or values (``time_limit="x"``, ``node_limit=1.5``).

    Example:
        >>> import cassetete
        >>> try:
        ...     cassetete.sudoku.parse("12")
        ... except cassetete.PuzzleError as error:
        ...     print("rejected")
        rejected
    """


class LimitReached(CasseteteError, TimeoutError):
    """A ``time_limit`` or ``node_limit`` stopped a count before it was complete.

    ``count_solutions`` returns a plain ``int`` only when the count is exact (or capped
    by the ``limit=`` the caller asked for); otherwise it raises this, so a partial
    count can never be mistaken for the answer.

    Attributes:
        count: the solutions found before the stop: a lower bound of the true count.
        stats: the search statistics (``nodes``, ``seconds``, ``stop``: which limit).

    Example:
        >>> from cassetete import LimitReached
        >>> try:
        ...     raise LimitReached(668, {"stop": "time_limit"})
        ... except LimitReached as stopped:
        ...     print(stopped.count, "or more;", stopped.stats["stop"])
        668 or more; time_limit
    """

    def __init__(self, count: int, stats: Optional[Dict[str, Any]] = None, what: str = "count") -> None:
        self.count = int(count)
        self.stats: Dict[str, Any] = dict(stats or {})
        stop = self.stats.get("stop") or "limit"
        super().__init__(f"{what} stopped by the {stop} after {self.count} solution(s): "
                         f"{self.count} is a lower bound, not the answer")

    def __reduce__(self):
        return (type(self), (self.count, self.stats))


class CheckFailed(CasseteteError, RuntimeError):
    """A solver's answer failed the independent check of the puzzle's rules: a bug, never bad input.

    Every family checks a ``solved`` answer with its own ``verify`` (written from the rules,
    independent of the search engine) before returning it; this is raised instead of ever
    returning an answer that breaks the rules. Please report it with the puzzle.

    Example:
        >>> from cassetete._errors import CheckFailed, certify
        >>> certify(True, "sudoku")          # a checked answer passes silently
        >>> try:
        ...     certify(False, "sudoku", "row 3 holds two 7s")
        ... except CheckFailed as error:
        ...     print(error)
        internal error: the sudoku solver returned an answer that breaks the rules (row 3 holds two 7s); please report it with the puzzle
    """


def certify(ok: bool, family: str, detail: str = "") -> None:
    """Raise :class:`CheckFailed` unless ``ok``, the verdict of the family's independent checker.

    Example:
        >>> certify(1 + 1 == 2, "exactcover")
    """
    if not ok:
        where = f" ({detail})" if detail else ""
        raise CheckFailed(f"internal error: the {family} solver returned an answer that breaks the rules"
                          f"{where}; please report it with the puzzle")


def certify_first(check: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """A stream conversion that passes the first item through ``check`` (which certifies it or
    raises :class:`CheckFailed`) and the rest unchanged: a count checks one real solution.

    Example:
        >>> seen = []
        >>> convert = certify_first(lambda item: seen.append(item) or item)
        >>> [convert(x) for x in "abc"], seen
        (['a', 'b', 'c'], ['a'])
    """
    done = False

    def convert(item: Any) -> Any:
        nonlocal done
        if not done:
            done = True
            return check(item)
        return item

    return convert
