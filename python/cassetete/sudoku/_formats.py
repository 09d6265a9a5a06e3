"""Reading Sudoku text: one-line puzzles, the Sudoku lecture notes' N-lines-of-numbers file, character grids.

Formats (comment lines starting with `#` and blank lines around are ignored):
  * one line of N*N characters: `.` or `0` empty, `1`-`9` then `A`-`Z` (case-insensitive) for 10-35
    (the tdoku sets and, re-encoded, the acs 16x16/25x25 sets);
  * the Sudoku lecture notes' file ("sudoku.c"): N lines of N integers separated by spaces, 0 = empty;
  * N lines of N characters (a grid drawn with the one-line alphabet).
"""

from __future__ import annotations

import math
from typing import Iterator, List, Optional, Sequence, Tuple, Union

import numpy as np

from .._errors import PuzzleError
from .._io import PathOrFile, read_text, write_text
from ._model import MAX_ORDER, SYMBOLS, Sudoku

# Byte -> value of the one-line alphabet; 255 marks characters that are not allowed.
_VALUE_OF = np.full(256, 255, dtype=np.uint8)
_VALUE_OF[ord(".")] = 0
_VALUE_OF[ord("0")] = 0
for _index, _symbol in enumerate(SYMBOLS, start=1):
    _VALUE_OF[ord(_symbol)] = _index
    _VALUE_OF[ord(_symbol.lower())] = _index


def parse(text: Union[str, np.ndarray, Sudoku], box: Optional[Sequence[int]] = None) -> Sudoku:
    """Read one puzzle in any of the module's formats, or take an (N, N) array or a Sudoku.

    Example:
        >>> s = parse("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........")
        >>> s.size, s.clues
        (9, 18)
        >>> parse("1 0 0 0\\n0 0 3 0\\n0 4 0 0\\n0 0 0 2").grid[1, 2].item()
        3
    """
    if isinstance(text, Sudoku):
        return text if box is None or tuple(box) == text.box else Sudoku(text.grid, box)
    if isinstance(text, np.ndarray) or (isinstance(text, (list, tuple)) and text and
                                        isinstance(text[0], (list, tuple, np.ndarray))):
        return Sudoku(text, box)
    if isinstance(text, bytes):
        text = text.decode("utf-8", "replace")
    if not isinstance(text, str):
        raise PuzzleError(f"parse() expects a str, an (N, N) array or a Sudoku, got {type(text).__name__}")
    puzzles = iter_puzzles(text, box)
    first = next(puzzles)
    if next(puzzles, None) is not None:
        raise PuzzleError("the text holds several puzzles; use parse_many()")
    return first


def parse_many(text: str, box: Optional[Sequence[int]] = None) -> List[Sudoku]:
    """Read several puzzles: one per line, or N-line grids separated by blank lines.

    Example:
        >>> len(parse_many("." * 81 + "\\n" + "1" + "." * 80 + "\\n"))
        2
    """
    return list(iter_puzzles(text, box))


def iter_puzzles(text: str, box: Optional[Sequence[int]] = None) -> Iterator[Sudoku]:
    """Yield the puzzles of `text` (see parse_many) one by one.

    Example:
        >>> from cassetete import sudoku
        >>> [p.size for p in sudoku.iter_puzzles(".......1........\\n1...............\\n")]
        [4, 4]
    """
    lines = list(_content_lines(text))
    if not lines:
        raise PuzzleError("no puzzle: the text is empty")
    for block in _blocks(text):
        tokens = [line.strip() for _, line in block]
        # A block of N lines of N characters (N <= 35) is one drawn grid; otherwise a block of
        # one-token lines holds one-line puzzles.
        is_grid = any(len(line.split()) > 1 for _, line in block) or (
            len(block) > 1 and len(block) <= len(SYMBOLS) and all(len(t) == len(block) for t in tokens)
            and not _one_line_puzzles(tokens, box))
        if is_grid:
            yield _parse_block(block, box)
        else:
            for number, line in block:
                yield _parse_line(line, number, box)


def _one_line_puzzles(tokens: List[str], box: Optional[Sequence[int]]) -> bool:
    """Whether a block of L lines of L characters, which could be one drawn L x L grid, is rather
    L one-line puzzles of order sqrt(L) (16 lines of 16 characters: a 16x16 grid, or sixteen 4x4
    puzzles). `box` settles it when given; otherwise one-line puzzles are chosen when every value
    fits the smaller order, since a drawn 16x16 puzzle with no clue above 4 is implausible."""
    length = len(tokens)
    order = math.isqrt(length)
    if order * order != length or order < 2:
        return False
    if box is not None:
        rows, cols = (int(v) for v in box)
        return rows * cols == order
    if math.isqrt(order) ** 2 != order:
        return False  # order 2, 3, 5, ... one-liners need an explicit box
    codes = np.frombuffer("".join(tokens).encode("latin-1", "replace"), dtype=np.uint8)
    values = _VALUE_OF[codes]
    return bool(np.all(values <= order))


def parse_lines_array(lines: Sequence[str], size: int) -> np.ndarray:
    """Decode one-line puzzles of N*N characters into a (k, N*N) uint8 array, fast.

    Example:
        >>> parse_lines_array(["1" + "." * 15], 4)[0, :2]
        array([1, 0], dtype=uint8)
    """
    cells = size * size
    out = np.empty((len(lines), cells), dtype=np.uint8)
    for k, line in enumerate(lines):
        raw = line.strip().encode("latin-1", "replace")
        if len(raw) != cells:
            raise PuzzleError(f"line {k + 1}: {len(raw)} characters, expected {cells}")
        values = _VALUE_OF[np.frombuffer(raw, dtype=np.uint8)]
        if np.any(values > size):
            column = int(np.argmax(values > size)) + 1
            raise PuzzleError(f"line {k + 1}, column {column}: {line.strip()[column - 1]!r} is not a value of "
                              f"a {size}x{size} Sudoku")
        out[k] = values
    return out


def _content_lines(text: str) -> Iterator[Tuple[int, str]]:
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if stripped and not stripped.startswith("#"):
            yield number, line


def _blocks(text: str) -> Iterator[List[Tuple[int, str]]]:
    block: List[Tuple[int, str]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if stripped.startswith("#"):
            continue
        if not stripped:
            if block:
                yield block
                block = []
            continue
        block.append((number, line))
    if block:
        yield block


def _parse_line(line: str, number: int, box: Optional[Sequence[int]]) -> Sudoku:
    token = line.strip()
    if " " in token or "\t" in token:
        raise PuzzleError(f"line {number}: a one-line puzzle has no spaces; for the N-lines format give "
                          f"N lines of N numbers")
    length = len(token)
    size = math.isqrt(length)
    if size * size != length or size < 1:
        raise PuzzleError(f"line {number}: {length} characters is not N*N for any N "
                          f"(81 for 9x9, 256 for 16x16, 625 for 25x25)")
    if size > len(SYMBOLS):
        raise PuzzleError(f"line {number}: order {size} has no one-line form; use N lines of N numbers")
    offset = len(line) - len(line.lstrip())
    grid = np.zeros(length, dtype=np.uint8)
    for index, char in enumerate(token):
        code = ord(char)
        value = int(_VALUE_OF[code]) if code < 256 else 255
        if value == 255:
            raise PuzzleError(f"line {number}, column {offset + index + 1}: character {char!r} is not "
                              f"'.', '0', 1-9 or A-Z")
        if value > size:
            raise PuzzleError(f"line {number}, column {offset + index + 1}: {char!r} is not a value of a "
                              f"{size}x{size} Sudoku (it stands for {value}; the values are "
                              f"{SYMBOLS[0]}-{SYMBOLS[size - 1]}, and '.' or '0' an empty cell)")
        grid[index] = value
    try:
        return Sudoku(grid.reshape(size, size), box)
    except PuzzleError as error:
        raise PuzzleError(f"line {number}: {error}") from None


def _parse_block(lines: List[Tuple[int, str]], box: Optional[Sequence[int]]) -> Sudoku:
    size = len(lines)
    first = lines[0][0]
    if size > MAX_ORDER:
        raise PuzzleError(f"line {first}: {size} grid lines; the order is at most {MAX_ORDER}")
    rows = []
    numeric = any(len(line.split()) > 1 for _, line in lines)
    for number, line in lines:
        if numeric:
            rows.append(_numbers_row(line, number, size))
        else:
            rows.append(_chars_row(line, number, size))
    try:
        return Sudoku(np.array(rows, dtype=np.uint8), box)
    except PuzzleError as error:
        raise PuzzleError(f"lines {first}-{lines[-1][0]}: {error}") from None


def _numbers_row(line: str, number: int, size: int) -> List[int]:
    tokens = line.split()
    if len(tokens) != size:
        raise PuzzleError(f"line {number}: {len(tokens)} numbers, expected {size} (one per column of a "
                          f"{size}x{size} grid)")
    values = []
    column = 0
    for token in tokens:
        column = line.index(token, column) + 1
        if token == ".":
            values.append(0)
            continue
        if not (token.isascii() and token.isdigit()):  # "¹".isdigit() is True, int("¹") fails
            raise PuzzleError(f"line {number}, column {column}: {token!r} is not a number")
        value = int(token)
        if value > size:
            raise PuzzleError(f"line {number}, column {column}: value {value} exceeds {size}")
        values.append(value)
    return values


def _chars_row(line: str, number: int, size: int) -> List[int]:
    token = line.strip()
    if len(token) != size:
        raise PuzzleError(f"line {number}: {len(token)} characters, expected {size}")
    if size > len(SYMBOLS):
        raise PuzzleError(f"line {number}: order {size} needs numbers separated by spaces")
    offset = len(line) - len(line.lstrip())
    values = []
    for index, char in enumerate(token):
        code = ord(char)
        value = int(_VALUE_OF[code]) if code < 256 else 255
        if value == 255 or value > size:
            raise PuzzleError(f"line {number}, column {offset + index + 1}: {char!r} is not a value of a "
                              f"{size}x{size} Sudoku")
        values.append(value)
    return values


FORMATS = ("line", "grid")


def format(puzzle: Union[Sudoku, np.ndarray, str], format: str = "line") -> str:  # noqa: A001,A002
    """Write a puzzle (or a solved grid) as text: "line" (one line, `.` = empty, N <= 35) or
    "grid" (the lecture notes' N lines of N numbers, 0 = empty).

    Example:
        >>> format(parse("1" + "." * 15), "grid").splitlines()[0]
        '1 0 0 0'
    """
    puzzle = parse(puzzle)
    if format == "line":
        return puzzle.to_line()
    if format == "grid":
        return puzzle.to_grid_text()
    raise PuzzleError(f"unknown format {format!r}: 'line' or 'grid'")


def load(source: PathOrFile, box: Optional[Sequence[int]] = None) -> Sudoku:
    """Read one puzzle from a file (a path, ``"-"`` for standard input, or an open file).

    Example:
        >>> import tempfile, os
        >>> path = os.path.join(tempfile.mkdtemp(), "p.txt")
        >>> dump(parse("1" + "." * 15), path)
        >>> load(path).clues
        1
    """
    return parse(read_text(source), box)


def load_many(source: PathOrFile, box: Optional[Sequence[int]] = None) -> List[Sudoku]:
    """Read every puzzle of a file (one per line, or N-line grids separated by blank lines).

    Example:
        >>> import io
        >>> len(load_many(io.StringIO("." * 16 + "\\n" + "1" + "." * 15 + "\\n")))
        2
    """
    return parse_many(read_text(source), box)


def dump(puzzle: Union[Sudoku, np.ndarray, str], target: PathOrFile, format: str = "line") -> None:  # noqa: A002
    """Write one puzzle to a file in `format` ("line" or "grid"), newline-terminated.

    Example:
        >>> import io
        >>> out = io.StringIO(); dump("." * 16, out); out.getvalue()
        '................\\n'
    """
    write_text(target, _format_puzzle(puzzle, format).rstrip("\n") + "\n")


_format_puzzle = format  # for functions whose `format` argument shadows the verb


PuzzleLike = Union[Sudoku, str, np.ndarray, Sequence[Sequence[int]]]


def as_sudoku(puzzle: PuzzleLike, box: Optional[Sequence[int]] = None) -> Sudoku:
    """A Sudoku from a Sudoku, a text in any parse() format, or an (N, N) array.

    Example:
        >>> as_sudoku("." * 16).size
        4
    """
    if isinstance(puzzle, Sudoku):
        if box is not None and tuple(box) != puzzle.box:
            return Sudoku(puzzle.grid, box)
        return puzzle
    if isinstance(puzzle, str):
        return parse(puzzle, box)
    return Sudoku(puzzle, box)
