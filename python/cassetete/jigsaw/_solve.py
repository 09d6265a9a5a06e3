"""Solve a jigsaw from its pieces: board size from the border pieces, the labelled
``EdgePuzzle(matching="opposite")`` solved by the exact edge-matching engine, every join
checked by fit, and the fit-scored assembly when the labels are not exact."""

from __future__ import annotations

import math
import os
import time
from typing import Any, Optional, Sequence, Tuple

import numpy as np

from .._errors import LimitReached, PuzzleError, certify
from .._options import check_choice, check_count, check_node_limit, check_time_limit
from .._result import LIMIT, SOLVED, UNSATISFIABLE, Result
from ._assemble import DOUBT_COST, assemble, check_joins, dissimilarities
from ._cluster import edge_labels, inner_joins
from ._edges import FLAT, EdgeSet, find_edges
from ._encode import ENCODINGS, encode_edges
from ._piece import JigsawPuzzle, where

METHODS = ("auto", "labels", "fit")


def board_size(kinds: np.ndarray) -> Tuple[int, int]:
    """(rows, cols), rows <= cols, from the edge kinds: an m x n board has 4 corner pieces
    (two flat edges), 2(m-2) + 2(n-2) border pieces (one) and mn pieces in all.

    Raises PuzzleError when the counts fit no rectangle.

    Example:
        >>> from cassetete.jigsaw import generate, find_edges
        >>> board_size(find_edges(generate(3, 5, seed=1)[0]).kinds)
        (3, 5)
    """
    kinds = np.asarray(kinds)
    n = len(kinds)
    flats = (kinds == FLAT).sum(axis=1)
    corners, border = int((flats == 2).sum()), int((flats == 1).sum())
    found = f"{n} pieces ({corners} corner, {border} border, {n - corners - border} inner)"
    if corners != 4:
        raise PuzzleError(f"{found} fit no rectangle: a rectangle has 4 corner pieces (two flat edges)")
    if border % 2:
        raise PuzzleError(f"{found} fit no rectangle: a rectangle has an even number of border pieces "
                          f"(one flat edge)")
    total = border // 2 + 4                           # rows + cols
    disc = total * total - 4 * n
    root = math.isqrt(disc) if disc >= 0 else -1
    if root < 0 or root * root != disc or (total - root) % 2:
        raise PuzzleError(f"{found} fit no rectangle: the border makes rows + cols = {total}, "
                          f"which no rows x cols = {n} has")
    rows, cols = (total - root) // 2, (total + root) // 2
    if rows < 2:
        raise PuzzleError(f"{n} pieces would make a {rows} x {cols} board; boards of one row are not handled")
    return rows, cols


def _board_size_of(puzzle: JigsawPuzzle, edges: EdgeSet) -> Tuple[int, int]:
    """:func:`board_size`, and when the count fits no rectangle while piece-like shapes were
    left out at an image border, an error that names where they are."""
    try:
        return board_size(edges.kinds)
    except PuzzleError as error:
        if not puzzle.dropped:
            raise
        from ._segment import dropped_text

        raise PuzzleError(f"{error}; {len(puzzle.dropped)} shape(s) that look like pieces touch the image border "
                          f"and were left out: {dropped_text(puzzle.dropped)} (move them away from the border "
                          f"and scan again)") from None


def _rim_problem(kinds: np.ndarray) -> Optional[int]:
    """The first piece whose flat edges cannot lie on the rim of a rectangle, or None."""
    for i, row in enumerate(kinds):
        flat = row == FLAT
        if flat.sum() > 2 or (flat.sum() == 2 and any(flat[k] and flat[(k + 2) % 4] for k in range(4))):
            return i
    return None


def _consistent(kinds: np.ndarray) -> bool:
    if _rim_problem(kinds) is not None:
        return False
    try:
        rows, cols = board_size(kinds)
    except PuzzleError:
        return False
    joins = 2 * rows * cols - rows - cols
    return int((kinds == 1).sum()) == joins == int((kinds == -1).sum())


def repair_kinds(edges: EdgeSet, tries: int = 8) -> list:
    """Make the edge kinds fit a rectangle when a few are misread: a flat edge read as a knob
    (or the reverse) breaks the corner and border counts. The edges whose bulge is nearest
    the flat tolerance are flipped, one or two at a time, until the kinds fit a board with as
    many tabs as blanks as inner joins. Changes ``edges.kinds`` in place; returns the flipped
    (piece, edge) pairs ([] when nothing needed fixing or nothing worked).

    Example:
        >>> from cassetete.jigsaw import generate, find_edges
        >>> es = find_edges(generate(3, 4, seed=1)[0])
        >>> repair_kinds(es)
        []
    """
    from itertools import combinations

    from ._edges import BLANK, FLAT_TOLERANCE, TAB

    if _consistent(edges.kinds) or edges.bulge is None:
        return []
    margin = np.abs(edges.bulge - FLAT_TOLERANCE)
    doubtful = np.dstack(np.unravel_index(np.argsort(margin, axis=None)[:tries], margin.shape))[0]
    for count in (1, 2):
        for subset in combinations(range(len(doubtful)), count):
            kinds = edges.kinds.copy()
            for j in subset:
                i, k = (int(x) for x in doubtful[j])
                if kinds[i, k] != FLAT:
                    kinds[i, k] = FLAT
                else:
                    v = edges.curves[i][k][:, 1]
                    kinds[i, k] = TAB if v.max() >= -v.min() else BLANK
            if _consistent(kinds):
                edges.kinds[:] = kinds
                return [tuple(int(x) for x in doubtful[j]) for j in subset]
    return []


def edge_puzzle(labels: np.ndarray, rows: int, cols: int):
    """The PUZZLE instance of the labels: ``EdgePuzzle(rows, cols, labels, matching="opposite")``
    (each piece's edges in outline order stand for N, E, S, W of rotation 0).

    Example:
        >>> edge_puzzle(np.array([[0, 1, 0, 0], [0, 0, 0, -1]]), 1, 2)
        EdgePuzzle(1 x 2, 'opposite', 0 fixed)
    """
    from ..edgematch import EdgePuzzle

    return EdgePuzzle(rows, cols, labels, matching="opposite")


def _load(pieces: Any) -> JigsawPuzzle:
    if isinstance(pieces, JigsawPuzzle):
        return pieces
    if isinstance(pieces, (str, os.PathLike)) or (
            isinstance(pieces, (list, tuple)) and pieces and all(isinstance(p, (str, os.PathLike)) for p in pieces)):
        from ._segment import read_image

        paths = [pieces] if isinstance(pieces, (str, os.PathLike)) else list(pieces)
        return JigsawPuzzle(read_image(paths), sources=[str(p) for p in paths])
    return JigsawPuzzle(pieces)


def analyse(puzzle: JigsawPuzzle) -> EdgeSet:
    """The puzzle's corners and edges, computed once and kept on it."""
    cached = puzzle._edges
    if cached is None:
        cached = find_edges(puzzle.pieces)
        puzzle._edges = cached
    return cached


def solve(pieces: Any, *, method: str = "auto", encoding: str = "chain", precision: Optional[int] = None,
          k: Optional[int] = None, time_limit: Optional[float] = None, node_limit: Optional[int] = None,
          beam: int = 8, doubt_cost: float = DOUBT_COST) -> Result:
    """Assemble a jigsaw from the shapes of its pieces.

    Args:
        pieces: a :class:`JigsawPuzzle`, a list of :class:`Piece` or of (k, 2) outlines, or an
            image path (or a list of paths: one puzzle scanned over several images).
        method: ``"labels"`` (the pipeline of Béhague (2024), section 2: encodings, k-means
            classes, signed labels, exact edge-matching search), ``"fit"`` (frame-first beam
            assembly on the pairwise edge dissimilarities) or ``"auto"`` (labels, and the fit
            assembly when the labelled puzzle fails or a join is doubtful).
        encoding: ``"chain"`` (section 2.1, the default) or ``"ordinates"`` (section 2.3) for
            the labels. The chain code is the default because it survives scanning: with the
            labels alone it assembles 21 of 45 rendered scans against 1 of 45 for the ordinates
            (bench/results/jigsaw_accuracy.md), both assemble clean outlines exactly, and its
            quadratic size costs little in time (a 30 x 30 cut: 6.3 s against 3.5 s).
        precision: grid cells per edge (chain) or verticals (ordinates); default 48.
        k: edge classes (default: one per inner join, 2mn - m - n on an m x n board).
        beam: boards kept by the fit assembly.
        doubt_cost: fit (RMS gap in edge lengths) above which a join is doubtful.

    Returns a Result: ``solution`` (rows, cols, 2) of (piece index, quarter turns clockwise;
    a piece's edge k, from its corner k to corner k+1 clockwise, shows at side (k + r) % 4,
    sides N, E, S, W); status ``"solved"`` only when every join has been checked by fit and
    none is doubtful, ``"limit"`` with the best board otherwise (``stats["doubtful_joins"]``),
    ``"unsatisfiable"`` when ``method="labels"`` finds the labelled puzzle has no solution.
    The labelled puzzle is searched for two assemblies (a turn of the whole board is the same
    one): ``stats["label_solutions"]`` is 0, 1 or ``"2+"``; with several the labels decide
    nothing (``method="labels"`` stops with ``"limit"``, ``stats["stop"] == "label_solutions"``;
    ``"auto"`` falls back to the fit assembly, as with none). Doubtful joins get a second
    look (``stats["doubtful_before"]``, ``stats["reexamined"]``): fit-improving swaps, then
    confirmation only when the board is the unique labelled assembly (see ``_reexamine``).

    Example:
        >>> from cassetete import jigsaw
        >>> puzzle, truth = jigsaw.generate(4, 5, seed=3)
        >>> result = jigsaw.solve(puzzle)
        >>> result.status, result.solution.shape, result.stats["doubtful_joins"]
        ('solved', (4, 5, 2), 0)
    """
    start = time.perf_counter()
    check_choice(method, "method", METHODS)
    check_choice(encoding, "encoding", ENCODINGS)
    time_limit = check_time_limit(time_limit)
    node_limit = check_node_limit(node_limit)
    beam = check_count(beam, "beam", 1)
    if k is not None:
        k = check_count(k, "k", 1)
    if isinstance(doubt_cost, bool) or not isinstance(doubt_cost, (int, float)) or not doubt_cost > 0:
        raise PuzzleError(f"doubt_cost must be a positive number, got {doubt_cost!r}")
    puzzle = _load(pieces)
    if len(puzzle) < 4:
        raise PuzzleError(f"{len(puzzle)} pieces: a jigsaw needs at least 4 (a 2 x 2 board)")
    edges = analyse(puzzle)
    repaired = repair_kinds(edges)
    bad = _rim_problem(edges.kinds)
    if bad is not None:
        raise PuzzleError(f"{where(puzzle[bad], bad)}: flat edges {np.flatnonzero(edges.kinds[bad] == FLAT).tolist()} "
                          f"cannot lie on the rim of a rectangle")
    rows, cols = _board_size_of(puzzle, edges)
    diss = dissimilarities(edges)
    stats: dict = {"rows": rows, "cols": cols, "pieces": len(puzzle), "nodes": 0, "encoding": encoding,
                   "reclassified_edges": repaired}
    if puzzle.dropped:  # the pieces fit a rectangle anyway: a warning, not an error
        from ._segment import dropped_text

        stats["dropped_at_border"] = list(puzzle.dropped)
        stats["warnings"] = [f"{len(puzzle.dropped)} shape(s) touching the image border look like pieces and "
                             f"were left out: {dropped_text(puzzle.dropped)}"]
    tabs, blanks = int((edges.kinds == 1).sum()), int((edges.kinds == -1).sum())
    stats["tabs"], stats["blanks"] = tabs, blanks
    board, status, used, unique = None, UNSATISFIABLE, None, None
    if method in ("labels", "auto"):
        board, status, unique = _solve_labels(edges, rows, cols, encoding, precision, k, time_limit, node_limit,
                                              stats)
        used = "labels"
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
        finite = check["costs"][np.isfinite(check["costs"])]
        stats["worst_fit"] = float(finite.max()) if len(finite) else float("inf")
        if status == SOLVED and (check["doubtful"] or not check["rim_ok"] or (board[:, :, 0] < 0).any()):
            status = LIMIT
    stats["seconds"] = time.perf_counter() - start
    if status == LIMIT and "stop" not in stats:
        stats["stop"] = "doubtful_joins"
    if status == SOLVED:  # issue 22: a solved board passes the rules' own check, or is never returned
        problem = board_problem(edges, board) if board is not None else "no board"
        if problem is None and check is not None and (check["doubtful"] or not check["rim_ok"]):
            problem = "a join is doubtful"
        certify(problem is None, "jigsaw", problem or "")
    return Result(status, board, stats, puzzle=puzzle, family="jigsaw")


def board_problem(edges: EdgeSet, board: Any) -> Optional[str]:
    """What breaks the rules of an assembly in ``board``, or None when it is one: a
    (rows, cols, 2) array of (piece, quarter turns 0..3) using every piece once, a flat edge on
    every side of the rim and none inside, a tab against a blank across every inner join.
    Independent of the solvers (it reads only the edge kinds); :func:`solve` certifies every
    ``"solved"`` board with it.

    Example:
        >>> from cassetete.jigsaw import generate, find_edges
        >>> puzzle, _ = generate(3, 3, seed=4)
        >>> es = find_edges(puzzle)
        >>> board = solve(puzzle).solution
        >>> board_problem(es, board) is None
        True
        >>> board_problem(es, board[:, ::-1])
        'cell (0, 0): a flat edge on side E, inside the board'
    """
    from ._assemble import board_joins

    kinds = np.asarray(edges.kinds)
    b = np.asarray(board)
    if b.ndim != 3 or b.shape[2] != 2 or not np.issubdtype(b.dtype, np.integer):
        return f"the board is not a (rows, cols, 2) integer array (shape {b.shape}, {b.dtype})"
    rows, cols = b.shape[:2]
    if sorted(b[:, :, 0].ravel().tolist()) != list(range(len(kinds))):
        return f"the board does not hold each of the {len(kinds)} pieces once"
    if b[:, :, 1].min() < 0 or b[:, :, 1].max() > 3:
        return "a rotation is outside 0..3"
    names = "NESW"
    kind_names = {FLAT: "a flat edge", 1: "a tab", -1: "a blank"}

    def shown(r: int, c: int, side: int) -> int:
        p, rot = int(b[r, c, 0]), int(b[r, c, 1])
        return int(kinds[p, (side - rot) % 4])   # edge k shows at side (k + rot) % 4

    for r in range(rows):
        for c in range(cols):
            for side, on_rim in ((0, r == 0), (1, c == cols - 1), (2, r == rows - 1), (3, c == 0)):
                kind = shown(r, c, side)
                if on_rim and kind != FLAT:
                    return f"cell ({r}, {c}): side {names[side]} shows {kind_names.get(kind, kind)}, the rim needs a flat edge"
                if not on_rim and kind == FLAT:
                    return f"cell ({r}, {c}): a flat edge on side {names[side]}, inside the board"
    for a, bcell, side_a, side_b in board_joins(b):
        if shown(*a, side_a) + shown(*bcell, side_b) != 0:
            return f"cells {a} and {bcell}: the join is not a tab against a blank"
    return None


def _solve_labels(edges: EdgeSet, rows: int, cols: int, encoding: str, precision, k, time_limit, node_limit,
                  stats: dict):
    from .. import edgematch

    features, where_ = encode_edges(edges, encoding, precision)
    tabs = int((edges.kinds == 1).sum())
    if k is None:  # one class per inner join: 2mn - m - n
        k = min(inner_joins(rows, cols), len(features))
    init = "tabs" if k == tabs else "kmeans++"
    try:
        labels = edge_labels(edges, features, where_, k, init=init, seed=0)
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
    return boards[0], status, (boards[0] if status == SOLVED else None)


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
    from ._assemble import improve_doubtful

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


def cell_corners(edges: EdgeSet, solution: np.ndarray) -> np.ndarray:
    """(rows + 1, cols + 1, 2) corner points of the assembled board's cells: column widths
    and row heights are the mean lengths of the edges placed along them, so pieces that are
    not square (or a cut that is not regular) still meet.

    Example:
        >>> from cassetete import jigsaw
        >>> puzzle, _ = jigsaw.generate(2, 3, seed=1)
        >>> cell_corners(jigsaw.find_edges(puzzle), jigsaw.solve(puzzle).solution).shape
        (3, 4, 2)
    """
    board = np.asarray(solution)
    rows, cols = board.shape[:2]
    chords = edges.lengths * edges.scale
    width, height = np.zeros((rows, cols)), np.zeros((rows, cols))
    for r in range(rows):
        for c in range(cols):
            p, rot = (int(x) for x in board[r, c])
            if p < 0:
                width[r, c] = height[r, c] = np.nan
                continue
            sides = [(k + rot) % 4 for k in range(4)]             # side shown by edge k
            width[r, c] = np.mean([chords[p, k] for k in range(4) if sides[k] in (0, 2)])
            height[r, c] = np.mean([chords[p, k] for k in range(4) if sides[k] in (1, 3)])
    col_w = np.nan_to_num(np.nanmean(width, axis=0), nan=edges.scale)
    row_h = np.nan_to_num(np.nanmean(height, axis=1), nan=edges.scale)
    xs = np.concatenate([[0.0], np.cumsum(col_w)])
    ys = np.concatenate([[0.0], np.cumsum(row_h)])
    gx, gy = np.meshgrid(xs, ys)
    return np.stack([gx, gy], axis=-1)


def solved_outlines(puzzle: Any, solution: np.ndarray) -> Sequence[Tuple[int, int, np.ndarray]]:
    """(row, col, outline) of each placed piece, moved to its cell: each piece is turned and
    shifted so its four corners best fit the corners of its cell (:func:`cell_corners`;
    least squares, no reflection).

    Example:
        >>> from cassetete import jigsaw
        >>> puzzle, _ = jigsaw.generate(2, 2, seed=1)
        >>> len(solved_outlines(puzzle, jigsaw.solve(puzzle).solution))
        4
    """
    puzzle = _load(puzzle)
    edges = analyse(puzzle)
    out = []
    board = np.asarray(solution)
    grid = cell_corners(edges, board)
    for r in range(board.shape[0]):
        for c in range(board.shape[1]):
            p, rot = (int(x) for x in board[r, c])
            if p < 0:
                continue
            out.append((r, c, _similarity(edges.corners[p], cell_target(grid, r, c, rot))(puzzle[p].contour)))
    return out


def cell_target(grid: np.ndarray, r: int, c: int, rot: int) -> np.ndarray:
    """Where corners 0..3 of a piece turned ``rot`` land in cell (r, c): corner k on the
    cell's corner (k + rot) % 4, cell corners clockwise from the top-left."""
    cell = np.array([grid[r, c], grid[r, c + 1], grid[r + 1, c + 1], grid[r + 1, c]])
    return cell[[(k + rot) % 4 for k in range(4)]]


def _similarity(src: np.ndarray, dst: np.ndarray):
    """The rotation + translation (no scaling, no reflection) that best maps src onto dst."""
    cs, cd = src.mean(axis=0), dst.mean(axis=0)
    a, b = src - cs, dst - cd
    angle = math.atan2(float((a[:, 0] * b[:, 1] - a[:, 1] * b[:, 0]).sum()), float((a * b).sum()))
    rot = np.array([[math.cos(angle), -math.sin(angle)], [math.sin(angle), math.cos(angle)]])
    return lambda pts: (np.asarray(pts) - cs) @ rot.T + cd
