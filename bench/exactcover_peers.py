"""Side-by-side: our two engines and the xcover package (PyPI, numba dancing cells) on the same
pentomino exact cover matrices. CPU seconds (process time), one thread.

Usage: python bench/exactcover_peers.py [6x10 2x5x6 ...]   (needs `pip install xcover`)

"unique" matrices restrict the symmetry-breaking piece to its orbit representatives; this is
exact only when every representative has a trivial stabiliser, which the script checks.
"""

from __future__ import annotations

import sys
import time

from cassetete.polyomino.model import Packing


def matrices(region: str):
    packing = Packing(region)
    full = [packing.cover.option(o) for o in range(packing.cover.options)]
    prefixes = packing.unique_prefixes()
    restricted = None
    if all(len(p) == 1 for p in prefixes):
        piece = packing.placements[prefixes[0][0]][0]
        keep = {p[0] for p in prefixes}
        restricted = [
            packing.cover.option(o)
            for o, (q, _) in enumerate(packing.placements)
            if q != piece or o in keep
        ]
    return packing, full, prefixes, restricted


def timed(fn):
    start = time.process_time()
    value = fn()
    return value, time.process_time() - start


def main(regions) -> None:
    import xcover

    xcover_warm = list(xcover.covers([[0], [1], [0, 1]]))  # numba compiles on first use
    assert len(xcover_warm) == 2
    print("| problem | solutions | cassetete bitboard | cassetete cells | xcover |")
    print("|---|---|---|---|---|")
    for region in regions:
        packing, full, prefixes, restricted = matrices(region)
        primary = list(range(packing.cover.primary))
        rows = [("all", full, [[]])]
        if restricted is not None:
            rows.append(("unique", restricted, prefixes))
        for kind, options, pre in rows:
            n_bb, t_bb = timed(lambda: packing.count_bitboard(pre))
            n_c, t_c = timed(lambda: packing.cover.count_prefixes(pre))
            n_x, t_x = timed(lambda: sum(1 for _ in xcover.covers(options, primary=primary)))
            assert n_bb == n_c == n_x, (n_bb, n_c, n_x)
            print(f"| {region} {kind} | {n_bb} | {t_bb:.2f} | {t_c:.2f} | {t_x:.2f} |", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:] or ["6x10", "2x5x6"])
