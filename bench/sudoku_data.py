"""Loading the Sudoku benchmark sets for bench/ (../shared/data/sudoku or a given folder)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import List, Optional

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DATA = Path(os.environ.get("CASSETETE_SUDOKU_DATA", ROOT.parent / "shared" / "data" / "sudoku"))
BUNDLED = ROOT / "tests" / "data" / "sudoku"

# file in the data folder -> its bundled fallback in tests/data/sudoku (None: not bundled)
SETS_9X9 = {
    "puzzles2_17_clue": "17clue_first3000.txt",
    "puzzles3_magictour_top1465": "top1465.txt",
    "puzzles5_forum_hardest_1905_11+": None,
    "puzzles6_forum_hardest_1106": "forum_hardest_1106.txt",
    "puzzles7_serg_benchmark": "serg_first1000.txt",
}


def read_puzzles(name: str, data: Optional[Path] = None, limit: Optional[int] = None,
                 offset: int = 0) -> List[str]:
    """The one-line puzzles of a set in file order ('#' comments and blank lines skipped)."""
    folder = Path(data) if data else DEFAULT_DATA
    path = folder / name
    if not path.exists():
        fallback = SETS_9X9.get(name)
        if fallback is None or not (BUNDLED / fallback).exists():
            raise FileNotFoundError(f"{path} not found (give the data folder)")
        path = BUNDLED / fallback
    lines = [line.strip() for line in path.read_text().splitlines()
             if line.strip() and not line.startswith("#")]
    lines = lines[offset:]
    return lines[:limit] if limit else lines
