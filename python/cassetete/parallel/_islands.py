"""An island model, generic: independent local searches (one per island) on every worker, with
different seeds; the best board is gathered as it improves and written to the checkpoint; now
and then the weakest islands start again from a perturbed copy of the best board; a run resumes
from its checkpoint. The family gives the searches through an :class:`IslandProblem` (edge
matching: :class:`cassetete.edgematch._islands.EdgematchIslands`, the very large neighbourhood
tabu search of Schaus and Deville, "Hybridation de la programmation par contraintes et d'un
voisinage à très grande taille pour Eternity II"); this module imports no family.

Each island runs in epochs (one task each): an epoch starts the search from the island's board
(or from the search's own initialisation the first time), searches for ``epoch_seconds`` or
``epoch_iterations`` and returns its best board. So a lost worker costs one epoch of one island,
and the driver needs no state on the workers.

Example:
    >>> from concurrent.futures import ThreadPoolExecutor
    >>> class Ones(IslandProblem):  # boards are tuples of bits; an epoch sets a few more to 1
    ...     total, puzzle = 6, None
    ...     def epoch(self, board, seed, seconds, iterations):
    ...         bits = list(board or (0,) * 6)
    ...         for k in range(min(iterations, 6)):
    ...             bits[(seed + k) % 6] = 1
    ...         return {"board": tuple(bits), "score": sum(bits), "iterations": iterations}
    ...     def perturb(self, board, moves, rng):
    ...         return tuple(0 if rng.random() < 0.5 else b for b in board)
    ...     def score(self, board):
    ...         return sum(board)
    >>> with ThreadPoolExecutor(2) as pool:
    ...     result = run_islands(Ones(), pool, iterations=16, seed=1)
    >>> result.status, result.stats["islands"], result.stats["score"]
    ('solved', 2, 6)
"""

from __future__ import annotations

import abc
import os
import random
import socket
import time
import uuid
from typing import Any, Dict, List, Optional

from .._errors import PuzzleError
from .._options import check_count, check_node_limit, check_seed, check_time_limit
from .._result import Result
from .._streams import progress_bar
from ._executors import Runner, resolve

__all__ = ["IslandProblem", "run_islands"]

_MASK = 0xFFFFFFFFFFFFFFFF
# Epochs: long enough that a tabu search gets going (the edge-matching plateau is 2000
# iterations), short enough that the best board reaches the checkpoint often.
DEFAULT_EPOCH_SECONDS = 30.0
EPOCHS_PER_BUDGET = 8  # with an iteration budget only: epochs per island


class IslandProblem(abc.ABC):
    """What the island driver needs from a family: a picklable object (sent to the workers once).

    ``total`` is the best score (a board scoring it ends the run); ``puzzle`` the model the
    :class:`~cassetete.Result` refers to; ``unit`` names a point of score; ``epoch`` runs on a worker, the others in the driver.

    Example (what a subclass must give; the module's example is a whole one):
        >>> sorted(IslandProblem.__abstractmethods__)
        ['epoch', 'perturb', 'score']
    """

    total: int = 0
    puzzle: Any = None
    unit: str = "point"  # of the score, on the progress bar

    def starts(self, count: int, seed: int, time_limit: Optional[float]) -> Optional[List[Any]]:
        """The islands' first boards (island i seeded seed + i), or None: each epoch's own start."""
        return None

    @abc.abstractmethod
    def epoch(self, board: Any, seed: int, seconds: float, iterations: int) -> Dict[str, Any]:
        """One epoch from ``board`` (None: the search's own start) for ``seconds`` or
        ``iterations`` (0 = no bound): a dict with its best ``board``, ``score`` and ``iterations``."""

    @abc.abstractmethod
    def perturb(self, board: Any, moves: int, rng: random.Random) -> Any:
        """A copy of ``board`` changed by ``moves`` random moves drawn from ``rng``."""

    @abc.abstractmethod
    def score(self, board: Any) -> int:
        """The score of ``board`` (higher is better, at most ``total``)."""

    def default_kicks(self) -> int:
        """The moves of a restart's perturbation when ``kicks`` is not given."""
        return 2

    def read_board(self, path: str) -> Any:
        """The board saved in the checkpoint file ``path``."""
        raise PuzzleError(f"{type(self).__name__} cannot read checkpoints")

    def write_board(self, path: str, board: Any) -> None:
        """Save ``board`` to the checkpoint file ``path`` (atomically)."""
        raise PuzzleError(f"{type(self).__name__} cannot write checkpoints")


def island_epoch(handle: Any, board: Any, seed: int, seconds: float, iterations: int) -> Dict[str, Any]:
    """One epoch of one island, on a worker: the problem's search from ``board``; its result with
    the wall time and the worker's name."""
    problem = resolve(handle)
    started = time.perf_counter()
    out = dict(problem.epoch(board, seed, seconds, iterations))
    out.update(seconds=time.perf_counter() - started, worker=f"{socket.gethostname()}:{os.getpid()}")
    return out


def run_islands(problem: IslandProblem, executor: Any, *, time_limit: Optional[float] = None,
                iterations: Optional[int] = None, seed: Optional[int] = None, checkpoint: Optional[str] = None,
                islands: Optional[int] = None, epoch_seconds: Optional[float] = None,
                epoch_iterations: Optional[int] = None, restart_every: int = 2, restart_share: float = 0.25,
                kicks: Optional[int] = None, progress: bool = False) -> Result:
    """The island model of ``problem`` on ``executor`` (what
    ``edgematch.solve(puzzle, method="vlns", executor=...)`` calls).

    Args:
        time_limit: seconds for the whole run (the last epochs are cut to fit).
        iterations: moves per island in all (a budget independent of the machine's speed).
        seed: island i starts with seed + i; each epoch gets its own seed from it (None: random,
            reported in ``stats["seed"]``).
        checkpoint: a board file: the best board is written there (atomically) whenever an epoch
            improves it; if it exists, every island starts from it.
        islands: independent searches (None: one per worker of the executor).
        epoch_seconds / epoch_iterations: the length of one task (defaults: 30 s, or a eighth of
            ``iterations``).
        restart_every: after every ``restart_every`` x ``islands`` epochs the weakest
            ``restart_share`` of the islands (at least one when there are two or more, never the
            best one) restart from the best board perturbed by ``kicks`` random moves (default:
            ``problem.default_kicks()``).

    Returns a Result: the best board, status ``"solved"`` when it scores ``problem.total``;
    stats ``score``, ``total``, ``iterations``, ``epochs``, ``restarts`` (islands restarted from
    the best board), ``island_scores``, ``seed``, ``trajectory`` [(seconds, best score)],
    ``resumed``.

    Example (edge matching's islands; a budget in moves, independent of the machine's speed):
        >>> from concurrent.futures import ThreadPoolExecutor
        >>> from cassetete import edgematch
        >>> from cassetete.edgematch._islands import EdgematchIslands
        >>> puzzle, _ = edgematch.generate(4, 4, colors=3, seed=2)
        >>> with ThreadPoolExecutor(2) as pool:
        ...     result = run_islands(EdgematchIslands(puzzle, init="random"), pool, iterations=2000, seed=1)
        >>> result.stats["islands"], result.stats["score"] <= result.stats["total"] == puzzle.total_joins
        (2, True)
    """
    time_limit = check_time_limit(time_limit)
    iterations = check_node_limit(iterations, "iterations")
    if time_limit is None and iterations is None:
        raise PuzzleError("the island model needs a time_limit or an iterations limit")
    seed = check_seed(seed)
    restart_every = check_count(restart_every, "restart_every", 1)
    if not isinstance(restart_share, (int, float)) or not 0 <= restart_share < 1:
        raise PuzzleError(f"restart_share must be a number in [0, 1), got {restart_share!r}")
    runner = Runner(executor)
    count = check_count(islands if islands is not None else runner.workers, "islands", 1)
    if epoch_iterations is not None:
        epoch_iterations = check_count(epoch_iterations, "epoch_iterations", 1)
    elif iterations is not None and time_limit is None:
        epoch_iterations = max(1, iterations // EPOCHS_PER_BUDGET)
    if epoch_seconds is not None:
        checked = check_time_limit(epoch_seconds, "epoch_seconds")
        if checked is None or not checked > 0:
            raise PuzzleError(f"epoch_seconds must be positive, got {epoch_seconds!r}")
        epoch_seconds = checked
    elif epoch_iterations is None:
        epoch_seconds = DEFAULT_EPOCH_SECONDS
    kicks = check_count(kicks, "kicks", 1) if kicks is not None else problem.default_kicks()

    total = problem.total
    best_board: Any = None
    best = -1
    resumed = checkpoint is not None and os.path.exists(checkpoint)
    if resumed and checkpoint is not None:
        best_board = problem.read_board(checkpoint)
        best = int(problem.score(best_board))
    boards: List[Any] = [best_board] * count
    if best_board is None:
        share = None if time_limit is None else time_limit / (2 * count)
        starts = problem.starts(count, seed, share)
        if starts is not None:
            boards = list(starts)
    scores = [best] * count
    used = [0] * count  # iterations per island
    epochs = [0] * count
    pending_restart = [False] * count
    rng = random.Random(seed)
    stats: Dict[str, Any] = {"seed": seed, "islands": count, "epochs": 0, "restarts": 0, "resumed": resumed,
                             "trajectory": []}
    started = time.perf_counter()
    bar = progress_bar(progress, "best score", total=total, unit=problem.unit)

    def time_left() -> float:
        return float("inf") if time_limit is None else time_limit - (time.perf_counter() - started)

    def submit(island: int) -> Any:
        board = boards[island]
        if pending_restart[island] and best_board is not None:
            board = problem.perturb(best_board, kicks, rng)
            pending_restart[island] = False
            stats["restarts"] += 1
        seconds = min(epoch_seconds if epoch_seconds is not None else float("inf"), time_left())
        moves = epoch_iterations or 0
        if iterations is not None:
            moves = min(moves, iterations - used[island]) if moves else iterations - used[island]
        epoch_seed = (seed + island + 0x9E3779B97F4A7C15 * epochs[island]) & _MASK
        return runner.submit(island_epoch, handle, board, epoch_seed, seconds, moves)

    def finished(island: int) -> bool:
        return ((iterations is not None and used[island] >= iterations) or time_left() <= 0
                or best == total)

    # A fresh key per run: a worker caches shared problems by key, and id() values are reused.
    handle = runner.share(f"islands-{uuid.uuid4().hex}", problem)
    running: Dict[Any, int] = {}
    interrupted = False
    try:
        for island in range(count):
            running[submit(island)] = island
        while running and best < total:
            for future, out in runner.wait_first(running, timeout=1.0).items():
                island = running.pop(future)
                epochs[island] += 1
                stats["epochs"] += 1
                used[island] += max(1, out["iterations"])
                if out["score"] >= scores[island]:
                    boards[island], scores[island] = out["board"], out["score"]
                if out["score"] > best:
                    best, best_board = out["score"], out["board"]
                    stats["trajectory"].append((time.perf_counter() - started, best))
                    if checkpoint is not None:
                        problem.write_board(checkpoint, best_board)
                    if bar is not None:
                        bar.n = max(best, 0)
                        bar.refresh()
                if count >= 2 and stats["epochs"] % (restart_every * count) == 0:
                    _mark_weakest(scores, pending_restart, restart_share)
                if not finished(island):
                    running[submit(island)] = island
    except KeyboardInterrupt:
        # As in the threaded search, Ctrl-C keeps the best board found so far (already in the
        # checkpoint); the islands' running epochs are cancelled.
        if best_board is None:
            raise
        interrupted = True
    finally:
        runner.cancel(list(running))  # a solved board or Ctrl-C: the other islands stop
        runner.close()
        if bar is not None:
            bar.close()
    matched = int(problem.score(best_board))
    stats.update(score=matched, best=matched, total=total, iterations=sum(used), nodes=sum(used),
                 seconds=time.perf_counter() - started, island_scores=list(scores),
                 stop=("solved" if matched == total else "interrupted" if interrupted
                       else "iteration_limit" if time_left() > 0 else "time_limit"),
                 rules={})
    return Result("solved" if matched == total else "limit", best_board, stats, puzzle=problem.puzzle)


def _mark_weakest(scores: List[int], pending: List[bool], share: float) -> None:
    """Mark the weakest ``share`` of the islands (at least one if share > 0, never the best one)
    to restart from the best board."""
    order = sorted(range(len(scores)), key=lambda i: scores[i])
    wanted = min(len(scores) - 1, max(1, int(share * len(scores)))) if share > 0 else 0
    for island in order[:wanted]:
        pending[island] = True
