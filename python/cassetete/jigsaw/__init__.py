"""Monochrome jigsaw puzzles: from the outlines of the pieces (scanned or given as polygons)
to the assembled puzzle, after Béhague, "Résolution de puzzles dépourvus d'indice graphique"
(2024), section 2: corners and edges of each piece, edge encodings (chain code on a grid,
ordinates), k-means classes turned into signed labels (0 flat, +i tab, -i the blank that fits
it), and the labelled ``edgematch.EdgePuzzle(matching="opposite")`` solved exactly; a
fit-scored assembly takes over when the classes are not exact (real scans).

Reading images needs ``pip install "cassetete[jigsaw]"`` (scikit-image, Pillow); the polygon
path (generate, solve, render) needs nothing more than numpy.

Example:
    >>> from cassetete import jigsaw
    >>> puzzle, truth = jigsaw.generate(3, 4, seed=1)
    >>> result = jigsaw.solve(puzzle)
    >>> result.status, result.solution.shape
    ('solved', (3, 4, 2))
"""

import os
import time
from typing import Any, List, Optional, Tuple

import numpy as np

from .._errors import PuzzleError
from .._contract import Option, verb
from .._options import check_choice, check_count, check_node_limit, check_seed, check_time_limit
from .._result import Result
from . import _placement, _render, _solve
from ._assemble import DOUBT_COST, Dissimilarity, assemble, check_joins, dissimilarities, frame_first_order
from ._board import board_size, repair_kinds
from ._cluster import CLASSES, Clusters, edge_labels, inner_joins, kmeans, pair_labels
from ._corners import find_corners, split_edges
from ._edges import BLANK, FLAT, TAB, EdgeSet, classify_edge, find_edges, matching_form, normalise_edge
from ._encode import ENCODINGS, chain_code, chain_code_numpy, encode_edges, grid_shape, has_kernels, ordinates, ordinates_numpy
from ._generate import Truth, generate, tab_curve
from ._geometry import resample
from ._model import JigsawPuzzle, Piece, as_pieces
from ._placement import cell_corners
from ._raster import fill_polygon
from ._render import piece_ids, render_scan
from ._scan import read_image
from ._segment import segment
from ._solve import METHOD_NOTES, METHODS, edge_puzzle
from ._formats import FORMATS, dump, format, load, parse
from ._verify import board_problem
from ._verify import verify as _verify_board


def _puzzle_of(pieces: Any) -> JigsawPuzzle:
    """The puzzle of what the user gave: a puzzle as it is, image paths read and segmented,
    pieces or outlines made pieces."""
    if isinstance(pieces, JigsawPuzzle):
        return pieces
    if isinstance(pieces, (str, os.PathLike)) or (
            isinstance(pieces, (list, tuple)) and pieces and all(isinstance(p, (str, os.PathLike)) for p in pieces)):
        paths = [pieces] if isinstance(pieces, (str, os.PathLike)) else list(pieces)
        return JigsawPuzzle(read_image(paths), sources=[str(p) for p in paths])
    return JigsawPuzzle(pieces)


def _pieces_of(pieces: Any) -> JigsawPuzzle:
    """The puzzle of pieces or outlines (no image read)."""
    return pieces if isinstance(pieces, JigsawPuzzle) else JigsawPuzzle(pieces)


# seed=None keeps the assembly the same on every run (the k-means++ start 0): a scan solved twice
# gives one answer. The seed is used only where the classes start at random (k != tabs).
SEED = Option("seed", "the random start of the edge classes (k-means++, used when the classes are not one per "
              "tab); None: the fixed start 0, the same assembly on every run", "an integer >= 0, or None", None,
              lambda value: None if value is None else check_seed(value), int, "N")


@verb("jigsaw", "solve", options=("time_limit", "node_limit", SEED, "workers"), methods=METHOD_NOTES,
      honours={"auto": ("time_limit", "node_limit", "seed"), "labels": ("time_limit", "node_limit", "seed"),
               "fit": ("time_limit",)})
def solve(pieces: Any, *, method: str = "auto", encoding: str = "chain", precision: Optional[int] = None,
          k: Optional[int] = None, time_limit: Optional[float] = None, node_limit: Optional[int] = None,
          beam: int = 8, doubt_cost: float = DOUBT_COST, seed: Optional[int] = None, workers: int = 1,
          classes: str = "kmeans") -> Result:
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
        classes: how the labels' classes are made: ``"kmeans"`` (the paper's annex algorithm 2)
            or ``"pairs"`` (one tab and one blank per class, the minimum-cost matching of tabs to
            blanks: every label has exactly one partner; :func:`pair_labels`). With the default,
            ``method="auto"`` tries ``"pairs"`` when the paper's classes give no assembly (the
            real scans of ``m1s2_horsesNumbered`` assemble by labels this way).
        beam: boards kept by the fit assembly.
        doubt_cost: fit (RMS gap in edge lengths) above which a join is doubtful.

    Returns a Result: ``solution`` (rows, cols, 2) of (piece index, quarter turns clockwise;
    a piece's edge k, from its corner k to corner k+1 clockwise, shows at side (k + r) % 4,
    sides N, E, S, W); status ``"solved"`` only when every join has been checked by fit and
    none is doubtful; ``"feasible"`` for a complete assembly that keeps every rule but is not
    proved to be the intended one (``stats["unproved"]``: ``"doubtful_joins"``, counted in
    ``stats["doubtful_joins"]``, or ``"label_solutions"``, several labelled assemblies);
    ``"limit"`` with the best board when a limit stopped the search or no complete assembly
    keeps the rules; ``"unsatisfiable"`` when ``method="labels"`` finds the labelled puzzle has
    no solution.
    The labelled puzzle is searched for two assemblies (a turn of the whole board is the same
    one): ``stats["label_solutions"]`` is 0, 1 or ``"2+"``; with several the labels decide
    nothing (``method="labels"`` returns the first as ``"feasible"``, ``stats["unproved"] ==
    "label_solutions"``;
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
    started = time.perf_counter()
    check_choice(method, "method", METHODS)
    check_choice(encoding, "encoding", ENCODINGS)
    check_choice(classes, "classes", CLASSES)
    time_limit = check_time_limit(time_limit)
    node_limit = check_node_limit(node_limit)
    beam = check_count(beam, "beam", 1)
    if k is not None:
        k = check_count(k, "k", 1)
        if classes == "pairs":
            raise PuzzleError(f"classes='pairs' makes one class per join; k = {k} does not apply")
    if isinstance(doubt_cost, bool) or not isinstance(doubt_cost, (int, float)) or not doubt_cost > 0:
        raise PuzzleError(f"doubt_cost must be a positive number, got {doubt_cost!r}")
    return _solve.solve(_puzzle_of(pieces), method=method, encoding=encoding, precision=precision, k=k,
                        time_limit=time_limit, node_limit=node_limit, beam=beam, doubt_cost=doubt_cost,
                        started=started, seed=0 if seed is None else seed, classes=classes)


def solved_outlines(puzzle: Any, solution: np.ndarray) -> List[Tuple[int, int, np.ndarray]]:
    """(row, col, outline) of each placed piece, moved to its cell: each piece is turned and
    shifted so its four corners best fit the corners of its cell (:func:`cell_corners`;
    least squares, no reflection). ``puzzle`` as :func:`solve` takes it.

    Example:
        >>> from cassetete import jigsaw
        >>> puzzle, _ = jigsaw.generate(2, 2, seed=1)
        >>> len(jigsaw.solved_outlines(puzzle, jigsaw.solve(puzzle).solution))
        4
    """
    return _placement.solved_outlines(_puzzle_of(puzzle), solution)


def render_text(puzzle: Any, solution=None) -> str:
    """The assembly as text: one ``piece:rotation`` per cell (or the piece count). ``puzzle``:
    a :class:`JigsawPuzzle`, or its pieces or outlines.

    Example:
        >>> from cassetete import jigsaw
        >>> puzzle, _ = jigsaw.generate(2, 2, seed=1)
        >>> print(jigsaw.render_text(puzzle))
        jigsaw: 4 pieces, not assembled
    """
    return _render.render_text(_pieces_of(puzzle), solution)


def render_svg(puzzle: Any, solution=None, doubtful=None) -> str:
    """SVG of the outlines, each labelled with its id (:func:`piece_ids`) at its centre:
    assembled in their cells when ``solution`` is given, with the doubtful joins as thick red
    segments and a legend under the board, else as they lie in the image. ``puzzle`` as
    :func:`solve` takes it. ``doubtful``: the joins to mark, as pairs of cells ((r, c), (r2,
    c2)); default: those :func:`solve` reported for this board (``stats["doubtful"]``), else
    those :func:`check_joins` finds. Colours are ``#rrggbb``, which every renderer reads.

    Example:
        >>> from cassetete import jigsaw
        >>> puzzle, _ = jigsaw.generate(2, 2, seed=1)
        >>> svg = jigsaw.render_svg(puzzle, jigsaw.solve(puzzle).solution, doubtful=[((0, 0), (0, 1))])
        >>> svg.count("<path"), svg.count('class="doubtful"'), ">A1<" in svg
        (4, 1, True)
    """
    return _render.render_svg(_puzzle_of(puzzle), solution, doubtful)


def annotate_scan(scan: Any, puzzle: Any, solution=None, *, image: Optional[int] = None,
                  max_side: int = 1000) -> str:
    """SVG of one input scan with each of its pieces outlined and labelled with its id
    (:func:`piece_ids`) and, given the ``solution`` (a board or the :class:`Result` of
    :func:`solve`), its place ``row,col`` in the assembly (from 1, top-left) and its turn
    ``↻k``: k quarter turns clockwise from how it lies on the scan (degrees when it lies
    far from a quarter turn).

    Args:
        scan: the image, a path or an array.
        puzzle: the puzzle (as :func:`solve` takes it) the scan is part of.
        image: which of the puzzle's images the scan is (default: its index in
            ``puzzle.sources``, else 0).
        max_side: the embedded picture (a PNG in the SVG) is reduced to at most this many
            pixels on its longest side.

    Example:
        >>> from cassetete import jigsaw
        >>> puzzle, _ = jigsaw.generate(2, 2, seed=1, piece_size=30)
        >>> scan = np.zeros((140, 140), dtype=np.uint8)   # or jigsaw.render_scan(puzzle), a path...
        >>> svg = jigsaw.annotate_scan(scan, puzzle, jigsaw.solve(puzzle))
        >>> svg.count("data:image/png;base64"), ">A4<" in svg
        (1, True)
    """
    if isinstance(solution, Result):
        solution = solution.solution
    return _render.annotate_scan(scan, _puzzle_of(puzzle), solution, image=image, max_side=max_side)


def render(puzzle: Any, solution=None, format: str = "text") -> str:
    """A picture of the pieces (``solution=None``) or of the assembly: ``"text"``
    (:func:`render_text`) or ``"svg"`` (:func:`render_svg`).

    Example:
        >>> from cassetete import jigsaw
        >>> puzzle, _ = jigsaw.generate(2, 3, seed=2)
        >>> jigsaw.render(puzzle, jigsaw.solve(puzzle).solution, "svg").startswith("<svg")
        True
    """
    check_choice(format, "format", ("text", "svg"))
    return render_text(puzzle, solution) if format == "text" else render_svg(puzzle, solution)


def verify(puzzle: Any, solution: Any, *, tolerance: Optional[float] = None) -> bool:
    """True when ``solution`` (a (rows, cols, 2) board of (piece, quarter turns)) assembles the
    pieces by the rules: every piece once, a flat rim, a tab against a blank at every join; with
    ``tolerance``, also every join fits within it. False for a board that breaks a rule,
    ``PuzzleError`` for one that is not a board of these pieces. ``puzzle``: anything
    :func:`solve` takes but image paths (a puzzle, pieces, outlines).

    Example:
        >>> from cassetete import jigsaw
        >>> puzzle, _ = jigsaw.generate(3, 3, seed=4)
        >>> jigsaw.verify(puzzle, jigsaw.solve(puzzle).solution)
        True
    """
    return _verify_board(_pieces_of(puzzle), solution, tolerance=tolerance)


def render_image(pieces: Any, solution, *, margin: int = 8, background: int = 0) -> np.ndarray:
    """The pieces pasted in place, as a uint8 picture (grey, or RGB when the pieces carry
    colour patches): pieces read from images show their own pixels, polygons a flat shade.
    ``pieces`` as :func:`solve` takes them.

    Example:
        >>> from cassetete import jigsaw
        >>> puzzle, _ = jigsaw.generate(2, 2, seed=1, piece_size=30)
        >>> jigsaw.render_image(puzzle, jigsaw.solve(puzzle).solution).dtype
        dtype('uint8')
    """
    return _render.render_image(_puzzle_of(pieces), solution, margin=margin, background=background)


__all__ = [
    "JigsawPuzzle", "Piece", "as_pieces", "Truth", "generate", "resample", "tab_curve", "read_image", "segment",
    "render_scan", "find_corners", "split_edges", "FLAT", "TAB", "BLANK", "EdgeSet", "classify_edge", "find_edges",
    "matching_form", "normalise_edge", "ENCODINGS", "chain_code", "chain_code_numpy", "encode_edges", "grid_shape",
    "has_kernels", "ordinates", "ordinates_numpy", "Clusters", "CLASSES", "edge_labels", "pair_labels", "inner_joins", "kmeans",
    "Dissimilarity", "assemble", "check_joins", "dissimilarities", "frame_first_order", "METHODS", "board_problem", "board_size",
    "cell_corners", "edge_puzzle", "repair_kinds", "solve", "solved_outlines", "render", "render_image", "render_svg",
    "render_text", "piece_ids", "annotate_scan", "fill_polygon", "FORMATS", "parse", "load", "format", "dump", "verify",
]
