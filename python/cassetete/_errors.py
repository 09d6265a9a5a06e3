"""The one exception type for bad input."""

from __future__ import annotations


class PuzzleError(ValueError):
    """Bad puzzle input: the message says what is wrong and where (line, column, piece).

    Example:
        >>> import cassetete
        >>> try:
        ...     cassetete.sudoku.parse("12")
        ... except cassetete.PuzzleError as error:
        ...     print("rejected")
        rejected
    """
