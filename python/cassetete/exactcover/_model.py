"""The exact cover model: items (primary ones covered exactly once, secondary ones at most
once) and options (lists of items), validated as they are added, kept as two flat arrays (CSR:
``_starts`` and ``_items``) and handed to the C++ engine (cpp/exactcover) on first use.

The verbs on the model (``solve``, ``count_solutions``, ``from_matrix``, ...) live in the rooms above this
one (``_formats``, ``_verify``, ``_solve``) and are attached to :class:`ExactCover` by the
package (``cassetete/exactcover/__init__.py``): this room imports none of them.

Example:
    >>> ec = ExactCover(3, secondary=1)
    >>> ec.add_option([0, 3]), ec.add_option([1, 2])
    (0, 1)
    >>> ec.option(1), ec.items, ec.options
    ([1, 2], 4, 2)
"""

from __future__ import annotations

from typing import Any, Callable, Dict, Iterable, Iterator, List, Optional, Sequence

import numpy as np

from .. import _core
from .._errors import PuzzleError
from .._result import Result

__all__ = ["ExactCover", "MAX_ITEMS"]


# Refused before any allocation: the dancing cells tables hold a few words per item.
MAX_ITEMS = 10_000_000


def _as_int(value: Any, what: str) -> int:
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
        raise PuzzleError(f"{what} must be an integer, got {value!r}")
    return int(value)


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
            >>> ExactCover.from_options([[0], [1]]).count_solutions()
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

    # -- the verbs of the rooms above, attached by the package -----------------------------
    # from_matrix: _formats; _covers, _certify: _verify; solve, solutions, count_solutions (the
    # family verb of the contract; count, its deprecated old name), count_prefixes, split: _solve.
    from_matrix: Callable[..., "ExactCover"]
    _covers: Callable[..., bool]
    _certify: Callable[..., None]
    solve: Callable[..., Result]
    solutions: Callable[..., Iterator[List[int]]]
    count: Callable[..., int]
    count_solutions: Callable[..., int]
    count_prefixes: Callable[..., int]
    split: Callable[..., List[Any]]
