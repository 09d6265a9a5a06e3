"""Edge-matching puzzles: Eternity II, Tetravex, monochrome jigsaws.

The algorithms come from two papers, cited in the code by their authors: Béhague, "Résolution
de puzzles dépourvus d'indice graphique" (2024) (variants, reductions, approximations, block
method) and Schaus and Deville, "Hybridation de la programmation par contraintes et d'un
voisinage à très grande taille pour Eternity II" (the local search).

A puzzle is ``rows`` x ``cols`` square pieces with a label on each edge (N, E, S, W);
a board places every piece once, turned by quarter turns clockwise, so that labels across
every inner join match (``matching="equal"``: the same colour; ``"opposite"``: +i meets -i)
and label 0 (the frame) lies exactly on the rim.

Example:
    >>> from cassetete import edgematch
    >>> puzzle, planted = edgematch.generate(4, 4, colors=3, seed=2)
    >>> result = edgematch.solve(puzzle)
    >>> result.status, edgematch.verify(puzzle, result.solution)
    ('solved', True)
"""

from ._blocks import Block, block_level, solve_orientations_blocks
from ._blocks import prune as prune_blocks
from ._breaks import SCHEDULES, scan_order
from ._checkerboard import count_checkerboard, solve_checkerboard
from ._checkerboard_approx import checkerboard_approximation, contour_checkerboard_approximation
from ._contour import contour_by_euler
from ._corner import count_corner_fill, solve_corner_fill
from ._count import count
from ._cp import ALLDIFFERENT, count_cp, cp_start, fill_holes, relaxed_cells, solve_cp
from ._formats import (
    FORMATS,
    as_puzzle,
    dump,
    eternity2,
    format,
    infer_size,
    load,
    load_brendan_solution,
    load_many,
    parse,
    parse_many,
    read_board,
    write_board,
)
from ._generate import fibonacci_instance, generate
from ._local import INITS, NEIGHBOURHOOD_SIZE, TUNING, initial_board, max_weight_assignment, solve_local
from ._model import MATCHINGS, EdgePuzzle, cell_edges, check_board, rotate, score
from ._orders import ORDERS, cell_order
from ._orientations import solve_orientations
from ._packing import block_packing_approximation, interior_blocks, set_packing
from ._position_backtrack import solve_by_positions
from ._position_path import position_path_approximation
from ._positions import propagate_orientations, solve_positions
from ._reduction_sat import one_in_three_to_position
from ._reductions import contour_ring, contour_to_puzzle, partition_to_contour, partition_to_orientation
from ._relaxed_loop import solve_relaxed_loop
from ._render import render_puzzle, render_svg, render_text
from ._score import matched_faces, valid_pieces
from ._solve import METHODS, count_solutions, solutions, solve
from ._split import split, symmetry_parts
from ._verify import verify


def render(puzzle: object, solution: object = None, format: str = "text", **kwargs: object) -> str:  # noqa: A002
    """Text (``format="text"``) or SVG (``format="svg"``) picture of the puzzle (an EdgePuzzle
    or anything :func:`parse` reads), with ``solution`` (a (rows, cols, 2) board, possibly with
    empty cells -1) drawn in; without one, the pieces in index order, unturned. SVG options
    (``cell``, ``labels``) pass through.

    Example:
        >>> render(EdgePuzzle(1, 1, [[0, 0, 0, 0]]), format="svg").startswith("<svg")
        True
    """
    return render_puzzle(as_puzzle(puzzle), solution, format, **kwargs)


__all__ = [
    # model, formats, pictures
    "EdgePuzzle", "FORMATS", "MATCHINGS", "as_puzzle", "cell_edges", "check_board", "dump", "eternity2", "format", "infer_size",
    "load", "load_brendan_solution", "load_many", "parse", "parse_many", "render", "render_svg", "render_text",
    "rotate", "score", "verify",
    # generators and the reductions of Béhague (2024), section 3
    "generate", "contour_ring", "contour_to_puzzle", "one_in_three_to_position", "partition_to_contour",
    "partition_to_orientation",
    # exact search
    "METHODS", "ORDERS", "cell_order", "count", "count_solutions", "solutions", "solve", "split", "symmetry_parts",
    # Béhague (2024): variants, approximations, block method
    "Block", "block_level", "block_packing_approximation", "checkerboard_approximation", "contour_by_euler",
    "contour_checkerboard_approximation", "fibonacci_instance", "interior_blocks", "matched_faces",
    "position_path_approximation", "propagate_orientations", "prune_blocks", "set_packing",
    "solve_orientations", "solve_orientations_blocks", "solve_positions", "valid_pieces",
    # Schaus and Deville local search
    "INITS", "NEIGHBOURHOOD_SIZE", "TUNING", "initial_board", "max_weight_assignment", "read_board", "solve_local", "write_board",
]

__all__ += ["solve_by_positions"]  # Béhague (2024), section 6.1

__all__ += ["count_checkerboard", "solve_checkerboard",  # Schaus and Deville, section 5 (exact brute force)
            "ALLDIFFERENT", "count_cp", "cp_start", "fill_holes", "relaxed_cells", "solve_cp",  # section 2
            "solve_relaxed_loop",  # section 5
            "count_corner_fill", "solve_corner_fill"]  # Béhague, section 6.2

__all__ += ["SCHEDULES", "scan_order"]  # the breaks search (Verhaard, Blackwood): its schedules and cell order
