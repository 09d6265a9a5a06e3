"""Edge-matching puzzles as text and files, both ways; board files; the bundled Eternity II set.

:func:`parse` reads a text, a piece array or a puzzle; :func:`load` a path or an open file;
:func:`parse_many` / :func:`load_many` several puzzles in cassetete's format. :func:`format` writes
any format below as text and :func:`dump` writes it to a file; :func:`write_board` /
:func:`read_board` a board (the local search's checkpoints); :func:`eternity2` the official puzzle.

Formats (:data:`FORMATS`; detected from the content when reading):

- ``cassetete``, our own text: ``edgematch ROWS COLS MATCHING``, optional
  ``fixed ROW COL PIECE ROT`` lines (0-based), then one piece per line ``N E S W``.
- ``json`` (raphael-anjou/eternity2 ``official.json`` and dataset instances): ``width``, ``height``,
  ``pieces`` as [up, right, down, left], ``hints`` as {pos (row-major cell), piece, rot}.
- ``brendan``, Brendan Owen's / bucas: line 1 ``W H``, then one piece per line ``up right down left``.
- ``heule``, Heule's SAT benchmarks: line 1 = number of hints h, h lines ``row col piece rot`` (1-based row,
  col, piece), then one piece per line ``N E S W``.
- ``wortmann``, Wortmann's Eternity2Puzzles.jl: one piece per line ``bottom left top right``, no header.

Files without a size get it from the piece shapes: with e edge pieces (one 0 label) and k
pieces, rows + cols = e/2 + 4 and rows * cols = k, rows <= cols. '#' starts a comment.
Only the cassetete format keeps every puzzle: writing 'opposite' matching, clues or a size
that a format cannot hold is a PuzzleError rather than a file that reads back differently.
"""

from __future__ import annotations

import json
import math
import os
import re
from importlib import resources
from typing import Dict, List, Optional, Tuple, Union

import numpy as np

from .._errors import PuzzleError
from .._io import read_text, write_text
from .._options import check_choice
from ._model import LABEL_MAX, EdgePuzzle, check_board, check_puzzle, score

Source = Union[str, os.PathLike]
FORMATS = ("cassetete", "json", "brendan", "heule", "wortmann")


def read_source(source: object) -> Tuple[str, str]:
    """(text, name) of a path (``"-"`` = standard input) or an open text/binary file, read by
    the shared :func:`cassetete._io.read_text`: "no such file: ..." for a missing path, a
    directory rejected, a path never read as puzzle text.

    Example:
        >>> read_source("/no/such/puzzle.txt")
        Traceback (most recent call last):
        ...
        cassetete._errors.PuzzleError: no such file: /no/such/puzzle.txt
    """
    text = read_text(source)  # type: ignore[arg-type]
    if hasattr(source, "read"):
        return text, str(getattr(source, "name", "<file>"))
    return text, str(source)


def _int_lines(text: str, where: str) -> List[Tuple[int, List[int]]]:
    out = []
    for number, line in enumerate(text.splitlines(), start=1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        try:
            values = [int(tok) for tok in line.replace(",", " ").split()]
        except ValueError:
            raise PuzzleError(f"{where}, line {number}: expected integers, got {line!r}") from None
        if any(abs(v) > LABEL_MAX for v in values):
            raise PuzzleError(f"{where}, line {number}: a number beyond +-{LABEL_MAX}")
        out.append((number, values))
    return out


def infer_size(pieces: np.ndarray) -> Tuple[int, int]:
    """(rows, cols) from piece shapes (count of pieces with exactly one frame edge), rows <= cols.

    Example:
        >>> infer_size(np.array([[0, 1, 1, 0], [0, 0, 1, 1], [1, 1, 0, 0], [1, 0, 0, 1]]))
        (2, 2)
    """
    arr = np.asarray(pieces)
    if arr.ndim != 2 or arr.shape[1] != 4:
        raise PuzzleError(f"infer_size needs a (k, 4) array of pieces, got shape {arr.shape}")
    k = len(arr)
    zeros = (arr == 0).sum(axis=1)
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


def parse(source: object, *, hints: bool = True, rows: Optional[int] = None, cols: Optional[int] = None,
          matching: str = "equal") -> EdgePuzzle:
    """A puzzle from a text in any format of :data:`FORMATS`, a piece array or an EdgePuzzle.

    Args:
        source: puzzle text; a (k, 4) array of piece labels (N, E, S, W) or a (rows, cols, 4)
            array (piece i = cell i in row-major order); or an EdgePuzzle (returned as is).
        hints: keep the clue pieces stored in the text (JSON ``hints``, Heule's hint lines).
        rows, cols: board size for header-less texts and (k, 4) arrays when it cannot be inferred.
        matching: the matching rule of an array (texts carry their own).

    Example:
        >>> p = parse("edgematch 1 2 equal\\n0 1 0 0\\n0 0 0 1\\n")
        >>> p.rows, p.cols
        (1, 2)
        >>> parse([[0, 1, 0, 0], [0, 0, 0, 1]], rows=1, cols=2) == p
        True
    """
    if isinstance(source, EdgePuzzle):
        return source
    if isinstance(source, bytes):
        try:
            source = source.decode("utf-8")
        except UnicodeDecodeError as error:
            raise PuzzleError(f"puzzle bytes are not UTF-8 text: {error}") from None
    if isinstance(source, str):
        return _parse_text(source, "<text>", hints, rows, cols)
    if isinstance(source, os.PathLike) or hasattr(source, "read"):
        raise PuzzleError("parse reads puzzle text or arrays; use load() for a path or a file")
    return _parse_array(source, rows, cols, matching)


def as_puzzle(puzzle: object) -> EdgePuzzle:
    """An EdgePuzzle as is, or one read by :func:`parse` from text or a piece array.

    Example:
        >>> as_puzzle("edgematch 1 1 equal\\n0 0 0 0\\n").size
        1
    """
    if isinstance(puzzle, EdgePuzzle):
        return puzzle
    if isinstance(puzzle, (str, bytes, list, tuple, np.ndarray)):
        return parse(puzzle)
    raise PuzzleError(f"expected an EdgePuzzle (or its text), got {type(puzzle).__name__}")


def load(source: object, *, hints: bool = True, rows: Optional[int] = None,
         cols: Optional[int] = None) -> EdgePuzzle:
    """Read a puzzle from a path (``"-"`` = standard input) or an open file in any format of
    :data:`FORMATS`.

    A missing path is "no such file: ..." and a directory is rejected (a path is never read
    as puzzle text: use :func:`parse` for text). ``hints``, ``rows``, ``cols`` as in :func:`parse`.

    Example:
        >>> import io
        >>> p = load(io.StringIO("edgematch 1 2 equal\\n0 1 0 0\\n0 0 0 1\\n"))
        >>> p.rows, p.cols
        (1, 2)
    """
    text, where = read_source(source)
    return _parse_text(text, where, hints, rows, cols)


def _split_blocks(text: str) -> List[str]:
    """The text of each puzzle of a multi-puzzle cassetete text, one per ``edgematch`` header;
    the whole text when it has at most one header."""
    lines = text.splitlines()
    starts = [i for i, line in enumerate(lines) if line.split("#", 1)[0].split()[:1] == ["edgematch"]]
    if len(starts) <= 1:
        return [text]
    if any(line.split("#", 1)[0].strip() for line in lines[:starts[0]]):
        starts[0] = 0  # text before the first header belongs to it (and is reported there)
    bounds = starts + [len(lines)]
    # blank lines in front keep the line numbers of error messages those of the whole text
    return ["\n" * a + "\n".join(lines[a:b]) for a, b in zip(bounds, bounds[1:])]


def parse_many(source: object, *, hints: bool = True) -> List[EdgePuzzle]:
    """Several puzzles: a text of cassetete-format puzzles one after another (each starts at
    its ``edgematch`` header; a text without one or with one header is a single puzzle), or an
    iterable of anything :func:`parse` reads.

    Example:
        >>> text = "edgematch 1 1 equal\\n0 0 0 0\\nedgematch 1 2 equal\\n0 1 0 0\\n0 0 0 1\\n"
        >>> [p.size for p in parse_many(text)]
        [1, 2]
    """
    if isinstance(source, bytes):
        source = source.decode("utf-8", errors="replace")
    if isinstance(source, str):
        return _parse_blocks(source, "<text>", hints)
    if isinstance(source, (os.PathLike, np.ndarray)) or hasattr(source, "read") or not hasattr(source, "__iter__"):
        raise PuzzleError(f"parse_many reads a text or an iterable of puzzles, got {type(source).__name__}; "
                          "use load_many() for a path or a file")
    out = []
    for i, item in enumerate(source):  # type: ignore[attr-defined]
        try:
            out.append(parse(item, hints=hints))
        except PuzzleError as error:
            raise PuzzleError(f"puzzle {i}: {error}") from None
    return out


def load_many(source: object, *, hints: bool = True) -> List[EdgePuzzle]:
    """Several cassetete-format puzzles from one path or open file (see :func:`parse_many`).

    Example:
        >>> import io
        >>> text = "edgematch 1 1 equal\\n0 0 0 0\\nedgematch 1 1 equal\\n0 0 0 0\\n"
        >>> len(load_many(io.StringIO(text)))
        2
    """
    text, where = read_source(source)
    return _parse_blocks(text, where, hints)


def _parse_blocks(text: str, where: str, hints: bool) -> List[EdgePuzzle]:
    blocks = _split_blocks(text)
    if len(blocks) == 1:
        return [_parse_text(text, where, hints, None, None)]
    return [_parse_text(block, f"{where}, puzzle {i + 1}", hints, None, None) for i, block in enumerate(blocks)]


def _parse_array(source: object, rows: Optional[int], cols: Optional[int], matching: str) -> EdgePuzzle:
    try:
        arr = np.asarray(source)
    except Exception as error:  # ragged nested lists
        raise PuzzleError(f"pieces are not a table of labels: {error}") from None
    if arr.dtype == object or arr.ndim not in (2, 3) or arr.shape[-1] != 4:
        raise PuzzleError(f"expected puzzle text, a (k, 4) piece array or a (rows, cols, 4) array, "
                          f"got {type(source).__name__}" + ("" if arr.dtype == object else f" of shape {arr.shape}"))
    if arr.ndim == 3:
        if (rows, cols) not in ((None, None), arr.shape[:2]):
            raise PuzzleError(f"a {arr.shape[0]} x {arr.shape[1]} array of pieces does not fit rows={rows}, cols={cols}")
        rows, cols = arr.shape[:2]
        arr = arr.reshape(-1, 4)
    elif rows is None or cols is None:
        if rows is not None or cols is not None:
            raise PuzzleError("give both rows and cols, or neither")
        rows, cols = infer_size(arr)
    return EdgePuzzle(rows, cols, arr, matching=matching)


def _parse_text(text: str, where: str, hints: bool, rows: Optional[int], cols: Optional[int]) -> EdgePuzzle:
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


def _json_int(value: object, what: str, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or abs(value) > LABEL_MAX:
        raise PuzzleError(f"{where}: {what} must be an integer, got {value!r}")
    return value


def _load_json(text: str, where: str, hints: bool) -> EdgePuzzle:
    try:
        data = json.loads(text)
    except ValueError as error:
        raise PuzzleError(f"{where}: not an edge-matching JSON puzzle ({error})") from None
    if not isinstance(data, dict) or not {"width", "height", "pieces"} <= set(data):
        raise PuzzleError(f"{where}: not an edge-matching JSON puzzle (an object with width, height and pieces)")
    w, h = _json_int(data["width"], "width", where), _json_int(data["height"], "height", where)
    if w <= 0 or h <= 0:
        raise PuzzleError(f"{where}: board size must be positive, got width {w}, height {h}")
    raw = data["pieces"]
    if not isinstance(raw, list):
        raise PuzzleError(f"{where}: pieces must be a list of [up, right, down, left] labels")
    for i, piece in enumerate(raw):
        if not isinstance(piece, list) or len(piece) != 4:
            raise PuzzleError(f"{where}: piece {i} is not a list of 4 labels")
        for label in piece:
            _json_int(label, f"piece {i}'s label", where)
    fixed = {}
    hint_list = data.get("hints") or []
    if not isinstance(hint_list, list):
        raise PuzzleError(f"{where}: hints must be a list of {{pos, piece, rot}}")
    if hints:
        for hint in hint_list:
            if not isinstance(hint, dict) or not {"pos", "piece", "rot"} <= set(hint):
                raise PuzzleError(f"{where}: bad hint {hint!r} (expected {{pos, piece, rot}})")
            pos, p, rot = (_json_int(hint[key], f"hint {key}", where) for key in ("pos", "piece", "rot"))
            fixed[(pos // w, pos % w)] = (p, rot)
    return EdgePuzzle(h, w, np.array(raw, dtype=np.int64).reshape(-1, 4), fixed=fixed)


def _load_own(text: str, where: str) -> EdgePuzzle:
    rows_: Optional[int] = None
    cols_: Optional[int] = None
    matching = "equal"
    fixed: Dict[Tuple[int, int], Tuple[int, int]] = {}
    pieces: List[List[int]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        tokens = line.split()
        try:
            if tokens[0] == "edgematch":
                if rows_ is not None:
                    raise PuzzleError(f"{where}, line {number}: a second 'edgematch' header; this text holds "
                                      "several puzzles (read them with parse_many)")
                if not 3 <= len(tokens) <= 4:
                    raise PuzzleError(f"{where}, line {number}: expected 'edgematch ROWS COLS [MATCHING]'")
                rows_, cols_ = int(tokens[1]), int(tokens[2])
                matching = tokens[3] if len(tokens) > 3 else "equal"
            elif tokens[0] == "fixed":
                if len(tokens) != 5:
                    raise PuzzleError(f"{where}, line {number}: expected 'fixed ROW COL PIECE ROTATION'")
                r, c, p, rot = (int(t) for t in tokens[1:5])
                if (r, c) in fixed:
                    raise PuzzleError(f"{where}, line {number}: cell ({r}, {c}) is fixed twice")
                fixed[(r, c)] = (p, rot)
            else:
                values = [int(t) for t in tokens]
                if len(values) != 4:
                    raise PuzzleError(f"{where}, line {number} (piece {len(pieces)}): expected 4 edge labels")
                if any(abs(v) > LABEL_MAX for v in values):  # before int64 conversion overflows
                    raise PuzzleError(f"{where}, line {number}: a number beyond +-{LABEL_MAX}")
                pieces.append(values)
        except PuzzleError:
            raise
        except (ValueError, IndexError):
            raise PuzzleError(f"{where}, line {number}: cannot read {line!r}") from None
    if rows_ is None or cols_ is None:
        raise PuzzleError(f"{where}: missing 'edgematch ROWS COLS' header")
    return EdgePuzzle(rows_, cols_, np.array(pieces, dtype=np.int64).reshape(-1, 4), matching=matching, fixed=fixed)


def load_brendan_solution(source: Source, puzzle: EdgePuzzle) -> np.ndarray:
    """A board from a Brendan Owen solution file, a path or an open file (``W H`` then
    ``x y rot`` per piece, in piece order; x = column from the left, y = row counted from the
    BOTTOM, rot = clockwise quarter turns; conventions found by checking the files against
    their puzzles).

    Example:
        >>> import io
        >>> from cassetete.edgematch import EdgePuzzle
        >>> p = EdgePuzzle(1, 2, [[0, 1, 0, 0], [0, 0, 0, 1]])
        >>> load_brendan_solution(io.StringIO("2 1\\n0 0 0\\n1 0 0\\n"), p).tolist()
        [[[0, 0], [1, 0]]]
    """
    text, where = read_source(source)
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


# --- board files (the local search's checkpoints) -----------------------------------------
def write_board(path: str, puzzle: EdgePuzzle, board) -> None:
    """Write a board atomically (a temporary file then ``os.replace``): one line per row of
    ``piece,rotation`` pairs after a comment line with the score.

    Example:
        >>> import os, tempfile
        >>> from cassetete.edgematch import generate, read_board
        >>> p, planted = generate(3, 3, colors=3, seed=1)
        >>> path = os.path.join(tempfile.mkdtemp(), "best.txt")
        >>> write_board(path, p, planted)
        >>> bool((read_board(path, p) == planted).all())
        True
    """
    check_puzzle(puzzle)
    b = check_board(puzzle, board)
    matched, total = score(puzzle, b)
    lines = [f"# cassetete edgematch board {puzzle.rows} x {puzzle.cols}, score {matched}/{total}"]
    for r in range(puzzle.rows):
        lines.append(" ".join(f"{int(b[r, c, 0])},{int(b[r, c, 1])}" for c in range(puzzle.cols)))
    if not isinstance(path, (str, os.PathLike)):
        raise PuzzleError(f"write_board needs a path, got {type(path).__name__}")
    if os.path.isdir(path):
        raise PuzzleError(f"{os.fspath(path)} is a directory, not a board file")
    tmp = f"{os.fspath(path)}.tmp{os.getpid()}"
    try:
        with open(tmp, "w") as handle:
            handle.write("\n".join(lines) + "\n")
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except OSError as error:
        raise PuzzleError(f"cannot write {os.fspath(path)}: {error.strerror or error}") from None


def read_board(path: str, puzzle: EdgePuzzle) -> np.ndarray:
    """Read a board written by :func:`write_board` from a path or an open file, checked
    against the puzzle (PuzzleError naming the line and column of a bad entry).

    Example:
        >>> import os, tempfile
        >>> from cassetete.edgematch import generate
        >>> p, planted = generate(3, 3, colors=3, seed=1)
        >>> path = os.path.join(tempfile.mkdtemp(), "b.txt")
        >>> write_board(path, p, planted); read_board(path, p).shape
        (3, 3, 2)
    """
    check_puzzle(puzzle)
    text, where = read_source(path)
    rows: List[List[Tuple[int, int]]] = []
    header = None
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            header = header or re.search(r"score (\d+)/(\d+)", line)
            continue
        row = []
        for column, token in enumerate(line.split(), 1):
            try:
                piece, rot = (int(x) for x in token.split(","))
            except ValueError:
                raise PuzzleError(f"{where}, line {number}, column {column}: expected 'piece,rotation', "
                                  f"got {token!r}") from None
            if not (-2**31 <= piece < 2**31 and -2**31 <= rot < 2**31):  # no such piece or rotation
                raise PuzzleError(f"{where}, line {number}, column {column}: piece {piece}, rotation {rot}: "
                                  "out of range")
            row.append((piece, rot))
        if len(row) != puzzle.cols:
            raise PuzzleError(f"{where}, line {number}: {len(row)} cells, the {puzzle.rows} x {puzzle.cols} "
                              f"puzzle has {puzzle.cols} per row")
        rows.append(row)
    if len(rows) != puzzle.rows:
        raise PuzzleError(f"{where}: {len(rows)} rows, the {puzzle.rows} x {puzzle.cols} puzzle has {puzzle.rows}")
    board = check_board(puzzle, np.array(rows, dtype=np.int64).reshape(puzzle.rows, puzzle.cols, 2), what=where)
    # The score written in the header tells a board of another puzzle of the same size.
    if header is not None and (int(header.group(1)), int(header.group(2))) != tuple(score(puzzle, board)):
        raise PuzzleError(f"{where}: a board of another puzzle (its header says score {header.group(1)}/"
                          f"{header.group(2)}, it scores {'/'.join(map(str, score(puzzle, board)))} here)")
    return board


# --- writing, in every format the family reads ------------------------------------------------
def _writable(puzzle: EdgePuzzle, fmt: str, *, clues: bool, size_line: bool) -> None:
    """PuzzleError when ``fmt`` cannot hold this puzzle (it would read back differently)."""
    if puzzle.matching != "equal":
        raise PuzzleError(f"the {fmt} format only holds 'equal' matching; write 'opposite' puzzles as 'cassetete'")
    if puzzle.fixed and not clues:
        raise PuzzleError(f"the {fmt} format holds no clues; write this puzzle as 'cassetete' (or drop the clues "
                          "with puzzle.with_fixed({}))")
    if not size_line:
        try:
            inferred = infer_size(puzzle.pieces)
        except PuzzleError:
            inferred = None
        if inferred != (puzzle.rows, puzzle.cols):
            raise PuzzleError(f"the {fmt} format stores no board size and a {puzzle.rows} x {puzzle.cols} puzzle "
                              f"would read back as {'unreadable' if inferred is None else '%d x %d' % inferred}; "
                              "write it as 'cassetete'")


def format(puzzle: EdgePuzzle, format: str = "cassetete") -> str:  # noqa: A001 - the verb of every family
    """The puzzle as text in one of :data:`FORMATS` (read back by :func:`parse`).

    ``"cassetete"`` keeps everything; the others hold only what their format can: a puzzle
    with 'opposite' matching, clues (``brendan``, ``wortmann``) or a size the format cannot
    store (``heule``, ``wortmann`` infer it from the pieces) is a PuzzleError.

    Example:
        >>> from cassetete.edgematch import EdgePuzzle
        >>> print(format(EdgePuzzle(1, 2, [[0, 1, 0, 0], [0, 0, 0, 1]])), end="")
        edgematch 1 2 equal
        0 1 0 0
        0 0 0 1
        >>> print(format(EdgePuzzle(1, 2, [[0, 1, 0, 0], [0, 0, 0, 1]]), "brendan"), end="")
        2 1
        0 1 0 0
        0 0 0 1
    """
    return _format_text(puzzle, format)


def _format_text(puzzle: EdgePuzzle, fmt: str) -> str:
    check_puzzle(puzzle)
    fmt = check_choice(fmt, "format", FORMATS)
    pieces = [[int(x) for x in piece] for piece in puzzle.pieces]
    out: List[str] = []
    if fmt == "cassetete":
        out.append(f"edgematch {puzzle.rows} {puzzle.cols} {puzzle.matching}")
        out += [f"fixed {r} {c} {p} {rot}" for (r, c), (p, rot) in sorted(puzzle.fixed.items())]
        out += [" ".join(map(str, piece)) for piece in pieces]
    elif fmt == "json":
        _writable(puzzle, fmt, clues=True, size_line=True)
        hints = [{"pos": r * puzzle.cols + c, "piece": p, "rot": rot} for (r, c), (p, rot) in sorted(puzzle.fixed.items())]
        data = {"width": puzzle.cols, "height": puzzle.rows, "pieces": pieces, "hints": hints}
        return json.dumps(data, separators=(",", ":")) + "\n"
    elif fmt == "brendan":
        _writable(puzzle, fmt, clues=False, size_line=True)
        out.append(f"{puzzle.cols} {puzzle.rows}")
        out += [" ".join(map(str, piece)) for piece in pieces]
    elif fmt == "heule":
        _writable(puzzle, fmt, clues=True, size_line=False)
        out.append(str(len(puzzle.fixed)))
        out += [f"{r + 1} {c + 1} {p + 1} {rot}" for (r, c), (p, rot) in sorted(puzzle.fixed.items())]
        out += [" ".join(map(str, piece)) for piece in pieces]
    else:  # wortmann: bottom left top right
        _writable(puzzle, fmt, clues=False, size_line=False)
        out += [f"{s} {w} {n} {e}" for n, e, s, w in pieces]
    return "\n".join(out) + "\n"


def dump(puzzle: EdgePuzzle, path: object = None, *, format: str = "cassetete") -> str:
    """Write the puzzle to ``path`` (a path, ``"-"`` = standard output, or an open file) in one
    of :data:`FORMATS`; returns the text written (without a path, only returns it, like
    :func:`format`).

    Example:
        >>> import io
        >>> from cassetete.edgematch import EdgePuzzle
        >>> handle = io.StringIO()
        >>> _ = dump(EdgePuzzle(1, 1, [[0, 0, 0, 0]]), handle)
        >>> handle.getvalue()
        'edgematch 1 1 equal\\n0 0 0 0\\n'
    """
    text = _format_text(puzzle, format)
    if path is None:
        return text
    write_text(path, text)  # type: ignore[arg-type]
    return text


# --- the bundled Eternity II set (MIT, from Janos Wortmann's Eternity2Puzzles.jl) -----------
# Clue pieces (0-based piece, row, col, rotation) for the set as bundled (NESW = the anjou/bucas
# URDL reading of the same tuples). Source: ../shared/data/edgematch/SOURCES.md, checked against
# anjou official.json and Wortmann's hint table.
CENTRE = (138, 8, 7, 0)
CLUES = ((180, 13, 2, 1), (207, 2, 2, 1), (248, 13, 13, 2), (254, 2, 13, 1))


def eternity2(hints: str = "centre") -> EdgePuzzle:
    """The official 16 x 16 Eternity II puzzle (256 pieces, 22 colours + grey frame 0).

    Args:
        hints: ``"centre"`` (the mandatory starter piece 139 at I8), ``"all"`` (plus the 4 clue
            puzzle hints) or ``"none"``.

    Example:
        >>> p = eternity2()
        >>> p.size, p.total_joins, p.fixed
        (256, 480, {(8, 7): (138, 0)})
    """
    text = resources.files("cassetete").joinpath("data").joinpath("eternity2.txt").read_text()
    puzzle = parse(text)
    chosen = {"none": (), "centre": (CENTRE,), "all": (CENTRE,) + CLUES}
    if hints not in chosen:
        raise PuzzleError(f"hints must be 'centre', 'all' or 'none', got {hints!r}")
    return puzzle.with_fixed({(r, c): (p, rot) for p, r, c, rot in chosen[hints]})
