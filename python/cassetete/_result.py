"""The result type shared by every family's ``solve``."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict

SOLVED = "solved"
UNSATISFIABLE = "unsatisfiable"
LIMIT = "limit"
STATUSES = (SOLVED, UNSATISFIABLE, LIMIT)


@dataclass
class Result:
    """Outcome of a search.

    Attributes:
        status: ``"solved"``, ``"unsatisfiable"`` (proved to have no solution) or ``"limit"``
            (a time or node limit stopped the search first).
        solution: the family's solution object (a numpy grid, a list of rectangles, ...) or None.
        stats: ``{"nodes": int, "seconds": float, "rules": {rule name: count}, ...}``.

    Example:
        >>> from cassetete import Result
        >>> r = Result("solved", solution=[1, 2], stats={"nodes": 3})
        >>> r.solved, r.stats["nodes"]
        (True, 3)
    """

    status: str
    solution: Any = None
    stats: Dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.status not in STATUSES:
            raise ValueError(f"unknown status {self.status!r}; expected one of {STATUSES}")

    @property
    def solved(self) -> bool:
        """True when ``solution`` holds a solution."""
        return self.status == SOLVED

    def __repr__(self) -> str:
        nodes = self.stats.get("nodes")
        seconds = self.stats.get("seconds")
        extra = ""
        if nodes is not None:
            extra += f", nodes={nodes}"
        if seconds is not None:
            extra += f", seconds={seconds:.6f}"
        return f"Result(status={self.status!r}{extra})"
