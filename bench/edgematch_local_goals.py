"""Goals of issue 5 on the official Eternity II (centre clue), one worker (one core) per run:
the best score after --time seconds for each seed, the trajectory of each run written to
bench/results/ as it goes (so a long run can be read or stopped at any time), and a summary.

Usage: python bench/edgematch_local_goals.py --time 3600 --seeds 1
       python bench/edgematch_local_goals.py --time 60 --seeds 1 2 3 4 5
       python bench/edgematch_local_goals.py --time 3600 --seeds 1 --tuning '{"neutral": true}' --label neutral
Writes bench/results/edgematch_local_goal_T{time}_seed{s}.csv (seconds, best score),
..._seed{s}_best.txt (the best board, a resumable checkpoint) and edgematch_local_goals_T{time}.md.
With --label L (needed with --tuning), the files are named ..._T{time}_L_... instead.
With --summary-only, the summary is rebuilt from the trajectories already written (runs made
in separate processes, one per core, or cut short: the "seconds run" column tells).
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import statistics
import time

from _e2local import RESULTS, machine, mean, score_at
from cassetete import edgematch as em


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--time", type=float, default=60.0)
    ap.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3, 4, 5])
    ap.add_argument("--init", default="cp", choices=em.INITS)
    ap.add_argument("--size", type=int, default=16)
    ap.add_argument("--resume", action="store_true", help="resume each seed from its _best.txt checkpoint")
    ap.add_argument("--summary-only", action="store_true", help="only rebuild the summary from the .csv files")
    ap.add_argument("--tuning", default="", help='JSON overrides of edgematch TUNING, e.g. \'{"neutral": true}\'')
    ap.add_argument("--label", default="", help="name of the tuning in the result files")
    ap.add_argument("--note", default="", help="conditions of the runs, written under the table")
    args = ap.parse_args()
    RESULTS.mkdir(exist_ok=True)
    e2 = em.eternity2()
    if args.tuning and not args.label:
        ap.error("--tuning needs --label (the result files are named after it)")
    tag = f"T{args.time:g}" + (f"_{args.label}" if args.label else "")
    args.tuning_dict = json.loads(args.tuning) if args.tuning else {}
    finals, trajectories = {}, {}
    if args.summary_only:
        for seed in args.seeds:
            with open(RESULTS / f"edgematch_local_goal_{tag}_seed{seed}.csv") as handle:
                points = [(float(row["seconds"]), int(row["best_score"])) for row in csv.DictReader(handle)]
            trajectories[seed], finals[seed] = points, points[-1][1]
        summarise(args, tag, finals, trajectories)
        return
    for seed in args.seeds:
        stem = RESULTS / f"edgematch_local_goal_{tag}_seed{seed}"
        ck = f"{stem}_best.txt"
        if not args.resume and os.path.exists(ck):
            os.remove(ck)
        log = open(f"{stem}.csv", "w")
        log.write("seconds,best_score\n")

        def record(seconds: float, best: int) -> None:
            log.write(f"{seconds:.2f},{best}\n")
            log.flush()

        t0 = time.time()
        res = em.solve(e2, method="vlns", time_limit=args.time, seed=seed, init=args.init, tuning=args.tuning_dict,
                       neighbourhood_size=args.size, checkpoint=ck, callback=record)
        log.write(f"{res.stats['seconds']:.2f},{res.stats['score']}\n")
        log.close()
        finals[seed] = res.stats["score"]
        trajectories[seed] = list(res.stats["trajectory"]) + [(res.stats["seconds"], res.stats["score"])]
        print(f"seed {seed}: {res.stats['score']}/480 in {time.time() - t0:.0f} s "
              f"({res.stats['iterations']} moves, stop {res.stats['stop']})", flush=True)
    summarise(args, tag, finals, trajectories)


def first_reached(points: list, final: int) -> float:
    """Seconds at which a trajectory [(seconds, best score), ...] first reached `final`."""
    return min(seconds for seconds, best in points if best >= final)


def summarise(args: argparse.Namespace, tag: str, finals: dict, trajectories: dict) -> None:
    """Writes edgematch_local_goals_<tag>.md: score of each seed at fixed times, and the spread."""
    marks = [t for t in (1, 10, 60, 600, 1800, 3600, 86400) if t <= args.time]
    lines = [f"# Eternity II local search goals, {args.time:g} s per run", "",
             f"Official 16 x 16 with the centre clue, `solve(method='vlns', init='{args.init}', "
             f"neighbourhood_size={args.size}" + (f", tuning={args.tuning_dict}" if args.tuning_dict else "")
             + f")`, one worker per run (one core); {machine()}.",
             f"Command: `python bench/edgematch_local_goals.py --time {args.time:g} --seeds "
             f"{' '.join(map(str, args.seeds))}" + (f" --size {args.size}" if args.size != 16 else "")
             + (f" --tuning '{args.tuning}'" if args.tuning else "") + (f" --label {args.label}" if args.label else "")
             + f"`. Trajectories: `edgematch_local_goal_{tag}_seed*.csv`.", "",
             "| seed | " + " | ".join(f"at {t:g} s" for t in marks) + " | seconds run | final | final first reached at |",
             "|---:|" + "---:|" * len(marks) + "---:|---:|---:|"]
    for seed in args.seeds:
        ran = trajectories[seed][-1][0]
        lines.append(f"| {seed} | " + " | ".join(str(score_at(trajectories[seed], t)) if t <= ran + 1 else "-"
                                                 for t in marks) + f" | {ran:.0f} | {finals[seed]} | "
                     f"{first_reached(trajectories[seed], finals[seed]):.0f} s |")
    vals = list(finals.values())
    lines += ["", f"Final scores: mean {mean(vals):.1f}, median {statistics.median(vals):g}, min {min(vals)}, "
              f"max {max(vals)} over {len(vals)} run(s)." + (f" {args.note}" if args.note else ""), "",
              "Reference points: community single-core 60 s runs 436-451; Schaus & Deville 458 in 24 h (2008); "
              "goal here 458 in 1 h, then 461."]
    (RESULTS / f"edgematch_local_goals_{tag}.md").write_text("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
