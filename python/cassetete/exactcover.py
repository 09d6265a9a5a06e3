"""Exact cover (Knuth's Algorithm X on dancing cells), with primary and secondary items.

Items ``0 .. primary-1`` must be covered exactly once, items ``primary .. primary+secondary-1``
at most once. Options are lists of items. The search runs in C++ (cpp/exactcover) with the GIL
released, honours ``time_limit`` / ``node_limit`` and Ctrl-C, and branches on the item with the
fewest remaining options.

Example:
    >>> from cassetete.exactcover import ExactCover
    >>> ec = ExactCover.from_options([[0, 1], [2], [1, 2], [0]], primary=3)
    >>> sorted(sorted(s) for s in ec.solutions())
    [[0, 1], [2, 3]]
    >>> ec.count()
    2
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Dict, Iterable, Iterator, List, Optional, Sequence, Tuple

import numpy as np

from . import _core
from ._errors import LimitReached, PuzzleError, certify
from ._exactcover_text import format_dlx, parse_dlx
from ._io import PathOrFile, read_text, write_text
from ._options import check_limit, check_node_limit, check_progress, check_time_limit
from ._result import LIMIT, SOLVED, UNSATISFIABLE, Result
from ._svg import svg_open

__all__ = ["ExactCover", "Subproblem", "count_subproblem", "parse", "load", "format", "dump", "solve", "solutions",
           "count_solutions", "verify", "render"]


# Refused before any allocation: the dancing cells tables hold a few words per item.
MAX_ITEMS = 10_000_000


def _as_int(value: Any, what: str) -> int:
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
        raise PuzzleError(f"{what} must be an integer, got {value!r}")
    return int(value)


def _weights(weights: Sequence[Any], n: int) -> List[int]:
    out = [_as_int(w, "weight") for w in weights]
    if len(out) != n or any(w < 1 for w in out):
        raise PuzzleError(f"weights must be {n} positive integers, one per prefix, got {list(weights)!r}")
    return out


class ExactCover:
    """An exact cover problem built option by option.

    Args:
        primary: number of primary items (covered exactly once).
        secondary: number of secondary items (covered at most once), numbered after the primary ones.

    Example:
        >>> ec = ExactCover(2)
        >>> ec.add_option([0, 1])
        0
        >>> ec.solve().solution
        [0]
    """

    def __init__(self, primary: int, secondary: int = 0) -> None:
        primary = _as_int(primary, "primary")
        secondary = _as_int(secondary, "secondary")
        if primary < 0 or secondary < 0:
            raise PuzzleError(f"item counts must be >= 0, got primary={primary}, secondary={secondary}")
        if primary + secondary > MAX_ITEMS:
            raise PuzzleError(f"{primary + secondary} items: at most {MAX_ITEMS} (the engine's tables would not fit)")
        self.primary = primary
        self.secondary = secondary
        self._starts: List[int] = [0]
        self._items: List[int] = []
        self._core: Optional[Any] = None
        self._core_options = 0
        self.last_stats: Dict[str, Any] = {}
        self.names: Optional[List[str]] = None  # item names, when read from text

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ExactCover):
            return NotImplemented
        return (self.primary, self.secondary, self._starts, self._items) == (
            other.primary, other.secondary, other._starts, other._items)

    __hash__ = None  # type: ignore[assignment]  # grows with add_option

    def __repr__(self) -> str:
        return f"ExactCover(primary={self.primary}, secondary={self.secondary}, options={self.options})"

    # -- building -------------------------------------------------------------------------
    @property
    def items(self) -> int:
        """Total number of items (primary + secondary)."""
        return self.primary + self.secondary

    @property
    def options(self) -> int:
        """Number of options added so far."""
        return len(self._starts) - 1

    def add_option(self, items: Iterable[int]) -> int:
        """Add an option (a set of item indices); returns its index.

        Raises PuzzleError if an item is out of range, repeated, or the option is empty or
        holds no primary item (solutions are made of options that cover a primary item).

        Example:
            >>> ec = ExactCover(3, secondary=1)
            >>> ec.add_option([0, 3])
            0
        """
        index = self.options
        row = [_as_int(i, f"option {index}: item") for i in items]
        if not row:
            raise PuzzleError(f"option {index} is empty")
        seen = set()
        for item in row:
            if not 0 <= item < self.items:
                raise PuzzleError(f"option {index}: item {item} out of range 0..{self.items - 1}")
            if item in seen:
                raise PuzzleError(f"option {index} covers item {item} twice")
            seen.add(item)
        if min(row) >= self.primary:
            raise PuzzleError(f"option {index} has no primary item (Algorithm X never chooses it)")
        self._items.extend(row)
        self._starts.append(len(self._items))
        return index

    def option(self, index: int) -> List[int]:
        """The items of option ``index``.

        Example:
            >>> ExactCover.from_options([[1, 0]]).option(0)
            [1, 0]
        """
        if not 0 <= index < self.options:
            raise PuzzleError(f"option {index} out of range 0..{self.options - 1}")
        return self._items[self._starts[index] : self._starts[index + 1]]

    @classmethod
    def from_options(
        cls, options: Iterable[Iterable[int]], primary: Optional[int] = None, secondary: int = 0
    ) -> "ExactCover":
        """Build from a list of item lists. ``primary`` defaults to 1 + the largest item
        minus ``secondary``.

        Example:
            >>> ExactCover.from_options([[0], [1]]).count()
            1
        """
        rows = [[_as_int(i, f"option {r}: item") for i in o] for r, o in enumerate(options)]
        if primary is None:
            largest = max((max(r) for r in rows if r), default=-1)
            primary = largest + 1 - _as_int(secondary, "secondary")
        ec = cls(primary, secondary)
        for row in rows:
            ec.add_option(row)
        return ec

    @classmethod
    def from_matrix(cls, matrix: Any, secondary: int = 0) -> "ExactCover":
        """Build from a boolean matrix (options x items), dense or ``scipy.sparse``; the last
        ``secondary`` columns are secondary items.

        Example:
            >>> import numpy as np
            >>> m = np.array([[1, 0, 1], [0, 1, 0], [1, 1, 0]], dtype=bool)
            >>> ExactCover.from_matrix(m, secondary=1).count()
            2
        """
        if hasattr(matrix, "tocsr") and hasattr(matrix, "nnz"):  # scipy.sparse, without densifying
            return cls._from_sparse(matrix, secondary)
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

    @classmethod
    def _from_sparse(cls, matrix: Any, secondary: int) -> "ExactCover":
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

    def _problem(self) -> Any:
        if self._core is None:
            self._core = _core.exactcover.Problem(self.primary, self.secondary)
            self._core_options = 0
        if self._core_options < self.options:
            start = self._starts[self._core_options]
            starts = np.asarray(self._starts[self._core_options :], dtype=np.int64) - start
            items = np.asarray(self._items[start:], dtype=np.int64)
            self._core.add_options_csr(starts, items)
            self._core_options = self.options
        return self._core

    def __getstate__(self) -> Dict[str, Any]:
        state = self.__dict__.copy()
        state["_core"] = None
        state["_core_options"] = 0
        return state

    def _check_prefix(self, prefix: Sequence[int]) -> List[int]:
        out = []
        for o in prefix:
            o = _as_int(o, "prefix option")
            if not 0 <= o < self.options:
                raise PuzzleError(f"prefix option {o} out of range 0..{self.options - 1}")
            out.append(o)
        return out

    # -- checking -------------------------------------------------------------------------
    def _covers(self, solution: Optional[Sequence[int]]) -> bool:
        """The rules, independent of the engine (what :func:`verify` and the certification of
        every answer use): valid option indices covering each primary item exactly once and
        each secondary item at most once."""
        if solution is None or isinstance(solution, (str, bytes)):
            return False
        covered: List[int] = []
        starts, items, n = self._starts, self._items, self.options
        for option in solution:
            if isinstance(option, (bool, np.bool_)) or not isinstance(option, (int, np.integer)):
                return False
            k = int(option)
            if not 0 <= k < n:
                return False
            covered.extend(items[starts[k]:starts[k + 1]])
        primary = self.primary
        # No item twice (primary or secondary), and every primary item once: O(solution size).
        return len(set(covered)) == len(covered) and sum(1 for i in covered if i < primary) == primary

    def _certify(self, solution: Optional[Sequence[int]]) -> None:
        certify(self._covers(solution), "exactcover", f"options {list(solution or [])[:20]} are not an exact cover")

    # -- searching ------------------------------------------------------------------------
    def solve(
        self,
        *,
        time_limit: Optional[float] = None,
        node_limit: Optional[int] = None,
        prefix: Sequence[int] = (),
        executor: Any = None,
    ) -> Result:
        """First solution as a Result whose ``solution`` is a list of option indices; with an
        ``executor`` every worker searches a part of the tree (:mod:`cassetete.parallel`).

        Example:
            >>> ExactCover.from_options([[0, 1], [0]]).solve().status
            'solved'
        """
        time_limit, node_limit = check_time_limit(time_limit), check_node_limit(node_limit)
        if executor is not None:
            from .parallel import solve_cover

            result = solve_cover(self, executor, prefix=prefix, time_limit=time_limit, node_limit=node_limit)
            if result.status == SOLVED:
                self._certify(result.solution)
            return result
        status, solution, stats = _core.exactcover.first(
            self._problem(), self._check_prefix(prefix), time_limit, node_limit
        )
        self.last_stats = stats
        if status not in (SOLVED, UNSATISFIABLE):
            status = LIMIT
        if status == SOLVED:
            self._certify(solution)  # never return an answer that breaks the rules
        return Result(status, solution, stats, puzzle=self, family="exactcover")

    def solutions(
        self,
        *,
        limit: Optional[int] = None,
        time_limit: Optional[float] = None,
        node_limit: Optional[int] = None,
        prefix: Sequence[int] = (),
    ) -> Iterator[List[int]]:
        """Yield solutions (lists of option indices) one by one as the search finds them.

        The search resumes from where it stopped at each step; ``time_limit`` counts wall
        time from the first step. Statistics are in ``last_stats`` once the generator ends; a
        stream cut short by a time or node limit ends by raising :class:`cassetete.LimitReached`.

        Example:
            >>> ec = ExactCover.from_options([[0], [1], [0, 1]])
            >>> [sorted(s) for s in ec.solutions()]
            [[0, 1], [2]]
        """
        limit = check_limit(limit)
        time_limit, node_limit = check_time_limit(time_limit), check_node_limit(node_limit)
        return self._stream(limit, time_limit, node_limit, self._check_prefix(prefix))

    def _stream(self, limit: Optional[int], time_limit: Optional[float], node_limit: Optional[int],
                prefix: List[int]) -> Iterator[List[int]]:
        # A separate generator so that bad options raise at the call, not at the first next().
        iterator = _core.exactcover.Iterator(self._problem(), prefix, time_limit, node_limit)
        produced = 0
        try:
            for solution in iterator:
                self._certify(solution)
                yield solution
                produced += 1
                if limit is not None and produced >= limit:
                    return
        finally:
            self.last_stats = iterator.stats()
        if self.last_stats.get("stop") in ("time_limit", "node_limit"):
            raise LimitReached(produced, self.last_stats, what="solutions")  # cut short: never looks complete

    def count(
        self,
        *,
        limit: Optional[int] = None,
        time_limit: Optional[float] = None,
        node_limit: Optional[int] = None,
        prefix: Sequence[int] = (),
        executor: Any = None,
        progress: bool = False,
        checkpoint: Optional[str] = None,
    ) -> int:
        """Number of solutions (stopping at ``limit`` if given).

        Raises :class:`cassetete.LimitReached` (``.count`` a lower bound) if a time or node
        limit stops the search first: a partial count is never returned. ``executor`` (a
        ``concurrent.futures`` executor or a Dask client), ``progress`` and ``checkpoint`` (a
        file to resume from) spread the count with :mod:`cassetete.parallel`.

        Example:
            >>> ExactCover.from_options([[0], [1], [0, 1]]).count()
            2
        """
        check_progress(progress)
        if executor is not None or progress or checkpoint is not None:
            from .parallel import count_cover

            return count_cover(self, executor, prefix=prefix, limit=limit, time_limit=time_limit,
                               node_limit=node_limit, progress=progress, checkpoint=checkpoint)
        return self.count_prefixes([prefix], limit, time_limit, node_limit)

    count_solutions = count  # the family verb of the contract

    def count_prefixes(
        self,
        prefixes: Iterable[Sequence[int]],
        limit: Optional[int] = None,
        time_limit: Optional[float] = None,
        node_limit: Optional[int] = None,
        weights: Optional[Sequence[int]] = None,
    ) -> int:
        """Total number of solutions of several subproblems (option prefixes), in one C++ call.

        ``weights`` (one positive integer per prefix, no ``limit`` then) multiplies each
        subproblem's count, e.g. by the size of its orbit under a symmetry group. Raises
        :class:`cassetete.LimitReached` when a time or node limit stops the count.

        Example:
            >>> ec = ExactCover.from_options([[0], [1], [0, 1]])
            >>> ec.count_prefixes([[0], [2]]), ec.count_prefixes([[0], [2]], weights=[3, 1])
            (2, 4)
        """
        limit = check_limit(limit)
        time_limit, node_limit = check_time_limit(time_limit), check_node_limit(node_limit)
        checked = [self._check_prefix(p) for p in prefixes]
        count, complete, stats = _core.exactcover.count(
            self._problem(),
            checked,
            0 if limit is None else int(limit),
            time_limit,
            node_limit,
            [] if weights is None else _weights(weights, len(checked)),
        )
        stats["complete"] = bool(complete)
        self.last_stats = stats
        if not complete:
            raise LimitReached(count, stats)
        return int(count)

    def split(self, depth: int, prefix: Sequence[int] = ()) -> List["Subproblem"]:
        """Cut the search tree into independent picklable subproblems: the option choices of
        the first ``depth`` levels. Their counts add up to ``count()``; map them over any
        ``concurrent.futures`` executor (threads, processes, Dask).

        Example:
            >>> from concurrent.futures import ThreadPoolExecutor
            >>> ec = ExactCover.from_options([[0], [1], [0, 1], [2], [1, 2]])
            >>> parts = ec.split(1)
            >>> with ThreadPoolExecutor(2) as pool:
            ...     sum(pool.map(count_subproblem, parts)) == ec.count()
            True
        """
        depth = _as_int(depth, "depth")
        if depth < 0:
            raise PuzzleError(f"split depth must be >= 0, got {depth}")
        prefixes = _core.exactcover.split(self._problem(), self._check_prefix(prefix), depth)
        return [Subproblem(self, tuple(p)) for p in prefixes]


@dataclass(frozen=True)
class Subproblem:
    """A branch of an exact cover search: the problem with some options already chosen.

    Example:
        >>> ec = ExactCover.from_options([[0], [1], [0, 1]])
        >>> [p.count() for p in ec.split(1)]
        [1, 1]
    """

    cover: ExactCover
    prefix: Tuple[int, ...]

    def count(self, *, limit: Optional[int] = None, time_limit: Optional[float] = None) -> int:
        """Number of solutions in this branch.

        Example:
            >>> Subproblem(ExactCover.from_options([[0]]), (0,)).count()
            1
        """
        return self.cover.count(limit=limit, time_limit=time_limit, prefix=self.prefix)

    def solutions(self, *, limit: Optional[int] = None) -> Iterator[List[int]]:
        """Solutions of this branch (option lists, the prefix first).

        Example:
            >>> list(Subproblem(ExactCover.from_options([[0]]), (0,)).solutions())
            [[0]]
        """
        return self.cover.solutions(limit=limit, prefix=self.prefix)


def count_subproblem(subproblem: Subproblem) -> int:
    """``subproblem.count()`` as a plain function, handy for ``executor.map``.

    Example:
        >>> count_subproblem(Subproblem(ExactCover.from_options([[0]]), ()))
        1
    """
    return subproblem.count()


# -- the family verbs of the contract (docs/ARCHITECTURE.md) ---------------------------------
FORMATS = ("dlx",)


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
        return ExactCover.from_matrix(source, secondary=secondary)
    if isinstance(source, (list, tuple)):
        return ExactCover.from_options(source, secondary=secondary)
    raise PuzzleError(f"cannot read an exact cover problem from {type(source).__name__}")


def load(source: PathOrFile) -> ExactCover:
    """Read a DLX1 file (a path, ``"-"`` for standard input, or an open file).

    Example:
        >>> import io
        >>> load(io.StringIO("a b\\na b\\n")).count()
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


def solve(problem: Any, *, time_limit: Optional[float] = None, node_limit: Optional[int] = None,
          executor: Any = None) -> Result:
    """First solution: a Result whose ``solution`` is a list of option indices.

    Example:
        >>> solve([[0, 1], [0], [1]]).solution
        [0]
    """
    return parse(problem).solve(time_limit=time_limit, node_limit=node_limit, executor=executor)


def solutions(problem: Any, *, limit: Optional[int] = None, time_limit: Optional[float] = None,
              node_limit: Optional[int] = None) -> Iterator[List[int]]:
    """Stream the solutions (lists of option indices) as the search finds them.

    Example:
        >>> sorted(sorted(s) for s in solutions([[0], [1], [0, 1]]))
        [[0, 1], [2]]
    """
    return parse(problem).solutions(limit=limit, time_limit=time_limit, node_limit=node_limit)


def count_solutions(problem: Any, *, limit: Optional[int] = None, time_limit: Optional[float] = None,
                    node_limit: Optional[int] = None, executor: Any = None, progress: bool = False,
                    checkpoint: Optional[str] = None) -> int:
    """The exact number of solutions (capped at ``limit``); raises :class:`cassetete.LimitReached`
    when a time or node limit stops the count first. ``executor``, ``progress`` and ``checkpoint``
    as in :meth:`ExactCover.count`.

    Example:
        >>> count_solutions([[0], [1], [0, 1]])
        2
    """
    return parse(problem).count(limit=limit, time_limit=time_limit, node_limit=node_limit, executor=executor,
                                progress=progress, checkpoint=checkpoint)


def verify(problem: Any, solution: Sequence[int]) -> bool:
    """True when the options of ``solution`` cover every primary item exactly once and every
    secondary item at most once.

    Example:
        >>> verify([[0], [1], [0, 1]], [2]), verify([[0], [1], [0, 1]], [0, 2])
        (True, False)
    """
    return parse(problem)._covers(solution)


def render(problem: Any, solution: Optional[Sequence[int]] = None, format: str = "text") -> str:  # noqa: A002
    """The problem (or the chosen options of ``solution``) as text, or as an SVG incidence matrix
    with the chosen rows highlighted.

    Example:
        >>> print(render([[0, 1], [1]], [0]), end="")
        * 0: 0 1
    """
    cover = parse(problem)
    names = cover.names or [str(i) for i in range(cover.items)]
    rows = range(cover.options) if solution is None else [int(o) for o in solution]
    if format == "text":
        return "".join(f"{'*' if solution is not None else ' '} {k}: {' '.join(names[i] for i in cover.option(k))}\n"
                       for k in rows)
    if format != "svg":
        raise PuzzleError(f"unknown format {format!r}: 'text' or 'svg'")
    chosen = set(rows) if solution is not None else set()
    cell = 14
    width, height = cell * (cover.items + 1), cell * (cover.options + 1)
    parts = [svg_open(width, height),
             f'<rect width="{width}" height="{height}" fill="white"/>']
    for k in range(cover.options):
        fill = "#d33" if k in chosen else "#333"
        for i in cover.option(k):
            parts.append(f'<rect x="{cell * i + cell // 2}" y="{cell * k + cell // 2}" width="{cell - 2}" '
                         f'height="{cell - 2}" fill="{fill}"/>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
