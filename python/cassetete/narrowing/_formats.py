"""The text form of a narrowing model: a documented subset of FlatZinc (the flat language of
MiniZinc, https://docs.minizinc.dev/en/stable/fzn-spec.html), so that a model can be saved,
read back, and handed to any FlatZinc solver for the constraints they share.

The subset, one statement per ``;`` (``%`` starts a comment):

- ``var LO..HI: NAME;`` an integer variable (``:: cassetete_name("F.0.x")`` keeps a name that
  is not a FlatZinc identifier, written with ``_`` in its place);
- ``constraint int_lin_eq([1, -a], [x, y], 0);`` is ``x = a * y`` (:meth:`Model.add_product`);
- ``constraint int_lin_eq([1, -1, ..., -1], [x, y1, ..., yn], 0);`` is ``x = y1 + ... + yn``
  (:meth:`Model.add_sum`);
- ``constraint fzn_all_different_int([x, y, ...]);`` (``:: cassetete_leconte`` chooses Leconte's
  narrowing, :meth:`Model.add_all_different`);
- ``constraint cassetete_class([coordinates], dim, [offsets], translated);`` the Class
  constraint of Gilleta (section 5): the points (``dim`` coordinates each) form one of the
  orientations listed in ``offsets`` (for each orientation, each point's offset from the first),
  up to translation; declared at the top by a ``predicate`` line as FlatZinc wants;
- ``solve :: int_search([x, ...], smallest, indomain_split, complete) satisfy;`` (the
  variables split first, :meth:`Model.set_branching``) or ``solve satisfy;``.

Anything else is a ``PuzzleError`` naming the line. A packing model reads back as a plain
:class:`Model` (its solutions as ``name -> value``).

Example:
    >>> from cassetete.narrowing import Model
    >>> m = Model(); x = m.int_var(0, 6, name="x"); y = m.int_var(1, 3, name="y")
    >>> m.add_product(x, 2, y)
    >>> print(format(m))
    % a cassetete narrowing model (a FlatZinc subset: see cassetete.narrowing._formats)
    var 0..6: x;
    var 1..3: y;
    constraint int_lin_eq([1, -2], [x, y], 0);
    solve satisfy;
    >>> parse(format(m)).count_solutions()
    3
"""

from __future__ import annotations

import re
from typing import Dict, List, Sequence, Tuple

from .._errors import PuzzleError
from .._io import PathOrFile, read_text, write_text
from ._model import IntVar, Model

__all__ = ["FORMATS", "parse", "load", "format", "dump"]

FORMATS = ("flatzinc",)
_HEADER = "% a cassetete narrowing model (a FlatZinc subset: see cassetete.narrowing._formats)"
_PREDICATES = {
    "add_class": "predicate cassetete_class(array [int] of var int: coordinates, int: dim, "
                 "array [int] of int: offsets, bool: translated);",
    "add_placement": "predicate cassetete_placement(array [int] of var int: coordinates, array [int] of var int: cells, "
                     "array [int] of int: sizes, array [int] of int: offsets, array [int] of var int: all_cells);",
}
_IDENTIFIER = re.compile(r"[A-Za-z][A-Za-z0-9_]*\Z")
_KEYWORDS = {"var", "int", "bool", "array", "of", "constraint", "solve", "satisfy", "predicate", "true", "false"}


def _identifiers(model: Model) -> List[str]:
    """A FlatZinc identifier for each variable: its name when it is one, else the name with
    ``_`` for each other character (made unique with a suffix)."""
    used: Dict[str, int] = {}
    names = []
    for v in model.variables:
        ident = v.name if _IDENTIFIER.match(v.name) and v.name not in _KEYWORDS else \
            re.sub(r"[^A-Za-z0-9_]", "_", v.name if v.name[:1].isalpha() else f"v_{v.name}")
        if ident in used or ident in _KEYWORDS:
            used[ident] = used.get(ident, 0) + 1
            ident = f"{ident}__{used[ident]}"
        used.setdefault(ident, 0)
        names.append(ident)
    return names


def format(model: Model, format: str = "flatzinc") -> str:  # noqa: A002 - the contract's name
    """The model as FlatZinc-subset text (see the module docstring).

    Example:
        >>> m = Model(); a = m.int_var(0, 1, name="a"); b = m.int_var(0, 1, name="b")
        >>> m.add_all_different([a, b])
        >>> format(m).splitlines()[3]
        'constraint fzn_all_different_int([a, b]);'
    """
    if format not in FORMATS:
        raise PuzzleError(f"unknown format {format!r}; expected one of: {', '.join(FORMATS)}")
    if not isinstance(model, Model):
        raise PuzzleError(f"expected a narrowing Model, got {type(model).__name__}")
    ident = _identifiers(model)
    lines = [_HEADER]
    kinds = {kind for kind, _args in model._specs}
    lines.extend(text for kind, text in _PREDICATES.items() if kind in kinds)
    for v, name in zip(model.variables, ident):
        note = "" if name == v.name else f' :: cassetete_name("{_escape(v.name)}")'
        lines.append(f"var {v.lo}..{v.hi}: {name}{note};")

    def names(indices: Sequence[int]) -> str:
        return "[" + ", ".join(ident[i] for i in indices) + "]"

    for kind, args in model._specs:
        if kind == "add_product":
            x, a, y = args
            lines.append(f"constraint int_lin_eq([1, {-a}], [{ident[x]}, {ident[y]}], 0);")
        elif kind == "add_sum":
            x, ys = args
            coefficients = ", ".join(["1"] + ["-1"] * len(ys))
            lines.append(f"constraint int_lin_eq([{coefficients}], {names([x, *ys])}, 0);")
        elif kind == "add_all_different":
            xs, algorithm = args
            note = " :: cassetete_leconte" if algorithm == "leconte" else ""
            lines.append(f"constraint fzn_all_different_int({names(xs)}){note};")
        elif kind == "add_class":
            flat, dim, offsets, translated = args
            lines.append(f"constraint cassetete_class({names(flat)}, {dim}, [{', '.join(map(str, offsets))}], "
                         f"{'true' if translated else 'false'});")
        elif kind == "add_placement":
            flat, cells, sizes, offsets, all_cells, *mode = args
            note = f" :: cassetete_cells_{mode[0].replace('-', '_')}" if mode and mode[0] != "exact" else ""
            lines.append(f"constraint cassetete_placement({names(flat)}, {names(cells)}, [{', '.join(map(str, sizes))}], "
                         f"[{', '.join(map(str, offsets))}], {names(all_cells)}){note};")
        else:  # pragma: no cover - every constraint kind of Model is above
            raise PuzzleError(f"constraint kind {kind!r} has no text form")
    if model._branching is not None:
        lines.append(f"solve :: int_search({names(model._branching)}, smallest, indomain_split, complete) satisfy;")
    else:
        lines.append("solve satisfy;")
    return "\n".join(lines)


_as_text = format  # dump's own `format` argument hides the function


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"')


_VAR = re.compile(r'var\s+(-?\d+)\s*\.\.\s*(-?\d+)\s*:\s*([A-Za-z][A-Za-z0-9_]*)'
                  r'(?:\s*::\s*cassetete_name\(\s*"((?:[^"\\]|\\.)*)"\s*\))?\s*\Z')
_CONSTRAINT = re.compile(r"constraint\s+([A-Za-z_][A-Za-z0-9_]*)\s*\((.*)\)\s*(?:::\s*([A-Za-z_]\w*))?\s*\Z", re.S)
_SOLVE = re.compile(r"solve\s*(?:::\s*int_search\(\s*\[([^\]]*)\]\s*,[^)]*\)\s*)?satisfy\s*\Z", re.S)


def _statements(text: str) -> List[Tuple[int, str]]:
    """(line number, statement) of each ``;``-ended statement, comments removed."""
    statements: List[Tuple[int, str]] = []
    current: List[str] = []
    start = 1
    for number, line in enumerate(text.splitlines(), start=1):
        line = line.split("%", 1)[0]
        if not current:
            start = number
        parts = line.split(";")
        for k, part in enumerate(parts):
            if not part.strip() and k == len(parts) - 1:
                continue  # nothing after the last ';' of the line
            current.append(part)
            if k < len(parts) - 1:
                statement = " ".join(current).strip()
                if statement:
                    statements.append((start, statement))
                current, start = [], number
    leftover = " ".join(current).strip()
    if leftover:
        raise PuzzleError(f"line {start}: statement without its ';': {leftover[:60]!r}")
    return statements


def _split_arguments(text: str, where: str) -> List[str]:
    """The top-level comma-separated arguments of a call."""
    arguments: List[str] = []
    current: List[str] = []
    depth = 0
    for char in text:
        if char == "[":
            depth += 1
        elif char == "]":
            depth -= 1
            if depth < 0:
                raise PuzzleError(f"{where}: unbalanced ']'")
        if char == "," and depth == 0:
            arguments.append("".join(current).strip())
            current = []
        else:
            current.append(char)
    if depth != 0:
        raise PuzzleError(f"{where}: unbalanced '['")
    arguments.append("".join(current).strip())
    return arguments


def _list(text: str, where: str) -> List[str]:
    text = text.strip()
    if not (text.startswith("[") and text.endswith("]")):
        raise PuzzleError(f"{where}: expected a list [...], got {text[:40]!r}")
    inner = text[1:-1].strip()
    return [item.strip() for item in inner.split(",")] if inner else []


def _int(text: str, where: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise PuzzleError(f"{where}: expected an integer, got {text!r}") from None


def parse(text: str) -> Model:
    """A :class:`Model` from FlatZinc-subset text (see the module docstring); a statement outside
    the subset is a ``PuzzleError`` naming its line.

    Example:
        >>> parse("var 1..3: a;\\nvar 1..3: b;\\nconstraint fzn_all_different_int([a, b]);\\nsolve satisfy;").count_solutions()
        6
        >>> parse("var 0..1: a;\\nconstraint int_times(a, a, a);\\nsolve satisfy;")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        cassetete._errors.PuzzleError: line 2: constraint int_times is outside the subset cassetete reads (...)
    """
    if isinstance(text, Model):
        return text
    if not isinstance(text, str):
        raise PuzzleError(f"cannot read a narrowing model from {type(text).__name__}")
    model = Model()
    variables: Dict[str, IntVar] = {}
    solved = False
    for number, statement in _statements(text):
        where = f"line {number}"
        try:
            solved = _statement(model, statement, where, variables, solved)
        except PuzzleError as error:
            if str(error).startswith("line "):
                raise
            raise PuzzleError(f"{where}: {error}") from None
    if not solved:
        raise PuzzleError("the model has no 'solve satisfy;' statement")
    return model


def _statement(model: Model, statement: str, where: str, variables: Dict[str, IntVar], solved: bool) -> bool:
    """Read one statement into ``model``; True once the ``solve`` statement is read."""

    def var(name: str, where: str) -> IntVar:
        if name not in variables:
            raise PuzzleError(f"{where}: unknown variable {name!r}")
        return variables[name]

    if solved:
        raise PuzzleError(f"{where}: a statement after 'solve'")
    if statement.startswith("predicate"):
        if not statement.startswith(("predicate cassetete_class(", "predicate cassetete_placement(")):
            raise PuzzleError(f"{where}: only the cassetete_class and cassetete_placement predicates may be "
                              f"declared")
        return False
    if statement.startswith("var"):
        match = _VAR.match(statement)
        if match is None:
            raise PuzzleError(f"{where}: expected 'var LO..HI: NAME;', got {statement[:60]!r}")
        lo, hi, ident, name = match.groups()
        if ident in variables:
            raise PuzzleError(f"{where}: variable {ident!r} declared twice")
        shown = ident if name is None else re.sub(r"\\(.)", r"\1", name)
        variables[ident] = model.int_var(_int(lo, where), _int(hi, where), name=shown)
        return False
    if statement.startswith("constraint"):
        _constraint(model, statement, where, var)
        return False
    if statement.startswith("solve"):
        match = _SOLVE.match(statement)
        if match is None:
            raise PuzzleError(f"{where}: expected 'solve satisfy;' (optionally :: int_search([...], ...)), "
                              f"got {statement[:60]!r}")
        if match.group(1) is not None:
            model.set_branching([var(n, where) for n in _list(f"[{match.group(1)}]", where)])
        return True
    raise PuzzleError(f"{where}: {statement.split()[0]!r} is outside the subset cassetete reads")


def _constraint(model: Model, statement: str, where: str, var) -> None:
    match = _CONSTRAINT.match(statement)
    if match is None:
        raise PuzzleError(f"{where}: expected 'constraint NAME(...);', got {statement[:60]!r}")
    name, body, note = match.groups()
    arguments = _split_arguments(body, where)
    if name == "int_lin_eq":
        if len(arguments) != 3:
            raise PuzzleError(f"{where}: int_lin_eq takes 3 arguments")
        coefficients = [_int(c, where) for c in _list(arguments[0], where)]
        xs = [var(n, where) for n in _list(arguments[1], where)]
        constant = _int(arguments[2], where)
        if len(coefficients) != len(xs):
            raise PuzzleError(f"{where}: {len(coefficients)} coefficients for {len(xs)} variables")
        if constant == 0 and len(xs) == 2 and coefficients[0] == 1:
            model.add_product(xs[0], -coefficients[1], xs[1])
        elif constant == 0 and xs and coefficients[0] == 1 and all(c == -1 for c in coefficients[1:]):
            model.add_sum(xs[0], xs[1:])
        else:
            raise PuzzleError(f"{where}: int_lin_eq({coefficients}, ..., {constant}) is outside the subset "
                              f"cassetete reads (x = a*y: [1, -a] and 0; x = y1 + ... + yn: [1, -1, ..., -1] and 0)")
    elif name in ("fzn_all_different_int", "all_different_int"):
        if len(arguments) != 1:
            raise PuzzleError(f"{where}: {name} takes 1 argument")
        model.add_all_different([var(n, where) for n in _list(arguments[0], where)],
                                algorithm="leconte" if note == "cassetete_leconte" else "sort")
    elif name == "cassetete_class":
        if len(arguments) != 4 or arguments[3] not in ("true", "false"):
            raise PuzzleError(f"{where}: cassetete_class takes (coordinates, dim, offsets, true|false)")
        flat = [var(n, where) for n in _list(arguments[0], where)]
        dim = _int(arguments[1], where)
        offsets = [_int(o, where) for o in _list(arguments[2], where)]
        if dim < 1 or not flat or len(flat) % dim or not offsets or len(offsets) % len(flat):
            raise PuzzleError(f"{where}: cassetete_class: {len(flat)} coordinates, dim {dim} and {len(offsets)} "
                              f"offsets do not make points and orientations")
        model._add_points(flat, len(flat) // dim, dim, offsets, arguments[3] == "true", where)
    elif name == "cassetete_placement":
        if len(arguments) != 5:
            raise PuzzleError(f"{where}: cassetete_placement takes (coordinates, cells, sizes, offsets, all_cells)")
        flat, cells, all_cells = ([var(n, where).index for n in _list(arguments[k], where)] for k in (0, 1, 4))
        sizes = [_int(v, where) for v in _list(arguments[2], where)]
        offsets = [_int(v, where) for v in _list(arguments[3], where)]
        if not sizes or len(flat) != len(sizes) * len(cells) or not offsets or len(offsets) % len(flat):
            raise PuzzleError(f"{where}: cassetete_placement: {len(flat)} coordinates, {len(cells)} cells, sizes "
                              f"{sizes} and {len(offsets)} offsets do not make points and orientations")
        modes = {"cassetete_cells_coordinates": "coordinates", "cassetete_cells_bounds_in": "bounds-in",
                 "cassetete_cells_placed": "placed"}
        if note in modes:
            model._add("add_placement", flat, cells, sizes, offsets, all_cells, modes[note])
        else:
            model._add("add_placement", flat, cells, sizes, offsets, all_cells)
    else:
        raise PuzzleError(f"{where}: constraint {name} is outside the subset cassetete reads "
                          f"(int_lin_eq, fzn_all_different_int, cassetete_class, cassetete_placement)")


def load(source: PathOrFile) -> Model:
    """Read a FlatZinc-subset file (a path, ``"-"`` for standard input, or an open file).

    Example:
        >>> import io
        >>> load(io.StringIO("var 0..2: z;\\nsolve satisfy;")).count_solutions()
        3
    """
    return parse(read_text(source))


def dump(model: Model, target: PathOrFile, format: str = "flatzinc") -> None:  # noqa: A002
    """Write :func:`format`'s text to a path or an open file.

    Example:
        >>> import io
        >>> out = io.StringIO(); dump(parse("var 0..2: z;\\nsolve satisfy;"), out)
        >>> out.getvalue().splitlines()[1]
        'var 0..2: z;'
    """
    write_text(target, _as_text(model, format) + "\n")
