"""Backtracking with scheduled breaks: the method of the Eternity II records since 2008 (Louis
Verhaard's 467, then Joshua Blackwood's 470 in 2021), as ``solve(puzzle, method="breaks")``.

Every piece is placed in one fixed scan order (row by row; on boards of 10 x 10 and more the
last five rows are filled column by column, as the record holders' scans do). A placement may
leave one join with its placed neighbours unmatched (a break) only while the board's breaks
stay within a schedule: how many are allowed once so many pieces are placed. The default
schedule is the one of Blackwood's 466 scenario as libblackwood (github.com/jfbucas/libblackwood)
describes it: no break in the first 200 placements, then 14 allowed one by one between placement
201 and 245, scaled to other boards. On the official puzzle, quotas on three colours (a
minimum number of their edges placed by each depth, the same scenario's curve) push the pieces
that are hard to place late to the start. Candidates are tried matching first, then breaking;
ties in a seeded random order, drawn anew at every restart.

The answer is the best complete board: one the search reached itself, or a partial board that
reached a new depth completed by a small branch and bound (any number of breaks). Every
returned board is checked here: each piece once, the clues in place, the frame on the rim,
and its score recounted from the rules.
"""

from __future__ import annotations

import numbers
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

import numpy as np

from .._errors import PuzzleError, certify
from .._options import (check_count, check_node_limit, check_progress, check_seed, check_time_limit,
                        check_workers)
from .._result import Result
from .._streams import elapsed_bar
from ..parallel import run_islands
from ._islands import EdgematchIslands
from ._model import EdgePuzzle, check_board, check_puzzle, score
from ._verify import certify_result

#: Break schedules by name, as the depths (1-based placements of a 16 x 16 scan, the clue's cell
#: included) from which one more break is allowed: the lists of libblackwood's scenarios JB466 to
#: JB470 (github.com/jfbucas/libblackwood, scenarios/jb46*.py; JB467 as before its commit
#: c306079), each aimed at the score in its name: 480 minus its breaks. libblackwood counts
#: depths from 0, so with the same numbers each break here comes one place earlier than there.
#: The scenarios also restart every 15 (JB466), 5 (JB467), 80 (JB468) and 180 (JB469) minutes;
#: here ``restart`` is given apart (default 900 s).
SCHEDULES: Dict[str, Tuple[int, ...]] = {
    "jb466": (201, 206, 211, 216, 221, 225, 229, 233, 235, 237, 239, 241, 243, 245),
    "jb467": (201, 206, 211, 216, 221, 225, 229, 233, 237, 239, 241, 243, 245),
    "jb468": (201, 206, 211, 216, 221, 225, 229, 233, 237, 239, 241, 243),
    "jb469": (201, 206, 211, 216, 221, 225, 229, 233, 237, 239, 241),
    "jb470": (197, 203, 210, 216, 221, 225, 229, 233, 236, 238),
}
#: The quota curve of JB466 on a 16 x 16 scan: (depth, edges of the quota colours placed by
#: then), linear in between, 0 outside; its colours are libblackwood's 9, 12 and 15, our
#: labels 20, 5 and 7 on the official puzzle (matched piece by piece).
QUOTA_KNOTS: Tuple[Tuple[int, int], ...] = ((16, 0), (26, 31), (56, 74), (96, 100), (156, 116))
QUOTA_LABELS: Tuple[int, ...] = (20, 5, 7)
#: Seconds between restarts unless ``restart`` is given (JB466's 15 minutes).
RESTART_SECONDS = 900.0
SCANS = ("blackwood", "row")
BAND = 5  # rows at the bottom filled column by column on boards of 10 x 10 and more


def scan_order(rows: int, cols: int, scan: str = "blackwood") -> np.ndarray:
    """The cells (row * cols + col) in the order the breaks search fills them. ``"row"``: row
    by row. ``"blackwood"``: row by row down to the last five rows (boards of 10 x 10 and more;
    smaller ones row by row), then in those rows the first five columns row by row, the middle
    columns one column at a time from the top, and the last four columns as a staircase (the
    rest of a row, then the rest of a column, ...).

    Example:
        >>> scan_order(2, 3, "row").tolist()
        [0, 1, 2, 3, 4, 5]
        >>> order = scan_order(16, 16)
        >>> order[176:181].tolist(), order[201:206].tolist(), order[236:241].tolist()
        ([176, 177, 178, 179, 180], [181, 197, 213, 229, 245], [188, 189, 190, 191, 204])
    """
    if scan not in SCANS:
        raise PuzzleError(f"scan must be one of {', '.join(SCANS)}, got {scan!r}")
    if scan == "row" or rows < 2 * BAND or cols < 2 * BAND:
        return np.arange(rows * cols, dtype=np.int32)
    top = rows - BAND
    cells: List[Tuple[int, int]] = [(r, c) for r in range(top) for c in range(cols)]
    cells += [(r, c) for r in range(top, rows) for c in range(BAND)]
    cells += [(r, c) for c in range(BAND, cols - 4) for r in range(top, rows)]
    done = set(cells)
    for k in range(BAND):  # the last four columns: a staircase
        cells += [(top + k, c) for c in range(cols - 4 + k, cols) if (top + k, c) not in done]
        done.update(cells[-cols:])
        cells += [(r, cols - 4 + k) for r in range(top + k + 1, rows) if cols - 4 + k < cols and (r, cols - 4 + k) not in done]
        done.update(cells[-rows:])
    return np.array([r * cols + c for r, c in cells], dtype=np.int32)


def _scaled(depths: Sequence[int], cells: int) -> List[int]:
    """A 16 x 16 schedule on a board of ``cells`` cells: as many breaks in proportion to the
    inner joins (at least one), at the same fractions of the scan."""
    if cells == 256:
        return list(depths)
    joins_ratio = cells / 256
    count = max(1, round(len(depths) * joins_ratio))
    picked = [depths[int(i)] for i in np.linspace(0, len(depths) - 1, count).round()]
    return [max(1, min(cells, round(d * cells / 256))) for d in picked]


def break_schedule(puzzle: EdgePuzzle, schedule: Union[str, Sequence[int], None], order: np.ndarray) -> Tuple[
        np.ndarray, List[int]]:
    """Breaks allowed per free cell of ``order`` (once it is placed) and the depths used."""
    cells = puzzle.size
    if schedule is None:
        schedule = "jb466"
    if isinstance(schedule, str):
        if schedule not in SCHEDULES:
            raise PuzzleError(f"schedule must be one of {', '.join(SCHEDULES)} or a list of depths, got {schedule!r}")
        depths = _scaled(SCHEDULES[schedule], cells)
    else:
        try:
            given = list(schedule)
        except TypeError:
            raise PuzzleError(f"schedule must be a name or a list of depths (1..{cells}), got {schedule!r}") from None
        if any(isinstance(d, bool) or not isinstance(d, numbers.Integral) or not 1 <= int(d) <= cells for d in given):
            raise PuzzleError(f"schedule depths must be integers 1..{cells}, got {given!r}")
        depths = [int(d) for d in given]
    allowed = _per_free_cell(puzzle, order, lambda depth: sum(1 for d in depths if d <= depth))
    return allowed, sorted(depths)


def _per_free_cell(puzzle: EdgePuzzle, order: np.ndarray, value) -> np.ndarray:
    """value(depth) for every free cell of ``order``, depth its 1-based place in the scan."""
    fixed = {r * puzzle.cols + c for (r, c) in puzzle.fixed}
    return np.array([value(i + 1) for i, cell in enumerate(order.tolist()) if cell not in fixed], dtype=np.int32)


def _quota(depth: int, cells: int) -> int:
    d = depth * 256 / cells
    for (d0, q0), (d1, q1) in zip(QUOTA_KNOTS, QUOTA_KNOTS[1:]):
        if d0 < d <= d1:
            return int(q0 + (q1 - q0) * (d - d0) / (d1 - d0))
    return 0


def _is_eternity2(puzzle: EdgePuzzle) -> bool:
    if (puzzle.rows, puzzle.cols, puzzle.matching) != (16, 16, "equal"):
        return False
    from ._formats import eternity2

    return bool(np.array_equal(np.asarray(puzzle.pieces), np.asarray(eternity2("none").pieces)))


def _quotas(puzzle: EdgePuzzle, quotas: Optional[bool], order: np.ndarray, labels: np.ndarray) -> Tuple[
        np.ndarray, np.ndarray]:
    if quotas is not None and not isinstance(quotas, bool):
        raise PuzzleError(f"quotas must be True, False or None, got {quotas!r}")
    official = _is_eternity2(puzzle)
    if quotas and not official:
        raise PuzzleError("quotas=True needs the official Eternity II pieces (its colours and curve); "
                          "use quotas=None or False on other puzzles")
    if not (official if quotas is None else quotas):
        return np.zeros(0, np.int32), np.zeros(0, np.int32)
    index = {int(label): i for i, label in enumerate(labels.tolist())}
    pattern = np.array([index[label] for label in QUOTA_LABELS], dtype=np.int32)
    return _per_free_cell(puzzle, order, lambda depth: _quota(depth, puzzle.size)), pattern


def engine_arrays(puzzle: EdgePuzzle, schedule: Union[str, Sequence[int], None] = None, quotas: Optional[bool] = None,
                  scan: str = "blackwood") -> Tuple[Dict[str, Any], List[int]]:
    """What the C++ breaks search reads, as the keyword arguments of its binding, and the
    schedule's depths. The search calls it, and so does ``bench/pgo_workload.py``, which writes
    the same arrays for the profile-guided build's training run (CMake's ``CASSETETE_PGO``).

    Example:
        >>> from cassetete.edgematch import eternity2
        >>> arrays, depths = engine_arrays(eternity2(), "jb467")
        >>> arrays["pieces"].shape, arrays["allowed"].size, int(arrays["allowed"][-1]), depths[0]
        ((256, 4), 255, 13, 201)
    """
    order = scan_order(puzzle.rows, puzzle.cols, scan)
    allowed, depths = break_schedule(puzzle, schedule, order)
    ids, compl, labels = puzzle.encode()
    quota, pattern = _quotas(puzzle, quotas, order, labels)
    arrays = dict(rows=puzzle.rows, cols=puzzle.cols, pieces=ids, compl=compl, fixed=puzzle.fixed_array(),
                  order=order, allowed=allowed, quota=quota, pattern=pattern)
    return arrays, depths


def check_complete(puzzle: EdgePuzzle, board: Any, claimed: int) -> np.ndarray:
    """``board`` once it is a complete board of ``puzzle`` (every piece once, the clues in
    place, frame edges exactly on the rim) that matches ``claimed`` joins;
    :class:`cassetete.CheckFailed` otherwise (a bug, never returned)."""
    b = check_board(puzzle, board, what="breaks board")
    pieces = sorted(int(x) for x in b[:, :, 0].ravel())
    certify(pieces == list(range(puzzle.size)), "edgematch", "breaks board: not every piece once")
    for (r, c), (p, rot) in puzzle.fixed.items():
        certify(int(b[r, c, 0]) == p and puzzle.edges(p, rot) == puzzle.edges(p, int(b[r, c, 1])), "edgematch",
                f"breaks board: the clue at ({r}, {c}) moved")
    for r in range(puzzle.rows):
        for c in range(puzzle.cols):
            n, e, s, w = puzzle.edges(int(b[r, c, 0]), int(b[r, c, 1]))
            rim = (r == 0, c == puzzle.cols - 1, r == puzzle.rows - 1, c == 0)
            certify(all((edge == 0) == on_rim for edge, on_rim in zip((n, e, s, w), rim)), "edgematch",
                    f"breaks board: cell ({r}, {c}) shows the frame off the rim or an edge on it")
    certify(score(puzzle, b)[0] == claimed, "edgematch", "breaks board: its score differs from the engine's")
    return b


class BreaksIslands(EdgematchIslands):
    """The breaks search for the island model (``solve(p, method="breaks", executor=...)``):
    each epoch is one breaks search with the epoch's own seed (a restart with fresh candidate
    orders), and the island keeps the better of its board and the epoch's. With ``polish``, the
    epoch's share goes on to the very large neighbourhood search from the better of the two
    (the hybrid, on every worker). Scores, restarts from the best board and checkpoints are the
    local search's (:class:`~cassetete.edgematch._islands.EdgematchIslands`).

    Example:
        >>> from cassetete import edgematch
        >>> puzzle, _ = edgematch.generate(5, 5, colors=4, seed=3)
        >>> out = BreaksIslands(puzzle, {}).epoch(None, 1, 5.0, 2_000_000)
        >>> out["score"] == edgematch.score(puzzle, out["board"])[0] == puzzle.total_joins
        True
    """

    def __init__(self, puzzle: EdgePuzzle, options: Dict[str, Any]) -> None:
        super().__init__(puzzle, init="random")
        self.breaks_options = dict(options)

    def epoch(self, board: Optional[np.ndarray], seed: int, seconds: float, iterations: int) -> Dict[str, Any]:
        options = dict(self.breaks_options)
        polish = options.pop("polish", None)
        limit = seconds if seconds != float("inf") else None
        result = solve_breaks(self.puzzle, time_limit=None if limit is None else limit * (1 - (polish or 0)),
                              node_limit=iterations or None, seed=seed & 0x7FFFFFFFFFFFFFFF, **options)
        found, matched = result.solution, int(result.stats["score"])
        if board is not None and (found is None or self.score(board) > matched):
            found, matched = np.asarray(board), self.score(board)
        if polish and limit is not None and found is not None and matched < self.total:
            polished = _polish(self.puzzle, result if found is result.solution else Result(
                "limit", found, {**result.stats, "score": matched, "best": matched}, puzzle=self.puzzle,
                family="edgematch"), limit * polish, seed & 0x7FFFFFFFFFFFFFFF, 1, False)
            found, matched = polished.solution, int(polished.stats["score"])
        return {"board": found, "score": matched if found is not None else -1,
                "iterations": int(result.stats["nodes"])}


def solve_breaks(
    puzzle: EdgePuzzle,
    *,
    time_limit: Optional[float] = None,
    node_limit: Optional[int] = None,
    seed: Optional[int] = None,
    workers: int = 1,
    progress: bool = False,
    schedule: Union[str, Sequence[int], None] = None,
    quotas: Optional[bool] = None,
    scan: str = "blackwood",
    restart: Optional[float] = RESTART_SECONDS,
    restart_nodes: Optional[int] = None,
    complete_nodes: int = 20000,
    complete_tail: int = 6,
    polish: Optional[float] = None,
    executor: Any = None,
    checkpoint: Optional[str] = None,
    islands: Optional[int] = None,
    epoch_seconds: Optional[float] = None,
    **unknown: Any,
) -> Result:
    """Backtracking with scheduled breaks; ``solve(p, method="breaks")`` calls it.

    Args:
        time_limit, node_limit: bound the whole call (placements summed over the workers; the
            node limit is shared out between them). Without either the search runs until it
            solves the puzzle, exhausts its tree or Ctrl-C (``KeyboardInterrupt``).
        seed: worker i uses seed + i (None: a fresh seed, reported in ``stats["seed"]``); with a
            ``node_limit`` and no time limit the same seed gives the same board.
        workers: independent searches on threads (-1 = one per core), the best board returned.
        schedule: ``"jb466"`` (the default: 14 breaks), ``"jb467"`` (13), ``"jb468"`` (12),
            ``"jb469"`` (11), ``"jb470"`` (10), scaled to the board's size, or a list of depths
            (1-based places in the scan, clues included) from each of which one more break is
            allowed.
        quotas: None (on for the official Eternity II pieces, off otherwise), True or False.
        scan: ``"blackwood"`` (see :func:`scan_order`) or ``"row"``.
        restart: seconds between fresh candidate orders (None: never); ``restart_nodes``:
            placements between them (None: never).
        complete_nodes: placements of the branch and bound that completes each new deepest
            partial board (from 64 cells left) and every partial board with at most
            ``complete_tail`` cells left that could still beat the best.
        polish: the hybrid: this share of ``time_limit`` (0 < polish < 1) goes to Schaus and
            Deville's very large neighbourhood search started from the breaks search's board
            (each worker from the best board); the result is the better board, its
            ``stats["polish"]`` the local search's own stats, the trajectory both in turn.
        executor: a ``concurrent.futures`` executor or a Dask client: an island model
            (:func:`cassetete.parallel.run_islands` with :class:`BreaksIslands`): ``islands``
            searches (default: one per worker) in epochs of ``epoch_seconds`` (default: the
            ``restart`` interval, cut to the time limit), each epoch a restart with its own
            seed, the weakest islands restarted from the best board; ``checkpoint`` (a board
            file) keeps the best board and a rerun resumes from it. ``workers`` is then 1.

    Returns a Result: ``solution`` the best complete board (None when no board could be
    completed), status ``"solved"`` when every join matches, else ``"limit"``; stats ``score``
    (= ``best``) and ``total``, ``trajectory`` [(seconds, best score), ...], ``depth`` (most
    pieces placed at once, clues included) and ``depth_breaks`` (its breaks), ``partial_score``
    (total minus those breaks: the deepest board counted as if its empty cells all matched),
    ``full_boards``, ``completions``, ``restarts``, ``filters`` (times the candidate lists were
    copied without the pieces of the depths no back-up had reached), ``nodes``, ``seconds``, ``stop``
    (``"solved"``, ``"exhausted"``: every board the schedule allows was tried, ``"time_limit"``,
    ``"node_limit"``), ``seed``, ``workers``, ``worker_scores``, ``schedule`` (the depths),
    ``depth_profile``: the search's placements on the last 64 depths of the scan by the breaks
    on the board (completions left out, workers summed), as ``{"first_depth": D, "counts":
    rows}``, row i for boards of D + i pieces (clues included), column b for b breaks: how many
    deep boards with few breaks a schedule makes per second.

    Example:
        >>> from cassetete.edgematch import generate, solve, verify
        >>> p, _ = generate(5, 5, colors=4, seed=3)
        >>> res = solve(p, method="breaks", seed=1, node_limit=2_000_000)
        >>> res.status, verify(p, res.solution)
        ('solved', True)
    """
    check_puzzle(puzzle)
    if unknown:
        raise PuzzleError(f"option(s) {sorted(unknown)} do not apply to method='breaks'; its options: schedule, "
                          f"quotas, scan, restart, restart_nodes, complete_nodes, complete_tail, polish, "
                          f"executor, checkpoint, islands, epoch_seconds")
    time_limit = check_time_limit(time_limit)
    node_limit = check_node_limit(node_limit)
    seed = check_seed(seed)
    workers = check_workers(workers)
    progress = check_progress(progress)
    complete_nodes = check_count(complete_nodes, "complete_nodes")
    complete_tail = check_count(complete_tail, "complete_tail")
    if restart is not None:
        checked = check_time_limit(restart, "restart")
        if checked is None or not checked > 0:
            raise PuzzleError(f"restart must be a positive number of seconds or None, got {restart}")
        restart = checked
    restart_nodes = check_node_limit(restart_nodes, "restart_nodes")
    if restart_nodes == 0:
        raise PuzzleError("restart_nodes must be positive or None")
    if executor is None and (checkpoint is not None or islands is not None or epoch_seconds is not None):
        raise PuzzleError("checkpoint, islands and epoch_seconds of method='breaks' only apply with an executor")
    if executor is not None:
        if workers != 1:
            raise PuzzleError("give workers= (threads of this process) or executor=, not both")
        if time_limit is None and node_limit is None:
            raise PuzzleError("method='breaks' with an executor needs a time_limit or a node_limit")
        if polish is not None and not (isinstance(polish, numbers.Real) and not isinstance(polish, bool)
                                       and 0 < polish < 1):
            raise PuzzleError(f"polish must be a share of the time limit, 0 < polish < 1, got {polish!r}")
        options = dict(schedule=schedule, quotas=quotas, scan=scan, restart=restart, restart_nodes=restart_nodes,
                       complete_nodes=complete_nodes, complete_tail=complete_tail, polish=polish)
        problem = BreaksIslands(puzzle, options)
        problem.epoch(None, 0, 0.0, 1)  # the options checked here, before any task is sent
        if epoch_seconds is None and time_limit is not None:
            epoch_seconds = min(restart or RESTART_SECONDS, time_limit)
        result = run_islands(problem, executor, time_limit=time_limit, iterations=node_limit, seed=seed,
                             checkpoint=checkpoint, islands=islands, epoch_seconds=epoch_seconds, progress=progress)
        if result.solution is not None:
            check_complete(puzzle, result.solution, int(result.stats["score"]))
        return certify_result(result)
    if polish is not None:
        if isinstance(polish, bool) or not isinstance(polish, numbers.Real) or not 0 < polish < 1:
            raise PuzzleError(f"polish must be a share of the time limit, 0 < polish < 1, got {polish!r}")
        if time_limit is None:
            raise PuzzleError("polish needs a time_limit (its share goes to the local search)")
        result = solve_breaks(puzzle, time_limit=time_limit * (1 - polish), node_limit=node_limit, seed=seed,
                              workers=workers, progress=progress, schedule=schedule, quotas=quotas, scan=scan,
                              restart=restart, restart_nodes=restart_nodes, complete_nodes=complete_nodes,
                              complete_tail=complete_tail)
        return _polish(puzzle, result, time_limit - result.stats["seconds"], seed, workers, progress)
    arrays, depths = engine_arrays(puzzle, schedule, quotas, scan)
    quota = arrays["quota"]
    free = int(arrays["allowed"].size)
    with elapsed_bar(progress, "solving (breaks)", time_limit):
        out = _core().edgematch.breaks(
            **arrays, seed=int(seed) & 0xFFFFFFFFFFFFFFFF, restart_seconds=float(restart or 0.0),
            restart_nodes=int(restart_nodes or 0), complete_nodes=int(complete_nodes),
            complete_from=max(0, free - 64), complete_tail=complete_tail, workers=workers, time_limit=time_limit, node_limit=node_limit)
    total = puzzle.total_joins
    board = None if out["board"] is None else check_complete(puzzle, np.asarray(out["board"]), int(out["score"]))
    matched = int(out["score"]) if board is not None else -1
    stops = [s for s in out["stops"] if s not in ("none", "cancelled")]
    if matched == total:
        stop = "solved"
    elif out["exhausted"]:
        stop = "exhausted"
    else:
        stop = stops[0] if stops else "none"
    depth = int(out["best_depth"]) + len(puzzle.fixed)
    stats: Dict[str, Any] = {
        "nodes": int(out["nodes"]), "seconds": float(out["seconds"]), "score": matched, "best": matched,
        "total": total, "trajectory": [(float(t), int(s)) for t, s in out["trajectory"]], "stop": stop,
        "seed": seed, "workers": workers, "worker_scores": [int(s) for s in out["worker_scores"]],
        "depth": depth, "depth_breaks": int(out["best_depth_breaks"]),
        "partial_score": total - int(out["best_depth_breaks"]), "full_boards": int(out["full_boards"]),
        "completions": int(out["completions"]), "restarts": int(out["restarts"]),
        "filters": int(out["filters"]), "schedule": depths,
        "depth_profile": {"first_depth": int(out["profile_from"]) + len(puzzle.fixed),
                          "counts": [[int(c) for c in row] for row in out["profile"]]},
        "quotas": bool(quota.size), "scan": scan, "rules": {},
    }
    return certify_result(Result("solved" if matched == total else "limit", board, stats, puzzle=puzzle,
                                 family="edgematch"))


def _polish(puzzle: EdgePuzzle, result: Result, seconds: float, seed: int, workers: int, progress: bool) -> Result:
    """The very large neighbourhood search from the breaks search's best board for ``seconds``."""
    if result.status == "solved" or result.solution is None or seconds <= 0:
        return result
    import os
    import tempfile

    from ._formats import write_board
    from ._local import solve_local

    with tempfile.TemporaryDirectory(prefix="cassetete-polish-") as folder:
        start = os.path.join(folder, "start.txt")  # solve_local resumes from an existing checkpoint
        write_board(start, puzzle, result.solution)
        local = solve_local(puzzle, time_limit=seconds, seed=seed, workers=workers, checkpoint=start,
                            progress=progress)
    stats = dict(result.stats)
    offset = float(result.stats["seconds"])
    better = local.stats["score"] > result.stats["score"]
    stats["trajectory"] = list(result.stats["trajectory"]) + [
        (offset + float(t), int(s)) for t, s in local.stats["trajectory"] if int(s) > int(result.stats["score"])]
    stats["polish"] = {k: v for k, v in local.stats.items() if k != "trajectory"}
    stats["seconds"] = offset + float(local.stats["seconds"])
    stats["nodes"] = int(result.stats["nodes"]) + int(local.stats["nodes"])
    board = local.solution if better else result.solution
    matched = int(local.stats["score"]) if better else int(result.stats["score"])
    check_complete(puzzle, board, matched)
    stats.update(score=matched, best=matched)
    if better:
        stats["stop"] = local.stats["stop"]
    return certify_result(Result("solved" if matched == puzzle.total_joins else "limit", board, stats,
                                 puzzle=puzzle, family="edgematch"))


def _core():
    from .. import _core

    return _core
