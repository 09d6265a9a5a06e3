"""Timing goals of the jigsaw front end (one core): a synthetic 30 x 30 (900 pieces) at 100 px
per piece, from outlines and from a rendered scan; and a 10 x 15 (150 pieces) scan at about
60 px per piece, the size of the held-back real scans of white puzzles. Every assembly is
checked against the generator's truth.

Writes bench/results/jigsaw_timing.md.

    python bench/jigsaw_timing.py [--skip-big-scan]
"""

from __future__ import annotations

import argparse
import os
import time

from cassetete import jigsaw
from jigsaw_bench_common import assembly_correct, joins_correct, truth_for

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "results")


def timed(function, *args, **kwargs):
    start = time.perf_counter()
    out = function(*args, **kwargs)
    return out, time.perf_counter() - start


def outlines_case(rows, cols, size, seed, method):
    generated, truth = jigsaw.generate(rows, cols, seed=seed, piece_size=size)
    fresh = jigsaw.JigsawPuzzle(generated.pieces)          # no cached analysis
    result, seconds = timed(jigsaw.solve, fresh, method=method)
    corners = jigsaw.find_edges(fresh).corners
    return {"case": f"{rows} x {cols} outlines, {size:.0f} px, {method}", "read": 0.0, "solve": seconds,
            "status": result.status, "doubtful": result.stats.get("doubtful_joins"),
            "correct": assembly_correct(result.solution, truth, corners),
            "joins": joins_correct(result.solution, truth, corners)}


def scan_case(rows, cols, size, seed, **scan):
    generated, truth = jigsaw.generate(rows, cols, seed=seed, piece_size=size)
    image, render_s = timed(jigsaw.render_scan, generated, seed=seed, labels=True, border=True, **scan)
    pieces, read_s = timed(jigsaw.read_image, image)
    found = jigsaw.JigsawPuzzle(pieces)
    result, solve_s = timed(jigsaw.solve, found)
    t = truth_for(found, generated, truth)
    corners = jigsaw.find_edges(found).corners
    return {"case": f"{rows} x {cols} scan {image.shape[1]} x {image.shape[0]} px, {size:.0f} px/piece, "
                    f"blur {scan.get('blur', 1.0)}, noise {scan.get('noise', 0.03):.0%}",
            "read": read_s, "solve": solve_s, "status": result.status, "method": result.stats.get("method"),
            "doubtful": result.stats.get("doubtful_joins"), "correct": assembly_correct(result.solution, t, corners),
            "joins": joins_correct(result.solution, t, corners), "render": render_s}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--skip-big-scan", action="store_true")
    args = parser.parse_args()
    os.makedirs(OUT, exist_ok=True)
    cases = []
    for method in ("labels", "fit", "auto"):
        cases.append(outlines_case(30, 30, 100.0, 1, method))
        print(cases[-1], flush=True)
    for seed in (1, 2, 3):
        cases.append(scan_case(10, 15, 60.0, seed, blur=1.0, noise=0.03))
        print(cases[-1], flush=True)
    if not args.skip_big_scan:
        cases.append(scan_case(30, 30, 100.0, 1, blur=1.0, noise=0.03))
        print(cases[-1], flush=True)
    lines = ["# Jigsaw timing goals", "", "Reproduce: `python bench/jigsaw_timing.py` (one process, one core).", "",
             "Read: segmentation of the image into pieces (Otsu, components, outlines). Solve: corners, edges, "
             "encodings, classes, assembly and the check of every join. Rendering the synthetic scan is not "
             "counted.", "",
             "| case | read s | solve s | total s | status | method used | doubtful joins | correct joins | fully correct |",
             "|---|---|---|---|---|---|---|---|---|"]
    for c in cases:
        lines.append(f"| {c['case']} | {c['read']:.2f} | {c['solve']:.2f} | {c['read'] + c['solve']:.2f} | {c['status']} | "
                     f"{c.get('method', c['case'].split(', ')[-1])} | {c['doubtful']} | {c['joins'][0]}/{c['joins'][1]} | "
                     f"{'yes' if c['correct'] else 'no'} |")
    with open(os.path.join(OUT, "jigsaw_timing.md"), "w") as fh:
        fh.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
