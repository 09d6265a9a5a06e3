"""The block method of Béhague, "Résolution de puzzles dépourvus d'indice graphique" (2024),
section 4.2, on boards with an odd side: 2x2 blocks tile the largest even part from the top-left
corner and the leftover strips (the last column when the width is odd, the last row when the
height is odd) are filled with single pieces, in one backtracking that goes block row by block
row (each block row's strip cells right after its blocks) and ends with the last row.

A block face that may face a strip cell instead of another block (south faces when the height
is odd, east faces when the width is odd) is not asked for a partner block when pruning E(2,2).
"""

from __future__ import annotations

from collections import defaultdict
from typing import Dict, List, Optional, Tuple

import numpy as np

from ._model import EdgePuzzle

Edges = Tuple[int, int, int, int]


def solve_with_strips(puzzle: EdgePuzzle, rot: Dict[int, int], blocks, count: bool, limit: Optional[int],
                      info: dict) -> Tuple[Optional[np.ndarray], int]:
    """Backtracking over the 2x2 ``blocks`` (already built and pruned) and single pieces for
    the strips; returns (first board or None, number of solutions)."""
    R, C = puzzle.rows, puzzle.cols
    BR, BC = R // 2, C // 2
    partner = puzzle.partner
    by_key: Dict[tuple, list] = defaultdict(list)
    for b in blocks:
        by_key[b.rim(), b.faces[0], b.faces[3]].append(b)
    shown: Dict[int, Edges] = {p: puzzle.edges(p, rot[p]) for p in range(puzzle.size)}
    singles: Dict[Tuple[int, int], List[int]] = defaultdict(list)  # (north, west) -> pieces
    for p in range(puzzle.size):
        singles[shown[p][0], shown[p][3]].append(p)
    board = np.full((R, C), -1, dtype=np.int64)

    def need_north(r: int, c: int) -> int:
        return 0 if r == 0 else partner(shown[int(board[r - 1, c])][2])

    def need_west(r: int, c: int) -> int:
        return 0 if c == 0 else partner(shown[int(board[r, c - 1])][1])

    # The fill order: ("block", br, bc) or ("cell", r, c).
    steps: List[tuple] = []
    for br in range(BR):
        steps += [("block", br, bc) for bc in range(BC)]
        if C % 2:
            steps += [("cell", 2 * br, C - 1), ("cell", 2 * br + 1, C - 1)]
    if R % 2:
        steps += [("cell", R - 1, c) for c in range(C)]
    found: List[np.ndarray] = []
    total = 0
    info["nodes"] = 0

    def rec(i: int, used: int) -> bool:
        nonlocal total
        if i == len(steps):
            total += 1
            if not found:
                found.append(np.stack([board, np.vectorize(rot.__getitem__)(board)], axis=-1))
            return not count or (limit is not None and total >= limit)
        kind, a, b = steps[i]
        if kind == "block":
            r, c = 2 * a, 2 * b
            rim = (a == 0, c + 2 == C, r + 2 == R, b == 0)
            north = (need_north(r, c), need_north(r, c + 1))
            west = (need_west(r, c), need_west(r + 1, c))
            for blk in by_key.get((rim, north, west), ()):
                if used & blk.mask:
                    continue
                info["nodes"] += 1
                board[r:r + 2, c:c + 2] = np.array(blk.pieces).reshape(2, 2)
                if rec(i + 1, used | blk.mask):
                    return True
            board[r:r + 2, c:c + 2] = -1
            return False
        r, c = a, b
        for p in singles.get((need_north(r, c), need_west(r, c)), ()):
            e = shown[p]
            if used >> p & 1 or (e[1] == 0) != (c == C - 1) or (e[2] == 0) != (r == R - 1):
                continue
            info["nodes"] += 1
            board[r, c] = p
            if rec(i + 1, used | 1 << p):
                return True
        board[r, c] = -1
        return False

    rec(0, 0)
    return (found[0] if found else None), total
