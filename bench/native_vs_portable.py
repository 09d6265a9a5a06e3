"""The `-march=native` build against the portable one, side by side on the same machine.

Issue 19 asked why the native build (`pip install . -Ccmake.define.CASSETETE_NATIVE=ON`) was 2-7 %
slower than the portable one on Sudoku and 8 % on 3x4x5. This script measures both builds on the
same workloads, alternating the two interpreters pass by pass (so machine noise hits both alike),
and prints the median CPU time of each and the ratio native / portable (< 1: native is faster).

Each build lives in its own environment: give the Python of each (the one running this script is
the portable build unless --portable says otherwise).

Workloads (CPU seconds of one thread, `time.thread_time`):
  sudoku-17      9x9 puzzles2_17_clue, first 20,000, C++ batch loop, limit 1
  sudoku-hard    9x9 puzzles5_forum_hardest_1905_11+, first 20,000, limit 1
  sudoku-hard-2  the same, counting to 2
  pentomino-3x4x5  polyomino.count_solutions("3x4x5") (the bitboard engine)
  e2-centre      Eternity II, centre clue, row order: placements per CPU second over 10 s
  narrowing-4x15 packing_model((4, 15)).count_solutions() (the paper's model)

Usage:
    python bench/native_vs_portable.py --native /work/venv-native/bin/python [--repeats 3]
        [--data ../shared/data/sudoku] [--only sudoku-17,e2-centre]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Dict, List

from _runlog import load_average  # beside this script

HERE = Path(__file__).resolve().parent
WORKLOADS = ("sudoku-17", "sudoku-hard", "sudoku-hard-2", "pentomino-3x4x5", "e2-centre", "narrowing-4x15")

# Run inside each interpreter: one workload, one pass; prints {"seconds": ..., "rate": ...}.
_PASS = r"""
import json, sys, time
from pathlib import Path
import numpy as np
name, data = sys.argv[1], sys.argv[2]
sys.path.insert(0, sys.argv[3])
out = {}
if name.startswith("sudoku"):
    from cassetete import _core, sudoku
    from sudoku_data import read_puzzles
    file = "puzzles2_17_clue" if name == "sudoku-17" else "puzzles5_forum_hardest_1905_11+"
    lines = read_puzzles(file, Path(data), limit=20000)
    grid = np.array([[0 if c in ".0" else int(c) for c in line[:81]] for line in lines], dtype=np.int32)
    limit = 2 if name.endswith("-2") else 1
    start = time.thread_time()
    _core.sudoku.solve_many(grid, 3, 3, limit, list(sudoku.DEFAULT_RULES), 1, None)
    out["seconds"] = time.thread_time() - start
elif name == "pentomino-3x4x5":
    from cassetete import polyomino
    start = time.thread_time()
    assert polyomino.count_solutions("3x4x5") == 3940
    out["seconds"] = time.thread_time() - start
elif name == "e2-centre":
    from cassetete import edgematch as em
    puzzle = em.eternity2("centre")
    start = time.thread_time()
    result = em.solve(puzzle, order="row", time_limit=10.0)
    out["seconds"] = time.thread_time() - start
    out["rate"] = result.stats["rules"]["placements"] / out["seconds"]
elif name == "narrowing-4x15":
    from cassetete.narrowing import packing_model
    model = packing_model((4, 15))
    start = time.thread_time()
    assert model.count_solutions() == 368
    out["seconds"] = time.thread_time() - start
print(json.dumps(out))
"""


def one_pass(python: str, name: str, data: str) -> Dict[str, float]:
    done = subprocess.run([python, "-c", _PASS, name, data, str(HERE)], capture_output=True, text=True,
                          check=True, timeout=600)
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--native", required=True, help="the Python of the environment with the native build")
    parser.add_argument("--portable", default=sys.executable, help="the Python of the portable build")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--data", default=str(HERE.parent.parent / "shared" / "data" / "sudoku"))
    parser.add_argument("--only", default="", help="comma list of workloads")
    parser.add_argument("--out", default=str(HERE / "results" / "native_vs_portable.md"))
    args = parser.parse_args()
    names = [n for n in args.only.split(",") if n] or list(WORKLOADS)
    started = time.time()
    rows: List[str] = []
    for name in names:
        runs: Dict[str, List[Dict[str, float]]] = {"portable": [], "native": []}
        for _ in range(args.repeats):
            for build, python in (("portable", args.portable), ("native", args.native)):
                runs[build].append(one_pass(python, name, args.data))
        if name == "e2-centre":  # a rate: higher is better; report the time per placement ratio
            value = {b: statistics.median(r["rate"] for r in runs[b]) / 1e6 for b in runs}
            ratio = value["portable"] / value["native"]
            rows.append(f"| {name} | {value['portable']:.1f} M placements/s | {value['native']:.1f} M placements/s "
                        f"| {ratio:.2f} |")
        else:
            value = {b: statistics.median(r["seconds"] for r in runs[b]) for b in runs}
            ratio = value["native"] / value["portable"]
            rows.append(f"| {name} | {value['portable']:.3f} s | {value['native']:.3f} s | {ratio:.2f} |")
        print(rows[-1], flush=True)
    load = load_average()
    text = "\n".join([
        "# The native build against the portable one",
        "",
        f"Command: `python bench/native_vs_portable.py --native PYTHON --repeats {args.repeats}` "
        f"({time.time() - started:.0f} s; load average at the end {load}). Portable: the default build "
        "(-O3, no -march); native: `pip install . -Ccmake.define.CASSETETE_NATIVE=ON` (-O3 -march=native), "
        "each in its own environment, passes alternating, medians. Ratio = native time / portable time "
        "(< 1: native faster; for the rate, portable rate / native rate).",
        "",
        "| workload | portable | native | native / portable |",
        "|---|---|---|---|",
        *rows, ""])
    Path(args.out).write_text(text)
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
