"""The ``cassetete`` command: one subcommand per family, plus ``demo``.

Each family has a module ``cassetete.cli.<family>`` with ``add_parser(subparsers)``
(registers its subcommand) and ``demo(out)`` (prints a few solved bundled instances).
The flags, exit codes and JSON output they share are in :mod:`cassetete.cli._common`.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
import warnings
from typing import List, Optional, TextIO

from .._errors import LimitReached, PuzzleError
from ._common import EXIT_BAD_INPUT, EXIT_CODES, EXIT_INTERNAL, EXIT_INTERRUPTED, EXIT_LIMIT

# Order of the subcommands and of the demo.
FAMILY_COMMANDS: tuple = ("sudoku", "pentomino", "edgematch", "shikaku", "hashi", "jigsaw", "narrowing")


def _family_modules():
    return [importlib.import_module(f".{name}", __name__) for name in FAMILY_COMMANDS]


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``cassetete`` command."""
    parser = argparse.ArgumentParser(
        prog="cassetete", description="Fast puzzle solvers (C++ engines) from the command line."
    )
    from .. import __version__

    parser.add_argument("--version", action="version", version=f"cassetete {__version__}")
    parser.epilog = "exit codes: " + ", ".join(f"{code} {meaning}" for code, meaning in EXIT_CODES.items())
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
    # Library warnings become one clean line each, never a source path and line.
    with warnings.catch_warnings():
        warnings.showwarning = _show_warning
        warnings.simplefilter("always")
        try:
            return int(args.handler(args) or 0)
        except PuzzleError as error:
            print(f"cassetete: error: {error}", file=sys.stderr)
            return EXIT_BAD_INPUT
        except LimitReached as stopped:
            print(f"cassetete: {stopped}", file=sys.stderr)
            return EXIT_LIMIT
        except KeyboardInterrupt:
            print("cassetete: interrupted", file=sys.stderr)
            return EXIT_INTERRUPTED
        except BrokenPipeError:
            return 0
        except MemoryError:
            print("cassetete: error: out of memory", file=sys.stderr)
            return EXIT_BAD_INPUT
        except Exception as error:  # noqa: BLE001 - the command prints no traceback on any input
            if os.environ.get("CASSETETE_DEBUG"):
                raise
            print(f"cassetete: internal error ({type(error).__name__}: {error}); please report it "
                  f"(CASSETETE_DEBUG=1 shows the traceback)", file=sys.stderr)
            return EXIT_INTERNAL


def _show_warning(message, category, filename, lineno, file=None, line=None) -> None:
    print(f"cassetete: warning: {message}", file=sys.stderr)
