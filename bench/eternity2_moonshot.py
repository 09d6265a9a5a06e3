"""Eternity II moonshot (issue 32): a 24-hour background run of the breaks search on this 2-core
machine, aiming at 467/480 (Louis Verhaard's prize score of 2008), resumable across sessions.

The run is a list of epochs: each is one ``edgematch.solve(eternity2("centre"), method="breaks",
time_limit=900, seed=100000 + k, workers=1)`` (a breaks search with a fresh seed; epochs 0-9 ran
JB466's schedule as the 30-minute race does, the later ones ``schedule="jb467", restart=300``,
libblackwood's scenario for 467, which makes 4.8 times as many deep boards with at most 13 breaks:
``bench/eternity2_schedules.py``). ``--cores`` epochs run at a time, one process each, and every
finished epoch is one JSON line of ``--out`` (its score, deepest board, CPU seconds, and the board
itself when it scores ``KEEP_FROM`` = 465 or more), so a killed run, or the end of a session, loses at most the
epochs under way: the next call runs the epochs the log lacks. 24 hours on 2 cores = 192 epochs of
900 s. The run stops early once an epoch reaches ``--target``.

The report (``bench/results/eternity2_moonshot.md``) gives the core-hours spent, the scores per
epoch, and the best board, written to ``eternity2_moonshot_best.board`` and scored again by a
scorer written here from the rules (every piece once, the starter piece in place, the frame on
the rim, joins recounted), not by the library's ``score``. Until a 467 is found it also projects the
467s to expect in the rest of the 24 hours from the epochs' deep boards (:func:`projected_467_rate`).

    nohup nice -n 19 python bench/eternity2_moonshot.py --hours 24 --cores 2 --schedule jb467 --restart 300 \
        > /tmp/moonshot.log 2>&1 &
    python bench/eternity2_moonshot.py --report-only
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any, Dict, List, Optional, Sequence

from _runlog import load_log, run_logged  # a helper of bench/, beside this script

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results"
OUT = RESULTS / "eternity2_moonshot.jsonl"
PAGE = RESULTS / "eternity2_moonshot.md"
BEST = RESULTS / "eternity2_moonshot_best.board"
BASE_SEED = 100_000  # epoch k runs on seed BASE_SEED + k (the race uses seeds 1-5)
EPOCH_SECONDS = 900.0  # the breaks search's own restart interval (libblackwood restarts as often)
TARGET = 467
KEEP_FROM = 465  # boards at least this good are kept in the log (about 2 KB each)
OBSERVED_FROM = 100  # a step tried by this many boards counts as observed in the 467 projection
DEEP_FROM = 246  # the epochs log their boards of this many pieces or more by breaks (see run_epoch)


def epoch_tasks(hours: float, cores: int, epoch_seconds: float = EPOCH_SECONDS, schedule: Optional[str] = None,
                restart: Optional[float] = None, logged: Optional[Dict[int, Dict[str, Any]]] = None) -> List[Dict[str, Any]]:
    """The epochs of a run of ``hours`` on ``cores`` cores, in order. An epoch already in the log
    (``logged``: its task by epoch number) keeps its task, so a run whose schedule changed
    midway still counts each epoch once; the others get ``schedule`` and ``restart`` (the
    breaks search's options; None: its defaults, JB466 restarted every 900 s).

    Example:
        >>> [t["seed"] for t in epoch_tasks(0.5, 2)]
        [100000, 100001, 100002, 100003]
        >>> old = {0: {"epoch": 0, "seed": 100000, "seconds": 900.0}}
        >>> [t.get("schedule") for t in epoch_tasks(0.5, 2, schedule="jb467", restart=300, logged=old)]
        [None, 'jb467', 'jb467', 'jb467']
    """
    count = int(round(hours * 3600 * cores / epoch_seconds))
    tasks: List[Dict[str, Any]] = []
    for k in range(count):
        if logged and k in logged:
            tasks.append(logged[k])
            continue
        task: Dict[str, Any] = {"epoch": k, "seed": BASE_SEED + k, "seconds": epoch_seconds}
        if schedule is not None:
            task["schedule"] = schedule
        if restart is not None:
            task["restart"] = float(restart)
        tasks.append(task)
    return tasks


def run_epoch(task: Dict[str, Any], keep_from: int = KEEP_FROM) -> Dict[str, Any]:
    """One epoch: the breaks search for ``task["seconds"]`` (or ``task["nodes"]`` placements) on
    ``task["seed"]``; its score (-1 when no board was completed), its deepest partial board's
    depth, breaks and partial score, its CPU seconds, and the board when it scores ``keep_from``
    or more (rows of [piece, rotation]); ``deep``: from the search's depth profile, the boards
    of ``DEEP_FROM`` pieces or more it reached holding at most 13 breaks (a 467 in the making),
    then 14, by depth.

    Example:
        >>> out = run_epoch({"epoch": 0, "seed": 3, "nodes": 20_000_000}, keep_from=0)
        >>> out["score"] == independent_score(out["board"])
        True
    """
    from cassetete import edgematch

    puzzle = edgematch.eternity2("centre")
    cpu = time.process_time()
    seconds, nodes = task.get("seconds"), task.get("nodes")  # "nodes": a placement budget (the tests)
    options = {key: task[key] for key in ("schedule", "restart") if key in task}
    result = edgematch.solve(puzzle, method="breaks", time_limit=None if seconds is None else float(seconds),
                             node_limit=None if nodes is None else int(nodes), seed=int(task["seed"]), workers=1,
                             **options)
    stats = result.stats
    row: Dict[str, Any] = {"score": int(stats["score"]) if result.solution is not None else -1,
                           "depth": int(stats["depth"]), "depth_breaks": int(stats["depth_breaks"]),
                           "partial_score": int(stats["partial_score"]), "nodes": int(stats["nodes"]),
                           "cpu_seconds": round(time.process_time() - cpu, 1)}  # below 900 when shared
    profile = stats["depth_profile"]
    rows = profile["counts"][DEEP_FROM - profile["first_depth"]:]
    row["deep"] = {"from": DEEP_FROM, "le13": [sum(r[:14]) for r in rows], "14": [sum(r[14:15]) for r in rows]}
    if result.solution is not None and row["score"] >= keep_from:
        row["board"] = [[[int(x) for x in cell] for cell in line] for line in result.solution]
    return row


def _turned(edges: Sequence[int], rot: int) -> tuple:
    """N E S W of a piece after ``rot`` clockwise quarter turns (its north edge goes east)."""
    n, e, s, w = edges
    for _ in range(rot % 4):
        n, e, s, w = w, n, e, s
    return n, e, s, w


def independent_score(board: Sequence[Sequence[Sequence[int]]]) -> int:
    """The matching joins of a complete 16 x 16 board, counted from the rules (not by the
    library's scorer): each of the 256 pieces once, the starter piece 139 (index 138) at I8 as
    the puzzle fixes it, grey edges exactly on the rim; -1 when any of these fails.

    Example:
        >>> independent_score([[[0, 0]] * 16] * 16)   # one piece everywhere
        -1
    """
    from cassetete import edgematch

    puzzle = edgematch.eternity2("centre")
    rows, cols = 16, 16
    if len(board) != rows or any(len(line) != cols for line in board):
        return -1
    if sorted(int(cell[0]) for line in board for cell in line) != list(range(rows * cols)):
        return -1
    (fr, fc), (fp, frot) = next(iter(puzzle.fixed.items()))
    shown = [[_turned([int(x) for x in puzzle.pieces[int(c[0])]], int(c[1])) for c in line] for line in board]
    if int(board[fr][fc][0]) != fp or shown[fr][fc] != _turned([int(x) for x in puzzle.pieces[fp]], frot):
        return -1
    matched = 0
    for r in range(rows):
        for c in range(cols):
            n, e, s, w = shown[r][c]
            if (n == 0) != (r == 0) or (s == 0) != (r == rows - 1) or (w == 0) != (c == 0) or (e == 0) != (c == cols - 1):
                return -1
            if c + 1 < cols:
                matched += e != 0 and e == shown[r][c + 1][3]
            if r + 1 < rows:
                matched += s != 0 and s == shown[r + 1][c][0]
    return matched


def report(out: Path = OUT, page: Optional[Path] = PAGE, best_path: Optional[Path] = BEST, cores: int = 2,
           command: str = "") -> str:
    """The moonshot page from the log at ``out``: core-hours, scores per epoch, the best board
    (written to ``best_path``, rescored by :func:`independent_score`). Returns the page's text.

    Example:
        >>> import tempfile
        >>> report(Path(tempfile.mkdtemp()) / "none.jsonl", page=None, best_path=None).splitlines()[-1]
        'No epoch has run yet.'
    """
    entries = sorted(load_log(out).values(), key=lambda e: e["task"]["epoch"])
    lines = ["# Eternity II moonshot (issue 32): 467 within 24 hours on this 2-core machine", ""]
    if not entries:
        lines.append("No epoch has run yet.")
        text = "\n".join(lines) + "\n"
        if page is not None:
            page.write_text(text)
        return text
    seconds = sum(float(e["seconds"]) for e in entries)
    cpu = sum(float(e["result"].get("cpu_seconds", e["seconds"])) for e in entries)
    scores = Counter(int(e["result"]["score"]) for e in entries)
    partial = Counter(int(e["result"]["partial_score"]) for e in entries)
    best = max(entries, key=lambda e: (int(e["result"]["score"]), -int(e["task"]["epoch"])))
    commits = sorted({e.get("commit", "") for e in entries} - {""})
    dates = sorted(e["date"] for e in entries if "date" in e)
    lines += [
        "Epochs of the breaks search (`edgematch.solve(eternity2(\"centre\"), method=\"breaks\", time_limit=900, "
        "seed=100000 + k, workers=1, schedule=..., restart=...)`), two at a time at nice 19, each finished epoch "
        f"one line of `{out.name}`; the run resumes where the log stops. Command: `{command or 'see the script'}`.",
        "",
        f"- Epochs finished: **{len(entries)}** of 192 (24 hours on 2 cores), {seconds / 3600:.1f} core-hours "
        f"= {seconds / 3600 / max(cores, 1):.1f} hours of the 2-core machine, of which the searches had "
        f"{cpu / 3600:.1f} CPU hours (nice 19: other work on the machine goes first)"
        + (f", from {dates[0]} to {dates[-1]}" if dates else "") + (f", commits {', '.join(commits)}" if commits else "")
        + ".",
        f"- Best complete board: **{best['result']['score']}/480** (epoch {best['task']['epoch']}, seed "
        f"{best['task']['seed']}).",
        "- Complete-board scores, epochs per score: "
        + ", ".join(f"{s}: {n}" for s, n in sorted(scores.items(), reverse=True)) + ".",
        "- Deepest partial boards counted as if their empty cells matched (libblackwood's metric in the race), "
        "epochs per score: " + ", ".join(f"{s}: {n}" for s, n in sorted(partial.items(), reverse=True)) + ".",
    ]
    board = best["result"].get("board")
    if board is not None:
        recount = independent_score(board)
        lines.append(f"- The best board, rescored from the rules by this script's own scorer: {recount}/480"
                     + (" (agrees)." if recount == best["result"]["score"] else " (**disagrees**)."))
        if best_path is not None:
            from cassetete import edgematch

            edgematch.write_board(str(best_path), edgematch.eternity2("centre"), board)
            lines.append(f"- Board file: `{best_path.name}`.")
    lines += _settings_lines(entries)
    if int(best["result"]["score"]) < TARGET:
        lines += _odds_lines(entries, max(0.0, 24 * cores - seconds / 3600))
    target_met = int(best["result"]["score"]) >= TARGET
    lines += ["", f"Moonshot (467): **{'met' if target_met else 'not met'}** after {seconds / 3600:.1f} core-hours."]
    text = "\n".join(lines) + "\n"
    if page is not None:
        page.write_text(text)
    return text


def _settings(task: Dict[str, Any]) -> str:
    return f"{task.get('schedule', 'jb466')}, restart {float(task.get('restart', 900.0)):g} s"


def _settings_lines(entries: List[Dict[str, Any]]) -> List[str]:
    """Per schedule and restart interval: the epochs, their scores, and the boards of 251
    pieces or more holding at most 13 breaks (from which a 467 can come) per CPU hour."""
    groups: Dict[str, List[Dict[str, Any]]] = {}
    for entry in entries:
        groups.setdefault(_settings(entry["task"]), []).append(entry)
    lines = ["", "| settings | epochs | CPU hours | complete-board scores (epochs) | boards of 251+ pieces with "
             "at most 13 breaks, per CPU hour |", "|---|---|---|---|---|"]
    for name, group in groups.items():
        cpu = sum(float(e["result"].get("cpu_seconds", e["seconds"])) for e in group)
        scores = Counter(int(e["result"]["score"]) for e in group)
        deep = [e["result"]["deep"] for e in group if "deep" in e["result"]]
        deep_cpu = sum(float(e["result"]["cpu_seconds"]) for e in group if "deep" in e["result"])
        rate = "not logged"
        if deep and deep_cpu > 0:
            boards = sum(sum(d["le13"][251 - d["from"]:]) for d in deep)
            rate = f"{boards / (deep_cpu / 3600):,.0f} ({boards:,} in {len(deep)} epochs)"
        epochs = [int(e["task"]["epoch"]) for e in group]
        lines.append(f"| {name} | {len(group)} ({min(epochs)}-{max(epochs)}) | {cpu / 3600:.1f} | "
                     + ", ".join(f"{s}: {n}" for s, n in sorted(scores.items(), reverse=True)) + f" | {rate} |")
    return lines


def depth_counts(entries: List[Dict[str, Any]]) -> Optional[Dict[str, Any]]:
    """The deep boards (at most 13 breaks) of the latest settings' epochs that logged them, summed
    by depth: ``{"settings", "epochs", "cpu_hours", "from", "counts"}``, None when none logged.

    Example:
        >>> e = {"task": {"epoch": 0, "schedule": "jb467", "restart": 300.0},
        ...      "result": {"cpu_seconds": 1800.0, "deep": {"from": 254, "le13": [4, 1, 0]}}}
        >>> depth_counts([e, e])["counts"], depth_counts([e, e])["cpu_hours"]
        ([8, 2, 0], 1.0)
    """
    logged = [e for e in entries if "deep" in e["result"]]
    if not logged:
        return None
    latest = _settings(max(logged, key=lambda e: int(e["task"]["epoch"]))["task"])
    group = [e for e in logged if _settings(e["task"]) == latest]
    first = group[0]["result"]["deep"]["from"]
    counts = [0] * len(group[0]["result"]["deep"]["le13"])
    for entry in group:
        counts = [a + b for a, b in zip(counts, entry["result"]["deep"]["le13"])]
    return {"settings": latest, "epochs": len(group), "from": first, "counts": counts,
            "cpu_hours": sum(float(e["result"]["cpu_seconds"]) for e in group) / 3600}


def projected_467_rate(counts: Sequence[int], first: int, order: Sequence[int], rows: int = 16, cols: int = 16,
                       enough: int = OBSERVED_FROM) -> Dict[str, Any]:
    """How many complete boards with at most 13 breaks (467s) the search makes, extrapolated from
    its deep boards: ``counts[i]`` boards of ``first + i`` pieces reached (clues included, the
    cell of depth d being ``order[d - 1]``). A step is observed when at least ``enough`` boards
    tried it and one passed (none passing bounds its rate, it does not measure it: the step is
    then projected, as the later ones are); its pass rate per remaining piece is the boards that
    passed over those that tried, divided by the pieces of its cell's kind (inside, side of the
    frame, corner) still to place.
    Each step after the last observed one is projected as its remaining pieces times a rate:
    ``high`` takes the pooled rate of its kind (a kind never observed: the lowest rate, but a
    corner always passes), ``low`` the lowest rate of any observed step (the last piece of a
    kind passes least often: about 1 % at the moonshot's last inside cell, against 3-4 % per
    piece before it). Returns ``{"last": the last observed step's depth, "low", "high": 467s
    per board of that depth, "steps": [(depth, kind, pieces left, observed ratio or None)]}``.

    Example:
        >>> order = list(range(9))                      # a 3 x 3 scan row by row
        >>> r = projected_467_rate([1000, 400, 20, 0], 6, order, rows=3, cols=3)
        >>> r["last"], r["low"], r["high"], [s[1] for s in r["steps"]]
        (8, 0.05, 0.2, ['corner', 'side', 'corner'])
        >>> projected_467_rate([1000, 400, 20, 0], 6, order, rows=3, cols=3, enough=20)["last"]  # 0 of 20: projected
        8
    """
    def kind(cell: int) -> str:
        r, c = divmod(int(cell), cols)
        return ("inside", "side", "corner")[(r in (0, rows - 1)) + (c in (0, cols - 1))]

    kinds = {d: kind(order[d - 1]) for d in range(first, len(order) + 1)}
    left = {d: sum(1 for e in range(d, len(order) + 1) if kinds[e] == kinds[d]) for d in kinds}
    steps, passed, tried, rates = [], Counter(), Counter(), []
    last = first
    for d in range(first + 1, len(order) + 1):
        before = counts[d - 1 - first] if d - 1 - first < len(counts) else 0
        ratio = None
        if before >= enough and d - first < len(counts) and counts[d - first] > 0:
            ratio = counts[d - first] / before
            passed[kinds[d]] += counts[d - first]
            tried[kinds[d]] += before * left[d]
            rates.append(ratio / left[d])
            last = d
        steps.append((d, kinds[d], left[d], ratio))
    pooled = {k: passed[k] / tried[k] for k in tried}
    lowest = min(rates) if rates else 0.0
    low = high = 1.0
    for d, name, pieces, _ in steps:
        if d > last:
            low *= min(1.0, pieces * lowest)
            high *= min(1.0, pieces * pooled[name]) if name in pooled else (1.0 if name == "corner" else lowest)
    return {"last": last, "low": low, "high": high, "steps": steps}


def _odds_lines(entries: List[Dict[str, Any]], core_hours_left: float) -> List[str]:
    """The page's projection of the 467s still to come in the run, from the latest settings'
    deep boards (see :func:`projected_467_rate`)."""
    summary = depth_counts(entries)
    if summary is None or summary["cpu_hours"] <= 0:
        return []
    from cassetete import edgematch

    counts, first = summary["counts"], summary["from"]
    odds = projected_467_rate(counts, first, edgematch.scan_order(16, 16).tolist())
    per_hour = counts[odds["last"] - first] / summary["cpu_hours"]
    cpu_share = summary["cpu_hours"] * 3600 / (summary["epochs"] * EPOCH_SECONDS)
    hours_left = core_hours_left * cpu_share
    low, high = per_hour * odds["low"] * hours_left, per_hour * odds["high"] * hours_left
    lines = ["", f"### Odds of a 467 in the rest of the run ({summary['settings']}, {summary['epochs']} epochs, "
             f"{summary['cpu_hours']:.1f} CPU hours)", "",
             "| depth (pieces) | cell kind | pieces of its kind left | boards with at most 13 breaks per CPU hour "
             "| reached from the depth before |", "|---|---|---|---|---|"]
    ratios = {d: (name, pieces, ratio) for d, name, pieces, ratio in odds["steps"]}
    for i, count in enumerate(counts):
        d = first + i
        name, pieces, ratio = ratios.get(d, ("", "", None))
        rate = count / summary["cpu_hours"]
        lines.append(f"| {d} | {name} | {pieces} | {rate:,.{0 if rate >= 100 else 2}f} ({count:,}) | "
                     + ("" if ratio is None else f"{100 * ratio:.2f} %") + " |")
    lines += ["",
              f"A 467 is a board of 256 pieces in this table. The last step observed (tried by {OBSERVED_FROM} boards or more, "
              f"passed by one at least) is depth {odds['last']}, reached {per_hour:.2f} times per CPU hour"
              + (f" ({counts[odds['last'] + 1 - first]} of its {counts[odds['last'] - first]:,} boards went one cell deeper)"
                 if odds["last"] + 1 - first < len(counts) else "")
              + "; each later cell is projected from the pass rates per "
              f"remaining piece observed above (`projected_467_rate` in the script): between "
              f"{odds['low']:.1e} and {odds['high']:.1e} 467s per board of {odds['last']} pieces. Over the "
              f"{hours_left:.0f} CPU hours left in the 24 hours ({core_hours_left:.0f} core-hours at the "
              f"{100 * cpu_share:.0f} % CPU share so far), that is **{low:.2g} to {high:.2g} 467s expected**, "
              f"a chance of {100 * (1 - math.exp(-low)):.2g} % to {100 * (1 - math.exp(-high)):.0f} % that the run "
              "finds one."]
    return lines


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hours", type=float, default=24.0, help="wall hours of the whole run on --cores cores")
    parser.add_argument("--cores", type=int, default=2, help="epochs run at a time, one process each")
    parser.add_argument("--epoch-seconds", type=float, default=EPOCH_SECONDS, help="seconds of each epoch")
    parser.add_argument("--target", type=int, default=TARGET, help="stop once an epoch scores this")
    parser.add_argument("--schedule", default=None,
                        help="the breaks schedule of the epochs not yet logged (default: the latest logged epoch's, else JB466)")
    parser.add_argument("--restart", type=float, default=None,
                        help="seconds between restarts inside those epochs (default: as --schedule, else 900)")
    parser.add_argument("--out", type=Path, default=OUT, help="the JSON-lines log (resumed from)")
    parser.add_argument("--report-only", action="store_true", help="write the page from the log and stop")
    args = parser.parse_args(argv)
    if args.cores < 1 or not args.hours > 0 or not args.epoch_seconds > 0:
        parser.error("--cores must be at least 1, --hours and --epoch-seconds positive")
    logged_entries = list(load_log(args.out).values())
    if args.schedule is None and args.restart is None and logged_entries:  # resume with the latest settings
        latest = max(logged_entries, key=lambda e: int(e["task"]["epoch"]))["task"]
        args.schedule, args.restart = latest.get("schedule"), latest.get("restart")
    command = "nohup nice -n 19 python bench/eternity2_moonshot.py --hours 24 --cores 2" + "".join(
        f" --{name} {value:g}" if isinstance(value, float) else f" --{name} {value}"
        for name, value in (("schedule", args.schedule), ("restart", args.restart)) if value is not None)
    page = PAGE if args.out == OUT else args.out.with_suffix(".md")
    best = BEST if args.out == OUT else args.out.with_suffix(".board")
    if not args.report_only:
        logged = {int(e["task"]["epoch"]): e["task"] for e in load_log(args.out).values()}
        tasks = epoch_tasks(args.hours, args.cores, args.epoch_seconds, args.schedule, args.restart, logged)
        try:
            for start in range(0, len(tasks), args.cores):  # a batch per core count, to stop at the target
                done = load_log(args.out).values()
                if any(int(e["result"]["score"]) >= args.target for e in done):
                    print(f"target {args.target} reached: stopping", flush=True)
                    break
                run_logged(args.out, tasks[start:start + args.cores], run_epoch, workers=args.cores)
                report(args.out, page, best, args.cores, command)
        except KeyboardInterrupt:  # the finished epochs are in the log; the same command resumes
            print(f"stopped: {len(load_log(args.out))} epochs in {args.out}; run the same command to resume",
                  flush=True)
            return 130
    print(report(args.out, page, best, args.cores, command))
    return 0


if __name__ == "__main__":
    sys.exit(main())
