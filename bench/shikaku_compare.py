"""Shikaku: time the exact C++ solver against Rafaralahy's ILP (HiGHS, optionally CBC) on the
Tatham "rect" sets and on 200x200 puzzles of our generator; write bench/results/shikaku.md.

Usage (from the repository root):
    python bench/shikaku_compare.py [--data ../shared/data/shikaku/tatham] [--cbc] [--out bench/results/shikaku.md]

Every answer is checked against the solution stored with the instance (Tatham sets) or by
``verify`` (generated puzzles). Figures are medians over the puzzles of a set of the best of
``--repeat`` runs (exact) or one run (ILP), in milliseconds.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

from cassetete import shikaku

ROOT = Path(__file__).resolve().parent.parent
SETS = ["4x4", "9x9", "10x10", "16x16", "20x20", "20x20e0.5", "25x25", "30x30", "30x30e0.5", "50x50", "100x100"]
# Reference figures of the issue (median ms per puzzle, measured by the author on this machine kind).
REFERENCE = {"10x10": (0.07, 0.6, 1.9), "30x30": (8.5, 12.6, 15.7), "50x50": (29, 83, 59), "100x100": (419, 918, 389)}


def best_of(fn, repeat):
    best = float("inf")
    out = None
    for _ in range(repeat):
        t = time.perf_counter()
        out = fn()
        best = min(best, time.perf_counter() - t)
    return best, out


def run_set(path: Path, repeat: int, cbc: bool, ilp_max_cells: int):
    records = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    rows = {"solve": [], "count": [], "cpp": [], "highs": [], "cbc": []}
    puzzles = [shikaku.parse(r["id"]) for r in records]
    for rec, p in zip(records, puzzles):
        expected = [(y, x, h, w) for x, y, w, h in rec["solution_rects"]]
        t, res = best_of(lambda: shikaku.solve(p), repeat)
        assert res.solution == expected, rec["seed"]
        rows["solve"].append(t)
        t, n = best_of(lambda: shikaku.count_solutions(p, limit=2), repeat)
        assert n == 1, rec["seed"]
        rows["count"].append(t)
        if p.rows * p.cols <= ilp_max_cells:
            t, res = best_of(lambda: shikaku.solve(p, method="ilp"), 1)
            assert res.solution == expected, rec["seed"]
            rows["highs"].append(t)
            if cbc:
                t, res = best_of(lambda: shikaku.solve(p, method="ilp", solver="cbc"), 1)
                assert res.solution == expected, rec["seed"]
                rows["cbc"].append(t)
    # C++-only time of solve + uniqueness proof (candidates included): best of 4 * repeat runs
    # of each puzzle in one batch call, like the Python timings (best of repeated runs)
    for p in puzzles:
        counts, seconds = shikaku.count_solutions_many([p] * (4 * repeat), limit=2, with_seconds=True)
        assert counts.tolist() == [1] * (4 * repeat)
        rows["cpp"].append(float(min(seconds)))
    return len(records), {k: (statistics.median(v) * 1e3 if v else None) for k, v in rows.items()}


def run_generated(size: int, depth: int, count: int, repeat: int, unique: bool = False):
    times, counts = [], []
    for seed in range(count):
        p = shikaku.generate(size, size, depth, 2, 0.5, seed=seed, unique=unique)
        t, res = best_of(lambda: shikaku.solve(p), repeat)
        assert res.status == "solved" and shikaku.verify(p, res.solution)
        times.append(t)
        t, n = best_of(lambda: shikaku.count_solutions(p, limit=2), repeat)
        counts.append((t, n))
    return statistics.median(times) * 1e3, statistics.median(t for t, _ in counts) * 1e3, [n for _, n in counts]


# Solution counts of the PuzzleKit set that are not 1 (SOURCES.md: verified by enumeration).
PUZZLEKIT_MULTI = {"127_16x22": 2, "128_20x20": 3}


def run_puzzlekit(path: Path, repeat: int):
    """Janko / puzz.link puzzles (benchmark only, read from ../shared): count with limit 10,
    compare with the known counts, verify the solutions; medians for all and for the puzzles
    Tatham's deductive solver cannot finish."""
    records = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    all_t, hard_t = [], []
    for rec in records:
        p = shikaku.parse(rec["id"])
        t, n = best_of(lambda: shikaku.count_solutions(p, limit=10), repeat)
        assert n == PUZZLEKIT_MULTI.get(rec["name"], 1), rec["name"]
        assert shikaku.verify(p, shikaku.solve(p).solution)
        all_t.append(t)
        if not rec.get("tatham_deductive_solves", True):
            hard_t.append(t)
    return len(records), statistics.median(all_t) * 1e3, max(all_t) * 1e3, len(hard_t), statistics.median(hard_t) * 1e3


def fmt(v):
    return "-" if v is None else (f"{v:.3f}" if v < 10 else f"{v:.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data" / "shikaku" / "tatham")
    parser.add_argument("--sets", nargs="*", default=SETS)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--cbc", action="store_true", help="also time CBC through PuLP (slow)")
    parser.add_argument("--ilp-max-cells", type=int, default=100 * 100)
    parser.add_argument("--generated", type=int, default=5, help="200x200 generated puzzles per depth (0 = skip)")
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "results" / "shikaku.md")
    args = parser.parse_args()

    lines = [
        "# Shikaku: exact solver vs Rafaralahy's ILP",
        "",
        f"Command: `python bench/shikaku_compare.py{' --cbc' if args.cbc else ''}` "
        f"(median ms per puzzle; exact = best of {args.repeat} runs).",
        "",
        "Columns: `solve` = `shikaku.solve` from Python (exact); `solve+unique` = `count_solutions(limit=2)` "
        "from Python (finds the solution and proves it unique in one search); `C++ solve+unique` = the same "
        "measured inside C++ by `count_solutions_many` (best of 20 runs; candidate building included, no Python overhead); "
        "`HiGHS ILP` = `solve(method='ilp')` (model building in Python + HiGHS); reference columns are the "
        "issue's figures (Tatham's solver, HiGHS, CP-SAT).",
        "",
        "| set | n | solve | solve+unique | C++ solve+unique | HiGHS ILP | CBC ILP | ref Tatham | ref HiGHS | ref CP-SAT | "
        "best ref / C++ |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for name in args.sets:
        path = args.data / f"rect_{name}.jsonl"
        if not path.exists():
            print(f"skip {name}: {path} not found")
            continue
        n, med = run_set(path, args.repeat, args.cbc, args.ilp_max_cells)
        ref = REFERENCE.get(name)
        ratio = f"{min(ref) / med['cpp']:.0f}x" if ref else "-"
        ref_cols = [fmt(v) for v in ref] if ref else ["-", "-", "-"]
        line = (f"| {name} | {n} | {fmt(med['solve'])} | {fmt(med['count'])} | {fmt(med['cpp'])} | "
                f"{fmt(med['highs'])} | {fmt(med['cbc'])} | " + " | ".join(ref_cols) + f" | {ratio} |")
        print(line, flush=True)
        lines.append(line)
    kit = args.data.parent / "puzzlekit" / "shikaku_puzzlekit.jsonl"
    if kit.exists():
        n, med, worst, n_hard, med_hard = run_puzzlekit(kit, args.repeat)
        lines += ["", "## PuzzleKit set (janko.at / puzz.link, benchmark only)", "",
                  f"{n} puzzles, solution counts as published (all unique except 127_16x22: 2, 128_20x20: 3): "
                  f"count_solutions(limit=10) median {fmt(med)} ms, worst {fmt(worst)} ms; the {n_hard} puzzles "
                  f"Tatham's deductive solver cannot finish: median {fmt(med_hard)} ms."]
        print(lines[-1], flush=True)
    if args.generated:
        lines += ["", "## 200x200 puzzles of `shikaku.generate(200, 200, depth, 2, 0.5, seed=0.., unique=...)`", "",
                  "| depth | unique=| puzzles | solve ms | solve+unique ms | solution counts (limit 2) |",
                  "|---|---|---|---|---|---|"]
        for depth, unique in ((10, False), (12, False), (13, False), (12, True), (13, True)):
            ts, tc, counts = run_generated(200, depth, args.generated, min(args.repeat, 3), unique)
            line = f"| {depth} | {unique} | {args.generated} | {fmt(ts)} | {fmt(tc)} | {counts} |"
            print(line, flush=True)
            lines.append(line)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text("\n".join(lines) + "\n")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
