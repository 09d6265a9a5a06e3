"""Pictures of packings: text (letters; 3-D as layers) and SVG (2-D, or 3-D layers side by side).

Example:
    >>> import numpy as np
    >>> from cassetete.polyomino._render import render_text
    >>> print(render_text(np.array([["I", "I"], ["L", "L"]])))
    I I
    L L
"""

from __future__ import annotations

import colorsys
import zlib
from typing import Dict, List

import numpy as np

from .._svg import svg_open

__all__ = ["render_grid", "render_text", "render_svg", "render_svg_iso"]

_PALETTE = {
    "F": "#e6194b", "I": "#3cb44b", "L": "#ffe119", "P": "#4363d8", "N": "#f58231", "T": "#911eb4",
    "U": "#46f0f0", "V": "#f032e6", "W": "#bcf60c", "X": "#fabebe", "Y": "#008080", "Z": "#e6beff",
}


def _colour(name: str) -> str:
    if name in _PALETTE:
        return _PALETTE[name]
    hue = (zlib.crc32(name.encode()) % 360) / 360.0
    r, g, b = colorsys.hls_to_rgb(hue, 0.6, 0.65)
    return "#%02x%02x%02x" % (int(r * 255), int(g * 255), int(b * 255))


def render_text(grid: np.ndarray) -> str:
    """Letters separated by spaces; a 3-D grid prints its layers (first axis) one after another.

    Example:
        >>> print(render_text(np.array([[["A"]], [["B"]]])))
        layer 0:
        A
        layer 1:
        B
    """
    grid = np.asarray(grid)
    width = max((len(str(v)) for v in grid.flat), default=1)

    def flat(g: np.ndarray) -> List[str]:
        return [" ".join(str(v).ljust(width) for v in row).rstrip() for row in g]

    if grid.ndim == 2:
        return "\n".join(flat(grid))
    lines: List[str] = []
    for k, layer in enumerate(grid):
        lines.append(f"layer {k}:")
        lines.extend(flat(layer))
    return "\n".join(lines)


def render_svg(grid: np.ndarray, cell: int = 24) -> str:
    """An SVG picture: one coloured square per cell, thick lines between different pieces. A
    3-D grid is drawn as its layers side by side.

    Example:
        >>> render_svg(np.array([["A", "B"]])).startswith("<svg")
        True
    """
    grid = np.asarray(grid)
    layers = [grid] if grid.ndim == 2 else list(grid)
    rows, cols = layers[0].shape
    gap = cell
    width = len(layers) * cols * cell + (len(layers) - 1) * gap + 4
    height = rows * cell + 4
    parts = [
        svg_open(width, height, left=-2, top=-2)
    ]
    colours: Dict[str, str] = {}
    for k, layer in enumerate(layers):
        x0 = k * (cols * cell + gap)
        for r in range(rows):
            for c in range(cols):
                name = str(layer[r, c])
                if name == ".":
                    continue
                fill = colours.setdefault(name, _colour(name))
                parts.append(
                    f'<rect x="{x0 + c * cell}" y="{r * cell}" width="{cell}" height="{cell}" '
                    f'fill="{fill}" stroke="#00000022"/>'
                )
        # piece borders: between cells of different labels and on the outline
        for r in range(rows):
            for c in range(cols):
                name = str(layer[r, c])
                if name == ".":
                    continue
                x, y = x0 + c * cell, r * cell
                if r == 0 or str(layer[r - 1, c]) != name:
                    parts.append(f'<line x1="{x}" y1="{y}" x2="{x + cell}" y2="{y}" stroke="black" stroke-width="2"/>')
                if r == rows - 1 or str(layer[r + 1, c]) != name:
                    parts.append(f'<line x1="{x}" y1="{y + cell}" x2="{x + cell}" y2="{y + cell}" stroke="black" stroke-width="2"/>')
                if c == 0 or str(layer[r, c - 1]) != name:
                    parts.append(f'<line x1="{x}" y1="{y}" x2="{x}" y2="{y + cell}" stroke="black" stroke-width="2"/>')
                if c == cols - 1 or str(layer[r, c + 1]) != name:
                    parts.append(f'<line x1="{x + cell}" y1="{y}" x2="{x + cell}" y2="{y + cell}" stroke="black" stroke-width="2"/>')
    parts.append("</svg>")
    return "\n".join(parts)


def _shade(colour: str, factor: float) -> str:
    r, g, b = (int(colour[k : k + 2], 16) for k in (1, 3, 5))
    return "#%02x%02x%02x" % tuple(max(0, min(255, int(v * factor))) for v in (r, g, b))


def render_svg_iso(grid: np.ndarray, cell: int = 20) -> str:
    """An isometric SVG picture of a 3-D packing (first axis drawn upwards): unit cubes painted
    back to front, three shaded faces each, coloured by piece.

    Example:
        >>> svg = render_svg_iso(np.array([[["A", "B"]]]))
        >>> svg.startswith("<svg") and svg.count("<polygon") == 6
        True
    """
    grid = np.asarray(grid)
    if grid.ndim == 2:
        grid = grid[None]
    height, rows, cols = grid.shape
    cx, cy = cell * 0.866, cell * 0.5

    def point(i: float, j: float, k: float) -> tuple:
        return ((k - j) * cx, (k + j) * cy - i * cell)

    cubes = [(i + j + k, i, j, k) for i, j, k in np.ndindex(grid.shape) if str(grid[i, j, k]) != "."]
    cubes.sort()
    corners = [point(i, j, k) for i in (0, height) for j in (0, rows) for k in (0, cols)]
    xs = [p[0] for p in corners]
    ys = [p[1] for p in corners]
    left, top = min(xs) - 2, min(ys) - 2
    width, tall = max(xs) - left + 2, max(ys) - top + 2
    parts = [
        svg_open(width, tall, left=left, top=top)
    ]
    for _, i, j, k in cubes:
        base = _colour(str(grid[i, j, k]))
        faces = [
            ([(i + 1, j, k), (i + 1, j, k + 1), (i + 1, j + 1, k + 1), (i + 1, j + 1, k)], 1.0),  # top
            ([(i, j + 1, k), (i, j + 1, k + 1), (i + 1, j + 1, k + 1), (i + 1, j + 1, k)], 0.75),  # front
            ([(i, j, k + 1), (i, j + 1, k + 1), (i + 1, j + 1, k + 1), (i + 1, j, k + 1)], 0.55),  # side
        ]
        for face, factor in faces:
            pts = " ".join("%.1f,%.1f" % point(*c) for c in face)
            parts.append(f'<polygon points="{pts}" fill="{_shade(base, factor)}" stroke="#222" stroke-width="0.6"/>')
    parts.append("</svg>")
    return "\n".join(parts)


def render_grid(grid: np.ndarray, format: str = "text") -> str:  # noqa: A002
    """A labelled grid as text (:func:`render_text`) or SVG (:func:`render_svg`, a 3-D grid
    as the isometric :func:`render_svg_iso`).

    Example:
        >>> print(render_grid(np.array([["A", "B"]])))
        A B
    """
    grid = np.asarray(grid)
    if format == "text":
        return render_text(grid)
    return render_svg_iso(grid) if grid.ndim == 3 else render_svg(grid)
