"""Packing puzzles with exactly one solution: a region and a set of pieces that pack it one way.

The region is grown piece by piece: each new piece, in a random orientation, goes where it
touches the pieces already down without covering them (a random such place). The region is the
union, and the packing is kept only when the exact search proves it is the only one up to the
region's symmetries (``count_solutions(..., limit=2) == 1``); else another region is grown. A
region grown this way is connected and packable by construction, so every try ends with a
count of 1 or more: the uniqueness is the only thing tried for.

Example:
    >>> from cassetete.polyomino import generate, count_solutions, verify
    >>> made = generate(5, seed=3)
    >>> made.seed, len(made.pieces), count_solutions(made.region, pieces=made.pieces, limit=2)
    (3, 5, 1)
    >>> verify(made.region, made.solution, pieces=made.pieces)
    True
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Set, Tuple

import numpy as np

from .._errors import PuzzleError
from .._options import check_count, check_flag, check_seed, check_time_limit
from ._shapes import PieceSpec, Shape, orientations, piece_set
from ._solve import count_solutions, solve

__all__ = ["GeneratedPacking", "generate"]


@dataclass
class GeneratedPacking:
    """A generated packing puzzle: ``region`` (a boolean mask), ``pieces`` (name -> cells, what
    every polyomino verb takes as ``pieces=``), its one ``solution`` (the labelled grid), the
    ``seed`` that makes it again and ``stats`` (``tries``, ``seconds``).

    Example:
        >>> from cassetete import polyomino
        >>> made = polyomino.generate(4, seed=1)
        >>> sorted(made.pieces) == sorted(set(made.solution[made.region].tolist())), made.seed
        (True, 1)
    """

    region: np.ndarray
    pieces: Dict[str, Shape]
    solution: np.ndarray
    seed: int
    stats: Dict[str, Any] = field(default_factory=dict)


def _grow(rng: np.random.Generator, shapes: List[List[Shape]], dim: int, compact: bool) -> Set[Tuple[int, ...]]:
    """The cells of a region made of one random orientation of each piece, each touching the
    ones before (with ``compact``, among the places of most contact with them)."""
    occupied: Set[Tuple[int, ...]] = set(shapes[0][int(rng.integers(len(shapes[0])))])
    steps = [tuple(int(d == k) * s for d in range(dim)) for k in range(dim) for s in (1, -1)]
    for options in shapes[1:]:
        frontier = {tuple(c + s for c, s in zip(cell, step)) for cell in occupied for step in steps} - occupied
        places = []
        for shape in options:
            for target in frontier:  # put some cell of the shape on a free cell next to the region
                for anchor in shape:
                    offset = tuple(t - a for t, a in zip(target, anchor))
                    cells = {tuple(c + o for c, o in zip(cell, offset)) for cell in shape}
                    if not cells & occupied:
                        places.append(cells)
        if compact:
            contact = [sum(tuple(c + s for c, s in zip(cell, step)) in occupied for cell in cells for step in steps)
                       for cells in places]
            weights = np.asarray(contact, dtype=float) ** 2  # more contact, likelier: round, not rigid
            occupied |= places[int(rng.choice(len(places), p=weights / weights.sum()))]
        else:
            occupied |= places[int(rng.integers(len(places)))]
    return occupied


def _mask(cells: Set[Tuple[int, ...]], dim: int) -> np.ndarray:
    low = [min(c[d] for c in cells) for d in range(dim)]
    high = [max(c[d] for c in cells) for d in range(dim)]
    mask = np.zeros([h - lo + 1 for lo, h in zip(low, high)], dtype=bool)
    for cell in cells:
        mask[tuple(c - lo for c, lo in zip(cell, low))] = True
    return mask


def generate(count: int = 6, *, pieces: PieceSpec = "pentominoes", dim: int = 2, flips: bool = True,
             compact: bool = True, seed: Optional[int] = None,
             time_limit: Optional[float] = 30.0) -> GeneratedPacking:
    """A region and ``count`` distinct pieces drawn from ``pieces`` (a set name, names, or a dict)
    that pack it in exactly one way up to the region's symmetries; ``dim`` 2 (flat pieces,
    turned over when ``flips``) or 3 (pieces in space, the 24 rotations). ``compact`` puts each
    piece where it touches the region most (a rounder region, a harder puzzle); False anywhere
    it touches. ``seed=None`` draws a
    fresh seed, reported as ``.seed``; the same seed gives the same puzzle. ``time_limit``
    (seconds, None: no limit) bounds the tries: when it passes with no unique packing found, a
    ``PuzzleError`` says so (there is no partial puzzle to return).

    Example:
        >>> made = generate(4, pieces="tetrominoes", seed=1)
        >>> sorted(made.pieces), int(made.region.sum())
        (['I', 'O', 'S', 'T'], 16)
    """
    shapes_by_name = piece_set(pieces)
    count = check_count(count, "count", 1)
    if count > len(shapes_by_name):
        raise PuzzleError(f"count={count}: the set has {len(shapes_by_name)} pieces")
    if dim not in (2, 3):
        raise PuzzleError(f"dim must be 2 or 3, got {dim!r}")
    flips = check_flag(flips, "flips")
    compact = check_flag(compact, "compact")
    seed = check_seed(seed)
    time_limit = check_time_limit(time_limit)
    rng = np.random.default_rng(seed)
    started = time.perf_counter()
    tries = 0
    while True:
        tries += 1
        names = sorted(rng.choice(sorted(shapes_by_name), size=count, replace=False).tolist())
        chosen = {name: shapes_by_name[name] for name in names}
        lifted = {name: tuple(tuple(c) + (0,) * (dim - len(c)) for c in cells) for name, cells in chosen.items()}
        options = [orientations(lifted[name], dim, flips) for name in names]
        order = rng.permutation(count)
        region = _mask(_grow(rng, [options[k] for k in order], dim, compact), dim)
        if count_solutions(region, pieces=chosen, flips=flips, limit=2) == 1:
            solution = solve(region, chosen, flips=flips).solution
            return GeneratedPacking(region, chosen, solution, seed,
                                    {"tries": tries, "seconds": time.perf_counter() - started, "seed": seed})
        if time_limit is not None and time.perf_counter() - started > time_limit:
            raise PuzzleError(f"no region with one packing found in {time_limit} s ({tries} tries); "
                              f"try fewer pieces or another seed")
