"""Interval narrowing: an integer constraint solver after Gilleta, "Résolution du puzzle
tridimensionnel des pentaminos".

Variables have interval domains; each constraint narrows them to the smallest box holding all
its solutions (Product x = a*y, Sum, AllDifferent, Translated and Class for shapes up to
translation and rotation); the search narrows to a fixpoint, then splits one domain in two
(a "cut") and explores both sides. ``packing_model`` builds the paper's model of a packing
(``narrowing="placement"``: a stronger Class constraint that also sees the occupied cells).

Example:
    >>> from cassetete import narrowing
    >>> pm = narrowing.packing_model((3, 20))          # the 12 pentominoes in 3x20
    >>> pm.count(), pm.last_stats["cuts"] > 0
    (2, True)
    >>> m = narrowing.Model()
    >>> x = m.int_var(0, 10, name="x")
    >>> m.add_product(x, 3, m.int_var(0, 10, name="y"))
    >>> m.propagate()["x"]
    (0, 9)

Any pieces, in any box (see :func:`packing_model` for the Soma cube):

    >>> narrowing.packing_model((2, 2, 2), pieces={"a": [(0, 0, 0), (1, 0, 0), (0, 1, 0), (1, 1, 0)],
    ...                                            "b": [(0, 0, 0), (1, 0, 0), (0, 1, 0), (1, 1, 0)]},
    ...                         symmetry=None, narrowing="placement").count()
    6
"""

from __future__ import annotations

from typing import Any, Optional

from .._errors import PuzzleError
from .model import ALGORITHMS, STRATEGIES, IntVar, Model, Subproblem, count_subproblem
from .packing import PackingModel, box_symmetries, packing_model

__all__ = [
    "ALGORITHMS",
    "STRATEGIES",
    "IntVar",
    "Model",
    "PackingModel",
    "Subproblem",
    "box_symmetries",
    "count_subproblem",
    "packing_model",
    "render",
    "verify",
]


def verify(model: Model, solution: Any) -> bool:
    """True when ``solution`` satisfies the model by its rules, independently of the solver: a
    dict ``name -> value`` (or a list of values) for any model, or a labelled grid for a
    packing model (each piece once, the box covered exactly).

    Example:
        >>> m = Model(); a, b = m.int_var(0, 1, name="a"), m.int_var(0, 1, name="b")
        >>> m.add_all_different([a, b])
        >>> verify(m, {"a": 0, "b": 1}), verify(m, {"a": 1, "b": 1})
        (True, False)
        >>> pm = packing_model((3, 20))
        >>> verify(pm, pm.solve().solution)
        True
    """
    if isinstance(model, PackingModel) and not isinstance(solution, dict):
        import numpy as np

        grid = np.asarray(solution)
        if grid.ndim == len(model.box):
            return model.check_grid(grid)
    if isinstance(solution, dict):
        if set(solution) != {v.name for v in model.variables}:
            return False
        values = [solution[v.name] for v in model.variables]
    else:
        values = list(solution)
    try:
        return model.check(values) is None
    except (TypeError, ValueError):
        return False


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
        from ..polyomino import render_svg, render_svg_iso, render_text

        if solution is None:
            raise PuzzleError("no solution to draw")
        if format == "text":
            return render_text(solution)
        return render_svg(solution) if solution.ndim == 2 else render_svg_iso(solution)
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
