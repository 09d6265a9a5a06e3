"""Side by side on the same pentomino exact cover subproblems: our two engines (bitboard and
cells = dancing cells) and the exact cover packages from PyPI the issue names: xcover (numba
dancing cells), miniexact (C, Knuth's Algorithm X with dancing links) and exact-cover (C,
dancing links). CPU seconds (process time), one thread, one run each.

Usage: python bench/exactcover_peers.py [--peers xcover,miniexact,exact_cover]
                                         [--cases 6x10:all,6x10:unique,2x5x6:unique,3x4x5:unique]
       (pip install xcover miniexact exact-cover)

"all" is the whole matrix (every copy); "unique" the symmetry-broken subproblems of
Packing.unique_prefixes() (exact symmetry breaking: each is the matrix left once its prefix
options are chosen), summed. Every engine gets the same subproblems; peers get each as a
reduced matrix (the prefix's items removed, the options meeting them dropped), built before
their clock starts. A last row per region gives our figure for all copies computed from the
unique subproblems with orbit weights (Packing.weighted_prefixes), which the peers cannot do.
"""

from __future__ import annotations

import argparse
import time
from typing import Callable, List, Sequence, Tuple

import numpy as np

from cassetete.polyomino import Packing

Matrix = Tuple[int, List[List[int]]]  # (primary item count, options)


def reduced(packing: Packing, prefix: Sequence[int]) -> Matrix:
    """The subproblem left once the prefix options are chosen, items renumbered."""
    cover = packing.cover
    taken = set()
    for o in prefix:
        taken.update(cover.option(o))
    keep = [i for i in range(cover.primary) if i not in taken]
    new = {item: k for k, item in enumerate(keep)}
    options = []
    for o in range(cover.options):
        items = cover.option(o)
        if not taken.intersection(items):
            options.append([new[i] for i in items])
    return len(keep), options


def timed(fn: Callable[[], int]) -> Tuple[int, float]:
    start = time.process_time()
    value = fn()
    return value, time.process_time() - start


def run_xcover(matrices: List[Matrix]) -> Tuple[int, float]:
    import xcover

    total, seconds = 0, 0.0
    for primary, options in matrices:
        n, t = timed(lambda: sum(1 for _ in xcover.covers(options, primary=list(range(primary)))))
        total, seconds = total + n, seconds + t
    return total, seconds


def run_miniexact(matrices: List[Matrix]) -> Tuple[int, float]:
    import miniexact

    total, seconds = 0, 0.0
    for primary, options in matrices:
        solver = miniexact.miniexacts_x()
        ids = [solver.primary(f"i{k}") for k in range(primary)]
        for items in options:
            solver.add([ids[i] for i in items])

        def count() -> int:
            n = 0
            while solver.solve() == 10:  # 10: a solution, 20: no more
                n += 1
            return n

        n, t = timed(count)
        total, seconds = total + n, seconds + t
    return total, seconds


def run_exact_cover(matrices: List[Matrix]) -> Tuple[int, float]:
    import exact_cover

    total, seconds = 0, 0.0
    for primary, options in matrices:
        dense = np.zeros((len(options), primary), dtype=bool)
        for r, items in enumerate(options):
            dense[r, items] = True
        n, t = timed(lambda: int(exact_cover.get_solution_count(dense)))
        total, seconds = total + n, seconds + t
    return total, seconds


PEERS = {"xcover": run_xcover, "miniexact": run_miniexact, "exact_cover": run_exact_cover}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--peers", default="xcover,miniexact,exact_cover")
    parser.add_argument("--cases", default="6x10:all,6x10:unique,2x5x6:unique,3x4x5:unique")
    args = parser.parse_args()
    peers = [p for p in args.peers.split(",") if p]
    if "xcover" in peers:
        import xcover

        assert len(list(xcover.covers([[0], [1], [0, 1]]))) == 2  # numba compiles on first use
    print("| problem | solutions | subproblems | cassetete bitboard | cassetete cells | " + " | ".join(peers) + " |")
    print("|---|---|---|---|---|" + "---|" * len(peers))
    for case in args.cases.split(","):
        region, kind = case.split(":")
        packing = Packing(region)
        if kind == "all":
            prefixes, weights = [[]], None
        elif kind == "unique":
            prefixes, weights = packing.unique_prefixes(), None
        else:  # "weighted": all copies from the unique subproblems
            prefixes, weights = packing.weighted_prefixes()
        n_bb, t_bb = timed(lambda: packing.count_bitboard(prefixes, weights=weights))
        n_c, t_c = timed(lambda: packing.cover.count_prefixes(prefixes, weights=weights))
        assert n_bb == n_c, (n_bb, n_c)
        cells = [f"{t_bb:.2f}", f"{t_c:.2f}"]
        if kind == "weighted":
            cells += ["-"] * len(peers)
        else:
            matrices = [reduced(packing, p) for p in prefixes]
            for peer in peers:
                n_p, t_p = PEERS[peer](matrices)
                assert n_p == n_bb, (peer, n_p, n_bb)
                cells.append(f"{t_p:.2f}")
        print(f"| {region} {kind} | {n_bb} | {len(prefixes)} | " + " | ".join(cells) + " |", flush=True)


if __name__ == "__main__":
    main()
