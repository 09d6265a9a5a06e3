"""The exact cover model of a packing: one primary item per piece and per region cell, one
option per placement; plus exact symmetry breaking for counting solutions up to the region's
symmetries.

Symmetry breaking (orbit splitting): with the residual group H (at first the region's whole
group), pick a piece q and split q's placements into H-orbits; the H-orbits of solutions are in
one-to-one correspondence with the pairs (orbit representative r, Stab_H(r)-orbit of solutions
with q at r). So each representative r becomes a branch, and wherever Stab_H(r) is not trivial
the same step recurses with another piece. Branches with a trivial residual group are counted
by the plain exact cover search. No division, so no assumption about symmetric solutions.

Example:
    >>> from cassetete.polyomino import Packing
    >>> p = Packing("3x20")
    >>> p.cover.count(), p.cover.count_prefixes(p.unique_prefixes())
    (8, 2)
"""

from __future__ import annotations

from typing import Any, Dict, FrozenSet, List, Optional, Sequence, Tuple

import numpy as np

from .. import _core
from .._errors import LimitReached, PuzzleError
from ..exactcover import ExactCover
from .region import parse_region, symmetries
from .shapes import PieceSpec, Shape, orientations, piece_set

__all__ = ["Packing"]


class Packing:
    """Pieces (each used once) to place in a region (each cell covered once).

    Args:
        region: ``"6x10"``, ``"3x4x5"``, a tuple of sizes or a 2-D/3-D boolean mask.
        pieces: ``"pentominoes"`` (default), ``"tetrominoes"``, ``"hexominoes"``, names, or a dict.
        flips: in 2-D, whether pieces may be turned over (3-D always allows all 24 rotations).
        require_area: build no placement when the areas differ (no packing can exist).

    Example:
        >>> p = Packing("2x5", pieces={"a": "#####", "b": "#####"})
        >>> p.cover.count()
        2
    """

    def __init__(
        self, region: Any, pieces: PieceSpec = "pentominoes", flips: bool = True, require_area: bool = True
    ) -> None:
        self.mask = parse_region(region)
        self.dim = self.mask.ndim
        self.pieces: Dict[str, Shape] = piece_set(pieces)
        self.names: List[str] = list(self.pieces)
        self.flips = flips
        coords = np.argwhere(self.mask)
        self.coords = coords
        self.area = len(coords)
        self.pieces_area = sum(len(s) for s in self.pieces.values())
        self._bitboard: Any = None
        self.branching = "auto"
        self.last_stats: Dict[str, Any] = {}
        # Placements, kept symmetries, images and board layout come from the C++ model
        # (cpp/polyomino/model.cpp): the same placements in the same order as the loops over
        # pieces, orientations and offsets would give. Without matching areas no placement is
        # built (callers report the area mismatch), and every region symmetry is kept.
        shapes = [list(self.pieces[n]) for n in self.names] if not require_area or self.area == self.pieces_area else []
        self._arrays: Dict[str, Any] = _core.polyomino_model(
            list(self.mask.shape), np.ascontiguousarray(self.mask, dtype=np.uint8), shapes, bool(flips))
        # The Python views below are built on first use (a count with the bitboard engine needs none).
        self._placements: Optional[List[Tuple[int, Tuple[int, ...]]]] = None
        self._option_of: Optional[Dict[Tuple[int, FrozenSet[int]], int]] = None
        self._cover: Optional[ExactCover] = None

    @property
    def placements(self) -> List[Tuple[int, Tuple[int, ...]]]:
        """``placements[o]`` = (piece number, sorted cell indices) of option ``o``.

        Example:
            >>> Packing("1x5", pieces=["I"]).placements
            [(0, (0, 1, 2, 3, 4))]
        """
        if self._placements is None:
            starts = self._arrays["starts"].tolist()
            cells = self._arrays["cells"].tolist()
            self._placements = [(p, tuple(cells[starts[o]:starts[o + 1]]))
                                for o, p in enumerate(self._arrays["piece"].tolist())]
        return self._placements

    @property
    def option_of(self) -> Dict[Tuple[int, FrozenSet[int]], int]:
        """The option index of each (piece number, frozenset of cells).

        Example:
            >>> Packing("1x5", pieces=["I"]).option_of[(0, frozenset(range(5)))]
            0
        """
        if self._option_of is None:
            self._option_of = {(p, frozenset(cells)): o for o, (p, cells) in enumerate(self.placements)}
        return self._option_of

    @property
    def cover(self) -> ExactCover:
        """The exact cover: items 0..pieces-1 for the pieces, then one per region cell; one
        option per placement (same indices as :attr:`placements`).

        Example:
            >>> Packing("2x5", pieces={"a": "#####", "b": "#####"}).cover.count()
            2
        """
        if self._cover is None:
            n_pieces = len(self.names)
            cover = ExactCover(n_pieces + self.area)
            starts = self._arrays["starts"]
            # Each option: its piece item, then its cell items (shifted past the piece items).
            items = np.insert(self._arrays["cells"].astype(np.int64) + n_pieces, starts[:-1], self._arrays["piece"])
            cover._items = items.tolist()
            cover._starts = (starts + np.arange(len(starts))).tolist()
            self._cover = cover
        return self._cover

    @property
    def group(self) -> List[np.ndarray]:
        """The region's symmetries (cell permutations, identity first) that map every
        placement to a placement (with ``flips=False`` a reflection does not).

        Example:
            >>> len(Packing("6x10").group), len(Packing("6x10", flips=False).group)
            (4, 2)
        """
        return list(self._arrays["group"].astype(np.int64))

    @property
    def area_matches(self) -> bool:
        """Whether the pieces' total area equals the region's.

        Example:
            >>> Packing("5x5").area_matches
            False
        """
        return self.area == self.pieces_area

    def grid(self, options: Sequence[int]) -> np.ndarray:
        """The labelled grid of a solution: piece names, ``"."`` outside the region.

        Example:
            >>> p = Packing("1x5", pieces=["I"])
            >>> p.grid(p.cover.solve().solution).tolist()
            [['I', 'I', 'I', 'I', 'I']]
        """
        width = max(len(n) for n in self.names)
        out = np.full(self.mask.shape, ".", dtype=f"<U{width}")
        for o in options:
            p, cells = self.placements[o]
            for c in cells:
                out[tuple(self.coords[c])] = self.names[p]
        return out

    # -- bitboard engine ----------------------------------------------------------------------
    @property
    def fits_bitboard(self) -> bool:
        """Whether the bitboard counter applies: at most 64 cells and 64 pieces.

        Example:
            >>> Packing("6x10").fits_bitboard
            True
        """
        return self.area <= 64 and len(self.names) <= 64

    def bitboard(self, rule: Optional[str] = None) -> Any:
        """The C++ bitboard counter over the same placements (option indices are shared).

        ``rule`` (kept in ``self.branching`` for later calls) picks the branching:
        ``"lowest"`` fills the lowest empty cell (cells get bits
        along the region's shortest axis first, so it walks a short frontier: best in 2-D),
        ``"fewest"`` branches on the cell or piece with the fewest placements left (Algorithm
        X's rule on bitboards: best in 3-D boxes), ``"auto"`` takes "lowest" in 2-D and in
        thin 3-D boxes (cross-section of at most 6 cells, like 2x3x10), "fewest" otherwise.

        Example:
            >>> p = Packing("3x20")
            >>> p.count_bitboard(p.unique_prefixes())
            2
        """
        if rule is not None:
            if rule not in ("auto", "lowest", "fewest"):
                raise PuzzleError(f"rule must be 'auto', 'lowest' or 'fewest', got {rule!r}")
            self.branching = rule
        rule = self.branching
        if self._bitboard is None:
            if not self.fits_bitboard:
                raise PuzzleError(f"the bitboard engine takes at most 64 cells and 64 pieces (region has {self.area})")
            full = sum(1 << int(b) for b in self._arrays["bit"].tolist())
            # Dead-cell pruning needs pieces of 2 cells or more and a fixed shift per direction.
            neighbours = self._arrays["neighbours"]
            if neighbours is None or min(len(s) for s in self.pieces.values()) < 2:
                neighbours = ([], [])
            self._bitboard = _core.BitboardPacker(full, len(self.names), self._arrays["piece"].astype(np.int64),
                                                  self._arrays["masks"], *neighbours)
        if rule == "auto":
            cross_section = self.mask.size // max(self.mask.shape)
            rule = "fewest" if self.dim == 3 and cross_section > 6 else "lowest"
        self._bitboard.set_min_remaining(rule == "fewest")
        return self._bitboard

    def count_bitboard(
        self,
        prefixes: Sequence[Sequence[int]] = ((),),
        limit: Optional[int] = None,
        time_limit: Optional[float] = None,
        node_limit: Optional[int] = None,
        weights: Optional[Sequence[int]] = None,
    ) -> int:
        """Count the packings containing each prefix with the bitboard engine; ``weights``
        (no ``limit`` then) multiplies each prefix's count.

        Example:
            >>> Packing("3x20").count_bitboard()
            8
            >>> p = Packing("3x20")
            >>> prefixes, weights = p.weighted_prefixes()
            >>> p.count_bitboard(prefixes, weights=weights)
            8
        """
        if weights is not None and limit is not None:
            raise PuzzleError("weights and a count limit cannot be combined")
        count, complete, stats = _core.bitboard_count(
            self.bitboard(),
            [list(p) for p in prefixes],
            0 if limit is None else int(limit),
            time_limit,
            node_limit,
            [] if weights is None else [int(w) for w in weights],
        )
        stats["complete"] = bool(complete)
        self.last_stats = stats
        if not complete:
            raise LimitReached(count, stats)
        return int(count)

    def bitboard_solutions(self, prefix: Sequence[int] = (), limit: Optional[int] = None) -> List[List[int]]:
        """All packings containing the prefix (option index lists), found by the bitboard engine.

        Example:
            >>> p = Packing("3x20")
            >>> len(p.bitboard_solutions())
            8
        """
        rows, complete, stats = _core.bitboard_solutions(
            self.bitboard(), list(prefix), 0 if limit is None else int(limit), len(self.names)
        )
        stats["complete"] = bool(complete)
        self.last_stats = stats
        return rows.tolist()

    # -- exact symmetry breaking ------------------------------------------------------------
    def unique_prefixes(self) -> List[List[int]]:
        """Option prefixes whose subproblems hold exactly one solution per orbit of the
        region's symmetry group (see the module docstring).

        Example:
            >>> len(Packing("1x5", pieces=["I"]).unique_prefixes())
            1
        """
        return self.weighted_prefixes()[0]

    def weighted_prefixes(self) -> Tuple[List[List[int]], List[int]]:
        """The prefixes of :meth:`unique_prefixes` with, for each, the number of solutions
        its solutions stand for: |G| / |H| for the residual group H left at that prefix.

        Counting all copies as the weighted sum is exact: the solutions with piece q at
        g(r) are the images under g of those with q at r, so each orbit representative r
        stands for |orbit(r)| = |H| / |Stab_H(r)| equal subproblems, and a leaf's weight is
        the product of these orbit sizes along its path (the last residual group fixes each
        of its solutions; the leaf's own count includes no copies).

        Example:
            >>> p = Packing("3x20")
            >>> prefixes, weights = p.weighted_prefixes()
            >>> sum(w * p.cover.count(prefix=q) for q, w in zip(prefixes, weights))
            8
        """
        if not self.area_matches:
            return [], []
        a = self._arrays
        prefixes, weights = _core.polyomino_weighted_prefixes(
            len(self.names), self.area, a["piece"], a["starts"], a["cells"], a["images"])
        return prefixes, weights
