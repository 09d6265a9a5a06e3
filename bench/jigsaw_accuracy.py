"""Accuracy of the jigsaw front end against resolution and scan quality: 6 x 8 generated
cuts rendered as scans (pieces turned by any angle, labels beside them, a bright image
border) at 40 to 400 px per piece, with three levels of blur and noise; the share of correct
joins and of fully correct assemblies for the pure pipeline of Béhague, "Résolution de
puzzles dépourvus d'indice graphique" (2024), section 2 (k-means labels + exact edge-matching
search, ``method="labels"``) and for the robust one (``method="auto"``: labels, then the
fit-scored assembly); and how often a wrong assembly is reported solved (it must be never).

Writes bench/results/jigsaw_accuracy.csv, jigsaw_accuracy.md and jigsaw_accuracy.png.

    python bench/jigsaw_accuracy.py [--seeds 3] [--sizes 40 60 100 200 400]
"""

from __future__ import annotations

import argparse
import csv
import os
import time


from cassetete import PuzzleError, jigsaw
from jigsaw_bench_common import OUT, assembly_correct, joins_correct, pyplot, truth_for, write_md

METHODS = ("labels", "labels-ordinates", "labels-pairs", "auto")
LEVELS = {"clean": dict(blur=0.7, noise=0.01), "scan": dict(blur=1.5, noise=0.04), "poor": dict(blur=2.5, noise=0.10)}


def run_one(size, level, seed):
    generated, truth = jigsaw.generate(6, 8, seed=seed, piece_size=size)
    image = jigsaw.render_scan(generated, labels=True, border=True, seed=seed, **LEVELS[level])
    start = time.perf_counter()
    try:
        found = jigsaw.JigsawPuzzle(jigsaw.read_image(image))
        t = truth_for(found, generated, truth)
        corners = jigsaw.find_edges(found).corners
    except (PuzzleError, AssertionError) as error:
        return [{"size": size, "level": level, "seed": seed, "method": m, "error": str(error)[:80]}
                for m in METHODS]
    rows = []
    for method in METHODS:
        try:
            if method == "labels-ordinates":
                result = jigsaw.solve(found, method="labels", encoding="ordinates", precision=48)
            elif method == "labels-pairs":
                result = jigsaw.solve(found, method="labels", classes="pairs")
            else:
                result = jigsaw.solve(found, method=method)
        except PuzzleError as error:
            rows.append({"size": size, "level": level, "seed": seed, "method": method, "error": str(error)[:80]})
            continue
        ok_joins, total = joins_correct(result.solution, t, corners) if result.solution is not None else (0, 82)
        correct = result.solution is not None and assembly_correct(result.solution, t, corners)
        rows.append({"size": size, "level": level, "seed": seed, "method": method, "status": result.status,
                     "correct_joins": ok_joins, "joins": total, "correct": int(correct),
                     "doubtful": result.stats.get("doubtful_joins", ""), "used": result.stats.get("method"),
                     "wrong_but_solved": int(result.solved and not correct),
                     "label_solutions": result.stats.get("label_solutions", ""),
                     "seconds": round(time.perf_counter() - start, 3), "error": ""})
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--sizes", type=int, nargs="+", default=[40, 60, 100, 200, 400])
    args = parser.parse_args()
    os.makedirs(OUT, exist_ok=True)
    rows = []
    fields = ["size", "level", "seed", "method", "status", "correct_joins", "joins", "correct", "doubtful", "used",
              "wrong_but_solved", "label_solutions", "seconds", "error"]
    path = os.path.join(OUT, "jigsaw_accuracy.csv")
    with open(path, "w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=fields, restval="")
        writer.writeheader()
        for size in args.sizes:
            for level in LEVELS:
                for seed in range(1, args.seeds + 1):
                    for row in run_one(size, level, seed):
                        writer.writerow(row)
                        fh.flush()
                        rows.append(row)
                        print(row, flush=True)
    summary = {}
    for r in rows:
        key = (r["size"], r["level"], r["method"])
        s = summary.setdefault(key, {"runs": 0, "joins_ok": 0, "joins": 0, "correct": 0, "solved": 0, "wrong_solved": 0,
                                     "errors": 0, "doubtful": 0})
        s["runs"] += 1
        if r.get("error"):
            s["errors"] += 1
            s["joins"] += 82
            continue
        s["joins_ok"] += r["correct_joins"]
        s["joins"] += r["joins"]
        s["correct"] += r["correct"]
        s["solved"] += int(r["status"] == "solved")
        s["wrong_solved"] += r["wrong_but_solved"]
        s["doubtful"] += int(r["doubtful"] or 0)
    lines = ["# Jigsaw accuracy against resolution and scan quality", "",
             f"Reproduce: `python bench/jigsaw_accuracy.py --seeds {args.seeds}` (6 x 8 cuts, seeds 1-{args.seeds}, "
             "pieces turned by any angle, printed labels beside them and a bright image border).", "",
             "Levels: " + "; ".join(f"{k}: blur {v['blur']} px, noise {v['noise']:.0%} of the contrast" for k, v in LEVELS.items())
             + ". *labels*: the pure pipeline of Béhague (2024), section 2 (chain code at 48 cells per edge, the "
             "default, k-means, exact edge matching asked for two assemblies); *labels-ordinates*: the same with the "
             "ordinates encoding at 48 verticals; *labels-pairs*: the chain-code labels with classes of one tab and one "
             "blank each (`classes=\"pairs\"`, the minimum-cost matching of tabs to blanks); *auto* (the default): "
             "the chain-code labels (k-means, then pairs when k-means gives no assembly), then the fit-scored "
             "frame-first assembly when the labelled puzzle has no assembly or several, or a join is doubtful; "
             "doubtful joins then get a second look (fit-improving swaps; confirmed only by a unique labelled "
             "assembly). Correct joins: both pieces in their true relative place and turn (up to a turn of "
             "the whole board).", "",
             "| px/piece | level | method | correct joins | fully correct | reported solved | doubtful joins (mean) | "
             "wrong but 'solved' | errors |", "|---|---|---|---|---|---|---|---|---|"]
    for (size, level, method), s in sorted(summary.items(), key=lambda kv: (kv[0][0], list(LEVELS).index(kv[0][1]), kv[0][2])):
        runs = s["runs"]
        lines.append(f"| {size} | {level} | {method} | {s['joins_ok'] / max(1, s['joins']):.1%} | {s['correct']}/{runs} | "
                     f"{s['solved']}/{runs} | {s['doubtful'] / max(1, runs - s['errors']):.1f} | {s['wrong_solved']} | "
                     f"{s['errors']} |")
    write_md("jigsaw_accuracy.md", lines)
    plt = pyplot()
    if plt is None:
        return
    fig, ax = plt.subplots(1, 2, figsize=(11, 4.2))
    for method, style in (("labels-ordinates", ":"), ("labels", "--"), ("labels-pairs", "-."), ("auto", "-")):
        for level, colour in zip(LEVELS, ("tab:green", "tab:blue", "tab:red")):
            xs = sorted({k[0] for k in summary})
            joins = [summary[(x, level, method)]["joins_ok"] / max(1, summary[(x, level, method)]["joins"]) for x in xs]
            full = [summary[(x, level, method)]["correct"] / summary[(x, level, method)]["runs"] for x in xs]
            ax[0].semilogx(xs, joins, style, color=colour, marker="o", label=f"{method}, {level}")
            ax[1].semilogx(xs, full, style, color=colour, marker="o", label=f"{method}, {level}")
    for a, title in zip(ax, ("share of correct joins", "share of fully correct assemblies")):
        a.set_xticks(sorted({k[0] for k in summary}))
        a.set_xticklabels([str(x) for x in sorted({k[0] for k in summary})])
        a.minorticks_off()
        a.set_xlabel("pixels per piece side")
        a.set_title(title)
        a.set_ylim(-0.02, 1.02)
    ax[1].legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(os.path.join(OUT, "jigsaw_accuracy.png"), dpi=110)


if __name__ == "__main__":
    main()
