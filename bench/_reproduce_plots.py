"""The pictures of bench/reproduce.py: one PNG per reproduced figure, drawn from the values the
reproduction recorded (``Recorder.plot``), so the picture and the page's table always come from
the same run.

A plot is a plain dict (it also goes into ``--json`` output):

    {"figure": "figure 5", "kind": "bars", "title": ..., "xlabel": ..., "ylabel": ...,
     "x": [0, 4, 8], "series": {"paper": [0, 0, 3], "first fail": [0, 1, 5]}, "logx": False}

Kinds: ``line`` (one curve per series over numeric x), ``bars`` (grouped bars over categories),
``box`` (one box per x label, its series value the samples); a value None is a point not
measured, left out of the picture. matplotlib is an extra (``pip
install .[plot]``): without it nothing is drawn and :func:`draw` says why.

    >>> spec = {"figure": "figure 4", "kind": "line", "title": "t", "xlabel": "|S|", "ylabel": "score",
    ...         "x": [2, 4], "series": {"ours": [400.6, 407.7]}}
    >>> draw(spec, Path("/tmp/fig.png")) in (None, "matplotlib is not installed (pip install .[plot])")
    True
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Dict, Optional


def slug(text: str) -> str:
    """A file-name piece for a figure's name: ``"figure 5"`` -> ``"figure5"``.

    >>> slug("figure 12")
    'figure12'
    """
    return re.sub(r"[^a-z0-9]+", "", text.lower())


def draw(spec: Dict[str, Any], path: Path) -> Optional[str]:
    """Draws ``spec`` into the PNG ``path``; None when drawn, else why not (no matplotlib)."""
    try:
        import matplotlib
    except ImportError:
        return "matplotlib is not installed (pip install .[plot])"
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6.4, 4.0), dpi=100)
    x = list(spec["x"])
    # a point not measured (None) is left out of its curve or bar group
    series = {label: [float("nan") if y is None else y for y in ys] if spec["kind"] != "box" else ys
              for label, ys in spec["series"].items()}
    if spec["kind"] == "line":
        for label, ys in series.items():
            ax.plot(x, ys, marker="o", markersize=3, label=label)
        if spec.get("logx"):
            ax.set_xscale("log", base=2)
    elif spec["kind"] == "bars":
        width = 0.8 / max(1, len(series))
        for k, (label, ys) in enumerate(series.items()):
            ax.bar([i + (k - (len(series) - 1) / 2) * width for i in range(len(x))], ys, width, label=label)
        ax.set_xticks(range(len(x)))
        ax.set_xticklabels([str(v) for v in x])
    elif spec["kind"] == "box":
        samples = [series[str(label)] for label in x]
        ax.boxplot(samples)
        ax.set_xticks(range(1, len(x) + 1))
        ax.set_xticklabels([str(v) for v in x])
    else:
        plt.close(fig)
        raise ValueError(f"unknown plot kind {spec['kind']!r} (line, bars, box)")
    if "ylim" in spec:
        ax.set_ylim(*spec["ylim"])
    ax.set_title(spec["title"], fontsize=10)
    ax.set_xlabel(spec["xlabel"])
    ax.set_ylabel(spec["ylabel"])
    ax.grid(alpha=0.3)
    if spec["kind"] != "box" and len(series) > 1:
        ax.legend(fontsize=8)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path)
    plt.close(fig)
    return None
