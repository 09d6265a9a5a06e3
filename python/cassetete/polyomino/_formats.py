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

import re
from typing import Any, List, Tuple

import numpy as np

from .._errors import PuzzleError
from .._io import PathOrFile, read_text, write_text
from .._text import parse_batch
from ._model import Packing
from ._region import region_mask

__all__ = ["FORMATS", "dump", "format", "load", "load_many", "parse", "parse_many"]

FORMATS = ("text", "sizes")
_SIZES = re.compile(r"\s*\d+(\s*[xX×]\s*\d+){1,2}\s*")


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


def parse_many(source: Any) -> List[np.ndarray]:
    """Many regions: a text where sizes (``6x10``) stand one per line and pictures are separated
    from what follows by a line ``---`` (a 3-D picture's layers are separated by blank lines, so
    blank lines cannot separate regions); ``# `` (a hash and a space) starts a comment line; or a list of anything
    :func:`parse` reads. A bad region raises PuzzleError naming its number and line.

    Example:
        >>> [r.shape for r in parse_many("6x10\\n3x4x5\\n---\\n##\\n#.\\n---\\n#\\n\\n#\\n")]
        [(6, 10), (3, 4, 5), (2, 2), (2, 1, 1)]
    """
    if not isinstance(source, str):
        return parse_batch(source, parse, lambda line: True)
    items: List[Tuple[int, str]] = []
    picture: List[str] = []
    first = 0

    def close() -> None:
        text = "\n".join(picture).strip("\n")
        if text.strip():
            items.append((first, text))
        picture.clear()

    for number, line in enumerate(source.splitlines(), start=1):
        if line.lstrip().startswith("# "):
            continue  # a comment: '#' then a space (a picture row has none)
        if line.strip() == "---":
            close()
        elif not picture and _SIZES.fullmatch(line):
            items.append((number, line.strip()))
        elif line.strip() or picture:
            if not picture:
                first = number
            picture.append(line)
    close()
    regions = []
    for k, (where, text) in enumerate(items, start=1):
        try:
            regions.append(parse(text))
        except PuzzleError as error:
            raise PuzzleError(f"region {k} (line {where}): {error}") from None
    return regions


def load_many(source: PathOrFile) -> List[np.ndarray]:
    """Many regions from a file (a path, ``"-"`` or an open file), as :func:`parse_many` reads them.

    Example:
        >>> import io
        >>> len(load_many(io.StringIO("3x20\\n6x10\\n")))
        2
    """
    return parse_many(read_text(source))
