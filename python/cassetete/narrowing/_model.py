"""The modelling layer of the interval-narrowing solver: integer variables with interval
domains and the constraints of Gilleta, "Résolution du puzzle tridimensionnel des pentaminos"
(Product, Sum, AllDifferent, Translated/Class), replayed on the C++ model on first use.

The searches (``solve``, ``solutions``, ``count_solutions``, ``split``, ``propagate``: ``_solve``) and
the checker (``check``: ``_verify``) are rooms above this one, attached to :class:`Model` by
the package (``cassetete/narrowing/__init__.py``): this room imports none of them.

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
import uuid
from dataclasses import dataclass
from typing import Any, Callable, Dict, Iterator, List, Optional, Sequence, Tuple

from .. import _core
from .._errors import PuzzleError
from .._options import check_choice
from .._result import Result
from .orientations import ROTATIONS, orientation_offsets

__all__ = ["IntVar", "Model", "STRATEGIES", "ALGORITHMS"]

# Split strategies (rule 6): the paper's (the branching variable with the smallest minimum, the
# first on ties), a first-fail variant (on ties, the smallest domain) and the last on ties.
STRATEGIES = ("smallest-min", "first-fail", "smallest-min-last", "smallest-min-bisect")
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
    rotation). Searches: ``solve``, ``solutions``, ``count_solutions``, ``split``; ``propagate`` narrows
    the domains without searching.

    Example:
        >>> m = Model()
        >>> xs = [m.int_var(1, 3, name=f"x{i}") for i in range(3)]
        >>> m.add_all_different(xs)
        >>> m.count_solutions()
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
            >>> m.count_solutions()
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

    # -- searching: the options and the answers' shape ----------------------------------------
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

    # -- the verbs of the rooms above, attached by the package -----------------------------
    # check, _certify: _verify; propagate, solve, solutions, count_solutions (count: its deprecated
    # old name), split: _solve.
    check: Callable[..., Optional[str]]
    _certify: Callable[..., None]
    propagate: Callable[..., Optional[Dict[str, Tuple[int, int]]]]
    solve: Callable[..., Result]
    solutions: Callable[..., Iterator[Any]]
    count_solutions: Callable[..., int]
    count: Callable[..., int]
    split: Callable[..., List[Any]]
