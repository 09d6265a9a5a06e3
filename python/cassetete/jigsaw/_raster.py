"""Polygon filling in plain numpy (no image library), for the synthetic scans and the
assembled picture."""

from __future__ import annotations

from typing import Tuple

import numpy as np


def fill_polygon(points: np.ndarray, shape: Tuple[int, int], supersample: int = 1) -> np.ndarray:
    """Coverage of a closed polygon on a (height, width) pixel grid: a float array in [0, 1]
    (even-odd rule; ``supersample`` rows and columns per pixel smooth the outline).

    Example:
        >>> fill_polygon(np.array([[1, 1], [3, 1], [3, 3], [1, 3]], float), (4, 4)).astype(int).tolist()
        [[0, 0, 0, 0], [0, 1, 1, 0], [0, 1, 1, 0], [0, 0, 0, 0]]
    """
    h, w = shape
    s = int(supersample)
    pts = np.asarray(points, float) * s
    x0, y0 = pts[:, 0], pts[:, 1]
    x1, y1 = np.roll(x0, -1), np.roll(y0, -1)
    out = np.zeros((h * s, w * s), dtype=bool)
    lo = max(0, int(np.floor(pts[:, 1].min())))
    hi = min(h * s, int(np.ceil(pts[:, 1].max())) + 1)
    if hi <= lo:
        return np.zeros(shape)
    yc = np.arange(lo, hi) + 0.5                                   # sample at pixel centres
    ya, yb = y0[None, :], y1[None, :]
    crosses = ((ya <= yc[:, None]) & (yb > yc[:, None])) | ((yb <= yc[:, None]) & (ya > yc[:, None]))
    with np.errstate(divide="ignore", invalid="ignore"):
        xs = x0[None, :] + (yc[:, None] - ya) / (yb - ya) * (x1 - x0)[None, :]
    xs = np.where(crosses, xs, np.inf)
    xs.sort(axis=1)
    counts = crosses.sum(axis=1)
    cols = np.arange(w * s) + 0.5
    for i, row in enumerate(range(lo, hi)):
        c = counts[i]
        if c < 2:
            continue
        xr = xs[i, :c]
        inside = (np.searchsorted(xr, cols) % 2) == 1
        out[row] = inside
    if s == 1:
        return out.astype(float)
    return out.reshape(h, s, w, s).mean(axis=(1, 3))
