"""Polyomino shapes: the named piece sets, validation, and orientations in 2D and 3D.

A shape is a sorted tuple of integer cells ``(row, col)`` in 2D or ``(i, j, k)`` in 3D,
translated so that every coordinate's minimum is 0.

Example:
    >>> from cassetete.polyomino._shapes import PENTOMINOES, orientations
    >>> len(orientations(PENTOMINOES["F"], dim=2))
    8
    >>> len(orientations(PENTOMINOES["X"], dim=3))
    3
"""

from __future__ import annotations

import itertools
from typing import Dict, Iterable, List, Mapping, Sequence, Tuple, Union

import numpy as np

from .._errors import PuzzleError

Cell = Tuple[int, ...]
Shape = Tuple[Cell, ...]

__all__ = [
    "PENTOMINOES",
    "TETROMINOES",
    "HEXOMINOES",
    "parse_picture",
    "normalize",
    "transforms",
    "rotations3d",
    "orientations",
    "piece_set",
    "check_shape",
    "reachable",
]


def parse_picture(picture: str) -> Shape:
    """Cells of a picture drawn with ``#`` (filled) and ``.`` (empty), rows separated by ``/``
    or newlines.

    Example:
        >>> parse_picture("##/#.")
        ((0, 0), (0, 1), (1, 0))
    """
    rows = [r for r in picture.replace("/", "\n").splitlines() if r.strip()]
    cells = []
    for r, row in enumerate(rows):
        for c, ch in enumerate(row.strip()):
            if ch == "#":
                cells.append((r, c))
            elif ch not in ". ":
                raise PuzzleError(f"picture row {r + 1}, column {c + 1}: unexpected {ch!r} (use # and .)")
    return normalize(cells)


def normalize(cells: Iterable[Sequence[int]]) -> Shape:
    """Translate cells so each coordinate starts at 0, and sort them.

    Example:
        >>> normalize([(3, 5), (2, 5)])
        ((0, 0), (1, 0))
    """
    cells = [tuple(int(v) for v in c) for c in cells]
    if not cells:
        return ()
    dim = len(cells[0])
    low = [min(c[d] for c in cells) for d in range(dim)]
    return tuple(sorted(tuple(c[d] - low[d] for d in range(dim)) for c in cells))


# The 12 pentominoes named after the letters they resemble (Golomb's names).
PENTOMINOES: Dict[str, Shape] = {
    name: parse_picture(pic)
    for name, pic in [
        ("F", ".##/##./.#."),
        ("I", "#####"),
        ("L", "#.../####"),
        ("P", "##/##/#."),
        ("N", "##../.###"),
        ("T", "###/.#./.#."),
        ("U", "#.#/###"),
        ("V", "#../#../###"),
        ("W", "#../##./.##"),
        ("X", ".#./###/.#."),
        ("Y", ".#../####"),
        ("Z", "##./.#./.##"),
    ]
}

# The 5 free tetrominoes.
TETROMINOES: Dict[str, Shape] = {
    name: parse_picture(pic)
    for name, pic in [("I", "####"), ("O", "##/##"), ("T", "###/.#."), ("S", ".##/##."), ("L", "###/#..")]
}


def transforms(dim: int, flips: bool = True) -> List[np.ndarray]:
    """The signed permutation matrices of the square (dim=2) or cubic (dim=3) lattice:
    8 (4 rotations without flips) in 2D, 48 (24 rotations without flips) in 3D.

    Example:
        >>> len(transforms(2)), len(transforms(3, flips=False))
        (8, 24)
    """
    out = []
    for perm in itertools.permutations(range(dim)):
        for signs in itertools.product((1, -1), repeat=dim):
            m = np.zeros((dim, dim), dtype=int)
            for row, (col, sign) in enumerate(zip(perm, signs)):
                m[row, col] = sign
            if flips or round(np.linalg.det(m)) == 1:
                out.append(m)
    return out


def rotations3d() -> List[np.ndarray]:
    """The 24 rotations of space that map the cubic lattice to itself.

    Example:
        >>> len(rotations3d())
        24
    """
    return transforms(3, flips=False)


def _apply(shape: Shape, matrix: np.ndarray) -> Shape:
    return normalize((matrix @ np.asarray(shape).T).T.tolist())


def orientations(shape: Shape, dim: int = 2, flips: bool = True) -> List[Shape]:
    """Distinct orientations of a shape: in 2D the rotations (and reflections if ``flips``),
    in 3D the 24 rotations of a 2D or 3D shape (a flat piece turned over is a rotation).

    Example:
        >>> len(orientations(PENTOMINOES["L"], dim=2, flips=False))
        4
        >>> len(orientations(PENTOMINOES["F"], dim=3))
        24
    """
    cells = [tuple(c) for c in shape]
    if dim == 3 and cells and len(cells[0]) == 2:
        cells = [c + (0,) for c in cells]
    if cells and len(cells[0]) != dim:
        raise PuzzleError(f"a {len(cells[0])}-D shape cannot be placed in {dim}-D")
    base = normalize(cells)
    mats = rotations3d() if dim == 3 else transforms(2, flips)
    seen = []
    for m in mats:
        o = _apply(base, m)
        if o not in seen:
            seen.append(o)
    return seen


def _cell_coordinate(value: object) -> int:
    # Integers only: int(2.7) or int(nan) would silently move or break a cell.
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
        raise TypeError(value)
    return int(value)


def check_shape(name: str, cells: Iterable[Sequence[int]]) -> Shape:
    """Validate a piece: not empty, no repeated cell, 2-D or 3-D, face-connected.

    Example:
        >>> check_shape("domino", [(0, 0), (0, 1)])
        ((0, 0), (0, 1))
    """
    try:
        raw = [tuple(_cell_coordinate(v) for v in c) for c in cells]
    except TypeError:
        raise PuzzleError(f"piece {name!r}: expected a list of cells, each a sequence of integers") from None
    if not raw:
        raise PuzzleError(f"piece {name!r} is empty")
    dims = {len(c) for c in raw}
    if len(dims) != 1 or dims.pop() not in (2, 3):
        raise PuzzleError(f"piece {name!r}: cells must all be 2-D or all 3-D")
    if len(set(raw)) != len(raw):
        raise PuzzleError(f"piece {name!r} repeats a cell")
    shape = normalize(raw)
    reached = reachable(shape)
    if reached != len(shape):
        raise PuzzleError(f"piece {name!r} is not connected ({reached} of {len(shape)} cells reachable)")
    return shape


def reachable(cells: Sequence[Cell]) -> int:
    """How many of the (distinct) cells the first one reaches through shared faces: all of them
    when the shape is a polyomino or polycube (any dimension).

    Example:
        >>> reachable([(0, 0), (0, 1), (1, 1)]), reachable([(0, 0), (0, 2)])
        (3, 1)
    """
    cellset = set(cells)
    todo, seen = [cells[0]], {cells[0]}
    while todo:
        c = todo.pop()
        for d in range(len(c)):
            for step in (-1, 1):
                n = c[:d] + (c[d] + step,) + c[d + 1 :]
                if n in cellset and n not in seen:
                    seen.add(n)
                    todo.append(n)
    return len(seen)


def _free_polyominoes(size: int) -> List[Shape]:
    """All free polyominoes of ``size`` cells (grown cell by cell, one canonical form each)."""

    def canonical(cells: Iterable[Cell]) -> Shape:
        return min(_apply(normalize(cells), m) for m in transforms(2))

    level = {canonical([(0, 0)])}
    for _ in range(size - 1):
        grown = set()
        for shape in level:
            cellset = set(shape)
            for r, c in shape:
                for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                    if n not in cellset:
                        grown.add(canonical(cellset | {n}))
        level = grown
    return sorted(level)


# The 35 free hexominoes, named H01..H35 in the order of their canonical cell lists.
HEXOMINOES: Dict[str, Shape] = {f"H{i + 1:02d}": s for i, s in enumerate(_free_polyominoes(6))}

#: What ``pieces=`` takes, as a set's name (``"pentominoes"``, ``"tetrominoes"``, ``"hexominoes"``),
#: a list of piece letters, or a dict name -> cells. Example:
#: ``polyomino.count_solutions("3x20", pieces=list("FILNPTUVWXYZ"))`` is 2 (the twelve
#: pentominoes by letter), and ``polyomino.count_solutions("2x5", pieces={"A": [(0, 0), (0, 1),
#: (0, 2), (0, 3), (0, 4)], "B": [(0, 0), (0, 1), (0, 2), (0, 3), (0, 4)]},
#: up_to_symmetry=False)`` is 2 (two straight pieces, either one on top).
PieceSpec = Union[str, Sequence[str], Mapping[str, Union[str, Iterable[Sequence[int]]]]]


def piece_set(pieces: PieceSpec) -> Dict[str, Shape]:
    """Resolve a piece specification: ``"pentominoes"``, ``"tetrominoes"``, ``"hexominoes"``,
    a list of pentomino/tetromino names, or a dict name -> picture string or cell list.

    Example:
        >>> list(piece_set(["X", "I"]))
        ['X', 'I']
        >>> piece_set({"d": "##"})
        {'d': ((0, 0), (0, 1))}
    """
    named = {"pentominoes": PENTOMINOES, "tetrominoes": TETROMINOES, "hexominoes": HEXOMINOES}
    if isinstance(pieces, str):
        if pieces.lower() not in named:
            raise PuzzleError(f"unknown piece set {pieces!r}; expected one of {sorted(named)}")
        return dict(named[pieces.lower()])
    if isinstance(pieces, Mapping):
        out = {}
        for name, spec in pieces.items():
            # "." marks the cells outside the region in a labelled grid, and labels are printed
            # separated by spaces: such names would make a packing unreadable.
            if str(name) in ("", ".") or any(ch.isspace() for ch in str(name)):
                raise PuzzleError(f"piece name {str(name)!r}: names must be non-empty, without spaces, "
                                  "and not '.' (the mark of cells outside the region)")
            cells = parse_picture(spec) if isinstance(spec, str) else spec
            out[str(name)] = check_shape(str(name), cells)
        if not out:
            raise PuzzleError("no pieces given")
        return out
    out = {}
    for name in pieces:
        if not isinstance(name, str):
            raise PuzzleError(f"piece names must be strings, got {name!r}")
        if name in out:
            raise PuzzleError(f"piece {name!r} given twice (use a dict with distinct names for copies)")
        if name in PENTOMINOES:
            out[name] = PENTOMINOES[name]
        elif name in HEXOMINOES:
            out[name] = HEXOMINOES[name]
        else:
            raise PuzzleError(f"unknown piece {name!r}; pentominoes are {''.join(PENTOMINOES)}")
    if not out:
        raise PuzzleError("no pieces given")
    return out
