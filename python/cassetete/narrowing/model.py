"""The modelling layer of the interval-narrowing solver: integer variables with interval
domains, the constraints of Gilleta, "Résolution du puzzle tridimensionnel des pentaminos"
(Product, Sum, AllDifferent, Translated/Class), and the searches (solve, solutions, count,
split) that follow the project's contract.

Example:
    >>> from cassetete.narrowing import Model
    >>> m = Model()
    >>> x, y = m.int_var(0, 20, name="x"), m.int_var(0, 5, name="y")
    >>> m.add_product(x, 4, y)                     # x = 4y
    >>> m.add_sum(m.int_var(10, 10, name="ten"), [x, y])   # 10 = x + y
    >>> m.solve().solution
    {'x': 8, 'y': 2, 'ten': 10}
"""

from __future__ import annotations

import numbers
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, Dict, Iterator, List, Optional, Sequence, Tuple

from .. import _core
from .._errors import LimitReached, PuzzleError, certify
from .._options import check_choice, check_progress, check_count, check_limit, check_node_limit, check_time_limit, check_workers
from .._result import LIMIT, SOLVED, UNSATISFIABLE, Result
from .orientations import ROTATIONS, orientation_offsets

__all__ = ["IntVar", "Model", "Subproblem", "count_subproblem", "STRATEGIES", "ALGORITHMS"]

# Split strategies (rule 6): the paper's (the branching variable with the smallest minimum, the
# first on ties), a first-fail variant (on ties, the smallest domain) and the last on ties.
STRATEGIES = ("smallest-min", "first-fail", "smallest-min-last")
ALGORITHMS = ("sort", "leconte")
INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1

Path = Tuple[Tuple[int, int, int], ...]


def _integer(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise PuzzleError(f"{what} must be an integer, got {value!r}")
    value = int(value)
    if not INT64_MIN <= value <= INT64_MAX:
        raise PuzzleError(f"{what} = {value} does not fit in 64 bits")
    return value


@dataclass(frozen=True)
class IntVar:
    """An integer variable of a :class:`Model` (create it with ``model.int_var``).

    Example:
        >>> from cassetete.narrowing import Model
        >>> Model().int_var(0, 9, name="d")
        IntVar('d', 0..9)
    """

    index: int
    name: str
    lo: int
    hi: int
    model_id: str

    def __repr__(self) -> str:
        return f"IntVar({self.name!r}, {self.lo}..{self.hi})"


class Model:
    """Integer variables with interval domains and constraints, solved by interval narrowing
    and domain splitting (Gilleta, sections 4 to 6).

    Constraints: ``add_product`` (x = a*y), ``add_sum`` (x = y1 + ... + yn),
    ``add_all_different``, ``add_class`` (points forming a given shape up to translation and
    rotation). Searches: ``solve``, ``solutions``, ``count``, ``split``; ``propagate`` narrows
    the domains without searching.

    Example:
        >>> m = Model()
        >>> xs = [m.int_var(1, 3, name=f"x{i}") for i in range(3)]
        >>> m.add_all_different(xs)
        >>> m.count()
        6
    """

    def __init__(self) -> None:
        # Identifies the model's variables (unique across processes, kept by pickling).
        self._id = uuid.uuid4().hex
        self._vars: List[IntVar] = []
        self._names: Dict[str, IntVar] = {}
        # Each constraint as (method name of the core model, arguments), replayed on unpickling.
        self._specs: List[Tuple[str, tuple]] = []
        self._branching: Optional[List[int]] = None
        self._core: Any = None
        self.last_stats: Dict[str, Any] = {}

    # -- building -------------------------------------------------------------------------
    def _core_model(self) -> Any:
        if self._core is None:
            core = _core.narrowing.Model()
            for v in self._vars:
                core.add_var(v.lo, v.hi)
            for method, args in self._specs:
                getattr(core, method)(*args)
            if self._branching is not None:
                core.set_branching(self._branching)
            self._core = core
        return self._core

    def __getstate__(self) -> Dict[str, Any]:
        state = self.__dict__.copy()
        state["_core"] = None
        return state

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Model):
            return NotImplemented
        return (type(self) is type(other) and self._vars == other._vars and self._specs == other._specs
                and self._branching == other._branching)

    __hash__ = None  # type: ignore[assignment]  # mutable, compared by value

    def _add(self, method: str, *args: Any) -> None:
        # The core validates (unknown variables, overflow, ...) and raises PuzzleError naming
        # the constraint; only a constraint it accepted is recorded.
        getattr(self._core_model(), method)(*args)
        self._specs.append((method, args))

    @property
    def variables(self) -> List[IntVar]:
        """The variables in creation order.

        Example:
            >>> m = Model(); _ = m.int_var(0, 1)
            >>> [v.name for v in m.variables]
            ['v0']
        """
        return list(self._vars)

    def int_var(self, lo: int, hi: int, name: Optional[str] = None) -> IntVar:
        """A new variable with domain ``[lo, hi]`` (both included); ``name`` defaults to
        ``v<index>`` and must be unique.

        Example:
            >>> Model().int_var(-3, 3, name="t").hi
            3
        """
        index = len(self._vars)
        lo = _integer(lo, f"variable {name or index}: lo")
        hi = _integer(hi, f"variable {name or index}: hi")
        if lo > hi:
            raise PuzzleError(f"variable {name or index}: empty domain [{lo}, {hi}]")
        name = f"v{index}" if name is None else str(name)
        if name in self._names:
            raise PuzzleError(f"variable name {name!r} is already used")
        var = IntVar(index, name, lo, hi, self._id)
        self._core_model().add_var(lo, hi)
        self._vars.append(var)
        self._names[name] = var
        return var

    def _index(self, var: Any, where: str) -> int:
        if not isinstance(var, IntVar) or var.model_id != self._id:
            raise PuzzleError(f"{where}: {var!r} is not a variable of this model")
        return var.index

    def _where(self, kind: str) -> str:
        return f"{kind} constraint {len(self._specs)}"

    def add_product(self, x: IntVar, a: int, y: IntVar) -> None:
        """Constrain ``x = a * y`` for an integer constant ``a`` (any sign, or 0).

        Example:
            >>> m = Model(); x = m.int_var(-10, 10, name="x"); y = m.int_var(2, 9, name="y")
            >>> m.add_product(x, -3, y)
            >>> m.propagate()["x"]
            (-9, -6)
        """
        where = self._where("product")
        self._add("add_product", self._index(x, where), _integer(a, f"{where}: a"), self._index(y, where))

    def add_sum(self, x: IntVar, ys: Sequence[IntVar]) -> None:
        """Constrain ``x = y1 + ... + yn``.

        Example:
            >>> m = Model(); s = m.int_var(0, 100, name="s")
            >>> m.add_sum(s, [m.int_var(1, 2), m.int_var(10, 20)])
            >>> m.propagate()["s"]
            (11, 22)
        """
        where = self._where("sum")
        if isinstance(ys, IntVar) or not isinstance(ys, Sequence):
            raise PuzzleError(f"{where}: ys must be a list of variables")
        self._add("add_sum", self._index(x, where), [self._index(y, where) for y in ys])

    def add_all_different(self, xs: Sequence[IntVar], algorithm: str = "sort") -> None:
        """Constrain the variables to pairwise distinct values. ``algorithm``: ``"sort"``
        (O(n log n) bounds consistency, López-Ortiz et al. 2003) or ``"leconte"`` (O(n^2)
        Hall-interval passes, after Leconte 1996); both narrow to the same box.

        Example:
            >>> m = Model(); a, b = m.int_var(1, 2, name="a"), m.int_var(1, 2, name="b")
            >>> c = m.int_var(1, 5, name="c")
            >>> m.add_all_different([a, b, c], algorithm="leconte")
            >>> m.propagate()["c"]
            (3, 5)
        """
        where = self._where("all_different")
        check_choice(algorithm, f"{where}: algorithm", ALGORITHMS)
        if isinstance(xs, IntVar) or not isinstance(xs, Sequence):
            raise PuzzleError(f"{where}: xs must be a list of variables")
        self._add("add_all_different", [self._index(v, where) for v in xs], algorithm)

    def add_class(self, point_vars: Sequence[Any], shape: Sequence[Sequence[int]], rotations: str = "3d") -> None:
        """Constrain the points (tuples of variables, lexicographically increasing) to form
        ``shape`` up to translation and, with ``rotations="3d"``, the 24 rotations of space
        (Class, Gilleta section 5); ``"2d"``: the 8 rotations and reflections of the plane (a
        flat piece turned over in space); ``"none"``: translations only (Translated).

        ``point_vars`` is a list of points (each a tuple of ``dim`` variables) or a flat list.

        Example:
            >>> m = Model()
            >>> pts = [(m.int_var(0, 2, name=f"x{i}"), m.int_var(0, 0, name=f"y{i}")) for i in range(2)]
            >>> m.add_class(pts, [(0, 0), (0, 1)], rotations="2d")   # a domino in a 3x1 strip
            >>> m.count()
            2
        """
        kind = "translated" if rotations == "none" else "class"
        where = self._where(kind)
        check_choice(rotations, f"{where}: rotations", tuple(ROTATIONS))
        offsets, dim = orientation_offsets(shape, rotations, where)
        self._add_points(point_vars, len(shape), dim, offsets, rotations == "none", where)

    def _add_points(self, point_vars: Sequence[Any], points: int, dim: int, offsets: List[int], translated: bool,
                    where: str) -> None:
        flat: List[Any] = []
        for point in point_vars:
            if isinstance(point, IntVar):
                flat.append(point)
            elif isinstance(point, Sequence):
                if len(point) != dim:
                    raise PuzzleError(f"{where}: point {point!r} has {len(point)} coordinates, the shape {dim}")
                flat.extend(point)
            else:
                raise PuzzleError(f"{where}: {point!r} is not a point of variables")
        if len(flat) != dim * points:
            raise PuzzleError(
                f"{where}: {len(flat)} variables given for a shape of {points} points in {dim}-D "
                f"(need {dim * points})"
            )
        self._add("add_class", [self._index(v, where) for v in flat], dim, offsets, translated)

    def set_branching(self, variables: Sequence[IntVar]) -> None:
        """Split these variables first (rule 6), the smallest minimum first; every other
        variable follows in creation order.

        Example:
            >>> m = Model(); a = m.int_var(0, 1); b = m.int_var(0, 1)
            >>> m.set_branching([b])
        """
        indices = [self._index(v, "branching") for v in variables]
        self._core_model().set_branching(indices)
        self._branching = indices

    # -- checking ---------------------------------------------------------------------------
    def check(self, values: Optional[Sequence[int]]) -> Optional[str]:
        """The first rule these values (one per variable, in creation order) break, or None:
        the domains and every constraint, checked from their definitions, independently of
        the narrowing engine (what :func:`cassetete.narrowing.verify` and the certification
        of every answer use).

        Example:
            >>> m = Model(); x = m.int_var(0, 9, name="x"); y = m.int_var(0, 9, name="y")
            >>> m.add_product(x, 3, y)
            >>> m.check([6, 2]) is None, m.check([5, 2])
            (True, 'product constraint 0: x = 3 * y is false (5 != 6)')
        """
        if values is None or len(values) != len(self._vars):
            return f"{0 if values is None else len(values)} values for {len(self._vars)} variables"
        vals = [int(v) for v in values]
        for var, v in zip(self._vars, vals):
            if not var.lo <= v <= var.hi:
                return f"variable {var.name} = {v} is outside [{var.lo}, {var.hi}]"
        names = [v.name for v in self._vars]
        for k, (method, args) in enumerate(self._specs):
            kind = method[len("add_"):]
            if method == "add_product":
                x, a, y = args
                if vals[x] != a * vals[y]:
                    return (f"product constraint {k}: {names[x]} = {a} * {names[y]} is false "
                            f"({vals[x]} != {a * vals[y]})")
            elif method == "add_sum":
                x, ys = args
                if vals[x] != sum(vals[y] for y in ys):
                    return f"sum constraint {k}: {names[x]} = {vals[x]} is not the sum of its terms"
            elif method == "add_all_different":
                xs = [vals[i] for i in args[0]]
                if len(set(xs)) != len(xs):
                    return f"all_different constraint {k}: two variables share a value"
            elif method in ("add_class", "add_placement"):
                if method == "add_class":
                    flat, dim, offsets, _translated = args
                else:
                    flat, cells, sizes, offsets, _all_cells = args
                    dim = len(sizes)
                points = [tuple(vals[i] for i in flat[j:j + dim]) for j in range(0, len(flat), dim)]
                if not _is_a_translate(points, offsets, dim):
                    return f"{kind} constraint {k}: the points {points} are not the shape in an allowed orientation"
                if method == "add_placement":
                    steps = [1]
                    for size in sizes[:-1]:
                        steps.append(steps[-1] * size)
                    for point, cell in zip(points, cells):
                        if vals[cell] != sum(c * w for c, w in zip(point, steps)):
                            return f"placement constraint {k}: {names[cell]} is not the cell number of its point"
            else:  # a constraint kind this checker does not know: refuse rather than pass it unchecked
                return f"constraint {k}: unknown kind {method!r}"
        return None

    def _certify(self, values: Optional[Sequence[int]]) -> None:
        problem = self.check(values)
        certify(problem is None, "narrowing", problem or "")

    # -- searching --------------------------------------------------------------------------
    def _options(self, strategy: str, incremental: bool, profile: bool) -> Dict[str, Any]:
        check_choice(strategy, "strategy", STRATEGIES)
        return {"strategy": strategy, "incremental": bool(incremental), "profile": bool(profile)}

    def decode(self, values: Sequence[int]) -> Any:
        """A solution as a dict ``name -> value`` (subclasses give a richer object).

        Example:
            >>> m = Model(); _ = m.int_var(4, 4, name="k")
            >>> m.decode([4])
            {'k': 4}
        """
        return {v.name: int(values[v.index]) for v in self._vars}

    def propagate(self, path: Path = (), *, incremental: bool = True) -> Optional[Dict[str, Tuple[int, int]]]:
        """Narrow every domain to the fixpoint of the constraints (rule 5) without splitting:
        ``name -> (lo, hi)``, or None when a domain becomes empty (no solution).

        Example:
            >>> m = Model(); x = m.int_var(0, 9, name="x")
            >>> m.add_product(x, 4, m.int_var(0, 9))
            >>> m.propagate()["x"]
            (0, 8)
        """
        ok, lows, highs, stats = _core.narrowing.propagate(self._core_model(), list(path), incremental=incremental)
        self.last_stats = stats
        if not ok:
            return None
        return {v.name: (int(lows[v.index]), int(highs[v.index])) for v in self._vars}

    def solve(
        self,
        *,
        time_limit: Optional[float] = None,
        node_limit: Optional[int] = None,
        strategy: str = "smallest-min",
        incremental: bool = True,
        profile: bool = False,
        _path: Path = (),
    ) -> Result:
        """The first solution as a :class:`cassetete.Result` (status ``"solved"``,
        ``"unsatisfiable"`` or ``"limit"``); ``stats`` has ``nodes``, ``cuts`` (rule-6 splits),
        ``narrowings`` per constraint kind and, with ``profile=True``, ``kind_seconds``.

        Example:
            >>> m = Model(); x = m.int_var(0, 3, name="x")
            >>> m.add_product(x, 2, m.int_var(5, 9))
            >>> m.solve().status
            'unsatisfiable'
        """
        time_limit = check_time_limit(time_limit)
        node_limit = check_node_limit(node_limit)
        options = self._options(strategy, incremental, profile)
        status, values, stats = _core.narrowing.first(self._core_model(), list(_path), time_limit, node_limit, **options)
        self.last_stats = stats
        if status not in (SOLVED, UNSATISFIABLE):
            status = LIMIT
        if status == SOLVED:
            self._certify(values)  # never return an answer that breaks a constraint
        solution = self.decode(values) if values is not None else None
        return Result(status, solution, stats, puzzle=self, family="narrowing")

    def solutions(
        self,
        *,
        limit: Optional[int] = None,
        time_limit: Optional[float] = None,
        node_limit: Optional[int] = None,
        strategy: str = "smallest-min",
        incremental: bool = True,
        _path: Path = (),
    ) -> Iterator[Any]:
        """Yield the solutions one by one as the search finds them (the search resumes where
        it stopped). When a time or node limit stops it, the generator raises
        :class:`cassetete.LimitReached` after the solutions found so far.

        Example:
            >>> m = Model(); a, b = m.int_var(0, 1, name="a"), m.int_var(0, 1, name="b")
            >>> m.add_all_different([a, b])
            >>> list(m.solutions())
            [{'a': 0, 'b': 1}, {'a': 1, 'b': 0}]
        """
        limit = check_limit(limit)
        time_limit = check_time_limit(time_limit)
        node_limit = check_node_limit(node_limit)
        options = self._options(strategy, incremental, False)
        return self._stream(limit, time_limit, node_limit, options, _path)

    def _stream(self, limit, time_limit, node_limit, options, path) -> Iterator[Any]:
        iterator = _core.narrowing.Iterator(self._core_model(), list(path), time_limit, node_limit, **options)
        produced = 0
        try:
            for values in iterator:
                self._certify(values)
                yield self.decode(values)
                produced += 1
                if limit is not None and produced >= limit:
                    return
        finally:
            self.last_stats = iterator.stats()
        if not iterator.complete:
            raise LimitReached(produced, self.last_stats, what="enumeration")

    def count(
        self,
        *,
        limit: Optional[int] = None,
        time_limit: Optional[float] = None,
        node_limit: Optional[int] = None,
        strategy: str = "smallest-min",
        incremental: bool = True,
        profile: bool = False,
        workers: int = 1,
        careful: bool = True,
        executor: Any = None,
        progress: bool = False,
        checkpoint: Optional[str] = None,
    ) -> int:
        """The exact number of solutions; with ``limit=k``, at most ``k`` (stops at ``k``).
        Raises :class:`cassetete.LimitReached` (with ``.count``, a lower bound) when a time
        or node limit stops the search first. ``workers > 1`` counts subproblems of
        ``split`` on threads. Statistics (``cuts``, ...) are in ``last_stats``.
        ``incremental=False`` / ``careful=False`` switch off two of the improvements of the
        paper's section 8 (for measuring them; same counts and cuts, more time).

        ``executor`` (any ``concurrent.futures`` executor or a Dask ``Client``) spreads the
        count with :mod:`cassetete.parallel`: time-sliced subproblems of ``split``,
        ``progress=True`` shows a bar, ``checkpoint`` names a file the count is saved to and
        resumed from. Then ``last_stats`` has ``nodes`` and the driver's figures, not ``cuts``.

        Example:
            >>> m = Model(); xs = [m.int_var(0, 3) for _ in range(4)]
            >>> m.add_all_different(xs)
            >>> m.count(), m.count(limit=5)
            (24, 5)
            >>> from concurrent.futures import ThreadPoolExecutor
            >>> with ThreadPoolExecutor(2) as pool:
            ...     m.count(executor=pool)
            24
        """
        if executor is not None or check_progress(progress) or checkpoint is not None:
            return _count_spread(self, (), executor, limit, time_limit, node_limit, strategy, incremental, careful,
                                 progress, checkpoint)
        return count_paths(self, [()], limit, time_limit, node_limit, strategy, incremental, profile, workers,
                           careful=careful)

    def split(self, depth: int, *, strategy: str = "smallest-min", _path: Path = ()) -> List["Subproblem"]:
        """Cut the search tree ``depth`` cuts below the root into independent picklable
        subproblems whose counts add up to ``count()``; the cuts made above them are in
        ``last_stats["cuts"]``. Map them over any ``concurrent.futures`` executor.

        Example:
            >>> m = Model(); xs = [m.int_var(0, 2) for _ in range(3)]
            >>> m.add_all_different(xs)
            >>> parts = m.split(2)
            >>> sum(count_subproblem(p) for p in parts)
            6
        """
        depth = check_count(depth, "depth")
        check_choice(strategy, "strategy", STRATEGIES)
        paths, stats = _core.narrowing.split(self._core_model(), list(_path), depth, strategy)
        self.last_stats = stats
        return [Subproblem(self, tuple((int(d[0]), int(d[1]), int(d[2])) for d in p), strategy) for p in paths]


def _is_a_translate(points: List[Tuple[int, ...]], offsets: Sequence[int], dim: int) -> bool:
    """Whether the points are, in order, one orientation (``offsets``: orientations x points x
    dim) moved by one translation."""
    size = len(points) * dim
    for start in range(0, len(offsets), size):
        orient = [tuple(offsets[start + j:start + j + dim]) for j in range(0, size, dim)]
        shift = tuple(p - o for p, o in zip(points[0], orient[0]))
        if all(tuple(p - o for p, o in zip(point, o_point)) == shift for point, o_point in zip(points, orient)):
            return True
    return False


def count_paths(
    model: Model,
    paths: Sequence[Path],
    limit: Optional[int],
    time_limit: Optional[float],
    node_limit: Optional[int],
    strategy: str,
    incremental: bool,
    profile: bool,
    workers: int,
    careful: bool = True,
) -> int:
    """Count the solutions of several subproblems of one model (the engine behind ``count``)."""
    limit = check_limit(limit)
    time_limit = check_time_limit(time_limit)
    node_limit = check_node_limit(node_limit)
    workers = check_workers(workers)
    options = model._options(strategy, incremental, profile)
    options["careful"] = bool(careful)
    core = model._core_model()
    path_lists: List[Any] = [list(p) for p in paths]
    if workers > 1 and limit is None:
        # Finer subproblems dealt round-robin to threads (the engine releases the GIL).
        parts: List[list] = []
        for p in path_lists:
            sub, _ = _core.narrowing.split(core, p, 3, strategy)
            parts.extend(sub)
        chunks = [parts[k :: workers * 4] for k in range(workers * 4)]
        start = time.perf_counter()
        with ThreadPoolExecutor(workers) as pool:
            results = list(
                pool.map(lambda c: _core.narrowing.count(core, c, 0, time_limit, node_limit, **options), chunks)
            )
        total = sum(int(r[0]) for r in results)
        complete = all(r[1] for r in results)
        stats = _merge_stats([r[2] for r in results])
        stats["seconds"] = time.perf_counter() - start
    else:
        total, complete, stats = _core.narrowing.count(
            core, path_lists, 0 if limit is None else limit, time_limit, node_limit, **options
        )
    stats["complete"] = bool(complete)
    model.last_stats = stats
    if not complete:
        raise LimitReached(int(total), stats)
    return int(total)


def _count_spread(model: Model, path: Path, executor: Any, limit: Optional[int], time_limit: Optional[float],
                  node_limit: Optional[int], strategy: str, incremental: bool, careful: bool, progress: bool,
                  checkpoint: Optional[str]) -> int:
    """``Model.count(executor=...)``: the count on :func:`cassetete.parallel.run_count`."""
    from ..parallel import run_count
    from ._parallel import NarrowingJob

    model._options(strategy, incremental, False)  # validates the strategy
    job = NarrowingJob(model, strategy, incremental, careful, path)
    try:
        total, stats = run_count(job, executor, limit=limit, time_limit=time_limit, node_limit=node_limit,
                                 checkpoint=checkpoint, progress=progress)
    except LimitReached as stopped:
        model.last_stats = stopped.stats
        raise
    model.last_stats = stats
    return int(total)


def _merge_stats(parts: List[Dict[str, Any]]) -> Dict[str, Any]:
    out: Dict[str, Any] = {}
    for stats in parts:
        for key, value in stats.items():
            if isinstance(value, dict):
                inner = out.setdefault(key, {})
                for k, v in value.items():
                    inner[k] = inner.get(k, 0) + v
            elif isinstance(value, (int, float)) and not isinstance(value, bool):
                out[key] = out.get(key, 0) + value
            elif key == "stop":
                if value != "none" or key not in out:
                    out[key] = value
    return out


@dataclass(frozen=True)
class Subproblem:
    """A branch of a narrowing search: the model with the domains restricted along a path of
    cuts (``(variable index, lo, hi)`` steps). Picklable; count it anywhere.

    Example:
        >>> m = Model(); xs = [m.int_var(0, 1) for _ in range(2)]
        >>> m.add_all_different(xs)
        >>> [p.count() for p in m.split(1)]
        [1, 1]
    """

    model: Model
    path: Path
    strategy: str = "smallest-min"

    def count(self, *, limit: Optional[int] = None, time_limit: Optional[float] = None,
              node_limit: Optional[int] = None) -> int:
        """Solutions of this subproblem (raises LimitReached when a limit stops it).

        Example:
            >>> m = Model(); _ = m.int_var(0, 2)
            >>> m.split(1)[1].count()
            2
        """
        return count_paths(self.model, [self.path], limit, time_limit, node_limit, self.strategy, True, False, 1)

    def solve(self, *, time_limit: Optional[float] = None, node_limit: Optional[int] = None) -> Result:
        """First solution of this subproblem.

        Example:
            >>> m = Model(); _ = m.int_var(0, 2, name="z")
            >>> m.split(1)[1].solve().solution
            {'z': 1}
        """
        return self.model.solve(time_limit=time_limit, node_limit=node_limit, strategy=self.strategy, _path=self.path)

    def solutions(self, *, limit: Optional[int] = None) -> Iterator[Any]:
        """Yield the solutions of this subproblem.

        Example:
            >>> m = Model(); _ = m.int_var(0, 2, name="z")
            >>> list(m.split(1)[1].solutions())
            [{'z': 1}, {'z': 2}]
        """
        return self.model.solutions(limit=limit, strategy=self.strategy, _path=self.path)

    @property
    def last_stats(self) -> Dict[str, Any]:
        """Statistics of the last search on the model (``cuts``, ``nodes``, ...)."""
        return self.model.last_stats


def count_subproblem(subproblem: Subproblem) -> int:
    """Count one subproblem (a top-level function, so process pools can pickle it).

    Example:
        >>> m = Model(); _ = m.int_var(0, 3)
        >>> sum(map(count_subproblem, m.split(1)))
        4
    """
    return subproblem.count()
