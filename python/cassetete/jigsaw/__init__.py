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

from ._assemble import Dissimilarity, assemble, check_joins, dissimilarities, frame_first_order
from ._cluster import Clusters, edge_labels, inner_joins, kmeans
from ._corners import find_corners, split_edges
from ._edges import BLANK, FLAT, TAB, EdgeSet, classify_edge, find_edges, matching_form, normalise_edge
from ._encode import ENCODINGS, chain_code, chain_code_numpy, encode_edges, grid_shape, has_kernels, ordinates, ordinates_numpy
from ._generate import Truth, generate, resample, tab_curve
from ._piece import JigsawPuzzle, Piece, as_pieces
from ._raster import fill_polygon
from ._render import render, render_image, render_svg, render_text
from ._solve import METHODS, board_problem, board_size, cell_corners, edge_puzzle, repair_kinds, solve, solved_outlines


def read_image(source, **options):
    """Pieces from a scan (a path, a list of paths, or an image array): see
    :func:`cassetete.jigsaw._segment.read_image`. Needs the ``jigsaw`` extra.

    Example:
        >>> from cassetete import jigsaw
        >>> puzzle, _ = jigsaw.generate(2, 2, seed=1, piece_size=40)
        >>> image = jigsaw.render_scan(puzzle, seed=1)     # doctest: +SKIP
        >>> len(jigsaw.read_image(image))                   # doctest: +SKIP
        4
    """
    from ._segment import read_image as _read

    return _read(source, **options)


def segment(image, **options):
    """Piece masks and outlines of one image array (stage 1); see ``_segment.segment``."""
    from ._segment import segment as _segment

    return _segment(image, **options)


def render_scan(puzzle, **options):
    """A scan-like picture of generated pieces (blur, noise, labels); see ``_scan.render_scan``."""
    from ._scan import render_scan as _render_scan

    return _render_scan(puzzle, **options)


__all__ = [
    "JigsawPuzzle", "Piece", "as_pieces", "Truth", "generate", "resample", "tab_curve", "read_image", "segment",
    "render_scan", "find_corners", "split_edges", "FLAT", "TAB", "BLANK", "EdgeSet", "classify_edge", "find_edges",
    "matching_form", "normalise_edge", "ENCODINGS", "chain_code", "chain_code_numpy", "encode_edges", "grid_shape",
    "has_kernels", "ordinates", "ordinates_numpy", "Clusters", "edge_labels", "inner_joins", "kmeans",
    "Dissimilarity", "assemble", "check_joins", "dissimilarities", "frame_first_order", "METHODS", "board_problem", "board_size",
    "cell_corners", "edge_puzzle", "repair_kinds", "solve", "solved_outlines", "render", "render_image", "render_svg",
    "render_text", "fill_polygon",
]
