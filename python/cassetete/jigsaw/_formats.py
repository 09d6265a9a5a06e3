"""The pieces file of a jigsaw: its segmented outlines as JSON, so that a scan is read (and
segmented) once and solved many times. The format:

    {"pieces": [[[x, y], [x, y], ...], ...], "sources": ["scan1.png", ...]}

one outline per piece, its points in image coordinates, counter-clockwise or clockwise; the
piece ids are the positions in the list (what a solution's board holds); ``sources`` (optional)
names the images they came from. A bare list of outlines is read too.

Example:
    >>> from cassetete.jigsaw import generate
    >>> puzzle, _ = generate(2, 2, seed=1, piece_size=30)
    >>> again = parse(format(puzzle))
    >>> len(again), again == puzzle
    (4, True)
"""

from __future__ import annotations

import json
from typing import Any, List

import numpy as np

from .._errors import PuzzleError
from .._io import PathOrFile, read_text, write_text
from ._model import JigsawPuzzle

__all__ = ["FORMATS", "parse", "load", "format", "dump"]

FORMATS = ("json",)


def parse(text: Any, where: str = "<text>") -> JigsawPuzzle:
    """A puzzle from the text of a pieces file (or a puzzle, as it is).

    Example:
        >>> square = [[0, 0], [2, 0], [4, 0], [4, 2], [4, 4], [2, 4], [0, 4], [0, 2]]
        >>> len(parse('{"pieces": [%s]}' % square))
        1
    """
    if isinstance(text, JigsawPuzzle):
        return text
    if not isinstance(text, str):
        raise PuzzleError(f"a pieces file is JSON text, got {type(text).__name__}")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise PuzzleError(f"{where}: not valid JSON (line {error.lineno}, column {error.colno})") from None
    sources: List[str] = []
    if isinstance(data, dict):
        sources = [str(s) for s in data.get("sources", []) or []]
        data = data.get("pieces")
    if not isinstance(data, list):
        raise PuzzleError(f"{where}: expected a list of outlines or {{\"pieces\": [...]}}")
    return JigsawPuzzle(data, sources=sources)


def load(source: PathOrFile) -> JigsawPuzzle:
    """A puzzle from a pieces file (a path, an open file, or ``-`` for standard input).

    Example:
        >>> import os, tempfile
        >>> from cassetete.jigsaw import generate
        >>> path = os.path.join(tempfile.mkdtemp(), "cut.json")
        >>> dump(generate(2, 2, seed=1, piece_size=30)[0], path)
        >>> len(load(path))
        4
    """
    where = source if isinstance(source, str) else getattr(source, "name", "<file>")
    return parse(read_text(source), str(where))


def format(puzzle: JigsawPuzzle, format: str = "json") -> str:  # noqa: A002 - the contract's verb name
    """The pieces file of a puzzle (``format="json"``, the one format).

    Example:
        >>> from cassetete.jigsaw import generate
        >>> format(generate(2, 2, seed=1, piece_size=30)[0])[:12]
        '{"pieces": ['
    """
    if format not in FORMATS:
        raise PuzzleError(f"unknown format {format!r}; expected one of: {', '.join(FORMATS)}")
    if not isinstance(puzzle, JigsawPuzzle):
        raise PuzzleError(f"expected a JigsawPuzzle, got {type(puzzle).__name__}")
    data: dict = {"pieces": [np.asarray(piece.contour, dtype=float).tolist() for piece in puzzle]}
    if puzzle.sources:
        data["sources"] = [str(s) for s in puzzle.sources]
    return json.dumps(data)


def dump(puzzle: JigsawPuzzle, target: PathOrFile, format: str = "json") -> None:  # noqa: A002
    """Write the pieces file of a puzzle to a path or an open file.

    Example:
        >>> import io
        >>> from cassetete.jigsaw import generate
        >>> out = io.StringIO()
        >>> dump(generate(2, 2, seed=1, piece_size=30)[0], out)
        >>> out.getvalue().startswith('{"pieces"')
        True
    """
    write_text(target, globals()["format"](puzzle, format))
