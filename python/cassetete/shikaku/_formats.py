"""Reading and writing Shikaku puzzles: Tatham "rect" game IDs, puzz.link URLs, plain grids."""

from __future__ import annotations

import re
from typing import Any, Iterable, List, Union

import numpy as np

from .._errors import PuzzleError
from .._gridpuzzle import encode_runs, puzzlink_number, read_puzzle, write_as
from .._io import PathOrFile, read_text, write_text
from .._text import parse_batch
from ._model import Shikaku

FORMATS = ("tatham", "puzzlink", "grid")

_TATHAM = re.compile(r"^\s*(\d+)x(\d+)([^:]*):(\S*)\s*$")
_PUZZLINK = re.compile(r"shikaku/(\d+)/(\d+)/([^/?#\s]*)")


def parse(text: Union[str, np.ndarray, Shikaku]) -> Shikaku:
    """Read a puzzle from a Tatham game ID, a puzz.link URL, a plain grid, or an array of clues.

    Plain grid: one line per row, cells separated by spaces (or one character per cell when
    a line has no spaces); a number is a clue, ``.``, ``-``, ``_`` or ``0`` an empty cell;
    lines starting with ``#`` are comments. Array: a 2-D integer array (or nested lists),
    0 = empty cell. A :class:`Shikaku` is returned as it is. Text is never read as a file
    name: use :func:`load` for files.

    Example:
        >>> parse("4x4:a2_2b2_2c2_2_2a2a").clues[0].tolist()
        [0, 2, 2, 0]
        >>> parse("2 .\\n. 2").clue_values()
        [2, 2]
        >>> import numpy as np
        >>> parse(np.array([[2, 0], [0, 2]])) == parse("2 .\\n. 2")
        True
    """
    return read_puzzle(text, Shikaku, _from_array, _parse_text, "expected puzzle text, an array or a Shikaku, got {}")


def _parse_text(text: str) -> Shikaku:
    stripped = text.strip()
    if not stripped:
        raise PuzzleError("empty puzzle text")
    link = _PUZZLINK.search(stripped)
    if link and ("puzz.link" in stripped or "pzv.jp" in stripped or stripped.startswith("shikaku/")
                 or "?shikaku/" in stripped):
        return parse_puzzlink(stripped)
    if re.match(r"^\s*\d+x\d+", stripped) and ":" in stripped.splitlines()[0]:
        return parse_tatham(stripped)
    return parse_grid(stripped)


def parse_tatham(game_id: str) -> Shikaku:
    """Read a Tatham "rect" game ID ``WxH:desc`` (letters = runs of empty cells, numbers = clues).

    Example:
        >>> parse_tatham("3x2:2a2_2b").clues.tolist()
        [[2, 0, 2], [2, 0, 0]]
    """
    match = _TATHAM.match(game_id)
    if not match:
        raise PuzzleError(f"unreadable Tatham game ID {game_id[:40]!r}: expected 'WxH:description'")
    width, height = int(match.group(1)), int(match.group(2))
    if width < 1 or height < 1:
        raise PuzzleError(f"Tatham game ID: grid size {width}x{height} must be positive")
    if width * height > 25_000_000:
        raise PuzzleError(f"Tatham game ID: grid size {width}x{height} is too large")
    desc = match.group(4)
    offset = match.start(4)
    cells: List[int] = []
    i = 0
    previous_number = False
    while i < len(desc):
        ch = desc[i]
        if "a" <= ch <= "z":
            cells.extend([0] * (ord(ch) - ord("a") + 1))
            previous_number = False
            i += 1
        elif ch == "_":
            if not previous_number or i + 1 >= len(desc) or not "0" <= desc[i + 1] <= "9":
                raise PuzzleError(f"Tatham game ID: misplaced '_' at character {offset + i + 1}")
            previous_number = False
            i += 1
        elif "0" <= ch <= "9":  # not str.isdigit(), which accepts superscripts int() refuses
            if previous_number:
                raise PuzzleError(f"Tatham game ID: two clues without '_' at character {offset + i + 1}")
            j = i
            while j < len(desc) and "0" <= desc[j] <= "9":
                j += 1
            value = int(desc[i:j])
            if value == 0 or value > width * height:
                raise PuzzleError(f"Tatham game ID: clue {value} at character {offset + i + 1} (the grid has "
                                  f"{width * height} cells)")
            cells.append(value)
            previous_number = True
            i = j
        else:
            raise PuzzleError(f"Tatham game ID: unexpected character {ch!r} at character {offset + i + 1}")
        if len(cells) > width * height:
            raise PuzzleError(
                f"Tatham game ID: description runs past the {width}x{height} grid at character {offset + i}"
            )
    if len(cells) != width * height:
        raise PuzzleError(f"Tatham game ID: description has {len(cells)} cells, the {width}x{height} grid needs "
                          f"{width * height}")
    return _checked(np.array(cells, dtype=np.int64).reshape(height, width), "Tatham game ID")


def parse_puzzlink(url: str) -> Shikaku:
    """Read a puzz.link / pzv.jp Shikaku URL ``.../p?shikaku/<cols>/<rows>/<body>``.

    Example:
        >>> parse_puzzlink("https://puzz.link/p?shikaku/6/6/j3g56h6t6h23g5j") == parse_tatham("6x6:d3a5_6b6n6b2_3a5d")
        True
    """
    match = _PUZZLINK.search(url)
    if not match:
        raise PuzzleError(f"unreadable puzz.link URL {url[:60]!r}: expected 'shikaku/<cols>/<rows>/<body>'")
    cols, rows = int(match.group(1)), int(match.group(2))
    if cols < 1 or rows < 1 or cols * rows > 25_000_000:
        raise PuzzleError(f"puzz.link URL: bad grid size {cols}x{rows}")
    body = match.group(3)
    offset = match.start(3)
    cells: List[int] = []
    i = 0
    while i < len(body) and len(cells) < rows * cols:
        ch = body[i]
        pos = offset + i + 1
        if ch in "0123456789abcdef":
            value, i = int(ch, 16), i + 1
        elif ch == "-" and _is_hex(body[i + 1 : i + 3], 2):
            value, i = int(body[i + 1 : i + 3], 16), i + 3
        elif ch == "+" and _is_hex(body[i + 1 : i + 4], 3):
            value, i = int(body[i + 1 : i + 4], 16), i + 4
        elif "g" <= ch <= "z":
            cells.extend([0] * (ord(ch) - ord("f")))
            i += 1
            continue
        elif ch == ".":
            raise PuzzleError(f"puzz.link URL: unknown-number clue '?' at character {pos} is not supported")
        else:
            raise PuzzleError(f"puzz.link URL: unexpected character {ch!r} at character {pos}")
        if value == 0:
            raise PuzzleError(f"puzz.link URL: clue 0 at character {pos}")
        cells.append(value)
    if len(cells) > rows * cols:
        raise PuzzleError(f"puzz.link URL: body runs past the {cols}x{rows} grid")
    cells.extend([0] * (rows * cols - len(cells)))
    return _checked(np.array(cells, dtype=np.int64).reshape(rows, cols), "puzz.link URL")


def _is_hex(text: str, length: int) -> bool:
    return len(text) == length and all(ch in "0123456789abcdef" for ch in text)


def parse_grid(text: str) -> Shikaku:
    """Read a plain grid: rows of numbers, ``.``/``-``/``_``/``0`` for empty cells.

    Example:
        >>> parse_grid("3 . .\\n. . 3").clues.tolist()
        [[3, 0, 0], [0, 0, 3]]
    """
    rows: List[List[int]] = []
    width = None
    first_line = None
    for line_no, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        tokens = line.split() if len(line.split()) > 1 else list(line)
        row = []
        for col, token in enumerate(tokens, start=1):
            if token in (".", "-", "_", "0"):
                row.append(0)
            elif re.fullmatch(r"-?\d+", token):
                value = int(token)
                if value <= 0:
                    raise PuzzleError(f"line {line_no}, column {col}: clue {value} must be positive")
                if value > 10**9:  # larger than any grid's area, and than an int64
                    raise PuzzleError(f"line {line_no}, column {col}: clue {value} is too large")
                row.append(value)
            else:
                raise PuzzleError(f"line {line_no}, column {col}: unreadable cell {token!r}")
        if width is None:
            width, first_line = len(row), line_no
        elif len(row) != width:
            raise PuzzleError(f"line {line_no} has {len(row)} cells, line {first_line} has {width}")
        rows.append(row)
    if not rows:
        raise PuzzleError("no grid rows found")
    return _checked(np.array(rows, dtype=np.int64), "grid")


def _from_array(values: Any) -> Shikaku:
    try:
        array = np.asarray(values)
    except (TypeError, ValueError) as error:  # ragged nested lists
        raise PuzzleError(f"cannot read a Shikaku grid from this array: {error}") from None
    if array.dtype == bool or array.dtype == object or array.dtype.kind not in "iuf":
        raise PuzzleError(f"Shikaku clues must be integers, got an array of {array.dtype}")
    if array.dtype.kind == "f":
        if not np.all(np.isfinite(array)) or np.any(array != np.round(array)):
            raise PuzzleError("Shikaku clues must be whole numbers")
        array = array.astype(np.int64)
    return Shikaku(array)


def _checked(array: np.ndarray, source: str) -> Shikaku:
    area = array.size
    big = np.argwhere(array > area)
    if len(big):
        r, c = (int(v) for v in big[0])
        raise PuzzleError(f"{source}: clue {int(array[r, c])} at row {r + 1}, column {c + 1} is larger than the "
                          f"grid area {area}")
    return Shikaku(array)


def format_tatham(puzzle: Shikaku) -> str:
    """Write a Tatham "rect" game ID.

    Example:
        >>> format_tatham(parse("2 . 2\\n2 . ."))
        '3x2:2a2_2b'
    """
    puzzle = parse(puzzle)
    # two clues in a row are separated by "_"
    body = encode_runs(puzzle.clues.ravel().tolist(), "a", 26, lambda value, after: "_" * after + str(value))
    return f"{puzzle.cols}x{puzzle.rows}:" + body


def format_puzzlink(puzzle: Shikaku) -> str:
    """Write a puzz.link URL (clues up to 4095).

    Example:
        >>> format_puzzlink(parse("6x6:d3a5_6b6n6b2_3a5d"))
        'https://puzz.link/p?shikaku/6/6/j3g56h6t6h23g5j'
    """
    puzzle = parse(puzzle)
    body = encode_runs(puzzle.clues.ravel().tolist(), "g", 20, puzzlink_number)
    return f"https://puzz.link/p?shikaku/{puzzle.cols}/{puzzle.rows}/" + body


def format_grid(puzzle: Shikaku) -> str:
    """Write a plain grid (``.`` = empty), columns aligned.

    Example:
        >>> print(format_grid(parse("3x2:2a2_2b")))
        2 . 2
        2 . .
    """
    puzzle = parse(puzzle)
    width = max(1, len(str(int(puzzle.clues.max()))))
    lines = []
    for row in puzzle.clues.tolist():
        lines.append(" ".join((str(v) if v else ".").rjust(width) for v in row))
    return "\n".join(lines)


def load(source: PathOrFile) -> Shikaku:
    """Read a puzzle from a file (path or open file): game ID, puzz.link URL or plain grid.

    ``"-"`` reads standard input; a missing path raises PuzzleError "no such file: ..."; a
    directory is refused.

    Example:
        >>> import pathlib, tempfile
        >>> f = pathlib.Path(tempfile.mkdtemp()) / "p.txt"
        >>> _ = f.write_text("4x4:a2_2b2_2c2_2_2a2a")
        >>> load(f).shape
        (4, 4)
    """
    return parse(read_text(source))


def _one_line(line: str) -> bool:
    """True for a line that is a whole puzzle on its own (game ID or puzz.link URL)."""
    line = line.strip()
    return bool(_PUZZLINK.search(line)) or bool(re.match(r"^\d+x\d+[^:\s]*:", line))


def parse_many(source: Union[str, Iterable[Any]]) -> List[Shikaku]:
    """Read many puzzles: a text with one game ID or URL per line, or plain grids separated by
    blank lines (lines starting with ``#`` are comments); or a list of anything :func:`parse`
    reads. A bad puzzle raises PuzzleError naming its number and line.

    Example:
        >>> [p.shape for p in parse_many("3x2:2a2_2b\\n2x1:2a\\n\\n2 .\\n2 .\\n")]
        [(2, 3), (1, 2), (2, 2)]
    """
    return parse_batch(source, parse, _one_line)


def load_many(source: PathOrFile) -> List[Shikaku]:
    """Read many puzzles from a file (see :func:`parse_many`).

    Example:
        >>> import pathlib, tempfile
        >>> f = pathlib.Path(tempfile.mkdtemp()) / "many.txt"
        >>> _ = f.write_text("3x2:2a2_2b\\n2x1:2a\\n")
        >>> len(load_many(f))
        2
    """
    return parse_many(read_text(source))


def format(puzzle: Any, format: str = "tatham") -> str:  # noqa: A001,A002 - the family verb
    """Write a puzzle as ``format`` = ``"tatham"`` (game ID), ``"puzzlink"`` (URL) or ``"grid"``.

    Example:
        >>> format(parse("2 .\\n2 ."), "grid")
        '2 .\\n2 .'
    """
    return write_as(_WRITERS, parse, puzzle, format)


_WRITERS = {"tatham": format_tatham, "puzzlink": format_puzzlink, "grid": format_grid}  # in the order of FORMATS


def dump(puzzle: Any, target: PathOrFile, format: str = "tatham") -> None:  # noqa: A002
    """Write a puzzle to a file (path or open text file) in ``format`` (see :func:`format`).

    Example:
        >>> import pathlib, tempfile
        >>> f = pathlib.Path(tempfile.mkdtemp()) / "p.txt"
        >>> dump("2 .\\n2 .", f, format="grid")
        >>> load(f) == parse("2 .\\n2 .")
        True
    """
    write_text(target, write_as(_WRITERS, parse, puzzle, format) + "\n")
