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
        self.cell_index = {tuple(c): i for i, c in enumerate(coords.tolist())}
        self.area = len(coords)
        self.pieces_area = sum(len(s) for s in self.pieces.values())
        n_pieces = len(self.names)
        self.cover = ExactCover(n_pieces + self.area)
        # placements[o] = (piece number, sorted cell indices) of option o
        self.placements: List[Tuple[int, Tuple[int, ...]]] = []
        self.option_of: Dict[Tuple[int, FrozenSet[int]], int] = {}
        self._bitboard: Any = None
        self.branching = "auto"
        self.last_stats: Dict[str, Any] = {}
        self.group: List[np.ndarray] = symmetries(self.mask)
        if require_area and self.area != self.pieces_area:
            return  # no placement can tile; callers report the area mismatch
        for p, name in enumerate(self.names):
            shape = self.pieces[name]
            if len(shape[0]) > self.dim:
                continue
            for orient in orientations(shape, self.dim, flips):
                cells = np.asarray(orient)
                extent = cells.max(axis=0)
                for offset in np.ndindex(*(np.array(self.mask.shape) - extent).clip(min=0)):
                    placed = cells + np.asarray(offset)
                    if not self.mask[tuple(placed.T)].all():
                        continue
                    idx = tuple(sorted(self.cell_index[tuple(c)] for c in placed.tolist()))
                    key = (p, frozenset(idx))
                    if key in self.option_of:
                        continue
                    self.option_of[key] = self.cover.add_option([p] + [n_pieces + i for i in idx])
                    self.placements.append((p, idx))
        # Keep the region symmetries that map every placement to a placement (with flips=False
        # a reflection does not: a turned-over piece is not allowed); _option_images[k][o] is
        # the option that the k-th kept symmetry maps option o to.
        kept: List[np.ndarray] = []
        self._option_images: List[List[int]] = []
        for g in self.group:
            images = [self.option_of.get((p, self._image(g, cells)), -1) for p, cells in self.placements]
            if -1 not in images:
                kept.append(g)
                self._option_images.append(images)
        self.group = kept

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
            bit = self._bit_layout()
            masks = np.zeros(len(self.placements), dtype=np.uint64)
            pieces = np.zeros(len(self.placements), dtype=np.int64)
            for o, (p, cells) in enumerate(self.placements):
                pieces[o] = p
                masks[o] = np.uint64(sum(1 << int(bit[c]) for c in cells))
            full = sum(1 << int(b) for b in bit)
            self._bitboard = _core.exactcover.BitboardPacker(full, len(self.names), pieces, masks)
            if min(len(s) for s in self.pieces.values()) >= 2:
                self._set_neighbours(bit)
        if rule == "auto":
            cross_section = self.mask.size // max(self.mask.shape)
            rule = "fewest" if self.dim == 3 and cross_section > 6 else "lowest"
        self._bitboard.set_min_remaining(rule == "fewest")
        return self._bitboard

    def _bit_layout(self) -> np.ndarray:
        """Bit of each cell: coordinates in the bounding box with the shortest axis varying
        fastest (so lattice neighbours are a fixed shift apart) when the box has at most 64
        cells, else the cells' rank in that order."""
        axes = sorted(range(self.dim), key=lambda a: -self.mask.shape[a])
        low = self.coords.min(axis=0)
        high = self.coords.max(axis=0)
        extent = high - low + 1
        if int(np.prod(extent)) <= 64:
            stride = np.zeros(self.dim, dtype=np.int64)
            step = 1
            for a in reversed(axes):
                stride[a] = step
                step *= int(extent[a])
            return ((self.coords - low) * stride).sum(axis=1)
        order = sorted(range(self.area), key=lambda i: tuple(self.coords[i][a] for a in axes))
        bit = np.empty(self.area, dtype=np.int64)
        bit[order] = np.arange(self.area)
        return bit

    def _set_neighbours(self, bit: np.ndarray) -> None:
        shifts, masks = [], []
        for axis in range(self.dim):
            for step in (1, -1):
                shift, mask = None, 0
                for i, c in enumerate(self.coords.tolist()):
                    n = list(c)
                    n[axis] += step
                    j = self.cell_index.get(tuple(n))
                    if j is None:
                        continue
                    d = int(bit[j] - bit[i])
                    if shift is None:
                        shift = d
                    elif shift != d:
                        return  # no fixed shift: leave pruning off
                    mask |= 1 << int(bit[i])
                if shift is not None:
                    shifts.append(shift)
                    masks.append(mask)
        self._bitboard.set_neighbours(shifts, masks)

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
    def _image(self, perm: np.ndarray, cells: Tuple[int, ...]) -> FrozenSet[int]:
        return frozenset(int(perm[c]) for c in cells)

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
        out: List[Tuple[List[int], int]] = []
        cell_bits = [sum(1 << c for c in cells) for _, cells in self.placements]
        by_piece: List[List[int]] = [[] for _ in self.names]
        for o, (p, _) in enumerate(self.placements):
            by_piece[p].append(o)
        self._split_orbits(list(range(len(self.group))), [], frozenset(), 0, out, cell_bits, by_piece)
        return [p for p, _ in out], [len(self.group) // h for _, h in out]

    def _split_orbits(
        self,
        group: List[int],
        prefix: List[int],
        used: FrozenSet[int],
        filled: int,
        out: List[Tuple[List[int], int]],
        cell_bits: List[int],
        by_piece: List[List[int]],
    ) -> None:
        """Orbit splitting (module docstring) under the residual group (indices into
        self.group), appending (prefix, |residual group|) leaves to out."""
        if len(group) == 1 or len(used) == len(self.names):
            out.append((prefix, len(group)))
            return
        best = None
        for p in range(len(self.names)):
            if p in used:
                continue
            free = [o for o in by_piece[p] if not cell_bits[o] & filled]
            orbits: List[Tuple[int, List[int]]] = []
            seen = set()
            for o in free:
                if o in seen:
                    continue
                stab = []
                for g in group:
                    image = self._option_images[g][o]
                    seen.add(image)
                    if image == o:
                        stab.append(g)
                orbits.append((o, stab))
            # At the top, the piece with the fewest placements: pinned first, it prunes most
            # (in 2-D the X pentomino: 6x10 1.3 M nodes against 3.7-12.5 M for the others; in
            # 3x4x5 the pieces range over 5.9-17.7 M nodes, X 6.8 M). Below, the piece with
            # the fewest orbits that need splitting again, then the fewest orbits.
            split_again = sum(1 for _, s in orbits if len(s) > 1)
            score = (len(free), split_again, len(orbits)) if not prefix else (split_again, len(orbits))
            if best is None or score < best[0]:
                best = (score, p, orbits)
        assert best is not None
        _, p, orbits = best
        for o, stab in orbits:
            self._split_orbits(stab, prefix + [o], used | {p}, filled | cell_bits[o], out, cell_bits, by_piece)
