"""9x9 Sudoku: our engine against tdoku, side by side in one run (issues 19 and 28).

    python bench/sudoku9_vs_tdoku.py --tdoku /tmp/tdoku/build [--data DIR] [--max 20000] [--passes 3] [--quick]

tdoku (T. Dillon, github.com/t-dillon/tdoku) is built by the user from its public sources, e.g.
`cmake -S /tmp/tdoku -B /tmp/tdoku/build -DCMAKE_BUILD_TYPE=Release && make -C /tmp/tdoku/build
tdoku_static` (its default flags: -O3 -march=native, so AVX2/AVX-512 where the CPU has them; ours
is the portable build unless the package was built with CASSETETE_NATIVE=ON, which the table's
build line shows). `--tdoku` takes that build folder (holding
libtdoku_static.a; our driver bench/peers/tdoku_driver.c is compiled against it) or the path of
an already built driver executable. The driver calls only tdoku's public entry point
`TdokuSolverDpllTriadSimd`.

For each set (first --max puzzles, file order) and each limit (1 = first solution, 2 = count to
2), the passes alternate: tdoku, then ours, --passes times; the table gives medians.
Both sides are thread CPU time of one thread around the whole loop over the puzzles:
  * tdoku: CLOCK_THREAD_CPUTIME_ID inside the driver around its loop (puzzles already in memory);
  * ours, "engine": `time.thread_time()` around one call of the core binding
    `_core.sudoku.solve_many(puzzles, 3, 3, limit, rules, workers=1, ...)`: the C++ batch loop
    with the GIL released (workers=1 runs on the calling thread), including the copy of the
    solutions into the numpy result; no per-puzzle Python code runs inside it;
  * ours, "solve_many": the same around the public `sudoku.solve_many(puzzles, workers=1,
    limit=...)`, what a user calls: it adds the Python-side validation of the batch and the
    certification of every solution (about 0.2-0.4 us per puzzle), and is the ratio issue 28's
    goal is about; the engine alone is reported beside it so that nothing is hidden.
The second table gives where the time goes: tdoku's decisions and our tries per puzzle, and the
time of each.
Every solution of ours is checked with the tests' own rules checker (tests/sudoku_checker.py),
out of the timed loop, and our number of puzzles with 2+ solutions must equal tdoku's.

The last section times `solve_many(workers=1)` against `workers=2` (wall time, limit 1) and gives
the throughput ratio (goal >= 1.9 on 2 idle cores).
"""

from __future__ import annotations

import argparse
import os
import platform
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Dict, List, Tuple

import numpy as np

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT / "tests"))
from sudoku_checker import is_solution  # noqa: E402
from sudoku_data import DEFAULT_DATA, read_puzzles  # noqa: E402

from cassetete import _core, sudoku  # noqa: E402

SETS = ["puzzles2_17_clue", "puzzles3_magictour_top1465", "puzzles5_forum_hardest_1905_11+",
        "puzzles6_forum_hardest_1106"]
DRIVER_SOURCE = HERE / "peers" / "tdoku_driver.c"


def cpu_name() -> str:
    """The CPU model and its widest SIMD extension (from /proc/cpuinfo where there is one)."""
    try:
        info = Path("/proc/cpuinfo").read_text()
    except OSError:
        return platform.processor() or "unknown"
    model = next((line.split(":", 1)[1].strip() for line in info.splitlines() if line.startswith("model name")), "?")
    flags = next((line.split(":", 1)[1].split() for line in info.splitlines() if line.startswith("flags")), [])
    simd = next((f for f in ("avx512f", "avx2", "avx", "sse4_2") if f in flags), "sse2")
    return f"{model} ({simd})"


def build_driver(tdoku: Path, cc: str) -> Path:
    """The tdoku driver: `tdoku` itself if it is an executable, else compiled against tdoku/libtdoku_static.a."""
    if tdoku.is_file() and os.access(tdoku, os.X_OK):
        return tdoku
    library = tdoku / "libtdoku_static.a"
    if not library.exists():
        sys.exit(f"no {library}: build tdoku first (make tdoku_static in its build folder)")
    out = Path(tempfile.gettempdir()) / "cassetete_tdoku_driver"
    command = [cc, "-O3", "-march=native", "-o", str(out), str(DRIVER_SOURCE), str(library), "-lstdc++"]
    subprocess.run(command, check=True)
    return out


def time_tdoku(driver: Path, path: Path, count: int, limit: int) -> Tuple[float, int, int]:
    """One pass of tdoku: (us per puzzle, puzzles that reached the limit, guesses)."""
    out = subprocess.run([str(driver), str(path), str(count), str(limit), "1"], check=True,
                         capture_output=True, text=True).stdout.split()
    fields = dict(zip(out[::2], out[1::2]))
    if int(fields["puzzles"]) != count:
        sys.exit(f"tdoku driver read {fields['puzzles']} puzzles of {path}, expected {count}")
    return float(fields["us_per_puzzle"]), int(fields["reached_limit"]), int(fields["guesses"])


def time_engine(array: np.ndarray, limit: int):
    """One pass through the core binding (C++ batch loop, GIL released, calling thread): (us per
    puzzle, solutions, counts, tries). The 9x9 engine counts one node per value or configuration
    tried at a branch point, so the batch's nodes are its tries."""
    start = time.thread_time()
    solutions, counts, nodes = _core.sudoku.solve_many(array, 3, 3, limit, list(sudoku.DEFAULT_RULES), 1, None)
    return 1e6 * (time.thread_time() - start) / len(array), solutions, counts, nodes


def time_public(array: np.ndarray, limit: int) -> float:
    """One pass through the public sudoku.solve_many (adds the batch validation in Python)."""
    start = time.thread_time()
    sudoku.solve_many(array, workers=1, limit=limit)
    return 1e6 * (time.thread_time() - start) / len(array)


def check_all(array: np.ndarray, solutions: np.ndarray, counts: np.ndarray, limit: int, name: str) -> int:
    """Every puzzle solved, every solution passes the tests' checker; returns the 2+ count."""
    if (counts < 1).any():
        sys.exit(f"{name}: {int((counts < 1).sum())} puzzles without a solution or stopped")
    for k in range(len(array)):
        if not is_solution(array[k].tolist(), solutions[k].tolist(), (3, 3)):
            sys.exit(f"{name}, puzzle {k + 1}: the solution fails the rules checker")
    return int((counts >= 2).sum()) if limit >= 2 else 0


def throughput(array: np.ndarray, passes: int) -> Dict[int, Tuple[float, float]]:
    """Median (wall seconds, process CPU seconds) of solve_many(workers=w, limit=1), w = 1, 2 (alternating)."""
    times: Dict[int, List[Tuple[float, float]]] = {1: [], 2: []}
    for _ in range(passes):
        for workers in (1, 2):
            start, cpu = time.perf_counter(), time.process_time()
            _solutions, counts = sudoku.solve_many(array, workers=workers, limit=1)
            times[workers].append((time.perf_counter() - start, time.process_time() - cpu))
            assert (counts == 1).all()
    return {w: (statistics.median(t[0] for t in runs), statistics.median(t[1] for t in runs))
            for w, runs in times.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tdoku", type=Path, required=True,
                        help="tdoku build folder (with libtdoku_static.a) or a built tdoku_driver")
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="folder holding the puzzles* files")
    parser.add_argument("--max", type=int, default=20000, help="first N puzzles of each set")
    parser.add_argument("--passes", type=int, default=3, help="passes per side (the median is reported)")
    parser.add_argument("--quick", action="store_true", help="2,000 puzzles per set (a few minutes in all)")
    parser.add_argument("--cc", default=os.environ.get("CC", "cc"), help="C compiler for the driver")
    parser.add_argument("--out", type=Path, default=HERE / "results" / "sudoku9_vs_tdoku.md")
    args = parser.parse_args()
    if args.quick:
        args.max = min(args.max, 2000)
    command = "python bench/sudoku9_vs_tdoku.py " + " ".join(shlex.quote(a) for a in sys.argv[1:])
    driver = build_driver(args.tdoku, args.cc)
    load_before = os.getloadavg()[0]
    started = time.perf_counter()

    rows: List[str] = []
    effort: List[str] = []
    hard_array = None
    for name in SETS:
        path = args.data / name
        if not path.exists():
            sys.exit(f"{path} not found (give --data)")
        lines = read_puzzles(name, args.data, limit=args.max)
        array = sudoku.parse_lines_array(lines, 9)
        if name == "puzzles5_forum_hardest_1905_11+":
            hard_array = array
        cells = []
        for limit in (1, 2):
            peer, engine, public = [], [], []
            for _ in range(args.passes):
                us, reached, guesses = time_tdoku(driver, path, len(lines), limit)
                peer.append(us)
                us, solutions, counts, tries = time_engine(array, limit)
                engine.append(us)
                public.append(time_public(array, limit))
            several = check_all(array, solutions, counts, limit, name)
            if limit == 2 and several != reached:
                sys.exit(f"{name}: {several} puzzles with 2+ solutions for us, {reached} for tdoku")
            p, e, q = (statistics.median(v) for v in (peer, engine, public))
            cells.append((p, e, q, guesses / len(lines), tries / len(lines)))
            print(f"{name} limit {limit}: tdoku {p:.2f} us, ours engine {e:.2f} us (ratio {e / p:.2f}), "
                  f"solve_many {q:.2f} us", flush=True)
        (p1, e1, q1, g1, t1), (p2, e2, q2, g2, t2) = cells
        rows.append(f"| {name} | {len(lines):,} | {p1:.2f} / {p2:.2f} | {q1:.2f} / {q2:.2f} | "
                    f"**{q1 / p1:.2f} / {q2 / p2:.2f}** | {e1:.2f} / {e2:.2f} | {e1 / p1:.2f} / {e2 / p2:.2f} |")
        effort.append(f"| {name} | {g1:.1f} / {g2:.1f} | {p1 / max(g1, 1e-9):.2f} / {p2 / max(g2, 1e-9):.2f} | "
                      f"{t1:.1f} / {t2:.1f} | {e1 / max(t1, 1e-9):.2f} / {e2 / max(t2, 1e-9):.2f} |")

    assert hard_array is not None
    walls = throughput(hard_array, args.passes)
    speedup = walls[1][0] / walls[2][0]
    cpu_ratio = walls[2][1] / walls[1][1]
    elapsed = time.perf_counter() - started
    load_after = os.getloadavg()[0]
    print(f"solve_many workers=1 {walls[1][0]:.3f} s, workers=2 {walls[2][0]:.3f} s: throughput x{speedup:.2f}; "
          f"CPU time workers=2 / workers=1: {cpu_ratio:.3f}")

    text = f"""# 9x9 Sudoku against tdoku, side by side (issues 19 and 28)

Command: `{command}` ({elapsed:.0f} s). Machine: {platform.machine()}, {_core.common.hardware_threads()}
hardware threads, load average {load_before:.1f} at the start and {load_after:.1f} at the end (a
shared machine is noisy: the ratios, taken in one run with the passes alternating, are the figures
to read). Ours: {_core.common.build_info()}. tdoku: `TdokuSolverDpllTriadSimd` from the build given
(`{args.tdoku}`; tdoku's CMake defaults are -O3 -march=native), through our driver
`bench/peers/tdoku_driver.c`. CPU: {cpu_name()}.

Microseconds per puzzle, thread CPU time of one thread around the loop over the first
{args.max:,} puzzles of each set in file order, median of {args.passes} passes, first solution / count to 2.
"solve_many" = the public `sudoku.solve_many(workers=1)`, what a user calls (the batch's Python-side
validation and the certification of every solution included); "engine" = the core binding
`_core.sudoku.solve_many` alone (C++ batch loop, GIL released, results copied into numpy arrays).
Every solution of ours passed tests/sudoku_checker.py, and both solvers found the same number of
puzzles with 2+ solutions. Issue 28's goal: ours / tdoku at most 0.9 on every set and mode.

| set | puzzles | tdoku | ours, solve_many | ratio solve_many (goal <= 0.9) | ours, engine | ratio engine |
|---|---:|---:|---:|---:|---:|---:|
""" + "\n".join(rows) + """

## Where the time goes

Per puzzle, first solution / count to 2, from the same passes. tdoku reports its decisions (a
decision is binary: one configuration of a digit in a band or stack, then its negation, so up to two
propagations); ours counts its tries (each value or configuration tried at a branch point is one
propagation). us per decision / per try = the table's time (tdoku's, ours through the engine) / that count.

| set | tdoku decisions | tdoku us per decision | ours tries | ours us per try |
|---|---:|---:|---:|---:|
""" + "\n".join(effort) + f"""

## Two workers

`sudoku.solve_many(puzzles, workers=w, limit=1)` on the first {len(hard_array):,} puzzles of
puzzles5_forum_hardest_1905_11+, median of {args.passes}: wall time workers=1 {walls[1][0]:.3f} s,
workers=2 {walls[2][0]:.3f} s, throughput **x{speedup:.2f}** (goal >= 1.9 on 2 idle cores; with other
jobs on the machine the second core is not ours alone). Process CPU time workers=1 {walls[1][1]:.3f} s,
workers=2 {walls[2][1]:.3f} s: ratio {cpu_ratio:.3f} (the work added by running on two threads;
1.0 = none, which with balanced chunks bounds the idle-machine throughput at 2 / ratio).
"""
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(text)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
