"""Helpers shared by the bench/edgematch_local_*.py scripts (results under bench/results/)."""

from __future__ import annotations

import csv
import platform
from pathlib import Path
from typing import Iterable, List, Sequence, Tuple

RESULTS = Path(__file__).resolve().parent / "results"


def machine() -> str:
    return f"{platform.processor() or platform.machine()}, one core per run"


def score_at(trajectory: Sequence[Tuple[float, int]], t: float) -> int:
    """Best score reached by time t (the first point counts from t = 0)."""
    best = trajectory[0][1] if trajectory else 0
    for seconds, value in trajectory:
        if seconds <= t:
            best = value
    return best


def write_csv(path: Path, header: Sequence[str], rows: Iterable[Sequence]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w", newline="") as handle:
        w = csv.writer(handle)
        w.writerow(header)
        w.writerows(rows)


def plot(path: Path, draw) -> bool:
    """Calls draw(plt) and saves a PNG; False when matplotlib is missing."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return False
    fig = plt.figure(figsize=(7, 4.5))
    draw(plt)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return True


def mean(xs: List[float]) -> float:
    return sum(xs) / len(xs) if xs else float("nan")


def write_report(name: str, lines: List[str], figure: str, with_png: bool) -> None:
    """Writes bench/results/<name>.md (with the PNG linked when it was drawn) and prints it."""
    if with_png:
        lines = lines + ["", f"![{figure}]({name}.png)"]
    (RESULTS / f"{name}.md").write_text("\n".join(lines) + "\n")
    print("\n".join(lines))
