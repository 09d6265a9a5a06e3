"""Peak memory of every engine against the input size.

Each measurement runs in a fresh interpreter: the peak resident set (``ru_maxrss``) after the
call minus the peak after the imports and the puzzle's construction, so the figure is what the
search itself added. Prints a Markdown table (engine, size, input cells, peak MB, MB per cell).

    python bench/reliability_memory.py            # all engines, the default sizes
    python bench/reliability_memory.py local      # the engines whose name contains "local"
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
}

PROBE = textwrap.dedent("""
    import json, resource, sys, time
    n = int(sys.argv[1])
    from cassetete import edgematch, exactcover, hashi, polyomino, shikaku, sudoku
    {setup}
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    start = time.perf_counter()
    {call}
    seconds = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(json.dumps({{"before_kb": before, "after_kb": after, "seconds": seconds}}))
""")


def measure(setup: str, call: str, n: int) -> dict:
    code = PROBE.format(setup=setup, call=call)
    out = subprocess.run([sys.executable, "-c", code, str(n)], capture_output=True, text=True, timeout=900)
    if out.returncode != 0:
        return {"error": out.stderr.strip().splitlines()[-1] if out.stderr.strip() else f"exit {out.returncode}"}
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    pattern = sys.argv[1] if len(sys.argv) > 1 else ""
    print("| engine | n | input cells/items | peak added (MB) | KB per cell | seconds |")
    print("|---|---|---|---|---|---|")
    for engine, (setup, call, sizes, cells) in ENGINES.items():
        if pattern not in engine:
            continue
        for n in sizes:
            row = measure(setup, call, n)
            size = eval(cells, {"n": n})  # noqa: S307 - our own table above
            if "error" in row:
                print(f"| {engine} | {n} | {size} | error: {row['error'][:60]} | | |", flush=True)
                continue
            added = max(0, row["after_kb"] - row["before_kb"]) / 1024
            print(f"| {engine} | {n} | {size} | {added:.1f} | {added * 1024 / size:.2f} | {row['seconds']:.2f} |",
                  flush=True)


if __name__ == "__main__":
    main()
