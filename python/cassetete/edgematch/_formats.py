"""Reading and writing edge-matching puzzles.

Formats read by :func:`load` (detected from the content):

- cassetete's own text (written by :func:`dump`): ``edgematch ROWS COLS MATCHING``, optional
  ``fixed ROW COL PIECE ROT`` lines (0-based), then one piece per line ``N E S W``.
- JSON (raphael-anjou/eternity2 ``official.json`` and dataset instances): ``width``, ``height``,
  ``pieces`` as [up, right, down, left], ``hints`` as {pos (row-major cell), piece, rot}.
- Brendan Owen's / bucas: line 1 ``W H``, then one piece per line ``up right down left``.
- Heule's SAT benchmarks: line 1 = number of hints h, h lines ``row col piece rot`` (1-based row,
  col, piece), then one piece per line ``N E S W``.
- Wortmann's Eternity2Puzzles.jl: one piece per line ``bottom left top right``, no header.

Files without a size get it from the piece shapes: with e edge pieces (one 0 label) and k
pieces, rows + cols = e/2 + 4 and rows * cols = k, rows <= cols. '#' starts a comment.
"""

from __future__ import annotations

import json
import math
import os
from pathlib import Path
from typing import List, Optional, Tuple, Union

import numpy as np

from .._errors import PuzzleError
from ._model import EdgePuzzle

Source = Union[str, os.PathLike]


def _read(source: Source) -> Tuple[str, str]:
    if isinstance(source, os.PathLike) or (isinstance(source, str) and "\n" not in source
                                            and not source.lstrip().startswith("{") and os.path.exists(source)):
        path = Path(source)
        try:
            return path.read_text(), str(path)
        except (OSError, UnicodeDecodeError) as error:
            raise PuzzleError(f"cannot read {path}: {error}") from None
    if not isinstance(source, str):
        raise PuzzleError(f"expected a path or text, got {type(source).__name__}")
    return source, "<text>"


def _label(token: str) -> int:
    # An edge label (or size) that fits the int64 arrays; ValueError otherwise, like int().
    value = int(token)
    if abs(value) >= 2**62:
        raise ValueError(f"{token} is too large")
    return value


def _int_lines(text: str, where: str) -> List[Tuple[int, List[int]]]:
    out = []
    for number, line in enumerate(text.splitlines(), start=1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        try:
            out.append((number, [_label(tok) for tok in line.replace(",", " ").split()]))
        except ValueError:
            raise PuzzleError(f"{where}, line {number}: expected integers, got {line!r}") from None
    return out


def infer_size(pieces: np.ndarray) -> Tuple[int, int]:
    """(rows, cols) from piece shapes (count of pieces with exactly one frame edge), rows <= cols.

    Example:
        >>> infer_size(np.array([[0, 1, 1, 0], [0, 0, 1, 1], [1, 1, 0, 0], [1, 0, 0, 1]]))
        (2, 2)
    """
    pieces = np.asarray(pieces)
    if pieces.ndim != 2 or pieces.shape[1] != 4:
        raise PuzzleError(f"pieces must be a (k, 4) array of edge labels, got shape {pieces.shape}")
    k = len(pieces)
    zeros = (pieces == 0).sum(axis=1)
    edges = int((zeros == 1).sum())
    s2 = edges + 8
    if k == 1:
        return 1, 1
    if s2 % 2 == 0:
        s = s2 // 2
        disc = s * s - 4 * k
        if disc >= 0:
            root = math.isqrt(disc)
            if root * root == disc and (s - root) % 2 == 0:
                rows = (s - root) // 2
                if rows >= 2 and rows * (s - rows) == k:
                    return rows, s - rows
    side = math.isqrt(k)
    if side * side == k:
        return side, side
    raise PuzzleError(f"cannot tell the board size of {k} pieces with {edges} edge pieces; give rows and cols")


def _rows_to_pieces(rows: List[Tuple[int, List[int]]], where: str, perm: Tuple[int, int, int, int]) -> np.ndarray:
    out = np.zeros((len(rows), 4), dtype=np.int64)
    for i, (number, values) in enumerate(rows):
        if len(values) != 4:
            raise PuzzleError(f"{where}, line {number} (piece {i}): expected 4 edge labels, got {len(values)}")
        out[i] = [values[j] for j in perm]
    return out


def load(source: Source, *, hints: bool = True, rows: Optional[int] = None,
         cols: Optional[int] = None) -> EdgePuzzle:
    """Read a puzzle from a path or a text in any supported format (see the module doc).

    Args:
        hints: keep the clue pieces stored in the file (JSON ``hints``, Heule's hint lines).
        rows, cols: board size for header-less files when it cannot be inferred.

    Example:
        >>> p = load("edgematch 1 2 equal\\n0 1 0 0\\n0 0 0 1\\n")
        >>> p.rows, p.cols
        (1, 2)
    """
    text, where = _read(source)
    stripped = text.lstrip()
    if stripped.startswith("{"):
        return _load_json(text, where, hints)
    first = next((ln.split("#", 1)[0].split() for ln in text.splitlines() if ln.split("#", 1)[0].strip()), [])
    if first and first[0] == "edgematch":
        return _load_own(text, where)
    lines = _int_lines(text, where)
    if not lines:
        raise PuzzleError(f"{where}: no pieces")
    head = lines[0][1]
    if len(head) == 2:  # Brendan / bucas: W H, then URDL (= NESW)
        w, h = head
        pieces = _rows_to_pieces(lines[1:], where, (0, 1, 2, 3))
        return EdgePuzzle(h, w, pieces)
    if len(head) == 1:  # Heule: hint count, hints, NESW
        nh = head[0]
        if nh < 0 or len(lines) < 1 + nh:
            raise PuzzleError(f"{where}, line {lines[0][0]}: bad hint count {nh}")
        pieces = _rows_to_pieces(lines[1 + nh:], where, (0, 1, 2, 3))
        r, c = (rows, cols) if rows and cols else infer_size(pieces)
        fixed = {}
        for number, values in lines[1:1 + nh]:
            if len(values) != 4:
                raise PuzzleError(f"{where}, line {number}: a hint is 'row col piece rot'")
            fixed[(values[0] - 1, values[1] - 1)] = (values[2] - 1, values[3] % 4)
        return EdgePuzzle(r, c, pieces, fixed=fixed if hints else None)
    # Wortmann: bottom left top right -> N E S W = top right bottom left
    pieces = _rows_to_pieces(lines, where, (2, 3, 0, 1))
    r, c = (rows, cols) if rows and cols else infer_size(pieces)
    return EdgePuzzle(r, c, pieces)


def _load_json(text: str, where: str, hints: bool) -> EdgePuzzle:
    try:
        data = json.loads(text)
        w, h = int(data["width"]), int(data["height"])
        raw = data["pieces"]
    except (ValueError, KeyError, TypeError) as error:
        raise PuzzleError(f"{where}: not an edge-matching JSON puzzle ({error})") from None
    for i, piece in enumerate(raw):
        if not isinstance(piece, list) or len(piece) != 4:
            raise PuzzleError(f"{where}: piece {i} is not a list of 4 labels")
    fixed = {}
    if hints:
        for hint in data.get("hints", []) or []:
            try:
                pos, p, rot = int(hint["pos"]), int(hint["piece"]), int(hint["rot"])
            except (KeyError, TypeError, ValueError):
                raise PuzzleError(f"{where}: bad hint {hint!r}") from None
            if w <= 0:
                raise PuzzleError(f"{where}: board width must be positive, got {w}")
            fixed[(pos // w, pos % w)] = (p, rot)
    try:
        labels = np.array(raw, dtype=np.int64).reshape(-1, 4)
    except (ValueError, TypeError, OverflowError):
        raise PuzzleError(f"{where}: edge labels must be integers") from None
    return EdgePuzzle(h, w, labels, fixed=fixed)


def _load_own(text: str, where: str) -> EdgePuzzle:
    rows_, cols_, matching = None, None, "equal"
    fixed = {}
    pieces = []
    for number, line in enumerate(text.splitlines(), start=1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        tokens = line.split()
        try:
            if tokens[0] == "edgematch":
                rows_, cols_ = int(tokens[1]), int(tokens[2])
                matching = tokens[3] if len(tokens) > 3 else "equal"
            elif tokens[0] == "fixed":
                r, c, p, rot = (int(t) for t in tokens[1:5])
                if (r, c) in fixed:
                    raise PuzzleError(f"{where}, line {number}: cell ({r}, {c}) is fixed twice")
                fixed[(r, c)] = (p, rot)
            else:
                values = [_label(t) for t in tokens]
                if len(values) != 4:
                    raise PuzzleError(f"{where}, line {number} (piece {len(pieces)}): expected 4 edge labels")
                pieces.append(values)
        except PuzzleError:
            raise
        except (ValueError, IndexError):
            raise PuzzleError(f"{where}, line {number}: cannot read {line!r}") from None
    if rows_ is None:
        raise PuzzleError(f"{where}: missing 'edgematch ROWS COLS' header")
    return EdgePuzzle(rows_, cols_, np.array(pieces, dtype=np.int64).reshape(-1, 4), matching=matching, fixed=fixed)


def dump(puzzle: EdgePuzzle, path: Optional[Source] = None) -> str:
    """The puzzle in cassetete's text format (read back by :func:`load`); written to ``path``
    when given.

    Example:
        >>> from cassetete.edgematch import EdgePuzzle
        >>> print(dump(EdgePuzzle(1, 2, [[0, 1, 0, 0], [0, 0, 0, 1]])), end="")
        edgematch 1 2 equal
        0 1 0 0
        0 0 0 1
    """
    out = [f"edgematch {puzzle.rows} {puzzle.cols} {puzzle.matching}"]
    for (r, c), (p, rot) in sorted(puzzle.fixed.items()):
        out.append(f"fixed {r} {c} {p} {rot}")
    out += [" ".join(str(int(x)) for x in piece) for piece in puzzle.pieces]
    text = "\n".join(out) + "\n"
    if path is not None:
        Path(path).write_text(text)
    return text


def load_brendan_solution(source: Source, puzzle: EdgePuzzle) -> np.ndarray:
    """A board from a Brendan Owen solution file (``W H`` then ``x y rot`` per piece, in piece
    order; x = column from the left, y = row counted from the BOTTOM, rot = clockwise quarter turns;
    conventions found by checking the files against their puzzles).

    Example:
        >>> from cassetete.edgematch import EdgePuzzle
        >>> p = EdgePuzzle(1, 2, [[0, 1, 0, 0], [0, 0, 0, 1]])
        >>> load_brendan_solution("2 1\\n0 0 0\\n1 0 0\\n", p).tolist()
        [[[0, 0], [1, 0]]]
    """
    text, where = _read(source)
    lines = _int_lines(text, where)
    if not lines or len(lines[0][1]) != 2:
        raise PuzzleError(f"{where}: expected 'W H' on the first line")
    w, h = lines[0][1]
    if (h, w) != (puzzle.rows, puzzle.cols) or len(lines) - 1 != puzzle.size:
        raise PuzzleError(f"{where}: solution of a {w} x {h} board does not fit the {puzzle.cols} x {puzzle.rows} puzzle")
    board = np.full((h, w, 2), -1, dtype=np.int64)
    for piece, (number, values) in enumerate(lines[1:]):
        if len(values) != 3 or not (0 <= values[0] < w and 0 <= values[1] < h):
            raise PuzzleError(f"{where}, line {number} (piece {piece}): expected 'x y rot' on the board")
        board[h - 1 - values[1], values[0]] = (piece, values[2] % 4)
    return board
