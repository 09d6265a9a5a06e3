"""Independent checker and brute-force counter for edge-matching boards, written from the rules
(not from cassetete's code): used by the edgematch tests."""

from __future__ import annotations


def turned(edges, rot):
    """N E S W after rot clockwise quarter turns: the old north edge ends up east."""
    n, e, s, w = edges
    for _ in range(rot % 4):
        n, e, s, w = w, n, e, s
    return n, e, s, w


def joins_ok(a, b, matching):
    if a == 0 or b == 0:
        return False
    return a == b if matching == "equal" else a == -b


def matched_joins(puzzle, board):
    """The inner joins of a complete board (rows x cols of (piece, rot)) whose two edges match
    under the puzzle's matching rule, counted from the rules; None when the board does not use
    every piece exactly once."""
    rows, cols = puzzle.rows, puzzle.cols
    if sorted(int(board[r][c][0]) for r in range(rows) for c in range(cols)) != list(range(len(puzzle.pieces))):
        return None
    show = {(r, c): turned([int(x) for x in puzzle.pieces[int(board[r][c][0])]], int(board[r][c][1]))
            for r in range(rows) for c in range(cols)}
    count = 0
    for (r, c), (_n, e, s, _w) in show.items():
        if c + 1 < cols:
            count += joins_ok(e, show[r, c + 1][3], puzzle.matching)
        if r + 1 < rows:
            count += joins_ok(s, show[r + 1, c][0], puzzle.matching)
    return count


def best_score(puzzle):
    """The most inner joins any complete board of a small puzzle matches (every piece once, the
    clues in place, frame edges exactly on the rim), by plain recursion over the row-by-row cells
    and every piece and turn: a 3 x 3 board has at most 4! * 4! * 4 such boards."""
    rows, cols = puzzle.rows, puzzle.cols
    pieces = [tuple(int(x) for x in p) for p in puzzle.pieces]
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    clued = {p for p, _ in puzzle.fixed.values()}
    used = [p in clued for p in range(len(pieces))]
    shown = {}
    best = -1

    def fits(r, c, edges):
        n, e, s, w = edges
        return (n == 0) == (r == 0) and (s == 0) == (r == rows - 1) and (w == 0) == (c == 0) and (e == 0) == (c == cols - 1)

    def place(i, score):
        nonlocal best
        if i == len(cells):
            best = max(best, score)
            return
        r, c = cells[i]
        if (r, c) in puzzle.fixed:
            p, rot = puzzle.fixed[r, c]
            choices = [(p, rot)]
        else:
            choices = [(p, rot) for p in range(len(pieces)) if not used[p] for rot in range(4)]
        for p, rot in choices:
            edges = turned(pieces[p], rot)
            if not fits(r, c, edges):
                continue
            gained = (c > 0 and joins_ok(shown[r, c - 1][1], edges[3], puzzle.matching)) + (
                r > 0 and joins_ok(shown[r - 1, c][2], edges[0], puzzle.matching))
            was_used, used[p], shown[r, c] = used[p], True, edges
            place(i + 1, score + gained)
            used[p] = was_used
        shown.pop((r, c), None)

    place(0, 0)
    return best


def complete_board_ok(puzzle, board) -> bool:
    """Every piece once, the clues in place, frame edges exactly on the rim (inner joins may
    mismatch: a board of a scored search)."""
    rows, cols = puzzle.rows, puzzle.cols
    if sorted(int(board[r][c][0]) for r in range(rows) for c in range(cols)) != list(range(puzzle.size)):
        return False
    for (r, c), (p, rot) in puzzle.fixed.items():
        if int(board[r][c][0]) != p or turned(puzzle.pieces[p], int(board[r][c][1])) != turned(puzzle.pieces[p], rot):
            return False
    for r in range(rows):
        for c in range(cols):
            n, e, s, w = turned([int(x) for x in puzzle.pieces[int(board[r][c][0])]], int(board[r][c][1]))
            if (n == 0) != (r == 0) or (s == 0) != (r == rows - 1) or (w == 0) != (c == 0) or (e == 0) != (c == cols - 1):
                return False
    return True


def check_board(rows, cols, pieces, board, matching="equal", fixed=None):
    """True iff board (rows x cols of (piece, rot)) is a valid complete solution."""
    used = sorted(int(board[r][c][0]) for r in range(rows) for c in range(cols))
    if used != list(range(len(pieces))):
        return False
    show = {}
    for r in range(rows):
        for c in range(cols):
            p, rot = int(board[r][c][0]), int(board[r][c][1])
            if not 0 <= rot <= 3:
                return False
            show[r, c] = turned([int(x) for x in pieces[p]], rot)
    for (r, c), (p, rot) in (fixed or {}).items():
        if int(board[r][c][0]) != p or show[r, c] != turned([int(x) for x in pieces[p]], rot):
            return False
    for r in range(rows):
        for c in range(cols):
            n, e, s, w = show[r, c]
            if (r == 0) != (n == 0) or (r == rows - 1) != (s == 0):
                return False
            if (c == 0) != (w == 0) or (c == cols - 1) != (e == 0):
                return False
            if c + 1 < cols and not joins_ok(e, show[r, c + 1][3], matching):
                return False
            if r + 1 < rows and not joins_ok(s, show[r + 1, c][0], matching):
                return False
    return True


def brute_count(rows, cols, pieces, matching="equal"):
    """Number of solutions by plain recursion over cells (distinct edge layouts of one piece
    count once, i.e. turns of a symmetric piece showing the same edges are one placement)."""
    k = len(pieces)
    options = []
    for p in range(k):
        seen = set()
        for rot in range(4):
            t = turned([int(x) for x in pieces[p]], rot)
            if t not in seen:
                seen.add(t)
                options.append((p, t))
    show = {}
    used = [False] * k
    total = 0

    def rec(i):
        nonlocal total
        if i == rows * cols:
            total += 1
            return
        r, c = divmod(i, cols)
        for p, t in options:
            if used[p]:
                continue
            n, e, s, w = t
            if (r == 0) != (n == 0) or (c == 0) != (w == 0) or (r == rows - 1) != (s == 0) or (c == cols - 1) != (e == 0):
                continue
            if c > 0 and not joins_ok(show[r, c - 1][1], w, matching):
                continue
            if r > 0 and not joins_ok(show[r - 1, c][2], n, matching):
                continue
            used[p] = True
            show[r, c] = t
            rec(i + 1)
            used[p] = False

    rec(0)
    return total


def oriented_solutions(rows, cols, pieces, rotations, matching="equal"):
    """All solutions of PUZZLE-ORIENTATION (piece p keeps rotation rotations[p]) by plain
    recursion over cells: a list of boards, each a dict (r, c) -> piece."""
    shown = [turned([int(x) for x in pieces[p]], rotations[p]) for p in range(len(pieces))]
    used = [False] * len(pieces)
    place = {}
    out = []

    def rec(i):
        if i == rows * cols:
            out.append(dict(place))
            return
        r, c = divmod(i, cols)
        for p, (n, e, s, w) in enumerate(shown):
            if used[p]:
                continue
            if (r == 0) != (n == 0) or (c == 0) != (w == 0) or (r == rows - 1) != (s == 0) or (c == cols - 1) != (e == 0):
                continue
            if c > 0 and not joins_ok(shown[place[r, c - 1]][1], w, matching):
                continue
            if r > 0 and not joins_ok(shown[place[r - 1, c]][2], n, matching):
                continue
            used[p] = True
            place[r, c] = p
            rec(i + 1)
            used[p] = False
            del place[r, c]

    rec(0)
    return out


def breaks_profile(puzzle, allowed):
    """Every partial board of a backtracking with breaks over the row-by-row scan of a puzzle
    without clues, counted from the rules: {(pieces placed, breaks): boards}. A board of k
    pieces may hold allowed[k - 1] unmatched joins at most, a piece adds at most one, a join
    between two frame cells never breaks, frame edges lie exactly on the rim, each piece is
    used once, and turns of a piece that show the same edges count once."""
    rows, cols = puzzle.rows, puzzle.cols
    shapes = [sorted({turned([int(x) for x in edges], r) for r in range(4)}) for edges in puzzle.pieces]
    border = [[r in (0, rows - 1) or c in (0, cols - 1) for c in range(cols)] for r in range(rows)]
    counts = {}
    board = {}
    used = [False] * len(shapes)

    def place(k, breaks):
        if k == rows * cols:
            return
        r, c = divmod(k, cols)
        for p, turns in enumerate(shapes):
            if used[p]:
                continue
            for n, e, s, w in turns:
                if (n == 0) != (r == 0) or (s == 0) != (r == rows - 1) or (w == 0) != (c == 0) or (e == 0) != (c == cols - 1):
                    continue
                misses = 0
                rim_miss = False
                for (rr, cc), mine, theirs in (((r - 1, c), n, 2), ((r, c - 1), w, 1)):
                    if (rr, cc) in board and not joins_ok(mine, board[rr, cc][theirs], puzzle.matching):
                        misses += 1
                        rim_miss = rim_miss or (border[r][c] and border[rr][cc])
                if misses > 1 or rim_miss or breaks + misses > allowed[k]:
                    continue
                counts[k + 1, breaks + misses] = counts.get((k + 1, breaks + misses), 0) + 1
                used[p] = True
                board[r, c] = (n, e, s, w)
                place(k + 1, breaks + misses)
                del board[r, c]
                used[p] = False

    place(0, 0)
    return counts
