"""The Markdown table of a long fuzzing run (``fuzz/run_all.sh``): one row per run of a target,
from ``build/fuzz-logs/summary.tsv`` (inputs, inputs that parsed, failures and their kinds,
libFuzzer's exit code: 0 = no crash and no input past ``-timeout``; seconds of the run).

    python bench/reliability_fuzz_table.py [build/fuzz-logs/summary.tsv]
"""

from __future__ import annotations

import sys
from pathlib import Path


def main() -> None:
    path = Path(sys.argv[1] if len(sys.argv) > 1 else "build/fuzz-logs/summary.tsv")
    print("| target | inputs | parsed (then searched) | failures | failure kinds | libFuzzer exit | seconds |")
    print("|---|---|---|---|---|---|---|")
    for line in path.read_text().splitlines():
        target, inputs, parsed, failures, code, seconds, *kinds = line.split("\t")
        kinds_text = kinds[0].replace(";", "; ") if kinds and kinds[0] else "none"
        print(f"| {target} | {int(inputs):,} | {int(parsed):,} | {failures} | {kinds_text} | {code} | {seconds} |")


if __name__ == "__main__":
    main()
