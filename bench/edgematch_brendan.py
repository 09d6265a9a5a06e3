"""Brendan Owen's puzzles: counting all solutions on one core, and how far the 8x8 is from
issue 4's goal (all 13 solutions in under 10 minutes of one core).

Small puzzles are counted outright. For a puzzle too big to count here the script measures the
work instead: it pins a corner piece (board symmetry, see edgematch.symmetry_parts), splits the
search tree after the first DEPTH placements in row order, counts a seeded random sample of the
sub-trees completely, and extrapolates (total CPU time = number of sub-trees x mean CPU time per
sub-tree, with its standard error). CPU times are the calling thread's (time.thread_time), so a
busy machine does not inflate them.

Usage:
    python bench/edgematch_brendan.py [DATA_DIR] [--count 06x06 ...] [--estimate 08x08 ...]
        [--depth 5] [--sample 40] [--seed 1] [--full SECONDS]
DATA_DIR defaults to ../shared/data/edgematch (relative to the repository root).
"""

from __future__ import annotations

import argparse
import math
import random
import time
import zipfile
from pathlib import Path

from cassetete import edgematch as em
from cassetete.edgematch._count import count_result  # the count with its stats (nodes, complete)

ROOT = Path(__file__).resolve().parent.parent


def brendan(data: Path, name: str) -> em.EdgePuzzle:
    z = zipfile.ZipFile(data / "bucas_viewer_brendan" / "pieces_set_1.zip")
    return em.parse(z.read(f"pieces_{name}.txt").decode())


def full_count(p: em.EdgePuzzle, seconds: float) -> str:
    t = time.thread_time()
    r = count_result(p, order="row", time_limit=seconds)
    cpu = time.thread_time() - t
    if r.solution is not None:
        assert em.verify(p, r.solution)
    state = "complete" if r.stats["complete"] else "stopped by the limit"
    return (f"{r.stats['count']} solutions ({r.stats['count'] // r.stats.get('symmetry_factor', 1)} up to "
            f"board rotation), {state}, {r.stats['nodes']} placements, {cpu:.2f} CPU s")


def estimate(p: em.EdgePuzzle, depth: int, sample: int, seed: int) -> str:
    factor, roots = em.symmetry_parts(p)
    t = time.thread_time()
    parts = [q for root in roots for q in em.split(root, depth, order="row")]
    split_cpu = time.thread_time() - t
    rng = random.Random(seed)
    chosen = rng.sample(range(len(parts)), min(sample, len(parts)))
    cpus, nodes, sols = [], [], 0
    for i in chosen:
        t = time.thread_time()
        r = count_result(parts[i], order="row", symmetry=False)
        cpus.append(time.thread_time() - t)
        nodes.append(r.stats["nodes"])
        sols += r.stats["count"]
        print(f"  part {i}: {r.stats['nodes']} placements, {cpus[-1]:.2f} s, {r.stats['count']} solutions", flush=True)
    n = len(parts)
    mean = sum(cpus) / len(cpus)
    sd = math.sqrt(sum((x - mean) ** 2 for x in cpus) / max(1, len(cpus) - 1))
    total = n * mean + split_cpu
    err = n * sd / math.sqrt(len(cpus))
    rate = sum(nodes) / max(1e-9, sum(cpus)) / 1e6
    return (f"{n} sub-trees after {depth} placements (corner pinned, x{factor}); {len(cpus)} counted: "
            f"mean {mean:.2f} CPU s, {sum(nodes) / len(nodes):.3g} placements each, {rate:.1f} M placements/s, "
            f"{sols} solutions met. Estimated full count: {total:.0f} +- {err:.0f} CPU s "
            f"({n * sum(nodes) / len(nodes):.3g} placements)")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("data", nargs="?", default=str(ROOT.parent / "shared" / "data" / "edgematch"))
    ap.add_argument("--count", nargs="*", default=["05x05", "06x06"])
    ap.add_argument("--estimate", nargs="*", default=["07x07", "08x08"])
    ap.add_argument("--depth", type=int, default=5)
    ap.add_argument("--sample", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--full", type=float, default=0.0, help="also run the real count of each estimated puzzle "
                                                             "for this many seconds")
    ap.add_argument("--out", default=str(ROOT / "bench" / "results" / "edgematch_brendan.md"))
    args = ap.parse_args()
    data = Path(args.data)
    cmd = " ".join(["python bench/edgematch_brendan.py"] + [a for a in __import__("sys").argv[1:]])
    lines = ["# Brendan Owen's puzzles: counting all solutions (one core)", "",
             f"Command: `{cmd}`. CPU seconds of the calling thread; row order; a corner piece pinned "
             "(board symmetry, counts multiplied back by 4).", ""]

    def say(text: str) -> None:
        print(text, flush=True)
        lines.append(f"- {text}")

    for name in args.count:
        say(f"Brendan {name}: {full_count(brendan(data, name), 3600.0)}")
    for name in args.estimate:
        p = brendan(data, name)
        say(f"Brendan {name}: {estimate(p, args.depth, args.sample, args.seed)}")
        if args.full > 0:
            say(f"Brendan {name}, real count for {args.full:.0f} s: {full_count(p, args.full)}")
    Path(args.out).write_text("\n".join(lines) + "\n")
    print("written", args.out)


if __name__ == "__main__":
    main()
