"""What the grid puzzle families (:mod:`cassetete.shikaku`, :mod:`cassetete.hashi`) share: the
scaffolding of their verbs around their own rules, models and engines.

A family describes itself once with a :class:`GridFamily` (its name, parser, checker, engine
calls and method implementations) and its public verbs call the methods here: ``solve``
(checks, method dispatch, certification), ``count_solutions`` (here, on threads, on an executor
or from a checkpoint; the first solution certified), ``solutions`` (a certified stream). The
formats plumbing (:func:`read_puzzle`, :func:`write_as`, :func:`encode_runs`), the render dispatch (:func:`picture`),
the pictures of a model (:class:`Pictured`), the one parallel job (:class:`GridJob`) and the
one spreading count (:func:`count_spread`) are here too. This module imports no family.

Example:
    >>> from cassetete import hashi, shikaku
    >>> shikaku.count_solutions("2 .\\n. 2"), hashi.count_solutions("3x3m2:2a2c2a2")
    (2, 1)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, ClassVar, Dict, Iterable, Iterator, List, Mapping, Optional, Tuple

import numpy as np

from . import _core
from ._contract import Option, verb
from ._errors import LimitReached, PuzzleError, certify, certify_first
from ._options import (check_choice, check_limit, check_node_limit, check_progress, check_seed, check_time_limit,
                       check_workers)
from ._result import LIMIT, SOLVED, UNSATISFIABLE, Result
from ._streams import elapsed_bar, stream_solutions
from ._svg import draw
from ._text import not_a_file_name
from .parallel import Job, Prefix, digest, run_count, run_first, threads_or

METHODS = ("exact", "ilp", "annealing")
ILP_SOLVERS = ("highs", "cbc")
ALL = 2**63 - 1  # "no limit" for the C++ solution counters

__all__ = ["ALL", "GridFamily", "GridJob", "ILP_SOLVERS", "METHODS", "Pictured", "count_spread", "encode_runs",
           "picture", "puzzlink_number", "read_puzzle", "write_as"]


@dataclass(frozen=True)
class GridFamily:
    """One grid family as the shared verbs see it.

    Attributes:
        name: the family (``"shikaku"``), as certification failures and progress bars say it.
        parse: user input -> the family's model.
        verify: ``(puzzle, solution) -> bool``, written from the rules.
        grid: model -> the int32 grid its ``_core`` submodule takes.
        exact: ``(grid, limit, keep, time_limit, node_limit)`` -> the engine's result dict.
        stream: ``(grid, limit, time_limit, node_limit)`` -> the engine's solution stream.
        solution: an engine solution -> the public solution.
        job: model -> the family's :class:`GridJob`.
        ilp: ``(model, time_limit, node_limit, ilp_solver, options)`` -> :class:`~cassetete.Result`
            (``node_limit``: branch-and-bound nodes of the MILP solver).
        anneal: ``(model, time_limit, node_limit, seed, options)`` -> :class:`~cassetete.Result`.
        ilp_options, annealing_options: the options those methods accept.
        ilp_alias: the older name of ``ilp_solver`` the family still accepts as an option.
    """

    name: str
    parse: Callable[[Any], Any]
    verify: Callable[[Any, Any], bool]
    grid: Callable[[Any], np.ndarray]
    exact: Callable[..., Dict[str, Any]]
    stream: Callable[..., Any]
    solution: Callable[[Any], Any]
    job: Callable[[Any], Job]
    ilp: Callable[[Any, Optional[float], Optional[int], str, Dict[str, Any]], Result]
    anneal: Callable[[Any, Optional[float], Optional[int], Optional[int], Dict[str, Any]], Result]
    ilp_options: Tuple[str, ...]
    annealing_options: Tuple[str, ...]
    ilp_alias: str

    def certified(self, puzzle: Any, solution: Any, how: str) -> Any:
        """``solution`` once the family's ``verify`` (written from the rules, independent of the
        engines) accepts it; else :class:`cassetete.CheckFailed`, never a wrong answer."""
        try:
            accepted = bool(self.verify(puzzle, solution))
        except PuzzleError:  # an engine's answer that is not even well formed: a bug, not bad input
            accepted = False
        certify(accepted, self.name, f"method {how}: {solution!r}"[:300])
        return solution

    def solve(self, puzzle: Any, method: str, time_limit: Optional[float], node_limit: Optional[int],
              seed: Optional[int], ilp_solver: str, progress: bool, executor: Any, options: Dict[str, Any],
              workers: int = 1) -> Result:
        """The ``solve`` verb: checked options, the method run under a progress bar, a solution
        certified before it is returned (every method, annealing included). ``workers`` > 1:
        the exact search on that many threads (:func:`cassetete.parallel.run_first`)."""
        p = self.parse(puzzle)
        time_limit = check_time_limit(time_limit)
        node_limit = check_node_limit(node_limit)
        check_choice(method, "method", METHODS)
        progress = check_progress(progress)
        seed = None if seed is None else check_seed(seed)  # checked for every method, used by annealing
        if executor is not None and method != "exact":
            raise PuzzleError(f"executor= applies to method='exact' only, not {method!r}")
        with elapsed_bar(progress, f"{self.name} {method}", time_limit), \
                threads_or(executor, check_workers(workers), f"cassetete-{self.name}") as executor:
            result = self._run(p, method, time_limit, node_limit, seed, ilp_solver, executor, dict(options))
        if result.status == SOLVED:
            self.certified(p, result.solution, method)
        return result

    def _run(self, p: Any, method: str, time_limit: Optional[float], node_limit: Optional[int], seed: Optional[int],
             ilp_solver: str, executor: Any, options: Dict[str, Any]) -> Result:
        if method == "exact":
            _check_options("exact", options, ())
            return self._exact(p, executor, time_limit, node_limit)
        if method == "ilp":
            _check_options("ilp", options, self.ilp_options + (self.ilp_alias,))
            ilp_solver = check_choice(options.pop(self.ilp_alias, ilp_solver), "ilp_solver", ILP_SOLVERS)
            return self.ilp(p, time_limit, node_limit, ilp_solver, options)
        _check_options("annealing", options, self.annealing_options)
        return self.anneal(p, time_limit, node_limit, seed, options)

    def _exact(self, p: Any, executor: Any, time_limit: Optional[float], node_limit: Optional[int]) -> Result:
        if executor is not None:
            status, found, stats = run_first(self.job(p), executor, time_limit=time_limit, node_limit=node_limit)
            stats.setdefault("stop", "none")
            return Result(status, self.solution(found) if found is not None else None, stats, puzzle=p)
        out = self.exact(self.grid(p), 1, 1, time_limit, node_limit)
        solution = self.solution(out["solutions"][0]) if out["solutions"] else None
        return Result(out["status"], solution, out["stats"], puzzle=p)

    def count_solutions(self, puzzle: Any, limit: Optional[int], time_limit: Optional[float],
                        node_limit: Optional[int], progress: bool, executor: Any, checkpoint: Optional[str],
                        workers: int) -> int:
        """The ``count_solutions`` verb: here, or spread on ``workers`` threads, an executor or
        from a checkpoint; a count >= 1 is certified by its first solution. Raises
        :class:`cassetete.LimitReached` when a limit stops the count before it is exact."""
        p = self.parse(puzzle)
        limit = check_limit(limit)
        time_limit = check_time_limit(time_limit)
        node_limit = check_node_limit(node_limit)
        progress = check_progress(progress)
        workers = check_workers(workers)
        with threads_or(executor, workers, f"cassetete-{self.name}") as spread:
            if spread is not None or checkpoint is not None:
                return count_spread(self.job(p), spread, limit=limit, time_limit=time_limit, node_limit=node_limit,
                                    progress=progress, checkpoint=checkpoint)
        if progress:
            stream = self.stream(self.grid(p), limit or 0, time_limit, node_limit)
            first = certify_first(lambda found: self.certified(p, found, "exact count"))
            return sum(1 for _ in stream_solutions(stream, limit, first, progress=True, what="count"))
        # keep the first solution: a count >= 1 is certified by one solution the rules accept
        out = self.exact(self.grid(p), limit or ALL, 1, time_limit, node_limit)
        if out["solutions"]:
            self.certified(p, self.solution(out["solutions"][0]), "exact count")
        if not out["complete"] and (limit is None or out["count"] < limit):
            raise LimitReached(out["count"], out["stats"])
        return int(out["count"])

    def solutions(self, puzzle: Any, limit: Optional[int], time_limit: Optional[float], node_limit: Optional[int],
                  progress: bool) -> Iterator[Any]:
        """The ``solutions`` verb: the engine's stream, each solution certified as it comes."""
        p = self.parse(puzzle)
        limit = check_limit(limit)
        progress = check_progress(progress)
        stream = self.stream(self.grid(p), limit or 0, check_time_limit(time_limit), check_node_limit(node_limit))
        return stream_solutions(stream, limit, lambda s: self.certified(p, s, "exact"), progress=progress)


def _check_options(method: str, options: Mapping[str, Any], allowed: Tuple[str, ...]) -> None:
    unknown = sorted(set(options) - set(allowed))
    if unknown:
        raise PuzzleError(f"unknown options for method {method!r}: {unknown}; allowed: {sorted(allowed)}")


def read_puzzle(text: Any, model: type, from_array: Callable[[Any], Any], from_text: Callable[[str], Any],
                refused: str) -> Any:
    """The ``parse`` verb's dispatch: a ``model`` as it is, an array (or nested lists) through
    ``from_array``, text through ``from_text`` (an error there says when the text looks like a
    file name); anything else is refused with ``refused`` (formatted with the type's name).

    Example:
        >>> read_puzzle([1], list, list, str, "no {}")
        [1]
        >>> read_puzzle(2.5, list, list, str, "cannot read a puzzle from {}")
        Traceback (most recent call last):
        ...
        cassetete._errors.PuzzleError: cannot read a puzzle from float
    """
    if isinstance(text, model):
        return text
    if isinstance(text, (np.ndarray, list, tuple)):
        return from_array(text)
    if not isinstance(text, str):
        raise PuzzleError(refused.format(type(text).__name__))
    try:
        return from_text(text)
    except PuzzleError as error:
        raise not_a_file_name(error, text) from None


def write_as(writers: Mapping[str, Callable[[Any], str]], parse: Callable[[Any], Any], puzzle: Any,
             style: Any) -> str:
    """The ``format`` verb's dispatch: ``puzzle`` (anything ``parse`` reads) written by
    ``writers[style]``; an unknown style is a :class:`cassetete.PuzzleError`.

    Example:
        >>> write_as({"plain": str}, int, "7", "plain")
        '7'
    """
    if not isinstance(style, str) or style not in writers:
        raise PuzzleError(f"unknown format {style!r}; expected one of: {', '.join(writers)}")
    return writers[style](parse(puzzle))


def encode_runs(values: Iterable[int], first: str, longest: int, clue: Callable[[int, bool], str]) -> str:
    """Cells written in the style of Tatham game IDs (``first="a"``, runs up to 26) and puzz.link
    URLs (``first="g"``, runs up to 20): a run of empty cells (0) is one letter, ``first`` for
    one cell, the next letter for two, ...; a clue is ``clue(value, follows_clue)``.

    Example:
        >>> encode_runs([0, 0, 3, 4, 0], "a", 26, lambda value, after: "_" * after + str(value))
        'b3_4a'
        >>> encode_runs([0] * 21 + [200], "g", 20, puzzlink_number)
        'zg-c8'
    """
    parts: List[str] = []
    run = 0
    after_clue = False
    for value in values:
        if value == 0:
            run += 1
            if run == longest:
                parts.append(chr(ord(first) + longest - 1))
                run, after_clue = 0, False
            continue
        if run:
            parts.append(chr(ord(first) + run - 1))
            run, after_clue = 0, False
        parts.append(clue(value, after_clue))
        after_clue = True
    if run:
        parts.append(chr(ord(first) + run - 1))
    return "".join(parts)


def puzzlink_number(value: int, _follows_clue: bool = False) -> str:
    """A clue in a puzz.link URL: one hex digit below 16, ``-`` and two below 256, ``+`` and
    three below 4096.

    Example:
        >>> puzzlink_number(5), puzzlink_number(200), puzzlink_number(300)
        ('5', '-c8', '+12c')
    """
    if value < 16:
        return f"{value:x}"
    if value < 256:
        return f"-{value:02x}"
    if value < 4096:
        return f"+{value:03x}"
    raise PuzzleError(f"clue {value} is too large for a puzz.link URL (max 4095)")


def picture(parse: Callable[[Any], Any], puzzle: Any, solution: Any, style: str, text: Callable[[Any, Any], str],
            svg: Callable[[Any, Any], str]) -> str:
    """The ``render`` verb's dispatch: ``style`` = ``"text"`` or ``"svg"`` (checked before
    ``puzzle`` is read with ``parse``).

    Example:
        >>> picture(int, "1", None, "text", lambda m, s: f"<{m}>", lambda m, s: "")
        '<1>'
    """
    if style not in ("text", "svg"):
        raise PuzzleError(f"unknown format {style!r}; expected 'text' or 'svg'")
    return (text if style == "text" else svg)(parse(puzzle), solution)


class Pictured:
    """``str()`` and the notebook SVG of a grid model, drawn by the renderers the family's
    ``_render`` module registers with :func:`cassetete._svg.draws` (so the model never imports
    its renderer).

    Example:
        >>> from cassetete._svg import draws
        >>> class Dot(Pictured):
        ...     pass
        >>> _ = draws(Dot, kind="text")(lambda m: ".")
        >>> _ = draws(Dot)(lambda m: "<svg/>")
        >>> str(Dot()), Dot()._repr_svg_()
        ('.', '<svg/>')
    """

    def __str__(self) -> str:
        return draw(self, kind="text")

    def _repr_svg_(self) -> str:
        return draw(self)


class GridJob(Job):
    """A grid family's count as a :class:`cassetete.parallel.Job`: a prefix is the branching
    choices of its exact search, replayed in C++ by the ``_core`` submodule named ``engine``
    with the same propagation as the serial search. Subclasses set ``engine`` and pass the grid.

    Example:
        >>> class Rectangles(GridJob):
        ...     engine = "shikaku"
        >>> job = Rectangles([[2, 0], [0, 2]])
        >>> job.key.startswith("shikaku-"), sum(job.count(p, None)[0] for p in job.split(()))
        (True, 2)
    """

    engine: ClassVar[str]

    def __init__(self, grid: Any) -> None:
        super().__init__()
        self.grid = np.ascontiguousarray(grid, dtype=np.int32)
        self.key = f"{self.engine}-" + digest(self.grid.shape, self.grid.tobytes())

    def count(self, prefix: Prefix, time_limit: Optional[float]) -> Tuple[int, bool, int]:
        count, complete, nodes = getattr(_core, self.engine).count_below(self.grid, list(prefix), 0, time_limit,
                                                                         None)
        return int(count), bool(complete), int(nodes)

    def split(self, prefix: Prefix) -> List[Prefix]:
        return [tuple(p) for p in getattr(_core, self.engine).split(self.grid, list(prefix), 1)]

    def first(self, prefix: Prefix, time_limit: Optional[float]) -> Tuple[str, Any, int]:
        status, solution, nodes = getattr(_core, self.engine).first_below(self.grid, list(prefix), time_limit)
        # the engines' status for the driver: solved, unsatisfiable, or limit (whatever stopped it)
        return (status if status in (SOLVED, UNSATISFIABLE) else LIMIT), solution, int(nodes)


def count_spread(job: Job, executor: Any, *, limit: Optional[int] = None, time_limit: Optional[float] = None,
                 node_limit: Optional[int] = None, progress: bool = False, checkpoint: Optional[str] = None,
                 slice_seconds: Optional[float] = None) -> int:
    """Count a grid family's solutions on ``executor`` (None: here, e.g. to resume a
    ``checkpoint``) with :func:`cassetete.parallel.run_count`.

    Example:
        >>> from concurrent.futures import ThreadPoolExecutor
        >>> from cassetete.shikaku._jobs import ShikakuJob
        >>> from cassetete import shikaku
        >>> with ThreadPoolExecutor(2) as pool:
        ...     count_spread(ShikakuJob(shikaku.parse("2 .\\n. 2")), pool)
        2
    """
    count, _stats = run_count(job, executor, limit=limit, time_limit=time_limit, node_limit=node_limit,
                              slice_seconds=slice_seconds, checkpoint=checkpoint, progress=progress)
    return count


def integer_tuples(solution: Any, fields: Tuple[str, ...], item: str) -> List[Tuple[int, ...]]:
    """A grid solution (rectangles, bridges) as tuples of ``len(fields)`` integers, or a
    ``PuzzleError`` naming the malformed item: what both families' ``verify`` read first.

    Example:
        >>> integer_tuples([(0, 0, 1, 2)], ("row", "col", "height", "width"), "rectangle")
        [(0, 0, 1, 2)]
        >>> integer_tuples([(0, 0)], ("row", "col", "height", "width"), "rectangle")
        Traceback (most recent call last):
        ...
        cassetete._errors.PuzzleError: rectangle 0: (0, 0) is not (row, col, height, width)
    """
    shape = f"({', '.join(fields)})"
    if solution is None or isinstance(solution, (str, bytes)):
        raise PuzzleError(f"a solution is a list of {shape} tuples, got {solution!r}"[:200])
    try:
        found = [tuple(int(v) for v in entry) for entry in solution]
    except (TypeError, ValueError):
        raise PuzzleError(f"a solution is a list of {shape} tuples of integers") from None
    for k, entry in enumerate(found):
        if len(entry) != len(fields):
            raise PuzzleError(f"{item} {k}: {entry} is not {shape}")
    return found


# The verbs both families declare in cassetete._contract (one declaration, two families): the
# options of each, and which of the three methods honours which option.
METHOD_HONOURS = {"exact": ("time_limit", "node_limit", "progress", "workers"),
                  "ilp": ("time_limit", "node_limit", "progress", "ilp_solver"),
                  "annealing": ("time_limit", "node_limit", "seed", "progress")}


METHOD_NOTES = {  # what each method is, for each family (Rafaralahy's ILP models and annealing)
    "shikaku": {"exact": "C++ propagation and exact-cover search; proves unsatisfiability",
                "ilp": "Rafaralahy's 0-1 model, solved by HiGHS (or CBC)",
                "annealing": "Rafaralahy's simulated annealing, in C++; its best state when it stops"},
    "hashi": {"exact": "C++ propagation and search; proves unsatisfiability",
              "ilp": "Rafaralahy's 0-1 model with connectivity cuts, solved by HiGHS (or CBC)",
              "annealing": "Rafaralahy's simulated annealing, in C++; its best state without crossings when it stops"},
}


ILP_SOLVER = Option("ilp_solver", "the ILP backend of method 'ilp'", "'highs' (highspy) or 'cbc' (PuLP's CBC, "
                    "the 'ilp' extra)", "highs", lambda value: check_choice(value, "ilp_solver", ILP_SOLVERS), str,
                    choices=ILP_SOLVERS)


def declare_verbs(family: str) -> Dict[str, Callable[[Callable[..., Any]], Any]]:
    """The decorators that declare a grid family's ``solve``, ``count_solutions`` and
    ``solutions`` (its methods described in :data:`METHOD_NOTES`).

    Example:
        >>> sorted(declare_verbs("hashi"))
        ['count_solutions', 'solutions', 'solve']
    """
    return {
        "solve": verb(family, "solve", options=("time_limit", "node_limit", "seed", "workers", "progress", ILP_SOLVER),
                      methods=METHOD_NOTES[family], honours=METHOD_HONOURS),
        "count_solutions": verb(family, "count_solutions",
                                options=("limit", "time_limit", "node_limit", "progress", "workers")),
        "solutions": verb(family, "solutions", options=("limit", "time_limit", "node_limit", "progress")),
    }
