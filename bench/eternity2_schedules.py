"""Which break schedule makes more deep Eternity II boards with few breaks (issue 32)?

Paired runs, one core each, side by side: for each seed, the breaks search with schedule A and
with schedule B start together (two processes) for the same time. Each run logs its depth
profile (``stats["depth_profile"]``: the placements on the last 64 depths by the breaks on the
board). A 467 is a complete board with at most 13 breaks, and every such board passes through
deep partial boards with at most 13 breaks: the run with more of them per CPU second has the
better odds. libblackwood's scenarios (github.com/jfbucas/libblackwood) set the two compared by
default: JB466 (14 breaks, restarts every 15 minutes) and JB467 (JB466 without its break at
depth 235, restarts every 5 minutes; the list of libblackwood's jb467.py before its commit c306079).

    python bench/eternity2_schedules.py --seconds 120 --seeds 1 2 3 4 5 6 7 8 9 10
    python bench/eternity2_schedules.py --report-only

Runs are logged in ``bench/results/eternity2_schedules.jsonl`` (a run already there is not
redone); the page is ``eternity2_schedules.md``.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any, Dict, List, Optional, Sequence, Union

from _runlog import describe_log, load_log, run_logged  # a helper of bench/, beside this script

HERE = Path(__file__).resolve().parent
OUT = HERE / "results" / "eternity2_schedules.jsonl"
ARMS = {"jb466": 900.0, "jb467": 300.0}  # schedule: its scenario's restart interval (seconds)
CUSTOM_RESTART = 300.0  # a schedule given as depths restarts as JB467 does
DEPTHS = (247, 249, 251)  # boards of at least this many pieces (clue included) are tallied
MAX_BREAKS = 13  # a 467 holds at most 13 breaks


def run_arm(task: Dict[str, Any]) -> Dict[str, Any]:
    """One run: ``task`` gives schedule, restart, seed and seconds (or ``nodes``, for the tests).
    Returns the placements, CPU seconds, the best complete score, the deepest board, and the
    depth profile folded to two columns: boards with at most 13 breaks, and with more.

    Example:
        >>> row = run_arm({"schedule": "jb467", "restart": 300.0, "seed": 1, "nodes": 2_000_000})
        >>> row["nodes"], len(row["profile"]) == 64, all(more == 0 for _, more in row["profile"])
        (2000000, True, True)
    """
    from cassetete import edgematch

    cpu = time.process_time()
    seconds, nodes = task.get("seconds"), task.get("nodes")
    result = edgematch.solve(edgematch.eternity2("centre"), method="breaks", schedule=schedule_option(task["schedule"]),
                             restart=float(task["restart"]), seed=int(task["seed"]), workers=1,
                             time_limit=None if seconds is None else float(seconds),
                             node_limit=None if nodes is None else int(nodes))
    stats = result.stats
    profile = stats["depth_profile"]
    return {"nodes": int(stats["nodes"]), "cpu_seconds": round(time.process_time() - cpu, 2),
            "score": int(stats["score"]), "depth": int(stats["depth"]), "depth_breaks": int(stats["depth_breaks"]),
            "first_depth": int(profile["first_depth"]),
            "profile": [[sum(row[:MAX_BREAKS + 1]), sum(row[MAX_BREAKS + 1:])] for row in profile["counts"]]}


def schedule_option(arm: str) -> Union[str, List[int]]:
    """The ``schedule`` option of an arm: a name (``"jb467"``), or the depths from which one
    more break is allowed, comma-separated (JB468's twelve and a thirteenth kept for the end).

    Example:
        >>> schedule_option("jb467"), schedule_option("237,239,250")
        ('jb467', [237, 239, 250])
    """
    if arm in edgematch_schedules():
        return arm
    try:
        return [int(depth) for depth in arm.split(",")]
    except ValueError:
        raise SystemExit(f"a schedule is one of {', '.join(edgematch_schedules())} or depths like 201,206,250; "
                         f"got {arm!r}") from None


def edgematch_schedules() -> List[str]:
    from cassetete import edgematch

    return list(edgematch.SCHEDULES)


def deep_boards(row: Dict[str, Any], depth: int) -> int:
    """Boards of at least ``depth`` pieces with at most 13 breaks that the run placed.

    Example:
        >>> deep_boards({"first_depth": 250, "profile": [[5, 9], [2, 0], [1, 4]]}, 251)
        3
    """
    return sum(few for few, _ in row["profile"][max(0, depth - row["first_depth"]):])


def report(out: Path = OUT, page: Optional[Path] = None, command: str = "") -> str:
    """The page: per seed and schedule, the deep boards with at most 13 breaks; then the totals,
    per CPU hour, and how many seeds each schedule won."""
    entries = list(load_log(out).values())
    arms = sorted({e["task"]["schedule"] for e in entries})
    seeds = sorted({int(e["task"]["seed"]) for e in entries})
    by = {(e["task"]["schedule"], int(e["task"]["seed"])): e for e in entries}
    lines = ["# Eternity II: which break schedule makes more deep boards with at most 13 breaks", "",
             "Paired runs of `edgematch.solve(eternity2(\"centre\"), method=\"breaks\", schedule=S, restart=R, "
             "seed=k, time_limit=T, workers=1)`, the two schedules of a seed side by side, one process each. "
             "A board of n pieces counts the clue. " + describe_log(entries)
             + (f" Command: `{command}`." if command else ""), ""]
    header = "| seed | " + " | ".join(f"{a}: placements; boards of ≥{DEPTHS[-1]} pieces, ≤13 breaks" for a in arms) + " |"
    lines += [header, "|" + "---|" * (1 + len(arms))]
    for seed in seeds:
        cells = []
        for arm in arms:
            e = by.get((arm, seed))
            cells.append("" if e is None else f"{e['result']['nodes'] / 1e9:.2f} x 10^9; "
                         f"{deep_boards(e['result'], DEPTHS[-1]):,}")
        lines.append(f"| {seed} | " + " | ".join(cells) + " |")
    lines += ["", "| schedule (restart) | runs | CPU hours | " + " | ".join(
        f"boards of ≥{d} pieces, ≤13 breaks (per CPU hour)" for d in DEPTHS) + " |",
        "|---|---|---|" + "---|" * len(DEPTHS)]
    for arm in arms:
        runs = [e for e in entries if e["task"]["schedule"] == arm]
        cpu = sum(float(e["result"]["cpu_seconds"]) for e in runs) / 3600
        restart = sorted({float(e["task"]["restart"]) for e in runs})
        cells = [f"{sum(deep_boards(e['result'], d) for e in runs):,} ({sum(deep_boards(e['result'], d) for e in runs) / cpu:,.0f})"
                 for d in DEPTHS]
        lines.append(f"| {arm} ({', '.join(f'{r:g} s' for r in restart)}) | {len(runs)} | {cpu:.2f} | "
                     + " | ".join(cells) + " |")
    if len(arms) == 2:
        a, b = arms
        paired = [s for s in seeds if (a, s) in by and (b, s) in by]
        wins = sum(deep_boards(by[b, s]["result"], DEPTHS[-1]) > deep_boards(by[a, s]["result"], DEPTHS[-1])
                   for s in paired)
        lines += ["", f"{b} made more boards of ≥{DEPTHS[-1]} pieces with at most 13 breaks than {a} on "
                  f"{wins} of {len(paired)} paired seeds."]
    text = "\n".join(lines) + "\n"
    if page is not None:
        page.write_text(text)
    return text


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=120.0, help="seconds of each run")
    parser.add_argument("--seeds", type=int, nargs="+", default=list(range(1, 11)))
    parser.add_argument("--schedules", nargs=2, default=list(ARMS),
                        help="the two schedules compared: names, or depths like 201,206,...,250 (restarted every 300 s)")
    parser.add_argument("--out", type=Path, default=OUT, help="the JSON-lines log (resumed from)")
    parser.add_argument("--report-only", action="store_true", help="write the page from the log and stop")
    args = parser.parse_args(argv)
    if not args.seconds > 0:
        parser.error("--seconds must be positive")
    for arm in args.schedules:
        schedule_option(arm)  # a typo stops here, before any run
    command = "python bench/eternity2_schedules.py --seconds {:g} --seeds {}".format(
        args.seconds, " ".join(map(str, args.seeds)))
    if args.schedules != list(ARMS):
        command += " --schedules " + " ".join(args.schedules)
    if args.out != OUT:
        command += " --out " + (f"bench/results/{args.out.name}" if args.out.parent == OUT.parent else str(args.out))
    if not args.report_only:
        tasks: List[Dict[str, Any]] = [
            {"schedule": arm, "restart": ARMS.get(arm, CUSTOM_RESTART if "," in arm else 900.0), "seed": seed,
             "seconds": args.seconds}
            for seed in args.seeds for arm in args.schedules]
        run_logged(args.out, tasks, run_arm, workers=2)  # a seed's two runs side by side
    print(report(args.out, args.out.with_suffix(".md"), command))
    return 0


if __name__ == "__main__":
    sys.exit(main())
