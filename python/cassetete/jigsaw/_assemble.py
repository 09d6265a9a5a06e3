"""The robust assembly for real scans: pairwise edge dissimilarities, a frame-first beam
search scored by fit, and the check of every join of a board.

Die-cut pieces have near-identical edges, so hard classes (one label per join) are not
always exact; this assembly uses the dissimilarities themselves. On clean input the right
partner of every edge is far closer than any other, and the beam follows it exactly.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Dict, Iterable, List, Optional, Tuple

import numpy as np

from ._edges import BLANK, FLAT, TAB, EdgeSet

SIDES = 4  # N, E, S, W; a piece turned r quarter turns clockwise shows its edge k at side (k + r) % 4
DOUBT_COST = 0.04  # a join whose fit is worse than this (RMS gap / edge length) is doubtful


@dataclass
class Dissimilarity:
    """Fit between every tab and every blank.

    Attributes:
        cost: (T, B) RMS gap between a tab and the blank turned to fit it, in edge lengths.
        tabs, blanks: (T, 2), (B, 2) (piece, edge) of each row / column.
        tab_index, blank_index: (n, 4) row / column of each edge in ``cost`` (-1 if not that kind).

    Example:
        >>> from cassetete import jigsaw
        >>> puzzle, _ = jigsaw.generate(2, 3, seed=1)
        >>> d = dissimilarities(jigsaw.find_edges(puzzle))
        >>> d.cost.shape                       # 7 tabs x 7 blanks
        (7, 7)
        >>> (piece_t, edge_t), (piece_b, edge_b) = d.tabs[0], d.blanks[0]
        >>> d.between(piece_t, edge_t, piece_b, edge_b) == float(d.cost[0, 0])
        True
    """

    cost: np.ndarray
    tabs: np.ndarray
    blanks: np.ndarray
    tab_index: np.ndarray
    blank_index: np.ndarray

    def between(self, piece_a: int, edge_a: int, piece_b: int, edge_b: int) -> float:
        """Fit of two edges facing each other (inf unless one is a tab and the other a blank)."""
        t, b = self.tab_index[piece_a, edge_a], self.blank_index[piece_b, edge_b]
        if t < 0 or b < 0:
            t, b = self.tab_index[piece_b, edge_b], self.blank_index[piece_a, edge_a]
        if t < 0 or b < 0:
            return float("inf")
        return float(self.cost[t, b])


def _aligned_rms(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """RMS distance between point sets a[i] and b[i] (p, k, 2) after the rotation and
    translation of a that best superposes them (least squares)."""
    a = a - a.mean(axis=1, keepdims=True)
    b = b - b.mean(axis=1, keepdims=True)
    dot = (a * b).sum(axis=(1, 2))
    cross = (a[..., 0] * b[..., 1] - a[..., 1] * b[..., 0]).sum(axis=1)
    angle = np.arctan2(cross, dot)
    c, s = np.cos(angle)[:, None], np.sin(angle)[:, None]
    ax = a[..., 0] * c - a[..., 1] * s
    ay = a[..., 0] * s + a[..., 1] * c
    return np.sqrt(((ax - b[..., 0]) ** 2 + (ay - b[..., 1]) ** 2).mean(axis=1))


def dissimilarities(edges: EdgeSet, refine: int = 8) -> Dissimilarity:
    """RMS distance between each tab's matching form and each blank's (both resampled evenly
    along their length, so points correspond), plus the difference of their chord lengths;
    the ``refine`` nearest blanks of each tab (and tabs of each blank) are compared again
    after the best superposing rotation and translation.

    Example:
        >>> from cassetete.jigsaw import generate, find_edges
        >>> puzzle, _ = generate(2, 2, seed=1)
        >>> d = dissimilarities(find_edges(puzzle))
        >>> d.cost.shape, bool(d.cost.min(axis=1).max() < 0.01)
        ((4, 4), True)
    """
    tabs, blanks = np.argwhere(edges.kinds == TAB), np.argwhere(edges.kinds == BLANK)
    ft = edges.forms[tabs[:, 0], tabs[:, 1]].reshape(len(tabs), -1)
    fb = edges.forms[blanks[:, 0], blanks[:, 1]].reshape(len(blanks), -1)
    points = edges.forms.shape[2]
    sq = (ft * ft).sum(1)[:, None] - 2.0 * ft @ fb.T + (fb * fb).sum(1)[None, :]
    cost = np.sqrt(np.maximum(sq, 0.0) / points)
    if refine and cost.size:
        # the nearest candidates again, after the rigid motion that best superposes the two
        # curves: a corner found a pixel off tilts a whole normalised edge, this undoes it
        m = min(refine, cost.shape[1])
        rows = np.repeat(np.arange(len(tabs)), m)
        cols = np.argpartition(cost, m - 1, axis=1)[:, :m].ravel()
        cost[rows, cols] = _aligned_rms(ft.reshape(len(tabs), points, 2)[rows],
                                        fb.reshape(len(blanks), points, 2)[cols])
        m = min(refine, cost.shape[0])
        cols_b = np.argpartition(cost, m - 1, axis=0)[:m, :].T.ravel()   # and the blanks' nearest
        rows_b = np.repeat(np.arange(len(blanks)), m)
        cost[cols_b, rows_b] = _aligned_rms(ft.reshape(len(tabs), points, 2)[cols_b],
                                            fb.reshape(len(blanks), points, 2)[rows_b])
    lt, lb = edges.lengths[tabs[:, 0], tabs[:, 1]], edges.lengths[blanks[:, 0], blanks[:, 1]]
    cost += np.abs(lt[:, None] - lb[None, :])
    tab_index = np.full(edges.kinds.shape, -1, dtype=np.int64)
    blank_index = np.full(edges.kinds.shape, -1, dtype=np.int64)
    tab_index[tabs[:, 0], tabs[:, 1]] = np.arange(len(tabs))
    blank_index[blanks[:, 0], blanks[:, 1]] = np.arange(len(blanks))
    return Dissimilarity(cost, tabs, blanks, tab_index, blank_index)


def greedy_matching(cost: np.ndarray) -> np.ndarray:
    """Pair tabs and blanks best fit first: the pair of lowest cost is taken, its two edges
    leave, and so on (the same as peeling mutual best fits). ``partner[t]`` is the blank of
    tab t (-1 if none is left).

    Example:
        >>> greedy_matching(np.array([[0.1, 0.2], [0.15, 0.9]])).tolist()
        [0, 1]
    """
    t_count, b_count = cost.shape
    partner = np.full(t_count, -1, dtype=np.int64)
    if not cost.size:
        return partner
    m = min(b_count, 12)   # each tab's 12 best blanks hold its partner unless the edges are near-identical
    cand_cols = np.argpartition(cost, m - 1, axis=1)[:, :m] if m < b_count else np.tile(np.arange(b_count), (t_count, 1))
    cand_rows = np.repeat(np.arange(t_count), cand_cols.shape[1])
    cand_cols = cand_cols.ravel()
    order = np.argsort(cost[cand_rows, cand_cols], kind="stable")
    blank_taken = np.zeros(b_count, dtype=bool)
    for i in order:
        t, b = cand_rows[i], cand_cols[i]
        if partner[t] < 0 and not blank_taken[b]:
            partner[t] = b
            blank_taken[b] = True
    return partner


def board_joins(board: np.ndarray) -> List[Tuple[Tuple[int, int], Tuple[int, int], int, int]]:
    """Every inner join of a (rows, cols, 2) board as ((r, c), (r2, c2), side at (r, c),
    side at (r2, c2)): east-west joins, then north-south ones."""
    rows, cols = board.shape[:2]
    out = [((r, c), (r, c + 1), 1, 3) for r in range(rows) for c in range(cols - 1)]
    out += [((r, c), (r + 1, c), 2, 0) for r in range(rows - 1) for c in range(cols)]
    return out


def check_joins(edges: EdgeSet, diss: Dissimilarity, board: np.ndarray,
                doubt_cost: float = DOUBT_COST) -> Dict[str, Any]:
    """Check every join of a board by fit: ``{"costs": (j,), "doubtful": [(cell, cell), ...],
    "rim_ok": bool}``. A join is doubtful when its two edges are not a tab and a blank, when
    their fit is worse than ``doubt_cost``, or when a better fit exists for one of them that
    no confirmed join rules out: joins paired by :func:`greedy_matching` are confirmed, then
    any join whose better alternatives are all held by confirmed joins, then any join in no
    blocking pair (a tab and a blank that fit each other better than both fit where they
    are). The rim must show exactly the flat edges.

    Example:
        >>> from cassetete.jigsaw import generate, find_edges, solve
        >>> puzzle, _ = generate(3, 3, seed=4)
        >>> es = find_edges(puzzle)
        >>> check = check_joins(es, dissimilarities(es), solve(puzzle).solution)
        >>> check["doubtful"], check["rim_ok"]
        ([], True)
    """
    board = np.asarray(board)
    rows, cols = board.shape[:2]
    partner = greedy_matching(diss.cost)
    costs: List[float] = []
    pairs: List[Optional[Tuple[int, int]]] = []
    cells: List[Tuple[Any, Any]] = []
    for a, b, side_a, side_b in board_joins(board):
        pa, ra = (int(x) for x in board[a])
        pb, rb = (int(x) for x in board[b])
        cells.append((a, b))
        if pa < 0 or pb < 0:
            costs.append(float("inf"))
            pairs.append(None)
            continue
        ka, kb = (side_a - ra) % 4, (side_b - rb) % 4
        cost = diss.between(pa, ka, pb, kb)
        costs.append(cost)
        t = diss.tab_index[pa, ka] if diss.tab_index[pa, ka] >= 0 else diss.tab_index[pb, kb]
        bl = diss.blank_index[pb, kb] if diss.blank_index[pb, kb] >= 0 else diss.blank_index[pa, ka]
        pairs.append((int(t), int(bl)) if np.isfinite(cost) and cost <= doubt_cost else None)
    # confirmed: the greedy pairs; then, repeatedly, a join all of whose better alternatives
    # (a better blank for its tab, a better tab for its blank) are held by confirmed joins
    confirmed = [pair is not None and partner[pair[0]] == pair[1] for pair in pairs]
    tab_done = np.zeros(diss.cost.shape[0], dtype=bool)
    blank_done = np.zeros(diss.cost.shape[1], dtype=bool)
    changed = True
    while changed:
        changed = False
        for i, pair in enumerate(pairs):
            if pair is not None and confirmed[i] and not tab_done[pair[0]]:
                tab_done[pair[0]] = blank_done[pair[1]] = True
        for i, pair in enumerate(pairs):
            if pair is None or confirmed[i]:
                continue
            t, bl = pair
            better_blanks = np.flatnonzero(diss.cost[t] < diss.cost[t, bl])
            better_tabs = np.flatnonzero(diss.cost[:, bl] < diss.cost[t, bl])
            if blank_done[better_blanks].all() and tab_done[better_tabs].all():
                confirmed[i] = changed = True
    # last, stability (as in stable marriage): a join no pair of edges would both rather
    # leave it for is confirmed; a wrong join always has its true partners as such a pair
    tab_cost = np.full(diss.cost.shape[0], np.inf)
    blank_cost = np.full(diss.cost.shape[1], np.inf)
    for pair, cost in zip(pairs, costs):
        if pair is not None:
            tab_cost[pair[0]], blank_cost[pair[1]] = cost, cost
    for i, pair in enumerate(pairs):
        if pair is None or confirmed[i]:
            continue
        t, bl = pair
        here = diss.cost[t, bl]
        blocking = ((diss.cost[t] < here) & (diss.cost[t] < blank_cost)).any() or \
            ((diss.cost[:, bl] < here) & (diss.cost[:, bl] < tab_cost)).any()
        confirmed[i] = not blocking
    doubtful = [cells[i] for i in range(len(cells)) if not confirmed[i]]
    rim_ok = True
    for r in range(rows):
        for c in range(cols):
            p, rot = (int(x) for x in board[r, c])
            if p < 0:
                rim_ok = False
                continue
            for side, on_rim in ((0, r == 0), (1, c == cols - 1), (2, r == rows - 1), (3, c == 0)):
                if (edges.kinds[p, (side - rot) % 4] == FLAT) != on_rim:
                    rim_ok = False
    return {"costs": np.array(costs), "doubtful": doubtful, "rim_ok": rim_ok}


def _fill_holes(state, diss: Dissimilarity, kinds: np.ndarray, flat: np.ndarray, need: dict, offsets):
    """Put the pieces the beam could not place into the cells it left empty, each where it
    fits its placed neighbours best (the rim pattern first, any turn if none fits)."""
    total, board, used = state
    board, used = board.copy(), used.copy()
    rows, cols = board.shape[:2]
    for r, c in zip(*np.nonzero(board[:, :, 0] < 0)):
        best = None
        for q in np.flatnonzero(~used):
            for rq in range(4):
                cost = 0.0 if np.array_equal(flat[q, rq], need[r, c]) else 10.0
                for side, dr, dc in offsets:
                    rr, cc = r + dr, c + dc
                    if 0 <= rr < rows and 0 <= cc < cols and board[rr, cc, 0] >= 0:
                        pn, rn = (int(x) for x in board[rr, cc])
                        fit = diss.between(int(q), (side - rq) % 4, pn, (side + 2 - rn) % 4)
                        cost += fit if np.isfinite(fit) else 10.0
                if best is None or cost < best[0]:
                    best = (cost, int(q), rq)
        if best is None:
            break
        board[r, c] = best[1:]
        used[best[1]] = True
        total += best[0]
    return total, board, used


def frame_first_order(rows: int, cols: int) -> List[Tuple[int, int]]:
    """Cells in the order the assembly fills them: the frame clockwise from the top-left
    corner, then the inside row by row.

    Example:
        >>> frame_first_order(3, 3)
        [(0, 0), (0, 1), (0, 2), (1, 2), (2, 2), (2, 1), (2, 0), (1, 0), (1, 1)]
    """
    ring = [(0, c) for c in range(cols)] + [(r, cols - 1) for r in range(1, rows)]
    ring += [(rows - 1, c) for c in range(cols - 2, -1, -1)] + [(r, 0) for r in range(rows - 2, 0, -1)]
    inside = [(r, c) for r in range(1, rows - 1) for c in range(1, cols - 1)]
    return ring + inside


def assemble(edges: EdgeSet, diss: Dissimilarity, rows: int, cols: int, *, beam: int = 8,
             branch: int = 6, time_limit: Optional[float] = None) -> Tuple[Optional[np.ndarray], Dict[str, Any]]:
    """Frame-first beam search scored by fit: fill the cells in :func:`frame_first_order`,
    each with a piece whose edges fit the already placed neighbours, keeping the ``beam``
    boards of lowest total misfit; a placed neighbour proposes the ``branch`` best-fitting
    edges for its side. Returns ``(board or None, stats)``; ``stats["stop"]`` is
    ``"time_limit"`` when the time ran out (the best partial board is returned, -1 = empty).

    Example:
        >>> from cassetete.jigsaw import generate, find_edges
        >>> puzzle, truth = generate(3, 4, seed=6)
        >>> es = find_edges(puzzle)
        >>> board, stats = assemble(es, dissimilarities(es), 3, 4)
        >>> sorted(board[:, :, 0].ravel().tolist()) == list(range(12))
        True
    """
    start = time.perf_counter()
    n = len(edges.kinds)
    kinds = edges.kinds
    # flat pattern of each piece turned r: flat[p, r, side]
    flat = np.stack([np.roll(kinds == FLAT, r, axis=1) for r in range(4)], axis=1)
    order = frame_first_order(rows, cols)
    need = {}
    for (r, c) in order:
        need[r, c] = np.array([r == 0, c == cols - 1, r == rows - 1, c == 0])
    tab_rank = np.argsort(diss.cost, axis=1)[:, :branch]      # best blanks of each tab
    blank_rank = np.argsort(diss.cost, axis=0)[:branch, :].T  # best tabs of each blank
    first_choices = [(p, r) for p in range(n) for r in range(4) if np.array_equal(flat[p, r], need[0, 0])]
    empty = np.full((rows, cols, 2), -1, dtype=np.int64)
    states = []
    for p, r in first_choices:
        board = empty.copy()
        board[0, 0] = (p, r)
        used = np.zeros(n, dtype=bool)
        used[p] = True
        states.append((0.0, board, used))
    expansions = 0
    stop = "none"
    offsets = ((0, -1, 0), (1, 0, 1), (2, 1, 0), (3, 0, -1))  # side, dr, dc
    placed_count = 1
    for (r, c) in order[1:]:
        if time_limit is not None and time.perf_counter() - start > time_limit:
            stop = "time_limit"
            break
        children = []
        for total, board, used in states:
            neighbours = []
            for side, dr, dc in offsets:
                rr, cc = r + dr, c + dc
                if 0 <= rr < rows and 0 <= cc < cols and board[rr, cc, 0] >= 0:
                    pn, rn = board[rr, cc]
                    neighbours.append((side, int(pn), int((side + 2 - rn) % 4)))
            candidates = set()
            side, pn, kn = neighbours[0] if neighbours else (0, 0, 0)
            if not neighbours:
                pass  # every neighbour was left empty: only the pieces left can be tried, below
            elif kinds[pn, kn] == TAB:
                for b in tab_rank[diss.tab_index[pn, kn]]:
                    q, kq = diss.blanks[b]
                    candidates.add((int(q), int((side - kq) % 4)))
            elif kinds[pn, kn] == BLANK:
                for t in blank_rank[diss.blank_index[pn, kn]]:
                    q, kq = diss.tabs[t]
                    candidates.add((int(q), int((side - kq) % 4)))
            found = 0
            for near in (True, False):
                if near:
                    attempt: Iterable[Tuple[int, int]] = candidates
                else:
                    if found:
                        break
                    # no near edge fits (a damaged edge, a corner found wrong): try every piece left
                    attempt = [(int(q), rq) for q in np.flatnonzero(~used) for rq in range(4)]
                for q, rq in attempt:
                    expansions += 1
                    if used[q] or not np.array_equal(flat[q, rq], need[r, c]):
                        continue
                    cost = 0.0
                    for side, pn, kn in neighbours:
                        cost += diss.between(q, (side - rq) % 4, pn, kn)
                    if np.isfinite(cost):
                        children.append((total + cost, board, used, int(q), int(rq)))
                        found += 1
        if not children:
            # no piece left fits here in any kept board: leave the cell empty, fill it at the end
            children = [(total, board, used, -1, -1) for total, board, used in states]
        children.sort(key=lambda item: item[0])
        states = []
        for total, board, used, q, rq in children[:beam]:
            board = board.copy()
            board[r, c] = (q, rq)
            used = used.copy()
            if q >= 0:
                used[q] = True
            states.append((total, board, used))
        placed_count += 1
    best = min(states, key=lambda s: s[0]) if states else None
    if best is not None and stop == "none":
        best = _fill_holes(best, diss, kinds, flat, need, offsets)
    complete = best is not None and bool((best[1][:, :, 0] >= 0).all())
    stats = {"nodes": expansions, "cost": best[0] if best else float("inf"), "complete": complete,
             "stop": stop, "seconds": time.perf_counter() - start}
    return (best[1] if best is not None else None), stats


def _cell_need(rows: int, cols: int, r: int, c: int) -> Tuple[bool, bool, bool, bool]:
    return (r == 0, c == cols - 1, r == rows - 1, c == 0)


def _joins_at(board: np.ndarray, cells: Iterable[Tuple[int, int]]) -> List[Tuple[Tuple[int, int], Tuple[int, int], int, int]]:
    """The inner joins touching any of ``cells``, each once, as in :func:`board_joins`."""
    rows, cols = board.shape[:2]
    seen = set()
    out = []
    for r, c in cells:
        for (dr, dc, side, other) in ((0, 1, 1, 3), (1, 0, 2, 0), (0, -1, 3, 1), (-1, 0, 0, 2)):
            rr, cc = r + dr, c + dc
            if not (0 <= rr < rows and 0 <= cc < cols):
                continue
            key = ((r, c), (rr, cc)) if (r, c) < (rr, cc) else ((rr, cc), (r, c))
            if key in seen:
                continue
            seen.add(key)
            out.append(((r, c), (rr, cc), side, other))
    return out


def _fit_of(diss: Dissimilarity, board: np.ndarray, joins) -> float:
    total = 0.0
    for a, b, side_a, side_b in joins:
        pa, ra = (int(x) for x in board[a])
        pb, rb = (int(x) for x in board[b])
        if pa < 0 or pb < 0:
            return float("inf")
        total += diss.between(pa, (side_a - ra) % 4, pb, (side_b - rb) % 4)
    return total


def improve_doubtful(edges: EdgeSet, diss: Dissimilarity, board: np.ndarray, doubtful, *,
                     passes: int = 4) -> Tuple[np.ndarray, Dict[str, Any]]:
    """Re-examine the doubtful joins of a board by local moves: each cell of a doubtful join
    is swapped with every other cell of the same kind (corner, border side or inside), each
    piece turned so it shows flat edges exactly on the rim (a turn in place included), and the
    move is kept when it makes the total fit (sum of the joins' dissimilarities) strictly
    better while every join it touches stays a tab against a blank. Swaps between two
    doubtful cells are the local 2-opt among them. Repeated until a pass changes nothing or
    after ``passes`` passes. Returns ``(board, {"moves", "converged"})``: ``converged`` is True
    when the last pass found no better move (the board is a local optimum of the fit under
    these moves).

    Example:
        >>> from cassetete.jigsaw import generate, find_edges
        >>> puzzle, _ = generate(3, 4, seed=6)
        >>> es = find_edges(puzzle)
        >>> d = dissimilarities(es)
        >>> board, _ = assemble(es, d, 3, 4)
        >>> wrong = board.copy(); wrong[[1, 1], [1, 2]] = board[[1, 1], [2, 1]]
        >>> fixed, info = improve_doubtful(es, d, wrong, [((1, 1), (1, 2))])
        >>> bool((fixed == board).all()), info["converged"]
        (True, True)
    """
    board = np.array(board, dtype=np.int64, copy=True)
    rows, cols = board.shape[:2]
    flat = edges.kinds == FLAT

    turns_of: Dict[Tuple[int, Tuple[bool, ...]], Tuple[int, ...]] = {}
    for p in range(len(flat)):
        for r in range(4):
            key = (p, tuple(bool(v) for v in np.roll(flat[p], r)))
            turns_of[key] = turns_of.get(key, ()) + (r,)

    cells_by_need: Dict[Tuple[bool, ...], List[Tuple[int, int]]] = {}
    for r in range(rows):
        for c in range(cols):
            cells_by_need.setdefault(_cell_need(rows, cols, r, c), []).append((r, c))
    moves = 0
    converged = False
    focus = {cell for pair in doubtful for cell in pair}
    for _ in range(passes):
        improved = False
        for x in sorted(focus):
            need_x = _cell_need(rows, cols, *x)
            for y in cells_by_need[need_x]:
                joins = _joins_at(board, [x] if x == y else [x, y])
                before = _fit_of(diss, board, joins)
                px, py = int(board[x][0]), int(board[y][0])
                if px < 0 or py < 0:
                    continue
                best = None
                saved_x, saved_y = board[x].copy(), board[y].copy()
                for rx in turns_of.get((py, need_x), ()):           # py goes to x
                    for ry in (turns_of.get((px, need_x), ()) if x != y else (rx,)):   # px goes to y
                        board[x] = (py, rx)
                        if x != y:
                            board[y] = (px, ry)
                        after = _fit_of(diss, board, joins)
                        if np.isfinite(after) and after < before - 1e-12 and (best is None or after < best[0]):
                            best = (after, board.copy())
                board[x], board[y] = saved_x, saved_y
                if best is not None:
                    board = best[1]
                    moves += 1
                    improved = True
                    focus.add(y)
        if not improved:
            converged = True
            break
    return board, {"moves": moves, "converged": converged}
