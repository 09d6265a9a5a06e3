"""Reading and writing puzzle files, the same way in every family: a path or an open file;
``-`` for standard input; a clear ``PuzzleError`` for a missing file, a directory or bytes
that are not text.

Example:
    >>> from cassetete._io import read_text
    >>> read_text("/no/such/file.txt")
    Traceback (most recent call last):
    ...
    cassetete._errors.PuzzleError: no such file: /no/such/file.txt
"""

from __future__ import annotations

import io
import os
import sys
from typing import IO, Union

from ._errors import PuzzleError

PathOrFile = Union[str, "os.PathLike[str]", IO[str], IO[bytes]]

__all__ = ["PathOrFile", "read_text", "write_text"]


def read_text(source: PathOrFile) -> str:
    """The text of a file given by path (``"-"`` = standard input) or as an open file object."""
    if hasattr(source, "read"):
        data = source.read()  # type: ignore[union-attr]
        where = getattr(source, "name", "the file")
    else:
        if not isinstance(source, (str, os.PathLike)):
            raise PuzzleError(f"expected a path or an open file, got {type(source).__name__}")
        path = os.fspath(source)
        if path == "-":
            return read_text(sys.stdin)
        where = path
        if not os.path.exists(path):
            raise PuzzleError(f"no such file: {path}")
        if os.path.isdir(path):
            raise PuzzleError(f"{path} is a directory, not a puzzle file")
        try:
            with open(path, "rb") as handle:
                data = handle.read()
        except OSError as error:
            raise PuzzleError(f"cannot read {path}: {error.strerror or error}") from None
    if isinstance(data, bytes):
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError as error:
            raise PuzzleError(f"{where}: byte {error.start} is not UTF-8 text") from None
    if not isinstance(data, str):
        raise PuzzleError(f"{where}: read() gave {type(data).__name__}, not text")
    return data


def write_text(target: PathOrFile, text: str) -> None:
    """Write `text` to a path (``"-"`` = standard output) or an open text/binary file."""
    if hasattr(target, "write"):
        if isinstance(target, (io.RawIOBase, io.BufferedIOBase)):
            target.write(text.encode("utf-8"))  # type: ignore[union-attr]
        else:
            target.write(text)  # type: ignore[union-attr,call-overload]
        return
    if not isinstance(target, (str, os.PathLike)):
        raise PuzzleError(f"expected a path or an open file, got {type(target).__name__}")
    path = os.fspath(target)
    if path == "-":
        sys.stdout.write(text)
        return
    if os.path.isdir(path):
        raise PuzzleError(f"{path} is a directory")
    try:
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(text)
    except OSError as error:
        raise PuzzleError(f"cannot write {path}: {error.strerror or error}") from None
