"""The edge-matching search of the island model (``solve(p, method="vlns", executor=...)``):
:class:`EdgematchIslands` gives :func:`cassetete.parallel.run_islands` the very large
neighbourhood tabu search of Schaus and Deville ("Hybridation de la programmation par
contraintes et d'un voisinage à très grande taille pour Eternity II") as epochs, the CP-model
starts, restarts by :func:`perturb` and the checkpoint files of :func:`write_board`.

Example:
    >>> from concurrent.futures import ThreadPoolExecutor
    >>> from cassetete import edgematch
    >>> from cassetete.parallel import run_islands
    >>> puzzle, _ = edgematch.generate(4, 4, colors=3, seed=2)
    >>> with ThreadPoolExecutor(2) as pool:
    ...     result = run_islands(EdgematchIslands(puzzle), pool, iterations=400, seed=1)
    >>> result.stats["islands"], edgematch.score(puzzle, result.solution)[0] == result.stats["score"]
    (2, True)
"""

from __future__ import annotations

import random
from typing import Any, Dict, List, Optional

import numpy as np

from .._options import check_node_limit
from ..parallel import IslandProblem
from ._cp import cp_model_start
from ._formats import read_board, write_board
from ._model import EdgePuzzle, score

__all__ = ["EdgematchIslands", "perturb"]

_MASK = 0xFFFFFFFFFFFFFFFF


def perturb(puzzle: EdgePuzzle, board: np.ndarray, moves: int, rng: random.Random) -> np.ndarray:
    """A copy of ``board`` with ``moves`` random swaps of two free inner pieces, each put down
    at a random rotation (inner pieces fit an inner cell at any rotation; the frame and the
    fixed pieces stay).

    Example:
        >>> from cassetete import edgematch
        >>> p, planted = edgematch.generate(5, 5, colors=3, seed=1)
        >>> moved = perturb(p, planted, 3, random.Random(1))
        >>> sorted(moved[..., 0].ravel().tolist()) == list(range(25))
        True
    """
    out = np.array(board, dtype=np.int64, copy=True)
    cells = [(r, c) for r in range(1, puzzle.rows - 1) for c in range(1, puzzle.cols - 1)
             if (r, c) not in puzzle.fixed and out[r, c, 0] >= 0]
    if len(cells) < 2:
        return out
    for _ in range(moves):
        (r1, c1), (r2, c2) = rng.sample(cells, 2)
        piece1, piece2 = int(out[r1, c1, 0]), int(out[r2, c2, 0])
        out[r1, c1] = (piece2, rng.randrange(4))
        out[r2, c2] = (piece1, rng.randrange(4))
    return out


class EdgematchIslands(IslandProblem):
    """One edge-matching puzzle for the island driver, with the engine's options as
    :func:`cassetete.edgematch.solve_local` checks them: ``init`` (one of ``INITS``), ``relax``,
    ``node_limit`` and ``options`` (:data:`~cassetete.edgematch.TUNING` with its overrides;
    None: the defaults).

    Example:
        >>> from cassetete import edgematch
        >>> puzzle, planted = edgematch.generate(4, 4, colors=3, seed=2)
        >>> islands = EdgematchIslands(puzzle, init="random")
        >>> islands.score(planted) == islands.total == puzzle.total_joins
        True
    """

    unit = "join"

    def __init__(self, puzzle: EdgePuzzle, *, init: str = "cp", relax: int = 0,
                 node_limit: Optional[int] = 20_000_000, options: Optional[Dict[str, Any]] = None) -> None:
        self.puzzle = puzzle
        self.total = puzzle.total_joins
        self.init = init
        self.relax = relax
        self.node_limit = node_limit  # the CP-model starts check it themselves
        self.engine_node_limit = int(check_node_limit(node_limit) or 0)
        self.options = {} if options is None else options  # {}: the engine's defaults
        self.ids, self.compl, _ = puzzle.encode()
        self.fixed = puzzle.fixed_array()

    def starts(self, count: int, seed: int, time_limit: Optional[float]) -> Optional[List[Any]]:
        """With ``init="cp-model"``: each island's board from the CP model of Schaus and Deville
        (section 2), seeded seed + i, within ``time_limit`` in all (half the run's, shared)."""
        if self.init != "cp-model":
            return None
        return [cp_model_start(self.puzzle, self.relax, (seed + i) & _MASK, self.node_limit, time_limit)[0]
                for i in range(count)]

    def epoch(self, board: Optional[np.ndarray], seed: int, seconds: float, iterations: int) -> Dict[str, Any]:
        """The tabu search from ``board`` (None: the engine's initialisation; "cp-model" boards
        come from :meth:`starts`, so the engine is told "cp")."""
        from .. import _core

        init = "cp" if self.init == "cp-model" else self.init
        state = _core.edgematch.LocalSearch(self.puzzle.rows, self.puzzle.cols, self.ids, self.compl, self.fixed,
                                            seed=seed & _MASK, init=init, relax=self.relax,
                                            node_limit=self.engine_node_limit, board=board, tuning=self.options)
        state.run(seconds, iterations)
        return {"board": np.asarray(state.best_board(), dtype=np.int64), "score": int(state.best_score()),
                "iterations": int(state.info()["iterations"])}

    def perturb(self, board: np.ndarray, moves: int, rng: random.Random) -> np.ndarray:
        return perturb(self.puzzle, board, moves, rng)

    def score(self, board: np.ndarray) -> int:
        return int(score(self.puzzle, board)[0])

    def default_kicks(self) -> int:
        """A twentieth of the inner cells, at least 2."""
        inner = max(0, self.puzzle.rows - 2) * max(0, self.puzzle.cols - 2)
        return max(2, inner // 20)

    def read_board(self, path: str) -> np.ndarray:
        return read_board(path, self.puzzle)

    def write_board(self, path: str, board: np.ndarray) -> None:
        write_board(path, self.puzzle, board)
