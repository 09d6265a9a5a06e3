"""1-in-3 SAT -> PUZZLE-POSITION (Béhague 2024, theorem 3.4) as an instance generator.

"opposite" matching (+i meets -i, 0 only on the rim); every piece has a fixed cell, only its
rotation is free. Béhague's figures are lost; this layout follows its text (a receiver per
clause, an emitter per occurrence, a mirrored lower half whose receivers get the opposite
values, a 0 frame) with gadgets of one piece per cell.

*Signal cells* carry wires: each join between two of them carries one bit, its *type*, the
letter A or C it shows (cells with r + c even show +A / +C there, odd cells -A / -C). All
other cells are *fillers*: a join between two fillers gets a label of its own, the rim gets 0,
and a filler shows towards a signal cell the opposite of that cell's *rigid* label; so each
filler has one possible layout. Pieces (signs by cell colour):

- wire (A, f, C, f), f on its two rigid sides: two states, flips the type. Turned a quarter it
  would show f to its neighbours along the wire, which have no f, so two wires may also touch
  by their rigid sides.
- turn (A, A, A, C), two adjacent rigid sides needing A: two states, flips the type.
- crossing (A, A, C, C), no rigid side: four states, each direction flips on its own.
- emitter: a copy piece (A, C, A, C), no rigid side: two states, N = S != E = W.
- receiver (A, A, A, C), one rigid side (on the rim) needing A: three states, exactly one free
  join of type C. Its letters are chosen by cell colour so that it reads "exactly one arm
  true" (top row) or "exactly one arm false" (bottom row).

Along a chain of two-state pieces the *signal* s = type XOR colour of the cell it enters does
not change, so the sign an arm delivers is fixed by geometry, never by detours; a copy piece
sends s out of one pair of opposite arms and not-s out of the other. So each variable must
send out as many "x" as "not x" arms (hence an even number), which is what the mirror provides:
each occurrence's copy sends the literal up to the clause's top receiver and its negation down
to the clause's bottom receiver. Each variable is a closed ring of wire through its copies,
entering each copy bent: from the west and out downwards for a positive literal (the up arm
gives s), from below and out eastwards for a negated one (the up arm gives not s). A
variable's value is the signal of its ring. Where this departs from the paper: rings instead of
its 3 x 3 emitter blocks (which we cannot see), and a different size.

Layout, for n clauses and m occurring variables: 4m + 5 rows. Row 1 holds the top receivers,
row 4m + 3 the bottom ones; variable i owns rows 3 + 4i (its copies; the ring's "high" way
east), 4 + 4i (the ring's way back, westwards) and 5 + 4i (its "low" way east); row 6 + 4i
separates it from the next. Each occurrence gets 4 columns (its copy column, which goes up to
the top receiver, its mirror column, which goes down to the bottom one, and two gaps), plus 2
for a *leg* where the ring must change rows next to it: a positive occurrence reached on the
low row or first on its ring, a negated one reached on the high row, a negated last one. So
12n + 1 + 2L columns, L <= 3n legs (between 12n + 1 and 18n + 1); the literals of each clause
are reordered so that each variable's signs alternate where possible (fewer legs). The
solutions correspond one to one to the formula's 1-in-3 valuations of its variables (the
reduction is parsimonious).
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from typing import Dict, List, Optional, Sequence, Set, Tuple

import numpy as np

from .._errors import PuzzleError
from ._model import EdgePuzzle

Cell = Tuple[int, int]
N, E, S, W = 0, 1, 2, 3
_STEP = {N: (-1, 0), E: (0, 1), S: (1, 0), W: (0, -1)}
A, C, F = 1, 2, 3  # the two signal letters and the wires' rigid label


def _clauses(clauses, variables: Optional[int]) -> List[Tuple[int, int, int]]:
    if variables is not None and (isinstance(variables, bool) or not isinstance(variables, (int, np.integer))
                                  or variables < 1):
        raise PuzzleError(f"variables must be a positive integer, got {variables!r}")
    try:
        items = list(clauses)
    except TypeError:
        raise PuzzleError(f"clauses must be a list of 3-literal clauses, got {clauses!r}") from None
    if not items:
        raise PuzzleError("1-in-3 SAT needs at least one clause, got none")
    out: List[Tuple[int, int, int]] = []
    for j, clause in enumerate(items):
        try:
            lits = list(clause)
        except TypeError:
            raise PuzzleError(f"clause {j} ({clause!r}) is not a list of 3 literals") from None
        if len(lits) != 3:
            raise PuzzleError(f"clause {j} ({clause!r}) has {len(lits)} literals, expected 3")
        for lit in lits:
            if isinstance(lit, bool) or not isinstance(lit, (int, np.integer)):
                raise PuzzleError(f"clause {j} ({clause!r}): literal {lit!r} is not an integer")
            if lit == 0:
                raise PuzzleError(f"clause {j} ({clause!r}): literal 0 (variables are numbered from 1)")
            if variables is not None and abs(int(lit)) > variables:
                raise PuzzleError(f"clause {j} ({clause!r}): literal {lit} is beyond variable {variables}")
        out.append((int(lits[0]), int(lits[1]), int(lits[2])))
    return out


class _Layout:
    """Signal cells and their free sides, drawn as rook paths."""

    def __init__(self) -> None:
        self.parts: Dict[Cell, List[Set[int]]] = defaultdict(list)  # free sides, one set per path
        self.kind: Dict[Cell, Tuple] = {}  # ("copy",) or ("receiver", exactly-one value)

    def path(self, cells: Sequence[Cell], closed: bool = False) -> None:
        k = len(cells)
        for i, cell in enumerate(cells):
            sides = set()
            for j in (i - 1, i + 1):
                if closed:
                    j %= k
                elif not 0 <= j < k:
                    continue
                dr, dc = cells[j][0] - cell[0], cells[j][1] - cell[1]
                side = {v: s for s, v in _STEP.items()}.get((dr, dc))
                if side is None:
                    raise AssertionError(f"path step {cell} -> {cells[j]} is not a rook step")
                sides.add(side)
            self.parts[cell].append(sides)


def _line(a: Cell, b: Cell) -> List[Cell]:
    """Cells from a to b (same row or column), both included."""
    (r0, c0), (r1, c1) = a, b
    if r0 == r1:
        step = 1 if c1 >= c0 else -1
        return [(r0, c) for c in range(c0, c1 + step, step)]
    step = 1 if r1 >= r0 else -1
    return [(r, c0) for r in range(r0, r1 + step, step)]


def _polyline(*corners: Cell) -> List[Cell]:
    out = [corners[0]]
    for a, b in zip(corners, corners[1:]):
        out += _line(a, b)[1:]
    return out


def _signal_piece(kind: str, free: Set[int], color: int, value: int = 1) -> List[int]:
    """Labels N, E, S, W of a signal cell in one of its valid states (sign by cell colour)."""
    sign = 1 if color == 0 else -1
    e = [0, 0, 0, 0]
    if kind == "crossing":
        e = [A, A, C, C]
    elif kind == "copy":
        e = [A, C, A, C]
    elif kind == "receiver":
        # the odd one out shows type u; arms carry signal type ^ colour, so u = value ^ colour
        u = value ^ color
        odd, rest = (C, A) if u else (A, C)
        rigid = ({0, 1, 2, 3} - free).pop()
        e = [rest] * 4
        e[min(free)] = odd
        e[rigid] = rest
    else:
        a, b = sorted(free)
        if (a + 2) % 4 == b:  # straight wire: f on the rigid sides
            e = [F] * 4
            e[a], e[b] = A, C
        else:  # turn: A everywhere but one free side
            e = [A] * 4
            e[a] = C
    return [sign * x for x in e]


def _ordered(cls: List[Tuple[int, int, int]]) -> List[Tuple[int, ...]]:
    """The clauses with their literals reordered (a receiver does not care) so that each
    variable's occurrences alternate in sign where possible: every repeat of a sign, a first
    positive and a last negated occurrence costs a leg of 2 columns (greedy, clause by clause)."""
    left: Dict[int, int] = defaultdict(int)
    for clause in cls:
        for lit in clause:
            left[abs(lit)] += 1
    prev: Dict[int, bool] = {}  # variable -> was its previous occurrence negated
    out: List[Tuple[int, ...]] = []
    for clause in cls:
        best: Optional[Tuple[int, Tuple[int, ...]]] = None
        for perm in sorted(set(itertools.permutations(clause))):
            p, rest, cost = dict(prev), dict(left), 0
            for lit in perm:
                v, neg = abs(lit), lit < 0
                rest[v] -= 1
                cost += (p.get(v) is True) if neg else (p.get(v, False) is False)
                cost += neg and rest[v] == 0
                p[v] = neg
            if best is None or cost < best[0]:
                best = (cost, perm)
        assert best is not None  # a clause has permutations
        for lit in best[1]:
            left[abs(lit)] -= 1
            prev[abs(lit)] = lit < 0
        out.append(best[1])
    return out


def one_in_three_to_position(clauses, variables: Optional[int] = None) -> Tuple[EdgePuzzle, np.ndarray, dict]:
    """PUZZLE-POSITION instance of theorem 3.4 of Béhague (2024) for a 1-in-3 SAT formula.

    Args:
        clauses: clauses of 3 literals each, DIMACS style (v or -v for variable v >= 1);
            a clause holds when exactly one of its literals is true.
        variables: optional number of variables (literals beyond it are an error). Variables
            that occur in no clause are not represented.

    Returns (puzzle, positions, info): the "opposite"-matching puzzle, the (rows, cols) array
    of the piece index standing on each cell (as :func:`solve_positions` takes it), and info
    with "size" (rows, cols) = (4m + 5, 12n + 1 + 2L) for n clauses, m occurring variables and
    L <= 3n legs (see the module), "variables" (occurring ones, in row order)
    and "valuation", a function reading {variable: bool} off a solved board. The solutions are
    in one-to-one correspondence with the formula's 1-in-3 valuations of its variables.

    Example:
        >>> from cassetete.edgematch import solve_positions
        >>> puzzle, positions, info = one_in_three_to_position([[1, 2, -3]])
        >>> info["size"]
        (17, 19)
        >>> board, n = solve_positions(puzzle, positions, count=True)
        >>> n  # exactly one of x1, x2, not x3: (T, F, T), (F, T, T), (F, F, F)
        3
        >>> sorted(info["valuation"](board).items())
        [(1, False), (2, True), (3, True)]
    """
    cls = _clauses(clauses, variables)
    names = sorted({abs(lit) for clause in cls for lit in clause})
    index = {v: i for i, v in enumerate(names)}
    n, m = len(cls), len(names)
    occ = [(abs(lit), lit < 0) for clause in _ordered(cls) for lit in clause]  # q = 3 * clause + k
    by_var: Dict[int, List[int]] = defaultdict(list)
    for q, (v, _) in enumerate(occ):
        by_var[v].append(q)
    # columns: per occurrence a block of 4 (copy column, mirror column, two gaps), preceded by a
    # leg of 2 columns when the ring must climb (positive literal reached from below) or go
    # down (negated literal reached from above) before it, followed by one when the ring must
    # go down to close after a last, negated occurrence
    # lead / tail first say whether an occurrence needs a leg, then hold the leg's column
    lead: Dict[int, int] = {}
    tail: Dict[int, int] = {}
    copy_col: Dict[int, int] = {}
    down_col: Dict[int, int] = {}
    cursor = 1
    for qs in by_var.values():
        for i, q in enumerate(qs):
            neg, prev = occ[q][1], (occ[qs[i - 1]][1] if i else None)
            lead[q] = (prev is None or prev is False) if not neg else prev is True
            tail[q] = neg and i == len(qs) - 1
    for q, (_, neg) in enumerate(occ):
        if lead[q]:
            lead[q], cursor = cursor, cursor + 2
        copy_col[q], down_col[q] = (cursor + 2, cursor) if neg else (cursor, cursor + 2)
        cursor += 4
        if tail[q]:
            tail[q], cursor = cursor, cursor + 2
    rows, cols = 4 * m + 5, cursor  # the last column, a gap, is the rim
    top, bottom = 1, 4 * m + 3
    lay = _Layout()
    reads: Dict[int, Tuple[Cell, int]] = {}  # variable -> (a copy cell, 1 if its literal is negated)
    for q, (v, neg) in enumerate(occ):
        R, c = 3 + 4 * index[v], copy_col[q]
        lay.kind[(R, c)] = ("copy",)
        reads.setdefault(v, ((R, c), int(neg)))
        mid = 3 * (q // 3) + 1  # the clause's receivers stand on its middle literal's columns
        lay.path(_polyline((R, c), (top, c), (top, copy_col[mid])))
        lay.path(_polyline((R, c), (R, down_col[q]), (bottom, down_col[q]), (bottom, down_col[mid])))
    for v, qs in by_var.items():
        # the ring, eastwards: rows R (copies, "high"), R + 2 ("low"), back westwards on R + 1.
        # A positive literal's copy is entered from the west on row R and left downwards; a
        # negated one's is entered from below and left eastwards on row R.
        R = 3 + 4 * index[v]
        pts: List[Cell] = []
        low = None
        for i, q in enumerate(qs):
            c, neg, last = copy_col[q], occ[q][1], i == len(qs) - 1
            if not neg:
                if low is None:
                    pts += [(R + 1, lead[q]), (R, lead[q])]
                elif low:
                    pts += [(R + 2, lead[q]), (R, lead[q])]
                pts += [(R, c), (R + 1 if last else R + 2, c)]
                low = True
            else:
                if low is None:
                    pts += [(R + 1, c)]
                elif not low:
                    pts += [(R, lead[q]), (R + 2, lead[q])]
                pts += [(R + 2, c)] if low is not None else []
                pts += [(R, c)]
                if last:
                    pts += [(R, tail[q]), (R + 1, tail[q])]
                low = False
        pts.append(pts[0])
        lay.path(_polyline(*pts)[:-1], closed=True)
    for j in range(n):
        lay.kind[(top, copy_col[3 * j + 1])] = ("receiver", 1)  # exactly one literal true
        lay.kind[(bottom, down_col[3 * j + 1])] = ("receiver", 0)  # its arms carry the negations: exactly one false
    pieces = _pieces(lay, rows, cols)
    puzzle = EdgePuzzle(rows, cols, pieces, matching="opposite")
    positions = np.arange(rows * cols).reshape(rows, cols)

    def valuation(board) -> Dict[int, bool]:
        b = np.asarray(board)
        out = {}
        for v, ((r, c), neg) in reads.items():
            shown = puzzle.edges(int(b[r, c, 0]), int(b[r, c, 1]))[N]
            t = int(abs(shown) == C)
            # the signal leaving the copy northwards is t ^ (1 - colour); it is the literal's value
            out[v] = bool(t ^ (1 - (r + c) % 2) ^ neg)
        return out

    info = {"size": (rows, cols), "variables": names, "valuation": valuation}
    return puzzle, positions, info


def _pieces(lay: _Layout, rows: int, cols: int) -> List[List[int]]:
    kinds: Dict[Cell, Tuple[str, Set[int], int]] = {}
    for cell, parts in lay.parts.items():
        r, c = cell
        if not (0 < r < rows - 1 and 0 < c < cols - 1):
            raise AssertionError(f"signal cell {cell} on the rim")
        free = set().union(*parts)
        special = lay.kind.get(cell)
        if special is not None:
            kind = special[0]
            value = special[1] if kind == "receiver" else 1
            if len(free) != (4 if kind == "copy" else 3):
                raise AssertionError(f"{kind} at {cell} has free sides {sorted(free)}")
        elif len(parts) == 1 and len(free) == 2:
            kind, value = ("wire" if (min(free) + 2) % 4 == max(free) else "turn"), 1
        elif len(parts) == 2 and all(len(p) == 2 and (min(p) + 2) % 4 == max(p) for p in parts) and len(free) == 4:
            kind, value = "crossing", 1
        else:
            raise AssertionError(f"paths overlap badly at {cell}: {parts}")
        kinds[cell] = (kind, free, value)
    grid: Dict[Cell, List[int]] = {}
    for cell, (kind, free, value) in kinds.items():
        grid[cell] = _signal_piece(kind, free, (cell[0] + cell[1]) % 2, value)
    # free sides must meet free sides; a rigid side meets a filler, or another wire's rigid side
    for (r, c), (kind, free, _) in kinds.items():
        for side in range(4):
            dr, dc = _STEP[side]
            nb = kinds.get((r + dr, c + dc))
            opposite = (side + 2) % 4
            if side in free:
                if nb is None or opposite not in nb[1]:
                    raise AssertionError(f"free side {side} of {(r, c)} meets no free side")
            elif nb is not None:
                wires = kind == "wire" and nb[0] == "wire" and grid[(r, c)][side] == -grid[(r + dr, c + dc)][opposite]
                if opposite in nb[1] or not wires:
                    raise AssertionError(f"rigid side {side} of {(r, c)} meets a signal cell")
    label = F + 1
    joins: Dict[Tuple[int, int, int], int] = {}
    pieces = []
    for r in range(rows):
        for c in range(cols):
            if (r, c) in grid:
                pieces.append(grid[(r, c)])
                continue
            e = []
            for side in range(4):
                dr, dc = _STEP[side]
                rr, cc = r + dr, c + dc
                if not (0 <= rr < rows and 0 <= cc < cols):
                    e.append(0)
                elif (rr, cc) in grid:
                    e.append(-grid[(rr, cc)][(side + 2) % 4])
                elif (r, c, side) in joins:
                    e.append(-joins[(r, c, side)])
                else:  # a filler-filler join: a label of its own
                    joins[(rr, cc, (side + 2) % 4)] = label
                    e.append(label)
                    label += 1
            pieces.append(e)
    return pieces
