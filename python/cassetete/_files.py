"""Reading and writing puzzle files the same way in every family: ``load`` takes a path or an
open file, a missing path is "no such file: ...", a directory is refused, and text is never
mistaken for a path (nor a path for puzzle text).

Example:
    >>> from cassetete._files import read_source, split_blocks
    >>> try:
    ...     read_source("/no/such/puzzle.txt")
    ... except ValueError as error:
    ...     print(error)
    no such file: /no/such/puzzle.txt
    >>> [(line, block) for line, block in split_blocks("a\\n\\nb\\nc\\n")]
    [(1, 'a'), (3, 'b\\nc')]
"""

from __future__ import annotations

import os
from typing import IO, Any, Callable, Iterable, List, Tuple, TypeVar, Union

from ._errors import PuzzleError

PathOrFile = Union[str, "os.PathLike[str]", IO[str], IO[bytes]]
TextTarget = Union[str, "os.PathLike[str]", IO[str]]

__all__ = ["PathOrFile", "TextTarget", "not_a_file_name", "parse_batch", "read_source", "split_blocks",
           "write_target"]

Puzzle = TypeVar("Puzzle")


def _decode(data: Any, where: str) -> str:
    if isinstance(data, bytes):
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError as error:
            raise PuzzleError(f"{where} is not UTF-8 text (byte {error.start + 1})") from None
    if not isinstance(data, str):
        raise PuzzleError(f"{where} gave {type(data).__name__}, not text")
    return data


def read_source(source: PathOrFile) -> str:
    """The text of a file given as a path (``str`` or ``pathlib.Path``) or an open file object.

    Raises PuzzleError for a missing path ("no such file: ..."), a directory, unreadable or
    non-UTF-8 content, and anything that is neither a path nor a file.
    """
    if hasattr(source, "read"):
        name = getattr(source, "name", "the file")
        try:
            return _decode(source.read(), str(name))  # type: ignore[union-attr]
        except OSError as error:
            raise PuzzleError(f"cannot read {name}: {error.strerror or error}") from None
    if not isinstance(source, (str, os.PathLike)):
        raise PuzzleError(f"expected a file path or an open file, got {type(source).__name__}")
    path = os.fspath(source)
    if not isinstance(path, str):
        path = os.fsdecode(path)
    if not os.path.exists(path):
        raise PuzzleError(f"no such file: {path}")
    if os.path.isdir(path):
        raise PuzzleError(f"{path} is a directory, not a puzzle file")
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError as error:
        raise PuzzleError(f"cannot read {path}: {error.strerror or error}") from None
    return _decode(data, path)


def write_target(target: TextTarget, text: str) -> None:
    """Write ``text`` (plus a final newline) to a path or an open text file."""
    if not text.endswith("\n"):
        text += "\n"
    if hasattr(target, "write"):
        target.write(text)  # type: ignore[union-attr]
        return
    if not isinstance(target, (str, os.PathLike)):
        raise PuzzleError(f"expected a file path or an open file, got {type(target).__name__}")
    path = os.fspath(target)
    if os.path.isdir(path):
        raise PuzzleError(f"{path} is a directory, not a file name")
    try:
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(text)
    except OSError as error:
        raise PuzzleError(f"cannot write {path}: {error.strerror or error}") from None


def not_a_file_name(error: PuzzleError, text: str) -> PuzzleError:
    """``error`` itself, or with a hint when the unreadable ``text`` is the name of a file
    (``parse`` reads puzzle text, never files; ``load`` reads files).

    Example:
        >>> import tempfile
        >>> with tempfile.NamedTemporaryFile() as handle:
        ...     str(not_a_file_name(PuzzleError("bad cell"), handle.name)).endswith("read it with load()")
        True
    """
    name = text.strip()
    if "\n" in name or len(name) > 4096 or not os.path.isfile(name):
        return error
    return PuzzleError(f"{error}; {name!r} is a file name: read it with load()")


def split_blocks(text: str) -> List[Tuple[int, str]]:
    """Blocks of text separated by blank lines, each with the number of its first line."""
    blocks: List[Tuple[int, str]] = []
    current: List[str] = []
    first = 0
    for number, line in enumerate(text.splitlines(), start=1):
        if line.strip():
            if not current:
                first = number
            current.append(line)
        elif current:
            blocks.append((first, "\n".join(current)))
            current = []
    if current:
        blocks.append((first, "\n".join(current)))
    return blocks


def parse_batch(source: Union[str, Iterable[Any]], parse: Callable[[Any], Puzzle],
                one_line: Callable[[str], bool]) -> List[Puzzle]:
    """The puzzles of a batch, for the families' ``parse_many``.

    ``source`` is a text, where blocks are separated by blank lines, a block whose lines all
    satisfy ``one_line`` (game IDs, URLs) holds one puzzle per line and any other block is one
    puzzle (a grid), lines starting with ``#`` being comments; or a list of anything ``parse``
    reads. A bad puzzle raises PuzzleError naming its number (and line).

    Example:
        >>> parse_batch("a\\nb\\n\\nc\\nd\\n", str.upper, lambda line: line in "ab")
        ['A', 'B', 'C\\nD']
    """
    items: List[Tuple[Any, Any]] = []
    if isinstance(source, str):
        for first, block in split_blocks(source):
            lines = [(first + i, line) for i, line in enumerate(block.splitlines())
                     if not line.strip().startswith("#")]
            if lines and all(one_line(line) for _, line in lines):
                items.extend(lines)
            elif lines:
                items.append((lines[0][0], "\n".join(line for _, line in lines)))
    elif isinstance(source, (bytes, bytearray)) or not hasattr(source, "__iter__") or hasattr(source, "shape"):
        raise PuzzleError(f"expected a text or a list of puzzles, got {type(source).__name__}")
    else:
        items = [(None, item) for item in source]
    puzzles = []
    for number, (line, item) in enumerate(items, start=1):
        try:
            puzzles.append(parse(item))
        except PuzzleError as error:
            where = f"puzzle {number}" + (f" (line {line})" if line is not None else "")
            raise PuzzleError(f"{where}: {error}") from None
    return puzzles
