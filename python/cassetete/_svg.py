"""The opening tag every SVG picture of the library starts with.

Example:
    >>> svg_open(40, 30)
    '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30" viewBox="0 0 40 30">'
    >>> svg_open(40, 30, left=-2, top=-2, font="sans-serif")[-59:]
    'height="30" viewBox="-2 -2 40 30" font-family="sans-serif">'
    >>> svg_open(800, 400, left=-5, top=-5, view=(210, 105))[-49:]
    'width="800" height="400" viewBox="-5 -5 210 105">'

It also holds the one link from models to their renderers: a family's ``_render`` module
registers its drawing functions for its model class (``@draws(Model)`` for SVG,
``@draws(Model, kind="text")`` for text), and the model's ``to_svg`` / ``_repr_svg_`` /
``__str__`` call :func:`draw`. So a renderer imports its model and a model never imports its
renderer: the arrows inside a family point one way.
"""

from __future__ import annotations

from typing import Any, Callable, Dict, Optional, Tuple

_DRAWINGS: Dict[Tuple[type, str], Callable[..., str]] = {}


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


def draws(model_class: type, kind: str = "svg") -> Callable[[Callable[..., str]], Callable[..., str]]:
    """Register the decorated function as the drawing of ``model_class`` (and its subclasses)
    as ``kind``: ``"svg"`` or ``"text"``.

    Example:
        >>> class Dot:
        ...     def to_svg(self) -> str:
        ...         return draw(self)
        >>> @draws(Dot)
        ... def dot_svg(dot, radius=2):
        ...     return svg_open(4, 4) + f'<circle cx="2" cy="2" r="{radius}"/></svg>'
        >>> Dot().to_svg().endswith('r="2"/></svg>')
        True
    """
    def register(function: Callable[..., str]) -> Callable[..., str]:
        _DRAWINGS[(model_class, kind)] = function
        return function

    return register


def draw(model: Any, *args: Any, kind: str = "svg", **options: Any) -> str:
    """The drawing of ``model`` as ``kind`` (``"svg"`` or ``"text"``) by the function its family
    registered with :func:`draws`.

    Example:
        >>> draw(object(), kind="text")
        Traceback (most recent call last):
        ...
        TypeError: no text drawing is registered for object
    """
    for cls in type(model).__mro__:
        if (cls, kind) in _DRAWINGS:
            return _DRAWINGS[(cls, kind)](model, *args, **options)
    raise TypeError(f"no {kind} drawing is registered for {type(model).__name__}")
