"""Theorem 4.4 of Béhague (2024): an approximation for PUZZLE-ORIENTATION from 2x2 blocks and a
k-set-packing approximation (Béhague's annex algorithms 3 and 4).

- :func:`set_packing` is Béhague's Algorithm 3: a greedy maximal packing, then local
  improvements that trade one chosen set for two disjoint sets that meet nothing else chosen,
  until none is left.
- :func:`block_packing_approximation` packs interior 2x2 blocks (E(2,2) restricted to pieces
  without a frame edge) and lays them out as in Béhague's Figure 15: blocks with their top-left
  cell at (1 + 3i, 1 + 3j), one free row and column between blocks, and single pieces on the
  cells (3a, 3b) where those free rows and columns cross. No two placed groups touch, so every
  placed piece is valid.

Guarantee (proved in :func:`set_packing`): a packing with no such improvement holds at least
2/(k+1) of the largest packing. The paper quotes 2/k, which this local search does not reach:
on the family of eleven 3-sets in the :func:`set_packing` example it keeps 2 sets where 4 fit,
exactly 2/(k+1) = 1/2 < 2/3 (2/k is the bound for larger improvement steps).
"""

from __future__ import annotations

from collections import defaultdict
from typing import Dict, FrozenSet, Hashable, List, Sequence, Tuple

import numpy as np

from .._errors import PuzzleError
from ._blocks import Block, _combine, _singles
from ._model import EdgePuzzle
from ._rotations import Rotations, piece_rotations


def set_packing(sets: Sequence[FrozenSet[Hashable]]) -> List[int]:
    """Indices of pairwise disjoint sets chosen by Béhague's Algorithm 3.

    Phase 1 takes each set in turn when it meets no chosen set. Phase 2 repeats: if two disjoint
    sets s, s' meet no chosen set except one, p0, replace p0 by s and s' (then phase 1 again,
    since a set that only met p0 may now be free). The result is maximal
    and has no such improvement, so with sets of at most k elements it holds at least
    2 / (k + 1) of an optimal packing O: each set of O meets a chosen set (maximality); a chosen
    set a can be the only chosen set met by at most one set of O (two would improve); counting
    the at most k|A| meetings gives |O| <= (k |A| + |A|) / 2.

    Example:
        >>> set_packing([frozenset({1, 2}), frozenset({1}), frozenset({2})])
        [1, 2]

        The ratio 2/(k+1) is reached, so the paper's 2/k does not hold for this search: eleven
        3-sets where sets 1, 2, 5, 9 are disjoint, and the search stops at two sets.

        >>> family = [{7, 11, 12}, {5, 6, 12}, {3, 7, 10}, {0, 1, 5}, {4, 7, 11}, {1, 4, 11},
        ...           {0, 2, 6}, {5, 10, 11}, {3, 8, 11}, {0, 2, 9}, {0, 4, 8}]
        >>> len(set_packing([frozenset(s) for s in family]))
        2
    """
    if isinstance(sets, (str, bytes)) or not hasattr(sets, "__iter__"):
        raise PuzzleError(f"set_packing needs a sequence of sets, got {type(sets).__name__}")
    sets = list(sets)
    for i, s in enumerate(sets):
        if isinstance(s, (str, bytes)) or not hasattr(s, "__iter__"):
            raise PuzzleError(f"set_packing: item {i} is not a set, got {s!r}")
    sets = [frozenset(s) for s in sets]
    chosen: List[int] = []
    taken = set()
    owner: Dict[Hashable, int] = {}

    def greedy() -> None:
        for i, s in enumerate(sets):
            if i not in taken and all(x not in owner for x in s):
                chosen.append(i)
                taken.add(i)
                for x in s:
                    owner[x] = i

    greedy()
    improved = True
    while improved:
        improved = False
        # sets that meet exactly one chosen set, grouped by it
        private: Dict[int, List[int]] = defaultdict(list)
        for i, s in enumerate(sets):
            met = {owner[x] for x in s if x in owner}
            if len(met) == 1:
                (p0,) = met
                if i != p0:
                    private[p0].append(i)
        for p0, cands in private.items():
            pair = None
            for a in range(len(cands)):
                for b in range(a + 1, len(cands)):
                    if not sets[cands[a]] & sets[cands[b]]:
                        pair = (cands[a], cands[b])
                        break
                if pair:
                    break
            if pair:
                chosen.remove(p0)
                taken.discard(p0)
                for x in sets[p0]:
                    del owner[x]
                for i in pair:
                    chosen.append(i)
                    taken.add(i)
                    for x in sets[i]:
                        owner[x] = i
                greedy()  # other sets that only met p0 may now meet nothing
                improved = True
                break
    return sorted(chosen)


def interior_blocks(puzzle: EdgePuzzle, rotations: Rotations = None) -> List[Block]:
    """E(2,2) restricted to the inside of the board (Béhague's Algorithm 4): every 2x2 block of
    four distinct pieces, turned as given, none with a frame edge, whose four inner joins match.

    Example:
        >>> from cassetete.edgematch import generate
        >>> p, b = generate(4, 4, colors=3, seed=1)
        >>> rots = {int(b[r, c, 0]): int(b[r, c, 1]) for r in range(4) for c in range(4)}
        >>> tuple(int(x) for x in b[1:3, 1:3, 0].ravel()) in {k.pieces for k in interior_blocks(p, rots)}
        True
    """
    rot = piece_rotations(puzzle, rotations)
    singles = [b for b in _singles(puzzle, rot) if all(f[0] != 0 for f in b.faces)]
    return [b for b in _combine(puzzle, singles, None) if all(x != 0 for f in b.faces for x in f)]


def block_packing_approximation(puzzle: EdgePuzzle, rotations: Rotations = None
                                ) -> Tuple[np.ndarray, dict]:
    """Theorem 4.4: place disjoint interior 2x2 blocks found by :func:`set_packing` on
    :func:`interior_blocks`, as in Béhague's Figure 15, and single pieces (with their frame
    edges where the cell needs them) where the free rows and columns cross. Returns
    (board with -1 on empty cells, info) where info gives the slots, the blocks packed and placed.

    On a solvable puzzle with B = floor((m-1)/3) floor((n-1)/3) slots, the packing holds at least
    2/5 of floor((m-2)/2) floor((n-2)/2) blocks (the solution's own interior blocks are disjoint),
    and the board has at least 4 min(B, packed) + (floor((m-1)/3) + 1)(floor((n-1)/3) + 1)
    valid pieces; with B blocks that is Béhague's 5B + floor((m-1)/3) + floor((n-1)/3) (+1).

    Example:
        >>> from cassetete.edgematch import generate, valid_pieces
        >>> p, b = generate(7, 7, colors=4, seed=3)
        >>> rots = {int(b[r, c, 0]): int(b[r, c, 1]) for r in range(7) for c in range(7)}
        >>> board, info = block_packing_approximation(p, rots)
        >>> valid_pieces(p, board) >= 4 * info["placed"] + 9
        True
    """
    R, C = puzzle.rows, puzzle.cols
    if R < 1 or C < 1:
        raise PuzzleError("empty board")
    rot = piece_rotations(puzzle, rotations)
    blocks = interior_blocks(puzzle, rot) if R >= 4 and C >= 4 else []
    packed = [blocks[i] for i in set_packing([frozenset(b.pieces) for b in blocks])]
    slots = [(1 + 3 * i, 1 + 3 * j) for i in range((R - 1) // 3) for j in range((C - 1) // 3)]
    slots = [(r, c) for r, c in slots if r + 1 < R - 1 and c + 1 < C - 1]
    board = np.full((R, C, 2), -1, dtype=np.int64)
    used = set()
    placed = 0
    for (r, c), blk in zip(slots, packed):
        for t, p in enumerate(blk.pieces):
            board[r + t // 2, c + t % 2] = (p, rot[p])
            used.add(p)
        placed += 1
    by_pattern: Dict[Tuple[bool, ...], List[int]] = defaultdict(list)
    for p in range(puzzle.size):
        if p not in used:
            by_pattern[tuple(x == 0 for x in puzzle.edges(p, rot[p]))].append(p)
    for r in range(0, R, 3):
        for c in range(0, C, 3):
            pool = by_pattern[(r == 0, c == C - 1, r == R - 1, c == 0)]
            if pool:
                p = pool.pop()
                board[r, c] = (p, rot[p])
    info = {"slots": len(slots), "interior_blocks": len(blocks), "packed": len(packed), "placed": placed}
    return board, info
