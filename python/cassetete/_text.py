"""Puzzle text shared by the families: batches (puzzles one per line or per block of lines) and
the hint given when a file name is passed where puzzle text is expected (files are read by
``load``, through :mod:`cassetete._io`).

Example:
    >>> from cassetete._text import split_blocks
    >>> [(line, block) for line, block in split_blocks("a\\n\\nb\\nc\\n")]
    [(1, 'a'), (3, 'b\\nc')]
"""

from __future__ import annotations

import os
from typing import Any, Callable, Iterable, List, Tuple, TypeVar, Union

from ._errors import PuzzleError

__all__ = ["not_a_file_name", "parse_batch", "split_blocks"]

Puzzle = TypeVar("Puzzle")


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
