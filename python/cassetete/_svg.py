"""The opening tag every SVG picture of the library starts with.

Example:
    >>> svg_open(40, 30)
    '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30" viewBox="0 0 40 30">'
    >>> svg_open(40, 30, left=-2, top=-2, font="sans-serif")[-59:]
    'height="30" viewBox="-2 -2 40 30" font-family="sans-serif">'
    >>> svg_open(800, 400, left=-5, top=-5, view=(210, 105))[-49:]
    'width="800" height="400" viewBox="-5 -5 210 105">'
"""

from __future__ import annotations

from typing import Optional, Tuple


def _number(value: float) -> str:
    return f"{value:.0f}" if float(value).is_integer() else f"{value:.1f}"


def svg_open(width: float, height: float, *, left: float = 0, top: float = 0, font: Optional[str] = None,
             view: Optional[Tuple[float, float]] = None) -> str:
    """``<svg ...>`` of a `width` x `height` picture whose view box starts at (`left`, `top`);
    the view box has the picture's size unless `view` = (width, height) in drawing units
    scales the drawing to the picture.

    Example:
        >>> svg_open(10, 10).endswith('viewBox="0 0 10 10">')
        True
    """
    view_width, view_height = (width, height) if view is None else view
    tag = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{_number(width)}" height="{_number(height)}" '
           f'viewBox="{_number(left)} {_number(top)} {_number(view_width)} {_number(view_height)}"')
    if font:
        tag += f' font-family="{font}"'
    return tag + ">"
