"""The opening tag every SVG picture of the library starts with.

Example:
    >>> svg_open(40, 30)
    '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30" viewBox="0 0 40 30">'
    >>> svg_open(40, 30, left=-2, top=-2, font="sans-serif")[-59:]
    'height="30" viewBox="-2 -2 40 30" font-family="sans-serif">'
"""

from __future__ import annotations

from typing import Optional


def _number(value: float) -> str:
    return f"{value:.0f}" if float(value).is_integer() else f"{value:.1f}"


def svg_open(width: float, height: float, *, left: float = 0, top: float = 0, font: Optional[str] = None) -> str:
    """``<svg ...>`` of a `width` x `height` picture whose view box starts at (`left`, `top`)."""
    tag = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{_number(width)}" height="{_number(height)}" '
           f'viewBox="{_number(left)} {_number(top)} {_number(width)} {_number(height)}"')
    if font:
        tag += f' font-family="{font}"'
    return tag + ">"
