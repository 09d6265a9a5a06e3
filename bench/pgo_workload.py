"""The training workload of the profile-guided build (CMake option ``CASSETETE_PGO``).

``pip install . -Ccmake.define.CASSETETE_PGO=ON`` compiles the breaks search (``cpp/edgematch/
breaks.cpp``) twice: first instrumented (GCC's ``-fprofile-generate``) into the trainer
``bench/cpp/pgo_train_breaks.cpp``, which runs it on the workload this script writes, then with
the profile that run leaves (``-fprofile-use``). The workload is what
``edgematch.solve(eternity2("centre"), method="breaks", schedule="jb467")`` hands the engine,
the moonshot's search: the same arrays, from the same function
(:func:`cassetete.edgematch._breaks.engine_arrays`). The build cannot import the package it is
building, so the file is kept in the tree, and ``tests/test_pgo_workload.py`` checks that it is
still what this script writes.

    python bench/pgo_workload.py            # rewrite bench/cpp/pgo_breaks_eternity2.txt
    python bench/pgo_workload.py --check    # exit 1 if the file is out of date

The format, read by the trainer: ``#`` lines are comments; then ``rows R`` and ``cols C``, and
the sections of SECTIONS in that order, each a name, a count and that many rows of integers
(four per piece, three per clue: cell, piece, turn; one otherwise).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Dict, List

import numpy as np

WORKLOAD = Path(__file__).resolve().parent / "cpp" / "pgo_breaks_eternity2.txt"
SCHEDULE = "jb467"
#: Sections in the order the trainer reads them, with the integers per row.
SECTIONS = (("pieces", 4), ("compl", 1), ("fixed", 3), ("order", 1), ("allowed", 1), ("quota", 1), ("pattern", 1))


def workload_text() -> str:
    """The workload file's text.

    Example:
        >>> text = workload_text()
        >>> text.splitlines()[4:6]
        ['rows 16', 'cols 16']
    """
    from cassetete.edgematch import eternity2
    from cassetete.edgematch._breaks import engine_arrays

    arrays, depths = engine_arrays(eternity2("centre"), SCHEDULE)
    lines: List[str] = [
        "# Training workload of the profile-guided build (CMake option CASSETETE_PGO): the arrays",
        f"# the breaks search reads for eternity2('centre'), schedule {SCHEDULE!r} (breaks from depths",
        f"# {', '.join(map(str, depths))}). Written by bench/pgo_workload.py; do not edit. The pieces are",
        "# the bundled Eternity II set (MIT licence, Janos Wortmann: python/cassetete/data/eternity2_LICENSE.txt).",
        f"rows {arrays['rows']}",
        f"cols {arrays['cols']}",
    ]
    tables: Dict[str, np.ndarray] = {name: np.asarray(arrays[name]) for name, _ in SECTIONS}
    for name, width in SECTIONS:
        rows = tables[name].reshape(-1, width)
        lines.append(f"{name} {len(rows)}")
        lines.extend(" ".join(str(int(v)) for v in row) for row in rows)
    return "\n".join(lines) + "\n"


def main(argv: List[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if the file differs from what would be written")
    args = parser.parse_args(argv)
    text = workload_text()
    if args.check:
        current = WORKLOAD.read_text() if WORKLOAD.exists() else ""
        if current != text:
            print(f"{WORKLOAD} is out of date: run python bench/pgo_workload.py", file=sys.stderr)
            return 1
        print(f"{WORKLOAD}: up to date")
        return 0
    WORKLOAD.write_text(text)
    print(f"wrote {WORKLOAD} ({len(text)} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
