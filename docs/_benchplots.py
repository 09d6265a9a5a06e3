"""Plots of the benchmark pages, drawn at build time from the tables the bench scripts wrote in
``bench/results/*.md`` (so a rerun of a bench script redraws its plot; nothing is copied by hand).

Used by the executed pages of ``docs/benchmarks/``::

    from _benchplots import grouped_bars, read_table
    rows = read_table("sudoku9_vs_tdoku", "set", "tdoku")
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Dict, List, Optional, Sequence

RESULTS = Path(__file__).resolve().parent.parent / "bench" / "results"


def read_table(page: str, *columns: str) -> List[Dict[str, str]]:
    """The rows of the first Markdown table of ``bench/results/<page>.md`` whose header has all
    ``columns``, as dicts keyed by the header's cells (a repeated header gets " (2)", ...)."""
    lines = (RESULTS / f"{page}.md").read_text(encoding="utf-8").splitlines()
    for k, line in enumerate(lines):
        if not line.startswith("|"):
            continue
        header = [cell.strip() for cell in line.strip().strip("|").split("|")]
        header = [name if name not in header[:k] else f"{name} ({header[:k].count(name) + 1})"
                  for k, name in enumerate(header)]  # a repeated column: "speed-up", "speed-up (2)"
        if all(c in header for c in columns) and k + 1 < len(lines) and set(lines[k + 1]) <= set("|-: "):
            rows = []
            for row in lines[k + 2:]:
                if not row.startswith("|"):
                    break
                cells = [cell.strip() for cell in row.strip().strip("|").split("|")]
                rows.append(dict(zip(header, cells)))
            return rows
    raise LookupError(f"no table with columns {columns} in bench/results/{page}.md")


def number(text: str, part: int = 0) -> Optional[float]:
    """The ``part``-th number of a cell ("3.96 / 4.67" -> 3.96 or 4.67; "43 080" -> 43080;
    "1.96x" -> 1.96), or None when the cell holds no number there."""
    found = re.findall(r"\d[\d ,]*(?:\.\d+)?", text.replace("\u202f", " "))
    if part >= len(found):
        return None
    return float(found[part].replace(" ", "").replace(",", ""))


def grouped_bars(labels: Sequence[str], series: Dict[str, Sequence[Optional[float]]], *, ylabel: str,
                 title: str, log: bool = False, reference: Optional[float] = None):
    """A grouped bar chart: one group per label, one bar per series (missing values skipped);
    ``reference`` draws a horizontal line (a goal, or 1.0 for a ratio)."""
    import matplotlib.pyplot as plt  # in an executed page the inline backend shows the figure

    figure, axes = plt.subplots(figsize=(8, 3.6), layout="constrained")
    width = 0.8 / max(1, len(series))
    for k, (name, values) in enumerate(series.items()):
        xs = [i + (k - (len(series) - 1) / 2) * width for i, v in enumerate(values) if v is not None]
        ys = [v for v in values if v is not None]
        axes.bar(xs, ys, width, label=name)
    axes.set_xticks(range(len(labels)), labels, rotation=15, ha="right", fontsize=8)
    axes.set_ylabel(ylabel)
    axes.set_title(title, fontsize=10)
    if log:
        axes.set_yscale("log")
    if reference is not None:
        axes.axhline(reference, color="#444444", linewidth=0.8, linestyle="--")
    axes.legend(fontsize=8)
    return figure
