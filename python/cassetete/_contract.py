"""The contract, declared once: every option a verb takes (name, meaning, default, what is allowed)
and which of a verb's methods honour which option. From this one declaration come

- the validation of every declared verb (:func:`verb`): a bad value is a ``PuzzleError`` naming
  the option, the value and what is allowed; an option the chosen method cannot honour is a
  ``PuzzleError`` too, never ignored silently; ``seed=None`` becomes a fresh seed;
- the "Options" part of the verb's docstring;
- the command line's flags (:func:`add_flags`: same names, help and defaults as the library);
- the contract test (tests/test_contract_declared.py), which walks :data:`REGISTRY`.

It follows scikit-learn's ``validate_params`` (one declaration of each parameter's constraints,
checked by a decorator and by one common test over every estimator).

Example:
    >>> scratch = {}  # a registry of our own: the real one lists the library's verbs only
    >>> @verb("demo", "solve", options=("time_limit", "seed"), registry=scratch,
    ...       methods={"quick": "a fast guess", "exact": "a proof"}, honours={"exact": {"time_limit"}})
    ... def solve(puzzle, *, time_limit=None, seed=None, method="quick"):
    ...     '''Solve a demo puzzle.'''
    ...     return method, time_limit, seed
    >>> solve("p", time_limit=2, seed=7)
    ('quick', 2.0, 7)
    >>> solve("p", method="exact", seed=7)
    Traceback (most recent call last):
    ...
    cassetete._errors.PuzzleError: method 'exact' of demo.solve does not use seed (methods that do: quick)
    >>> "time_limit" in solve.__doc__
    True
"""

from __future__ import annotations

import argparse
import functools
import inspect
import math
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, FrozenSet, Iterable, Mapping, Optional, Tuple, TypeVar, Union

from ._errors import PuzzleError
from ._options import check_flag, check_limit, check_node_limit, check_seed, check_time_limit, check_workers

__all__ = ["Option", "VerbSpec", "OPTIONS", "REGISTRY", "NO_VERB", "CONTRACT_VERBS", "verb", "add_flags", "add_option_flag",
           "flag_values", "options_section"]

F = TypeVar("F", bound=Callable[..., Any])


@dataclass(frozen=True)
class Option:
    """One option: its name, what it means, what is allowed, its default, its validation, and how
    the command line spells it (``cli_type`` None: the option has no flag)."""

    name: str
    meaning: str
    allowed: str
    default: Any
    check: Callable[[Any], Any]
    cli_type: Optional[Callable[[str], Any]] = None
    metavar: Optional[str] = None
    cli_negation: Optional[str] = None  # a flag that turns a True default off (``--all``)
    choices: Optional[Tuple[str, ...]] = None  # the allowed names, for the command line's help

    @property
    def flag(self) -> str:
        return "--" + self.name.replace("_", "-")


def _cli_seconds(text: str) -> Optional[float]:
    value = float(text)
    return None if math.isinf(value) else value


OPTIONS: Dict[str, Option] = {option.name: option for option in (
    Option("time_limit", "stop after this many seconds of the whole call (any number of workers)",
           "a number of seconds >= 0, or None (no limit)", None, check_time_limit, _cli_seconds, "SECONDS"),
    Option("node_limit", "stop after this many search nodes, summed over the workers",
           "an integer >= 0, or None (no limit)", None, check_node_limit, int, "N"),
    Option("limit", "stop once this many solutions are found",
           "an integer >= 1, or None (all)", None, check_limit, int, "N"),
    Option("seed", "the seed of every random choice; None draws a fresh one, reported in stats['seed']",
           "an integer >= 0, or None", None, check_seed, int, "N"),
    Option("workers", "threads of this process (-1: one per core)",
           "-1 or an integer >= 1", 1, check_workers, int, "N"),
    Option("progress", "show a progress bar on stderr",
           "True or False", False, lambda value: check_flag(value, "progress")),
    Option("up_to_symmetry", "count (or list) once each class of solutions equal up to a symmetry of the "
           "region; False: every copy", "True or False", True, lambda value: check_flag(value, "up_to_symmetry"),
           cli_negation="--all"),
)}


@dataclass
class VerbSpec:
    """A declared verb of a family: its options, its methods and which options each honours."""

    family: str
    name: str
    options: Tuple[Option, ...]
    methods: Dict[str, str] = field(default_factory=dict)  # name -> what it is good for
    default_method: Optional[str] = None
    honours: Dict[str, FrozenSet[str]] = field(default_factory=dict)  # method -> options it uses
    defaults: Dict[str, Any] = field(default_factory=dict)  # option -> the verb's default

    def option(self, name: str) -> Option:
        for option in self.options:
            if option.name == name:
                return option
        raise KeyError(name)

    def users(self, option: str) -> Tuple[str, ...]:
        """The methods that honour ``option`` (every method when no restriction is declared)."""
        return tuple(m for m in self.methods if option in self.honours.get(m, frozenset(self._all())))

    def _all(self) -> Iterable[str]:
        return (option.name for option in self.options)


REGISTRY: Dict[Tuple[str, str], VerbSpec] = {}

# The verbs every family offers (docs/ARCHITECTURE.md, "The verbs").
CONTRACT_VERBS = ("parse", "load", "format", "dump", "parse_many", "load_many", "solve", "solutions",
                  "count_solutions", "generate", "verify", "render")
# The verbs of the contract that have no meaning in a family, and why (the contract test reads
# this: any other missing verb is a failure).
NO_VERB: Dict[Tuple[str, str], str] = {
    ("exactcover", "generate"): "an exact cover problem has no natural random law; sudoku.generate and "
                                "polyomino.generate make exact-cover instances with one solution",
    ("narrowing", "generate"): "a constraint model is written, not drawn; packing_model builds the paper's",
    ("narrowing", "parse_many"): "a FlatZinc file holds one model; read several with [load(p) for p in paths]",
    ("narrowing", "load_many"): "as for parse_many",
    ("jigsaw", "parse_many"): "a scan or a pieces file is one puzzle; read several with [load(p) for p in paths]",
    ("jigsaw", "load_many"): "as for parse_many",
    ("jigsaw", "solutions"): "a cut jigsaw has one intended assembly; jigsaw.solve reports how many "
                             "assemblies its labels allow in stats['label_solutions']",
    ("jigsaw", "count_solutions"): "as for solutions: stats['label_solutions'] of jigsaw.solve",
}


def options_section(spec: VerbSpec) -> str:
    """The "Options" part of a declared verb's docstring, written from its declaration.

    Example:
        >>> print(options_section(VerbSpec("demo", "count", (OPTIONS["limit"],))).splitlines()[1])
            limit: stop once this many solutions are found (an integer >= 1, or None (all); default None).
    """
    lines = ["Options (declared in cassetete._contract):"]
    for option in spec.options:
        lines.append(f"    {option.name}: {option.meaning} ({option.allowed}; default {option.default!r}).")
    if spec.methods:
        lines.append(f"    method: one of {', '.join(repr(m) for m in spec.methods)} (default {spec.default_method!r}):")
        for name, meaning in spec.methods.items():
            restricted = [o.name for o in spec.options if name not in spec.users(o.name)]
            note = f"; does not use {', '.join(restricted)}" if restricted else ""
            lines.append(f"        {name}: {meaning}{note}.")
    return "\n".join(lines)


def verb(family: str, name: str, *, options: Iterable[Union[str, Option]] = (),
         methods: Optional[Mapping[str, str]] = None,
         honours: Optional[Mapping[str, Iterable[str]]] = None,
         registry: Optional[Dict[Tuple[str, str], VerbSpec]] = None) -> Callable[[F], F]:
    """Declare a family's verb: validate its options on every call and document them.

    ``options`` are shared option names (:data:`OPTIONS`) or family-specific :class:`Option`s;
    ``methods`` maps each method name to what it is good for (the first is the default unless the
    function's signature gives another); ``honours`` restricts which options a method uses
    (a method absent from it uses every declared option). Passing a non-default value of an
    option that the chosen method does not use is a ``PuzzleError``.
    """
    declared = tuple(OPTIONS[o] if isinstance(o, str) else o for o in options)

    def wrap(function: F) -> F:
        signature = inspect.signature(function)
        method_names = dict(methods or {})
        default_method = None
        if method_names:
            parameter = signature.parameters.get("method")
            default_method = parameter.default if parameter is not None else next(iter(method_names))
        missing = [option.name for option in declared if option.name not in signature.parameters]
        if missing:
            raise TypeError(f"{family}.{name} declares {missing} but its signature lacks them")
        defaults = {option.name: signature.parameters[option.name].default for option in declared}
        unknown = sorted(set(honours or {}) - set(method_names))
        if unknown:
            raise TypeError(f"{family}.{name} says which options {unknown} honour, but has no such methods")
        spec = VerbSpec(family, name, declared, method_names, default_method,
                        {m: frozenset(h) for m, h in (honours or {}).items()}, defaults)

        @functools.wraps(function)
        def checked(*args: Any, **kwargs: Any) -> Any:
            if method_names:
                method = kwargs.get("method", default_method)
                if not isinstance(method, str) or method not in method_names:
                    raise PuzzleError(f"unknown method {method!r} for {family}.{name}; known: "
                                      f"{', '.join(method_names)}")
            else:
                method = None
            for option in declared:
                given = option.name in kwargs
                value = kwargs[option.name] if given else defaults[option.name]
                if given and method is not None and method not in spec.users(option.name) \
                        and value is not defaults[option.name] and value != defaults[option.name]:
                    users = ", ".join(spec.users(option.name)) or "none"
                    raise PuzzleError(f"method {method!r} of {family}.{name} does not use {option.name} "
                                      f"(methods that do: {users})")
                kwargs[option.name] = option.check(value)
            return function(*args, **kwargs)

        checked.__doc__ = (inspect.cleandoc(function.__doc__ or "") + "\n\n" + options_section(spec)).strip()
        checked.__contract__ = spec  # type: ignore[attr-defined]
        (REGISTRY if registry is None else registry)[(family, name)] = spec
        return checked  # type: ignore[return-value]

    return wrap


def add_flags(parser: argparse.ArgumentParser, family: str, name: str, *, skip: Iterable[str] = (),
              registry: Optional[Dict[Tuple[str, str], VerbSpec]] = None) -> None:
    """The command-line flags of a declared verb, from its declaration: same names (``--time-limit``
    for ``time_limit``), help and defaults as the library (``skip``: options the command sets
    itself). :func:`flag_values` reads them back as the verb's keyword arguments.

    Example:
        >>> spec = VerbSpec("demo", "count", (OPTIONS["node_limit"], OPTIONS["progress"]))
        >>> parser = argparse.ArgumentParser()
        >>> add_flags(parser, "demo", "count", registry={("demo", "count"): spec})
        >>> vars(parser.parse_args(["--node-limit", "5", "--progress"]))
        {'node_limit': 5, 'progress': True}
    """
    spec = (REGISTRY if registry is None else registry)[(family, name)]
    for option in spec.options:
        if option.name not in skip:
            add_option_flag(parser, option, spec.defaults.get(option.name, option.default))
    if spec.methods and "method" not in skip:
        parser.add_argument("--method", choices=list(spec.methods), default=spec.default_method,
                            help="; ".join(f"{m}: {what}" for m, what in spec.methods.items())
                                 + f" (default {spec.default_method})")


def add_option_flag(parser: argparse.ArgumentParser, option: Union[str, Option], default: Any = None) -> None:
    """The flag of one declared option (``option``: a name of :data:`OPTIONS` or an
    :class:`Option`), with ``default`` (None: the option's own).

    Example:
        >>> parser = argparse.ArgumentParser()
        >>> add_option_flag(parser, "up_to_symmetry")
        >>> parser.parse_args(["--all"]).up_to_symmetry
        False
    """
    option = OPTIONS[option] if isinstance(option, str) else option
    default = option.default if default is None else default
    if option.cli_negation is not None:
        parser.add_argument(option.cli_negation, dest=option.name, action="store_false", default=default,
                            help=f"not {option.meaning.split(';')[0]}")
    elif option.cli_type is None:
        parser.add_argument(option.flag, dest=option.name, action="store_true", default=default,
                            help=option.meaning)
    else:
        parser.add_argument(option.flag, dest=option.name, type=option.cli_type, default=default,
                            metavar=option.metavar, choices=option.choices,
                            help=f"{option.meaning} (default {default})")


def flag_values(args: argparse.Namespace, family: str, name: str, *, skip: Iterable[str] = (),
                registry: Optional[Dict[Tuple[str, str], VerbSpec]] = None) -> Dict[str, Any]:
    """The keyword arguments of a declared verb from the flags :func:`add_flags` made.

    Example:
        >>> spec = VerbSpec("demo", "count", (OPTIONS["node_limit"],), {"fast": "", "slow": ""}, "fast")
        >>> parser = argparse.ArgumentParser()
        >>> add_flags(parser, "demo", "count", registry={("demo", "count"): spec})
        >>> flag_values(parser.parse_args(["--method", "slow"]), "demo", "count",
        ...             registry={("demo", "count"): spec})
        {'node_limit': None, 'method': 'slow'}
    """
    spec = (REGISTRY if registry is None else registry)[(family, name)]
    values = {option.name: getattr(args, option.name) for option in spec.options if option.name not in skip}
    if spec.methods and "method" not in skip:
        values["method"] = args.method
    return values
