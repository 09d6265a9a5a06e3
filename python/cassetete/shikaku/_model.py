"""The Shikaku puzzle object."""

from __future__ import annotations

from typing import Any, List, Optional, Tuple

import numpy as np

from .._errors import PuzzleError
from .._gridpuzzle import Pictured

#: One rectangle of a solution, as (row, col, height, width) with its top-left cell first. Example:
#: ``shikaku.solve("2 .\n. 2").solution`` is ``[(0, 0, 1, 2), (1, 0, 1, 2)]``, two 1 x 2 rectangles.
Rectangle = Tuple[int, int, int, int]


class Shikaku(Pictured):
    """A Shikaku grid: ``clues[r, c]`` is the area asked at that cell, 0 where the cell is empty;
    ``str()`` draws it (:func:`cassetete.shikaku.render_text`).

    Clues are numbered in row-major order; solutions list one rectangle
    ``(row, col, height, width)`` per clue in that order.

    Example:
        >>> import numpy as np
        >>> p = Shikaku(np.array([[2, 0], [0, 2]]))
        >>> p.shape, p.clue_positions()
        ((2, 2), [(0, 0), (1, 1)])
    """

    def __init__(self, clues: Any) -> None:
        array = np.asarray(clues)
        if array.ndim != 2 or array.shape[0] < 1 or array.shape[1] < 1:
            raise PuzzleError(f"a Shikaku grid must be a non-empty 2-D array, got shape {array.shape}")
        if not np.issubdtype(array.dtype, np.integer):
            raise PuzzleError("Shikaku clues must be integers")
        area = array.shape[0] * array.shape[1]
        bad = np.argwhere((array < 0) | (array > area))
        if len(bad):
            r, c = (int(v) for v in bad[0])
            value = int(array[r, c])
            what = "is negative" if value < 0 else f"is larger than the grid area {area}"
            raise PuzzleError(f"clue {value} at row {r + 1}, column {c + 1} {what}")
        self.clues = np.ascontiguousarray(array, dtype=np.int32)
        self.clues.setflags(write=False)
        # the seed generate() drew this puzzle with (None for puzzles read from text or arrays)
        self.seed: Optional[int] = None

    @property
    def shape(self) -> Tuple[int, int]:
        """``(rows, cols)`` of the grid."""
        return (int(self.clues.shape[0]), int(self.clues.shape[1]))

    @property
    def rows(self) -> int:
        """Number of rows."""
        return self.shape[0]

    @property
    def cols(self) -> int:
        """Number of columns."""
        return self.shape[1]

    def clue_positions(self) -> List[Tuple[int, int]]:
        """Cells ``(row, col)`` of the clues, in row-major order (the order of solutions)."""
        return [(int(r), int(c)) for r, c in np.argwhere(self.clues > 0)]

    def clue_values(self) -> List[int]:
        """Clue values in row-major order."""
        return [int(v) for v in self.clues[self.clues > 0]]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Shikaku) and np.array_equal(self.clues, other.clues)

    def __hash__(self) -> int:
        return hash((self.shape, self.clues.tobytes()))

    def __repr__(self) -> str:
        return f"Shikaku({self.rows}x{self.cols}, {len(self.clue_values())} clues)"

    def __reduce__(self):
        return (Shikaku, (np.array(self.clues),))
