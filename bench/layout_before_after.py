"""Speed of two builds of the library side by side: the same public calls timed in two Python
interpreters (for example the commit before a restructuring and the one after it), their passes
alternating so that the machine's drift falls on both alike (issue 26: "within noise").

    python bench/layout_before_after.py --before /venv_a/bin/python --after /venv_b/bin/python \
        [--data ../shared/data] [--passes 5] [--out bench/results/layout_before_after.md]

Each workload is a public call whose work does not depend on timing (node limits, not time
limits) and whose answer is checked to be the same in both builds:
  * Sudoku 9x9, `sudoku.solve_many(first 2,000 puzzles, workers=1, limit=1 | 2)` on the four sets
    of bench/sudoku9_vs_tdoku.py;
  * pentominoes, `polyomino.count_solutions(box, up_to_symmetry=...)` as bench/pentomino_vs_sugyan.py times ours,
    and the narrowing solver's counts (`narrowing.packing_model(...).count_solutions()`);
  * Eternity II, `edgematch.solve(eternity2("centre"), order="row", node_limit=2e7)`, the search
    of bench/eternity2_vs_blackwood.py cut at a node count;
  * Shikaku and Hashiwokakero, the exact solves and uniqueness counts of
    bench/test_bench_shikaku.py and bench/test_bench_hashi.py on Tatham's sets.
Times are wall seconds of one call on an otherwise idle machine (one thread; the median of
repeated calls within a pass), then the median over the passes; the ratio is after / before.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
DEFAULT_DATA = HERE.parent.parent / "shared" / "data"

# Run inside each interpreter: prints one JSON line {name: [seconds, answer digest]}.
WORKER = r'''
import hashlib, json, sys, time
from pathlib import Path
from cassetete import edgematch, hashi, narrowing, polyomino, shikaku, sudoku

data = Path(sys.argv[1])
out = {}

def timed(name, call):
    # the median of repeated calls, at least 3 and at least 0.3 s of them (short calls are noisy)
    times, answer = [], None
    while len(times) < 3 or sum(times) < 0.3:
        start = time.perf_counter()
        answer = call()
        times.append(time.perf_counter() - start)
    times.sort()
    out[name] = [times[len(times) // 2], hashlib.sha256(repr(answer).encode()).hexdigest()[:12]]

for name in ["puzzles2_17_clue", "puzzles3_magictour_top1465", "puzzles5_forum_hardest_1905_11+",
             "puzzles6_forum_hardest_1106"]:
    lines = [l.strip() for l in (data / "sudoku" / name).read_text().splitlines()
             if l.strip() and not l.startswith("#")][:2000]
    lines = [l[:81] for l in lines]
    sudoku.solve_many(lines[:50], workers=1)
    for limit in (1, 2):
        timed(f"sudoku {name} limit={limit}",
              lambda: sudoku.solve_many(lines, workers=1, limit=limit)[1].tolist())

for box, unique in (("6x10", False), ("5x12", True), ("3x20", False)):
    timed(f"pentomino {box} up_to_symmetry={unique}", lambda: polyomino.count_solutions(box, up_to_symmetry=unique))

timed("narrowing 3x20, the paper's model", lambda: narrowing.packing_model((3, 20)).count_solutions())
timed("narrowing 2x3x5 FLPTUY, placement", lambda: narrowing.packing_model(
    (2, 3, 5), pieces=list("FLPTUY"), up_to_symmetry=False, narrowing="placement").count_solutions())

e2 = edgematch.eternity2("centre")
timed("eternity2 row order, 2e7 nodes",
      lambda: edgematch.solve(e2, order="row", node_limit=20_000_000).stats["nodes"])

def shikaku_set(size):
    path = data / "shikaku" / "tatham" / f"rect_{size}.jsonl"
    return [shikaku.parse(json.loads(l)["id"]) for l in path.read_text().splitlines() if l.strip()]

for size in ("30x30", "50x50", "100x100"):
    puzzles = shikaku_set(size)
    timed(f"shikaku exact solve {size} x{len(puzzles)}", lambda: [shikaku.solve(p).solution for p in puzzles])
    timed(f"shikaku count limit=2 {size}", lambda: shikaku.count_solutions_many(puzzles, limit=2).tolist())

for size in ("10x10", "25x25", "50x50"):
    path = data / "hashi" / "tatham" / f"bridges_{size}i30e10m2d2.txt"
    puzzles = [hashi.parse(line) for line in path.read_text().split()]
    timed(f"hashi exact solve {size} x{len(puzzles)}", lambda: [hashi.solve(p).solution for p in puzzles])
    timed(f"hashi count {size}", lambda: [hashi.count_solutions(p) for p in puzzles])

print(json.dumps(out))
'''


def one_pass(python: str, data: Path) -> dict:
    done = subprocess.run([python, "-c", WORKER, str(data)], capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", required=True, help="Python interpreter with the earlier build")
    parser.add_argument("--after", required=True, help="Python interpreter with the later build")
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--passes", type=int, default=5)
    parser.add_argument("--label", default="before / after")
    parser.add_argument("--out", type=Path, default=HERE / "results" / "layout_before_after.md")
    args = parser.parse_args()
    runs: dict = {"before": [], "after": []}
    for k in range(args.passes):
        for side in (("before", "after") if k % 2 == 0 else ("after", "before")):
            runs[side].append(one_pass(getattr(args, side), args.data))
            print(f"pass {k + 1} {side} done", file=sys.stderr, flush=True)
    rows = ["| workload | before (s) | after (s) | after / before | range of the ratio over passes |",
            "|---|---|---|---|---|"]
    worst = 0.0
    for name in runs["before"][0]:
        b = [run[name][0] for run in runs["before"]]
        a = [run[name][0] for run in runs["after"]]
        answers = {run[name][1] for side in runs.values() for run in side}
        if len(answers) != 1:
            raise SystemExit(f"{name}: the two builds gave different answers {answers}")
        ratio = statistics.median(a) / statistics.median(b)
        pairs = sorted(x / y for x, y in zip(a, b))
        worst = max(worst, abs(ratio - 1))
        rows.append(f"| {name} | {statistics.median(b):.4f} | {statistics.median(a):.4f} | {ratio:.3f} | "
                    f"{pairs[0]:.2f}-{pairs[-1]:.2f} |")
    text = (f"# Speed {args.label}, side by side\n\n"
            f"`python bench/layout_before_after.py --before B --after A --passes {args.passes}`: wall seconds of "
            f"each public call, median of {args.passes} passes per side, the sides alternating; both builds "
            f"portable (-O3). Every workload gave the same answer in both builds.\n\n" + "\n".join(rows) + "\n")
    args.out.write_text(text)
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
