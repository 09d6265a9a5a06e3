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
    >>> p.cover.count_solutions(), p.cover.count_prefixes(p.unique_prefixes())
    (8, 2)
"""

from __future__ import annotations

import time

from typing import Any, Dict, FrozenSet, List, Optional, Sequence, Tuple

import numpy as np

from .. import _core
from .._errors import LimitReached, PuzzleError
from ..exactcover import ExactCover
from ._region import region_mask
from ._shapes import PieceSpec, Shape, piece_set

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
        >>> p.cover.count_solutions()
        2
    """

    def __init__(
        self, region: Any, pieces: PieceSpec = "pentominoes", flips: bool = True, require_area: bool = True
    ) -> None:
        # sizes, a picture, a mask (as polyomino.parse reads them), or another packing's region
        self.mask: np.ndarray = region.mask.copy() if isinstance(region, Packing) else region_mask(region)
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
        self._arrays: Dict[str, Any] = _core.polyomino.model(
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
            >>> Packing("2x5", pieces={"a": "#####", "b": "#####"}).cover.count_solutions()
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
        if self._bitboard is None:
            if not self.fits_bitboard:
                raise PuzzleError(f"the bitboard engine takes at most 64 cells and 64 pieces (region has {self.area})")
            self._bitboard = self._packer(slice(None))
        self._bitboard.set_min_remaining(self.bitboard_rule() == "fewest")
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
        count, complete, stats = _core.exactcover.bitboard_count(
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

    def top_orbits(self) -> List[Tuple[int, List[int]]]:
        """The orbits, under the kept symmetry group, of the placements of the piece with the
        fewest placements: (representative option, its stabiliser as indices into ``group``).

        Example:
            >>> [len(stab) for _, stab in Packing("3x20").top_orbits()][:2]
            [2, 2]
        """
        piece, images = self._arrays["piece"], self._arrays["images"]
        if len(piece) == 0:
            return []
        q = int(np.argmin(np.bincount(piece, minlength=len(self.names))))
        out: List[Tuple[int, List[int]]] = []
        seen: set = set()
        for o in np.flatnonzero(piece == q).tolist():
            if o in seen:
                continue
            column = images[:, o]
            seen.update(column.tolist())
            out.append((o, np.flatnonzero(column == o).tolist()))
        return out

    def count_by_orbits(self, unique: bool, time_limit: Optional[float] = None,
                        node_limit: Optional[int] = None) -> int:
        """Count with the bitboard engine by pinning one piece at each orbit representative
        only (no deeper splitting: each extra pinned piece replays the top of the search).

        With Stab(r) the stabiliser of representative r and N_r the packings with the piece
        at r, every copy counts sum_r |G| / |Stab(r)| * N_r. Up to symmetry (Burnside's lemma
        on each Stab(r)): sum_r (1 / |Stab(r)|) * sum_{g in Stab(r)} Fix_r(g), where Fix_r(g)
        counts the packings with the piece at r that g maps onto themselves; the pieces are
        distinct and each used once, so every placement of such a packing is fixed by g, and
        Fix_r(g) is a count over the g-invariant placements alone (a small search).

        Example:
            >>> p = Packing("3x20")
            >>> p.count_by_orbits(unique=True), p.count_by_orbits(unique=False)
            (2, 8)
        """
        deadline = None if time_limit is None else time.monotonic() + time_limit
        orbits = self.top_orbits()
        order = len(self._arrays["images"])
        copies = [order // len(stab) for _, stab in orbits]
        try:
            total = self.count_bitboard([[r] for r, _ in orbits], None, time_limit, node_limit, copies)
        except LimitReached as stopped:  # its count weighs each packing |G| times up to symmetry
            raise LimitReached(stopped.count // order if unique else stopped.count, stopped.stats) from None
        if not unique:
            return total
        nodes = int(self.last_stats.get("nodes", 0))
        # |G| * (packings up to symmetry) = sum_r |G| / |Stab(r)| * (N_r + sum_{g != e} Fix_r(g))
        for g in sorted({g for _, stab in orbits for g in stab if g != 0}):
            fixed = np.flatnonzero(self._arrays["images"][g] == np.arange(len(self._arrays["piece"])))
            position = {int(o): k for k, o in enumerate(fixed.tolist())}
            terms = [([position[r]], c) for (r, stab), c in zip(orbits, copies) if g in stab]
            left = None if deadline is None else max(0.0, deadline - time.monotonic())
            count, complete, stats = _core.exactcover.bitboard_count(
                self._invariant_packer(fixed), [p for p, _ in terms], 0, left,
                None if node_limit is None else max(0, node_limit - nodes), [c for _, c in terms])
            nodes += int(stats.get("nodes", 0))
            if not complete:
                stats.update(complete=False, nodes=nodes)
                self.last_stats = stats
                raise LimitReached(total // order, stats)
            total += int(count)
        if total % order:
            raise AssertionError(f"orbit count {total} not a multiple of |G| = {order}")  # Burnside guarantees it
        self.last_stats = {**self.last_stats, "nodes": nodes, "complete": True}
        return total // order

    def _invariant_packer(self, fixed: np.ndarray) -> Any:
        """A bitboard counter over the given placements only (same layout and rule)."""
        packer = self._packer(fixed)
        packer.set_min_remaining(self.bitboard_rule() == "fewest")
        return packer

    def bitboard_rule(self) -> str:
        """The branching the bitboard engine uses here: ``"auto"`` resolved (see :meth:`bitboard`).

        Example:
            >>> Packing("6x10").bitboard_rule(), Packing("3x4x5").bitboard_rule()
            ('lowest', 'fewest')
        """
        rule = self.branching
        if rule == "auto":
            cross_section = self.mask.size // max(self.mask.shape)
            rule = "fewest" if self.dim == 3 and cross_section > 6 else "lowest"
        return rule

    def _packer(self, options: Any) -> Any:
        """A C++ bitboard counter over the placements ``options`` (an index or a slice)."""
        full = sum(1 << int(b) for b in self._arrays["bit"].tolist())
        # Dead-cell pruning needs pieces of 2 cells or more and a fixed shift per direction.
        neighbours = self._arrays["neighbours"]
        if neighbours is None or min(len(s) for s in self.pieces.values()) < 2:
            neighbours = ([], [])
        return _core.exactcover.BitboardPacker(full, len(self.names), self._arrays["piece"][options].astype(np.int64),
                                    self._arrays["masks"][options], *neighbours)

    def bitboard_solutions(self, prefix: Sequence[int] = (), limit: Optional[int] = None) -> List[List[int]]:
        """All packings containing the prefix (option index lists), found by the bitboard engine.

        Example:
            >>> p = Packing("3x20")
            >>> len(p.bitboard_solutions())
            8
        """
        rows, complete, stats = _core.exactcover.bitboard_solutions(
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
            >>> sum(w * p.cover.count_solutions(prefix=q) for q, w in zip(prefixes, weights))
            8
        """
        if not self.area_matches:
            return [], []
        a = self._arrays
        prefixes, weights = _core.polyomino.weighted_prefixes(
            len(self.names), self.area, a["piece"], a["starts"], a["cells"], a["images"])
        return prefixes, weights
