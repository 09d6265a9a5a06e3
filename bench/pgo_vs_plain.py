"""The profile-guided build of the breaks search against the plain one, side by side.

``pip install . -Ccmake.define.CASSETETE_PGO=ON`` compiles ``cpp/edgematch/breaks.cpp`` with
the profile of a training run (see ``bench/pgo_workload.py``); the release wheels are built
that way. This script runs the same search in both builds, each in its own environment:
``edgematch.solve(eternity2("centre"), method="breaks", schedule="jb467", node_limit=N, seed=s,
workers=1, restart=None, restart_nodes=N // 4)``, the moonshot's search cut to N placements
(restarts by placements, so that a run is the same in both builds: the script checks that the
boards, depths, completions and placements agree). The two builds run **at the same time, one
per core**, and swap cores at every repeat, so that both see the same machine; each pass
reports the CPU seconds of its search thread. The seeds are not the training run's (seed 9).

    python bench/pgo_vs_plain.py --pgo /work/venv-pgo/bin/python [--plain PYTHON]
        [--placements 300000000] [--seeds 1 2 3] [--repeats 2]

Writes ``bench/results/pgo_vs_plain.md``: per seed and repeat the CPU seconds of each build and
their ratio (plain / PGO: above 1, the profile-guided build is faster), and the median.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Dict, List, Tuple

from _runlog import load_average  # beside this script

HERE = Path(__file__).resolve().parent

# Run inside each interpreter: one search pinned to one core; prints its figures as JSON.
_PASS = r"""
import json, os, sys, time
core, placements, seed = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
os.sched_setaffinity(0, {core})
from cassetete import _core, edgematch as em
puzzle = em.eternity2("centre")
start = time.thread_time()
result = em.solve(puzzle, method="breaks", schedule="jb467", node_limit=placements, seed=seed, workers=1,
                  restart=None, restart_nodes=max(1, placements // 4))
seconds = time.thread_time() - start
s = result.stats
print(json.dumps({"cpu": seconds, "build": _core.common.build_info(), "same": [s["score"], s["depth"], s["depth_breaks"],
      s["completions"], s["full_boards"], s["restarts"], s["nodes"], None if result.solution is None
      else result.solution.tolist()]}))
"""


def pair(plain: str, pgo: str, placements: int, seed: int, swap: bool) -> Tuple[Dict[str, Any], Dict[str, Any]]:
    """Both builds at once, on cores 0 and 1 (swapped when ``swap``)."""
    cores = (1, 0) if swap else (0, 1)
    procs = [subprocess.Popen([python, "-c", _PASS, str(core), str(placements), str(seed)], stdout=subprocess.PIPE,
                              text=True) for python, core in zip((plain, pgo), cores)]
    outs = []
    for proc in procs:
        stdout, _ = proc.communicate(timeout=3600)
        if proc.returncode:
            raise SystemExit(f"a pass failed (exit {proc.returncode})")
        outs.append(json.loads(stdout.strip().splitlines()[-1]))
    return outs[0], outs[1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pgo", required=True, help="the Python of the environment with the profile-guided build")
    parser.add_argument("--plain", default=sys.executable, help="the Python of the plain build (default: this one)")
    parser.add_argument("--placements", type=int, default=300_000_000)
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    parser.add_argument("--repeats", type=int, default=2)
    parser.add_argument("--out", default=str(HERE / "results" / "pgo_vs_plain.md"))
    args = parser.parse_args()
    if os.cpu_count() is None or os.cpu_count() < 2:  # type: ignore[operator]
        raise SystemExit("the two builds run side by side: two cores needed")
    started = time.time()
    rows: List[str] = []
    ratios: List[float] = []
    builds: Dict[str, str] = {}
    for seed in args.seeds:
        for repeat in range(args.repeats):
            plain, pgo = pair(args.plain, args.pgo, args.placements, seed, swap=repeat % 2 == 1)
            builds = {"plain": plain["build"], "pgo": pgo["build"]}
            if "profile-guided" not in pgo["build"] or "profile-guided" in plain["build"]:
                raise SystemExit(f"--pgo and --plain do not name the builds they should: {builds}")
            if plain["same"] != pgo["same"]:
                raise SystemExit(f"seed {seed}: the two builds searched differently: {plain['same'][:7]} "
                                 f"against {pgo['same'][:7]}")
            ratio = plain["cpu"] / pgo["cpu"]
            ratios.append(ratio)
            rows.append(f"| {seed} | {repeat + 1} | {'1 / 0' if repeat % 2 else '0 / 1'} | {plain['cpu']:.2f} | "
                        f"{pgo['cpu']:.2f} | {ratio:.3f} | {plain['same'][0]}, {plain['same'][1]} pieces |")
            print(rows[-1], flush=True)
    load = load_average()
    text = "\n".join([
        "# The profile-guided breaks search against the plain build",
        "",
        f"Command: `python bench/pgo_vs_plain.py --pgo PYTHON --placements {args.placements} --seeds "
        f"{' '.join(map(str, args.seeds))} --repeats {args.repeats}` ({time.time() - started:.0f} s; load average "
        f"at the end {load}). Plain: `{builds.get('plain')}`; profile-guided: `{builds.get('pgo')}` "
        "(`pip install . -Ccmake.define.CASSETETE_PGO=ON`). Each row: the same search "
        f"(`method=\"breaks\"`, `schedule=\"jb467\"`, {args.placements:,} placements, restarts every quarter) in "
        "both builds at the same time, one per core (cores plain / PGO), CPU seconds of the search thread; the "
        "boards, depths, completions and placements agreed in every pair. Ratio = plain / PGO (above 1: the "
        "profile-guided build is faster).",
        "",
        "| seed | repeat | cores | plain CPU s | PGO CPU s | plain / PGO | board, deepest |",
        "|---|---|---|---|---|---|---|",
        *rows,
        "",
        f"Median ratio {statistics.median(ratios):.3f} over {len(ratios)} pairs (range {min(ratios):.3f}-"
        f"{max(ratios):.3f}); the profile-guided build was faster in {sum(r > 1 for r in ratios)} of {len(ratios)}.",
        ""])
    Path(args.out).write_text(text)
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
