"""Every table and figure of the five papers, regenerated with the current code by one command.

    python bench/reproduce.py [--quick] [--json FILE] [--only PAPER[.PART],...] [--out DIR] [--list]

Each reproduction runs the functions of the bench/ script that makes its figure (imported, not
shelled out) and writes every value beside the paper's own: one page per paper,
bench/results/reproduce_<paper>.md (``--quick``: reproduce_<paper>_quick.md), with the command,
the tolerance of each comparison and its verdict, and bench/results/reproduce.md, the index
(the papers, their verdicts as the pages stand, rerun parts and kept ones alike, and the inventory
of the bench scripts). ``--json FILE`` writes
one object per table row: {"paper", "table", "row", "quantity", "method", "theirs", "ours",
"tolerance", "status", "must", "reproduction"}; ``method`` names the variant that produced
``ours`` ("paper" for the paper-faithful one).

Verdicts: ``match`` (equal, or within the stated tolerance), ``differs`` (outside it, for a
value the paper's text does not fix exactly: a time, a tree size our model need not share, an
empirical rate), ``FAIL`` (a value that must match does not: a count, a solution, a property
the paper proves, the shape of a figure), ``error`` (the reproduction raised), ``info`` (ours
only, or the paper gives no number), ``not run`` (data or an optional package missing). The
exit status is 1 when any row is ``FAIL`` or ``error``.

``--quick`` runs every reproduction small (fewer instances, iteration or node limits instead of
time limits where the paper's axis allows it, so that its values do not depend on the machine's
speed) in a few minutes on two cores; the checks are the same kinds (exact counts, the figure's
shape), so a quick run can fail. Without ``--quick`` the papers' own sizes and numbers of runs:
that takes hours for Schaus and Deville's figures (``--only`` picks parts, e.g.
``--only gilleta,schaus_deville.table1``).

The papers (cited as in the project): Béhague, "Résolution de puzzles dépourvus d'indice
graphique" (2024); Gilleta, "Résolution du puzzle tridimensionnel des pentaminos"; Schaus and
Deville, "Hybridation de la programmation par contraintes et d'un voisinage à très grande taille
pour Eternity II"; Rafaralahy, "Résolution des jeux Shikaku et Hashiwokakero par programmation
linéaire en nombres entiers"; the Sudoku of order n lecture notes ("Problème du Sudoku").
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import random
import re
import statistics
import sys
import time
import traceback
import zipfile
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
if str(HERE) not in sys.path:  # the bench scripts import their helpers by name (_e2local, ...)
    sys.path.insert(0, str(HERE))
from _reproduce_plots import draw, slug  # noqa: E402  (helpers of bench/, found through the line above)
from _runlog import describe_log, run_logged, task_key  # noqa: E402
RESULTS = HERE / "results"
DATA = Path(os.environ.get("CASSETETE_DATA", ROOT.parent / "shared" / "data"))
RUNS = RESULTS / "runs"  # the full runs' logs (one JSON line per finished run; see _runlog.py)


@dataclass
class Paper:
    key: str
    citation: str
    about: str
    not_covered: List[str] = field(default_factory=list)


PAPERS: Dict[str, Paper] = {p.key: p for p in [
    Paper("behague", "Béhague, \"Résolution de puzzles dépourvus d'indice graphique\" (2024)",
          "monochrome jigsaws: edge encodings and k-means labels (section 2), NP-hardness reductions (section 3), "
          "approximations and exact methods for PUZZLE-ORIENTATION, PUZZLE-POSITION and PUZZLE (sections 4-6)",
          ["Figures 1-17 are constructions drawn as pictures (the reductions' gadgets): the reductions are built and "
           "solved (theorem 3.4 here; the others in tests/), not drawn.",
           "On the real scans the paper's k-means classes leave a label without a partner; classes of one tab and "
           "one blank each (`classes=\"pairs\"`, k-means at one class per join under that constraint) assemble "
           "them (the rows `labels/chain/pairs`, which must assemble)."]),
    Paper("gilleta", "Gilleta, \"Résolution du puzzle tridimensionnel des pentaminos\"",
          "the 3-D pentomino packings of volume 60 counted by interval narrowing (section 7's table) against an "
          "enumeration",
          ["Narrowing cuts of 2x5x6 and 3x4x5: hours of CPU each, so the quick mode leaves them out; the full mode "
           "reruns 2x5x6 with the methods paper, occupied and placement and reads the complete counts committed for "
           "3x4x5 (split across workers) and for 2x5x6 with the literal formulas.",
           "Method `paper` is the reading of sections 4-5 that reproduces section 7's cuts (Class over the cells of "
           "no placed piece, `packing_model(narrowing=\"paper\")`): 0.98-1.37 of them on every row, 3x4x5 "
           "included (1.03), and it must stay within the factor 1.5. The formulas as written (method `literal`) "
           "give 1.5-4.7 times them (verdict differs), `occupied` 0.45-0.92: bench/results/narrowing.md, "
           "\"Readings of the paper tried for the cuts\"."]),
    Paper("schaus_deville", "Schaus and Deville, \"Hybridation de la programmation par contraintes et d'un voisinage "
          "à très grande taille pour Eternity II\"",
          "Eternity II: the very large neighbourhood (table 1, figure 4), CP on relaxed problems (figure 5), CP "
          "initialisation of the tabu search (figure 6), the checkerboard brute force and the relaxed-CP loop "
          "(section 5)",
          ["The 24-hour runs that reached 458/480 (section 6): not rerun; our hour-long runs are in "
           "bench/results/edgematch_local_goals_T3600*.md.",
           "Figures 1-3 are pictures of boards (figure 2: the colour distribution of the 256 pieces) with no value "
           "to compare beyond the puzzle file itself."]),
    Paper("rafaralahy", "Rafaralahy, \"Résolution des jeux Shikaku et Hashiwokakero par programmation linéaire en "
          "nombres entiers\"",
          "Shikaku and Hashiwokakero: ILP models, simulated annealing, instance generators, performance profiles",
          ["Gurobi is not available: HiGHS stands in for it; CBC (PuLP, the `ilp` extra) runs when PuLP is installed, "
           "else its rows say not run.",
           "The figures are pictures without numbers in the text: the comparisons are the text's statements (rates "
           "quoted, orders of the solvers, trends)."]),
    Paper("sudoku_notes", "the Sudoku of order n lecture notes (\"Problème du Sudoku\": bitmasks and the rules "
          "exclusivity / uniqueness / parity)",
          "no table or figure: the index tables of the exercises, the three rules and the file format",
          ["The number of valid 9x9 grids the notes quote (6,670,903,752,021,072,936,960) is not recounted."]),
]}


@dataclass
class Row:
    paper: str
    reproduction: str
    table: str
    row: str
    quantity: str
    method: str
    theirs: Any
    ours: Any
    tolerance: str
    status: str
    must: bool


class Recorder:
    """Collects the rows of one reproduction."""

    def __init__(self, paper: str, reproduction: str, workers: int = 1) -> None:
        self.paper, self.reproduction = paper, reproduction
        self.workers = workers  # processes for the parts whose full runs go through a run log
        self.rows: List[Row] = []
        self.notes: List[str] = []
        self.plots: List[Dict[str, Any]] = []

    def _add(self, table: str, row: Any, quantity: str, theirs: Any, ours: Any, method: str, tolerance: str,
             status: str, must: bool) -> None:
        self.rows.append(Row(self.paper, self.reproduction, table, str(row), quantity, method, _plain(theirs),
                             _plain(ours), tolerance, status, must))

    def exact(self, table: str, row: Any, quantity: str, theirs: Any, ours: Any, method: str = "paper",
              must: bool = True) -> bool:
        ok = theirs == ours
        self._add(table, row, quantity, theirs, ours, method, "exact", "match" if ok else _miss(must), must)
        return ok

    def within(self, table: str, row: Any, quantity: str, theirs: float, ours: float, rel: float,
               method: str = "paper", must: bool = True) -> bool:
        """|ours / theirs - 1| <= rel (theirs == 0: ours == 0)."""
        ok = ours == theirs if theirs == 0 else abs(ours / theirs - 1) <= rel
        self._add(table, row, quantity, theirs, ours, method, f"within {rel:.0%}", "match" if ok else _miss(must),
                  must)
        return ok

    def factor(self, table: str, row: Any, quantity: str, theirs: float, ours: float, factor: float,
               method: str = "paper", must: bool = False) -> bool:
        """ours / theirs in [1 / factor, factor]."""
        ok = ours == theirs if theirs == 0 or ours == 0 else 1 / factor <= ours / theirs <= factor
        ratio = f" (x{ours / theirs:.2f})" if theirs and ours else ""
        self._add(table, row, quantity, theirs, f"{ours}{ratio}" if ratio else ours, method, f"factor {factor:g}",
                  "match" if ok else _miss(must), must)
        return ok

    def claim(self, table: str, row: Any, quantity: str, theirs: str, ours: Any, ok: bool, method: str = "paper",
              must: bool = True, tolerance: str = "shape") -> bool:
        """A statement of the paper (a trend, an order, a property) checked on our values."""
        self._add(table, row, quantity, theirs, ours, method, tolerance, "match" if ok else _miss(must), must)
        return ok

    def info(self, table: str, row: Any, quantity: str, theirs: Any, ours: Any, method: str = "paper") -> None:
        self._add(table, row, quantity, theirs, ours, method, "-", "info", False)

    def not_run(self, table: str, row: Any, quantity: str, theirs: Any, why: str, method: str = "paper") -> None:
        self._add(table, row, quantity, theirs, why, method, "-", "not run", False)

    def error(self, message: str) -> None:
        self._add("-", "-", "reproduction", "-", message, "-", "-", "error", True)

    def plot(self, figure: str, kind: str, title: str, xlabel: str, ylabel: str, x: Sequence[Any],
             series: Dict[str, Sequence[Any]], **extra: Any) -> None:
        """The picture of ``figure``, drawn from these values beside the page's table (kinds and
        fields: bench/_reproduce_plots.py); ``extra``: ``logx``, ``ylim``."""
        self.plots.append({"figure": figure, "kind": kind, "title": title, "xlabel": xlabel, "ylabel": ylabel,
                           "x": _plain(list(x)), "series": {k: _plain(list(v)) for k, v in series.items()}, **extra})


def _miss(must: bool) -> str:
    return "FAIL" if must else "differs"


def _plain(value: Any) -> Any:
    """JSON-friendly: numpy scalars to Python, floats rounded, tuples to lists."""
    if hasattr(value, "item") and not isinstance(value, (list, tuple, dict)):
        value = value.item()
    if isinstance(value, float):
        return round(value, 4) if math.isfinite(value) else str(value)
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


@dataclass
class Reproduction:
    paper: str
    key: str
    covers: str
    scripts: str
    run: Callable[[Recorder, bool], None]
    quick_seconds: float  # measured on the 2-core machine; the test runs those under its budget


def _brendan(name: str):
    from cassetete import edgematch as em

    path = DATA / "edgematch" / "bucas_viewer_brendan" / "pieces_set_1.zip"
    if not path.exists():
        return None
    return em.parse(zipfile.ZipFile(path).read(f"pieces_{name}.txt").decode())


def _cpu(fn: Callable[[], Any]):
    start = time.process_time()
    out = fn()
    return out, time.process_time() - start


# ---------------------------------------------------------------------------------------------
# Gilleta: the table of section 7
# ---------------------------------------------------------------------------------------------

GILLETA_QUICK_NARROWING = ("2x30", "2x2x15", "3x20")
GILLETA_FULL_NARROWING = ("2x30", "3x20", "4x15", "5x12", "6x10", "2x2x15", "2x3x10")


def gilleta_table(rec: Recorder, quick: bool) -> None:
    import narrowing_table as nt

    t = "section 7 table"
    # solutions, by our best engine (classes up to the box's symmetries): the paper's 3-D counts
    # are printed as 2 x classes (its F restriction keeps a mirror pair)
    for name, (sols, *_rest) in nt.PAPER.items():
        classes = nt.known_solutions(name) // (2 if name.count("x") == 2 else 1)
        best = nt.run_best(name)
        rec.exact(t, name, f"solutions up to symmetry (paper: {sols})", classes, best["solutions_up_to_symmetry"],
                  method="polyomino.count")
    # the enumeration with the narrowing's branching (the paper's appendix algorithm)
    rows = [r for r in nt.ORDER if not quick or r not in ("2x5x6", "3x4x5")]
    times = {}
    for name in rows:
        run = nt.run_enumeration(name)
        times[name] = run["seconds"]
        rec.exact(t, name, "enumeration solutions", nt.known_solutions(name), run["solutions"], method="enumeration")
        rec.within(t, name, "enumeration nodes", nt.PAPER[name][2], run["nodes"], 0.10, method="enumeration")
        rec.info(t, name, "enumeration CPU s (paper: Pentium III 350 MHz)", nt.PAPER[name][1], round(run["seconds"], 3),
                 method="enumeration")
    # interval narrowing: the reading that reproduces the paper's cuts (method "paper", which must
    # stay within the factor 1.5), the formulas as written ("literal") and "occupied"; the
    # placement variant in the full mode
    variants = ("paper", "literal", "occupied") + (() if quick else ("placement",))
    for name in GILLETA_QUICK_NARROWING if quick else GILLETA_FULL_NARROWING:
        for variant in variants:
            run = nt.run_narrowing(name, narrowing=variant)
            rec.exact(t, name, "narrowing solutions", nt.known_solutions(name), run["solutions"], method=variant)
            rec.factor(t, name, "narrowing cuts", nt.PAPER[name][4], run["cuts"], 1.5, method=variant,
                       must=variant == "paper")
            rec.info(t, name, "narrowing CPU s", nt.PAPER[name][3], round(run["seconds"], 3), method=variant)
            if variant == "paper" and name in times and times[name] > 0 and run["cuts"]:
                rec.info("section 8", name, "rho = narrowing time / enumeration time", "20-40",
                         round(run["seconds"] / times[name], 1), method="paper")
    if not quick:
        for variant in ("paper", "occupied", "placement"):
            run = nt.run_narrowing("2x5x6", narrowing=variant)
            rec.exact(t, "2x5x6", "narrowing solutions", nt.known_solutions("2x5x6"), run["solutions"], method=variant)
            rec.factor(t, "2x5x6", "narrowing cuts", nt.PAPER["2x5x6"][4], run["cuts"], 1.5, method=variant,
                       must=variant == "paper")
            rec.info(t, "2x5x6", "narrowing CPU s", nt.PAPER["2x5x6"][3], round(run["seconds"], 1), method=variant)
    if quick:
        for name in ("2x5x6", "3x4x5"):
            rec.not_run(t, name, "narrowing cuts", nt.PAPER[name][4], "full mode only (hours of CPU)")
    else:
        # the counts of hours are read from their committed runs, not redone here
        whole = nt.load_runs().get("narrowing/2x5x6/smallest-min")
        if whole and whole.get("complete"):
            method = "literal (committed run: python bench/narrowing_table.py --rows 2x5x6 --skip-enumeration)"
            rec.exact(t, "2x5x6", "narrowing solutions", nt.known_solutions("2x5x6"), whole["solutions"], method=method)
            rec.factor(t, "2x5x6", "narrowing cuts", nt.PAPER["2x5x6"][4], whole["cuts"], 1.5, method=method)
            rec.info(t, "2x5x6", "narrowing CPU s", nt.PAPER["2x5x6"][3], round(whole["seconds"], 1), method=method)
        for variant in ("paper", "literal", "occupied", "placement"):
            split = nt.complete_split_count("3x4x5", variant)
            if split is None:
                rec.not_run(t, "3x4x5", "narrowing cuts", nt.PAPER["3x4x5"][4],
                            "no complete split count committed yet (issue 31)", method=variant)
                continue
            method = f"{variant} (committed split run: {split['command']})"
            rec.exact(t, "3x4x5", "narrowing solutions", nt.known_solutions("3x4x5"), split["solutions"], method=method)
            rec.factor(t, "3x4x5", "narrowing cuts", nt.PAPER["3x4x5"][4], split["cuts"], 1.5, method=method,
                       must=variant == "paper")
            rec.info(t, "3x4x5", "narrowing CPU s", nt.PAPER["3x4x5"][3], round(split["seconds"], 1), method=method)
    rec.notes.append("Solutions in 3-D: the paper prints 2 x (classes up to symmetry), because its F restriction "
                     "keeps one mirror pair; the enumeration and the narrowing count all those solutions (2 x classes), "
                     "the best engine counts classes.")
    rec.notes.append("Cuts: the factor 1.5 is the target of issue 31. Method `paper` (`packing_model(narrowing="
                     "\"paper\")`, Class over the cells of no placed piece) must stay within it: 0.98-1.37 of the "
                     "paper's cuts on every row, 3x4x5 included (1.03, complete count). Method `literal` (the "
                     "formulas of sections 4-5 as written) gives 1.5-4.7 times them, hence `differs`; `occupied` "
                     "(a cell taken as soon as a point is fixed there) 0.71-0.92 up to 2x5x6 and 0.45 on 3x4x5 (the "
                     "readings tried: `python bench/narrowing_table.py --readings all`).")


# ---------------------------------------------------------------------------------------------
# Schaus and Deville
# ---------------------------------------------------------------------------------------------

# Table 1: (rotation, matches) of piece i (row) in hole j (column), the example of figure 3.
SCHAUS_TABLE1 = [[(2, 3), (2, 2), (0, 1), (1, 1), (1, 1)],
                 [(0, 1), (0, 1), (2, 2), (1, 3), (3, 3)],
                 [(0, 1), (0, 1), (0, 1), (1, 1), (1, 1)],
                 [(1, 2), (1, 2), (0, 1), (0, 2), (1, 2)],
                 [(0, 1), (0, 1), (2, 4), (1, 1), (3, 2)]]


def schaus_table1(rec: Recorder, quick: bool) -> None:
    from cassetete import edgematch as em

    weights = [[w for _, w in row] for row in SCHAUS_TABLE1]
    assignment = [int(j) for j in em.max_weight_assignment(weights)]
    ours = sum(weights[i][j] for i, j in enumerate(assignment))
    # the text lists (1->1), (2->4), (3->3), (4->5), (5->3): hole 3 twice, a misprint; with 3->2
    # (weight 1, as 3->3) the listed matching weighs 3 + 3 + 1 + 2 + 4 = 13
    rec.exact("table 1", "figure 3 example", "weight of the maximum matching", 13, ours,
              method="max_weight_assignment")
    rec.exact("table 1", "figure 3 example", "is a permutation of the holes", True, sorted(assignment) == [0, 1, 2, 3, 4],
              method="max_weight_assignment")
    rec.info("table 1", "figure 3 example", "matching (piece -> hole)", "1->1, 2->4, 3->3 [sic], 4->5, 5->3",
             ", ".join(f"{i + 1}->{j + 1}" for i, j in enumerate(assignment)), method="max_weight_assignment")
    rec.notes.append("Table 1: the text's matching sends pieces 3 and 5 both to hole 3; read 3->2 (the same weight 1), "
                     "it weighs 13, the optimum.")


def _fig4_run(task: Dict[str, Any]) -> Dict[str, Any]:
    """One very large neighbourhood search of figure 4 (a task of the full run's log)."""
    from cassetete import edgematch as em

    res = em.solve(em.eternity2(), method="vlns", seed=task["seed"], init="random", neighbourhood_size=task["size"],
                   tuning={"tabu": False, "greed": 0.0}, time_limit=task["time_limit"])
    return {"score": int(res.stats["score"])}


def schaus_fig4(rec: Recorder, quick: bool) -> None:
    from _e2local import mean
    from cassetete import edgematch as em

    e2 = em.eternity2()
    sizes = (2, 4, 8, 16, 32, 64)
    seeds = [1] if quick else list(range(1, 11))
    if not quick:
        tasks = [{"figure": 4, "size": k, "seed": seed, "time_limit": 30.0} for k in sizes for seed in seeds]
        entries = run_logged(RUNS / "schaus_deville_fig4.jsonl", tasks, _fig4_run, rec.workers)
        logged = {task_key(e["task"]): e["result"] for e in entries}
        rec.notes.append(describe_log(entries))
    final = {}
    for k in sizes:
        scores = []
        for seed in seeds:
            if quick:
                res = em.solve(e2, method="vlns", seed=seed, init="random", neighbourhood_size=k,
                               tuning={"tabu": False, "greed": 0.0}, iterations=30_000)
                scores.append(res.stats["score"])
            else:
                scores.append(logged[task_key({"figure": 4, "size": k, "seed": seed, "time_limit": 30.0})]["score"])
        final[k] = mean(scores)
        rec.info("figure 4", f"|S| = {k}", f"mean best score /480 ({len(seeds)} run(s), "
                 + ("30,000 moves" if quick else "30 s") + ")", "curve (no number in the text)", round(final[k], 1))
    rec.plot("figure 4", "line", f"Schaus and Deville, figure 4: best score against |S| (mean of {len(seeds)} run(s))",
             "|S| (cells freed at each move)", "best score /480", sizes, {"ours": [final[k] for k in sizes]}, logx=True)
    rec.claim("figure 4", "|S| 2 -> 16", "the score rises with |S| up to 16", "rises", f"{final[2]:.1f} -> {final[16]:.1f}",
              final[16] > final[4] > final[2])
    gain_low, gain_high = final[16] - final[2], final[64] - final[16]
    rec.claim("figure 4", "|S| 16 -> 64", "no real gain beyond 16: gain(16->64) < gain(2->16)",
              "plateau beyond 16", f"{gain_high:+.1f} against {gain_low:+.1f}", gain_high < gain_low)
    rec.claim("figure 4", "|S| 16 -> 64", "plateau: gain(16->64) <= 2 % of 480", "no real gain", f"{gain_high:+.1f}",
              gain_high <= 0.02 * 480, must=False, tolerance="<= 9.6 points")
    if quick:
        rec.notes.append("Figure 4 (quick): 30,000 moves per run instead of 30 s, so the scores do not depend on the "
                         "machine; equal moves favour large |S| (a move costs more there) compared with equal time.")
    else:
        rec.notes.append("Figure 4: 30 s per run, every run logged in bench/results/runs/schaus_deville_fig4.jsonl "
                         "(resumable).")


def _fig5_run(task: Dict[str, Any]) -> Dict[str, Any]:
    """One relaxed instance of figure 5 (a task of the full run's log)."""
    from cassetete import edgematch as em

    _, info = em.initial_board(em.eternity2(), task["init"], relax=task["relax"], seed=1000 * task["relax"] + task["instance"],
                               time_limit=task["time_limit"], node_limit=None)
    return {"solved": bool(info["solved"]), "depth": int(info["depth"]), "cells": int(info["cells"])}


def schaus_fig5(rec: Recorder, quick: bool) -> None:
    from cassetete import edgematch as em

    e2 = em.eternity2()
    variants = {"paper": "cp-model", "first fail": "cp_first_fail"}
    if quick:
        plan = {"paper": ((0, 24, 40), 2, {"node_limit": 5_000}),
                "first fail": ((0, 24, 40, 60), 3, {"node_limit": 200_000})}
    else:
        relax = tuple(range(0, 41, 4)) + (50, 60)
        plan = {v: (relax, 30, {"time_limit": 30.0, "node_limit": None}) for v in variants}
        tasks = [{"figure": 5, "init": variants[v], "relax": k, "instance": i, "time_limit": 30.0}
                 for v in variants for k in relax for i in range(30)]
        entries = run_logged(RUNS / "schaus_deville_fig5.jsonl", tasks, _fig5_run, rec.workers)
        logged = {task_key(e["task"]): e["result"] for e in entries}
        rec.notes.append(describe_log(entries))
    solved_by: Dict[str, Dict[int, int]] = {}
    for method, (relax, instances, limits) in plan.items():
        solved = solved_by[method] = {}
        for k in relax:
            if quick:
                solved[k] = sum(bool(em.initial_board(e2, variants[method], relax=k, seed=1000 * k + i, **limits)[1]["solved"])
                                for i in range(instances))
            else:
                solved[k] = sum(logged[task_key({"figure": 5, "init": variants[method], "relax": k, "instance": i,
                                                 "time_limit": 30.0})]["solved"] for i in range(instances))
            rec.info("figure 5", f"{k} relaxed", f"relaxed problems solved / {instances}", "bar (no number)",
                     solved[k], method=method)
        lo, hi = min(relax), max(relax)
        rec.claim("figure 5", f"{lo} relaxed", "no relaxed problem solved without relaxing", 0, solved[lo], solved[lo] == 0,
                  method=method)
        rec.claim("figure 5", f"{hi} relaxed", "solved at the largest relaxation > at none", "more solved",
                  f"{solved[hi]} > {solved[lo]}", solved[hi] > solved[lo], method=method)
        half = [k for k in relax if solved[k] * 2 >= instances]
        first = half[0] if half else None
        rec.claim("figure 5", "threshold", "fewest relaxed positions solving half the instances", "> 24",
                  first if first is not None else "none", first is not None and first > 24, method=method, must=False,
                  tolerance="> 24")
    every = sorted({k for relax, _, _ in plan.values() for k in relax})
    sizes = sorted({n for _, n, _ in plan.values()})
    rec.plot("figure 5", "bars", "Schaus and Deville, figure 5: relaxed problems solved, of "
             + " / ".join(map(str, sizes)), "relaxed positions", "relaxed problems solved by CP", every,
             {m: [solved_by[m].get(k) for k in every] for m in plan})  # None: that relaxation not run
    label = "node limits (5,000 for the CP model, 200,000 for first fail)" if quick else (
        "30 s each, every run logged in bench/results/runs/schaus_deville_fig5.jsonl (resumable)")
    rec.notes.append(f"Figure 5: 'paper' is the CP model of section 2 (`init=\"cp-model\"`, GAC AllDifferent, first "
                     f"fail); 'first fail' the library's search of the same relaxed problem with forward checking "
                     f"only (a placed piece leaves the other domains, no AllDifferent filtering); {label}.")


def _fig6_run(task: Dict[str, Any]) -> Dict[str, Any]:
    """One tabu search of figure 6 (a task of the full run's log)."""
    from cassetete import edgematch as em

    res = em.solve(em.eternity2(), method="vlns", seed=100 + task["run"], init=task["init"], relax=task["relax"],
                   node_limit=task["cp_nodes"], time_limit=task["time_limit"])
    return {"score": int(res.stats["score"]), "init_score": int(res.stats["init_score"])}


def schaus_fig6(rec: Recorder, quick: bool) -> None:
    from cassetete import edgematch as em

    e2 = em.eternity2()
    groups = [("cp 0", "cp", 0), ("cp 30", "cp", 30), ("random", "random", 0)]
    if not quick:
        groups = [(f"cp {k}", "cp", k) for k in range(0, 31, 5)] + [("random", "random", 0)]
    runs = 3 if quick else 20
    if not quick:
        tasks = [{"figure": 6, "init": init, "relax": k, "run": run, "time_limit": 60.0, "cp_nodes": 5_000_000}
                 for _, init, k in groups for run in range(runs)]
        entries = run_logged(RUNS / "schaus_deville_fig6.jsonl", tasks, _fig6_run, rec.workers)
        logged = {task_key(e["task"]): e["result"] for e in entries}
        rec.notes.append(describe_log(entries))
    medians, samples = {}, {}
    for label, init, k in groups:
        scores = samples[label] = []
        for run in range(runs):
            if quick:
                res = em.solve(e2, method="vlns", seed=100 + run, init=init, relax=k, node_limit=200_000,
                               iterations=20_000)
                scores.append(res.stats["score"])
            else:
                scores.append(logged[task_key({"figure": 6, "init": init, "relax": k, "run": run, "time_limit": 60.0,
                                               "cp_nodes": 5_000_000})]["score"])
        medians[label] = statistics.median(scores)
        rec.info("figure 6", label, f"final score /480: min / median / max of {runs}", "box (no number)",
                 f"{min(scores)} / {medians[label]:g} / {max(scores)}")
    rec.plot("figure 6", "box", f"Schaus and Deville, figure 6: final scores of {runs} runs per start",
             "start (cp k: CP initialisation with k positions relaxed)", "final score /480", [g[0] for g in groups],
             samples)
    rec.claim("figure 6", "cp 0 vs random", "CP initialisation beats a random one (medians)", "cp > random",
              f"{medians['cp 0']:g} > {medians['random']:g}", medians["cp 0"] > medians["random"])
    rec.claim("figure 6", "cp 0 vs cp 30", "fewer relaxed positions give better final scores", "cp 0 > cp 30",
              f"{medians['cp 0']:g} > {medians['cp 30']:g}", medians["cp 0"] > medians["cp 30"])
    rec.notes.append("Figure 6: " + ("20,000 moves per run (quick; machine-independent)" if quick else
                                     "60 s per run (the paper does not give its time), every run logged in "
                                     "bench/results/runs/schaus_deville_fig6.jsonl (resumable)") + "; CP budget "
                     + ("200,000" if quick else "5,000,000") + " placements.")


def schaus_section5(rec: Recorder, quick: bool) -> None:
    from cassetete import edgematch as em
    from cassetete.edgematch._checkerboard import _run as run_checkerboard

    cases = [(4, 4, 3, s) for s in (1, 2, 3)] + ([] if quick else [(5, 5, 4, s) for s in (1, 2, 3)])
    puzzles = [(f"planted {r}x{c}, {k} colours, seed {s}", em.generate(r, c, colors=k, seed=s)[0]) for r, c, k, s in cases]
    brendan = _brendan("05x05")
    if brendan is not None:
        puzzles.append(("Brendan Owen 5x5", brendan))
    else:
        rec.not_run("section 5", "Brendan Owen 5x5", "solutions", "-", "data missing")
    for name, p in puzzles:
        bt = em.count_solutions(p, symmetry=False)
        cb = run_checkerboard(p, True, None, 0, None, None, "row")
        rec.exact("section 5", name, "checkerboard brute force = backtracking (solutions)", bt, cb["count"],
                  method="count_checkerboard")
    if brendan is not None:
        for k, seed in ((0, 1), (2, 1), (4, 3)):
            r = em.solve_relaxed_loop(brendan, k, seed=seed, node_limit=2_000_000)
            ok = r.status == "solved" and em.verify(brendan, r.solution)
            rec.claim("section 5", f"Brendan Owen 5x5, {k} relaxed, seed {seed}",
                      "the relaxed-CP loop ends on a full solution", "exact method", f"{r.status} after "
                      f"{r.stats['relaxed_solutions']} relaxed solutions", ok, method="solve_relaxed_loop")


# ---------------------------------------------------------------------------------------------
# Rafaralahy
# ---------------------------------------------------------------------------------------------

def _have_pulp() -> bool:
    try:
        import pulp  # noqa: F401
    except ImportError:
        return False
    return True


def rafaralahy_shikaku(rec: Recorder, quick: bool) -> None:
    import shikaku_figures as sf

    sizes = [4, 9, 16] if quick else [4, 9, 16, 25]
    solvers = ["exact", "highs"] + (["cbc"] if _have_pulp() else []) + ["annealing"]
    rows = sf.run(sizes, 1, solvers, anneal_only_sizes=[] if quick else [50])
    fig6 = [r for r in rows if r["n"] in sizes]
    for s in solvers:
        solved = sum(r[f"{s}_ok"] for r in fig6)
        median_ms = statistics.median(r[f"{s}_s"] for r in fig6) * 1e3
        rec.info("figure 6", s, f"median ms over {len(fig6)} puzzles (N = {', '.join(map(str, sizes))})",
                 "profile (no number)", round(median_ms, 3), method=s)
        if s != "annealing":
            rec.exact("figure 6", s, "puzzles solved (verified)", len(fig6), solved, method=s)
    if "cbc" not in solvers:
        rec.not_run("figure 6", "cbc", "puzzles solved", "all", "PuLP not installed")
    taus = [1, 2, 4, 8, 16, 32, 64, 128, 256, 1024]
    rec.plot("figure 6", "line", f"Rafaralahy, figure 6: performance profile, Shikaku ({len(fig6)} puzzles)",
             "tau (time / the fastest solver's time)", "share of puzzles solved within tau", taus,
             sf.profile(fig6, solvers, taus), logx=True, ylim=(0, 1.02))
    med = {s: statistics.median(r[f"{s}_s"] for r in fig6) for s in solvers}
    rec.claim("figure 6", "order", "the ILP (Gurobi; here HiGHS) is faster than the annealing (median)", "ILP < annealing",
              f"{med['highs'] * 1e3:.2f} ms vs {med['annealing'] * 1e3:.2f} ms", med["highs"] < med["annealing"],
              method="highs", must=False, tolerance="order of medians (wall clock)")
    if "cbc" in solvers:
        rec.claim("figure 6", "order", "Gurobi (here HiGHS) is a little faster than CBC (median)", "HiGHS < CBC",
                  f"{med['highs'] * 1e3:.2f} ms vs {med['cbc'] * 1e3:.2f} ms", med["highs"] < med["cbc"],
                  method="highs", must=False, tolerance="order of medians (wall clock)")
    rates = {}
    for n in sorted({r["n"] for r in rows}):
        ok = [r["annealing_ok"] for r in rows if r["n"] == n]
        rates[n] = sum(ok) / len(ok)
    quoted = {4: 1.0, 9: 0.95}
    for n, rate in rates.items():
        if n in quoted:
            rec.within("figure 7", f"N = {n}", "annealing success rate", quoted[n], round(rate, 3), 0.10,
                       method="annealing", must=n == 4)
        else:
            rec.info("figure 7", f"N = {n}", "annealing success rate", "decreasing quickly", round(rate, 3),
                     method="annealing")
    big = max(rates)
    rec.plot("figure 7", "line", "Rafaralahy, figure 7: the annealing's success rate against N", "N (rectangles)",
             "share of puzzles solved", list(rates), {"annealing": list(rates.values())}, ylim=(0, 1.02))
    rec.claim("figure 7", f"N = 4 -> {big}", "the rate falls as N grows", "decreasing", f"{rates[4]:.2f} -> {rates[big]:.2f}",
              rates[big] <= rates[4] and (big < 16 or rates[big] < rates[4]), method="annealing")
    reached = sum(r["annealing_ok"] for r in rows)
    rec.claim("figure 6", "annealing", "the annealing does not always reach a solution", "not always optimal",
              f"{reached}/{len(rows)} reached", reached < len(rows), method="annealing")


def rafaralahy_hashi(rec: Recorder, quick: bool) -> None:
    import hashi_fig12
    import hashi_figures

    # figure 12
    ns = [5, 10, 20, 35, 50, 80] if quick else [int(v) for v in hashi_fig12.DEFAULT_N.split(",")]
    rows = hashi_fig12.figure12(ns, 10 if quick else 50)  # AssertionError if the counting drifts from generate()
    rec.exact("figure 12", "all n", "counts of the draws = hashi.generate's islands", True, True, method="generate")
    for r in rows:
        rec.info("figure 12", f"n = {r[0]}", "vertices: n + crossings (paper's rule) / ours / islands",
                 "curve above n", f"{r[0] + r[7]:.1f} / {r[1]:.1f} / {r[4]:.1f}", method="generate")
    paper_rule = [r[0] + r[7] for r in rows]
    rec.plot("figure 12", "line", "Rafaralahy, figure 12: vertices of the generated graphs against n", "n (points drawn)",
             "mean count", [r[0] for r in rows], {"n + crossings (the paper's rule)": paper_rule,
                                                  "vertices (ours, kept apart)": [r[1] for r in rows],
                                                  "islands": [r[4] for r in rows]})
    rec.claim("figure 12", "all n", "more vertices than n (paper's rule on our draws)", ">= n, rising",
              ", ".join(f"{v:.0f}" for v in paper_rule),
              all(v >= r[0] for v, r in zip(paper_rule, rows)) and paper_rule == sorted(paper_rule), method="generate")
    rec.claim("figure 12", "all n", "vertices of our generator >= n and rising", ">= n, rising",
              ", ".join(f"{r[1]:.0f}" for r in rows), all(r[1] >= r[0] for r in rows)
              and [r[1] for r in rows] == sorted(r[1] for r in rows), method="ours (vertices kept apart)")
    # figure 10
    f10 = hashi_figures.figure10(4 if quick else 20, (8, 25, 50, 100) if quick else hashi_figures.FIG10_N)
    for n, islands, with9, without in f10:
        rec.info("figure 10", f"n = {n} ({islands:.1f} islands)", "connected share with (9) / without",
                 "1.00 / falling", f"{with9:.2f} / {without:.2f}", method="highs")
    rec.plot("figure 10", "line", "Rafaralahy, figure 10: connected solutions with and without constraint (9)",
             "n (points drawn)", "share of connected solutions", [r[0] for r in f10],
             {"with (9)": [r[2] for r in f10], "without (9)": [r[3] for r in f10]}, ylim=(0, 1.02))
    rec.claim("figure 10", "all n", "with (9) at least as often connected as without", "with >= without",
              " ".join(f"{a:.2f}>={b:.2f}" for _, _, a, b in f10), all(a >= b for _, _, a, b in f10), method="highs")
    rec.claim("figure 10", "largest n", "without (9) the connected share falls as islands grow", "falling",
              f"{f10[0][3]:.2f} -> {f10[-1][3]:.2f}", f10[-1][3] < f10[0][3], method="highs")
    rec.claim("figure 10", "all n", "with (9) every solution connected (no counterexample in the paper)", "1.00",
              ", ".join(f"{a:.2f}" for _, _, a, _ in f10), all(a == 1 for _, _, a, _ in f10), method="highs",
              must=False, tolerance="exact (an empirical statement)")
    # figure 13
    f13 = hashi_figures.figure13(10 if quick else 40, _have_pulp(), time_limit=30.0)
    for m in f13["methods"]:
        rec.exact("figure 13", m, f"instances solved ({f13['islands'][0]}-{f13['islands'][1]} islands)",
                  f13["instances"], f13["solved"][m], method=m)
        rec.info("figure 13", m, "median ms / share best (tau = 1)", "profile (no number)",
                 f"{f13['median_ms'][m]:.3f} / {f13['profile'][m][0]:.2f}", method=m)
    rec.plot("figure 13", "line", f"Rafaralahy, figure 13: performance profile, Hashiwokakero ({f13['instances']} "
             "instances)", "tau (time / the fastest solver's time)", "share of instances solved within tau",
             f13["taus"], f13["profile"], logx=True, ylim=(0, 1.02))
    if "ilp-cbc" not in f13["methods"]:
        rec.not_run("figure 13", "ilp-cbc", "instances solved", "all", "PuLP not installed")
    med = f13["median_ms"]
    rec.claim("figure 13", "order", "the annealing is faster than the ILP (median)", "annealing < ILP",
              f"{med['annealing']:.2f} ms vs {med['ilp-highs']:.2f} ms", med["annealing"] < med["ilp-highs"],
              method="annealing", must=False, tolerance="order of medians (wall clock)")
    if "ilp-cbc" in med:
        rec.claim("figure 13", "order", "Gurobi (here HiGHS) faster than CBC", "HiGHS < CBC",
                  f"{med['ilp-highs']:.2f} ms vs {med['ilp-cbc']:.2f} ms", med["ilp-highs"] < med["ilp-cbc"],
                  method="ilp-highs", must=False, tolerance="order of medians (wall clock)")


# ---------------------------------------------------------------------------------------------
# Béhague
# ---------------------------------------------------------------------------------------------

ACCURACY_SIZES = (40, 60, 100, 200, 400)  # pixels per piece of bench/jigsaw_accuracy.py's table


def _accuracy_run(task: Dict[str, Any]) -> Dict[str, Any]:
    """One rendered scan of the accuracy table, every method (a task of the full run's log)."""
    import jigsaw_accuracy

    return {"rows": jigsaw_accuracy.run_one(task["size"], task["level"], task["seed"])}


def _accuracy_rows(rec: Recorder, label: str, rows: List[Dict[str, Any]]) -> None:
    """The rows of one resolution and scan quality, per method, over its cuts: the correct joins,
    the fully correct assemblies and those reported solved (info); never a wrong assembly
    reported solved, and from 100 px the default method's assembly always the true one (must)."""
    methods = list(dict.fromkeys(r["method"] for r in rows))
    for method in methods:
        mine = [r for r in rows if r["method"] == method]
        runs = len(mine)
        failed = [r for r in mine if r.get("error")]
        if len(failed) == runs:
            rec.info("section 2", label, "assembly", "assembled", f"error: {failed[0]['error']}", method=method)
            continue
        joins_ok = sum(r.get("correct_joins") or 0 for r in mine)
        joins = sum(r.get("joins") or 82 for r in mine)
        correct = sum(int(r.get("correct") or 0) for r in mine)
        solved = sum(int(r.get("status") == "solved") for r in mine)
        wrong = sum(int(r.get("wrong_but_solved") or 0) for r in mine)
        rec.info("section 2", label, "correct joins, fully correct, reported solved", "-",
                 f"{joins_ok / joins:.1%}, {correct}/{runs}, {solved}/{runs}" + (f" ({len(failed)} error)" if failed else ""),
                 method=method)
        rec.claim("section 2", label, "never a wrong assembly reported solved", "never",
                  f"{wrong} wrong and solved" if wrong else "no", wrong == 0, method=method)
        size = int(label.split(", ")[1].split()[0])
        if method == "auto" and size >= 100:
            rec.claim("section 2", label, "the assembly is the true one", "assembled", f"{correct}/{runs} correct",
                      correct == runs, method="auto")


def behague_labels(rec: Recorder, quick: bool) -> None:
    from cassetete import jigsaw
    import jigsaw_accuracy

    for encoding in ("chain", "ordinates"):
        for seed in (1, 2) if quick else (1, 2, 3, 4, 5):
            puzzle, truth = jigsaw.generate(4, 5, seed=seed)
            r = jigsaw.solve(puzzle, method="labels", encoding=encoding)
            ok = r.solution is not None and jigsaw.verify(puzzle, r.solution)
            rec.claim("section 2", f"clean outlines 4x5, seed {seed}", "the labels pipeline assembles the puzzle",
                      "assembled", r.status, ok, method=f"labels/{encoding}")
    if quick:  # one rendered scan
        _accuracy_rows(rec, "rendered 6x8 scan, 200 px, scan", jigsaw_accuracy.run_one(200, "scan", 1))
    else:  # the accuracy table: every resolution and scan quality, three cuts each (logged run by run)
        tasks = [{"part": "behague.accuracy", "size": size, "level": level, "seed": seed}
                 for size in ACCURACY_SIZES for level in jigsaw_accuracy.LEVELS for seed in (1, 2, 3)]
        entries = run_logged(RUNS / "behague_accuracy.jsonl", tasks, _accuracy_run, rec.workers)
        rows = [row for e in entries for row in e["result"]["rows"]]
        for size in ACCURACY_SIZES:
            for level in jigsaw_accuracy.LEVELS:
                _accuracy_rows(rec, f"rendered 6x8 scans, {size} px, {level}",
                               [r for r in rows if r["size"] == size and r["level"] == level])
        fully = {m: sum(int(r.get("correct") or 0) for r in rows if r["method"] == m) for m in jigsaw_accuracy.METHODS}
        cuts = len(tasks)
        rec.info("section 2", f"rendered 6x8 scans, all {cuts}", "fully correct assemblies", "-",
                 ", ".join(f"{m} {fully[m]}/{cuts}" for m in jigsaw_accuracy.METHODS), method="all")
        rec.claim("section 2", f"rendered 6x8 scans, all {cuts}", "classes of one tab and one blank (after) assemble "
                  "at least as many scans as the paper's k-means classes (before)", "-",
                  f"{fully['labels-pairs']} >= {fully['labels']}", fully["labels-pairs"] >= fully["labels"],
                  method="labels-pairs", must=False, tolerance="more or as many")
        rec.notes.append(describe_log(entries) + " The same grid as bench/jigsaw_accuracy.py --seeds 3 "
                         "(bench/results/jigsaw_accuracy.md), logged in bench/results/runs/behague_accuracy.jsonl.")
    if not quick:
        import jigsaw_real

        data = DATA / "jigsaw" / "m1s2_horsesNumbered"
        if not data.exists():
            rec.not_run("section 2", "real scans (104 pieces)", "assembly", "assembled", "data missing")
            return
        _, summary = jigsaw_real.run(str(data), picture=False)
        rec.exact("section 2", "real scans (104 pieces)", "pieces found", 104, summary["pieces"], method="read_image")
        for key, run in summary["runs"].items():
            good = run["status"] in ("solved", "feasible")
            rec.claim("section 2", "real scans (104 pieces)", "the pipeline assembles the scans", "assembled",
                      f"{run['status']}" + (f" ({run['labels_error']})" if run.get("labels_error") and not good else ""),
                      good, method=key, must=not key.startswith("labels") or key == "labels/chain/pairs")


def behague_approximations(rec: Recorder, quick: bool) -> None:
    from cassetete import edgematch as em

    cases = [(6, 6, 4, 1), (7, 7, 4, 2), (8, 8, 5, 3)] if quick else [
        (m, n, c, s) for m, n in ((6, 6), (7, 7), (8, 8), (9, 9), (10, 10), (7, 10), (12, 12)) for c in (3, 5) for s in (1, 2)]
    for m, n, colors, seed in cases:
        p, b = em.generate(m, n, colors=colors, seed=seed)
        rots = {int(b[r, c, 0]): int(b[r, c, 1]) for r in range(m) for c in range(n)}
        name = f"planted {m}x{n}, {colors} colours, seed {seed}"
        v = em.valid_pieces(p, em.checkerboard_approximation(p, rots))
        rec.claim("proposition 4.1", name, "valid pieces >= mn/2", f">= {m * n / 2:g}", v, v >= m * n / 2)
        bound = (m * n + 2 * (m + n) - 12) / 2
        v = em.valid_pieces(p, em.contour_checkerboard_approximation(p, rots))
        rec.claim("theorem 4.3", name, "valid pieces >= (1/2 + 1/n + 1/m - 6/mn) mn", f">= {bound:g}", v, v >= bound)
        board, info = em.block_packing_approximation(p, rots)
        v = em.valid_pieces(p, board)
        slots = ((m - 1) // 3) * ((n - 1) // 3)
        # the guarantee: 4 min(B, packed) + (floor((m-1)/3) + 1)(floor((n-1)/3) + 1) valid pieces, which is
        # Béhague's 5B + floor((m-1)/3) + floor((n-1)/3) + 1 when the packing fills the B slots
        bound = 4 * min(slots, info["packed"]) + ((m - 1) // 3 + 1) * ((n - 1) // 3 + 1)
        rec.claim("theorem 4.4", name, "valid pieces >= 4 min(B, packed) + (floor((m-1)/3)+1)(floor((n-1)/3)+1)",
                  f">= {bound} (5B + ... = {5 * slots + (m - 1) // 3 + (n - 1) // 3 + 1})",
                  f"{v} ({info['packed']} blocks packed, {slots} slots)", v >= bound)
        board = em.position_path_approximation(p, b[:, :, 0])
        if board is None:
            rec.claim("theorem 5.2", name, "face pairs agreeing", "a board", None, False)
            continue
        f = em.matched_faces(p, board)
        bound = m * n + 4 * (m + n) - 9
        rec.claim("theorem 5.2", name, "face pairs >= mn + 4(m+n) - 9", f">= {bound} of {2 * m * n + m + n}", f, f >= bound)


def behague_exact(rec: Recorder, quick: bool) -> None:
    from cassetete import edgematch as em
    from cassetete.edgematch._corner import _run as corner_run
    import edgematch_one_in_three as oit

    # figure 18 and its remark: 4 x n instances with F(n-2) solutions, where Algorithm 1 alone stalls
    fib = [1, 1]
    for n in range(4, 9 if quick else 13):
        while len(fib) <= n - 2:
            fib.append(fib[-1] + fib[-2])
        p, pos = em.fibonacci_instance(n)
        _, count = em.solve_positions(p, pos, count=True)
        rec.exact("figure 18", f"4 x {n}", "solutions = F(n-2)", fib[n - 2], count, method="solve_positions")
        rots, ok = em.propagate_orientations(p, pos)
        rec.claim("figure 18", f"4 x {n}", "Algorithm 1 alone does not orient every piece", "stalls",
                  f"{int((rots < 0).sum())} cells left", ok and bool((rots < 0).any()), method="propagate_orientations")
    # theorem 3.4: 1-in-3 SAT -> PUZZLE-POSITION, solved and decoded
    rng = random.Random(3)
    for case in ("2x3", "4x4") if quick else ("2x3", "4x4", "6x6", "8x8"):
        n, m = (int(x) for x in case.split("x"))
        clauses = oit.planted(n, m, rng)
        puzzle, positions, info = em.one_in_three_to_position(clauses)
        board, found = em.solve_positions(puzzle, positions)
        ok = False
        if found:
            val = info["valuation"](board)
            ok = em.verify(puzzle, board) and all(sum(val[abs(x)] == (x > 0) for x in c) == 1 for c in clauses)
        rec.claim("theorem 3.4", f"{n} clauses, {m} variables", "solved board decodes to a 1-in-3 valuation", "yes",
                  "yes" if ok else "no", ok, method="one_in_three_to_position")
        rows, cols = info["size"]
        v = len(info["variables"])
        rec.info("theorem 3.4", f"{n} clauses, {m} variables", "board cells (paper: 18n(9n+6), n variables)",
                 18 * v * (9 * v + 6), rows * cols, method="one_in_three_to_position")
    # section 4.2: the block method against row backtracking (PUZZLE-ORIENTATION), all solutions
    for rows_, cols_, colors, seed in [(6, 6, 3, 1), (5, 5, 3, 1)] + ([] if quick else [(8, 8, 5, 1), (7, 7, 3, 2), (5, 8, 3, 1)]):
        p, b = em.generate(rows_, cols_, colors=colors, seed=seed)
        rots = {int(b[r, c, 0]): int(b[r, c, 1]) for r in range(rows_) for c in range(cols_)}
        _, n_row = em.solve_orientations(p, rots, count=True)
        board, n_blocks, _info = em.solve_orientations_blocks(p, rots, count=True)
        rec.exact("section 4.2", f"planted {rows_}x{cols_}, {colors} colours, seed {seed}",
                  "solutions: blocks = row backtracking", n_row, n_blocks, method="solve_orientations_blocks")
    # section 6.2 and figure 19: corner filling with pair counts
    for name in ("05x05",) if quick else ("05x05", "06x06"):
        p = _brendan(name)
        if p is None:
            rec.not_run("figure 19", f"Brendan Owen {name}", "solutions", "-", "data missing")
            continue
        runs = {(order, pruning): corner_run(p, order, pruning, True, None, None, None)
                for order in ("row", "corner") for pruning in (False, True)}
        base = runs["row", False]["count"]
        for (order, pruning), out in runs.items():
            label = f"{order} order, pair pruning {'on' if pruning else 'off'}"
            rec.exact("figure 19", f"Brendan Owen {name}", f"solutions ({label}) = row order's", base, out["count"],
                      method=f"corner_fill/{order}")
            rec.info("figure 19", f"Brendan Owen {name}", f"placements ({label})", "-", out["stats"]["nodes"],
                     method=f"corner_fill/{order}")
        rec.claim("figure 19", f"Brendan Owen {name}", "pair-count pruning cuts placements (corner order)", "fewer",
                  f"{runs['corner', True]['stats']['nodes']} < {runs['corner', False]['stats']['nodes']}",
                  runs["corner", True]["stats"]["nodes"] < runs["corner", False]["stats"]["nodes"], method="corner_fill")


# ---------------------------------------------------------------------------------------------
# The Sudoku lecture notes
# ---------------------------------------------------------------------------------------------

def sudoku_notes(rec: Recorder, quick: bool) -> None:
    import numpy as np

    from cassetete import sudoku
    from sudoku_data import read_puzzles

    # the index tables of the exercises (cells numbered 1..81): L[5], C[5], R[5]
    theirs = {"L[5]": list(range(1, 10)), "C[5]": [5, 14, 23, 32, 41, 50, 59, 68, 77],
              "R[5]": [4, 5, 6, 13, 14, 15, 22, 23, 24]}
    cell = 5 - 1
    i, j = divmod(cell, 9)
    ours = {"L[5]": [9 * i + c + 1 for c in range(9)], "C[5]": [9 * r + j + 1 for r in range(9)],
            "R[5]": sorted(9 * r + c + 1 for r in range(9) for c in range(9) if (r // 3, c // 3) == (i // 3, j // 3))}
    # the same tables read off the library: the cells a given value at cell 5 removes candidates from
    grid = np.zeros((9, 9), dtype=int)
    grid[i, j] = 1
    cand = sudoku.candidates(grid)
    emptied = sorted(9 * r + c + 1 for r in range(9) for c in range(9) if (r, c) != (i, j) and not cand[r, c] & 1)
    union = sorted((set(ours["L[5]"]) | set(ours["C[5]"]) | set(ours["R[5]"])) - {5})
    for key in theirs:
        rec.exact("exercises", key, "cells of the same block as cell 5 (1-based)", theirs[key], ours[key],
                  method="index arithmetic")
    rec.exact("exercises", "L[5] u C[5] u R[5] - {5}", "cells where a 1 at cell 5 removes the candidate 1", union, emptied,
              method="sudoku.candidates")
    # the three rules (exclusivity, uniqueness, parity) with the fewest-candidates branching solve every grid
    rules = ("exclusivity", "uniqueness", "parity")
    try:
        puzzles = read_puzzles("puzzles2_17_clue", DATA / "sudoku", limit=100 if quick else 2000)
    except FileNotFoundError:
        rec.not_run("algorithm", "17-clue puzzles", "solved", "all", "data missing")
        return
    # the notes' own algorithm (method="notes": BouclerRègles then the first cell of fewest candidates, values
    # in increasing order) beside the general engine with the same rules and the default 9x9 engine
    sets = [("first {} 17-clue puzzles", puzzles)]
    try:
        sets.append(("first {} of magictour top1465", read_puzzles("puzzles3_magictour_top1465", DATA / "sudoku",
                                                                   limit=100 if quick else 1465)))
    except FileNotFoundError:
        pass
    for label, group in sets:
        row = label.format(len(group))
        solved = 0
        nodes: Dict[str, List[int]] = {"notes": [], "general": [], "auto": []}
        for text in group:
            r = sudoku.solve(text, method="notes")
            solved += bool(r.solved and sudoku.verify(text, r.solution))
            nodes["notes"].append(r.stats.get("nodes", 0))
            nodes["general"].append(sudoku.solve(text, rules=rules).stats.get("nodes", 0))
            nodes["auto"].append(sudoku.solve(text).stats.get("nodes", 0))
        rec.exact("algorithm", row, "solved and verified by the notes' algorithm (rules eup + fewest candidates)",
                  len(group), solved, method='sudoku.solve(method="notes")')
        for method, call in (("notes", 'sudoku.solve(method="notes")'), ("general", "sudoku.solve(rules=eup)"),
                             ("auto", "sudoku.solve() (9x9 engine)")):
            rec.info("algorithm", row, f"search nodes, mean / median ({method})", "-",
                     f"{statistics.mean(nodes[method]):.1f} / {statistics.median(nodes[method]):g}", method=call)
    steps = sudoku.explain(puzzles[0], rules=rules)
    used = sorted({str(s).split(":")[0] for s in steps})
    rec.claim("rules", "first 17-clue puzzle", "the rules eup to their fixpoint use exclusivity, uniqueness, parity",
              "eup", ", ".join(used), set(used) <= set(rules) and "exclusivity" in used, method="sudoku.explain")
    # the button "Règles EUP" applies the three rules once per click: cells found after each click
    found = [int(sum(bin(int(m)).count("1") == 1 for m in sudoku.candidates(puzzles[0], rules=rules, passes=k).ravel()))
             for k in (1, 2, 3)]
    fixpoint = int(sum(bin(int(m)).count("1") == 1 for m in sudoku.candidates(puzzles[0], rules=rules).ravel()))
    rec.claim("rules", "first 17-clue puzzle", "one click of the button applies each rule once: cells found after "
              "1, 2, 3 clicks grow to the fixpoint's", f"<= {fixpoint}, growing", f"{found} (fixpoint {fixpoint})",
              found == sorted(found) and found[-1] <= fixpoint and found[0] >= 17, method="sudoku.explain(passes=k)")
    # the file format: N lines of N numbers separated by spaces, 0 = empty
    text = "\n".join(" ".join(str(v) for v in row) for row in sudoku.parse(puzzles[0]).grid.tolist())
    back = sudoku.parse(text)
    rec.exact("file format", "N lines of N numbers, 0 = empty", "read back equal", True,
              bool((back.grid == sudoku.parse(puzzles[0]).grid).all()), method="sudoku.parse")


REPRODUCTIONS: List[Reproduction] = [
    Reproduction("gilleta", "table", "section 7 table (solutions, enumeration nodes, narrowing cuts), section 8 ratio rho",
                 "bench/narrowing_table.py, bench/exactcover_table.py", gilleta_table, 12),
    Reproduction("schaus_deville", "table1", "table 1 (the matching of figure 3's example)", "-", schaus_table1, 1),
    Reproduction("schaus_deville", "fig4", "figure 4 (score against |S|)", "bench/edgematch_local_fig4.py", schaus_fig4, 6),
    Reproduction("schaus_deville", "fig5", "figure 5 (relaxed problems solved by CP)",
                 "bench/edgematch_local_fig5.py, bench/edgematch_cp_fig5.py", schaus_fig5, 8),
    Reproduction("schaus_deville", "fig6", "figure 6 (CP initialisation against random)",
                 "bench/edgematch_local_fig6.py, bench/edgematch_cp_fig6.py", schaus_fig6, 3),
    Reproduction("schaus_deville", "section5", "section 5 (checkerboard brute force, relaxed-CP loop)",
                 "bench/edgematch_checkerboard.py, bench/edgematch_relaxed_loop.py", schaus_section5, 2),
    Reproduction("rafaralahy", "shikaku", "figures 6 and 7 (Shikaku profile, annealing rate)", "bench/shikaku_figures.py",
                 rafaralahy_shikaku, 10),
    Reproduction("rafaralahy", "hashi", "figures 10, 12 and 13 (Hashiwokakero)", "bench/hashi_figures.py, bench/hashi_fig12.py",
                 rafaralahy_hashi, 3),
    Reproduction("behague", "labels", "section 2 (encodings, k-means labels, assembly)",
                 "bench/jigsaw_accuracy.py, bench/jigsaw_real.py, bench/jigsaw_encodings.py", behague_labels, 15),
    Reproduction("behague", "approximations", "proposition 4.1, theorems 4.3, 4.4 and 5.2 (approximation guarantees)",
                 "-", behague_approximations, 2),
    Reproduction("behague", "exact", "theorem 3.4, figure 18, section 4.2, section 6.2 and figure 19",
                 "bench/edgematch_one_in_three.py, bench/edgematch_orientation.py, bench/edgematch_blocks_odd.py, "
                 "bench/edgematch_corner_fill.py", behague_exact, 3),
    Reproduction("sudoku_notes", "notes", "the exercises' index tables, the rules eup, the file format", "bench/sudoku_data.py",
                 sudoku_notes, 3),
]

# Every bench script: the paper figure it reproduces, or what else it measures.
INVENTORY = [
    ("narrowing_table.py", "Gilleta, section 7 table (narrowing cuts, enumeration nodes), section 8 rho, ablation",
     "gilleta.table"),
    ("exactcover_table.py", "Gilleta, section 7 table (solutions) with both exact-cover engines", "gilleta.table"),
    ("edgematch_local_fig4.py", "Schaus and Deville, figure 4", "schaus_deville.fig4"),
    ("edgematch_local_fig5.py", "Schaus and Deville, figure 5 (row-order and first-fail searches)", "schaus_deville.fig5"),
    ("edgematch_cp_fig5.py", "Schaus and Deville, figure 5 with the CP model of section 2", "schaus_deville.fig5"),
    ("edgematch_local_fig6.py", "Schaus and Deville, figure 6", "schaus_deville.fig6"),
    ("edgematch_cp_fig6.py", "Schaus and Deville, figure 6 started from the CP model", "schaus_deville.fig6 (cp starts)"),
    ("edgematch_checkerboard.py", "Schaus and Deville, section 5 (checkerboard brute force)", "schaus_deville.section5"),
    ("edgematch_relaxed_loop.py", "Schaus and Deville, section 5 (relaxed-CP loop)", "schaus_deville.section5"),
    ("edgematch_local_goals.py", "Schaus and Deville, section 6 (458 in 24 h): our hour-long runs (issue 5 goals)", "-"),
    ("shikaku_figures.py", "Rafaralahy, figures 6 and 7", "rafaralahy.shikaku"),
    ("hashi_figures.py", "Rafaralahy, figures 10 and 13", "rafaralahy.hashi"),
    ("hashi_fig12.py", "Rafaralahy, figure 12", "rafaralahy.hashi"),
    ("shikaku_compare.py", "Rafaralahy's ILP against our exact solver on the Tatham sets (no paper figure)", "-"),
    ("hashi_compare.py", "Rafaralahy's ILP against our exact solver on the shared Hashi sets (no paper figure)", "-"),
    ("hashi_cpsat.py", "Hashi against OR-Tools CP-SAT (peer comparison)", "-"),
    ("jigsaw_accuracy.py", "Béhague, section 2: accuracy against resolution and scan quality", "behague.labels"),
    ("jigsaw_real.py", "Béhague, section 2 on the real scans", "behague.labels (full mode)"),
    ("jigsaw_encodings.py", "Béhague, sections 2.1 and 2.3: cost and precision of the two encodings", "behague.labels"),
    ("jigsaw_timing.py", "jigsaw timing goals (issue goals, no paper figure)", "-"),
    ("jigsaw_doubtful.py", "jigsaw doubtful joins (library feature, no paper figure)", "-"),
    ("jigsaw_bench_common.py", "helpers of the jigsaw scripts", "-"),
    ("edgematch_one_in_three.py", "Béhague, theorem 3.4 (1-in-3 SAT -> PUZZLE-POSITION)", "behague.exact"),
    ("edgematch_orientation.py", "Béhague, section 4.2 (block method)", "behague.exact"),
    ("edgematch_blocks_odd.py", "Béhague, section 4.2 on odd sides", "behague.exact"),
    ("edgematch_corner_fill.py", "Béhague, section 6.2 and figure 19", "behague.exact"),
    ("edgematch_brendan.py", "Brendan Owen's puzzles counted (issue 4 goal)", "-"),
    ("edgematch_figures.py", "edge-matching speed figures (bench/results/edgematch.md)", "-"),
    ("eternity2_vs_blackwood.py", "Eternity II placement rate against libblackwood (peer)", "-"),
    ("_blackwood_peer.py", "driver of the libblackwood peer", "-"),
    ("_e2local.py", "helpers of the edgematch_local_*.py scripts", "-"),
    ("parallel_brendan7.py", "parallel count of Brendan's 7x7 with a checkpoint (library feature)", "-"),
    ("parallel_islands_e2.py", "Eternity II island model on Dask (library feature)", "-"),
    ("parallel_speedup.py", "speed-up of cassetete.parallel", "-"),
    ("exactcover_peers.py", "exact cover against PyPI peers", "-"),
    ("pentomino_vs_sugyan.py", "2-D pentominoes against sugyan/pentomino (peer)", "-"),
    ("sudoku_compare.py", "Sudoku speed goals and Python peers", "-"),
    ("sudoku9_vs_tdoku.py", "9x9 Sudoku against tdoku (peer)", "-"),
    ("sudoku9_simd.py", "9x9 Sudoku SIMD variants", "-"),
    ("sudoku_large_compare.py", "large Sudoku against CP-SAT", "-"),
    ("sudoku_large_instances.py", "instances of sudoku_large_compare.py", "-"),
    ("sudoku_data.py", "Sudoku data loading", "sudoku_notes.notes"),
    ("layout_before_after.py", "speed of two builds side by side (issue 26)", "-"),
    ("native_vs_portable.py", "-march=native against the portable build (issue 19)", "-"),
    ("pgo_vs_plain.py", "the profile-guided breaks search against the plain build (issue 32)", "-"),
    ("breaks_builds.py", "the breaks search in two builds side by side, same boards (issue 32)", "-"),
    ("pgo_workload.py", "training workload of the profile-guided build (CASSETETE_PGO)", "-"),
    ("reliability_fuzz_table.py", "fuzzing summary table", "-"),
    ("reliability_memory.py", "peak memory of every engine", "-"),
    ("test_bench_*.py (5 files)", "pytest-benchmark suites", "-"),
]


# ---------------------------------------------------------------------------------------------
# running and reporting
# ---------------------------------------------------------------------------------------------

def select(only: Optional[str]) -> List[Reproduction]:
    if not only:
        return list(REPRODUCTIONS)
    wanted = [w.strip() for w in only.split(",") if w.strip()]
    out = []
    for w in wanted:
        paper, _, part = w.partition(".")
        if paper not in PAPERS:
            raise SystemExit(f"--only: unknown paper {paper!r} (one of {', '.join(PAPERS)})")
        found = [r for r in REPRODUCTIONS if r.paper == paper and (not part or r.key == part)]
        if not found:
            raise SystemExit(f"--only: {paper} has no part {part!r} "
                             f"(parts: {', '.join(r.key for r in REPRODUCTIONS if r.paper == paper)})")
        out += [r for r in found if r not in out]
    return out


def run_one(rep: Reproduction, quick: bool, workers: int = 1) -> Dict[str, Any]:
    rec = Recorder(rep.paper, rep.key, workers)
    start = time.perf_counter()
    cpu = time.process_time()
    try:
        rep.run(rec, quick)
    except Exception as exc:  # a broken reproduction is a failure, reported and counted
        tb = traceback.extract_tb(exc.__traceback__)[-1]
        rec.error(f"{type(exc).__name__}: {exc} ({Path(tb.filename).name}:{tb.lineno})"[:400])
    return {"reproduction": rep, "rows": rec.rows, "notes": rec.notes, "plots": rec.plots,
            "seconds": time.perf_counter() - start, "cpu": time.process_time() - cpu}


def counts(rows: Sequence[Row]) -> Dict[str, int]:
    out: Dict[str, int] = {}
    for r in rows:
        out[r.status] = out.get(r.status, 0) + 1
    return out


def _fmt(value: Any) -> str:
    if isinstance(value, list):
        text = ", ".join(str(v) for v in value)
        return f"[{text}]"
    return str(value).replace("|", "\\|")


def command(quick: bool, only: Optional[str]) -> str:
    return "python bench/reproduce.py" + (" --quick" if quick else "") + (f" --only {only}" if only else "")


def _paper_only(key: str, results: List[Dict[str, Any]]) -> str:
    """The --only value that reruns what a paper's page shows: the paper, or the parts that ran."""
    ran = [res["reproduction"] for res in results]
    every = [r for r in REPRODUCTIONS if r.paper == key]
    return key if all(r in ran for r in every) else ",".join(f"{r.paper}.{r.key}" for r in every if r in ran)


def _earlier_sections(path: Path, parts: Sequence[Reproduction]) -> Tuple[Dict[str, List[str]], str]:
    """The sections an earlier version of the page at ``path`` holds for ``parts`` (key -> its
    lines, heading first), and that page's command line: a long full run made part by part (over
    several calls or sessions) keeps the parts a call does not rerun."""
    if not path.exists():
        return {}, ""
    lines = path.read_text(encoding="utf-8").splitlines()
    command_line = next((line for line in lines if line.startswith("Command: ")), "")
    sections: Dict[str, List[str]] = {}
    current: Optional[List[str]] = None
    for line in lines:
        if line.startswith("## "):
            current = sections.setdefault(line, [])
        if current is not None:
            current.append(line)
    kept = {}
    for rep in parts:
        section = sections.get(f"## {rep.covers}", [])
        if any(line.startswith(f"Part `{rep.paper}.{rep.key}`") for line in section):
            while section and not section[-1].strip():
                section = section[:-1]
            kept[rep.key] = section
    return kept, command_line


def _table_cells(line: str) -> List[str]:
    """The cells of a row of a page's table (an escaped "\\|" stays inside its cell)."""
    return [cell.strip() for cell in re.split(r"(?<!\\)\|", line.strip().strip("|"))]


def _section_verdicts(section: Sequence[str]) -> Dict[str, int]:
    """The verdict counts of a page section's table (its last column)."""
    out: Dict[str, int] = {}
    for line in section:
        cells = _table_cells(line)
        if line.startswith("|") and len(cells) == 8 and cells[0] not in ("table / figure", "---"):
            status = cells[-1].strip("*")
            out[status] = out.get(status, 0) + 1
    return out


def write_page(paper: Paper, results: List[Dict[str, Any]], quick: bool, out: Path) -> Path:
    name = f"reproduce_{paper.key}{'_quick' if quick else ''}.md"
    rerun = [res["reproduction"] for res in results]
    skipped = [r for r in REPRODUCTIONS if r.paper == paper.key and r not in rerun]
    kept, earlier_command = _earlier_sections(out / name, skipped)
    rows = [r for res in results for r in res["rows"]]
    c = counts(rows)
    for section in kept.values():
        for status, n in _section_verdicts(section).items():
            c[status] = c.get(status, 0) + n
    lines = [f"# Reproduction: {paper.citation}", "",
             f"{paper.about[0].upper() + paper.about[1:]}.", "",
             f"Command: `{command(quick, _paper_only(paper.key, results))}` "
             f"({'quick: reduced sizes' if quick else 'full: the paper’s sizes'}; "
             f"{sum(res['seconds'] for res in results):.0f} s on {platform.machine()}, {os.cpu_count()} cores shared; "
             f"{time.strftime('%Y-%m-%d')}).", "",
             "Verdicts: " + ", ".join(f"{k} {v}" for k, v in sorted(c.items())) + ". `match` = equal or within the "
             "tolerance; `differs` = outside it for a value the paper does not fix exactly (times, tree sizes, "
             "empirical rates); `FAIL` = a count, a solution, a proved property or a figure's shape that must hold "
             "and does not; `info` = a value shown beside the paper's figure, not compared.", ""]
    by_part = {res["reproduction"].key: res for res in results}
    for rep in [r for r in REPRODUCTIONS if r.paper == paper.key]:
        if rep.key in kept:  # not rerun: the section of the page's previous run, marked as such
            section = kept[rep.key]
            earlier = earlier_command.removeprefix("Command: ").rstrip(".")
            mark = "Kept from the page's previous run, not rerun by this command"
            if any(line.startswith(mark) for line in section):  # kept twice: it names its own run already
                lines += section + [""]
            else:
                lines += section[:1] + ["", f"{mark}: {earlier}."] + section[1:] + [""]
            continue
        res = by_part.get(rep.key)
        if res is None:
            continue
        lines += [f"## {rep.covers}", "",
                  f"Part `{rep.paper}.{rep.key}`; scripts: {rep.scripts}; {res['seconds']:.1f} s.", "",
                  "| table / figure | row | quantity | method | paper | ours | tolerance | verdict |",
                  "|---|---|---|---|---|---|---|---|"]
        for r in res["rows"]:
            verdict = f"**{r.status}**" if r.status in ("FAIL", "error", "differs") else r.status
            lines.append(f"| {r.table} | {_fmt(r.row)} | {_fmt(r.quantity)} | {r.method} | {_fmt(r.theirs)} | "
                         f"{_fmt(r.ours)} | {r.tolerance} | {verdict} |")
        if res["notes"]:
            lines += [""] + [f"- {n}" for n in res["notes"]]
        for spec in res["plots"]:  # its pictures, drawn now from this run's values
            picture = f"reproduce_{paper.key}_{slug(spec['figure'])}{'_quick' if quick else ''}.png"
            why = draw(spec, out / picture)
            lines += ["", f"![{spec['title']}]({picture})" if why is None else
                      f"- {spec['figure']}: picture not drawn: {why}."]
        lines.append("")
    not_run = [r for r in skipped if r.key not in kept]
    if not_run:
        lines += ["## Parts not run by this command", ""] + [f"- `{r.paper}.{r.key}`: {r.covers}" for r in not_run] + [""]
    lines += ["## Not covered yet", ""] + [f"- {n}" for n in paper.not_covered] + [""]
    path = out / name
    path.write_text("\n".join(lines))
    return path


def _page_summary(path: Path) -> Dict[str, Any]:
    """What a paper's page holds as it stands: its command line, the parts with a section, the
    verdict counts over every section (rerun or kept) and the rows that do not match."""
    lines = path.read_text(encoding="utf-8").splitlines()
    odd = []
    tables: Dict[str, Dict[str, int]] = {}  # per table or figure of the paper, its verdict counts
    for line in lines:
        cells = _table_cells(line)
        if not (line.startswith("|") and len(cells) == 8 and cells[0] not in ("table / figure", "---")):
            continue
        status = cells[-1].strip("*")
        counted = tables.setdefault(cells[0], {})
        counted[status] = counted.get(status, 0) + 1
        if status in ("differs", "FAIL", "error"):
            odd.append(cells)
    return {"command": next((line.removeprefix("Command: ") for line in lines if line.startswith("Command: ")), ""),
            "parts": re.findall(r"^Part `([\w.]+)`", "\n".join(lines), flags=re.M),
            "counts": {status: sum(t.get(status, 0) for t in tables.values())
                       for status in {status for t in tables.values() for status in t}},
            "tables": tables, "odd": odd}


def write_index(quick: bool, out: Path) -> Path:
    """The index of the pages in ``out`` as they stand (every call that writes a page rewrites
    it, so it never lags a page rerun part by part): per paper its parts, its verdicts and the
    rows that do not match, then the inventory of the bench scripts."""
    suffix = "_quick" if quick else ""
    lines = ["# The five papers, reproduced by one command", "",
             f"`python bench/reproduce.py{' --quick' if quick else ''}` "
             + ("(reduced sizes)" if quick else "(the papers' sizes)") + " writes one page per paper; this index "
             "sums the pages as they stand, each part as of its last run (a page names the call behind each of "
             "its sections). `--json FILE` gives the rows as data.", "",
             "| paper | page | last written by | parts | match | differs | FAIL / error | info / not run |",
             "|---|---|---|---|---|---|---|---|"]
    odd_lines: List[str] = []
    missing: List[str] = []
    every_table = ["", "## Every table and figure", "", "Verdicts of the rows of each, as the pages stand.", "",
                   "| paper | table / figure | match | differs | FAIL / error | info / not run |", "|---|---|---|---|---|---|"]
    for paper in PAPERS.values():
        page = f"reproduce_{paper.key}{suffix}.md"
        every = [f"{r.paper}.{r.key}" for r in REPRODUCTIONS if r.paper == paper.key]
        if not (out / page).exists():
            missing += every
            continue
        summary = _page_summary(out / page)
        c = summary["counts"]
        shown = [part for part in every if part in summary["parts"]]
        missing += [part for part in every if part not in shown]
        lines.append(f"| {paper.citation} | [{page}]({page}) | {_fmt(summary['command'])} | "
                     f"{', '.join(part.split('.', 1)[1] for part in shown)} | {c.get('match', 0)} | "
                     f"{c.get('differs', 0)} | {c.get('FAIL', 0) + c.get('error', 0)} | "
                     f"{c.get('info', 0) + c.get('not run', 0)} |")
        author = paper.citation.split(",")[0].split(" (")[0]
        every_table += [f"| {author} | {table} | {t.get('match', 0)} | {t.get('differs', 0)} | "
                        f"{t.get('FAIL', 0) + t.get('error', 0)} | {t.get('info', 0) + t.get('not run', 0)} |"
                        for table, t in summary["tables"].items()]
        odd_lines += [f"- {author}, {table}, {row}: {quantity} ({method}): paper {theirs}, ours {ours}; tolerance "
                      f"{tolerance}: {verdict}" for table, row, quantity, method, theirs, ours, tolerance, verdict
                      in summary["odd"]]
    lines += every_table
    lines += ["", "## What does not match", ""] + (odd_lines or ["Everything compared matches."])
    if missing:
        lines += ["", "Parts with no section in their page yet: " + ", ".join(f"`{m}`" for m in missing) + "."]
    lines += ["", "## The bench scripts", "",
              "| script | what it reproduces or measures | part of this command |", "|---|---|---|"]
    lines += [f"| bench/{s} | {what} | {part} |" for s, what, part in INVENTORY]
    path = out / f"reproduce{suffix}.md"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def write_outputs(results: List[Dict[str, Any]], args: argparse.Namespace, final: bool) -> None:
    rows = [r for res in results for r in res["rows"]]
    if not args.no_pages:
        args.out.mkdir(parents=True, exist_ok=True)
        for paper in PAPERS.values():
            mine = [res for res in results if res["reproduction"].paper == paper.key]
            if mine:
                path = write_page(paper, mine, args.quick, args.out)
                if final:
                    print("wrote", path)
        if results:
            path = write_index(args.quick, args.out)
            if final:
                print("wrote", path)
    if args.json:
        failed = [r for r in rows if r.status in ("FAIL", "error")]
        Path(args.json).write_text(json.dumps({
            "mode": "quick" if args.quick else "full", "only": args.only, "ok": not failed, "complete": final,
            "seconds": round(sum(res["seconds"] for res in results), 1),
            "parts": {f"{res['reproduction'].paper}.{res['reproduction'].key}": round(res["seconds"], 1) for res in results},
            "rows": [asdict(r) for r in rows],
            "plots": [{"paper": res["reproduction"].paper, **spec} for res in results for spec in res["plots"]]},
            indent=1, ensure_ascii=False) + "\n")


def main(argv: Optional[List[str]] = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="reduced sizes: every reproduction in a few minutes")
    ap.add_argument("--json", metavar="FILE", help="write the rows as JSON")
    ap.add_argument("--only", metavar="PAPER[.PART],...", help=f"papers: {', '.join(PAPERS)}")
    ap.add_argument("--out", type=Path, default=RESULTS, help="folder of the result pages (default bench/results)")
    ap.add_argument("--no-pages", action="store_true", help="write no markdown page")
    ap.add_argument("--list", action="store_true", help="list the parts and exit")
    ap.add_argument("--workers", type=int, default=1,
                    help="processes for the full runs kept in a resumable log (Schaus and Deville's figures 5 and 6)")
    args = ap.parse_args(argv)
    chosen = select(args.only)
    if args.list:
        for rep in chosen:
            print(f"{rep.paper}.{rep.key}: {rep.covers} (quick about {rep.quick_seconds:g} s)")
        return 0
    results: List[Dict[str, Any]] = []
    for rep in chosen:
        print(f"== {rep.paper}.{rep.key}: {rep.covers}", flush=True)
        res = run_one(rep, args.quick, args.workers)
        results.append(res)
        for r in res["rows"]:
            if r.status in ("FAIL", "error", "differs"):
                print(f"   {r.status}: {r.table} | {r.row} | {r.quantity} | {r.method}: paper {r.theirs}, ours {r.ours}",
                      flush=True)
        c = counts(res["rows"])
        print(f"   {res['seconds']:.1f} s: " + ", ".join(f"{k} {v}" for k, v in sorted(c.items())), flush=True)
        write_outputs(results, args, final=rep is chosen[-1])  # after every part: a long run can be read as it goes
    rows = [r for res in results for r in res["rows"]]
    failed = [r for r in rows if r.status in ("FAIL", "error")]
    c = counts(rows)
    print("reproduce: " + ", ".join(f"{k} {v}" for k, v in sorted(c.items())) + f"; {'FAILED' if failed else 'ok'}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
