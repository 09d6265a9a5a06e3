"""Eternity II score race (issue 32): our breaks search and very large neighbourhood search against
libblackwood (github.com/jfbucas/libblackwood), side by side on the official 16 x 16 with the
centre clue only, the same time, one core each, one run at a time, several seeds; the best
complete-board score over time, and a plot of score against time.

Ours: ``edgematch.solve(eternity2("centre"), method=..., time_limit=T, seed=s, workers=1)``, its
``stats["trajectory"]`` (seconds, best complete score). libblackwood: its own ``main.py`` as a user
runs it (CORES=1, SCENARIO=JB466, its default puzzle E2ncud: the centre piece only, the board
turned upside down, NICE=0 like ours), from a copy of its sources with one change to what it
writes, never to how it searches: it writes every new deepest board from depth 230 on (its own
files results/<depth>) instead of from its scenario's 254; the time bonus it grants deep boards
still starts at 254. Its deepest partial board is scored as if every empty cell matched
(480 minus the mismatched joins between placed pieces), which is generous to it. Its clock starts
when it reports its thread started (after its C generation and compilation). JB466 draws its own
random seeds (it reads no seed), so its runs are repeats, numbered like ours.

Resumable: every finished run is one JSON line in --out; a run already there is not redone.

    python bench/eternity2_score_race.py --seconds 300 --seeds 1 2 --libblackwood /tmp/libblackwood
    python bench/eternity2_score_race.py --report-only        # the table and plot from --out
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Dict, List, Optional, Sequence, Tuple

from _runlog import head_commit  # a helper of bench/, beside this script

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results"
OUT = RESULTS / "eternity2_score_race.jsonl"
SAVE_FROM = 230
TOTAL = 480


# --- ours -------------------------------------------------------------------------------------
#: Our solvers by name: the method and its options. "hybrid": the breaks search for half the time,
#: then the very large neighbourhood search from its board (solve's polish option).
OURS = {"breaks": ("breaks", {}), "vlns": ("vlns", {}), "hybrid": ("breaks", {"polish": 0.5})}


def run_ours(solver: str, seed: int, seconds: float, workers: int = 1, out: Path = OUT) -> Dict[str, Any]:
    """One run of ours. With ``workers`` > 1 the searches run in that many processes through the
    island model (``executor=``), each restart on its own seed, the best board kept in a
    checkpoint beside ``out`` so that a killed run resumes from it (with the full time again)."""
    from concurrent.futures import ProcessPoolExecutor

    from cassetete import _core, edgematch

    puzzle = edgematch.eternity2("centre")
    method, options = OURS[solver]
    commit = head_commit()  # the code the run starts with (the head may move during a long run)
    if workers == 1:
        res = edgematch.solve(puzzle, method=method, time_limit=seconds, seed=seed, workers=1, **options)
    else:
        checkpoint = out.with_name(f"{out.stem}.{solver}.w{workers}.seed{seed}.board")
        with ProcessPoolExecutor(workers) as pool:
            res = edgematch.solve(puzzle, method=method, time_limit=seconds, seed=seed, executor=pool,
                                  checkpoint=str(checkpoint), **options)
    matched = edgematch.score(puzzle, res.solution)[0]
    assert matched == res.stats["score"]
    row = {"solver": solver, "seed": seed, "seconds": seconds, "workers": workers, "score": int(matched),
           "trajectory": [(round(float(t), 3), int(s)) for t, s in res.stats["trajectory"]],
           "build": _core.common.build_info(), "commit": commit, "wall": round(float(res.stats["seconds"]), 1)}
    if method == "breaks":
        row.update({key: res.stats[key] for key in ("depth", "partial_score", "nodes", "completions")
                    if key in res.stats})
    row["board"] = res.solution.tolist()
    return row


# --- libblackwood -----------------------------------------------------------------------------
def prepare_peer(source: Path) -> None:
    """Makes libblackwood write its deepest boards from depth SAVE_FROM (env SAVE_FROM) on:
    its generator's two depth tests get another threshold; the search code is untouched."""
    path = source / "libblackwood.py"
    text = path.read_text()
    if "SAVE_FROM" in text:
        return
    early = ("if ((self.DEBUG > 0 and depth > WH//2) or (depth > self.puzzle.scenario.depth_first_notification-7))"
             " and depth < self.puzzle.scenario.depth_first_notification:")
    late = "if depth >= self.puzzle.scenario.depth_first_notification:"
    save = "int(os.environ.get('SAVE_FROM', self.puzzle.scenario.depth_first_notification))"
    if text.count(early) != 1 or text.count(late) != 1:
        raise SystemExit("libblackwood.py is not the version this bench knows (depth tests not found)")
    text = text.replace(early, early.replace("and depth < self.puzzle.scenario.depth_first_notification",
                                             f"and depth < {save}"))
    text = text.replace(late, f"if depth >= {save}:")
    path.write_text(text)


def board_url_score(url: str) -> Tuple[int, int]:
    """(placed pieces, 480 minus the mismatched joins between placed pieces) of a board URL."""
    pieces = re.search(r"board_pieces=(\d+)", url).group(1)
    edges = re.search(r"board_edges=([a-z]+)", url).group(1)
    w = h = 16
    placed = [pieces[3 * i:3 * i + 3] != "000" for i in range(w * h)]
    bad = 0
    for r in range(h):
        for c in range(w):
            i = r * w + c
            if c + 1 < w and placed[i] and placed[i + 1] and edges[4 * i + 1] != edges[4 * (i + 1) + 3]:
                bad += 1
            if r + 1 < h and placed[i] and placed[i + w] and edges[4 * i + 2] != edges[4 * (i + w)]:
                bad += 1
    return sum(placed), TOTAL - bad


def run_peer(peer: Path, seed: int, seconds: float) -> Dict[str, Any]:
    results = peer / "results"
    shutil.rmtree(results, ignore_errors=True)
    env = dict(os.environ, CORES="1", SCENARIO="JB466", NICE="0", SAVE_FROM=str(SAVE_FROM), QUIET="1")
    env.pop("PUZZLE", None)
    log = open(peer / f"race_{seed}.log", "w")
    # its network reports import requests, unused here: a stand-in module when it is missing
    start = ("import runpy, sys, types\ntry:\n    import requests\nexcept ImportError:\n"
             "    sys.modules['requests'] = types.ModuleType('requests')\nrunpy.run_path('main.py', run_name='__main__')")
    proc = subprocess.Popen([sys.executable, "-c", start], cwd=peer, env=env, stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True, text=True)
    t0 = None
    assert proc.stdout is not None
    for line in proc.stdout:  # its generation and compilation come first
        log.write(line)
        if "Starting" in line:
            t0 = time.monotonic()
            break
    if t0 is None:
        raise SystemExit(f"libblackwood did not start (see {peer}/race_{seed}.log)")
    seen: Dict[str, int] = {}
    trajectory: List[Tuple[float, int, int]] = []  # (seconds, score, depth) of each new deepest board
    best, best_depth, best_url = -1, 0, ""
    try:
        while time.monotonic() - t0 < seconds and proc.poll() is None:
            time.sleep(0.5)
            for path in sorted(results.glob("*")) if results.exists() else []:
                lines = path.read_text().splitlines()
                for url in lines[seen.get(path.name, 0):]:
                    depth, score = board_url_score(url)
                    if (depth, score) > (best_depth, best):  # the deepest board, then the fewest breaks
                        best, best_depth, best_url = score, depth, url
                        trajectory.append((round(time.monotonic() - t0, 1), score, depth))
                seen[path.name] = len(lines)
    finally:
        os.killpg(proc.pid, signal.SIGTERM)  # its own process group (start_new_session)
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        log.close()
    return {"solver": "libblackwood", "seed": seed, "seconds": seconds, "score": best, "depth": best_depth,
            "trajectory": trajectory, "build": "its own generator and flags (gcc 12), scenario JB466, CORES=1",
            "board_url": best_url}


# --- the race, resumable ----------------------------------------------------------------------
def load(out: Path) -> List[Dict[str, Any]]:
    if not out.exists():
        return []
    return [json.loads(line) for line in out.read_text().splitlines() if line.strip()]


def race(solvers: Sequence[str], seeds: Sequence[int], seconds: float, peer: Optional[Path], out: Path,
         workers: int = 1) -> None:
    done = {(r["solver"], r["seed"], r["seconds"], r.get("workers", 1)) for r in load(out)}
    if "libblackwood" in solvers:
        if peer is None:
            raise SystemExit("--libblackwood DIR is needed for the libblackwood runs")
        prepare_peer(peer)
    for seed in seeds:
        for solver in solvers:
            if (solver, seed, seconds, 1 if solver == "libblackwood" else workers) in done:
                continue
            print(f"{solver} seed {seed}: {seconds:.0f} s ...", flush=True)
            row = run_peer(peer, seed, seconds) if solver == "libblackwood" else run_ours(
                solver, seed, seconds, workers, out)
            with open(out, "a") as f:
                f.write(json.dumps(row) + "\n")
            print(f"  {row['score']}/480", flush=True)


def score_at(trajectory: Sequence[Sequence[float]], t: float) -> Optional[str]:
    """The score at time t (libblackwood's: its deepest board's, with that depth)."""
    best = None
    for point in trajectory:
        if point[0] <= t:
            best = str(int(point[1])) + (f" ({int(point[2])})" if len(point) > 2 else "")
    return best


def report(out: Path, seconds: float, command: str) -> str:
    rows = [r for r in load(out) if r["seconds"] == seconds]
    solvers = [s for s in ("breaks", "hybrid", "vlns", "libblackwood") if any(r["solver"] == s for r in rows)]
    checkpoints = [t for t in (10, 30, 60, 120, 300, 600, 1200, 1800, 3600, 7200) if t <= seconds]
    lines = ["| solver | cores | seed | " + " | ".join(f"{t:g} s" for t in checkpoints) + " | final | reached at |",
             "|---|---|---|" + "---|" * (len(checkpoints) + 2)]
    for solver in solvers:
        for r in sorted((r for r in rows if r["solver"] == solver), key=lambda r: r["seed"]):
            cells = [score_at(r["trajectory"], t) for t in checkpoints]
            last = r["trajectory"][-1][0] if r["trajectory"] else None
            extra = f" ({r['depth']})" if solver == "libblackwood" else ""
            lines.append(f"| {solver} | {r.get('workers', 1)} | {r['seed']} | " + " | ".join("-" if c is None else str(c) for c in cells)
                         + f" | {r['score']}{extra} | {'-' if last is None else f'{last:.0f} s'} |")
    builds = sorted({f"{r['solver']}: {r['build']}" for r in rows})
    return "\n".join(lines) + "\n\nBuilds: " + "; ".join(builds) + f"\n\nCommand: `{command}`\n"


def plot(out: Path, seconds: float, png: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    colours = {"breaks": "tab:red", "hybrid": "tab:purple", "vlns": "tab:blue", "libblackwood": "tab:green"}
    styles = ["-", "--", ":", "-.", (0, (1, 3))]
    fig, ax = plt.subplots(figsize=(7, 4.2))
    seeds = sorted({r["seed"] for r in load(out) if r["seconds"] == seconds})
    for r in load(out):
        if r["seconds"] != seconds or not r["trajectory"]:
            continue
        ts = [p[0] for p in r["trajectory"]] + [seconds]
        ss = [p[1] for p in r["trajectory"]] + [r["trajectory"][-1][1]]
        ax.step(ts, ss, where="post", color=colours.get(r["solver"], "k"),
                linestyle=styles[seeds.index(r["seed"]) % len(styles)], label=f"{r['solver']} seed {r['seed']}")
    ax.set_xscale("log")
    ax.set_xlim(1, seconds)
    ax.set_ylim(440, 470)
    ax.set_xlabel("seconds (one core)")
    ax.set_ylabel("best score /480")
    fig.text(0.01, 0.01, "ours: complete boards; libblackwood: its deepest partial board, empty cells "
             "counted as matched", fontsize=7)
    ax.set_title("Eternity II, centre clue: best score over time")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=7, ncol=2, loc="lower right")
    fig.tight_layout(rect=(0, 0.03, 1, 1))
    fig.savefig(png, dpi=110)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=300.0)
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--solvers", nargs="+", default=["breaks", "vlns", "libblackwood"],
                        choices=["breaks", "hybrid", "vlns", "libblackwood"])
    parser.add_argument("--libblackwood", type=Path, default=None, help="a checkout of jfbucas/libblackwood")
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--workers", type=int, default=1,
                        help="processes for ours (island model, checkpointed beside --out); libblackwood stays at one")
    parser.add_argument("--report-only", action="store_true")
    args = parser.parse_args()
    command = "python bench/eternity2_score_race.py " + " ".join(sys.argv[1:])
    if not args.report_only:
        race(args.solvers, args.seeds, args.seconds, args.libblackwood, args.out, args.workers)
    print(report(args.out, args.seconds, command))
    try:
        plot(args.out, args.seconds, args.out.with_suffix(".png"))
    except ImportError:
        print("(matplotlib missing: no plot)")


if __name__ == "__main__":
    main()
