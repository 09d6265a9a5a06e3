"""cassetete: fast puzzle solvers with C++ search engines.

Families: :mod:`cassetete.sudoku` (any order), :mod:`cassetete.exactcover` and
:mod:`cassetete.polyomino`, :mod:`cassetete.edgematch`, :mod:`cassetete.shikaku`,
:mod:`cassetete.hashi`. Every ``solve`` returns a :class:`Result`; bad input raises
:class:`PuzzleError`.

Example:
    >>> import cassetete
    >>> r = cassetete.sudoku.solve("." * 81)
    >>> r.status
    'solved'
"""

from __future__ import annotations

import importlib
from typing import Any

from ._errors import CasseteteError, CheckFailed, LimitReached, PuzzleError
from ._result import Result, Status

__version__ = "0.1.0"
__all__ = ["CasseteteError", "CheckFailed", "LimitReached", "PuzzleError", "Result", "Status", "__version__"]

_FAMILIES = ("sudoku", "exactcover", "polyomino", "edgematch", "shikaku", "hashi", "jigsaw", "narrowing")


def __getattr__(name: str) -> Any:
    # Families load on first use so `import cassetete` stays cheap.
    if name in _FAMILIES:
        module = importlib.import_module(f".{name}", __name__)
        globals()[name] = module
        return module
    raise AttributeError(f"module 'cassetete' has no attribute {name!r}")
