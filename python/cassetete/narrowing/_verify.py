"""The rules of a narrowing model, checked from their definitions, independently of the
engine: the domains and every constraint (what :func:`cassetete.narrowing.verify` and the
certification of every answer use).

Example:
    >>> m = Model(); x = m.int_var(0, 9, name="x"); y = m.int_var(0, 9, name="y")
    >>> m.add_product(x, 2, y)
    >>> check(m, [4, 2]) is None, check(m, [4, 3]) is None
    (True, False)
"""

from __future__ import annotations

from typing import Any, List, Optional, Sequence, Tuple

import numpy as np

from .._errors import PuzzleError, certify
from ._model import Model
from ._packing import PackingModel

__all__ = ["certify_model", "check", "verify"]


def check(model: Model, values: Optional[Sequence[int]]) -> Optional[str]:
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
    if values is None or len(values) != len(model._vars):
        return f"{0 if values is None else len(values)} values for {len(model._vars)} variables"
    vals = [int(v) for v in values]
    for var, v in zip(model._vars, vals):
        if not var.lo <= v <= var.hi:
            return f"variable {var.name} = {v} is outside [{var.lo}, {var.hi}]"
    names = [v.name for v in model._vars]
    for k, (method, args) in enumerate(model._specs):
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
                flat, cells, sizes, offsets, _all_cells, *_mode = args
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


def certify_model(model: Model, values: Optional[Sequence[int]]) -> None:
    """Raise :class:`cassetete._errors.CheckFailed` when the values break a rule of the model
    (``Model._certify``): no answer of the engine that breaks a constraint is ever returned."""
    problem = model.check(values)
    certify(problem is None, "narrowing", problem or "")


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


def verify(model: Model, solution: Any) -> bool:
    """True when ``solution`` satisfies the model by its rules, independently of the solver: a
    dict ``name -> value`` (or a list of values) for any model, or a labelled grid for a
    packing model (each piece once, the box covered exactly). False for a well-formed solution
    that breaks a rule (a value outside its domain included); a ``PuzzleError`` for one that is
    not a solution of this model's shape (other names, another number of values, values that
    are not integers).

    Example:
        >>> m = Model(); a, b = m.int_var(0, 1, name="a"), m.int_var(0, 1, name="b")
        >>> m.add_all_different([a, b])
        >>> verify(m, {"a": 0, "b": 1}), verify(m, {"a": 1, "b": 1})
        (True, False)
        >>> from cassetete.narrowing import packing_model
        >>> pm = packing_model((3, 20))
        >>> verify(pm, pm.solve().solution)
        True
    """
    if isinstance(model, PackingModel) and not isinstance(solution, dict):
        grid = np.asarray(solution)
        if grid.ndim == len(model.box):
            return model.check_grid(grid)
    if solution is None or isinstance(solution, (str, bytes)):
        raise PuzzleError(f"a solution is a dict name -> value or a list of values, got {solution!r}"[:200])
    if isinstance(solution, dict):
        names = {v.name for v in model.variables}
        if set(solution) != names:
            strange = sorted(map(str, set(solution) ^ names))
            raise PuzzleError(f"the solution names other variables than the model: {', '.join(strange[:5])}")
        values = [solution[v.name] for v in model.variables]
    else:
        try:
            values = list(solution)
        except TypeError:
            raise PuzzleError(f"a solution is a dict name -> value or a list of values, got {solution!r}"[:200]) from None
    if len(values) != len(model.variables):
        raise PuzzleError(f"the solution has {len(values)} values, the model {len(model.variables)} variables")
    for position, value in enumerate(values):
        if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
            raise PuzzleError(f"value {position} of the solution, {value!r}, is not an integer")
    return model.check(values) is None
