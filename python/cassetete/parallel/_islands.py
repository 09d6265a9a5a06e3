"""An island model for the edge-matching local search: independent tabu searches (the very large
neighbourhood of Schaus and Deville, "Hybridation de la programmation par contraintes et d'un
voisinage à très grande taille pour Eternity II") on every worker, with different seeds; the best
board is gathered as it improves and written to the checkpoint (atomically); now and then the
weakest islands start again from a perturbed copy of the best board; a run resumes from its
checkpoint.

Each island runs in epochs (one task each): an epoch starts the engine from the island's board
(or from the engine's own initialisation the first time), searches for ``epoch_seconds`` or
``epoch_iterations`` and returns its best board. So a lost worker costs one epoch of one island,
and the driver needs no state on the workers.

Example:
    >>> from concurrent.futures import ThreadPoolExecutor
    >>> from cassetete import edgematch
    >>> puzzle, _ = edgematch.generate(4, 4, colors=3, seed=2)
    >>> with ThreadPoolExecutor(2) as pool:
    ...     result = run_islands(puzzle, pool, iterations=400, seed=1)
    >>> result.stats["islands"], edgematch.score(puzzle, result.solution)[0] == result.stats["score"]
    (2, True)
"""

from __future__ import annotations

import os
import random
import socket
import time
from typing import Any, Dict, List, Optional

import numpy as np

from .._errors import PuzzleError
from .._options import check_count, check_node_limit, check_seed, check_time_limit
from .._result import Result
from .._streams import progress_bar
from ._executors import Runner, resolve

__all__ = ["perturb", "run_islands"]

_MASK = 0xFFFFFFFFFFFFFFFF
# Epochs: long enough that the tabu search gets going (its plateau is 2000 iterations), short
# enough that the best board reaches the checkpoint often.
DEFAULT_EPOCH_SECONDS = 30.0
EPOCHS_PER_BUDGET = 8  # with an iteration budget only: epochs per island


def perturb(puzzle: Any, board: np.ndarray, moves: int, rng: random.Random) -> np.ndarray:
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


def island_epoch(handle: Any, board: Optional[np.ndarray], seed: int, seconds: float,
                 iterations: int) -> Dict[str, Any]:
    """One epoch of one island, on a worker: the tabu search from ``board`` (None: the engine's
    initialisation) for ``seconds`` or ``iterations`` (0 = no bound); its best board."""
    from .. import _core

    spec = resolve(handle)
    started = time.perf_counter()
    state = _core.edgematch.LocalSearch(spec["rows"], spec["cols"], spec["ids"], spec["compl"], spec["fixed"],
                                 seed=seed & _MASK, init=spec["init"], relax=spec["relax"],
                                 node_limit=spec["node_limit"], board=board, tuning=spec["tuning"])
    state.run(seconds, iterations)
    info = state.info()
    return {"board": np.asarray(state.best_board(), dtype=np.int64), "score": int(state.best_score()),
            "iterations": int(info["iterations"]), "seconds": time.perf_counter() - started,
            "worker": f"{socket.gethostname()}:{os.getpid()}"}


def run_islands(puzzle: Any, executor: Any, *, time_limit: Optional[float] = None, iterations: Optional[int] = None,
                seed: Optional[int] = None, checkpoint: Optional[str] = None, islands: Optional[int] = None,
                epoch_seconds: Optional[float] = None, epoch_iterations: Optional[int] = None,
                restart_every: int = 2, restart_share: float = 0.25, kicks: Optional[int] = None,
                init: str = "cp", relax: int = 0, node_limit: Optional[int] = 20_000_000,
                tuning: Optional[Dict[str, Any]] = None, progress: bool = False) -> Result:
    """The island model behind ``edgematch.solve(puzzle, method="vlns", executor=...)``.

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
            best one) restart from the best board perturbed by ``kicks`` random swaps (default:
            a twentieth of the inner cells, at least 2).
        init, relax, node_limit, tuning: the engine's options, as in :func:`edgematch.solve_local`.

    Returns a Result like :func:`edgematch.solve_local`'s: the best board, status ``"solved"``
    when every join matches; stats ``score``, ``total``, ``iterations``, ``epochs``,
    ``restarts`` (islands restarted from the best board), ``island_scores``, ``seed``,
    ``trajectory`` [(seconds, best score)], ``resumed``.
    """
    from ..edgematch._local import INITS, TUNING, check_local_budget, read_board, write_board
    from ..edgematch._model import score
    from .._options import check_choice

    time_limit = check_time_limit(time_limit)
    iterations = check_node_limit(iterations, "iterations")
    check_local_budget(time_limit, iterations)
    seed = check_seed(seed)
    init = check_choice(init, "init", INITS)
    restart_every = check_count(restart_every, "restart_every", 1)
    if not isinstance(restart_share, (int, float)) or not 0 <= restart_share < 1:
        raise PuzzleError(f"restart_share must be a number in [0, 1), got {restart_share!r}")
    if tuning is not None and not isinstance(tuning, dict):
        raise PuzzleError(f"tuning must be a dict of overrides of TUNING, got {tuning!r}")
    options = dict(TUNING)
    for key, value in (tuning or {}).items():
        if key not in TUNING:
            raise PuzzleError(f"unknown tuning option {key!r}; expected one of {sorted(TUNING)}")
        options[key] = value
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
    inner = max(0, puzzle.rows - 2) * max(0, puzzle.cols - 2)
    kicks = check_count(kicks, "kicks", 1) if kicks is not None else max(2, inner // 20)

    ids, compl, _ = puzzle.encode()
    spec = {"rows": puzzle.rows, "cols": puzzle.cols, "ids": ids, "compl": compl, "fixed": puzzle.fixed_array(),
            # "cp-model" starts are built here (below) and passed as boards; the engine never sees it.
            "init": "cp" if init == "cp-model" else init, "relax": check_count(relax, "relax"),
            "node_limit": int(check_node_limit(node_limit) or 0),
            "tuning": options}
    total = puzzle.total_joins
    best_board: Optional[np.ndarray] = None
    best = -1
    resumed = checkpoint is not None and os.path.exists(checkpoint)
    if resumed and checkpoint is not None:
        best_board = read_board(checkpoint, puzzle)
        best = int(score(puzzle, best_board)[0])
    boards: List[Optional[np.ndarray]] = [best_board] * count
    if init == "cp-model" and best_board is None:
        # The CP model of Schaus and Deville (section 2) gives each island its own start (seed + i),
        # within half the time limit in all, as solve_local does on one machine.
        from ..edgematch._local import _cp_model_start

        share = None if time_limit is None else time_limit / (2 * count)
        boards = [_cp_model_start(puzzle, spec["relax"], (seed + i) & _MASK, node_limit, share)[0]
                  for i in range(count)]
    scores = [best] * count
    used = [0] * count  # iterations per island
    epochs = [0] * count
    pending_restart = [False] * count
    rng = random.Random(seed)
    stats: Dict[str, Any] = {"seed": seed, "islands": count, "epochs": 0, "restarts": 0, "resumed": resumed,
                             "trajectory": []}
    started = time.perf_counter()
    bar = progress_bar(progress, "best score", total=total, unit="join")

    def time_left() -> float:
        return float("inf") if time_limit is None else time_limit - (time.perf_counter() - started)

    def submit(island: int) -> Any:
        board = boards[island]
        if pending_restart[island] and best_board is not None:
            board = perturb(puzzle, best_board, kicks, rng)
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

    handle = runner.share(f"islands-{id(spec)}", spec)
    running: Dict[Any, int] = {}
    interrupted = False
    try:
        for island in range(count):
            running[submit(island)] = island
        while running and best < total:
            for future in runner.wait_first(running, timeout=1.0):
                island = running.pop(future)
                out = future.result()
                epochs[island] += 1
                stats["epochs"] += 1
                used[island] += max(1, out["iterations"])
                if out["score"] >= scores[island]:
                    boards[island], scores[island] = out["board"], out["score"]
                if out["score"] > best:
                    best, best_board = out["score"], out["board"]
                    stats["trajectory"].append((time.perf_counter() - started, best))
                    if checkpoint is not None:
                        write_board(checkpoint, puzzle, best_board)
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
    matched = int(score(puzzle, best_board)[0])
    stats.update(score=matched, best=matched, total=total, iterations=sum(used), nodes=sum(used),
                 seconds=time.perf_counter() - started, island_scores=list(scores),
                 stop=("solved" if matched == total else "interrupted" if interrupted
                       else "iteration_limit" if time_left() > 0 else "time_limit"),
                 rules={})
    return Result("solved" if matched == total else "limit", best_board, stats, puzzle=puzzle)


def _mark_weakest(scores: List[int], pending: List[bool], share: float) -> None:
    """Mark the weakest ``share`` of the islands (at least one if share > 0, never the best one)
    to restart from the best board."""
    order = sorted(range(len(scores)), key=lambda i: scores[i])
    wanted = min(len(scores) - 1, max(1, int(share * len(scores)))) if share > 0 else 0
    for island in order[:wanted]:
        pending[island] = True
