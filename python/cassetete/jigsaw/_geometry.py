"""Plane geometry the whole family shares: polygon area and centre, even resampling of a
polyline, and the rigid motion (rotation + translation) that best maps points onto others."""

from __future__ import annotations

import math
from typing import Callable

import numpy as np


def signed_area(points: np.ndarray) -> float:
    """Shoelace area of a closed polygon in image coordinates (y down): positive when the
    outline turns clockwise on screen.

    Example:
        >>> signed_area(np.array([[0, 0], [1, 0], [1, 1], [0, 1]], float))
        1.0
    """
    x, y = points[:, 0], points[:, 1]
    return float(0.5 * (np.dot(x, np.roll(y, -1)) - np.dot(np.roll(x, -1), y)))


def polygon_centroid(points: np.ndarray) -> np.ndarray:
    """Centre of the area of a closed polygon (mean of the points if it has no area).

    Example:
        >>> polygon_centroid(np.array([[0, 0], [2, 0], [2, 2], [0, 2]], float)).tolist()
        [1.0, 1.0]
    """
    x, y = points[:, 0], points[:, 1]
    xn, yn = np.roll(x, -1), np.roll(y, -1)
    cross = x * yn - xn * y
    area = cross.sum() / 2.0
    if abs(area) < 1e-12:
        return points.mean(axis=0)
    cx = ((x + xn) * cross).sum() / (6.0 * area)
    cy = ((y + yn) * cross).sum() / (6.0 * area)
    return np.array([cx, cy])


def resample(points: np.ndarray, count: int) -> np.ndarray:
    """``count`` points evenly spaced along an open polyline (ends kept).

    Example:
        >>> resample(np.array([[0.0, 0.0], [2.0, 0.0]]), 3).tolist()
        [[0.0, 0.0], [1.0, 0.0], [2.0, 0.0]]
    """
    seg = np.hypot(*np.diff(points, axis=0).T)
    s = np.concatenate([[0.0], np.cumsum(seg)])
    t = np.linspace(0.0, s[-1], int(count))
    return np.column_stack([np.interp(t, s, points[:, 0]), np.interp(t, s, points[:, 1])])


def similarity(src: np.ndarray, dst: np.ndarray) -> Callable[[np.ndarray], np.ndarray]:
    """The rotation + translation (no scaling, no reflection) that best maps src onto dst
    (least squares), as a function of points.

    Example:
        >>> move = similarity(np.array([[0.0, 0.0], [1.0, 0.0]]), np.array([[5.0, 5.0], [5.0, 6.0]]))
        >>> move(np.array([[2.0, 0.0]])).round(6).tolist()
        [[5.0, 7.0]]
    """
    cs, cd = src.mean(axis=0), dst.mean(axis=0)
    a, b = src - cs, dst - cd
    angle = math.atan2(float((a[:, 0] * b[:, 1] - a[:, 1] * b[:, 0]).sum()), float((a * b).sum()))
    rot = np.array([[math.cos(angle), -math.sin(angle)], [math.sin(angle), math.cos(angle)]])
    return lambda pts: (np.asarray(pts) - cs) @ rot.T + cd
