"""Readers and writers: Tatham "bridges" game IDs, puzz.link hashikake URLs, Coelho .has files,
plain grids."""

from __future__ import annotations

import re
from typing import Any, Iterable, List, Union

import numpy as np

from .._errors import PuzzleError
from .._gridpuzzle import encode_runs, puzzlink_number, read_puzzle, write_as
from .._io import PathOrFile, read_text, write_text
from .._text import parse_batch
from ._model import Hashi

FORMATS = ("tatham", "puzzlink", "has", "grid")

_TATHAM = re.compile(r"^\s*(\d+)x(\d+)([^:]*):(\S*)\s*$")
_PUZZLINK = re.compile(r"(?:^|[?/])hashikake/(\d+)/(\d+)/([^/?#\s]*)\s*$")


def parse(text: Union[str, np.ndarray, "Hashi"]) -> Hashi:
    """Read a puzzle from any supported format.

    Formats: a Tatham "bridges" game ID (``7x7m2:...``), a puzz.link URL
    (``https://puzz.link/p?hashikake/<cols>/<rows>/<body>``), a Coelho et al. ``.has`` file
    (header ``rows cols islands`` then the grid), or a plain grid (one row per line, digits for
    islands, ``.``/``-``/``0`` for water, tokens optionally separated by spaces; an optional
    ``rows cols`` header line); or a 2-D integer array (nested lists too), 0 = water. Text is
    never read as a file name: use :func:`load` for files.

    Example:
        >>> from cassetete.hashi import parse
        >>> parse("3x3m2:2a2c1a1").n_islands
        4
        >>> parse([[1, 0, 1]]).n_islands
        2
    """
    return read_puzzle(text, Hashi, _from_array, _parse_text, "cannot read a hashi puzzle from {}")


def _from_array(values: Any) -> Hashi:
    try:
        array = np.asarray(values)
    except (TypeError, ValueError) as error:  # ragged nested lists
        raise PuzzleError(f"cannot read a hashi grid from this array: {error}") from None
    if array.dtype == object or array.dtype.kind not in "iuf":
        raise PuzzleError(f"hashi grid values must be integers, got an array of {array.dtype}")
    return Hashi(array)


def _parse_text(text: str) -> Hashi:
    stripped = text.strip()
    if not stripped:
        raise PuzzleError("empty hashi input")
    match = _PUZZLINK.search(stripped)
    if match and "\n" not in stripped:
        return _parse_puzzlink(int(match.group(1)), int(match.group(2)), match.group(3))
    match = _TATHAM.match(stripped)
    if match:
        return _parse_tatham(match)
    if "\n" not in stripped and ":" in stripped:
        raise PuzzleError(f"unreadable bridges game ID {stripped[:60]!r}: expected WxHm2:desc")
    return _parse_grid(text)


def _parse_tatham(match: "re.Match[str]") -> Hashi:
    w, h, params, desc = int(match.group(1)), int(match.group(2)), match.group(3), match.group(4)
    if w < 1 or h < 1 or w * h > 4_000_000:
        raise PuzzleError(f"bridges game ID: bad size {w}x{h}")
    maxb = re.search(r"m(\d+)", params)
    if maxb and int(maxb.group(1)) != 2:
        raise PuzzleError(f"bridges game ID: only m2 (at most 2 bridges) is supported, got m{maxb.group(1)}")
    if "L" in params:
        raise PuzzleError("bridges game ID: the no-loops variant (L) is not supported")
    cells: List[int] = []
    for pos, ch in enumerate(desc):
        if "a" <= ch <= "z":
            cells.extend([0] * (ord(ch) - ord("a") + 1))
        elif "1" <= ch <= "9":
            cells.append(int(ch))
        elif "A" <= ch <= "G":
            cells.append(10 + ord(ch) - ord("A"))
        else:
            raise PuzzleError(f"bridges game ID: bad character {ch!r} at position {pos + 1} of the description")
        if len(cells) > w * h:
            raise PuzzleError(f"bridges game ID: description longer than {w}x{h} at position {pos + 1}")
    if len(cells) != w * h:
        raise PuzzleError(f"bridges game ID: description gives {len(cells)} cells, expected {w * h}")
    return Hashi(np.array(cells, dtype=np.int32).reshape(h, w))


def _parse_puzzlink(cols: int, rows: int, body: str) -> Hashi:
    if cols < 1 or rows < 1 or cols * rows > 4_000_000:
        raise PuzzleError(f"puzz.link hashikake: bad size {cols}x{rows}")
    cells: List[int] = []
    i = 0
    while i < len(body) and len(cells) < rows * cols:
        ch = body[i]
        if ch in "0123456789abcdef":
            cells.append(int(ch, 16))
            i += 1
        elif ch == "-" and i + 3 <= len(body):
            cells.append(_hex(body[i + 1:i + 3], i))
            i += 3
        elif ch == "+" and i + 4 <= len(body):
            cells.append(_hex(body[i + 1:i + 4], i))
            i += 4
        elif "g" <= ch <= "z":
            cells.extend([0] * (ord(ch) - ord("g") + 1))
            i += 1
        elif ch == ".":
            raise PuzzleError(f"puzz.link hashikake: island without a number ('.') at position {i + 1}")
        else:
            raise PuzzleError(f"puzz.link hashikake: bad character {ch!r} at position {i + 1}")
    if len(cells) < rows * cols:
        cells.extend([0] * (rows * cols - len(cells)))
    cells = cells[: rows * cols]
    grid = np.array(cells, dtype=np.int64).reshape(rows, cols)
    for r, c in zip(*np.nonzero(grid > 8)):
        raise PuzzleError(f"island value {grid[r, c]} outside 1..8 at row {r + 1}, column {c + 1}")
    return Hashi(grid.astype(np.int32))


def _hex(digits: str, pos: int) -> int:
    try:
        return int(digits, 16)
    except ValueError:
        raise PuzzleError(f"puzz.link hashikake: bad number {digits!r} at position {pos + 1}") from None


_WATER = {".", "-", "_", "0"}


def _parse_grid(text: str) -> Hashi:
    lines = [(n + 1, line) for n, line in enumerate(text.splitlines()) if line.strip()]
    rows: List[List[int]] = []
    header = lines[0][1].split()
    numeric = len(header) in (2, 3) and all(t.isascii() and t.isdigit() for t in header)
    expected_islands = None
    if numeric and len(lines) - 1 == int(header[0]):
        lines = lines[1:]  # Coelho .has header (rows cols islands) or "rows cols"
        expected_cols = int(header[1])
        expected_islands = int(header[2]) if len(header) == 3 else None
    elif numeric and len(header) == 3 and int(header[0]) > len(lines) - 1 >= 1 and int(header[1]) >= 1 \
            and all(len(line.split()) == int(header[1]) for _, line in lines[1:]):
        # "rows cols islands" over rows of that width, but fewer of them: a cut .has file, not a grid row
        raise PuzzleError(f"line 1: the .has header says {header[0]} rows of {header[1]} cells and "
                          f"{header[2]} islands, but {len(lines) - 1} row(s) follow (a truncated file?)")
    else:
        expected_cols = None
    for lineno, line in lines:
        tokens = line.split() if any(ch.isspace() for ch in line.strip()) else list(line.strip())
        row = []
        for col, tok in enumerate(tokens):
            if tok in _WATER:
                row.append(0)
            elif tok.isascii() and tok.isdigit():  # "¹".isdigit() is True, int("¹") fails
                value = int(tok)
                if not 1 <= value <= 8:
                    raise PuzzleError(f"island value {value} outside 1..8 at line {lineno}, column {col + 1}")
                row.append(value)
            else:
                raise PuzzleError(f"bad cell {tok!r} at line {lineno}, column {col + 1}")
        if rows and len(row) != len(rows[0]):
            raise PuzzleError(f"line {lineno} has {len(row)} cells, expected {len(rows[0])} like the first row")
        if expected_cols is not None and len(row) != expected_cols:
            raise PuzzleError(f"line {lineno} has {len(row)} cells, the header says {expected_cols}")
        rows.append(row)
    grid = np.array(rows, dtype=np.int32)
    if expected_islands is not None and int(np.count_nonzero(grid)) != expected_islands:
        raise PuzzleError(f"line 1: the .has header says {expected_islands} islands, the grid has "
                          f"{int(np.count_nonzero(grid))}")
    return Hashi(grid)


def format_id(puzzle: Hashi) -> str:
    """Tatham "bridges" game ID of a puzzle (``WxHm2:desc``).

    Example:
        >>> from cassetete.hashi import parse, format_id
        >>> format_id(parse("2.2\\n...\\n1.1"))
        '3x3m2:2a2c1a1'
    """
    h, w = puzzle.shape
    return f"{w}x{h}m2:" + encode_runs(puzzle.islands.ravel().tolist(), "a", 26, lambda value, _after: str(value))


def format_grid(puzzle: Hashi) -> str:
    """Plain grid text: one line per row, digits for islands, ``.`` for water.

    Example:
        >>> from cassetete.hashi import parse, format_grid
        >>> print(format_grid(parse("3x1m2:1a1")))
        1.1
    """
    return "\n".join("".join(str(int(v)) if v else "." for v in row) for row in puzzle.islands)


def format_puzzlink(puzzle: Hashi) -> str:
    """puzz.link URL of a puzzle (``https://puzz.link/p?hashikake/<cols>/<rows>/<body>``).

    Example:
        >>> from cassetete.hashi import parse
        >>> format_puzzlink(parse("3x3m2:2a2c1a1"))
        'https://puzz.link/p?hashikake/3/3/2g2i1g1'
    """
    puzzle = parse(puzzle)
    h, w = puzzle.shape
    return f"https://puzz.link/p?hashikake/{w}/{h}/" + encode_runs(puzzle.islands.ravel().tolist(), "g", 20,
                                                                   puzzlink_number)


def format_has(puzzle: Hashi) -> str:
    """Coelho et al. ``.has`` text: ``rows cols islands`` then the grid, 0 = water.

    Example:
        >>> from cassetete.hashi import parse
        >>> print(format_has(parse("3x1m2:1a1")))
        1 3 2
        1 0 1
    """
    puzzle = parse(puzzle)
    h, w = puzzle.shape
    rows = [" ".join(str(int(v)) for v in row) for row in puzzle.islands]
    return "\n".join([f"{h} {w} {puzzle.n_islands}"] + rows)


def format(puzzle: Any, format: str = "tatham") -> str:  # noqa: A001,A002 - the family verb
    """Write a puzzle as ``format`` = ``"tatham"`` (game ID), ``"puzzlink"`` (URL), ``"has"``
    (Coelho et al.) or ``"grid"`` (plain grid).

    Example:
        >>> from cassetete.hashi import parse
        >>> format(parse("2.2\\n...\\n1.1"))
        '3x3m2:2a2c1a1'
    """
    return write_as(_WRITERS, parse, puzzle, format)


_WRITERS = {"tatham": format_id, "puzzlink": format_puzzlink, "has": format_has, "grid": format_grid}  # FORMATS


def dump(puzzle: Any, target: PathOrFile, format: str = "tatham") -> None:  # noqa: A002
    """Write a puzzle to a file (path or open text file) in ``format`` (see :func:`format`), for
    example a Coelho et al. ``.has`` file that :func:`load` reads back.

    Example:
        >>> import io
        >>> out = io.StringIO()
        >>> dump("3x1m2:1a1", out, format="has")
        >>> out.getvalue()
        '1 3 2\\n1 0 1\\n'
    """
    write_text(target, write_as(_WRITERS, parse, puzzle, format) + "\n")


def load(source: PathOrFile) -> Hashi:
    """Read a puzzle from a file (path or open file) in any format :func:`parse` reads; ``"-"``
    reads standard input. A missing path raises PuzzleError "no such file: ..."; a directory is
    refused.

    Example:
        >>> import io
        >>> load(io.StringIO("3x3m2:2a2c1a1")).n_islands
        4
    """
    return parse(read_text(source))


def _one_line(line: str) -> bool:
    """True for a line that is a whole puzzle on its own (game ID or puzz.link URL)."""
    line = line.strip()
    return bool(_PUZZLINK.search(line)) or bool(_TATHAM.match(line))


def parse_many(source: Union[str, Iterable[Any]]) -> List[Hashi]:
    """Read many puzzles: a text with one game ID or URL per line, or grids / ``.has`` files
    separated by blank lines (lines starting with ``#`` are comments); or a list of anything
    :func:`parse` reads. A bad puzzle raises PuzzleError naming its number and line.

    Example:
        >>> [p.n_islands for p in parse_many("3x3m2:2a2c1a1\\n3x1m2:1a1\\n\\n2.2\\n...\\n2.2\\n")]
        [4, 2, 4]
    """
    return parse_batch(source, parse, _one_line)


def load_many(source: PathOrFile) -> List[Hashi]:
    """Read many puzzles (see :func:`parse_many`) from a file, a path or an open one.

    Example:
        >>> import io
        >>> [p.shape for p in load_many(io.StringIO("1 3 2\\n1 0 1\\n\\n3x3m2:2a2c1a1\\n"))]
        [(1, 3), (3, 3)]
    """
    return parse_many(read_text(source))
