"""The text form of exact cover problems: the input format of Knuth's DLX1 program
(D. E. Knuth, "Dancing cells", The Art of Computer Programming 7.2.2.1, 2020), also read by
most exact cover solvers.

    | comment lines start with a bar
    a b c | x y        <- the items: primary ones, then after "|" the secondary ones
    a b                <- one option per line: the names of the items it covers
    c x

Example:
    >>> ec = parse_dlx("a b | x\\na x\\nb\\na b\\n")
    >>> ec.primary, ec.secondary, ec.options, ec.names
    (2, 1, 3, ['a', 'b', 'x'])
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Dict, List

from ._errors import PuzzleError

if TYPE_CHECKING:
    from .exactcover import ExactCover


def parse_dlx(text: str) -> "ExactCover":
    """An :class:`ExactCover` from DLX1 text; its ``names`` are the item names of the text."""
    from .exactcover import ExactCover

    if not isinstance(text, str):
        raise PuzzleError(f"expected DLX text, got {type(text).__name__}")
    lines = [(number, line.split()) for number, line in enumerate(text.splitlines(), start=1)
             if line.strip() and not line.lstrip().startswith("|")]
    if not lines:
        raise PuzzleError("no items line: the text is empty")
    number, header = lines[0]
    if header.count("|") > 1:
        raise PuzzleError(f"line {number}: more than one '|' in the items line")
    bar = header.index("|") if "|" in header else len(header)
    primary, secondary = header[:bar], header[bar + 1:]
    names = primary + secondary
    index: Dict[str, int] = {}
    for name in names:
        if name in index:
            raise PuzzleError(f"line {number}: item {name!r} is listed twice")
        index[name] = len(index)
    if not primary:
        raise PuzzleError(f"line {number}: no primary item before '|'")
    cover = ExactCover(len(primary), len(secondary))
    for number, tokens in lines[1:]:
        row: List[int] = []
        for token in tokens:
            if token not in index:
                raise PuzzleError(f"line {number}: unknown item {token!r} (not in the items line)")
            row.append(index[token])
        try:
            cover.add_option(row)
        except PuzzleError as error:
            raise PuzzleError(f"line {number}: {error}") from None
    cover.names = names
    return cover


def format_dlx(cover: "ExactCover") -> str:
    """DLX1 text of a problem (items named by ``cover.names``, else by their numbers).

    Example:
        >>> from cassetete.exactcover import ExactCover
        >>> print(format_dlx(ExactCover.from_options([[0, 1], [2]])), end="")
        0 1 2
        0 1
        2
    """
    names = cover.names or [str(i) for i in range(cover.items)]
    header = " ".join(names[:cover.primary])
    if cover.secondary:
        header += " | " + " ".join(names[cover.primary:])
    lines = [header] + [" ".join(names[i] for i in cover.option(k)) for k in range(cover.options)]
    return "\n".join(lines) + "\n"
