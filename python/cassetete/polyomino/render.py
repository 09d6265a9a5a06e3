"""Pictures of packings: text (letters; 3-D as layers) and SVG (2-D, or 3-D layers side by side).

Example:
    >>> import numpy as np
    >>> from cassetete.polyomino.render import render_text
    >>> print(render_text(np.array([["I", "I"], ["L", "L"]])))
    I I
    L L
"""

from __future__ import annotations

import colorsys
import zlib
from typing import Dict, List

import numpy as np

__all__ = ["render_text", "render_svg"]

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
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="-2 -2 {width} {height}">'
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
