"""Local search for Eternity II-style puzzles (Schaus and Deville, sections 3-5).

A very large neighbourhood (an optimal rearrangement of pairwise non-adjacent cells, found by
a maximum-weight assignment) inside a tabu search, started from a relaxed CP search, a random
board or a checkerboard fill. The C++ engine (cpp/edgematch/vlns.*) runs on threads with the
GIL released; this module drives it: workers, checkpoints, progress bar, Ctrl-C.
"""

from __future__ import annotations

import os
import threading
import time
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

import numpy as np

from .._errors import PuzzleError
from .._options import (check_choice, check_count, check_node_limit, check_progress, check_seed, check_time_limit,
                        check_workers)
from .._result import Result
from ..parallel import run_islands
from ._cp import cp_model_start
from ._formats import read_board, write_board
from ._islands import EdgematchIslands
from ._model import EdgePuzzle, check_puzzle, score
from ._verify import certify_result

#: Starts of the local search: ``"cp"`` (the engine's relaxed search in row order),
#: ``"cp_first_fail"`` (the same with first fail), ``"cp-model"`` (the propagating CP model of
#: section 2, :func:`cp_start`), ``"random"``, ``"checkerboard"``.
INITS = ("cp", "cp_first_fail", "cp-model", "random", "checkerboard")


def check_local_budget(time_limit: Optional[float], iterations: Optional[int]) -> None:
    """A local search needs a positive ``time_limit`` or ``iterations`` budget (checked values).

    >>> check_local_budget(None, 100)
    """
    if time_limit is None and iterations is None:
        raise PuzzleError("the local search needs a time_limit or an iterations limit")
    if time_limit is not None and not time_limit > 0:
        raise PuzzleError(f"time_limit must be positive for the local search, got {time_limit}")
    if iterations is not None and iterations <= 0:
        raise PuzzleError(f"iterations must be positive, got {iterations}")


def _core():
    from .. import _core

    return _core


def _tuning_defaults() -> Dict[str, Any]:
    """The engine's defaults (TabuOptions in cpp/edgematch/vlns.hpp), the one place they live."""
    return dict(_core().edgematch.tuning_defaults())


_DEFAULTS = _tuning_defaults()
#: The neighbourhood size |S| the engine uses unless ``neighbourhood_size`` is given.
NEIGHBOURHOOD_SIZE: int = int(_DEFAULTS.pop("size"))
#: Defaults of the tabu search (Algorithm 1), tuned on the official 16 x 16 (bench/results/):
#: read from the C++ engine. ``greed``: selection key = greed * violations + uniform(0, 1);
#: ``class_weight``: chance of a class ~ weight * its free cells; ``tabu_cells_*`` /
#: ``tabu_arcs_*``: tenures of the two tabu lists; ``plateau``: iterations without a new phase
#: best before a diversification of ``kicks`` random moves; ``restore_after``: plateaus before
#: the best board is restored; ``restart_after``: restores before a fresh start (0 = never);
#: ``tabu``: False = the plain descent of figure 4; ``neutral``: restore the latest board of the
#: start's best score; ``restart_kicks``: > 0 = restart by kicking the best board;
#: ``penalty_weight`` / ``penalty_every``: guided local search penalties (0 = off).
TUNING: Dict[str, Any] = dict(_DEFAULTS)
del _DEFAULTS


def tuning_options(tuning: Optional[Dict[str, Any]]) -> Dict[str, Any]:
    """:data:`TUNING` with the checked overrides of ``tuning`` (None: none).

    >>> tuning_options({"plateau": 50})["plateau"]
    50
    """
    if tuning is not None and not isinstance(tuning, dict):
        raise PuzzleError(f"tuning must be a dict of overrides of TUNING, got {tuning!r}")
    options = dict(TUNING)
    for key, value in (tuning or {}).items():
        if key not in TUNING:
            raise PuzzleError(f"unknown tuning option {key!r}; expected one of {sorted(TUNING)}")
        options[key] = value
    return options


def max_weight_assignment(weights) -> np.ndarray:
    """Maximum-weight assignment of a dense matrix with our own O(n^3) Hungarian method
    (Jonker-Volgenant shortest augmenting paths, C++): for each row, its column (-1 when
    there are more rows than columns and the row is left out).

    Example:
        >>> max_weight_assignment([[1, 5], [4, 1]]).tolist()
        [1, 0]
    """
    try:
        w = np.asarray(weights, dtype=np.float64)
    except (TypeError, ValueError):
        raise PuzzleError("weights must be a numeric matrix") from None
    if w.ndim != 2:
        raise PuzzleError(f"weights must be a 2-D matrix, got shape {w.shape}")
    return np.asarray(_core().edgematch.assignment(np.ascontiguousarray(w)), dtype=np.int64)


def initial_board(
    puzzle: EdgePuzzle,
    init: str = "cp",
    *,
    relax: int = 0,
    seed: Optional[int] = None,
    node_limit: Optional[int] = 20_000_000,
    time_limit: Optional[float] = None,
) -> Tuple[np.ndarray, Dict[str, Any]]:
    """A starting board for the local search (Schaus and Deville, section 5) and facts about it.

    ``init="cp"`` searches the problem with the joins around ``relax`` random non-adjacent
    cells relaxed (``info["solved"]`` says whether it finished; else the deepest partial board
    is completed at random) in row order; ``"cp_first_fail"`` searches the same relaxed problem
    with first fail and forward checking (the open cell with the fewest unused placements next,
    a dead end as soon as one has none); ``"cp-model"`` solves the relaxed problem with the CP
    model of section 2 (:func:`cp_start`: AllDifferent filtering, first fail with random ties,
    restarts; the relaxed cells, or the deepest partial board when a limit stops it, filled by
    one assignment; ``node_limit`` counts its branchings); ``"random"`` shuffles each class;
    ``"checkerboard"`` fills one colour of the checkerboard at random and the other optimally,
    alternating. ``seed`` None draws a random seed, reported in ``info["seed"]``.

    Example:
        >>> from cassetete.edgematch import generate, initial_board, score
        >>> p, _ = generate(5, 5, colors=3, seed=1)
        >>> board, info = initial_board(p, "cp", relax=2, seed=1)
        >>> info["solved"], score(p, board)[0] == info["score"]
        (True, True)
    """
    check_puzzle(puzzle)
    init = check_choice(init, "init", INITS)
    relax = check_count(relax, "relax")
    seed = check_seed(seed)
    node_limit = check_node_limit(node_limit)
    time_limit = check_time_limit(time_limit)
    if time_limit is not None and time_limit <= 0:
        raise PuzzleError(f"time_limit must be positive, got {time_limit}")
    if init == "cp-model":
        return cp_model_start(puzzle, relax, seed, node_limit, time_limit)
    ids, compl, _ = puzzle.encode()
    out = _core().edgematch.local_init(puzzle.rows, puzzle.cols, ids, compl, puzzle.fixed_array(), init=init,
                                       relax=int(relax), seed=int(seed) & 0xFFFFFFFFFFFFFFFF,
                                       node_limit=int(node_limit or 0), time_limit=time_limit)
    info = {k: out[k] for k in ("score", "solved", "depth", "cells", "nodes")}
    info["seed"] = seed
    return np.asarray(out["board"]), info


def _merge_trajectories(trajectories: Sequence[Sequence[Tuple[float, int]]]) -> List[Tuple[float, int]]:
    points = sorted((float(t), int(s)) for traj in trajectories for t, s in traj)
    out: List[Tuple[float, int]] = []
    for t, s in points:
        if not out or s > out[-1][1]:
            out.append((t, s))
    return out


def solve_local(
    puzzle: EdgePuzzle,
    *,
    time_limit: Optional[float] = None,
    iterations: Optional[int] = None,
    seed: Optional[int] = None,
    workers: int = 1,
    checkpoint: Optional[str] = None,
    progress: bool = False,
    init: str = "cp",
    relax: int = 0,
    neighbourhood_size: Optional[int] = None,
    node_limit: Optional[int] = 20_000_000,
    tuning: Optional[Dict[str, Any]] = None,
    callback: Optional[Callable[[float, int], None]] = None,
    executor: Any = None,
    **islands: Any,
) -> Result:
    """Very-large-neighbourhood tabu search (Schaus and Deville); ``solve(p, method="vlns")`` calls it.

    Args:
        time_limit: seconds of search (per worker, the start included); ``iterations``: total
            moves per worker. At least one is needed; the search also stops on a perfect board.
        seed: worker i uses seed + i (None: a random seed, reported in ``stats["seed"]``). With
            one worker and an iteration limit the same seed gives the same board.
        workers: independent multi-starts on threads (-1 = one per core); the best board is
            returned.
        checkpoint: a file path. The best board is written there atomically at each
            improvement (checked ~20 times a second) and at the end; if the file exists the
            search resumes from it instead of ``init``.
        progress: show a tqdm bar of the best score.
        init: ``"cp"`` (relaxed CP search in row order, ``relax`` relaxed cells, ``node_limit``
            placements), ``"cp_first_fail"`` (the same with first fail and forward checking),
            ``"cp-model"`` (the CP model of section 2 on the relaxed problem, as in figure 6:
            :func:`cp_start` with ``relax`` relaxed cells and ``node_limit`` branchings, given at
            most half the ``time_limit``; the rest goes to the tabu search; worker i uses seed + i),
            ``"random"`` or ``"checkerboard"``. Fresh restarts (``tuning["restart_after"]``) use
            ``"cp"`` after a ``"cp-model"`` start.
        neighbourhood_size: |S|, cells moved at once by the assignment (None: the engine's
            default, :data:`NEIGHBOURHOOD_SIZE`).
        tuning: overrides of :data:`TUNING` (tabu tenures, plateau length, restarts, the
            neutral walk, restarts by perturbing the best board, ...).
        callback: called in the calling thread as ``callback(seconds, best_score)`` when the
            best score improves (checked ~20 times a second), e.g. to log a trajectory.
        executor: a ``concurrent.futures`` executor or a Dask client: an island model instead
            of threads (independent searches on every worker, the best board gathered into
            ``checkpoint``, the weakest searches restarted from a perturbed copy of it; options
            ``islands``, ``epoch_seconds``, ``epoch_iterations``, ``restart_every``,
            ``restart_share``, ``kicks``: see :func:`cassetete.parallel.run_islands`).

    Returns a Result: ``solution`` the best board, status ``"solved"`` when every inner join
    matches else ``"limit"``; stats ``best`` and ``score`` (the best board's matched joins),
    ``total``, ``iterations``, ``seconds``,
    ``trajectory`` [(seconds, best score), ...], ``stop`` (``"solved"``, ``"time_limit"``,
    ``"iteration_limit"`` or ``"interrupted"`` after Ctrl-C, which returns the best board).

    Example:
        >>> from cassetete.edgematch import generate, solve, verify
        >>> p, _ = generate(5, 5, colors=4, seed=3)
        >>> res = solve(p, method="vlns", time_limit=10, seed=1)
        >>> res.status, verify(p, res.solution)
        ('solved', True)
    """
    check_puzzle(puzzle)
    if executor is not None:
        if workers != 1 or callback is not None or neighbourhood_size is not None:
            raise PuzzleError("workers, callback and neighbourhood_size do not apply with an executor "
                              "(use islands=, and tuning={'size': ...})")
        time_limit = check_time_limit(time_limit)
        iterations = check_node_limit(iterations, "iterations")
        check_local_budget(time_limit, iterations)
        problem = EdgematchIslands(puzzle, init=check_choice(init, "init", INITS), options=tuning_options(tuning),
                                   relax=check_count(relax, "relax"), node_limit=node_limit)
        return run_islands(problem, executor, time_limit=time_limit, iterations=iterations, seed=seed,
                           checkpoint=checkpoint, progress=progress, **islands)
    if islands:
        raise PuzzleError(f"option(s) {sorted(islands)} only apply with an executor")
    time_limit = check_time_limit(time_limit)
    iterations = check_node_limit(iterations, "iterations")
    node_limit = check_node_limit(node_limit)
    check_local_budget(time_limit, iterations)
    workers = check_workers(workers)
    init = check_choice(init, "init", INITS)
    relax = check_count(relax, "relax")
    seed = check_seed(seed)
    progress = check_progress(progress)
    options = tuning_options(tuning)
    if neighbourhood_size is not None:
        options["size"] = check_count(neighbourhood_size, "neighbourhood_size", 1)
    ids, compl, _ = puzzle.encode()
    start = None
    if checkpoint is not None and os.path.exists(checkpoint):
        start = read_board(checkpoint, puzzle)
    starts: List[Any] = [start] * workers
    facts: List[Optional[Dict[str, Any]]] = [None] * workers
    cp_seconds = 0.0
    if init == "cp-model" and start is None:
        cp_time = None if time_limit is None else time_limit / 2
        t0 = time.perf_counter()
        for i in range(workers):
            starts[i], facts[i] = cp_model_start(puzzle, relax, (int(seed) + i) & 0x7FFFFFFFFFFFFFFF, node_limit,
                                                  cp_time)
        cp_seconds = time.perf_counter() - t0
        if time_limit is not None:
            time_limit = max(time_limit - cp_seconds, 1e-3)
    engine_init = "cp" if init == "cp-model" else init
    states = [
        _core().edgematch.LocalSearch(puzzle.rows, puzzle.cols, ids, compl, puzzle.fixed_array(),
                               seed=(int(seed) + i) & 0xFFFFFFFFFFFFFFFF, init=engine_init, relax=int(relax),
                               node_limit=int(node_limit or 0), board=starts[i], tuning=options)
        for i in range(workers)
    ]
    result = _drive(puzzle, states, time_limit, iterations, checkpoint, progress, int(seed), callback)
    if facts[0] is not None:
        k = int(result.stats["worker_scores"].index(max(result.stats["worker_scores"])))
        chosen = facts[k]
        assert chosen is not None
        result.stats.update(init="cp-model", init_score=int(chosen["score"]), init_solved=bool(chosen["solved"]),
                            init_seconds=cp_seconds, relaxed=chosen["relaxed"])
        result.stats["seconds"] += cp_seconds
    return result


def _drive(puzzle: EdgePuzzle, states, time_limit, iterations, checkpoint, progress, seed, callback) -> Result:
    total = puzzle.total_joins
    outputs: List[Optional[dict]] = [None] * len(states)
    errors: List[BaseException] = []
    seconds = float("inf") if time_limit is None else float(time_limit)

    done = [threading.Event() for _ in states]

    def work(i: int) -> None:
        try:
            outputs[i] = states[i].run(seconds, int(iterations or 0))
        except BaseException as error:  # reported in the main thread
            errors.append(error)
        finally:
            done[i].set()

    bar = None
    if progress:
        from tqdm import tqdm

        bar = tqdm(total=total, desc="best score", unit="join")
    written = -1
    best_seen = -1
    t0 = time.perf_counter()

    def refresh() -> None:
        nonlocal written, best_seen
        scores = [s.best_score() for s in states]
        best = max(scores)
        if best <= best_seen:
            return
        best_seen = best
        if bar is not None:
            bar.n = max(best, 0)
            bar.refresh()
        if checkpoint is not None and best > written:
            board = states[scores.index(best)].best_board()
            if board is not None:
                write_board(checkpoint, puzzle, board)
                written = best
        if callback is not None and best >= 0:
            callback(time.perf_counter() - t0, best)

    threads = [threading.Thread(target=work, args=(i,), daemon=True) for i in range(len(states))]
    interrupted = False
    started = 0
    try:
        for t in threads:
            t.start()
            started += 1
        # Events, not Thread.join: an interrupted join can mark a running thread as stopped.
        while not all(d.is_set() for d in done):
            next(d for d in done if not d.is_set()).wait(0.05)
            refresh()
    except KeyboardInterrupt:
        # The issue asks for Ctrl-C to keep the best board: stop the workers, return it.
        interrupted = True
        for s in states:
            s.cancel()
        for t in threads[started:]:
            if not t.ident:  # the interrupt came before this thread started: run it cancelled
                t.start()
        while not all(d.is_set() for d in done):
            try:
                for d in done:
                    d.wait()
            except KeyboardInterrupt:  # a second Ctrl-C: the workers are already stopping
                pass
    finally:
        try:
            refresh()
        finally:
            if bar is not None:
                bar.close()
    if errors:
        raise errors[0]
    wall = time.perf_counter() - t0
    scores = [s.best_score() for s in states]
    k = scores.index(max(scores))
    board = np.asarray(states[k].best_board())
    infos = [s.info() for s in states]
    stops = [o["stop"] for o in outputs if o is not None]
    if interrupted:
        stop = "interrupted"
    elif "solved" in stops:
        stop = "solved"
    else:
        stop = stops[0] if stops else "none"
    matched = int(score(puzzle, board)[0])
    stats: Dict[str, Any] = {
        "best": matched,
        "score": matched,
        "total": total,
        "iterations": int(sum(i["iterations"] for i in infos)),
        "nodes": int(sum(i["iterations"] for i in infos)),
        "seconds": wall,
        "trajectory": _merge_trajectories([s.trajectory() for s in states]),
        "stop": stop,
        "seed": seed,
        "workers": len(states),
        "worker_scores": scores,
        "init": infos[k]["init"],
        "init_score": int(infos[k]["init_score"]),
        "init_solved": bool(infos[k]["init_solved"]),
        "diversifications": int(sum(i["diversifications"] for i in infos)),
        "restores": int(sum(i["restores"] for i in infos)),
        "restarts": int(sum(i["restarts"] for i in infos)),
        "rules": {},
    }
    return certify_result(Result("solved" if matched == total else "limit", board, stats, puzzle=puzzle))
