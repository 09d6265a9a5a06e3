"""The 9x9 engine's instruction-set variants side by side: scalar, baseline (SSE2), AVX2, AVX-512.

    python bench/sudoku9_simd.py [--data DIR] [--max 20000] [--passes 3]

The package carries every variant and runs the best one the CPU has (cpp/sudoku/sudoku9.hpp:
fast9's kernel for scalar and baseline, vec9's for avx2 and avx512); CASSETETE_SIMD forces one.
For each set (first --max puzzles, file order), each limit (1 = first solution, 2 = count to 2)
and each pass, one child interpreter per variant (CASSETETE_SIMD set,
passes alternating between variants) times one call of the core batch loop
`_core.sudoku.solve_many(puzzles, 3, 3, limit, rules, workers=1)` in thread CPU time, as
bench/sudoku9_vs_tdoku.py does for "ours, engine". The table gives medians in microseconds per
puzzle and each variant's time over the baseline's. Every variant must return the same counts
and the same solutions (their digest is compared); the solutions themselves are checked by
tests/test_sudoku_simd.py and by bench/sudoku9_vs_tdoku.py.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Dict, List

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from sudoku_data import DEFAULT_DATA, read_puzzles  # noqa: E402

from cassetete import _core  # noqa: E402

SETS = ["puzzles2_17_clue", "puzzles3_magictour_top1465", "puzzles5_forum_hardest_1905_11+",
        "puzzles6_forum_hardest_1106"]
RESULTS = HERE / "results" / "sudoku9_simd.md"

CHILD = """
import hashlib, json, sys, time
sys.path.insert(0, {here!r})
from sudoku_data import read_puzzles
from cassetete import _core, sudoku
array = sudoku.parse_lines_array(read_puzzles({name!r}, {data!r}, limit={count}), 9)
start = time.thread_time()
solutions, counts, _ = _core.sudoku.solve_many(array, 3, 3, {limit}, list(sudoku.DEFAULT_RULES), 1, None)
seconds = time.thread_time() - start
digest = hashlib.sha256(solutions.tobytes() + counts.tobytes()).hexdigest()
print(json.dumps({{"us": 1e6 * seconds / len(array), "digest": digest, "selected": _core.sudoku.simd_selected()}}))
"""


def one_pass(variant: str, name: str, data: Path, count: int, limit: int) -> Dict[str, object]:
    """Run one child with CASSETETE_SIMD=variant; returns its us per puzzle and solution digest."""
    code = CHILD.format(here=str(HERE), name=name, data=str(data), count=count, limit=limit)
    env = dict(os.environ, CASSETETE_SIMD=variant)
    out = subprocess.run([sys.executable, "-c", code], env=env, check=True, capture_output=True, text=True)
    result = json.loads(out.stdout)
    if result["selected"] != variant:
        sys.exit(f"asked for the {variant} variant, the child ran {result['selected']}")
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="folder holding the puzzles* files")
    parser.add_argument("--max", type=int, default=20000, help="first N puzzles of each set")
    parser.add_argument("--passes", type=int, default=3, help="passes per variant (the median is reported)")
    parser.add_argument("--no-write", action="store_true", help=f"print only, do not rewrite {RESULTS.name}")
    args = parser.parse_args()

    variants = _core.sudoku.simd_variants()
    load_start = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    started = time.perf_counter()
    rows: List[str] = []
    for name in SETS:
        count = len(read_puzzles(name, args.data, limit=args.max))
        cells: List[str] = []
        for limit in (1, 2):
            times: Dict[str, List[float]] = {v: [] for v in variants}
            digests = set()
            for _ in range(args.passes):
                for variant in variants:
                    result = one_pass(variant, name, args.data, count, limit)
                    times[variant].append(float(result["us"]))  # type: ignore[arg-type]
                    digests.add(result["digest"])
            if len(digests) != 1:
                sys.exit(f"{name}, limit {limit}: the variants returned different solutions or counts")
            med = {v: statistics.median(t) for v, t in times.items()}
            cells.append(" / ".join(f"{med[v]:.2f}" for v in variants))
            cells.append(" / ".join(f"{med[v] / med['baseline']:.2f}" for v in variants))
            print(f"{name} limit {limit}: " + ", ".join(f"{v} {med[v]:.2f} us" for v in variants), flush=True)
        rows.append(f"| {name} | {count:,} | {cells[0]} | {cells[1]} | {cells[2]} | {cells[3]} |")
    load_end = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    names = " / ".join(variants)
    kernels = " / ".join(_core.sudoku.kernel9(v) for v in variants)
    text = f"""# The 9x9 engine's instruction-set variants, side by side

Command: `python bench/sudoku9_simd.py --max {args.max} --passes {args.passes}` ({time.perf_counter() - started:.0f} s).
Build: {_core.common.build_info()}. Load average {load_start:.2f} at the start, {load_end:.2f} at the end.

Microseconds per puzzle (thread CPU time of the core batch loop, one thread, first
{args.max:,} puzzles of each set), median of {args.passes} passes alternating between the variants,
and each variant's time over the baseline's (below 1: faster). Columns: {names}. Every variant
returned the same solutions and counts. Kernels: {kernels}.

| set | puzzles | first solution, us | / baseline | count to 2, us | / baseline |
|---|---:|---|---|---|---|
""" + "\n".join(rows) + "\n"
    print(text)
    if not args.no_write:
        RESULTS.write_text(text)
        print(f"wrote {RESULTS}")


if __name__ == "__main__":
    main()
