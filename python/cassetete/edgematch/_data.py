"""The official Eternity II piece set, bundled (MIT, from Janos Wortmann's Eternity2Puzzles.jl)."""

from __future__ import annotations

from importlib import resources

from ._formats import parse
from ._model import EdgePuzzle

# Clue pieces (0-based piece, row, col, rotation) for the set as bundled (NESW = the anjou/bucas
# URDL reading of the same tuples). Source: ../shared/data/edgematch/SOURCES.md, checked against
# anjou official.json and Wortmann's hint table.
CENTRE = (138, 8, 7, 0)
CLUES = ((180, 13, 2, 1), (207, 2, 2, 1), (248, 13, 13, 2), (254, 2, 13, 1))


def eternity2(hints: str = "centre") -> EdgePuzzle:
    """The official 16 x 16 Eternity II puzzle (256 pieces, 22 colours + grey frame 0).

    Args:
        hints: ``"centre"`` (the mandatory starter piece 139 at I8), ``"all"`` (plus the 4 clue
            puzzle hints) or ``"none"``.

    Example:
        >>> p = eternity2()
        >>> p.size, p.total_joins, p.fixed
        (256, 480, {(8, 7): (138, 0)})
    """
    text = resources.files("cassetete").joinpath("data").joinpath("eternity2.txt").read_text()
    puzzle = parse(text)
    chosen = {"none": (), "centre": (CENTRE,), "all": (CENTRE,) + CLUES}
    if hints not in chosen:
        from .._errors import PuzzleError

        raise PuzzleError(f"hints must be 'centre', 'all' or 'none', got {hints!r}")
    return puzzle.with_fixed({(r, c): (p, rot) for p, r, c, rot in chosen[hints]})
