"""The result type shared by every family's ``solve``, and its statuses."""

from __future__ import annotations

import enum
import importlib
from dataclasses import dataclass, field
from typing import Any, Dict, Optional

import numpy as np



class Status(str, enum.Enum):
    """How a search ended; str-valued, so ``"solved" == Status.SOLVED`` holds and results keep
    plain strings (``Result.status`` is always one of the values below).

    - ``solved``: a complete answer, checked against the rules;
    - ``feasible``: a complete answer that keeps every rule the library can check but is not
      proved to be the intended one (a jigsaw assembly with doubtful joins); after CP-SAT's
      FEASIBLE status;
    - ``unsatisfiable``: proved to have no answer;
    - ``limit``: a time or node limit (or Ctrl-C in a batch) stopped the search before a complete
      answer; optimisation methods return their best partial state with it.

    Example:
        >>> Status.SOLVED == "solved", str(Status.LIMIT), Status("feasible").name
        (True, 'limit', 'FEASIBLE')
    """

    SOLVED = "solved"
    FEASIBLE = "feasible"
    UNSATISFIABLE = "unsatisfiable"
    LIMIT = "limit"

    def __str__(self) -> str:
        return str(self.value)


SOLVED = Status.SOLVED.value
FEASIBLE = Status.FEASIBLE.value
UNSATISFIABLE = Status.UNSATISFIABLE.value
LIMIT = Status.LIMIT.value
STATUSES = tuple(status.value for status in Status)


def _same(a: Any, b: Any) -> bool:
    """Deep equality that treats numpy arrays by value (``==`` on arrays is elementwise)."""
    if a is b:
        return True
    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        try:
            return bool(np.array_equal(np.asarray(a), np.asarray(b)))
        except (TypeError, ValueError):
            return False
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return type(a) is type(b) and len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    try:
        return bool(a == b)
    except (TypeError, ValueError):
        return False


@dataclass(eq=False)
class Result:
    """Outcome of a search, the same type in every family.

    Attributes:
        status: a :class:`Status` value: ``"solved"``, ``"feasible"`` (complete, not proved to
            be the intended answer), ``"unsatisfiable"`` (proved to have no solution) or
            ``"limit"`` (a time or node limit stopped the search first; optimisation methods also
            return their best state with this status when it is not a full solution).
        solution: the family's solution object (a numpy grid, a list of rectangles, ...) or None.
        stats: ``{"nodes": int, "seconds": float, ...}``; ``"stop"`` names the limit that
            stopped a search, ``"seed"`` the seed a randomised method used.
        puzzle: the puzzle that was solved, kept so the result can draw itself.
        family: the family module that draws it (``"sudoku"``, ``"hashi"``, ...); found from
            the puzzle's type when not given.

    Results compare by value (numpy arrays included), pickle, and show as SVG in Jupyter.

    Example:
        >>> from cassetete import Result
        >>> r = Result("solved", solution=[1, 2], stats={"nodes": 3})
        >>> r.solved, r.stats["nodes"]
        (True, 3)
        >>> import pickle
        >>> pickle.loads(pickle.dumps(r)) == r
        True
    """

    status: str
    solution: Any = None
    stats: Dict[str, Any] = field(default_factory=dict)
    puzzle: Any = field(default=None, repr=False)
    family: Optional[str] = field(default=None, repr=False)

    def __post_init__(self) -> None:
        if self.status not in STATUSES:
            raise ValueError(f"unknown status {self.status!r}; expected one of {STATUSES}")
        self.status = Status(self.status).value  # a plain str, also when given a Status
        if self.family is None and self.puzzle is not None:
            module = type(self.puzzle).__module__.split(".")
            if len(module) >= 2 and module[0] == "cassetete":
                self.family = module[1]

    @property
    def solved(self) -> bool:
        """True when ``solution`` holds a solution."""
        return self.status == SOLVED

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Result):
            return NotImplemented
        return (self.status == other.status and self.family == other.family
                and _same(self.solution, other.solution) and _same(self.stats, other.stats)
                and _same(self.puzzle, other.puzzle))

    __hash__ = None  # type: ignore[assignment]  # mutable, compared by value

    def render(self, format: str = "text") -> str:
        """The puzzle with this result's solution drawn in, through the family's ``render``.

        Example:
            >>> import cassetete
            >>> r = cassetete.sudoku.solve("." * 16)
            >>> r.render().count("\\n") >= 3
            True
        """
        if self.puzzle is None or self.family is None:
            raise ValueError("this result keeps no puzzle to draw")
        module = importlib.import_module(f"cassetete.{self.family}")
        solution = self.solution if self.status == SOLVED or self.solution is not None else None
        return module.render(self.puzzle, solution, format=format)

    def to_svg(self) -> str:
        """The solved (or best) grid as an SVG document."""
        return self.render("svg")

    def _repr_svg_(self) -> Optional[str]:
        if self.puzzle is None or self.family is None:
            return None
        try:
            return self.to_svg()
        except Exception:  # Jupyter falls back to repr when a picture cannot be drawn
            return None

    def __repr__(self) -> str:
        nodes = self.stats.get("nodes")
        seconds = self.stats.get("seconds")
        extra = ""
        if nodes is not None:
            extra += f", nodes={nodes}"
        if seconds is not None:
            extra += f", seconds={seconds:.6f}"
        return f"Result(status={self.status!r}{extra})"
