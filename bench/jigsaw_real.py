"""The real scans of m1s2_horsesNumbered (nine flatbed scans of the blue backs of one
commercial puzzle, MIT licence, see ../shared/data/jigsaw/SOURCES.md): segment, assemble,
and draw the assembly. The scans are read from the shared data folder, not copied here.

Writes bench/results/jigsaw_real.md and a reduced picture of the assembly,
bench/results/jigsaw_horses.jpg (derived from the MIT-licensed scans).

    python bench/jigsaw_real.py [--data ../shared/data/jigsaw/m1s2_horsesNumbered]
"""

from __future__ import annotations

import argparse
import os
import time
from typing import Any, Dict, List, Tuple

import numpy as np

from cassetete import jigsaw

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "results")
DEFAULT = os.path.join(HERE, "..", "..", "shared", "data", "jigsaw", "m1s2_horsesNumbered")


def _pairs(board) -> set:
    board = np.asarray(board)
    out = set()
    for r in range(board.shape[0]):
        for c in range(board.shape[1]):
            for r2, c2 in ((r, c + 1), (r + 1, c)):
                if r2 < board.shape[0] and c2 < board.shape[1]:
                    out.add(frozenset((int(board[r, c, 0]), int(board[r2, c2, 0]))))
    return out


def _same_neighbours(pieces, board, turned, turned_board, images) -> bool:
    """True when both assemblies have the same pairs of neighbouring pieces (the second read
    from the transposed scans)."""
    mapping = {}
    for j, piece in enumerate(turned):
        # rot90(fliplr(scan)) is the transpose of the scan: a mirror image about the diagonal
        x, y = piece.centroid
        original_x, original_y = y, x
        candidates = [i for i, p in enumerate(pieces) if p.image == piece.image]
        mapping[j] = min(candidates, key=lambda i: np.hypot(*(pieces[i].centroid - (original_x, original_y))))
    renamed = {frozenset(mapping[int(x)] for x in pair) for pair in _pairs(turned_board)}
    return renamed == _pairs(board)


def run(data: str = DEFAULT, out: str = OUT, picture: bool = True) -> Tuple[List[str], Dict[str, Any]]:
    """Segment and assemble the nine scans: the page's lines and a summary (pieces, board, and per
    method/encoding the status and the labels error) for bench/reproduce.py."""
    paths = [os.path.join(data, f"{i}.png") for i in range(1, 10)]
    start = time.perf_counter()
    pieces = jigsaw.JigsawPuzzle(jigsaw.read_image(paths), sources=paths)
    read_s = time.perf_counter() - start
    edges = jigsaw.find_edges(pieces)
    flats = (edges.kinds == 0).sum(axis=1)
    sizes = np.sqrt([abs(jigsaw._geometry.signed_area(p.contour)) for p in pieces])
    summary: Dict[str, Any] = {"pieces": len(pieces), "corners": int((flats == 2).sum()),
                               "borders": int((flats == 1).sum()), "runs": {}}
    lines = ["# Real scans: m1s2_horsesNumbered", "",
             "Reproduce: `python bench/jigsaw_real.py` (reads the nine scans from the shared data folder).", "",
             f"- Pieces found: {len(pieces)} (per scan: {[sum(p.image == i for p in pieces) for i in range(9)]}), "
             f"about {np.median(sizes):.0f} px across (square root of the area; {sizes.min():.0f}-{sizes.max():.0f}); "
             f"reading the nine 1242 x 1731 scans took {read_s:.1f} s.",
             f"- Flat edges: {int((flats == 2).sum())} corner pieces, {int((flats == 1).sum())} border pieces, "
             f"{int((flats == 0).sum())} inner pieces; {int((edges.kinds == 1).sum())} tabs and "
             f"{int((edges.kinds == -1).sum())} blanks."]
    best = None
    runs = (("labels", "chain", "kmeans"), ("labels", "ordinates", "kmeans"), ("labels", "chain", "pairs"),
            ("labels", "ordinates", "pairs"), ("fit", "chain", "kmeans"), ("auto", "chain", "kmeans"))
    for method, encoding, classes in runs:
        start = time.perf_counter()
        result = jigsaw.solve(pieces, method=method, encoding=encoding, classes=classes)
        seconds = time.perf_counter() - start
        s = result.stats
        summary["runs"][f"{method}/{encoding}/{classes}"] = {"status": result.status, "labels_error": s.get("labels_error"),
                                                   "doubtful_joins": s.get("doubtful_joins")}
        shown = f"`method=\"{method}\"`" + (f", `encoding=\"{encoding}\"`" if method != "fit" else "")
        shown += f", `classes=\"{classes}\"`" if classes != "kmeans" else ""
        lines.append(f"- {shown}: status {result.status}, board {s['rows']} x {s['cols']}, "
                     f"used {s.get('method')}, doubtful joins {s.get('doubtful_joins', 'n/a')}"
                     f"{' (' + s['labels_error'] + ')' if 'labels_error' in s else ''}, {seconds:.2f} s.")
        if method == "auto":
            best = result
    lines += ["", "The labels pipeline of Béhague (2024), section 2 (k-means classes, signed labels, exact "
              "edge-matching search) finds no assembly on these scans with either encoding: one edge's label "
              "matches no other edge, so the labelled puzzle is unsolvable (the message names the first such edge; "
              "it depends on the encoding, the chain code being the default). With classes of one tab and one "
              "blank each (`classes=\"pairs\"`: k-means at one class per join under that constraint, whose optimum "
              "is the minimum-cost matching of tabs to blanks) every label has a partner, and with the chain code "
              "the labelled puzzle has exactly one assembly: the same board as the fit assembly. `method=\"auto\"` "
              "now takes that route when the paper's classes fail; a unique assembly under pair classes does not "
              "confirm the doubtful joins, so the status stays `feasible`."]
    assert best is not None
    if best.solution is not None:
        if picture:
            image = jigsaw.render_image(pieces, best.solution)
            try:
                from PIL import Image

                thumb = Image.fromarray(image)
                thumb.thumbnail((1100, 1100))
                thumb.save(os.path.join(out, "jigsaw_horses.jpg"), quality=80)
            except ImportError:
                pass
        lines += ["", "Assembly (`method=\"auto\"`), as piece ids (scan letter + number in reading order on that "
                  "scan, as written on the annotated scans of `cassetete jigsaw solve --annotate DIR`) and quarter "
                  "turns:", "", "```",
                  jigsaw.render_text(pieces, best.solution), "```", "",
                  f"Doubtful joins: {best.stats.get('doubtful', [])}"]
    # the same scans seen in a mirror (the fronts' outlines) and turned a quarter: the same
    # neighbours must come out (pieces matched to the first reading by their centres)
    images = [np.rot90(np.fliplr(jigsaw._scan.load_image(p))) for p in paths]
    start = time.perf_counter()
    turned = jigsaw.JigsawPuzzle(jigsaw.read_image(images))
    result = jigsaw.solve(turned)
    seconds = time.perf_counter() - start
    same = _same_neighbours(pieces, best.solution, turned, result.solution, images)
    summary["mirrored_same_neighbours"] = bool(same)
    lines += ["", f"Mirrored and turned a quarter (`np.rot90(np.fliplr(scan))`): {len(turned)} pieces, board "
              f"{result.stats['rows']} x {result.stats['cols']}, status {result.status}, doubtful joins "
              f"{result.stats.get('doubtful_joins')}, {seconds:.1f} s with the reading; same neighbours as above: {same}."]
    return lines, summary


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", default=DEFAULT)
    args = parser.parse_args()
    lines, _ = run(args.data)
    with open(os.path.join(OUT, "jigsaw_real.md"), "w") as fh:
        fh.write("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
