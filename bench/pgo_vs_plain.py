"""The profile-guided build of the breaks search against the plain one, side by side.

``pip install . -Ccmake.define.CASSETETE_PGO=ON`` compiles ``cpp/edgematch/breaks.cpp`` with
the profile of a training run (see ``bench/pgo_workload.py``); the release wheels are built
that way. This script is ``bench/breaks_builds.py``'s comparison of two builds (the same search in
both, side by side, one per core, the boards checked alike) with the plain build as the base
and the profile-guided one as the new, and a check that the two environments hold those
builds. The seeds are not the training run's (seed 9).

    python bench/pgo_vs_plain.py --pgo /work/venv-pgo/bin/python [--plain PYTHON]
        [--placements 300000000] [--seeds 1 2 3] [--repeats 2]

Writes ``bench/results/pgo_vs_plain.md``: per seed and repeat the CPU seconds of each build and
their ratio (plain / PGO: above 1, the profile-guided build is faster), and the median.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Optional

from breaks_builds import add_run_arguments, compare, page, run_settings  # beside this script

HERE = Path(__file__).resolve().parent


def _check_builds(plain: str, pgo: str) -> Optional[str]:
    """A complaint when the two interpreters do not hold the builds their options name."""
    if "profile-guided" not in pgo or "profile-guided" in plain:
        return "--pgo and --plain do not name the builds they should"
    return None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pgo", required=True, help="the Python of the environment with the profile-guided build")
    parser.add_argument("--plain", default=sys.executable, help="the Python of the plain build (default: this one)")
    add_run_arguments(parser, 300_000_000, str(HERE / "results" / "pgo_vs_plain.md"))
    args = parser.parse_args()
    result = compare(args.plain, args.pgo, ["plain", "PGO"], args.placements, args.seeds, args.repeats,
                     check_builds=_check_builds)
    intro = ("Profile-guided: `pip install . -Ccmake.define.CASSETETE_PGO=ON`. The search: `method=\"breaks\"`, "
             f"`schedule=\"jb467\"`, {args.placements:,} placements, restarts every quarter.")
    text = page("The profile-guided breaks search against the plain build",
                f"python bench/pgo_vs_plain.py --pgo PYTHON {run_settings(args)}", intro, result)
    Path(args.out).write_text(text)
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
