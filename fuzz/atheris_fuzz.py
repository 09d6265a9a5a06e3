"""Coverage-guided fuzzing of one parser with atheris (libFuzzer for Python).

    pip install atheris
    python fuzz/atheris_fuzz.py TARGET [-runs=100000] [-max_len=2000] [corpus_dir]
    python fuzz/atheris_fuzz.py --list

TARGET is a name of ``fuzz/targets.py`` (``sudoku.parse``, ``edgematch.load``, ...). The
valid inputs of ``SEEDS`` are written to the corpus directory (default
``build/fuzz-corpus/TARGET``) before the run. The cassetete Python code is instrumented, so
libFuzzer steers towards new branches of the parsers; the C++ engines run on whatever parses.

A failure is any exception other than ``PuzzleError``: it is printed with its input, saved to
``build/fuzz-failures/TARGET/``, and the run goes on (``-stop_on_failure`` stops at the first
one instead). Counts go to ``build/fuzz-stats/TARGET.json`` every 1,000 inputs, so a run that
is killed still leaves its figures. A hang past libFuzzer's ``-timeout`` (seconds per input)
and a crash of the process are libFuzzer's own reports.
"""

from __future__ import annotations

import hashlib
import inspect
import json
import os
import sys
import time
import traceback
from pathlib import Path

import atheris

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import cassetete  # noqa: E402,F401
from cassetete import PuzzleError  # noqa: E402
from fuzz.targets import SEEDS, TEXT_TARGETS  # noqa: E402


class Counter:
    """Inputs seen, how many parsed, failures by kind; flushed to a JSON file."""

    def __init__(self, name: str, stop_on_failure: bool) -> None:
        self.name = name
        self.stop_on_failure = stop_on_failure
        self.stats = {"target": name, "inputs": 0, "parsed": 0, "puzzle_errors": 0, "failures": 0,
                      "failure_kinds": {}, "started": time.strftime("%Y-%m-%d %H:%M:%S"), "seconds": 0.0}
        self.start = time.perf_counter()
        self.stats_path = ROOT / "build" / "fuzz-stats" / f"{name}.json"
        self.failures_dir = ROOT / "build" / "fuzz-failures" / name
        self.stats_path.parent.mkdir(parents=True, exist_ok=True)

    def flush(self) -> None:
        self.stats["seconds"] = round(time.perf_counter() - self.start, 1)
        tmp = self.stats_path.with_suffix(".tmp")
        tmp.write_text(json.dumps(self.stats, indent=1))
        os.replace(tmp, self.stats_path)

    def failure(self, text: str, error: BaseException) -> None:
        frame = traceback.extract_tb(error.__traceback__)[-1]
        kind = f"{type(error).__name__} at {Path(frame.filename).name}:{frame.lineno}"
        self.stats["failures"] += 1
        kinds = self.stats["failure_kinds"]
        if kind not in kinds:
            self.failures_dir.mkdir(parents=True, exist_ok=True)
            digest = hashlib.sha1(text.encode("utf-8", "surrogatepass")).hexdigest()[:12]
            (self.failures_dir / f"{digest}.txt").write_text(repr(text) + "\n\n" + "".join(
                traceback.format_exception(type(error), error, error.__traceback__)))
            print(f"FAILURE {kind}: {text[:200]!r}", file=sys.stderr, flush=True)
        kinds[kind] = kinds.get(kind, 0) + 1
        self.flush()
        if self.stop_on_failure:
            raise error


def instrument_cassetete() -> int:
    """Add coverage counters to every function of the loaded cassetete modules (and of the
    targets); returns how many. Cheaper than ``atheris.instrument_all()``, which instruments
    numpy too, and unlike ``atheris.instrument_imports()`` it also sees the modules of an
    editable install (whose import hook atheris does not wrap)."""
    done = 0
    for module_name, module in list(sys.modules.items()):
        if not (module_name.startswith("cassetete") or module_name.startswith("fuzz")):
            continue
        for value in list(vars(module).values()):
            members = vars(value).values() if inspect.isclass(value) else [value]
            for member in members:
                function = member.__func__ if isinstance(member, (classmethod, staticmethod)) else member
                function = function.fget if isinstance(function, property) else function
                if inspect.isfunction(function) and function.__module__ == module_name:
                    atheris.instrument_func(function)
                    done += 1
    return done


def main() -> None:
    args = sys.argv[1:]
    if not args or args[0] == "--list":
        print("\n".join(sorted(TEXT_TARGETS)))
        return
    name, rest = args[0], args[1:]
    if name not in TEXT_TARGETS:
        sys.exit(f"unknown target {name!r}; --list shows them")
    stop = "-stop_on_failure" in rest
    rest = [a for a in rest if a != "-stop_on_failure"]
    corpus = next((a for a in rest if not a.startswith("-")), None)
    if corpus is None:
        corpus = str(ROOT / "build" / "fuzz-corpus" / name)
        rest.append(corpus)
    Path(corpus).mkdir(parents=True, exist_ok=True)
    for i, seed in enumerate(SEEDS[name]):
        (Path(corpus) / f"seed{i}").write_text(seed)
    target = TEXT_TARGETS[name]
    counter = Counter(name, stop)

    def one_input(data: bytes) -> None:
        text = data.decode("utf-8", "replace")
        counter.stats["inputs"] += 1
        try:
            target(text)
            counter.stats["parsed"] += 1
        except PuzzleError:
            counter.stats["puzzle_errors"] += 1
        except Exception as error:  # noqa: BLE001 - any other exception is the finding
            counter.failure(text, error)
        if counter.stats["inputs"] % 1000 == 0:
            counter.flush()

    instrument_cassetete()
    import atexit
    atexit.register(counter.flush)
    atheris.Setup([sys.argv[0], *rest], one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
