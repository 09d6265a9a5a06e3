"""The breaks search in two builds of cassetete, side by side: the same search, the same boards.

Each build lives in its own environment (a Python whose ``cassetete`` is that build). The script
runs ``edgematch.solve(eternity2("centre"), method="breaks", schedule="jb467", node_limit=N,
seed=s, workers=1, restart=None, restart_nodes=N // 4)`` in both: the moonshot's search cut to N
placements, completions of deep partial boards included, restarts by placements so that a run
is the same in both builds. It checks that the boards, depths, completions and placements agree,
so that the CPU seconds compare the same work. The two builds run **at the same time, one per
core**, and swap cores at every repeat, so that both see the same machine; each pass reports
the CPU seconds of its search thread.

    python bench/breaks_builds.py --base PYTHON --new PYTHON [--names BASE NEW]
        [--placements 100000000] [--seeds 1 2 3] [--repeats 2] [--out PAGE]

For instance, the build of an older commit against the working tree's (``pip install`` each
into its own environment). ``bench/pgo_vs_plain.py`` is this comparison for the profile-guided
build. The page gives per seed and repeat the CPU seconds of each build and their ratio (base /
new: above 1, the new build is faster), and the median.
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
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

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


def pair(base: str, new: str, placements: int, seed: int, swap: bool) -> Tuple[Dict[str, Any], Dict[str, Any]]:
    """Both builds at once, on cores 0 and 1 (swapped when ``swap``)."""
    cores = (1, 0) if swap else (0, 1)
    procs = [subprocess.Popen([python, "-c", _PASS, str(core), str(placements), str(seed)], stdout=subprocess.PIPE,
                              text=True) for python, core in zip((base, new), cores)]
    outs = []
    for proc in procs:
        stdout, _ = proc.communicate(timeout=3600)
        if proc.returncode:
            raise SystemExit(f"a pass failed (exit {proc.returncode})")
        outs.append(json.loads(stdout.strip().splitlines()[-1]))
    return outs[0], outs[1]


def compare(base: str, new: str, names: Sequence[str], placements: int, seeds: Sequence[int], repeats: int,
            check_builds: Optional[Callable[[str, str], Optional[str]]] = None) -> Dict[str, Any]:
    """Every (seed, repeat) pair of passes; stops at the first pair whose searches differ, or
    whose build descriptions ``check_builds(base, new)`` rejects (it returns the complaint).

    Returns the table rows, the ratios (base / new CPU seconds), the two builds' descriptions
    and the seconds taken.
    """
    if os.cpu_count() is None or os.cpu_count() < 2:  # type: ignore[operator]
        raise SystemExit("the two builds run side by side: two cores needed")
    started = time.time()
    rows: List[str] = []
    ratios: List[float] = []
    builds: Tuple[str, str] = ("", "")
    for seed in seeds:
        for repeat in range(repeats):
            a, b = pair(base, new, placements, seed, swap=repeat % 2 == 1)
            builds = (a["build"], b["build"])
            complaint = check_builds(*builds) if check_builds else None
            if complaint:
                raise SystemExit(f"{complaint}: {builds}")
            if a["same"] != b["same"]:
                raise SystemExit(f"seed {seed}: the two builds searched differently: {a['same'][:7]} "
                                 f"against {b['same'][:7]}")
            ratio = a["cpu"] / b["cpu"]
            ratios.append(ratio)
            rows.append(f"| {seed} | {repeat + 1} | {'1 / 0' if repeat % 2 else '0 / 1'} | {a['cpu']:.2f} | "
                        f"{b['cpu']:.2f} | {ratio:.3f} | {a['same'][0]}, {a['same'][1]} pieces, "
                        f"{a['same'][3]} completions |")
            print(rows[-1], flush=True)
    return {"rows": rows, "ratios": ratios, "builds": builds, "seconds": time.time() - started, "names": list(names)}


def page(title: str, command: str, intro: str, result: Dict[str, Any]) -> str:
    """The results page of a comparison: title, command, what was run, the table, the median."""
    base, new = result["names"]
    ratios = result["ratios"]
    return "\n".join([
        f"# {title}",
        "",
        f"Command: `{command}` ({result['seconds']:.0f} s; load average at the end {load_average()}). "
        f"{base}: `{result['builds'][0]}`; {new}: `{result['builds'][1]}`. {intro} Each row: the same search "
        "in both builds at the same time, one per core (cores "
        f"{base} / {new}), CPU seconds of the search thread; the boards, depths, completions and placements "
        f"agreed in every pair. Ratio = {base} / {new} (above 1: {new} is faster).",
        "",
        f"| seed | repeat | cores | {base} CPU s | {new} CPU s | {base} / {new} | board, deepest, completions |",
        "|---|---|---|---|---|---|---|",
        *result["rows"],
        "",
        f"Median ratio {statistics.median(ratios):.3f} over {len(ratios)} pairs (range {min(ratios):.3f}-"
        f"{max(ratios):.3f}); {new} was faster in {sum(r > 1 for r in ratios)} of {len(ratios)}.",
        ""])


def add_run_arguments(parser: argparse.ArgumentParser, placements: int, out: str) -> None:
    """The options both this script and ``pgo_vs_plain.py`` take."""
    parser.add_argument("--placements", type=int, default=placements)
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    parser.add_argument("--repeats", type=int, default=2)
    parser.add_argument("--out", default=out)


def run_settings(args: argparse.Namespace) -> str:
    """The command-line settings of a run, as the page's command repeats them."""
    return f"--placements {args.placements} --seeds {' '.join(map(str, args.seeds))} --repeats {args.repeats}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base", required=True, help="the Python of the environment with the base build")
    parser.add_argument("--new", default=sys.executable, help="the Python of the new build (default: this one)")
    parser.add_argument("--names", nargs=2, default=["base", "new"], metavar=("BASE", "NEW"),
                        help="what to call the two builds on the page")
    parser.add_argument("--title", default="The breaks search in two builds, side by side")
    add_run_arguments(parser, 100_000_000, str(HERE / "results" / "breaks_builds.md"))
    args = parser.parse_args()
    result = compare(args.base, args.new, args.names, args.placements, args.seeds, args.repeats)
    command = (f"python bench/breaks_builds.py --base PYTHON --new PYTHON --names {' '.join(args.names)} "
               f"{run_settings(args)}")
    intro = (f"The search: `method=\"breaks\"`, `schedule=\"jb467\"`, {args.placements:,} placements (completion "
             "nodes included), restarts every quarter.")
    text = page(args.title, command, intro, result)
    Path(args.out).write_text(text)
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
