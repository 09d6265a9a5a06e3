"""Large Sudoku (25x25 to 64x64): cassetete (``sudoku.solve``, its learning engine from 25x25 up) and OR-Tools CP-SAT on the same instances.

Both solvers run one after the other on each instance in one run, one thread each (CP-SAT
``num_search_workers = 1``), with the same time limit. Instances (bench/sudoku_large_instances.py):
25x25 lines of the Lloyd & Amos acs file (lines 900-999 = 45 % given), and 64x64 instances
made here from seeds: ``holes`` (a random full grid from our generator with 50-60 % of its cells
kept), ``unique`` (``cassetete.sudoku.generate`` to that many clues: one solution; saved in
``--cache`` and reused, since the time bound on their making would give other clues elsewhere) and
``random`` (random clues with no direct clash: usually unsatisfiable); ``--holes36`` and
``--holes49`` add holes instances of those orders at 42-48 % given (``--given-mid``), the band
where search is hardest for both solvers (issue 29).

Every answer is checked by ``check_solution`` below, written from the rules of Sudoku and
sharing no code with either solver; an "unsatisfiable" answer is contradicted when the other
solver finds a checked solution. Times are wall-clock seconds: ours = the whole
``cassetete.sudoku.solve`` call, CP-SAT = ``CpSolver.Solve`` (model building excluded). With
``--repeats R`` each solver runs R times per instance and the median counts.

The per-instance table, the means and the worst per-instance ratio go to ``--markdown``
(default bench/results/sudoku_large.md) between the markers ``<!-- bench:begin -->`` and
``<!-- bench:end -->`` (the rest of the file is kept), with the command that made them.

Example (the lead's idle-machine run; --quick takes a few minutes)::

    python bench/sudoku_large_compare.py --acs 900 999 1 --holes 6 --random 4 --unique 2 \\
        --seed 1 --repeats 3 --time-limit 10
    # issue 29's sets: the 45 % acs band, 36x36 and 49x49 at 42-48 %, 64x64 at 50-60 %
    python bench/sudoku_large_compare.py --acs 900 999 1 --holes36 8 --holes49 4 --holes 4 --unique 2 \\
        --random 2 --repeats 1 --time-limit 10
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from sudoku_large_instances import (  # noqa: E402
    Instance,
    acs_instances,
    holes_instance,
    random_instance,
    unique_instance,
)

REPO = Path(__file__).resolve().parent.parent
DEFAULT_DATA = REPO.parent / "shared" / "data" / "sudoku"
DEFAULT_MARKDOWN = REPO / "bench" / "results" / "sudoku_large.md"
DEFAULT_CACHE = REPO / "bench" / "results" / "sudoku_large_instances"
BEGIN, END = "<!-- bench:begin -->", "<!-- bench:end -->"


def check_solution(clues: np.ndarray, solution: np.ndarray | None, box: int) -> bool:
    """True if `solution` keeps the clues and every row, column and box holds 1..N once.

    >>> g = np.array([1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1], dtype=np.uint8)
    >>> check_solution(np.zeros(16, np.uint8), g, 2)
    True
    >>> check_solution(np.zeros(16, np.uint8), np.roll(g, 1), 2)
    False
    """
    if solution is None:
        return False
    n = box * box
    grid = np.asarray(solution, dtype=np.int64).reshape(n, n)
    given = np.asarray(clues).reshape(n, n)
    if np.any((given != 0) & (given != grid)):
        return False
    want = np.arange(1, n + 1)
    for i in range(n):
        if not np.array_equal(np.sort(grid[i, :]), want) or not np.array_equal(np.sort(grid[:, i]), want):
            return False
    for br in range(0, n, box):
        for bc in range(0, n, box):
            if not np.array_equal(np.sort(grid[br : br + box, bc : bc + box].ravel()), want):
                return False
    return True


@dataclass
class Run:
    """One solver on one instance: median seconds over the repeats, the answer and its check."""

    seconds: float
    status: str  # "solved", "unsatisfiable" or "limit"
    solution: np.ndarray | None = None
    nodes: int | None = None
    times: list[float] = field(default_factory=list)


def solve_ours(inst: Instance, time_limit: float, seed: int | None = None) -> Run:
    """cassetete.sudoku.solve, wall clock of the whole call; with `seed`, the learning engine
    under that seed (``method="learning", seed=seed``), else the defaults (the built-in seed).

    >>> from sudoku_large_instances import holes_instance
    >>> solve_ours(holes_instance(2, 0.5, 1), 5.0).status
    'solved'
    """
    from cassetete import sudoku

    n = inst.box * inst.box
    start = time.perf_counter()
    extra = {} if seed is None else {"method": "learning", "seed": seed}
    result = sudoku.solve(inst.grid.reshape(n, n), box=(inst.box, inst.box), time_limit=time_limit, **extra)
    seconds = time.perf_counter() - start
    solution = None if result.solution is None else np.asarray(result.solution).ravel()
    return Run(seconds, result.status, solution, int(result.stats.get("nodes", 0)))


def solve_cpsat(inst: Instance, time_limit: float) -> Run:
    """CP-SAT, one worker: an IntVar per cell, clues fixed, AllDifferent per row, column, box.

    >>> from sudoku_large_instances import holes_instance
    >>> solve_cpsat(holes_instance(2, 0.5, 1), 5.0).status
    'solved'
    """
    from ortools.sat.python import cp_model

    box, n = inst.box, inst.box * inst.box
    model = cp_model.CpModel()
    cells = [[model.NewIntVar(1, n, f"x{r}_{c}") for c in range(n)] for r in range(n)]
    given = inst.grid.reshape(n, n)
    for r in range(n):
        for c in range(n):
            if given[r, c]:
                model.Add(cells[r][c] == int(given[r, c]))
    for i in range(n):
        model.AddAllDifferent(cells[i])
        model.AddAllDifferent([cells[r][i] for r in range(n)])
    for br in range(0, n, box):
        for bc in range(0, n, box):
            model.AddAllDifferent([cells[r][c] for r in range(br, br + box) for c in range(bc, bc + box)])
    solver = cp_model.CpSolver()
    solver.parameters.num_search_workers = 1
    solver.parameters.max_time_in_seconds = time_limit
    start = time.perf_counter()
    status = solver.Solve(model)
    seconds = time.perf_counter() - start
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        values = np.array([solver.Value(cells[r][c]) for r in range(n) for c in range(n)], dtype=np.uint8)
        return Run(seconds, "solved", values)
    return Run(seconds, "unsatisfiable" if status == cp_model.INFEASIBLE else "limit")


def median_run(solve, inst: Instance, time_limit: float, repeats: int) -> Run:
    """The run of median time among `repeats` runs (its answer is the one reported).

    >>> median_run(lambda i, t: Run(1.0, "limit"), None, 1.0, 3).times
    [1.0, 1.0, 1.0]
    """
    runs = [solve(inst, time_limit) for _ in range(repeats)]
    runs.sort(key=lambda r: r.seconds)
    chosen = runs[len(runs) // 2]
    chosen.times = [r.seconds for r in runs]
    return chosen


def verdict(inst: Instance, run: Run, other: Run | None) -> str:
    """"ok" (checked solution, or unsatisfiable not contradicted by the other solver), "limit",
    or "WRONG".

    >>> verdict(None, Run(1.0, "limit"), None)
    'limit'
    """
    if run.status == "solved":
        return "ok" if check_solution(inst.grid, run.solution, inst.box) else "WRONG"
    if run.status == "unsatisfiable":
        if other is not None and other.status == "solved" and check_solution(inst.grid, other.solution, inst.box):
            return "WRONG"
        return "ok"
    return "limit"


def ratio_text(peer: Run, ours: Run, peer_ok: bool, ours_ok: bool) -> tuple[str, float | None]:
    """CP-SAT time / our time, with '>' or '<' when one side hit the limit (its time is then a
    lower bound); None when neither answered.

    >>> ratio_text(Run(2.0, "solved"), Run(0.5, "solved"), True, True)
    ('4.0', 4.0)
    """
    if not ours_ok and not peer_ok:
        return "-", None
    value = peer.seconds / max(ours.seconds, 1e-9)
    if not peer_ok:
        return f">{value:.1f}", value
    if not ours_ok:
        return f"<{value:.2f}", value
    return f"{value:.1f}", value


def cached_unique_instance(cache: Path, given: float, seed: int, time_limit: float) -> Instance:
    """A unique 64x64 instance, read from `cache` when an earlier run made it (its removal
    phase is bounded by time, so making it again on another machine could give other clues).

    >>> callable(cached_unique_instance)
    True
    """
    path = cache / f"unique64_given{round(100 * given)}_seed{seed}.txt"
    if path.exists():
        grid = np.array(path.read_text().split(), dtype=np.uint8)
        return Instance(f"unique64 {round(100 * np.count_nonzero(grid) / grid.size)}% seed {seed}", 8, grid,
                        "unique")
    inst = unique_instance(8, given, seed, time_limit)
    cache.mkdir(parents=True, exist_ok=True)
    path.write_text(" ".join(str(v) for v in inst.grid.tolist()) + "\n")
    return inst


def make_instances(args: argparse.Namespace) -> list[Instance]:
    """The instance list asked for on the command line, in a fixed order."""
    out: list[Instance] = []
    if args.acs:
        first, last, step = args.acs
        out += acs_instances(args.path, {16: 4, 25: 5}[args.acs_size], first, last, step)
    lo, hi = args.given
    low, high = args.given_mid
    for box, count in ((6, args.holes36), (7, args.holes49)):
        for k in range(count):
            given = low if count == 1 else low + (high - low) * k / (count - 1)
            inst = holes_instance(box, given, args.seed + k)
            print(f"made {inst.name} ({100 * inst.given:.1f} % given) in {inst.make_seconds:.1f} s", flush=True)
            out.append(inst)
    for kind, count in (("holes", args.holes), ("unique", args.unique), ("random", args.random)):
        for k in range(count):
            seed = args.seed + k
            given = lo if count == 1 else lo + (hi - lo) * k / (count - 1)
            if kind == "holes":
                inst = holes_instance(8, given, seed)
            elif kind == "unique":
                inst = cached_unique_instance(args.cache, given, seed, args.unique_time)
            else:
                inst = random_instance(8, given, seed)
            print(f"made {inst.name} ({100 * inst.given:.1f} % given) in {inst.make_seconds:.1f} s", flush=True)
            out.append(inst)
    return out


def summarise(rows: list[dict]) -> list[str]:
    """Markdown summary lines per instance set: means, ratio of means, worst per-instance ratio."""
    lines = ["| set | instances | ours answered | CP-SAT answered | ours mean s | CP-SAT mean s | "
             "CP-SAT mean / ours mean | worst per-instance ratio | median ratio | ours max s | CP-SAT max s |",
             "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    sets: dict[str, list[dict]] = {}
    for row in rows:
        sets.setdefault(row["set"], []).append(row)
    for name, group in sets.items():
        ours = [r["ours"].seconds for r in group]
        peer = [r["peer"].seconds for r in group if r["peer"] is not None]
        ratios = [r["ratio"] for r in group if r["ratio"] is not None]
        ours_ok = sum(r["ours_verdict"] == "ok" for r in group)
        peer_ok = sum(r["peer_verdict"] == "ok" for r in group)
        worst = min(ratios) if ratios else float("nan")
        mean_ratio = statistics.fmean(peer) / statistics.fmean(ours) if peer else float("nan")
        def show(value: float, digits: int, unit: str = "") -> str:
            return "-" if value != value else f"{value:.{digits}f}{unit}"  # NaN (no data) as "-"

        nan = float("nan")
        lines.append(
            f"| {name} | {len(group)} | {ours_ok} | {peer_ok if peer else '-'} | {statistics.fmean(ours):.4f} | "
            f"{show(statistics.fmean(peer) if peer else nan, 4)} | {show(mean_ratio, 1, 'x')} | {show(worst, 2, 'x')} | "
            f"{show(statistics.median(ratios) if ratios else nan, 1, 'x')} | {max(ours):.3f} | "
            f"{show(max(peer) if peer else nan, 3)} |")
    lines.append("")
    lines.append("Ratios are CP-SAT seconds / our seconds on the same instance (> 1: we are faster). "
                 "A side that hit the time limit counts with the limit as its time, so the ratio is then "
                 "a bound. 'answered' = a checked solution or an uncontradicted proof of unsatisfiability.")
    return lines


def write_markdown(path: Path, block: list[str]) -> None:
    """Replace the text between the bench markers of `path` by `block` (append when absent)."""
    text = path.read_text() if path.exists() else ""
    body = "\n".join([BEGIN, *block, END])
    if BEGIN in text and END in text:
        head, rest = text.split(BEGIN, 1)
        text = head + body + rest.split(END, 1)[1]
    else:
        text = text.rstrip("\n") + ("\n\n" if text else "") + body + "\n"
    path.write_text(text)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true",
                        help="a few minutes: acs lines 900-999 step 10, 2 holes + 1 unique + 1 random 64x64, 1 repeat")
    parser.add_argument("--path", type=Path, default=DEFAULT_DATA, help="folder holding acs_general_25x25.txt")
    parser.add_argument("--acs", type=int, nargs=3, metavar=("FIRST", "LAST", "STEP"), default=None,
                        help="25x25 acs lines FIRST..LAST every STEP (default 900 999 1; 0 0 0 = none)")
    parser.add_argument("--acs-size", type=int, choices=(16, 25), default=25,
                        help="which acs file --acs reads (acs_general_16x16.txt or _25x25.txt)")
    parser.add_argument("--holes", type=int, default=None, help="64x64 holes instances (default 6)")
    parser.add_argument("--unique", type=int, default=None, help="64x64 generator (unique) instances (default 2)")
    parser.add_argument("--random", type=int, default=None, help="64x64 random-clue instances (default 4)")
    parser.add_argument("--holes36", type=int, default=0, help="36x36 holes instances at --given-mid (default 0)")
    parser.add_argument("--holes49", type=int, default=0, help="49x49 holes instances at --given-mid (default 0)")
    parser.add_argument("--given-mid", type=float, nargs=2, default=(0.42, 0.48), metavar=("LOW", "HIGH"),
                        help="36x36 and 49x49 fraction of cells given, spread evenly over the instances")
    parser.add_argument("--given", type=float, nargs=2, default=(0.5, 0.6), metavar=("LOW", "HIGH"),
                        help="64x64 fraction of cells given, spread evenly over each kind's instances")
    parser.add_argument("--seed", type=int, default=1, help="first instance seed (then seed+1, ...)")
    parser.add_argument("--unique-time", type=float, default=300.0,
                        help="seconds allowed to generate one unique 64x64 instance")
    parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE,
                        help="folder of the unique 64x64 instances already made (reused when present)")
    parser.add_argument("--time-limit", type=float, default=10.0, help="seconds per instance and solver")
    parser.add_argument("--repeats", type=int, default=None, help="runs per instance and solver, median kept (default 3)")
    parser.add_argument("--no-cpsat", action="store_true", help="ours only")
    parser.add_argument("--markdown", type=Path, default=DEFAULT_MARKDOWN)
    parser.add_argument("--no-markdown", action="store_true")
    args = parser.parse_args(argv)
    quick = args.quick
    if args.acs is None:
        args.acs = (900, 999, 10) if quick else (900, 999, 1)
    if args.acs[2] <= 0:
        args.acs = None
    for name, full, small in (("holes", 6, 2), ("unique", 2, 1), ("random", 4, 1), ("repeats", 3, 1)):
        if getattr(args, name) is None:
            setattr(args, name, small if quick else full)
    if quick and "--unique-time" not in (argv if argv is not None else sys.argv):
        args.unique_time = 60.0
    return args


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point: runs both solvers on every instance, prints and writes the tables.

    >>> callable(main)
    True
    """
    args = parse_args(argv)
    command = "python bench/sudoku_large_compare.py " + " ".join(sys.argv[1:] if argv is None else argv)
    started = time.perf_counter()
    instances = make_instances(args)
    cpsat = not args.no_cpsat
    if cpsat:
        try:
            import ortools  # noqa: F401
        except ImportError:
            print("ortools is not installed (pip install ortools): CP-SAT skipped")
            cpsat = False
    rows = []
    table = ["| instance | given % | ours s | ours nodes | ours | CP-SAT s | CP-SAT | CP-SAT / ours |",
             "|---|---:|---:|---:|---|---:|---|---:|"]
    for inst in instances:
        ours = median_run(solve_ours, inst, args.time_limit, args.repeats)
        peer = median_run(solve_cpsat, inst, args.time_limit, args.repeats) if cpsat else None
        ours_verdict = verdict(inst, ours, peer)
        peer_verdict = verdict(inst, peer, ours) if peer else "-"
        text, ratio = ratio_text(peer, ours, peer_verdict == "ok", ours_verdict == "ok") if peer else ("-", None)
        size = inst.box * inst.box
        group = f"{size}x{size} {inst.kind}" + (f" {round(100 * inst.given)} %" if inst.kind == "acs" else "")
        rows.append(dict(set=group, ours=ours, peer=peer, ours_verdict=ours_verdict, peer_verdict=peer_verdict,
                         ratio=ratio))
        peer_cells = (f"{peer.seconds:.4f} | {peer.status if peer_verdict == 'ok' else peer_verdict}" if peer
                      else "- | -")
        line = (f"| {inst.name} | {100 * inst.given:.1f} | {ours.seconds:.4f} | {ours.nodes} | "
                f"{ours.status if ours_verdict == 'ok' else ours_verdict} | {peer_cells} | {text} |")
        table.append(line)
        print(line, flush=True)
    summary = summarise(rows)
    print("\n".join(summary))
    elapsed = time.perf_counter() - started
    try:
        import ortools

        peer_version = f"ortools {ortools.__version__}"
    except ImportError:
        peer_version = "ortools not installed"
    try:
        load = " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        load = "unknown"
    block = [f"Command: `{command}`", "",
             f"Machine: {platform.machine()}, {platform.python_implementation()} {platform.python_version()}, "
             f"{peer_version}; load average at the end {load}; whole run {elapsed:.0f} s "
             f"(time limit {args.time_limit:g} s per instance and solver, median of {args.repeats}).", "",
             "### Summary", "", *summary, "", "### Per instance", "", *table]
    if not args.no_markdown:
        write_markdown(args.markdown, block)
        print(f"wrote {args.markdown}")
    bad = sum(r["ours_verdict"] == "WRONG" or r["peer_verdict"] == "WRONG" for r in rows)
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
