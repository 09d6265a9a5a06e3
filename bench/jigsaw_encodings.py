"""Cost of the two edge encodings of Béhague, "Résolution de puzzles dépourvus d'indice
graphique" (2024), section 2, against their precision: the chain code on a grid (section 2.1,
quadratic) and the ordinates method (section 2.3, linear); each as the Cython kernel and as
its plain numpy twin (same output), and how well k-means classes from each match the true
joins on a scanned 6 x 8 puzzle.

Writes bench/results/jigsaw_encodings.csv, jigsaw_encodings.md and jigsaw_encodings.png.

    python bench/jigsaw_encodings.py [--edges 200] [--repeat 3]
"""

from __future__ import annotations

import argparse
import csv
import os
import time

import numpy as np

from cassetete import jigsaw
from jigsaw_bench_common import OUT, pyplot, truth_for, write_md



def time_per_edge(function, curves, precision, repeat):
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for curve in curves:
            function(curve, precision)
        best = min(best, time.perf_counter() - start)
    return best / len(curves)


def label_accuracy(found, truth, generated, method, precision):
    """Share of inner joins whose two edges get a label pair of their own (k-means classes)."""
    t = truth_for(found, generated, truth)
    edges = jigsaw.find_edges(found)
    labels = jigsaw.edge_labels(edges, *jigsaw.encode_edges(edges, method, precision))
    true = np.zeros_like(labels)
    for p in range(len(found)):
        t0 = int(np.linalg.norm(t.corners[p] - edges.corners[p][0], axis=1).argmin())
        true[p] = [t.joins[p, (t0 + k) % 4] for k in range(4)]
    by_label = {}
    for lab, tr in zip(labels.ravel(), true.ravel()):
        if tr:
            by_label.setdefault(int(abs(lab)), set()).add(int(abs(tr)))
    good = 0
    for j in np.unique(np.abs(true[true != 0])):
        labs = {int(lab) for lab, tr in zip(labels.ravel(), true.ravel()) if abs(tr) == j}
        if len(labs) == 2 and sum(labs) == 0 and by_label[abs(next(iter(labs)))] == {int(j)}:
            good += 1
    return good / len(np.unique(np.abs(true[true != 0])))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edges", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    os.makedirs(OUT, exist_ok=True)
    rng = np.random.default_rng(1)
    curves = [jigsaw.tab_curve(rng, 400) for _ in range(args.edges)]
    precisions = [8, 16, 32, 64, 128, 256, 512]
    rows = []
    for p in precisions:
        row = {"precision": p,
               "chain_cython_us": 1e6 * time_per_edge(jigsaw.chain_code, curves, p, args.repeat),
               "chain_numpy_us": 1e6 * time_per_edge(jigsaw.chain_code_numpy, curves, p, args.repeat),
               "ordinates_cython_us": 1e6 * time_per_edge(jigsaw.ordinates, curves, p, args.repeat),
               "ordinates_numpy_us": 1e6 * time_per_edge(jigsaw.ordinates_numpy, curves, p, args.repeat),
               "chain_cells": int(np.prod(jigsaw.grid_shape(p))), "ordinates_values": 3 * p}
        if p <= 128:  # the k-means of annex algorithm 2 on 164 edges (a 6 x 8 puzzle) with these features
            for method, encode in (("chain", jigsaw.chain_code), ("ordinates", jigsaw.ordinates)):
                feats = []
                for curve in curves[:164]:
                    code = encode(curve, p)
                    feats.append(np.stack([code == m for m in range(1, 5)]).ravel() if method == "chain" else code.ravel())
                x = np.array(feats, dtype=np.float64)
                best = float("inf")
                for _ in range(args.repeat):   # one PlusProche step: every edge to its nearest of 82 centres
                    start = time.perf_counter()
                    jigsaw.kmeans(x, 82, init=x[:82], max_iterations=1)
                    best = min(best, time.perf_counter() - start)
                row[f"{method}_kmeans_ms"] = 1e3 * best
        rows.append(row)
        print(row, flush=True)
    # precision against correctness of the classes on a scanned puzzle (100 px pieces)
    generated, truth = jigsaw.generate(6, 8, seed=5, piece_size=100)
    image = jigsaw.render_scan(generated, blur=1.5, noise=0.04, seed=2)
    found = jigsaw.JigsawPuzzle(jigsaw.read_image(image))
    clean_edges = jigsaw.find_edges(generated)
    accuracy = []
    for p in (6, 12, 24, 48, 96):
        acc = {"precision": p}
        for method in ("chain", "ordinates"):
            acc[f"{method}_scan"] = label_accuracy(found, truth, generated, method, p)
            acc[f"{method}_outlines"] = label_accuracy(generated, truth, generated, method, p)
        accuracy.append(acc)
        print(acc, flush=True)
    del clean_edges
    with open(os.path.join(OUT, "jigsaw_encodings.csv"), "w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(rows[0]), restval="")
        writer.writeheader()
        writer.writerows(rows)
    lines = ["# Jigsaw edge encodings: cost against precision", "",
             "Reproduce: `python bench/jigsaw_encodings.py` (one core; "
             f"{args.edges} random tab curves of 400 points, best of {args.repeat}).", "",
             "Precision: grid cells per edge length (chain code, Béhague (2024) section 2.1) or number of "
             "verticals (ordinates, section 2.3). Times in microseconds per edge.", "",
             "| precision | chain cells | chain Cython | chain numpy | speed-up | ordinates values | ordinates Cython | "
             "ordinates numpy | speed-up |", "|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        lines.append(f"| {r['precision']} | {r['chain_cells']} | {r['chain_cython_us']:.1f} | {r['chain_numpy_us']:.1f} | "
                     f"{r['chain_numpy_us'] / r['chain_cython_us']:.1f}x | {r['ordinates_values']} | "
                     f"{r['ordinates_cython_us']:.1f} | {r['ordinates_numpy_us']:.1f} | "
                     f"{r['ordinates_numpy_us'] / r['ordinates_cython_us']:.1f}x |")
    lines += ["", "The encoders walk the curve once (time grows with its points and crossings); the quadratic cost of "
              "the chain code is its size, which every later step pays: one iteration of k-means (annex "
              "algorithm 2: 164 edges to the nearest of 82 centres, then the new centres) in milliseconds:", "",
              "| precision | chain code | ordinates |", "|---|---|---|"]
    for r in rows:
        if "chain_kmeans_ms" in r:
            lines.append(f"| {r['precision']} | {r['chain_kmeans_ms']:.1f} | {r['ordinates_kmeans_ms']:.1f} |")
    lines += ["", "Share of the 82 inner joins of a 6 x 8 puzzle whose two edges get a k-means class of their own "
              "(one class per join, tabs as starting centres), from the exact outlines and from a scan "
              "(100 px pieces, blur 1.5 px, noise 4%):", "",
              "| precision | chain, outlines | chain, scan | ordinates, outlines | ordinates, scan |",
              "|---|---|---|---|---|"]
    for a in accuracy:
        lines.append(f"| {a['precision']} | {a['chain_outlines']:.0%} | {a['chain_scan']:.0%} | "
                     f"{a['ordinates_outlines']:.0%} | {a['ordinates_scan']:.0%} |")
    write_md("jigsaw_encodings.md", lines)
    plt = pyplot()
    if plt is None:
        return
    fig, ax = plt.subplots(1, 3, figsize=(15, 4.2))
    x = [r["precision"] for r in rows]
    for key, label, style in (("chain_cython_us", "chain code (Cython)", "o-"), ("chain_numpy_us", "chain code (numpy)", "o--"),
                              ("ordinates_cython_us", "ordinates (Cython)", "s-"), ("ordinates_numpy_us", "ordinates (numpy)", "s--")):
        ax[0].loglog(x, [r[key] for r in rows], style, label=label)
    ax[0].set_xlabel("precision (cells per edge / verticals)")
    ax[0].set_ylabel("microseconds per edge")
    ax[0].set_title("time per edge")
    ax[0].legend(fontsize=8)
    ax[1].loglog(x, [r["chain_cells"] for r in rows], "o-", label="chain code: grid cells (quadratic)")
    ax[1].loglog(x, [r["ordinates_values"] for r in rows], "s-", label="ordinates: values (linear)")
    ax[1].set_xlabel("precision")
    ax[1].set_ylabel("size of the encoding")
    ax[1].set_title("memory per edge")
    ax[1].legend(fontsize=8)
    k = [r for r in rows if "chain_kmeans_ms" in r]
    ax[2].loglog([r["precision"] for r in k], [r["chain_kmeans_ms"] for r in k], "o-", label="chain code")
    ax[2].loglog([r["precision"] for r in k], [r["ordinates_kmeans_ms"] for r in k], "s-", label="ordinates")
    ax[2].set_xlabel("precision")
    ax[2].set_ylabel("milliseconds")
    ax[2].set_title("one k-means iteration, 164 edges")
    ax[2].legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(os.path.join(OUT, "jigsaw_encodings.png"), dpi=110)


if __name__ == "__main__":
    main()
