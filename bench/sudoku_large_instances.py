"""Instances for the large-Sudoku benchmark (bench/sudoku_large_compare.py).

Three kinds, all reproducible from a seed:

- ``acs``: lines of the Lloyd & Amos "general" files (acs_general_25x25.txt, see
  ../shared/data/sudoku/SOURCES.md); line k has 5*(k // 100) percent of its cells given, so
  lines 900-999 are the 45 % band.
- ``holes``: a random complete grid from our generator (randomised search from the empty grid),
  then a random fraction of its cells kept (the "quasigroup with holes" construction of
  C. Gomes and D. Shmoys, "Completing quasigroups or Latin squares: a structured graph
  colouring problem", 2002): always satisfiable, usually with many solutions.
- ``unique``: ``cassetete.sudoku.generate`` with a clue count (removal with uniqueness checks):
  exactly one solution. Slow to make on 64x64 (minutes), so the bench makes few.
- ``random``: cells chosen at random and filled in turn with a random value that no peer already
  holds: not built from a solution, so at 50 % given it is usually unsatisfiable.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

ALPHABET = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"


@dataclass
class Instance:
    """One puzzle of the benchmark: a name, its box order and the flat clue grid (0 = empty)."""

    name: str
    box: int
    grid: np.ndarray
    kind: str
    make_seconds: float = 0.0

    @property
    def given(self) -> float:
        """Fraction of the cells given.

        >>> Instance("x", 2, np.array([1] + [0] * 15, np.uint8), "holes").given
        0.0625
        """
        return float(np.count_nonzero(self.grid)) / self.grid.size


def parse_acs_line(line: str, n: int) -> np.ndarray:
    """Decode one acs line into a flat uint8 grid (0 = empty).

    >>> parse_acs_line("1." + "." * 14, 4).tolist()[:3]
    [1, 0, 0]
    """
    line = line.strip()
    if len(line) != n * n:
        raise ValueError(f"expected {n * n} characters, got {len(line)}")
    return np.array([0 if ch == "." else ALPHABET.index(ch) + 1 for ch in line], dtype=np.uint8)


def acs_instances(path: Path, box: int, first: int, last: int, step: int) -> list[Instance]:
    """Lines first, first+step, ..., <= last of acs_general_NxN.txt under `path`.

    >>> callable(acs_instances)
    True
    """
    n = box * box
    file = path / f"acs_general_{n}x{n}.txt"
    lines = [ln for ln in file.read_text().splitlines() if ln and not ln.startswith("#")]
    return [Instance(f"acs{n} line {k}", box, parse_acs_line(lines[k], n), "acs")
            for k in range(first, min(last + 1, len(lines)), step)]


def full_grid(box: int, seed: int) -> np.ndarray:
    """A random complete grid of order box*box from our generator (seeded).

    >>> g = full_grid(2, 1); sorted(g[:4].tolist())
    [1, 2, 3, 4]
    """
    from cassetete.sudoku._generate import _random_full_grid

    return np.asarray(_random_full_grid((box, box), seed), dtype=np.uint8).ravel()


def holes_instance(box: int, given: float, seed: int) -> Instance:
    """A random complete grid with round(given * cells) random cells kept.

    >>> inst = holes_instance(2, 0.5, 3); inst.given
    0.5
    """
    start = time.perf_counter()
    solution = full_grid(box, seed)
    rng = np.random.default_rng(seed)
    cells = solution.size
    keep = rng.permutation(cells)[: round(given * cells)]
    grid = np.zeros(cells, dtype=np.uint8)
    grid[keep] = solution[keep]
    n = box * box
    return Instance(f"holes{n} {round(100 * given)}% seed {seed}", box, grid, "holes",
                    time.perf_counter() - start)


def unique_instance(box: int, given: float, seed: int, time_limit: float) -> Instance:
    """``cassetete.sudoku.generate`` down to round(given * cells) clues (one solution); when
    `time_limit` runs out first the puzzle has more clues (still unique).

    >>> unique_instance(2, 0.5, 1, 10.0).kind
    'unique'
    """
    from cassetete.sudoku import generate

    start = time.perf_counter()
    cells = box ** 4
    puzzle = generate((box, box), clues=round(given * cells), seed=seed, symmetric=False, time_limit=time_limit)
    grid = np.asarray(puzzle.grid, dtype=np.uint8).ravel()
    n = box * box
    return Instance(f"unique{n} {round(100 * np.count_nonzero(grid) / cells)}% seed {seed}", box, grid,
                    "unique", time.perf_counter() - start)


def random_instance(box: int, given: float, seed: int) -> Instance:
    """round(given * cells) random cells, each given a random value none of its peers holds yet
    (skipped when none is left): no direct clash, but usually no solution either.

    >>> inst = random_instance(2, 0.25, 5); int(np.count_nonzero(inst.grid)) <= 4
    True
    """
    start = time.perf_counter()
    n = box * box
    rng = np.random.default_rng(seed)
    grid = np.zeros((n, n), dtype=np.uint8)
    for cell in rng.permutation(n * n)[: round(given * n * n)]:
        r, c = divmod(int(cell), n)
        br, bc = r - r % box, c - c % box
        used = set(grid[r].tolist()) | set(grid[:, c].tolist()) | set(grid[br:br + box, bc:bc + box].ravel().tolist())
        free = [v for v in range(1, n + 1) if v not in used]
        if free:
            grid[r, c] = free[int(rng.integers(len(free)))]
    return Instance(f"random{n} {round(100 * given)}% seed {seed}", box, grid.ravel(), "random",
                    time.perf_counter() - start)
