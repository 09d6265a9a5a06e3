"""The 9x9 engine's instruction-set variant: what CASSETETE_SIMD asked for, what runs.

The C++ core picks the best variant the CPU has (scalar, baseline, avx2, avx512;
cpp/sudoku/sudoku9.hpp: fast9's kernel runs the first three, vec9's the last) and honours
CASSETETE_SIMD when it names one this CPU can run. A value it cannot honour (a typo,
or avx2 on a CPU without it) would otherwise be ignored in silence: this module warns once, when
cassetete.sudoku is imported.
"""

from __future__ import annotations

import os
import warnings
from typing import Optional

from .. import _core


def simd_override_problem(requested: Optional[str]) -> Optional[str]:
    """Why the requested variant is not the one that runs, or None when all is well.

    Example:
        >>> simd_override_problem(None) is None, simd_override_problem("scalar9") is not None
        (True, True)
    """
    if not requested:
        return None
    selected = _core.sudoku.simd_selected()
    if requested == selected:
        return None
    known = ("scalar", "baseline", "avx2", "avx512")
    available = ", ".join(_core.sudoku.simd_variants())
    what = "is not a variant" if requested not in known else "is not available on this CPU or build"
    return (f"CASSETETE_SIMD={requested!r} {what} (available here: {available}); "
            f"the 9x9 Sudoku engine runs its {selected} variant")


def warn_on_simd_override() -> None:
    """Warn (RuntimeWarning) when CASSETETE_SIMD names a variant that does not run.

    Example:
        >>> warn_on_simd_override()  # silent unless CASSETETE_SIMD is set wrongly
    """
    problem = simd_override_problem(os.environ.get("CASSETETE_SIMD"))
    if problem:
        warnings.warn(problem, RuntimeWarning, stacklevel=3)
