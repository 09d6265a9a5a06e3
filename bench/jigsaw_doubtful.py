"""Doubtful joins before and after their second look (``jigsaw.solve``'s re-examination:
local swaps and turns scored by fit, then confirmation only by a unique labelled assembly),
on the sizes of the timing goals: a generated 10 x 15 scan at 60 px per piece (blur 1.5 px,
noise 4%, printed labels, a bright border), as scanned and mirrored (scanned from the back),
and a 30 x 30 cut from its outlines. Every assembly is checked against the generator's truth.

Writes bench/results/jigsaw_doubtful.md.

    python bench/jigsaw_doubtful.py [--seeds 3]
"""

from __future__ import annotations

import argparse
import time

from cassetete import jigsaw
from jigsaw_bench_common import assembly_correct, truth_for, write_md


def case(name, generated, truth, found):
    start = time.perf_counter()
    result = jigsaw.solve(found)
    seconds = time.perf_counter() - start
    t = truth_for(found, generated, truth) if found is not generated else truth
    corners = jigsaw.find_edges(found).corners
    after = result.stats.get("doubtful_joins")
    before = result.stats.get("doubtful_before", after)
    re = result.stats.get("reexamined", {})
    return {"case": name, "status": result.status, "correct": assembly_correct(result.solution, t, corners),
            "before": before, "after": after, "moves": re.get("moves", 0), "confirmed": re.get("confirmed", 0),
            "labels": result.stats.get("label_solutions"), "re_s": re.get("seconds", 0.0),
            "method": result.stats.get("method"), "seconds": seconds}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=3)
    args = parser.parse_args()
    rows = []
    for seed in range(1, args.seeds + 1):
        for mirrored in (False, True):   # mirrored: the cut seen from the back, as generate(mirror=True) makes it
            generated, truth = jigsaw.generate(10, 15, seed=seed, piece_size=60, mirror=mirrored)
            scan = jigsaw.render_scan(generated, blur=1.5, noise=0.04, labels=True, border=True, seed=seed)
            found = jigsaw.JigsawPuzzle(jigsaw.read_image(scan))
            rows.append(case(f"10 x 15 scan, 60 px, seed {seed}{', mirrored' if mirrored else ''}",
                             generated, truth, found))
            print(rows[-1], flush=True)
    generated, truth = jigsaw.generate(30, 30, seed=1, piece_size=100)
    rows.append(case("30 x 30 outlines, 100 px, seed 1", generated, truth, jigsaw.JigsawPuzzle(generated.pieces)))
    print(rows[-1], flush=True)
    lines = ["# Doubtful joins: before and after the second look", "",
             f"Reproduce: `python bench/jigsaw_doubtful.py --seeds {args.seeds}` (one core). *before*: doubtful joins of "
             "the board chosen by `jigsaw.solve` (method `auto`) before the re-examination; *after*: left doubtful; "
             "*moves*: swaps or turns that made the fit strictly better; *confirmed*: joins confirmed because the "
             "board is the unique assembly of the labelled puzzle (up to a turn of the board); *labels*: assemblies "
             "of the labelled puzzle (0, 1 or 2+).", "",
             "| case | labels | method | status | fully correct | doubtful before | moves | confirmed | "
             "doubtful after | second look (s) | solve (s) |", "|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        lines.append(f"| {r['case']} | {r['labels']} | {r['method']} | {r['status']} | {'yes' if r['correct'] else 'NO'} | "
                     f"{r['before']} | {r['moves']} | {r['confirmed']} | {r['after']} | {r['re_s']:.2f} | {r['seconds']:.2f} |")
    write_md("jigsaw_doubtful.md", lines)


if __name__ == "__main__":
    main()
