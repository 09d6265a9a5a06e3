"""The Hashiwokakero puzzle object and its bridge graph."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Tuple

import numpy as np

from .._errors import PuzzleError
from .._gridpuzzle import Pictured

Bridge = Tuple[int, int, int, int, int]


@dataclass(frozen=True)
class Graph:
    """Potential bridges of a puzzle.

    Attributes:
        islands: (N, 3) int array of (row, column, value), row-major order.
        edges: (M, 2) int array of island index pairs that see each other along a line.
        crossings: (K, 2) int array of edge index pairs that cross.

    Example:
        >>> from cassetete import hashi
        >>> graph = hashi.parse("3x3m2:2a2c2a2").graph
        >>> graph.islands.tolist(), graph.edges.tolist(), len(graph.crossings)
        ([[0, 0, 2], [0, 2, 2], [2, 0, 2], [2, 2, 2]], [[0, 1], [0, 2], [1, 3], [2, 3]], 0)
    """

    islands: np.ndarray
    edges: np.ndarray
    crossings: np.ndarray


@dataclass(eq=False)
class Hashi(Pictured):
    """A Hashiwokakero (Bridges) puzzle; ``str()`` draws it (:func:`cassetete.hashi.render_text`).

    Attributes:
        islands: (H, W) int array; 0 = water, 1..8 = island with that many bridges.
        seed: the seed :func:`generate` used for this puzzle, None for puzzles that were read.

    Example:
        >>> import numpy as np
        >>> from cassetete.hashi import Hashi
        >>> p = Hashi(np.array([[2, 0, 2]]))
        >>> p.shape, len(p.graph.edges)
        ((1, 3), 1)
    """

    islands: np.ndarray
    _graph: Any = field(default=None, repr=False)
    # the seed generate() drew this puzzle with (None for puzzles read from text or arrays)
    seed: Optional[int] = field(default=None, repr=False)

    def __post_init__(self) -> None:
        grid = np.asarray(self.islands)
        if grid.ndim != 2 or grid.size == 0:
            raise PuzzleError(f"hashi grid must be a non-empty 2-D array, got shape {grid.shape}")
        if not np.issubdtype(grid.dtype, np.integer):
            if grid.dtype == bool or not np.all(np.isfinite(grid)) or np.any(grid != np.round(grid)):
                raise PuzzleError("hashi grid values must be integers")
        bad = np.argwhere((grid < 0) | (grid > 8))
        if len(bad):
            r, c = (int(v) for v in bad[0])
            raise PuzzleError(f"island value {grid[r, c]} outside 1..8 at row {r + 1}, column {c + 1}")
        self.islands = np.ascontiguousarray(grid, dtype=np.int32)
        self.islands.setflags(write=False)
        self._graph = self._build_graph()

    def _build_graph(self) -> Graph:
        from .. import _core

        data: Dict[str, np.ndarray] = _core.hashi.graph(self.islands)
        return Graph(data["islands"], data["edges"], data["crossings"])

    @property
    def graph(self) -> Graph:
        """The potential bridges (computed by the C++ core, which validates the grid)."""
        return self._graph

    @property
    def shape(self) -> Tuple[int, int]:
        """(rows, columns) of the grid."""
        return (int(self.islands.shape[0]), int(self.islands.shape[1]))

    @property
    def n_islands(self) -> int:
        """Number of islands."""
        return int(np.count_nonzero(self.islands))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Hashi) and np.array_equal(self.islands, other.islands)

    def __reduce__(self):
        return (Hashi, (np.array(self.islands),))

    def bridges_of(self, counts: List[int]) -> List[Bridge]:
        """Bridges ``(r1, c1, r2, c2, count)`` from one count per potential edge (0 skipped).

        Example:
            >>> import numpy as np
            >>> from cassetete.hashi import Hashi
            >>> Hashi(np.array([[1, 0, 1]])).bridges_of([1])
            [(0, 0, 0, 2, 1)]
        """
        g = self.graph
        out: List[Bridge] = []
        for (a, b), n in zip(g.edges, counts):
            if n:
                out.append((int(g.islands[a, 0]), int(g.islands[a, 1]), int(g.islands[b, 0]),
                            int(g.islands[b, 1]), int(n)))
        return out
