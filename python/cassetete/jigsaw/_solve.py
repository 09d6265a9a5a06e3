"""Solve a jigsaw puzzle: board size from the border pieces, the labelled
``EdgePuzzle(matching="opposite")`` solved by the exact edge-matching engine, every join
checked by fit, and the fit-scored assembly when the labels are not exact."""

from __future__ import annotations

import time
from typing import Optional, Tuple

import numpy as np

from .._errors import LimitReached, PuzzleError, certify
from .._result import FEASIBLE, LIMIT, SOLVED, UNSATISFIABLE, Result
from ._assemble import DOUBT_COST, assemble, check_joins, dissimilarities, improve_doubtful
from ._board import board_size, repair_kinds, rim_problem
from ._cluster import edge_labels, inner_joins, pair_labels
from ._edges import FLAT, EdgeSet, analyse
from ._encode import encode_edges
from ._model import JigsawPuzzle, board_key, where
from ._scan import dropped_text
from ._verify import board_problem

METHODS = ("auto", "labels", "fit")
METHOD_NOTES = {  # what each method is good for (Béhague (2024), section 2, and the fit assembly)
    "auto": "labels, and the fit assembly when the labelled puzzle fails or a join is doubtful",
    "labels": "Béhague's pipeline: edge encodings, k-means classes, signed labels, exact edge-matching search",
    "fit": "frame-first beam assembly on the pairwise edge dissimilarities (real scans)",
}


def _board_size_of(puzzle: JigsawPuzzle, edges: EdgeSet) -> Tuple[int, int]:
    """:func:`board_size`, and when the count fits no rectangle while piece-like shapes were
    left out at an image border, an error that names where they are."""
    try:
        return board_size(edges.kinds)
    except PuzzleError as error:
        if not puzzle.dropped:
            raise
        raise PuzzleError(f"{error}; {len(puzzle.dropped)} shape(s) that look like pieces touch the image border "
                          f"and were left out: {dropped_text(puzzle.dropped)} (move them away from the border "
                          f"and scan again)") from None


def edge_puzzle(labels: np.ndarray, rows: int, cols: int):
    """The PUZZLE instance of the labels: ``EdgePuzzle(rows, cols, labels, matching="opposite")``
    (each piece's edges in outline order stand for N, E, S, W of rotation 0).

    Example:
        >>> edge_puzzle(np.array([[0, 1, 0, 0], [0, 0, 0, -1]]), 1, 2)
        EdgePuzzle(1 x 2, 'opposite', 0 fixed)
    """
    from ..edgematch import EdgePuzzle

    return EdgePuzzle(rows, cols, labels, matching="opposite")


def solve(puzzle: JigsawPuzzle, *, method: str = "auto", encoding: str = "chain", precision: Optional[int] = None,
          k: Optional[int] = None, time_limit: Optional[float] = None, node_limit: Optional[int] = None,
          beam: int = 8, doubt_cost: float = DOUBT_COST, started: Optional[float] = None, seed: int = 0,
          classes: str = "kmeans") -> Result:
    """Assemble a puzzle, its options already checked (by :func:`cassetete.jigsaw.solve`, the
    verb, which also reads the pieces); ``stats["seconds"]`` counts from ``started``.

    Example:
        >>> from cassetete.jigsaw import generate
        >>> solve(generate(2, 3, seed=1)[0]).status
        'solved'
    """
    start = time.perf_counter() if started is None else started
    if len(puzzle) < 4:
        raise PuzzleError(f"{len(puzzle)} pieces: a jigsaw needs at least 4 (a 2 x 2 board)")
    edges = analyse(puzzle)
    repaired = repair_kinds(edges)
    bad = rim_problem(edges.kinds)
    if bad is not None:
        raise PuzzleError(f"{where(puzzle[bad], bad)}: flat edges {np.flatnonzero(edges.kinds[bad] == FLAT).tolist()} "
                          f"cannot lie on the rim of a rectangle")
    rows, cols = _board_size_of(puzzle, edges)
    diss = dissimilarities(edges)
    stats: dict = {"rows": rows, "cols": cols, "pieces": len(puzzle), "nodes": 0, "encoding": encoding,
                   "reclassified_edges": repaired}
    if puzzle.dropped:  # the pieces fit a rectangle anyway: a warning, not an error
        stats["dropped_at_border"] = list(puzzle.dropped)
        stats["warnings"] = [f"{len(puzzle.dropped)} shape(s) touching the image border look like pieces and "
                             f"were left out: {dropped_text(puzzle.dropped)}"]
    tabs, blanks = int((edges.kinds == 1).sum()), int((edges.kinds == -1).sum())
    stats["tabs"], stats["blanks"] = tabs, blanks
    board, status, used, unique = None, UNSATISFIABLE, None, None
    if method in ("labels", "auto"):
        board, status, unique = _solve_labels(edges, rows, cols, encoding, precision, k, time_limit, node_limit,
                                              stats, seed, classes)
        used = "labels"
        if method == "auto" and classes == "kmeans" and board is None and tabs == blanks and k is None:
            # the paper's classes left a label without a partner (or no assembly): one tab and
            # one blank per class instead; its uniqueness confirms no doubtful join (see _reexamine)
            tried = {key: stats.pop(key) for key in ("labels_error", "label_solutions", "label_solutions_complete",
                                                     "classes") if key in stats}
            board, status, _ = _solve_labels(edges, rows, cols, encoding, precision, k, time_limit, node_limit,
                                             stats, seed, "pairs")
            stats["kmeans_labels"] = tried
        if stats.get("label_solutions") == "2+":
            stats.setdefault("stop", "label_solutions")
    check = check_joins(edges, diss, board, doubt_cost) if board is not None else None
    several = stats.get("label_solutions") == "2+"
    if method == "fit" or (method == "auto" and (check is None or several or check["doubtful"]
                                                  or not check["rim_ok"])):
        remaining = None if time_limit is None else max(0.0, time_limit - (time.perf_counter() - start))
        fit_board, fit_stats = assemble(edges, diss, rows, cols, beam=beam, time_limit=remaining)
        stats["nodes"] += int(fit_stats["nodes"])
        if fit_board is not None:
            fit_check = check_joins(edges, diss, fit_board, doubt_cost)
            if check is None or several or len(fit_check["doubtful"]) < len(check["doubtful"]) \
                    or not check["rim_ok"]:
                board, check, used = fit_board, fit_check, "fit"
                status = SOLVED if fit_stats["complete"] else LIMIT
                stats.pop("stop", None)
                if fit_stats["stop"] != "none":
                    stats["stop"] = fit_stats["stop"]
    if board is not None and check is not None and check["doubtful"] and check["rim_ok"] \
            and (board[:, :, 0] >= 0).all() and status in (SOLVED, LIMIT) and stats.get("stop") != "time_limit":
        board, check = _reexamine(edges, diss, board, check, doubt_cost, unique, stats)
    stats["method"] = used
    if board is not None and check is not None:
        stats["joins"] = len(check["costs"])
        stats["doubtful_joins"] = len(check["doubtful"])
        stats["doubtful"] = [tuple(map(tuple, pair)) for pair in check["doubtful"]]
        puzzle._doubtful[board_key(board)] = list(stats["doubtful"])  # what render_svg marks for this board
        finite = check["costs"][np.isfinite(check["costs"])]
        stats["worst_fit"] = float(finite.max()) if len(finite) else float("inf")
        if status == SOLVED and (check["doubtful"] or not check["rim_ok"] or (board[:, :, 0] < 0).any()):
            status = LIMIT
    stats["seconds"] = time.perf_counter() - start
    if status == LIMIT and "stop" not in stats:
        stats["stop"] = "doubtful_joins"
    if status == LIMIT and board is not None and stats["stop"] in ("doubtful_joins", "label_solutions") \
            and board_problem(edges, board) is None:
        # A complete assembly that keeps every rule (each piece once, flat rim, tab against blank
        # at every join) is an answer, not a stopped search: FEASIBLE says it is not proved to be
        # the intended one (joins that fit only roughly, or several labelled assemblies).
        status = FEASIBLE
        stats["unproved"] = stats["stop"]
        stats["stop"] = "none"
    if status == SOLVED:  # issue 22: a solved board passes the rules' own check, or is never returned
        problem = board_problem(edges, board) if board is not None else "no board"
        if problem is None and check is not None and (check["doubtful"] or not check["rim_ok"]):
            problem = "a join is doubtful"
        certify(problem is None, "jigsaw", problem or "")
    return Result(status, board, stats, puzzle=puzzle, family="jigsaw")


def _solve_labels(edges: EdgeSet, rows: int, cols: int, encoding: str, precision, k, time_limit, node_limit,
                  stats: dict, seed: int = 0, classes: str = "kmeans"):
    from .. import edgematch

    features, where_ = encode_edges(edges, encoding, precision)
    tabs = int((edges.kinds == 1).sum())
    if k is None:  # one class per inner join: 2mn - m - n
        k = min(inner_joins(rows, cols), len(features))
    init = "tabs" if k == tabs else "kmeans++"
    if init == "kmeans++" and classes == "kmeans":
        stats["seed"] = seed  # the random start of the classes (with one class per tab there is none)
    stats["class_method"] = classes
    try:
        if classes == "pairs":
            if k != tabs:
                raise PuzzleError(f"classes='pairs' makes one class per join ({tabs}), not k = {k}")
            labels = pair_labels(edges, features, where_)
        else:
            labels = edge_labels(edges, features, where_, k, init=init, seed=seed)
        epuzzle = edge_puzzle(labels, rows, cols)
    except PuzzleError as error:  # a class of tabs with no blank: the labels cannot be exact
        stats["labels_error"] = str(error)
        stats["label_solutions"] = 0
        return None, UNSATISFIABLE, None
    stats["classes"] = int(np.abs(labels).max())
    # a turned board is another solution of the labelled puzzle (half a turn; a quarter turn
    # too when the board is square), so g solutions are one assembly: ask for 2g to tell
    # one assembly from several
    turns = 4 if rows == cols else 2
    boards = []
    status = SOLVED
    try:
        for board in edgematch.solutions(epuzzle, limit=2 * turns, order="first_fail", time_limit=time_limit,
                                         node_limit=node_limit):
            boards.append(np.asarray(board, dtype=np.int64))
    except LimitReached as stop:   # cut short: the count below is a lower bound
        status = LIMIT
        stats["nodes"] += int(stop.stats.get("nodes", 0))
        reason = stop.stats.get("stop")
        stats["stop"] = reason if reason not in (None, "none") else ("time_limit" if time_limit is not None
                                                                     else "node_limit")
    distinct = len(boards) // turns if status == SOLVED else (len(boards) > turns) + (len(boards) > 0)
    stats["label_solutions"] = "2+" if distinct >= 2 else distinct
    stats["label_solutions_complete"] = status == SOLVED
    if not boards:
        return None, (UNSATISFIABLE if status == SOLVED else LIMIT), None
    if distinct >= 2:  # several assemblies fit the labels: the labels decide nothing
        return boards[0], LIMIT, None
    # a unique assembly under the paper's classes is a witness _reexamine may use; under pair classes
    # (each label has exactly one partner) uniqueness is much easier to reach, so it confirms nothing
    return boards[0], status, (boards[0] if status == SOLVED and classes == "kmeans" else None)


def _reexamine(edges: EdgeSet, diss, board: np.ndarray, check: dict, doubt_cost: float,
               unique: Optional[np.ndarray], stats: dict):
    """The second look at the doubtful joins (``stats["doubtful_before"]``, ``"reexamined"``).

    First :func:`improve_doubtful`: a swap or turn of the pieces around a doubtful join that
    makes the total fit strictly better is made, until none is left (a local optimum).

    Then a doubtful join is counted as confirmed only when two independent witnesses agree:
    the labelled PUZZLE instance (classes from k-means on the encodings, which never look at
    the dissimilarities) has exactly one assembly up to turning the whole board, proved by the
    exhaustive search (asked for two assemblies, finished without a limit), and the board is
    that assembly, and no swap or turn improves its fit. Under the labels there is then no
    other board at all: any other arrangement breaks a tab-blank class of some join, so the
    join is not a choice between near-alike edges any more. This is sound as far as the
    classes are: a wrong board passes only if k-means put two wrong edges in one class *and*
    that mistake still leaves exactly one assembly, the same one the fit prefers. Without a
    unique labelled assembly the joins stay doubtful and the status stays ``"limit"``.
    """
    started = time.perf_counter()
    before = len(check["doubtful"])
    stats["doubtful_before"] = before
    better, info = improve_doubtful(edges, diss, board, check["doubtful"])
    local_optimum = info["converged"] and not info["moves"]   # the board kept is one no move improves
    if info["moves"]:
        new_check = check_joins(edges, diss, better, doubt_cost)
        if new_check["rim_ok"] and len(new_check["doubtful"]) <= before:
            board, check, local_optimum = better, new_check, info["converged"]
    stats["reexamined"] = {"moves": info["moves"], "local_optimum": local_optimum, "confirmed": 0,
                           "seconds": time.perf_counter() - started}
    if check["doubtful"] and local_optimum and unique is not None and _same_up_to_turn(board, unique) \
            and board_problem(edges, board) is None:
        stats["reexamined"]["confirmed"] = len(check["doubtful"])
        check = dict(check, doubtful=[])
    return board, check


def _same_up_to_turn(a: np.ndarray, b: np.ndarray) -> bool:
    """Whether boards a and b are one assembly, the whole board turned or not."""
    for q in range(4):
        turned = np.rot90(b, -q).copy()          # the board turned q quarter turns clockwise
        if turned.shape != a.shape:
            continue
        turned[:, :, 1] = (turned[:, :, 1] + q) % 4
        if np.array_equal(turned, a):
            return True
    return False
