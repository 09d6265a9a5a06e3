"""The packing model of Gilleta, "Résolution du puzzle tridimensionnel des pentaminos"
(sections 2 and 3), built for any pieces and any box.

Each piece i has points (x, y, z), lexicographically increasing, with x in [0, a-1],
y in [0, b-1], z in [0, c-1]; one Class constraint per piece says its points form the piece up
to translation and rotation. The points are pairwise distinct ("PointsDistincts"), rewritten
through the cell number m = x + a*y + a*b*z: s = a*y and t = a*b*z (Product), m = x + s + t
(Sum), and AllDifferent on every m. The search splits the m with the smallest minimum (fill the
lowest empty cell). A flat box (a, b) drops z and t.

Symmetry breaking (``up_to_symmetry=True``, the default, section 7): one piece without internal
symmetry (the F of the pentominoes) keeps only one orientation per orbit of the box's symmetries;
in 3-D each solution then appears twice (the paper's "2 x 12", "2 x 264", "2 x 3940").

Example:
    >>> from cassetete.narrowing import packing_model
    >>> packing_model((3, 20)).count_solutions()
    2
"""

from __future__ import annotations

import re
import warnings
from typing import Any, Dict, List, Optional, Sequence, Tuple

import numpy as np

from .._errors import PuzzleError, certify
from .._options import check_flag
from ..polyomino._shapes import PieceSpec, normalize, piece_set, transforms
from ..polyomino._verify import checker
from ._model import IntVar, Model
from .orientations import orientations

__all__ = ["PackingModel", "packing_model", "box_symmetries"]

SYMMETRIES = ("paper", None)


class _Unset:
    """The default of a deprecated option: tells "not given" from any value."""

    def __repr__(self) -> str:
        return "<not given>"


_UNSET: Any = _Unset()
NARROWINGS = ("literal", "paper", "placement", "occupied", "occupied-bounds", "occupied-placed")
# "paper" is the reading of the text that reproduces the cuts of section 7's table: the same
# constraints as "occupied-placed" (bench/results/narrowing_notes.md, "Readings of the paper").
_SAME_AS = {"paper": "occupied-placed"}
# How each narrowing's Placement constraint uses the cell numbers m (the "literal" narrowing has none).
_CELLS_MODE = {"placement": "exact", "occupied": "coordinates", "occupied-bounds": "bounds-in",
               "occupied-placed": "placed"}


def _parse_box(box: Any) -> Tuple[int, ...]:
    if isinstance(box, str):
        if not re.fullmatch(r"\s*\d+(\s*[xX]\s*\d+){1,2}\s*", box):
            raise PuzzleError(f"box {box!r}: expected sizes like '6x10' or '3x4x5'")
        box = tuple(int(v) for v in re.split(r"\s*[xX]\s*", box.strip()))
    if not isinstance(box, (tuple, list)) or len(box) not in (2, 3):
        raise PuzzleError(f"box must be (a, b) or (a, b, c), got {box!r}")
    sizes = []
    for v in box:
        if isinstance(v, bool) or not isinstance(v, (int, np.integer)) or int(v) <= 0:
            raise PuzzleError(f"box sizes must be positive integers, got {box!r}")
        sizes.append(int(v))
    return tuple(sizes)


def box_symmetries(box: Sequence[int]) -> List[np.ndarray]:
    """The signed permutation matrices (reflections included) mapping the box onto itself.

    Example:
        >>> len(box_symmetries((6, 10))), len(box_symmetries((3, 4, 5))), len(box_symmetries((2, 2, 15)))
        (4, 8, 16)
    """
    # Row r of a lattice isometry sends axis r to axis argmax|m[r]|: the box maps onto itself
    # when those axes have the same size.
    return [m for m in transforms(len(box)) if all(box[int(np.argmax(np.abs(row)))] == size for row, size in zip(m, box))]


class PackingModel(Model):
    """The paper's constraint model of a packing (built by :func:`packing_model`); solutions
    decode to labelled grids like :mod:`cassetete.polyomino`'s.

    Attributes:
        box: the box sizes (a, b) or (a, b, c).
        names: the piece names, in model order.
        points: per piece, its points as tuples of variables (x, y[, z]).
        cells: per piece, its cell-number variables m.
        restricted: the piece whose orientations the symmetry breaking restricts (or None), and
            ``kept_orientations`` how many of its orientations remain.

    Example:
        >>> pm = packing_model((2, 5), pieces={"a": "#####", "b": "#####"}, up_to_symmetry=False)
        >>> pm.count_solutions(), pm.solve().solution.tolist()
        (2, [['a', 'a', 'a', 'a', 'a'], ['b', 'b', 'b', 'b', 'b']])
    """

    box: Tuple[int, ...]
    names: List[str]
    points: List[Any]  # per piece, its points' (x, y, z) variables
    cells: List[Any]  # per piece, its cell numbers m
    restricted: Optional[str]  # the piece whose orientations the paper's symmetry breaking restricts
    kept_orientations: Optional[int]

    shapes: Dict[str, Any]  # the pieces as polyomino.piece_set gives them

    def check_grid(self, grid: Any) -> bool:
        """Whether a labelled grid packs the pieces into the box by the rules (the checker of
        :func:`cassetete.polyomino.verify`, independent of the narrowing engine).

        Example:
            >>> pm = packing_model((1, 2), pieces={"d": "##"})
            >>> pm.check_grid(np.array([["d", "d"]])), pm.check_grid(np.array([["d", "."]]))
            (True, False)
        """
        if getattr(self, "_grid_checker", None) is None:
            self._grid_checker = checker(np.ones(self.box, dtype=bool), self.shapes, True)
        return bool(self._grid_checker(grid))

    def _certify(self, values: Optional[Sequence[int]]) -> None:
        super()._certify(values)
        certify(values is not None and self.check_grid(self.decode(values or [])), "narrowing",
                "the decoded grid is not a packing of the box")

    def __getstate__(self) -> Dict[str, Any]:
        state = super().__getstate__()
        state.pop("_grid_checker", None)  # a closure: rebuilt where it is needed
        return state

    def decode(self, values: Sequence[int]) -> np.ndarray:
        """The labelled grid (piece names) of a solution's values.

        Example:
            >>> pm = packing_model((1, 2), pieces={"d": "##"})
            >>> pm.decode([0, 0, 0, 1, 0, 0, 0, 1]).tolist()
            [['d', 'd']]
        """
        width = max(len(n) for n in self.names)
        grid = np.full(self.box, ".", dtype=f"<U{width}")
        for name, points in zip(self.names, self.points):
            for point in points:
                grid[tuple(int(values[v.index]) for v in point)] = name
        return grid


def packing_model(
    box: Any,
    pieces: PieceSpec = "pentominoes",
    symmetry: Any = _UNSET,
    algorithm: str = "sort",
    narrowing: str = "literal",
    *,
    up_to_symmetry: bool = True,
) -> PackingModel:
    """The constraint model of packing ``pieces`` (each once) into ``box`` = ``(a, b)`` or
    ``(a, b, c)`` (or ``"6x10"``), as Gilleta writes it (sections 2-3). ``pieces`` takes any
    form :mod:`cassetete.polyomino` accepts (a set name, names, or a dict name -> cells).
    ``up_to_symmetry=True`` (the default) is the paper's symmetry breaking: one asymmetric piece
    keeps one orientation per orbit of the box's symmetries (3-D solutions then appear twice);
    ``False`` counts every solution. ``symmetry`` is its deprecated old spelling (``"paper"``:
    ``up_to_symmetry=True``, ``None``: ``False``).
    ``algorithm`` is the AllDifferent narrowing (``"sort"`` or the paper's ``"leconte"``).

    ``narrowing`` says what each piece's Class constraint (section 5) narrows, and over what:

    - ``"literal"`` (the default, any box): the formulas of sections 4-5 as written, Class
      narrowing a piece's coordinates over the boxes of its own variables only. Same solutions,
      1.5 to 4.7 times the cuts of the paper's table.
    - ``"paper"`` (boxes of at most 64 cells): the reading of the text that reproduces the cuts of
      section 7's table (0.98 to 1.37 times them from 3x20 to 2x5x6): Class narrows the
      coordinates over the placements (orientation and translation) whose cells are taken by no
      placed piece, a cell counting as taken once every point of the piece covering it is fixed
      (a board of the pieces placed so far). The same constraints as ``"occupied-placed"``.
    - ``"occupied"``: as ``"paper"``, but a cell is taken as soon as any point is fixed there
      (0.45 to 0.92 of the paper's cuts); ``"occupied-bounds"`` also filters the translations by
      the bounds of the m. Both narrow the coordinates only; the m follow through the Sums.
    - ``"placement"``: a stronger Class that also narrows the cell numbers m directly (a better
      treatment of PointsDistincts, which the paper's conclusion asks for): the smallest tree.

    Every reading counts the same solutions. See "Readings of the paper tried for the cuts" in
    ``bench/results/narrowing.md``.

    Example:
        >>> packing_model((3, 20)).count_solutions(), packing_model((3, 20), up_to_symmetry=False).count_solutions()
        (2, 8)

    Your own pieces, e.g. Piet Hein's Soma cube: the seven pieces as a dict name -> cells, in
    the 3x3x3 box. ``up_to_symmetry=False`` counts all 11,520 packings (what
    ``polyomino.count_solutions("3x3x3", pieces=SOMA, up_to_symmetry=False)`` gives,
    240 x 48); the paper's symmetry breaking pins one orientation of L per orbit of the 24
    rotations (reflections would turn A into B), leaving 11,520 / 24 = 480, twice the
    published 240 classes up to rotations and reflections:

        >>> SOMA = {"V": [(0, 0, 0), (1, 0, 0), (0, 1, 0)],
        ...         "L": [(0, 0, 0), (1, 0, 0), (2, 0, 0), (0, 1, 0)],
        ...         "T": [(0, 0, 0), (1, 0, 0), (2, 0, 0), (1, 1, 0)],
        ...         "Z": [(0, 0, 0), (1, 0, 0), (1, 1, 0), (2, 1, 0)],
        ...         "A": [(0, 0, 0), (1, 0, 0), (0, 1, 0), (0, 1, 1)],
        ...         "B": [(0, 0, 0), (1, 0, 0), (0, 1, 0), (1, 0, 1)],
        ...         "P": [(0, 0, 0), (1, 0, 0), (0, 1, 0), (0, 0, 1)]}
        >>> soma = packing_model((3, 3, 3), pieces=SOMA, narrowing="placement")
        >>> soma.count_solutions(), soma.restricted, soma.kept_orientations
        (480, 'L', 1)
        >>> from cassetete import polyomino
        >>> polyomino.count_solutions("3x3x3", pieces=SOMA, up_to_symmetry=False)
        11520
    """
    up_to_symmetry = check_flag(up_to_symmetry, "up_to_symmetry")
    if symmetry is not _UNSET:
        if symmetry not in SYMMETRIES:
            raise PuzzleError(f"unknown symmetry {symmetry!r}; expected 'paper' or None (or up_to_symmetry=True "
                              "or False, its new spelling)")
        warnings.warn("packing_model: symmetry= is deprecated, use up_to_symmetry= (True for symmetry='paper', "
                      "False for symmetry=None)", DeprecationWarning, stacklevel=2)
        if symmetry == "paper" and not up_to_symmetry:
            raise PuzzleError("give up_to_symmetry= only (symmetry= is its deprecated spelling), got "
                              "up_to_symmetry=False and symmetry='paper'")
        up_to_symmetry = symmetry == "paper"
    sizes = _parse_box(box)
    if narrowing not in NARROWINGS:
        raise PuzzleError(f"unknown narrowing {narrowing!r}; expected one of: {', '.join(NARROWINGS)}")
    if narrowing != "literal" and int(np.prod(sizes)) > 64:
        raise PuzzleError(f"narrowing={narrowing!r} takes boxes of at most 64 cells; narrowing='literal' "
                          "takes any box")
    narrowing = _SAME_AS.get(narrowing, narrowing)
    shapes = piece_set(pieces)
    dim = len(sizes)
    volume = int(np.prod(sizes))
    # Pieces as points of the box's dimension; flat pieces get z = 0 in a 3-D box.
    pts: Dict[str, List[Tuple[int, ...]]] = {}
    for name, shape in shapes.items():
        d = len(shape[0])
        if d > dim:
            raise PuzzleError(f"piece {name!r} is {d}-D and cannot be placed in a {dim}-D box")
        pts[name] = [tuple(c) + (0,) * (dim - d) for c in shape]
    total = sum(len(p) for p in pts.values())
    if total != volume:
        raise PuzzleError(f"the box {'x'.join(map(str, sizes))} has {volume} cells but the pieces cover {total}")
    rotations = "3d" if dim == 3 else "2d"
    orients = {name: orientations(p, rotations) for name, p in pts.items()}
    kept = dict(orients)
    restricted = None
    if up_to_symmetry:
        if orients:
            restricted, kept[restricted] = _paper_restriction(sizes, orients)

    model = PackingModel()
    model.box = sizes
    model.names = list(shapes)
    model.points = []
    model.cells = []
    model.restricted = restricted
    model.shapes = shapes
    model.kept_orientations = len(kept[restricted]) if restricted is not None else None
    a = sizes[0]
    ab = sizes[0] * sizes[1]
    for name in model.names:
        piece_points: List[Tuple[IntVar, ...]] = []
        for j in range(len(pts[name])):
            coords = tuple(
                model.int_var(0, sizes[d] - 1, name=f"{name}.{j}.{'xyz'[d]}") for d in range(dim)
            )
            piece_points.append(coords)
        model.points.append(piece_points)
    for name, piece_points in zip(model.names, model.points):
        cells = []
        for j, coords in enumerate(piece_points):
            m = model.int_var(0, volume - 1, name=f"{name}.{j}.m")
            s = model.int_var(0, a * (sizes[1] - 1), name=f"{name}.{j}.s")
            model.add_product(s, a, coords[1])
            terms = [coords[0], s]
            if dim == 3:
                t = model.int_var(0, ab * (sizes[2] - 1), name=f"{name}.{j}.t")
                model.add_product(t, ab, coords[2])
                terms.append(t)
            model.add_sum(m, terms)
            cells.append(m)
        model.cells.append(cells)
    all_cells = [m for cells in model.cells for m in cells]
    for name, piece_points, cells in zip(model.names, model.points, model.cells):
        fitting = [o for o in kept[name] if all(max(p[d] for p in o) < sizes[d] for d in range(dim))]
        if narrowing != "literal" and fitting:
            offsets = [c for orient in fitting for p in orient for c in p]
            where = model._where("placement")
            mode = [] if _CELLS_MODE[narrowing] == "exact" else [_CELLS_MODE[narrowing]]
            model._add(
                "add_placement",
                [model._index(v, where) for point in piece_points for v in point],
                [model._index(v, where) for v in cells],
                list(sizes),
                offsets,
                [v.index for v in all_cells],
                *mode,
            )
            continue
        offsets = [c for orient in kept[name] for p in orient for c in p]
        model._add_points(piece_points, len(pts[name]), dim, offsets, False, f"class constraint of piece {name!r}")
    model.add_all_different(all_cells, algorithm=algorithm)
    model.set_branching(all_cells)
    return model


def _paper_restriction(
    sizes: Tuple[int, ...], orients: Dict[str, List[Tuple[Tuple[int, ...], ...]]]
) -> Tuple[str, List[Tuple[Tuple[int, ...], ...]]]:
    """The piece to restrict and the orientations it keeps: the box symmetries that map every
    piece's set of orientations onto itself act on the orientations; keep the first of each
    orbit, for the piece whose orbits are largest (the F of the pentominoes, if present)."""
    group = []
    for g in box_symmetries(sizes):
        if all({normalize((np.asarray(o) @ g.T).tolist()) for o in os} == set(os) for os in orients.values()):
            group.append(g)

    def orbits(name: str) -> List[List[int]]:
        index = {o: k for k, o in enumerate(orients[name])}
        seen, out = set(), []
        for k, o in enumerate(orients[name]):
            if k in seen:
                continue
            orbit = sorted({index[normalize((np.asarray(o) @ g.T).tolist())] for g in group})
            seen.update(orbit)
            out.append(orbit)
        return out

    # Largest average orbit: the strongest restriction; F first on ties, as in the paper.
    names = sorted(orients, key=lambda n: (-len(orients[n]) / len(orbits(n)), n != "F"))
    best = names[0]
    return best, [orients[best][orbit[0]] for orbit in orbits(best)]
