"""The block method for PUZZLE-ORIENTATION (Béhague 2024, section 4.2).

With every piece's rotation known, the paper builds E(2,2), all 2x2 blocks of distinct pieces
whose four inner joins match; it removes a block when one of its outer faces (the pair of labels
along a side that does not lie on the rim) has no partner face on another block sharing no piece
with it, and repeats until nothing changes; it then builds E(4,4) from the surviving 2x2 blocks
(all 16 pieces distinct), prunes it the same way, and backtracks over the blocks.

- :func:`block_level` gives the (pruned) E(k,k) for k = 1, 2, 4, ... as :class:`Block` objects.
- :func:`solve_orientations_blocks` solves or counts PUZZLE-ORIENTATION with the blocks of the
  largest size that tiles the board (2 or 4; both sides must be even).
"""

from __future__ import annotations

from collections import defaultdict
from typing import Dict, Iterable, List, Mapping, NamedTuple, Optional, Tuple

import numpy as np

from .._errors import PuzzleError
from .._options import check_count
from ._model import EdgePuzzle, check_puzzle
from ._rotations import Rotations, piece_rotations

Face = Tuple[int, ...]

# With the block size left to solve_orientations_blocks, E(4,4) is built only when the pruned
# E(2,2) has at most this many blocks (E(4,4) grows like its fourth power; the paper notes that
# past E(4,4) pruning pays less and less).
AUTO_E44_LIMIT = 600


class Block(NamedTuple):
    """A k x k block of oriented pieces: ``pieces`` row-major, ``faces`` its N, E, S, W faces
    (labels left to right on N and S, top to bottom on E and W) and ``mask`` the set of its
    pieces as a bit mask.

    Example:
        >>> from cassetete import edgematch
        >>> puzzle, planted = edgematch.generate(4, 4, colors=3, seed=1)
        >>> rotations = {int(p): int(r) for p, r in planted.reshape(-1, 2)}
        >>> block = edgematch.block_level(puzzle, rotations, 2)[0]
        >>> block.size, len(block.pieces), bin(block.mask).count("1"), len(block.faces[0])
        (2, 4, 4, 2)
    """

    size: int
    pieces: Tuple[int, ...]
    faces: Tuple[Face, Face, Face, Face]
    mask: int

    def rim(self) -> Tuple[bool, bool, bool, bool]:
        """Which sides are all frame (label 0): the rim sides the block must lie on."""
        return tuple(all(x == 0 for x in f) for f in self.faces)  # type: ignore[return-value]


def _sound(block: Block) -> bool:
    """A face is either all frame or free of frame labels (0 only lies on the rim)."""
    return all(all(x == 0 for x in f) or all(x != 0 for x in f) for f in block.faces)


def _fits(block: Block, rows: int, cols: int) -> bool:
    """Some block position of the k-tiling of a rows x cols board has this rim pattern."""
    k = block.size
    n, e, s, w = block.rim()
    if (n and s and rows != k) or (w and e and cols != k):
        return False
    if rows == k and not (n and s):
        return False
    if cols == k and not (w and e):
        return False
    return True


def _singles(puzzle: EdgePuzzle, rot: Mapping[int, int]) -> List[Block]:
    out = []
    for p in range(puzzle.size):
        e = puzzle.edges(p, rot[p])
        out.append(Block(1, (p,), ((e[0],), (e[1],), (e[2],), (e[3],)), 1 << p))
    return out


def _joins(puzzle: EdgePuzzle, a: Face, b: Face) -> bool:
    return all(x != 0 and puzzle.matches(x, y) for x, y in zip(a, b))


def _partner(puzzle: EdgePuzzle, face: Face) -> Face:
    return tuple(puzzle.partner(x) for x in face)


def _combine(puzzle: EdgePuzzle, blocks: List[Block], max_blocks: Optional[int]) -> List[Block]:
    """All 2k x 2k blocks A B / C D of k-blocks with distinct pieces and matching inner faces."""
    by_west: Dict[Face, List[Block]] = defaultdict(list)
    by_north: Dict[Face, List[Block]] = defaultdict(list)
    for b in blocks:
        by_west[b.faces[3]].append(b)
        by_north[b.faces[0]].append(b)
    out: List[Block] = []
    k = blocks[0].size if blocks else 1
    for a in blocks:
        if 0 in a.faces[1] or 0 in a.faces[2]:
            continue
        for b in by_west.get(_partner(puzzle, a.faces[1]), ()):
            if a.mask & b.mask or 0 in b.faces[2]:
                continue
            ab = a.mask | b.mask
            for c in by_north.get(_partner(puzzle, a.faces[2]), ()):
                if ab & c.mask or 0 in c.faces[1]:
                    continue
                abc = ab | c.mask
                for d in by_north.get(_partner(puzzle, b.faces[2]), ()):
                    if abc & d.mask or not _joins(puzzle, c.faces[1], d.faces[3]):
                        continue
                    rows = [a.pieces[i * k:(i + 1) * k] + b.pieces[i * k:(i + 1) * k] for i in range(k)]
                    rows += [c.pieces[i * k:(i + 1) * k] + d.pieces[i * k:(i + 1) * k] for i in range(k)]
                    faces = (a.faces[0] + b.faces[0], b.faces[1] + d.faces[1],
                             c.faces[2] + d.faces[2], a.faces[3] + c.faces[3])
                    out.append(Block(2 * k, tuple(x for row in rows for x in row), faces, abc | d.mask))
                    if max_blocks is not None and len(out) > max_blocks:
                        raise PuzzleError(f"more than {max_blocks} blocks of size {2 * k}; "
                                          "the pieces repeat too much for the block method")
    return out


def prune(puzzle: EdgePuzzle, blocks: Iterable[Block], unchecked_sides: Tuple[int, ...] = ()) -> List[Block]:
    """Béhague's pruning, repeated to a fixpoint: drop a block when one of its faces that is not
    on the rim has no partner face (the labels that match it, in the same order) on the facing
    side of another surviving block that shares no piece with it. Faces on ``unchecked_sides``
    (sides that may face single pieces on a board with an odd side) are not checked.

    Example:
        >>> from cassetete.edgematch import generate
        >>> p, b = generate(4, 4, colors=5, seed=1)
        >>> rots = {int(b[r, c, 0]): int(b[r, c, 1]) for r in range(4) for c in range(4)}
        >>> e22 = block_level(p, rots, 2, pruned=False)
        >>> len(prune(p, e22)) <= len(e22)
        True
    """
    check_puzzle(puzzle)
    if not hasattr(blocks, "__iter__") or not all(isinstance(b, Block) for b in blocks):
        raise PuzzleError("prune needs a list of Block (from block_level)")
    alive = list(blocks)
    while True:
        index: Dict[Tuple[int, Face], List[Block]] = defaultdict(list)
        for b in alive:
            for side in range(4):
                index[side, b.faces[side]].append(b)
        kept = []
        for b in alive:
            ok = True
            for side in range(4):
                face = b.faces[side]
                if face[0] == 0 or side in unchecked_sides:
                    continue
                want = index.get(((side + 2) % 4, _partner(puzzle, face)), ())
                if not any(not (b.mask & c.mask) for c in want):
                    ok = False
                    break
            if ok:
                kept.append(b)
        if len(kept) == len(alive):
            return kept
        alive = kept


def block_level(puzzle: EdgePuzzle, rotations: Rotations, size: int, *, pruned: bool = True,
                max_blocks: Optional[int] = 2_000_000) -> List[Block]:
    """E(size, size) for PUZZLE-ORIENTATION: every size x size block of distinct pieces, each
    turned by ``rotations[p]`` (default 0), whose inner joins match, whose faces are all frame or
    frame-free and whose rim pattern occurs on the board (``size`` a power of two dividing both
    sides, or 1). With ``pruned`` each level is pruned (:func:`prune`) before the next is built.
    Raises PuzzleError past ``max_blocks`` blocks.

    Every block of a solution is in the result, so a solution can always be rebuilt from it.

    Example:
        >>> from cassetete.edgematch import generate
        >>> p, b = generate(4, 4, colors=6, seed=2)
        >>> rots = {int(b[r, c, 0]): int(b[r, c, 1]) for r in range(4) for c in range(4)}
        >>> planted = tuple(int(x) for x in b[:2, :2, 0].ravel())
        >>> planted in {blk.pieces for blk in block_level(p, rots, 2)}
        True
    """
    size = check_count(size, "size", 1)
    if size & (size - 1):
        raise PuzzleError(f"block size {size} is not a power of two")
    if size > 1 and (puzzle.rows % size or puzzle.cols % size):
        raise PuzzleError(f"{size}x{size} blocks do not tile a {puzzle.rows}x{puzzle.cols} board")
    rot = piece_rotations(puzzle, rotations)
    blocks = _singles(puzzle, rot)
    k = 1
    while k < size:
        blocks = _combine(puzzle, blocks, max_blocks)
        k *= 2
        blocks = [b for b in blocks if _sound(b) and _fits(b, puzzle.rows, puzzle.cols)]
        if pruned:
            blocks = prune(puzzle, blocks)
    return blocks


def solve_orientations_blocks(puzzle: EdgePuzzle, rotations: Rotations = None, *,
                              count: bool = False, limit: Optional[int] = None, size: Optional[int] = None,
                              max_blocks: Optional[int] = 2_000_000) -> Tuple[Optional[np.ndarray], int, dict]:
    """PUZZLE-ORIENTATION by the block method (Béhague 2024, section 4.2): build and prune E(2,2),
    then E(4,4) when both sides are multiples of 4 (and the pruned E(2,2) has at most
    ``AUTO_E44_LIMIT`` blocks), and backtrack over the blocks row by row. On a board with an
    odd side, 2x2 blocks tile the largest even part and single pieces fill the last row and/or
    column (see ``_blocks_odd``): the same solutions as the row-by-row backtracking
    (blocks indexed by their north and west faces, used pieces as a bit mask). ``size`` forces
    the block size (2 or 4). Returns (a board or None, number of solutions: all with
    ``count=True`` up to ``limit``, else at most 1, info) where info gives the block counts per
    level before and after pruning.

    Example:
        >>> from cassetete.edgematch import generate
        >>> p, b = generate(4, 4, colors=5, seed=3)
        >>> rots = {int(b[r, c, 0]): int(b[r, c, 1]) for r in range(4) for c in range(4)}
        >>> board, n, info = solve_orientations_blocks(p, rots)
        >>> n >= 1 and all(int(board[r, c, 1]) == rots[int(board[r, c, 0])] for r in range(4) for c in range(4))
        True
    """
    R, C = puzzle.rows, puzzle.cols
    if R % 2 or C % 2:
        return _odd_sides(puzzle, rotations, count, limit, size, max_blocks)
    auto = size is None
    if auto:
        size = 4 if R % 4 == 0 and C % 4 == 0 else 2
    if size not in (2, 4):
        raise PuzzleError(f"block size must be 2 or 4, got {size}")
    rot = piece_rotations(puzzle, rotations)
    info: dict = {"size": size}
    blocks = _singles(puzzle, rot)
    k = 1
    while k < size:
        if auto and k == 2 and len(blocks) > AUTO_E44_LIMIT:
            size = info["size"] = 2
            break
        blocks = _combine(puzzle, blocks, max_blocks)
        k *= 2
        blocks = [b for b in blocks if _sound(b) and _fits(b, R, C)]
        info[f"E{k}{k}"] = len(blocks)
        blocks = prune(puzzle, blocks)
        info[f"E{k}{k}_pruned"] = len(blocks)
    BR, BC = R // size, C // size
    index: Dict[Tuple[Tuple[bool, bool, bool, bool], Face, Face], List[Block]] = defaultdict(list)
    for b in blocks:
        index[b.rim(), b.faces[0], b.faces[3]].append(b)
    grid: List[Optional[Block]] = [None] * (BR * BC)
    found: List[np.ndarray] = []
    total = 0
    info["nodes"] = 0
    zeros = (0,) * size

    def rec(i: int, used: int) -> bool:
        nonlocal total
        if i == BR * BC:
            total += 1
            if not found:
                board = np.zeros((R, C, 2), dtype=np.int64)
                for j, blk in enumerate(grid):
                    br, bc = divmod(j, BC)
                    for t, p in enumerate(blk.pieces):  # type: ignore[union-attr]
                        board[br * size + t // size, bc * size + t % size] = (p, rot[p])
                found.append(board)
            return not count or (limit is not None and total >= limit)
        br, bc = divmod(i, BC)
        rim = (br == 0, bc == BC - 1, br == BR - 1, bc == 0)
        north = zeros if br == 0 else _partner(puzzle, grid[i - BC].faces[2])  # type: ignore[union-attr]
        west = zeros if bc == 0 else _partner(puzzle, grid[i - 1].faces[1])  # type: ignore[union-attr]
        for b in index.get((rim, north, west), ()):
            if used & b.mask:
                continue
            info["nodes"] += 1
            grid[i] = b
            if rec(i + 1, used | b.mask):
                return True
        grid[i] = None
        return False

    rec(0, 0)
    return (found[0] if found else None), total, info


def _odd_sides(puzzle: EdgePuzzle, rotations, count: bool, limit: Optional[int], size: Optional[int],
               max_blocks: Optional[int]) -> Tuple[Optional[np.ndarray], int, dict]:
    """solve_orientations_blocks on a board with an odd side: 2x2 blocks plus single-piece strips."""
    from ._blocks_odd import solve_with_strips

    R, C = puzzle.rows, puzzle.cols
    if size not in (None, 2):
        raise PuzzleError(f"block size must be 2 on a {R}x{C} board (an odd side), got {size}")
    rot = piece_rotations(puzzle, rotations)
    info: dict = {"size": 2, "strips": ("row" if R % 2 else "") + ("+column" if C % 2 else "")}
    if R < 2 or C < 2:  # no room for a block: the strips are the whole board
        blocks: List[Block] = []
    else:
        blocks = _combine(puzzle, _singles(puzzle, rot), max_blocks)
        # The rim patterns of the block positions (2br, 2bc): the south (east) rim only when
        # the height (width) is even.
        patterns = {(br == 0, 2 * bc + 2 == C, 2 * br + 2 == R, bc == 0)
                    for br in range(R // 2) for bc in range(C // 2)}
        blocks = [b for b in blocks if _sound(b) and b.rim() in patterns]
        info["E22"] = len(blocks)
        unchecked = tuple(s for s, odd in ((2, R % 2), (1, C % 2)) if odd)
        blocks = prune(puzzle, blocks, unchecked)
        info["E22_pruned"] = len(blocks)
    board, total = solve_with_strips(puzzle, rot, blocks, count, limit, info)
    return board, total, info
