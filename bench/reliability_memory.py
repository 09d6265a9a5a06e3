"""Peak memory of every engine against the input size.

Each measurement runs in a fresh interpreter: the peak resident set (``ru_maxrss``) after the
call minus the peak after the imports and the puzzle's construction, so the figure is what the
search itself added. Prints a Markdown table (engine, size, input cells, peak MB, MB per cell).

    python bench/reliability_memory.py            # all engines, the default sizes
    python bench/reliability_memory.py local      # the engines whose name contains "local"
    python bench/reliability_memory.py "narrowing|jigsaw"   # several patterns, separated by |
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from typing import Dict, List, Tuple

# engine -> (setup code building `puzzle` from `n`, the call measured, sizes n, cells of size n)
ENGINES: Dict[str, Tuple[str, str, List[int], str]] = {
    "sudoku.solve (empty grid, box n x n)": (
        "from cassetete import sudoku; puzzle = sudoku.parse(__import__('numpy').zeros((n * n, n * n), int))",
        "sudoku.solve(puzzle, node_limit=100000)", [3, 4, 5, 6, 8], "n ** 4"),
    "exactcover.solve (random, n items, 20 n options of 4 items)": (
        "import numpy as np; from cassetete.exactcover import ExactCover; rng = np.random.default_rng(1);"
        "puzzle = ExactCover.from_options([sorted(rng.choice(n, 4, replace=False).tolist()) for _ in range(20 * n)])",
        "exactcover.solve(puzzle, node_limit=200000)",
        [100, 1000, 10000, 100000], "n"),
    "polyomino.solve (dominoes, 2 x n strip)": (
        "from cassetete import polyomino; puzzle = {f'd{i}': '##' for i in range(n)}",
        "polyomino.solve(f'2x{n}', puzzle, node_limit=100000)", [10, 50, 200], "2 * n"),
    "edgematch.solve backtrack (n x n)": (
        "from cassetete import edgematch; puzzle, _ = edgematch.generate(n, n, colors=max(3, n // 2), seed=1)",
        "edgematch.solve(puzzle, node_limit=200000)", [4, 8, 16, 32, 64], "n * n"),
    "edgematch.solve_local (n x n, 10 iterations, random start)": (
        "from cassetete import edgematch; puzzle, _ = edgematch.generate(n, n, colors=max(3, n // 2), seed=1)",
        "edgematch.solve_local(puzzle, iterations=10, seed=1, init='random')", [16, 32, 48, 70], "n * n"),
    "shikaku.solve exact (n x n)": (
        "from cassetete import shikaku; puzzle = shikaku.generate(n, n, 4, seed=1)",
        "shikaku.solve(puzzle, node_limit=200000)", [10, 20, 40, 80], "n * n"),
    "hashi.solve exact (n vertices)": (
        "from cassetete import hashi; puzzle = hashi.generate(n, seed=1)",
        "hashi.solve(puzzle, node_limit=200000)", [20, 80, 320], "n"),
    "narrowing packing_model count (5 x n box, the first n pentominoes)": (
        "from cassetete import narrowing, LimitReached\n"
        "puzzle = narrowing.packing_model((5, n), pieces=list('FILNPTUVWXYZ'[:n]))\n"
        "def count():\n"
        "    try:\n"
        "        return puzzle.count_solutions(time_limit=120)\n"
        "    except LimitReached as stopped:\n"
        "        return stopped.count",
        "count()", [4, 6, 8, 10, 12], "5 * n"),
    "narrowing Model.solve (n variables in 0..n-1, all different, one sum)": (
        "from cassetete import narrowing\n"
        "puzzle = narrowing.Model()\n"
        "xs = [puzzle.int_var(0, n - 1, name=f'x{i}') for i in range(n)]\n"
        "puzzle.add_all_different(xs)\n"
        "puzzle.add_sum(puzzle.int_var(0, 3 * n, name='s'), xs[:3])",
        "puzzle.solve(time_limit=120)", [100, 1000, 3000, 10000, 20000], "n"),
    "jigsaw.generate (rows x cols outlines; n = rows)": (
        "from cassetete import jigsaw; rows, cols = JIGSAW_SIZES[n]",
        "jigsaw.generate(rows, cols, seed=1)", [6, 10, 14, 20], "JIGSAW_SIZES[n][0] * JIGSAW_SIZES[n][1]"),
    "jigsaw.solve (from the generated outlines; n = rows)": (
        "from cassetete import jigsaw; rows, cols = JIGSAW_SIZES[n]; puzzle, _ = jigsaw.generate(rows, cols, seed=1)",
        "jigsaw.solve(puzzle)", [6, 10, 14, 20], "JIGSAW_SIZES[n][0] * JIGSAW_SIZES[n][1]"),
}
# the jigsaw boards measured, by their number of rows
JIGSAW_SIZES = {6: (6, 8), 10: (10, 10), 14: (14, 14), 20: (20, 20)}

PROBE = textwrap.dedent("""
    import json, resource, sys, time
    n = int(sys.argv[1])
    from cassetete import edgematch, exactcover, hashi, polyomino, shikaku, sudoku
    JIGSAW_SIZES = {sizes}
    {setup}
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    start = time.perf_counter()
    {call}
    seconds = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(json.dumps({{"before_kb": before, "after_kb": after, "seconds": seconds}}))
""")


def measure(setup: str, call: str, n: int) -> dict:
    code = PROBE.format(setup=setup, call=call, sizes=repr(JIGSAW_SIZES))
    out = subprocess.run([sys.executable, "-c", code, str(n)], capture_output=True, text=True, timeout=900)
    if out.returncode != 0:
        return {"error": out.stderr.strip().splitlines()[-1] if out.stderr.strip() else f"exit {out.returncode}"}
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    pattern = sys.argv[1] if len(sys.argv) > 1 else ""
    print("| engine | n | input cells/items | peak added (MB) | KB per cell | seconds |")
    print("|---|---|---|---|---|---|")
    for engine, (setup, call, sizes, cells) in ENGINES.items():
        if not any(part in engine for part in pattern.split("|")):
            continue
        for n in sizes:
            row = measure(setup, call, n)
            size = eval(cells, {"n": n, "JIGSAW_SIZES": JIGSAW_SIZES})  # noqa: S307 - our own table above
            if "error" in row:
                print(f"| {engine} | {n} | {size} | error: {row['error'][:60]} | | |", flush=True)
                continue
            added = max(0, row["after_kb"] - row["before_kb"]) / 1024
            print(f"| {engine} | {n} | {size} | {added:.1f} | {added * 1024 / size:.2f} | {row['seconds']:.2f} |",
                  flush=True)


if __name__ == "__main__":
    main()
