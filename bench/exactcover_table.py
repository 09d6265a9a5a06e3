"""Reproduce the pentomino table of Gilleta, "Résolution du puzzle tridimensionnel des
pentaminos" (section 7) with both engines and print a markdown table: solutions, nodes, CPU seconds, nodes per second.

Usage: python bench/exactcover_table.py [--full] [--cells-regions 6x10,2x5x6,3x4x5]
"all copies" are counted twice: from the symmetry-broken subproblems with orbit weights (what
polyomino.count_solutions(up_to_symmetry=False) does) and by a plain search over the whole matrix (--full adds
that plain search for 3x4x5, about a minute of CPU).
"""

from __future__ import annotations

import argparse
import time

from cassetete.polyomino import Packing

SEED = {  # region: (solutions as printed in the paper, enumerative nodes, enumerative time)
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


def measure(packing: Packing, kind: str, engine: str):
    """kind: "unique", "weighted" (all copies from the unique subproblems, orbit weights) or
    "plain" (all copies by searching the whole matrix)."""
    if kind == "unique":
        prefixes, weights = packing.unique_prefixes(), None
    elif kind == "weighted":
        prefixes, weights = packing.weighted_prefixes()
    else:
        prefixes, weights = [[]], None
    start = time.process_time()
    if engine == "bitboard":
        n = packing.count_bitboard(prefixes, weights=weights)
        stats = packing.last_stats
    else:
        n = packing.cover.count_prefixes(prefixes, weights=weights)
        stats = packing.cover.last_stats
    cpu = time.process_time() - start
    return n, stats["nodes"], cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--full", action="store_true", help="also the plain search over every copy of 3x4x5")
    parser.add_argument("--cells-regions", default="6x10,2x5x6,3x4x5")
    args = parser.parse_args()
    print(
        "| region | seed: solutions | seed: nodes | seed: time (PIII 350 MHz) | engine (rule) | unique | nodes | CPU s "
        "| all copies | CPU s (weighted) | nodes (plain search) | CPU s (plain search) |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for region, (sols, nodes, seconds) in SEED.items():
        engines = ["bitboard"] + (["cells"] if region in args.cells_regions.split(",") else [])
        for engine in engines:
            packing = Packing(region)
            rule = "dancing cells"
            if engine == "bitboard":
                packing.bitboard()
                cross_section = packing.mask.size // max(packing.mask.shape)
                rule = "bitboard (" + ("fewest" if packing.dim == 3 and cross_section > 6 else "lowest") + ")"
            u, un, ut = measure(packing, "unique", engine)
            a, _, at = measure(packing, "weighted", engine)
            if (region == "3x4x5" and not args.full) or engine == "cells":
                pn, pt = "-", "-"
            else:
                n, pn, pt = measure(packing, "plain", engine)
                assert n == a, (n, a)
                pt = f"{pt:.2f}"
            print(
                f"| {region} | {sols} | {nodes} | {seconds} | {rule} | {u} | {un} | {ut:.2f} | {a} | {at:.2f} | {pn} | {pt} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
