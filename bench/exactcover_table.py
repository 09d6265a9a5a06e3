"""Reproduce the pentomino table of seed 001 (Gilleta, section 7) with both engines and print
a markdown table: solutions, nodes, CPU seconds, nodes per second.

Usage: python bench/exactcover_table.py [--full] [--cells-regions 6x10,2x5x6,3x4x5]
(--full adds the 3x4x5 count of all 31520 copies, about 100 s of CPU.)
"""

from __future__ import annotations

import argparse
import time

from cassetete.polyomino.model import Packing

SEED = {  # region: (solutions as printed in the seed, enumerative nodes, enumerative time)
    "2x30": ("0", "100", "0 s"),
    "3x20": ("2", "38 792", "0 s"),
    "4x15": ("368", "708 508", "7 s"),
    "5x12": ("1 010", "3 285 507", "33 s"),
    "6x10": ("2 339", "9 918 168", "1 m 36 s"),
    "2x2x15": ("0", "3 474", "0 s"),
    "2x3x10": ("2 x 12", "1 860 942", "23 s"),
    "2x5x6": ("2 x 264", "114 424 641", "36 m 5 s"),
    "3x4x5": ("2 x 3940", "2 039 115 519", "10 h 42 m"),
}


def measure(packing: Packing, unique: bool, engine: str):
    prefixes = packing.unique_prefixes() if unique else [[]]
    start = time.process_time()
    if engine == "bitboard":
        n = packing.count_bitboard(prefixes)
        stats = packing.last_stats
    else:
        n = packing.cover.count_prefixes(prefixes)
        stats = packing.cover.last_stats
    cpu = time.process_time() - start
    return n, stats["nodes"], cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--full", action="store_true")
    parser.add_argument("--cells-regions", default="6x10,2x5x6,3x4x5")
    args = parser.parse_args()
    print("| region | seed: solutions | seed: nodes | seed: time (PIII 350 MHz) | engine | unique | nodes | CPU s | nodes/s | all copies | nodes | CPU s |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for region, (sols, nodes, seconds) in SEED.items():
        engines = ["bitboard"] + (["cells"] if region in args.cells_regions.split(",") else [])
        for engine in engines:
            packing = Packing(region)
            u, un, ut = measure(packing, True, engine)
            if region == "3x4x5" and (not args.full or engine == "cells"):
                a, an, at = "-", "-", "-"
            else:
                a, an, at = measure(packing, False, engine)
                at = f"{at:.2f}"
            rate = f"{un / ut / 1e6:.1f} M" if ut > 0 else "-"
            print(f"| {region} | {sols} | {nodes} | {seconds} | {engine} | {u} | {un} | {ut:.2f} | {rate} | {a} | {an} | {at} |", flush=True)


if __name__ == "__main__":
    main()
