"""Writing edge-matching puzzles in every format the family reads (see ``_formats``)."""

from __future__ import annotations

import json
from typing import List

from .._errors import PuzzleError
from .._io import write_text
from .._options import check_choice
from ._formats import FORMATS, infer_size
from ._model import EdgePuzzle


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
    if not isinstance(puzzle, EdgePuzzle):
        raise PuzzleError(f"expected an EdgePuzzle, got {type(puzzle).__name__}")
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
