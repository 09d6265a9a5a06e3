"""2-D pentomino packings against sugyan/pentomino (Rust, bitboards) side by side in one run.

For each box (6x10, 5x12, 4x15, 3x20) and each mode (every solution, or up to symmetry), the
peer's binary and ours take turns, N times each, and the table gives min and median CPU seconds:

- peer: the CPU time of its whole process (``getrusage`` of the child: start-up, tables and
  search), and the solve time it prints itself (wall clock, its search only);
- ours: the whole ``polyomino.count_solutions(box, up_to_symmetry=...)`` call (model, tables, search), and the
  engine alone (``Packing.count_by_orbits`` on a model and tables built beforehand),
  ``time.process_time``.

The peer is built by hand, never vendored: clone sugyan/pentomino (GitHub) into /tmp/pentomino,
then ``cargo build --release -p pentomino-solver-cli`` there and pass its CLI,
``/tmp/pentomino/target/release/main``. Where the Rust package registry cannot be reached,
build the stand-in driver of ``bench/peers/sugyan_driver`` (the same flags, ``-q -s SOLVER -b
rect6x10 [-u]``, and the same last line, ``Found N solutions in T``, over the peer's library)
from Debian's packaged crates: ``apt-get install librust-derive-more-dev librust-num-traits-dev
librust-num-derive-dev``, set ``num-derive = "0.3"`` in /tmp/pentomino/pentomino-solver/Cargo.toml
(Debian has 0.3, the derive it uses is the same), copy the driver to /tmp/pentomino-driver, add
a ``.cargo/config.toml`` there replacing the ``crates-io`` source by the directory
``/usr/share/cargo/registry``, and ``cargo build --release --offline``.

Example (about 20 s; --quick about 5 s):
    python bench/pentomino_vs_sugyan.py --sugyan /tmp/pentomino/target/release/main
    python bench/pentomino_vs_sugyan.py --sugyan /tmp/pentomino/target/release/main --quick
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import resource
import shlex
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Dict, List, Tuple

from cassetete import polyomino
from cassetete.polyomino import Packing

# Published counts (Haselgrove and Haselgrove 1960 for 6x10; Golomb, "Polyominoes", for the
# others): solutions up to symmetry; every solution is 4 times as many (no symmetric packing).
PUBLISHED = {"6x10": 2339, "5x12": 1010, "4x15": 368, "3x20": 2}
RESULTS = Path(__file__).parent / "results" / "pentomino_vs_sugyan.md"
FOUND = re.compile(r"Found (\d+) solutions in ([0-9.]+)(ns|µs|us|ms|s)\b")
UNIT = {"ns": 1e-9, "µs": 1e-6, "us": 1e-6, "ms": 1e-3, "s": 1.0}


def run_peer(binary: str, solver: str, box: str, unique: bool) -> Tuple[int, float, float]:
    """(solutions, CPU seconds of the whole process, the solve time the peer prints)."""
    rows, cols = box.split("x")
    cmd = [binary, "-q", "-s", solver, "-b", f"rect{rows}x{cols}"] + (["-u"] if unique else [])
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    match = FOUND.search(out)
    if match is None:
        raise SystemExit(f"unexpected output from {' '.join(cmd)}: {out[-200:]!r}")
    return int(match.group(1)), cpu, float(match.group(2)) * UNIT[match.group(3)]


def run_ours(box: str, unique: bool) -> Tuple[int, float]:
    """(solutions, CPU seconds of the whole polyomino.count_solutions call)."""
    start = time.process_time()
    n = polyomino.count_solutions(box, up_to_symmetry=unique)
    return n, time.process_time() - start


def run_engine(box: str, unique: bool) -> Tuple[int, float]:
    """(solutions, CPU seconds of the search alone: the model and the board tables are built
    before; what polyomino.count_solutions runs after them, Packing.count_by_orbits)."""
    packing = Packing(box)
    packing.bitboard()
    start = time.process_time()
    n = packing.count_by_orbits(unique)
    return n, time.process_time() - start


def summary(values: List[float]) -> str:
    return f"{min(values):.4f} / {statistics.median(values):.4f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sugyan", required=True, help="the peer's binary (CLI of sugyan/pentomino)")
    parser.add_argument("--solver", default="optimized-small",
                        help="the peer's solver (its fastest, OptimizedSolver with small tables)")
    parser.add_argument("--boxes", default="6x10,5x12,4x15,3x20")
    parser.add_argument("--modes", default="all,unique", help="all (every solution), unique (up to symmetry)")
    parser.add_argument("--repeat", type=int, default=11, help="runs of each side per row (default 11)")
    parser.add_argument("--quick", action="store_true", help="3 runs per row, 6x10 only")
    parser.add_argument("--out", default=str(RESULTS))
    parser.add_argument("--note", default="", help="a paragraph appended to the table (how the peer was built)")
    args = parser.parse_args()
    boxes = ["6x10"] if args.quick else args.boxes.split(",")
    repeat = 3 if args.quick else args.repeat
    modes = args.modes.split(",")
    polyomino.count_solutions("3x20")  # import and warm-up outside the timings
    load_before = os.getloadavg()
    started = time.time()
    rows: List[Dict[str, object]] = []
    for box in boxes:
        for mode in modes:
            unique = mode == "unique"
            expected = PUBLISHED[box] * (1 if unique else 4)
            peer_cpu: List[float] = []
            peer_solve: List[float] = []
            ours: List[float] = []
            engine: List[float] = []
            for _ in range(repeat):  # alternate the sides so that load changes hit both alike
                n, cpu, solve = run_peer(args.sugyan, args.solver, box, unique)
                if n != expected:
                    raise SystemExit(f"peer {box} {mode}: {n} solutions, published {expected}")
                peer_cpu.append(cpu)
                peer_solve.append(solve)
                n, cpu = run_ours(box, unique)
                if n != expected:
                    raise SystemExit(f"ours {box} {mode}: {n} solutions, published {expected}")
                ours.append(cpu)
                n, cpu = run_engine(box, unique)
                if n != expected:
                    raise SystemExit(f"ours (engine) {box} {mode}: {n} solutions, published {expected}")
                engine.append(cpu)
            row = {"box": box, "mode": mode, "solutions": expected, "peer_cpu": peer_cpu, "peer_solve": peer_solve,
                   "ours": ours, "engine": engine}
            rows.append(row)
            print(f"{box} {mode:6} {expected:5}  peer {summary(peer_cpu)} (solve {summary(peer_solve)})  "
                  f"ours {summary(ours)}  engine {summary(engine)}  ratio "
                  f"{statistics.median(ours) / statistics.median(peer_cpu):.2f}", flush=True)
    elapsed = time.time() - started
    load_after = os.getloadavg()
    shown = [a for i, a in enumerate(sys.argv[1:]) if a != "--note" and (i == 0 or sys.argv[i] != "--note")]
    command = "python bench/pentomino_vs_sugyan.py " + shlex.join(shown)  # the note changes no figure
    lines = [
        "# 2-D pentominoes: ours against sugyan/pentomino, side by side",
        "",
        f"Command: `{command}` ({elapsed:.0f} s). {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, "
        f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, load average "
        f"{load_before[0]:.1f} before, {load_after[0]:.1f} after. One thread each; {repeat} runs of each side per row, "
        "taking turns; CPU seconds, min / median.",
        "",
        f"Peer: `{args.sugyan} -q -s {args.solver} -b rectAxB [-u]`, CPU of its whole process (start-up, tables, "
        "search) and the solve time it prints (its search alone, wall clock). Ours: the whole "
        "`polyomino.count_solutions(box, up_to_symmetry=...)` call, and the engine alone (`Packing.count_by_orbits`, model and board "
        "tables built before). "
        "Ratio: medians, ours (whole call) / peer (process CPU). Every count equals the published figure.",
        "",
        "| box | mode | solutions | peer CPU s | peer solve s (printed) | ours, whole call | ours, engine only "
        "| ratio whole / peer | ratio engine / peer |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        peer_median = statistics.median(r["peer_cpu"])  # type: ignore[arg-type]
        lines.append(
            f"| {r['box']} | {r['mode']} | {r['solutions']} | {summary(r['peer_cpu'])} | "  # type: ignore[arg-type]
            f"{summary(r['peer_solve'])} | {summary(r['ours'])} | {summary(r['engine'])} | "  # type: ignore[arg-type]
            f"{statistics.median(r['ours']) / peer_median:.2f} | "  # type: ignore[arg-type]
            f"{statistics.median(r['engine']) / peer_median:.2f} |"  # type: ignore[arg-type]
        )
    if args.note:
        lines += ["", args.note]
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text("\n".join(lines) + "\n")
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
