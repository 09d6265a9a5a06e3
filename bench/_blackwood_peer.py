"""Runs libblackwood (github.com/jfbucas/libblackwood, Joshua Blackwood's algorithm as generated C)
for a fixed time and prints its placement rate as JSON lines. Used by bench/eternity2_vs_blackwood.py
and bench/eternity2_breaks_rate.py; it only drives the peer's own Python/C from its source tree,
nothing of it is copied here.

Usage: python bench/_blackwood_peer.py PEER_DIR PUZZLE SECONDS BUILD REPEATS [SCENARIO [depths]]
    PUZZLE: E2 (centre piece and the 4 clue pieces), E2nc or E2ncud (centre piece only; the
    second upside down, the peer's default), the peer's names.
    SCENARIO: the peer's scenario, JB470 unless given (JB466, JB467, ...).
    depths: also compile in the peer's STATS counters (a few per cent slower, its own build
    folder) and, after each run, print the line "BOARDS_BY_DEPTH" and then the peer's own line
    of 256 counts: how many times each depth k (0-based, the clue's cell counted) was entered,
    that is boards of k pieces.
    BUILD: shipped (the peer's own flags: -Os for the search), o3native (-O3 -march=native) or
    o3 (-O3, portable).

A placement is what the peer counts as a node (stats_total_nodes_count, compiled in with its PERF
switch): a piece put on a cell where it matches the placed neighbours (or breaks one join, at the
depths where the scenario allows it), the same event as our "placements" statistic (our breaks
search's "nodes"). "tried" counts every candidate looked at, pieces already used included.
CPU seconds are those of the thread running the search. The peer's time limit is driven as its
own heartbeat thread does, once a second.
"""

from __future__ import annotations

import json
import os
import sys
import threading
import time
import types


def main() -> None:
    peer, puzzle_name, seconds, build, repeats = sys.argv[1:6]
    scenario_name = sys.argv[6] if len(sys.argv) > 6 else "JB470"
    by_depth = len(sys.argv) > 7 and sys.argv[7] == "depths"
    seconds, repeats = float(seconds), int(repeats)
    os.chdir(peer)
    sys.path.insert(0, peer)
    os.environ.update(QUIET="1", NICE="0", SCENARIO=scenario_name, PUZZLE=puzzle_name,
                      HOSTNAME="cassetete_bench_" + build + ("_depths" if by_depth else ""))  # its build folder
    try:
        import requests  # noqa: F401 (the peer imports it for its network reports, unused here)
    except ImportError:
        sys.modules["requests"] = types.ModuleType("requests")
    import scenario  # the peer's modules, from PEER_DIR

    scenario.Scenario.PERF = True  # compiles its total node / tried counters in
    scenario.Scenario.STATS = by_depth  # and its counters per cell
    original_init = scenario.Scenario.__init__

    def init(self, params={}):  # noqa: B006 (the peer's signature)
        # The peer puts the puzzle alias (with quotes and spaces) into its build path; keep it out.
        self.name = "".join(ch for ch in self.name if ch.isalnum() or ch == "_")
        original_init(self, params={k: v for k, v in params.items() if k != "alias"})

    scenario.Scenario.__init__ = init
    import external_libs

    if build != "shipped":
        flags = {"o3native": " -O3 -march=native", "o3": " -O3"}[build]

        def optimise(self, module):
            return flags if module in self.modules_optimize else " -O2"

        external_libs.External_Libs.getGCCOptimize = optimise
    import data
    import libblackwood

    lib = libblackwood.LibBlackwood(data.loadPuzzle())
    for _ in range(repeats):
        lib.copy_new_arrays_to_cb()  # a new random piece order, as each of its runs does
        finished = threading.Event()

        start = time.time()

        def heartbeat() -> None:  # joined before the next repeat, so `start` is this repeat's
            while not finished.wait(min(1.0, max(0.01, start + seconds - time.time()))):
                if time.time() >= start + seconds:
                    lib.LibExt.setTTF(lib.cb, 1)
                lib.LibExt.incHB(lib.cb)
                lib.LibExt.setCheckCommands(lib.cb, 1)

        beat = threading.Thread(target=heartbeat, daemon=True)
        beat.start()
        cpu = time.thread_time()
        lib.LibExt.solve(None, lib.cb)
        cpu = time.thread_time() - cpu
        finished.set()
        beat.join()
        nodes = lib.LibExt.getStatsNodesCount(lib.cb)
        tried = lib.LibExt.getStatsPiecesTriedCount(lib.cb)
        print(json.dumps({"placements": nodes, "tried": tried, "cpu": cpu}), flush=True)
        if by_depth:
            import ctypes

            print("BOARDS_BY_DEPTH", flush=True)
            show = lib.LibExt.printStatsNodesCount_for_stats_by_depth  # its C printf, flushed
            show.argtypes = [ctypes.c_void_p if isinstance(lib.cb, int) else type(lib.cb)]
            show.restype = None
            show(lib.cb)


if __name__ == "__main__":
    main()
