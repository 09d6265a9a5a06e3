"""Reproduce the table of section 7 of Gilleta, "Résolution du puzzle tridimensionnel des
pentaminos": for each box of volume 60, the solutions and the cuts of the interval-narrowing
solver (the paper's model, symmetry breaking and split strategy), beside an enumeration with the
same branching (our bitboard exact-cover engine filling the lowest empty cell, every placement
of every piece there, F restricted to the same orientations, no other pruning) and our best
engine (``cassetete.polyomino.count_solutions``), and the ratio rho = narrowing time / enumeration time of
the paper's section 8. Plus an ablation of the improvements section 8 proposes.

Every run is stored in ``bench/results/narrowing_runs.json`` as it finishes (so long rows can run
in the background and resume), and ``bench/results/narrowing.md`` is rewritten from all stored
runs.

Usage::

    python bench/narrowing_table.py --quick      # a few minutes: the small rows, both models, ablation
    python bench/narrowing_table.py --full       # every row but 3x4x5 (about 10 minutes idle)
    python bench/narrowing_table.py --rows 2x30,3x20,4x15,5x12,6x10,2x2x15,2x3x10
    python bench/narrowing_table.py --rows 2x5x6 --skip-enumeration     # long: run with nohup
    python bench/narrowing_table.py --ablation 4x15 --node-limit 600000
    python bench/narrowing_table.py --estimate 3x4x5 --depth 34 --sample 60  # sampled estimate
    python bench/narrowing_table.py --estimate 3x4x5 --depth 34 --sample 100000 --narrowing occupied \
        --shard 0/2 &   # the complete count (a sample of every subproblem), shared by two processes:
    python bench/narrowing_table.py --estimate 3x4x5 --depth 34 --sample 100000 --narrowing occupied --shard 1/2
    python bench/narrowing_table.py --readings all    # the readings of the paper tried for its cuts
    python bench/narrowing_table.py --report                              # rewrite the markdown
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from typing import Any, Dict, List, Optional

import numpy as np

from cassetete import _core, polyomino
from cassetete.narrowing import NARROWINGS, packing_model
from cassetete.narrowing._packing import _SAME_AS

HERE = os.path.dirname(os.path.abspath(__file__))
RUNS = os.path.join(HERE, "results", "narrowing_runs.json")
REPORT = os.path.join(HERE, "results", "narrowing.md")

# The paper's table (350 MHz Pentium III): solutions (3-D: twice the classes), enumeration time
# and nodes, narrowing time and cuts.
PAPER = {
    "2x30": ("0", "0 s", 100, "0 s", 0),
    "3x20": ("2", "0 s", 38_792, "16 s", 43_080),
    "4x15": ("368", "7 s", 708_508, "3 m 56 s", 771_425),
    "5x12": ("1 010", "33 s", 3_285_507, "17 m 03 s", 3_532_267),
    "6x10": ("2 339", "1 m 36 s", 9_918_168, "46 m 27 s", 9_752_037),
    "2x2x15": ("0", "0 s", 3_474, "0 s", 0),
    "2x3x10": ("2 x 12", "23 s", 1_860_942, "9 m 42 s", 1_559_135),
    "2x5x6": ("2 x 264", "36 m 5 s", 114_424_641, "25 h 9 m", 102_516_710),
    "3x4x5": ("2 x 3940", "10 h 42 m", 2_039_115_519, "216 h 30 m", 1_672_290_710),
}
ORDER = list(PAPER)


def box_of(name: str) -> tuple:
    return tuple(int(v) for v in name.split("x"))


def load_runs() -> Dict[str, Any]:
    if os.path.exists(RUNS):
        with open(RUNS, encoding="utf-8") as handle:
            return json.load(handle)
    return {}


def save_run(key: str, record: Dict[str, Any]) -> None:
    # Several bench processes may store rows at once: read-modify-write under a file lock, and
    # replace the file atomically (readers never see half a file).
    import fcntl

    os.makedirs(os.path.dirname(RUNS), exist_ok=True)
    import tempfile

    with open(os.path.join(tempfile.gettempdir(), "cassetete_narrowing_runs.lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        runs = load_runs()  # re-read: another process may have stored a row meanwhile
        runs[key] = record
        tmp = f"{RUNS}.{os.getpid()}.tmp"
        with open(tmp, "w", encoding="utf-8") as handle:
            json.dump(runs, handle, indent=1, sort_keys=True)
        os.replace(tmp, RUNS)


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as handle:
            for line in handle:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return cpu


def run_narrowing(name: str, strategy: str = "smallest-min", algorithm: str = "sort", incremental: bool = True,
                  node_limit: Any = None, profile: bool = False, narrowing: str = "literal",
                  careful: bool = True) -> Dict[str, Any]:
    """Count one box by narrowing (one thread; CPU seconds of this process)."""
    model = packing_model(box_of(name), algorithm=algorithm, narrowing=narrowing)
    start = time.process_time()
    try:
        count = model.count_solutions(strategy=strategy, incremental=incremental, node_limit=node_limit, profile=profile,
                            careful=careful)
        complete = True
    except Exception as stopped:  # LimitReached under a node limit (ablation samples)
        count, complete = getattr(stopped, "count", None), False
    seconds = time.process_time() - start
    stats = model.last_stats
    return {
        "solutions": count, "complete": complete, "cuts": stats["cuts"], "nodes": stats["nodes"],
        "seconds": seconds, "us_per_cut": 1e6 * seconds / max(1, stats["cuts"]),
        "narrowings": stats["narrowings"], "kind_seconds": stats.get("kind_seconds"),
        "restricted": model.restricted, "kept_orientations": model.kept_orientations,
    }


def enumeration_packer(name: str):
    """The enumeration with the narrowing's branching: cell numbers m = x + a*y + a*b*z as bits,
    every placement of every piece (F in the orientations the narrowing model keeps), the lowest
    empty cell first, no dead-cell pruning."""
    box = box_of(name)
    model = packing_model(box)
    kept = {}
    for n, shape in polyomino.piece_set("pentominoes").items():
        pts = [tuple(c) + (0,) * (len(box) - 2) for c in shape]
        kept[n] = pts
    from cassetete.narrowing.orientations import orientations

    weights = np.cumprod((1,) + box[:-1])
    piece_of, masks = [], []
    for p, n in enumerate(model.names):
        orients = orientations(kept[n], "3d" if len(box) == 3 else "2d")
        if n == model.restricted:
            orients = _kept_orientations(model, n, orients)
        for o in orients:
            cells = np.asarray(o)
            extent = cells.max(axis=0)
            for offset in np.ndindex(*(np.asarray(box) - extent).clip(min=0)):
                placed = cells + np.asarray(offset)
                piece_of.append(p)
                masks.append(sum(1 << int(c) for c in placed @ weights))
    full = (1 << int(np.prod(box))) - 1
    packer = _core.exactcover.BitboardPacker(full, len(model.names), np.asarray(piece_of, dtype=np.int64),
                                  np.asarray(masks, dtype=np.uint64))
    packer.set_min_remaining(False)
    return packer


def _kept_orientations(model, name: str, orients: List[Any]) -> List[Any]:
    # The restricted piece's Class constraint holds its kept orientations; recover them from the
    # model's recorded constraint arguments (the offsets of the piece's class constraint).
    index = model.names.index(name)
    specs = [args for method, args in model._specs if method == "add_class"]
    _, dim, offsets, _ = specs[index]
    points = len(orients[0])
    block = points * dim
    out = []
    for k in range(len(offsets) // block):
        flat = offsets[k * block : (k + 1) * block]
        out.append(tuple(tuple(flat[i * dim : (i + 1) * dim]) for i in range(points)))
    return out


def run_enumeration(name: str) -> Dict[str, Any]:
    packer = enumeration_packer(name)
    start = time.process_time()
    count, complete, stats = _core.exactcover.bitboard_count(packer, [[]])
    seconds = time.process_time() - start
    return {"solutions": int(count), "nodes": int(stats["nodes"]), "seconds": seconds}


def run_best(name: str) -> Dict[str, Any]:
    start = time.process_time()
    count = polyomino.count_solutions(name)
    return {"solutions_up_to_symmetry": count, "seconds": time.process_time() - start}


def run_estimate(name: str, depth: int, sample: int, seed: int, narrowing: str = "literal",
                 shard: int = 0, shards: int = 1) -> None:
    """Estimate the cuts, time and solutions of a whole count from a uniform random sample of the
    subproblems of ``split(depth)`` (without replacement): total = cuts above + N * sample mean,
    an unbiased estimator; its standard error is N * s / sqrt(n) * sqrt(1 - n / N). Each
    subproblem's result is stored as it finishes, so a stopped run resumes. With ``shards`` > 1,
    this process counts every shards-th subproblem of the sample from position ``shard`` on, so
    that several processes (one per core) share one sample and one log; a sample as large as
    the number of subproblems is the complete count."""
    import random

    model = packing_model(box_of(name), narrowing=narrowing)
    parts = model.split(depth)
    above = model.last_stats["cuts"]
    order = list(range(len(parts)))
    random.Random(seed).shuffle(order)
    key = f"estimate/{name}/{depth}/{seed}/{narrowing}"
    # Each subproblem's result is appended to a JSON-lines file as it finishes (a stopped run
    # resumes from it); the runs file holds the split's summary only (parts, cuts above), and
    # the report is rewritten every 100 subproblems and at the end.
    log = estimate_log(key)
    record = load_runs().get(key, {})
    done = merged_subproblems(key, record)
    record = {"parts": len(parts), "cuts_above": above, "depth": depth, "seed": seed}
    save_run(key, record)
    with open(log, "a", encoding="utf-8") as handle:
        for index in order[:sample][shard::shards]:
            if str(index) in done:
                continue
            start = time.process_time()
            count = parts[index].count_solutions()
            seconds = time.process_time() - start
            stats = parts[index].last_stats
            done[str(index)] = {"solutions": count, "cuts": stats["cuts"], "seconds": seconds}
            handle.write(json.dumps({"index": index, **done[str(index)]}) + "\n")
            handle.flush()
            if len(done) % 100 == 0:
                write_report()
    write_report()


def estimate_log(key: str) -> str:
    """The JSON-lines file where a split run appends each subproblem's result as it finishes."""
    return os.path.join(HERE, "results", f"narrowing_{key.replace('/', '_')}.jsonl")


def merged_subproblems(key: str, record: Dict[str, Any]) -> Dict[str, Any]:
    """A split run's finished subproblems by index: those its log holds (and, from runs stored
    before the logs held everything, those the runs file's ``done`` holds)."""
    done = dict(record.get("done", {}))
    log = estimate_log(key)
    if os.path.exists(log):
        with open(log, encoding="utf-8") as handle:
            for line in handle:
                if line.strip():
                    entry = json.loads(line)
                    done[str(entry.pop("index"))] = entry
    return done


def complete_split_count(name: str, narrowing: str) -> Optional[Dict[str, Any]]:
    """The committed complete count of a row split across processes (``--estimate`` with a sample
    of every subproblem): {"cuts", "seconds", "solutions", "command"}, or None if no split run of
    ``narrowing`` on ``name`` has counted all its subproblems ("paper" is stored as its
    other name, "occupied-placed")."""
    narrowing = _SAME_AS.get(narrowing, narrowing)
    runs = load_runs()
    for key in sorted(k for k in runs if k.startswith(f"estimate/{name}/") and k.endswith(f"/{narrowing}")):
        r = runs[key]
        done = merged_subproblems(key, r)
        if len(done) == r["parts"]:
            _, _, depth, seed, _ = key.split("/")
            return {"cuts": r["cuts_above"] + sum(d["cuts"] for d in done.values()),
                    "seconds": sum(d["seconds"] for d in done.values()),
                    "solutions": sum(d["solutions"] for d in done.values()),
                    "command": f"python bench/narrowing_table.py --estimate {name} --depth {depth} --seed {seed} "
                               f"--sample {r['parts']} --narrowing {narrowing} --shard I/K"}
    return None


def estimate_lines(runs: Dict[str, Any]) -> List[str]:
    lines: List[str] = []
    for key in sorted(k for k in runs if k.startswith("estimate/")):
        r = runs[key]
        done = list(merged_subproblems(key, r).values())
        n, parts = len(done), r["parts"]
        if n < 2:
            continue
        _, name, depth, seed, narrowing = key.split("/")
        complete = n == parts
        what = (f"complete count over all {parts} subproblems" if complete else
                f"estimate of a whole count from {n} random subproblems of {parts}")
        lines += ["", f"## {name}, narrowing={narrowing!r}: {what} (split depth {depth}, seed {seed}, "
                  f"{fmt_int(r['cuts_above'])} cuts above the subproblems); the paper's strategy otherwise",
                  "", "| quantity | count | paper |" if complete else "| quantity | estimate | standard error |",
                  "|---|---|---|"]
        _, _, _, paper_time, paper_cuts = PAPER[name]  # the paper's narrowing columns
        for field, label, fmt in (("cuts", "cuts", fmt_int), ("seconds", "CPU time", fmt_s),
                                  ("solutions", "solutions", fmt_int)):
            values = np.array([d[field] for d in done], dtype=float)
            total = parts * values.mean() + (r["cuts_above"] if field == "cuts" else 0)
            error = parts * values.std(ddof=1) / np.sqrt(n) * np.sqrt(1 - n / parts)
            show = (lambda v: fmt(int(round(v)))) if fmt is fmt_int else fmt
            if complete:  # the paper's figure beside ours, and for cuts the ratio
                theirs = {"cuts": paper_cuts, "seconds": paper_time, "solutions": PAPER[name][0]}[field]
                if field == "cuts":
                    theirs = f"{fmt_int(paper_cuts)} (ours / paper {total / paper_cuts:.2f})"
                lines.append(f"| {label} | {show(total)} | {theirs} |")
            else:
                lines.append(f"| {label} | {show(total)} | {show(error)} |")
        known = known_solutions(name)
        found = sum(d["solutions"] for d in done)
        if n < parts and found:
            for field, label, show in (("cuts", "cuts", lambda v: fmt_int(int(round(v)))), ("seconds", "CPU time", fmt_s)):
                ratio = sum(d[field] for d in done) / found * known
                lines.append(f"| {label}, ratio estimate (per solution in the sample x the known {fmt_int(known)}) "
                             f"| {show(ratio)} | biased, no error given |")
    return lines


def known_solutions(name: str) -> int:
    """The paper's solution count of a row as a number ("2 x 3 940" -> 7880)."""
    total = 1
    for factor in PAPER[name][0].split(" x "):
        total *= int(factor.replace(" ", ""))
    return total


def fmt_int(n: Any) -> str:
    return "" if n is None else f"{n:,}".replace(",", " ")


def fmt_s(s: Any) -> str:
    if s is None:
        return ""
    if s < 1:
        return f"{s * 1000:.1f} ms"
    if s < 120:
        return f"{s:.2f} s"
    if s < 3600:
        return f"{int(s // 60)} m {s % 60:.0f} s"
    return f"{int(s // 3600)} h {int(s % 3600 // 60)} m"


# Readings of the paper tried for its cuts (Gilleta, sections 4-7): name -> (what it changes, the
# model's narrowing, the point labelling, the F orientations, the strategy, the branching order,
# what is counted, the paper's statement it follows or contradicts, default rows).
ALL_ROWS = ("3x20", "4x15", "5x12", "6x10", "2x3x10")
SMALL_ROWS = ("3x20", "4x15", "2x3x10")
READINGS: Dict[str, Dict[str, Any]] = {
    "literal": dict(
        change="the formulas of sections 4-5 as written (Class: union over the orientations of the box of "
               "Translaté(g) over the coordinates' boxes); rule 6 splits the m with the smallest minimum into "
               "{min} and [min+1, max], the first such m (piece order, then point order) on ties",
        statement="follows sections 4-6 literally; contradicted by the table of section 7 (too many cuts); "
                  "packing_model(narrowing=\"literal\"), the default",
        rows=ALL_ROWS),
    "ties-last": dict(
        change="as literal, the last m on ties", strategy="smallest-min-last",
        statement="allowed by section 6 (ties unsaid); contradicted by section 7's cuts", rows=SMALL_ROWS),
    "ties-first-fail": dict(
        change="as literal, the smallest domain on ties", strategy="first-fail",
        statement="allowed by section 6 (ties unsaid); contradicted by section 7's cuts", rows=SMALL_ROWS),
    "ties-point-major": dict(
        change="as literal, ties broken by point order first (every piece's first point, then the second, ...)",
        branching="point-major",
        statement="allowed by section 6 (ties unsaid); contradicted by section 7's cuts", rows=SMALL_ROWS),
    "F-last-of-orbit": dict(
        change="as literal, F keeps the last orientation of each orbit of the box's symmetries (not the first)",
        f_pick=-1,
        statement="allowed by section 7 (which orientations of F is unsaid); contradicted by its cuts",
        rows=SMALL_ROWS),
    "points-by-cell": dict(
        change="as literal, each piece's points ordered by their cell numbers m (lexicographic on (z, y, x)) "
               "instead of lexicographic on (x, y, z)",
        labelling="cell",
        statement="contradicts section 2 (points lexicographically increasing in (x, y, z)); "
                  "and section 7's cuts", rows=SMALL_ROWS),
    "split-middle": dict(
        change="as literal, rule 6 cuts the chosen m in the middle: [min, mid] and [mid+1, max]",
        strategy="smallest-min-bisect",
        statement="allowed by rule 6 (any two disjoint intervals); contradicts section 6's aim "
                  "(place the pieces filling the lowest void) and section 7's cuts (x90 on 4x15, x123 on 3x20)",
        rows=("3x20",)),
    "count-nodes": dict(
        change="as literal, counting every node (both sides of each cut and the root: 2 cuts + 1)",
        source="literal", count="nodes",
        statement="a 'coupure' counted as a node; contradicts section 7 (2x30 and 2x2x15: 0 cuts, "
                  "where the root is a node)", rows=ALL_ROWS),
    "count-failures": dict(
        change="as literal, counting the failed nodes only (the leaves without a solution)",
        source="literal", count="failures",
        statement="leaves = cuts + 1 in a binary tree: the same numbers as cuts; contradicted by section 7's cuts",
        rows=ALL_ROWS),
    "occupied-bounds": dict(
        change="Class over the free cells: the placements (orientation, translation) whose cells are free "
               "(no other piece's point fixed there) and whose cells lie within the bounds of the m; "
               "narrows the coordinates only", narrowing="occupied-bounds",
        statement="contradicts section 5's proposition (Class narrowed over the boxes of its own variables only; "
                  "here it sees the other pieces' fixed points and holes in the boxes); supported by section 7's cuts "
                  "up to 2x5x6 (within 1.5x; 3x4x5 not counted, below occupied's 0.45 there)", rows=ALL_ROWS),
    "occupied": dict(
        change="Class over the free cells: the placements whose cells are free; narrows the coordinates only, "
               "neither reads nor narrows the m (they follow through the Sums); packing_model(narrowing=\"occupied\")",
        narrowing="occupied",
        statement="contradicts section 5's proposition (Class narrowed over the boxes of its own variables only; "
                  "here it also sees the other pieces' fixed points); keeps Class on the coordinates (section 3) and "
                  "rules 1-6; supported by section 7's cuts up to 2x5x6 (within 1.5x) and the summary's "
                  "'arbres de recherche de taille inférieure' (0.63-0.92 of the enumeration's nodes); contradicted "
                  "by the cuts of 3x4x5 (0.45)",
        rows=ALL_ROWS),
    "occupied-placed": dict(
        change="Class over the cells of no placed piece: as occupied, but a cell counts as taken only once every "
               "point of the piece covering it is fixed (a board of the pieces placed so far, not of the points); "
               "packing_model(narrowing=\"paper\"), also spelt \"occupied-placed\"",
        narrowing="occupied-placed",
        statement="contradicts section 5's proposition as occupied does (Class sees the other pieces), but only "
                  "through the pieces already placed, as a program keeping a board of placed pieces would; keeps "
                  "Class on the coordinates (section 3) and rules 1-6; reproduces section 7's cuts (within 1.5x on "
                  "every row, 3x4x5 included): the library's method `paper`",
        rows=ALL_ROWS),
    "placement": dict(
        change="Class over the free cells, also reading the bounds of the m and narrowing the m to the "
               "feasible placements' cells (packing_model(narrowing=\"placement\"))", narrowing="placement",
        statement="a Class constraint on the m too: not the model of section 3; below section 7's cuts "
                  "(0.48-0.53 in 2-D, 0.38 on 2x3x10)", rows=ALL_ROWS),
}


def reading_model(name: str, reading: Dict[str, Any]):
    """The packing model of a reading: packing_model's, or (other labelling or F orientations) the
    same model built here with the Model API."""
    box = box_of(name)
    labelling, f_pick = reading.get("labelling", "lex"), reading.get("f_pick", 0)
    model = packing_model(box, narrowing=reading.get("narrowing", "literal"))
    if labelling == "lex" and f_pick == 0:
        pass
    else:
        from cassetete.narrowing import Model
        from cassetete.narrowing._packing import _paper_restriction, box_symmetries
        from cassetete.narrowing.orientations import orientations
        from cassetete.polyomino._shapes import normalize

        dim = len(box)
        shapes = polyomino.piece_set("pentominoes")
        pts = {n: [tuple(c) + (0,) * (dim - len(s[0])) for c in s] for n, s in shapes.items()}
        orients = {n: orientations(p, "3d" if dim == 3 else "2d") for n, p in pts.items()}
        kept = dict(orients)
        restricted, first = _paper_restriction(box, orients)
        if f_pick:
            # the orbits of the restricted piece's orientations under the box's symmetries
            group = [g for g in box_symmetries(box)
                     if all({normalize((np.asarray(o) @ g.T).tolist()) for o in os} == set(os) for os in orients.values())]
            index = {o: k for k, o in enumerate(orients[restricted])}
            orbits = [sorted({index[normalize((np.asarray(o) @ g.T).tolist())] for g in group}) for o in first]
            kept[restricted] = [orients[restricted][orbit[f_pick]] for orbit in orbits]
        else:
            kept[restricted] = first
        model = Model()
        names = list(shapes)
        a, ab, volume = box[0], box[0] * box[1], int(np.prod(box))
        points = [[tuple(model.int_var(0, box[d] - 1) for d in range(dim)) for _ in pts[n]] for n in names]
        cells = []
        for piece in points:
            row = []
            for coords in piece:
                m = model.int_var(0, volume - 1)
                s = model.int_var(0, a * (box[1] - 1))
                model.add_product(s, a, coords[1])
                terms = [coords[0], s]
                if dim == 3:
                    t = model.int_var(0, ab * (box[2] - 1))
                    model.add_product(t, ab, coords[2])
                    terms.append(t)
                model.add_sum(m, terms)
                row.append(m)
            cells.append(row)
        for n, piece in zip(names, points):
            if labelling == "cell":  # points sorted by cell number: lexicographic on (z, y, x)
                piece = [tuple(reversed(p)) for p in piece]
                offsets = [c for o in kept[n] for p in sorted(tuple(reversed(q)) for q in o) for c in p]
            else:
                offsets = [c for o in kept[n] for p in o for c in p]
            model._add_points(piece, len(pts[n]), dim, offsets, False, f"class constraint of piece {n!r}")
        model.add_all_different([m for row in cells for m in row])
        model.cells = cells
        model.set_branching([m for row in cells for m in row])
    if reading.get("branching") == "point-major":
        model.set_branching([row[j] for j in range(len(model.cells[0])) for row in model.cells])
    return model


def run_reading(reading: str, name: str) -> Dict[str, Any]:
    spec = READINGS[reading]
    model = reading_model(name, spec)
    start = time.process_time()
    count = model.count_solutions(strategy=spec.get("strategy", "smallest-min"))
    seconds = time.process_time() - start
    stats = model.last_stats
    return {"solutions": count, "cuts": stats["cuts"], "nodes": stats["nodes"], "failures": stats["failures"],
            "seconds": seconds}


def readings_lines(runs: Dict[str, Any]) -> List[str]:
    if not any(k.startswith("reading/") for k in runs):
        return []
    done = {k.split("/")[2] for k in runs if k.startswith("reading/")}
    rows = [n for n in ORDER if (n in ALL_ROWS or n in done or n == "3x4x5") and PAPER[n][4]]  # (no ratio to 0 cuts)
    lines = ["", "## Readings of the paper tried for the cuts", "",
             "Each reading changes one thing of the paper's model or strategy (what the text leaves open or could be",
             "read to say) and counts the whole tree; every reading gives the paper's solutions. A cell: the reading's",
             "cuts (or what it counts), and its ratio to the paper's cuts. Within 1.5x on every row, 3x4x5 included:",
             "**occupied-placed**, the library's `narrowing=\"paper\"` (0.98-1.37). **occupied** and",
             "**occupied-bounds** are within it up to 2x5x6 but not on 3x4x5 (occupied: 0.45). Command:",
             "`python bench/narrowing_table.py --readings NAME[,NAME...]` (`--readings all`; `--reading-rows`",
             "overrides the rows). Notes: `bench/results/narrowing_notes.md`. Where a reading has no run of its own,",
             "literal and placement take the complete runs of the tables above (the same model and strategy: 2x5x6),",
             "and a reading that changes only the narrowing takes its complete split count (3x4x5, sections above);",
             "count-nodes and count-failures count the literal reading's tree.", "",
             "| reading | what it changes | " + " | ".join(rows) + " | paper's statements | command |",
             "|---|---|" + "---|" * len(rows) + "---|---|"]
    for reading, spec in READINGS.items():
        cells = []
        for name in rows:
            source = spec.get("source", reading)
            r = runs.get(f"reading/{source}/{name}")
            if r is None and source in ("literal", "placement"):
                # the same model and strategy counted by the table above (--rows)
                r = runs.get(f"narrowing/{name}/smallest-min" + ("" if source == "literal" else "+placement"))
                r = r if r and r.get("complete") else None
            if r is None and source == reading and set(spec) <= {"change", "narrowing", "statement", "rows"}:
                # a reading that only changes the narrowing: its complete split count (3x4x5), if any
                r = complete_split_count(name, spec.get("narrowing", "literal"))
            if r is None or spec.get("count", "cuts") not in r:
                cells.append("")
                continue
            value = r[spec.get("count", "cuts")]
            cells.append(f"{fmt_int(value)} ({value / PAPER[name][4]:.2f})")
        command = f"`--readings {reading}`"
        lines.append(f"| {reading} | {spec['change']} | " + " | ".join(cells) + f" | {spec['statement']} | {command} |")
    lines.append("| the paper | (section 7) | " + " | ".join(fmt_int(PAPER[n][4]) for n in rows) + " | | |")
    return lines


def paper_method_lines(runs: Dict[str, Any]) -> List[str]:
    """The table of the method "paper" (``packing_model(narrowing="paper")``, stored as the reading
    occupied-placed): every row's solutions and cuts beside the paper's, complete counts only."""
    lines = ["", "## The paper's cuts reproduced: `narrowing=\"paper\"`", "",
             "The reading of the text that reproduces section 7's cuts (see \"Readings of the paper tried for the cuts\"",
             "below): Class narrows a piece's coordinates over the placements whose cells no placed piece covers, a cell",
             "counting as taken once every point of its piece is fixed. Complete counts, CPU of one thread (3x4x5 split",
             "across processes: the sum of its subproblems' CPU). Commands: `python bench/narrowing_table.py",
             "--readings occupied-placed --reading-rows ROWS` and, for 3x4x5, the split count of the section below.", "",
             "| box | paper: solutions | method paper: solutions | paper: cuts | method paper: cuts | ratio "
             "| paper: time | method paper: time | us / cut |", "|---|---|---|---|---|---|---|---|---|"]
    for name in ORDER:
        paper = PAPER[name]
        r = runs.get(f"reading/occupied-placed/{name}") or complete_split_count(name, "occupied-placed")
        if r is None:
            lines.append(f"| {name} | {paper[0]} | not counted | {fmt_int(paper[4])} | | | {paper[3]} | | |")
            continue
        ratio = f"{r['cuts'] / paper[4]:.2f}" if paper[4] else ("equal" if r["cuts"] == 0 else "")
        per_cut = f"{1e6 * r['seconds'] / r['cuts']:.2f}" if r["cuts"] else ""
        lines.append(f"| {name} | {paper[0]} | {fmt_int(r['solutions'])} | {fmt_int(paper[4])} | {fmt_int(r['cuts'])} "
                     f"| {ratio} | {paper[3]} | {fmt_s(r['seconds'])} | {per_cut} |")
    return lines


def write_report() -> None:
    runs = load_runs()
    lines = [
        "# Interval narrowing: the table of Gilleta, \"Résolution du puzzle tridimensionnel des pentaminos\", section 7",
        "",
        "Written by `bench/narrowing_table.py` from `bench/results/narrowing_runs.json`. Times are CPU seconds of one",
        "thread (`time.process_time`). The machine is shared with other jobs, so times carry noise; cuts, nodes and",
        "solutions do not. The paper ran on a 350 MHz Pentium III.",
        "",
        "Narrowing: the paper's model (Product, Sum, AllDifferent on the cell numbers m, one Class per piece), the",
        "paper's symmetry breaking (F keeps one orientation per orbit of the box's symmetries: 2 of 8 in 2-D, 6 of 24",
        "in 3-D) and strategy (split the m with the smallest minimum into {min} and [min+1, max]), AllDifferent by",
        "sorting (López-Ortiz et al. 2003) with the incremental narrowing of section 8.",
        "Enumeration (same branching): our bitboard engine filling the lowest empty cell m, every placement of every",
        "piece there, F in the same kept orientations, no other pruning. rho = narrowing time / enumeration time.",
        "Best: `cassetete.polyomino.count_solutions(box)` (exact symmetry breaking, dead-cell pruning, its own branching).",
    ]
    lines += paper_method_lines(runs)
    lines += [
        "",
        "## The formulas as written (`narrowing=\"literal\"`), the enumeration and the best engine",
        "",
        "| box | paper: solutions | paper: enum. time | paper: enum. nodes | paper: narrowing time | paper: cuts "
        "| ours: solutions | ours: cuts | ours: time | us / cut | enum.: nodes | enum.: time | rho | best: time |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for name in ORDER:
        paper = PAPER[name]
        nar = runs.get(f"narrowing/{name}/smallest-min")
        enum = runs.get(f"enumeration/{name}")
        best = runs.get(f"best/{name}")
        if nar is None and enum is None:
            lines.append(f"| {name} | {paper[0]} | {paper[1]} | {fmt_int(paper[2])} | {paper[3]} | {fmt_int(paper[4])} "
                         "| not run | | | | | | | |")
            continue
        sol = "" if nar is None else (fmt_int(nar["solutions"]) if nar["complete"] else f"≥ {nar['solutions']}")
        rho = ""
        if nar and enum and enum["seconds"] > 0.001:
            rho = f"{nar['seconds'] / enum['seconds']:.1f}"
        lines.append(
            f"| {name} | {paper[0]} | {paper[1]} | {fmt_int(paper[2])} | {paper[3]} | {fmt_int(paper[4])} "
            f"| {sol} | {fmt_int(nar and nar['cuts'])} | {fmt_s(nar and nar['seconds'])} "
            f"| {'' if not nar or not nar['cuts'] else format(nar['us_per_cut'], '.2f')} "
            f"| {fmt_int(enum and enum['nodes'])} | {fmt_s(enum and enum['seconds'])} | {rho} "
            f"| {fmt_s(best and best['seconds'])} |"
        )
    others = sorted((k for k in runs if k.startswith("narrowing/") and not k.endswith("/smallest-min")),
                    key=lambda k: (ORDER.index(k.split("/")[1]), k))
    if others:
        lines += ["", "## Other strategies", "",
                  "`first-fail`: among the m with the smallest minimum, the smallest domain. `+placement`: each Class",
                  "constraint replaced by the Placement constraint (`packing_model(..., narrowing=\"placement\")`): the",
                  "orientations and translations of a piece whose cells are occupied by other pieces' fixed points are",
                  "excluded, and the cell numbers m are narrowed directly (a better treatment of PointsDistincts).", "",
                  "rho: time / the same-branching enumeration's time; cuts / nodes: cuts / that enumeration's nodes.", "",
                  "| box | strategy | solutions | cuts | time | us / cut | rho | cuts / nodes "
                  "| cuts, paper's strategy (ours / paper's) | time, paper's strategy |",
                  "|---|---|---|---|---|---|---|---|---|---|"]
        for key in others:
            r = runs[key]
            _, name, strategy = key.split("/")
            base = runs.get(f"narrowing/{name}/smallest-min")
            sol = fmt_int(r["solutions"]) if r["complete"] else f"≥ {r['solutions']}"
            per_cut = f"{r['us_per_cut']:.2f}" if r["cuts"] else ""
            enum = runs.get(f"enumeration/{name}")
            rho = f"{r['seconds'] / enum['seconds']:.1f}" if enum and r["cuts"] and enum["seconds"] > 0.001 else ""
            ratio = f"{r['cuts'] / enum['nodes']:.2f}" if enum and r["cuts"] else ""
            lines.append(f"| {name} | {strategy} | {sol} | {fmt_int(r['cuts'])} | {fmt_s(r['seconds'])} "
                         f"| {per_cut} | {rho} | {ratio} | {fmt_int(base and base['cuts'])} / {fmt_int(PAPER[name][4])} "
                         f"| {fmt_s(base and base['seconds'])} |")
    ablation = sorted((k for k in runs if k.startswith("ablation/") and k.count("/") == 4),
                      key=lambda k: (k.split("/")[1], sum(ABLATION_ON[i] == v for i, v in enumerate(k.split("/")[2:])),
                                     k))
    if ablation:
        lines += ["", "## Ablation: the improvements of section 8, one at a time", "",
                  "The same first cuts of the box in every row (the search stopped by a node limit), so only the time per",
                  "cut changes. Improvements: O(n log n) AllDifferent (`sort` instead of the paper's O(n^2) `leconte`),",
                  "incremental narrowing (Class skips the orientations found impossible above; AllDifferent leaves the",
                  "fixed variables and values out), careful implementation (each Sum narrowed with the Products of its",
                  "terms to their joint fixpoint without the queue; AllDifferent on at most 64 values with bit masks,",
                  "counting sorts and reversible masks of the fixed variables; 32-bit division). The shares of time come",
                  "from a second run with the per-kind clock on (fused Products are timed with their Sum).", "",
                  "| box | AllDifferent | incremental | careful | cuts | time | us / cut | speed-up | share of time: "
                  "all_different / class / product+sum |", "|---|---|---|---|---|---|---|---|---|"]
        for key in ablation:
            r = runs[key]
            _, name, algorithm, inc, careful = key.split("/")
            base = runs.get(f"ablation/{name}/leconte/False/False")
            speedup = (f"{base['us_per_cut'] / r['us_per_cut']:.1f}x"
                       if base and base["cuts"] == r["cuts"] and r["us_per_cut"] else "")
            share = ""
            ks = r.get("kind_seconds")
            if ks:
                total = sum(ks.values()) or 1
                share = (f"{100 * ks['all_different'] / total:.0f} % / {100 * (ks['class'] + ks['translated']) / total:.0f}"
                         f" % / {100 * (ks['product'] + ks['sum']) / total:.0f} %")
            lines.append(f"| {name} | {algorithm} | {inc} | {careful} | {fmt_int(r['cuts'])} | {fmt_s(r['seconds'])} "
                         f"| {r['us_per_cut']:.2f} | {speedup} | {share} |")
    lines += estimate_lines(runs)
    lines += readings_lines(runs)
    lines += ["", f"Machine: {machine()}, Python {platform.python_version()}.", ""]
    notes = os.path.join(HERE, "results", "narrowing_notes.md")
    if os.path.exists(notes):
        with open(notes, encoding="utf-8") as handle:
            lines += [handle.read()]
    with open(REPORT, "w", encoding="utf-8") as handle:
        handle.write("\n".join(lines))


# The three improvements of section 8 as (AllDifferent, incremental, careful): off, then on.
ABLATION_OFF = ("leconte", "False", "False")
ABLATION_ON = ("sort", "True", "True")
QUICK_ROWS = ("2x30", "3x20", "4x15", "2x2x15")
FULL_ROWS = ("2x30", "3x20", "4x15", "5x12", "6x10", "2x2x15", "2x3x10")


def run_ablation(name: str, node_limit: Any) -> None:
    """Every combination of the three improvements on the same first cuts of one box (each
    improvement alone, all but one, none, all)."""
    import itertools

    for flags in itertools.product((False, True), repeat=3):
        algorithm = ABLATION_ON[0] if flags[0] else ABLATION_OFF[0]
        options = {"algorithm": algorithm, "incremental": flags[1], "careful": flags[2], "node_limit": node_limit}
        record = run_narrowing(name, **options)
        # the same cuts again with the per-kind clock (it costs time, so apart)
        record["kind_seconds"] = run_narrowing(name, profile=True, **options)["kind_seconds"]
        save_run(f"ablation/{name}/{algorithm}/{flags[1]}/{flags[2]}", record)
        print("ablation", algorithm, flags[1], flags[2], record["cuts"], f"{record['us_per_cut']:.2f} us/cut", flush=True)


def main(argv: Any = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", default="", help="comma-separated boxes, e.g. 3x20,4x15")
    parser.add_argument("--strategy", default="smallest-min")
    parser.add_argument("--narrowing", default="literal", choices=NARROWINGS,
                        help="literal (the formulas as written), paper (= occupied-placed, the reading that "
                             "reproduces the paper's cuts), occupied, occupied-bounds or placement (the stronger "
                             "Class)")
    parser.add_argument("--skip-enumeration", action="store_true")
    parser.add_argument("--skip-best", action="store_true")
    parser.add_argument("--ablation", default="", help="a box for the ablation table")
    parser.add_argument("--node-limit", type=int, default=None, help="ablation: stop after this many nodes")
    parser.add_argument("--estimate", default="", help="a box whose count is estimated from sampled subproblems")
    parser.add_argument("--depth", type=int, default=34, help="estimate: split depth")
    parser.add_argument("--sample", type=int, default=60, help="estimate: subproblems to count")
    parser.add_argument("--seed", type=int, default=1, help="estimate: sampling seed")
    parser.add_argument("--shard", default="0/1",
                        help="estimate: I/K counts every K-th subproblem of the sample from the I-th on, so K "
                             "processes (one per core) share the work and its log")
    parser.add_argument("--report", action="store_true", help="only rewrite the markdown")
    parser.add_argument("--quick", action="store_true",
                        help=f"rows {','.join(QUICK_ROWS)} (both models, enumeration, best) and the ablation on "
                             "4x15 (200 000 nodes): a few minutes")
    parser.add_argument("--full", action="store_true",
                        help=f"rows {','.join(FULL_ROWS)} (both models, enumeration, best) and the ablation on 4x15 "
                             "(600 000 nodes)")
    parser.add_argument("--readings", default="",
                        help=f"readings of the paper's cuts to count, comma-separated or 'all': {', '.join(READINGS)}")
    parser.add_argument("--reading-rows", default="", help="readings: these rows instead of each reading's own")
    args = parser.parse_args(argv)
    # runs are stored under one name per search: "paper" is stored as "occupied-placed"
    args.narrowing = _SAME_AS.get(args.narrowing, args.narrowing)
    if args.readings:
        chosen = list(READINGS) if args.readings == "all" else args.readings.split(",")
        for reading in chosen:
            if reading not in READINGS:
                parser.error(f"unknown reading {reading}; expected one of: {', '.join(READINGS)}")
            if "source" in READINGS[reading]:
                continue  # counted from another reading's runs
            rows = args.reading_rows.split(",") if args.reading_rows else READINGS[reading]["rows"]
            for name in rows:
                if name not in PAPER:
                    parser.error(f"unknown row {name}")
                record = run_reading(reading, name)
                save_run(f"reading/{reading}/{name}", record)
                print("reading", reading, name, record["solutions"], record["cuts"],
                      f"{record['cuts'] / max(1, PAPER[name][4]):.3f}", fmt_s(record["seconds"]), flush=True)
        write_report()
    for name in [r for r in args.rows.split(",") if r]:
        if name not in PAPER:
            parser.error(f"unknown row {name}")
        record = run_narrowing(name, strategy=args.strategy, narrowing=args.narrowing)
        label = args.strategy if args.narrowing == "literal" else f"{args.strategy}+{args.narrowing}"
        save_run(f"narrowing/{name}/{label}", record)
        print(name, label, record["solutions"], record["cuts"], fmt_s(record["seconds"]), flush=True)
        if label == "smallest-min":
            if not args.skip_enumeration:
                record = run_enumeration(name)
                save_run(f"enumeration/{name}", record)
                print(name, "enumeration", record["solutions"], record["nodes"], fmt_s(record["seconds"]), flush=True)
            if not args.skip_best:
                record = run_best(name)
                save_run(f"best/{name}", record)
                print(name, "best", fmt_s(record["seconds"]), flush=True)
        write_report()
    if args.quick or args.full:
        rows = QUICK_ROWS if args.quick else FULL_ROWS
        for name in rows:
            for narrowing in ("literal", "placement"):
                record = run_narrowing(name, narrowing=narrowing)
                label = "smallest-min" if narrowing == "literal" else "smallest-min+placement"
                save_run(f"narrowing/{name}/{label}", record)
                print(name, label, record["solutions"], record["cuts"], fmt_s(record["seconds"]), flush=True)
            for key, run in ((f"enumeration/{name}", run_enumeration), (f"best/{name}", run_best)):
                save_run(key, run(name))
            write_report()
        args.ablation = args.ablation or "4x15"
        if args.node_limit is None:
            args.node_limit = 200_000 if args.quick else 600_000
    if args.ablation:
        run_ablation(args.ablation, args.node_limit)
        write_report()
    if args.estimate:
        shard, _, shards = args.shard.partition("/")
        if not (shard.isdigit() and shards.isdigit() and int(shard) < int(shards)):
            parser.error(f"--shard wants I/K with 0 <= I < K, not {args.shard}")
        run_estimate(args.estimate, args.depth, args.sample, args.seed, args.narrowing, int(shard), int(shards))
    if args.report:
        write_report()
    return 0


if __name__ == "__main__":
    sys.exit(main())
