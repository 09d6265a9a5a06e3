"""Exact cover problems in and out: a 0/1 matrix (dense or ``scipy.sparse``), and the text form,
the input format of Knuth's DLX1 program (D. E. Knuth, "Dancing cells", The Art of Computer
Programming 7.2.2.1, 2020), also read by most exact cover solvers.

    | comment lines start with a bar
    a b c | x y        <- the items: primary ones, then after "|" the secondary ones
    a b                <- one option per line: the names of the items it covers
    c x

Example:
    >>> ec = parse_dlx("a b | x\\na x\\nb\\na b\\n")
    >>> ec.primary, ec.secondary, ec.options, ec.names
    (2, 1, 3, ['a', 'b', 'x'])
"""

from __future__ import annotations

from typing import Any, Dict, List, Type

import numpy as np

from .._errors import PuzzleError
from .._io import PathOrFile, read_text, write_text
from .._text import parse_batch
from ._model import ExactCover, _as_int

__all__ = ["FORMATS", "dump", "format", "format_dlx", "from_matrix", "load", "load_many", "parse", "parse_dlx", "parse_many"]

FORMATS = ("dlx",)


def from_matrix(cls: Type[ExactCover], matrix: Any, secondary: int = 0) -> ExactCover:
    """Build from a boolean matrix (options x items), dense or ``scipy.sparse``; the last
    ``secondary`` columns are secondary items (``ExactCover.from_matrix``).

    Example:
        >>> import numpy as np
        >>> m = np.array([[1, 0, 1], [0, 1, 0], [1, 1, 0]], dtype=bool)
        >>> ExactCover.from_matrix(m, secondary=1).count_solutions()
        2
    """
    if hasattr(matrix, "tocsr") and hasattr(matrix, "nnz"):  # scipy.sparse, without densifying
        return _from_sparse(cls, matrix, secondary)
    array = np.asarray(matrix)
    if array.ndim != 2:
        raise PuzzleError(f"matrix must be 2-D (options x items), got {array.ndim}-D")
    if array.dtype != np.bool_:
        if array.dtype.kind not in "iu" or array.size and not np.isin(array, (0, 1)).all():
            raise PuzzleError(f"matrix must be boolean (or 0/1 integers), got dtype {array.dtype}")
        array = array.astype(bool)
    secondary = _as_int(secondary, "secondary")
    if not 0 <= secondary <= array.shape[1]:
        raise PuzzleError(f"secondary={secondary} but the matrix has {array.shape[1]} columns")
    ec = cls(array.shape[1] - secondary, secondary)
    for r, row in enumerate(array):
        cols = np.flatnonzero(row)
        if cols.size == 0:
            raise PuzzleError(f"matrix row {r} is empty")
        ec.add_option(cols.tolist())
    return ec


def _from_sparse(cls: Type[ExactCover], matrix: Any, secondary: int) -> ExactCover:
    csr = matrix.tocsr()
    csr.sum_duplicates()
    if csr.ndim != 2:
        raise PuzzleError(f"matrix must be 2-D (options x items), got {csr.ndim}-D")
    if csr.nnz and not np.isin(csr.data, (0, 1, True, False)).all():
        raise PuzzleError("matrix must be boolean (or 0/1 integers)")
    csr.eliminate_zeros()
    secondary = _as_int(secondary, "secondary")
    if not 0 <= secondary <= csr.shape[1]:
        raise PuzzleError(f"secondary={secondary} but the matrix has {csr.shape[1]} columns")
    ec = cls(csr.shape[1] - secondary, secondary)
    for r in range(csr.shape[0]):
        cols = np.sort(csr.indices[csr.indptr[r]:csr.indptr[r + 1]])
        if cols.size == 0:
            raise PuzzleError(f"matrix row {r} is empty")
        ec.add_option(cols.tolist())
    return ec


def parse_dlx(text: str) -> ExactCover:
    """An :class:`ExactCover` from DLX1 text; its ``names`` are the item names of the text.

    Example:
        >>> parse_dlx("a b\\na\\nb\\n").count_solutions()
        1
    """
    if not isinstance(text, str):
        raise PuzzleError(f"expected DLX text, got {type(text).__name__}")
    lines = [(number, line.split()) for number, line in enumerate(text.splitlines(), start=1)
             if line.strip() and not line.lstrip().startswith("|")]
    if not lines:
        raise PuzzleError("no items line: the text is empty")
    number, header = lines[0]
    if header.count("|") > 1:
        raise PuzzleError(f"line {number}: more than one '|' in the items line")
    bar = header.index("|") if "|" in header else len(header)
    primary, secondary = header[:bar], header[bar + 1:]
    names = primary + secondary
    index: Dict[str, int] = {}
    for name in names:
        if name in index:
            raise PuzzleError(f"line {number}: item {name!r} is listed twice")
        index[name] = len(index)
    if not primary:
        raise PuzzleError(f"line {number}: no primary item before '|'")
    cover = ExactCover(len(primary), len(secondary))
    for number, tokens in lines[1:]:
        row: List[int] = []
        for token in tokens:
            if token not in index:
                raise PuzzleError(f"line {number}: unknown item {token!r} (not in the items line)")
            row.append(index[token])
        try:
            cover.add_option(row)
        except PuzzleError as error:
            raise PuzzleError(f"line {number}: {error}") from None
    cover.names = names
    return cover


def format_dlx(cover: ExactCover) -> str:
    """DLX1 text of a problem (items named by ``cover.names``, else by their numbers).

    Example:
        >>> print(format_dlx(ExactCover.from_options([[0, 1], [2]])), end="")
        0 1 2
        0 1
        2
    """
    names = cover.names or [str(i) for i in range(cover.items)]
    header = " ".join(names[:cover.primary])
    if cover.secondary:
        header += " | " + " ".join(names[cover.primary:])
    lines = [header] + [" ".join(names[i] for i in cover.option(k)) for k in range(cover.options)]
    return "\n".join(lines) + "\n"


def parse(source: Any, secondary: int = 0) -> ExactCover:
    """An exact cover problem from DLX1 text, a 0/1 matrix (dense or ``scipy.sparse``), a list
    of options, or an existing :class:`ExactCover`.

    Example:
        >>> parse("a b\\na\\nb\\na b\\n").options
        3
        >>> parse([[0], [1]]).primary
        2
    """
    if isinstance(source, ExactCover):
        return source
    if isinstance(source, str):
        return parse_dlx(source)
    if isinstance(source, np.ndarray) or hasattr(source, "tocsr"):
        return from_matrix(ExactCover, source, secondary=secondary)
    if isinstance(source, (list, tuple)):
        return ExactCover.from_options(source, secondary=secondary)
    raise PuzzleError(f"cannot read an exact cover problem from {type(source).__name__}")


def load(source: PathOrFile) -> ExactCover:
    """Read a DLX1 file (a path, ``"-"`` for standard input, or an open file).

    Example:
        >>> import io
        >>> load(io.StringIO("a b\\na b\\n")).count_solutions()
        1
    """
    return parse_dlx(read_text(source))


def format(problem: ExactCover, format: str = "dlx") -> str:  # noqa: A001,A002
    """The problem as text; the one format is ``"dlx"`` (Knuth's DLX1 input).

    Example:
        >>> format(parse("a b\\na b\\n"))
        'a b\\na b\\n'
    """
    if format != "dlx":
        raise PuzzleError(f"unknown format {format!r}: 'dlx'")
    return format_dlx(parse(problem))


def dump(problem: ExactCover, target: PathOrFile, format: str = "dlx") -> None:  # noqa: A002
    """Write the problem to a file as DLX1 text.

    Example:
        >>> import io
        >>> out = io.StringIO(); dump(parse([[0, 1]]), out); out.getvalue()
        '0 1\\n0 1\\n'
    """
    write_text(target, _format_problem(problem, format))


_format_problem = format


def parse_many(source: Any) -> List[ExactCover]:
    """Many problems: DLX1 texts separated by blank lines, or a list of anything :func:`parse`
    reads. A bad problem raises PuzzleError naming its number and line.

    Example:
        >>> [p.options for p in parse_many("a b\\na\\nb\\n\\nx\\nx\\n")]
        [2, 1]
    """
    return parse_batch(source, parse, lambda line: False)


def load_many(source: PathOrFile) -> List[ExactCover]:
    """Many problems from a file (a path, ``"-"`` or an open file), as :func:`parse_many` reads them.

    Example:
        >>> import io
        >>> len(load_many(io.StringIO("a\\na\\n\\nb\\nb\\n")))
        2
    """
    return parse_many(read_text(source))
