"""Regions as text: ``parse`` / ``load`` read a region from its sizes (``"6x10"``,
``"3x4x5"``) or from a picture (``#`` a cell to fill, ``.`` a hole; spaces ignored; a 3-D
region as layers separated by blank lines or ``layer k:`` lines, as :func:`render_text`
prints them), and ``format`` / ``dump`` write it back.

Example:
    >>> from cassetete import polyomino
    >>> mask = polyomino.parse("###\\n#.#")
    >>> int(mask.sum()), polyomino.format(mask)
    (5, '###\\n#.#')
    >>> polyomino.format(polyomino.parse("2x2x3"), format="sizes")
    '2x2x3'
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .._errors import PuzzleError
from .._io import PathOrFile, read_text, write_text
from ._model import Packing
from ._region import region_mask

__all__ = ["FORMATS", "dump", "format", "load", "parse"]

FORMATS = ("text", "sizes")


def parse(region: Any) -> np.ndarray:
    """A region as a boolean mask, from sizes (``"6x10"``, ``(3, 4, 5)``), a picture (text of
    ``#`` and ``.``), a 2-D/3-D 0/1 array, or a :class:`Packing`; bad input is a
    :class:`cassetete.PuzzleError` saying where.

    Example:
        >>> parse("6x10").shape, parse("#.\\n##").tolist()
        ((6, 10), [[True, False], [True, True]])
        >>> parse("layer 0:\\n##\\nlayer 1:\\n#.").shape
        (2, 1, 2)
    """
    if isinstance(region, Packing):
        return region.mask.copy()
    return region_mask(region)


def load(source: PathOrFile) -> np.ndarray:
    """A region read from a file (a path, ``"-"`` for standard input, or an open file) in
    either text form of :func:`parse`; a missing path is "no such file", never parsed as text.

    Example:
        >>> import io
        >>> load(io.StringIO("3x20\\n")).shape
        (3, 20)
    """
    return parse(read_text(source).strip("\n"))


def format(region: Any, format: str = "text") -> str:  # noqa: A001,A002
    """A region as text: ``"text"`` the picture (``#`` cells, ``.`` holes, 3-D layers
    separated by a blank line), ``"sizes"`` the ``AxB[xC]`` form (full boxes only).
    :func:`parse` reads both back.

    Example:
        >>> print(format("2x3"))
        ###
        ###
        >>> format(parse("#.\\n##"), format="sizes")
        Traceback (most recent call last):
        ...
        cassetete._errors.PuzzleError: format='sizes' needs a full box; this region has holes
    """
    if format not in FORMATS:
        raise PuzzleError(f"unknown format {format!r}; expected one of: {', '.join(FORMATS)}")
    mask = parse(region)
    if format == "sizes":
        if not mask.all():
            raise PuzzleError("format='sizes' needs a full box; this region has holes")
        return "x".join(str(v) for v in mask.shape)
    layers = [mask] if mask.ndim == 2 else list(mask)
    return "\n\n".join("\n".join("".join("#" if v else "." for v in row) for row in layer) for layer in layers)


_format = format


def dump(region: Any, target: PathOrFile, format: str = "text") -> None:  # noqa: A002
    """Write a region to a file (a path, ``"-"``, or an open file) as :func:`format` does,
    ending with a newline.

    Example:
        >>> import io
        >>> out = io.StringIO(); dump("1x3", out); out.getvalue()
        '###\\n'
    """
    write_text(target, _format(region, format=format) + "\n")
