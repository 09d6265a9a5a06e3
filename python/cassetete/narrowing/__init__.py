"""Interval narrowing: an integer constraint solver after Gilleta, "Résolution du puzzle
tridimensionnel des pentaminos".

Variables have interval domains; each constraint narrows them to the smallest box holding all
its solutions (Product x = a*y, Sum, AllDifferent, Translated and Class for shapes up to
translation and rotation); the search narrows to a fixpoint, then splits one domain in two
(a "cut") and explores both sides. ``packing_model`` builds the paper's model of a packing:
the formulas as written (``narrowing="literal"``, the default), the reading that reproduces the
paper's cuts (``narrowing="paper"``: Class over the cells of no placed piece), or stronger
variants (``narrowing="placement"``: Class also narrows the cell numbers).

Example:
    >>> from cassetete import narrowing
    >>> pm = narrowing.packing_model((3, 20))          # the 12 pentominoes in 3x20
    >>> pm.count_solutions(), pm.last_stats["cuts"] > 0
    (2, True)
    >>> m = narrowing.Model()
    >>> x = m.int_var(0, 10, name="x")
    >>> m.add_product(x, 3, m.int_var(0, 10, name="y"))
    >>> m.propagate()["x"]
    (0, 9)

Any pieces, in any box (see :func:`packing_model` for the Soma cube):

    >>> narrowing.packing_model((2, 2, 2), pieces={"a": [(0, 0, 0), (1, 0, 0), (0, 1, 0), (1, 1, 0)],
    ...                                            "b": [(0, 0, 0), (1, 0, 0), (0, 1, 0), (1, 1, 0)]},
    ...                         up_to_symmetry=False, narrowing="placement").count_solutions()
    6

The rooms: ``_model`` (:class:`Model`, variables and constraints), ``_verify`` (the rules),
``_solve`` (the searches), ``_jobs`` (the unit of parallel work and :class:`Subproblem`),
``_packing`` (the paper's packing model) and ``orientations`` (the orientations of a shape for
the Class constraint). The methods of :class:`Model` that belong to a room above the model are
attached here.
"""

from __future__ import annotations

from typing import Any, Dict, Optional

from .._errors import PuzzleError
from .._contract import verb
from ..parallel import threads_or
from ..polyomino import render_grid
from . import _solve, _verify
from ._formats import FORMATS, dump, format, load, parse
from ._jobs import Subproblem, count_subproblem
from ._model import ALGORITHMS, STRATEGIES, IntVar, Model
from ._packing import NARROWINGS as NARROWINGS
from ._packing import PackingModel, box_symmetries, packing_model
from ._verify import verify

__all__ = [
    "ALGORITHMS",
    "FORMATS",
    "STRATEGIES",
    "IntVar",
    "METHODS",
    "Model",
    "PackingModel",
    "Subproblem",
    "box_symmetries",
    "count_solutions",
    "count_subproblem",
    "dump",
    "format",
    "load",
    "packing_model",
    "parse",
    "render",
    "solutions",
    "solve",
    "verify",
]

Model.check = _verify.check
Model._certify = _verify.certify_model
Model.propagate = _solve.propagate
Model.solve = _solve.solve
Model.solutions = _solve.solutions
Model.count_solutions = _solve.count_solutions
Model.count = _solve.count  # the deprecated old name of count_solutions: warns
Model.split = _solve.split


METHODS = {  # the split strategies of rule 6: which variable is split into {min} and [min + 1, max]
    "smallest-min": "the variable with the smallest minimum, the first on ties (the paper's)",
    "first-fail": "the variable with the smallest minimum, the smallest domain on ties",
    "smallest-min-last": "the variable with the smallest minimum, the last on ties",
    "smallest-min-bisect": "the variable with the smallest minimum, the first on ties, cut in the middle of its interval",
}


def _strategy(method: str, options: Dict[str, Any]) -> Dict[str, Any]:
    """``method=`` is the contract's name of the branching strategy (``strategy=``, the older name,
    still works); two different ones at once are a ``PuzzleError``."""
    if "strategy" in options and method != STRATEGIES[0]:
        raise PuzzleError("give method= or strategy= (its older name), not both")
    options.setdefault("strategy", method)
    return options


@verb("narrowing", "solve", options=("time_limit", "node_limit", "seed", "workers"), methods=METHODS,
      honours={m: ("time_limit", "node_limit", "workers") for m in METHODS})
def solve(model: Model, *, method: str = STRATEGIES[0], time_limit: Optional[float] = None,
          node_limit: Optional[int] = None, seed: Optional[int] = None, workers: int = 1, **options: Any) -> Any:
    """The first solution of ``model`` as a :class:`cassetete.Result`: the family's verb for
    :meth:`Model.solve`. ``method`` is the branching strategy (one of :data:`STRATEGIES`,
    default ``"smallest-min"``); the other options are :meth:`Model.solve`'s. ``workers`` > 1
    searches parts of the tree on threads until one finds a solution; no strategy is random,
    so none takes a ``seed``.

    Example:
        >>> m = Model(); x = m.int_var(0, 3, name="x")
        >>> m.add_product(x, 2, m.int_var(1, 1, name="y"))
        >>> solve(m, method="first-fail").solution
        {'x': 2, 'y': 1}
    """
    with threads_or(options.pop("executor", None), workers, "cassetete-narrowing") as spread:
        return _solve.solve(_model_of(model), time_limit=time_limit, node_limit=node_limit, executor=spread,
                            **_strategy(method, options))


@verb("narrowing", "solutions", options=("limit", "time_limit", "node_limit"), methods=METHODS)
def solutions(model: Model, *, method: str = STRATEGIES[0], limit: Optional[int] = None,
              time_limit: Optional[float] = None, node_limit: Optional[int] = None, **options: Any) -> Any:
    """Stream the solutions of ``model`` (:meth:`Model.solutions`), ``method`` as in :func:`solve`.

    Example:
        >>> m = Model(); xs = [m.int_var(0, 1) for _ in range(2)]
        >>> m.add_all_different(xs)
        >>> len(list(solutions(m)))
        2
    """
    return _solve.solutions(_model_of(model), limit=limit, time_limit=time_limit, node_limit=node_limit,
                            **_strategy(method, options))


@verb("narrowing", "count_solutions", options=("limit", "time_limit", "node_limit", "workers", "progress"),
      methods=METHODS)
def count_solutions(model: Model, *, method: str = STRATEGIES[0], limit: Optional[int] = None,
                    time_limit: Optional[float] = None, node_limit: Optional[int] = None, workers: int = 1,
                    progress: bool = False, **options: Any) -> int:
    """The number of solutions of ``model`` (:meth:`Model.count_solutions`: an ``int``, or
    :class:`cassetete.LimitReached` when a limit stops it), ``method`` as in :func:`solve`.

    Example:
        >>> count_solutions(packing_model((3, 20)))
        2
    """
    return _solve.count_solutions(_model_of(model), limit=limit, time_limit=time_limit, node_limit=node_limit,
                        workers=workers, progress=progress, **_strategy(method, options))


def _model_of(model: Any) -> Model:
    if not isinstance(model, Model):
        raise PuzzleError(f"expected a narrowing Model (see Model() and packing_model()), got {type(model).__name__}")
    return model


def render(model: Model, solution: Optional[Any] = None, format: str = "text") -> str:
    """A solution as text or SVG: a packing model draws its grid (through
    :mod:`cassetete.polyomino`'s pictures), a plain model lists ``name = value``.

    Example:
        >>> m = Model(); _ = m.int_var(2, 2, name="k")
        >>> render(m, m.solve().solution)
        'k = 2'
    """
    if format not in ("text", "svg"):
        raise PuzzleError(f"unknown format {format!r}; expected 'text' or 'svg'")
    if isinstance(model, PackingModel):
        if solution is None:
            raise PuzzleError("no solution to draw")
        return render_grid(solution, format)
    if solution is None:
        text = "\n".join(f"{v.name} in [{v.lo}, {v.hi}]" for v in model.variables)
    else:
        text = "\n".join(f"{name} = {value}" for name, value in solution.items())
    if format == "svg":
        from xml.sax.saxutils import escape

        from .._svg import svg_open

        lines = text.splitlines() or [""]
        body = "".join(f'<text x="4" y="{16 * (k + 1)}" font-size="13">{escape(line)}</text>'
                       for k, line in enumerate(lines))
        return svg_open(8 * max(map(len, lines)) + 8, 16 * len(lines) + 6, font="monospace") + body + "</svg>"
    return text
