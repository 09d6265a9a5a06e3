"""The ``cassetete`` command: one subcommand per family, plus ``demo``.

Each family has a module ``cassetete.cli.<family>`` with ``add_parser(subparsers)``
(registers its subcommand) and ``demo(out)`` (prints a few solved bundled instances).
"""

from __future__ import annotations

import argparse
import importlib
import sys
from typing import List, Optional, TextIO

from .._errors import PuzzleError

# Order of the subcommands and of the demo.
FAMILY_COMMANDS: tuple = ("sudoku", "pentomino", "edgematch", "shikaku", "hashi", "narrowing")


def _family_modules():
    return [importlib.import_module(f".{name}", __name__) for name in FAMILY_COMMANDS]


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``cassetete`` command."""
    parser = argparse.ArgumentParser(
        prog="cassetete", description="Fast puzzle solvers (C++ engines) from the command line."
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    demo = sub.add_parser("demo", help="solve the bundled instances of every family and print them")
    demo.set_defaults(handler=run_demo)
    for module in _family_modules():
        module.add_parser(sub)
    return parser


def run_demo(args: argparse.Namespace, out: Optional[TextIO] = None) -> int:
    """Print one solved instance (or a few) per family."""
    out = out if out is not None else sys.stdout
    for module in _family_modules():
        module.demo(out)
        out.write("\n")
    return 0


def main(argv: Optional[List[str]] = None) -> int:
    """Entry point of the ``cassetete`` command; returns the exit code.

    Example:
        >>> from cassetete.cli import main
        >>> main(["sudoku", "solve", "-"])  # doctest: +SKIP
    """
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.handler(args) or 0)
    except PuzzleError as error:
        print(f"cassetete: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("cassetete: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
