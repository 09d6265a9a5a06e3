"""Fuzz targets: every public entry point that reads outside data, as ``name -> function``.

Each target takes the fuzzer's input (text, or a value built from it) and must either return
normally or raise :class:`cassetete.PuzzleError`; any other exception, a crash or a hang is a
bug. A target that parses successfully also runs a short search on the result (a node limit
keeps it bounded), so the C++ engines see the fuzzed puzzles too, under the sanitizers when
the extension was built with them.

The same table serves the hypothesis tests in ``tests/test_fuzz_*.py`` (a small budget on
every run) and the coverage-guided harness ``fuzz/atheris_fuzz.py`` (long runs).

Example:
    >>> from fuzz.targets import TEXT_TARGETS, SEEDS
    >>> TEXT_TARGETS["sudoku.parse"](SEEDS["sudoku.parse"][0])
"""

from __future__ import annotations

from typing import Callable, Dict, List

import numpy as np

import cassetete
from cassetete import edgematch, exactcover, hashi, polyomino, shikaku, sudoku

# Searches on fuzzed puzzles stop after this many nodes: the point is to reach the C++ code
# with odd shapes and values, not to solve.
FUZZ_NODES = 2000
# Larger puzzles are parsed but not searched (searching is not what is fuzzed here).
MAX_SEARCH_CELLS = 400


def _sudoku(text: str) -> None:
    puzzle = sudoku.parse(text)
    if puzzle.size <= 16:
        sudoku.solve(puzzle, node_limit=FUZZ_NODES)


def _sudoku_many(text: str) -> None:
    for puzzle in sudoku.parse_many(text)[:3]:
        if puzzle.size <= 9:
            sudoku.solve(puzzle, node_limit=FUZZ_NODES)


def _exactcover_dlx(text: str) -> None:
    problem = exactcover.parse(text)
    exactcover.solve(problem, node_limit=FUZZ_NODES)
    _exactcover_count(problem)


def _exactcover_count(problem: "exactcover.ExactCover") -> None:
    try:
        exactcover.count_solutions(problem, node_limit=FUZZ_NODES)
    except cassetete.LimitReached:
        pass


def _edgematch(text: str) -> None:
    puzzle = edgematch.parse(text)
    if puzzle.rows * puzzle.cols <= 64:
        edgematch.solve(puzzle, node_limit=FUZZ_NODES)


def _shikaku(text: str) -> None:
    puzzle = shikaku.parse(text)
    if puzzle.rows * puzzle.cols <= MAX_SEARCH_CELLS:
        shikaku.solve(puzzle, node_limit=FUZZ_NODES)


def _hashi(text: str) -> None:
    puzzle = hashi.parse(text)
    if puzzle.shape[0] * puzzle.shape[1] <= MAX_SEARCH_CELLS:
        hashi.solve(puzzle, node_limit=FUZZ_NODES)


def _polyomino_region(text: str) -> None:
    mask = polyomino.parse_region(text)
    if mask.size == 60:
        polyomino.solve(mask, "pentominoes", node_limit=FUZZ_NODES)


def _polyomino_pieces(text: str) -> None:
    # One picture per piece, pieces separated by blank lines; the region is the total area as 1 x n.
    pictures = [block for block in text.split("\n\n") if block.strip()]
    pieces = polyomino.piece_set({f"p{i}": picture for i, picture in enumerate(pictures)})
    area = sum(len(cells) for cells in pieces.values())
    if 0 < area <= 60:
        polyomino.solve(f"1x{area}", pieces, node_limit=FUZZ_NODES)


def _in_file(text: str, read: Callable[[str], object]) -> object:
    """``read(path)`` of a temporary file holding ``text`` (the load / load_many / read_board paths)."""
    import os
    import tempfile

    handle, path = tempfile.mkstemp(prefix="cassetete-fuzz-", suffix=".txt")
    try:
        with os.fdopen(handle, "w", encoding="utf-8", errors="surrogatepass") as stream:
            stream.write(text)
        return read(path)
    finally:
        os.unlink(path)


def _shikaku_many(text: str) -> None:
    for puzzle in shikaku.parse_many(text)[:4]:
        if puzzle.rows * puzzle.cols <= MAX_SEARCH_CELLS:
            shikaku.solve(puzzle, node_limit=FUZZ_NODES)


def _hashi_many(text: str) -> None:
    for puzzle in hashi.parse_many(text)[:4]:
        if puzzle.shape[0] * puzzle.shape[1] <= MAX_SEARCH_CELLS:
            hashi.solve(puzzle, node_limit=FUZZ_NODES)


def _edgematch_many(text: str) -> None:
    for puzzle in edgematch.parse_many(text)[:4]:
        if puzzle.rows * puzzle.cols <= 64:
            edgematch.solve(puzzle, node_limit=FUZZ_NODES)


def _load_each(text: str, readers: List[Callable[[str], object]]) -> None:
    """Every reader on the same file; each may refuse it (PuzzleError). When all of them refuse,
    the last refusal is raised again, so the harness counts as parsed only the files that at
    least one family read."""
    refused = 0
    for read in readers:
        try:
            _in_file(text, read)
        except cassetete.PuzzleError:
            refused += 1
            if refused == len(readers):
                raise


def _loads(text: str) -> None:
    """``load`` of the three grid families on the same file."""
    _load_each(text, [shikaku.load, hashi.load, edgematch.load])


def _loads_many(text: str) -> None:
    """``load_many`` of the three grid families on the same file."""
    _load_each(text, [shikaku.load_many, hashi.load_many, edgematch.load_many])


READ_BOARD_PUZZLE = edgematch.parse("edgematch 2 2 equal\n0 1 2 0\n0 0 2 1\n2 1 0 0\n2 0 0 1\n")


def _edgematch_read_board(text: str) -> None:
    _in_file(text, lambda path: edgematch.read_board(path, READ_BOARD_PUZZLE))


def _polyomino_picture(text: str) -> None:
    from cassetete.polyomino._shapes import parse_picture

    cells = parse_picture(text)
    if 0 < len(cells) <= 12:
        polyomino.piece_set({"p": text})


TEXT_TARGETS: Dict[str, Callable[[str], None]] = {
    "sudoku.parse": _sudoku,
    "sudoku.parse_many": _sudoku_many,
    "exactcover.parse": _exactcover_dlx,
    "edgematch.parse": _edgematch,
    "shikaku.parse": _shikaku,
    "hashi.parse": _hashi,
    "polyomino.parse_region": _polyomino_region,
    "polyomino.piece_set": _polyomino_pieces,
    "shikaku.parse_many": _shikaku_many,
    "hashi.parse_many": _hashi_many,
    "edgematch.parse_many": _edgematch_many,
    "grid.load": _loads,
    "grid.load_many": _loads_many,
    "edgematch.read_board": _edgematch_read_board,
    "polyomino.parse_picture": _polyomino_picture,
}

# Valid inputs of every format, the starting points of mutations.
SEEDS: Dict[str, List[str]] = {
    "sudoku.parse": [
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        "1 0 0 0\n0 0 3 0\n0 4 0 0\n0 0 0 2",
        "..3.\n4...\n...1\n.2..",
        "+-----+\n|1 . | . .|\n|. . | 3 .|\n+-----+\n|. 4 | . .|\n|. . | . 2|\n",
    ],
    "sudoku.parse_many": [
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........\n" + "." * 81 + "\n",
        "1 0 0 0\n0 0 3 0\n0 4 0 0\n0 0 0 2\n\n0 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n",
    ],
    "exactcover.parse": [
        "a b | x\na x\nb\na b\n",
        "| comment\np q r s\np q\nr s\np r\nq s\n",
    ],
    "edgematch.parse": [
        "edgematch 1 2 equal\n0 1 0 0\n0 0 0 1\n",
        "edgematch 2 2 equal\nfixed 0 0 0 0\n0 1 2 0\n0 0 2 1\n2 1 0 0\n2 0 0 1\n",
        '{"width": 2, "height": 1, "pieces": [[0, 1, 0, 0], [0, 0, 0, 1]], "hints": [{"pos": 0, "piece": 0, "rot": 0}]}',
        "2 1\n0 1 0 0\n0 0 0 1\n",
        "1\n1 1 1 0\n0 1 0 0\n0 0 0 1\n",
        "0 0 1 0\n0 0 0 1\n1 0 0 0\n0 1 0 0\n",
    ],
    "shikaku.parse": [
        "4x4:a2_2b2_2c2_2_2a2a",
        "2 .\n. 2",
        "https://puzz.link/p?shikaku/4/4/2g2h2i222g2g",
        "# comment\n. 4 . .\n. . . .\n4 . . 4\n. . 4 .",
    ],
    "hashi.parse": [
        "3x3m2:2a2c1a1",
        "7x7m2:3b3a2a1b2b4a3d2a1d2b4a3b1a2c2",
        "https://puzz.link/p?hashikake/3/3/2g2i1g1",
        "2.2\n...\n1.1",
        "3 3 4\n2 0 2\n0 0 0\n1 0 1\n",
    ],
    "polyomino.parse_region": ["6x10", "3x4x5", "1x5", "2 x 10"],
    "polyomino.piece_set": ["##\n\n#\n#", "###\n#..\n\n.#\n##", "#"],
    "shikaku.parse_many": ["4x4:a2_2b2_2c2_2_2a2a\n2x1:2a\n", "2 .\n. 2\n\n2 .\n2 .\n"],
    "hashi.parse_many": ["3x3m2:2a2c1a1\n3x1m2:1a1\n", "2.2\n...\n1.1\n\n1.1\n"],
    "edgematch.parse_many": ["edgematch 1 2 equal\n0 1 0 0\n0 0 0 1\n\nedgematch 1 2 equal\n0 1 0 0\n0 0 0 1\n"],
    "grid.load": ["4x4:a2_2b2_2c2_2_2a2a\n", "2.2\n...\n1.1\n", "edgematch 1 2 equal\n0 1 0 0\n0 0 0 1\n"],
    "grid.load_many": ["4x4:a2_2b2_2c2_2_2a2a\n2x1:2a\n", "3x3m2:2a2c1a1\n3x1m2:1a1\n",
                       "edgematch 1 2 equal\n0 1 0 0\n0 0 0 1\n\nedgematch 1 2 equal\n0 1 0 0\n0 0 0 1\n"],
    # The format of edgematch.write_board for READ_BOARD_PUZZLE (2 x 2): "piece,rotation" pairs.
    "edgematch.read_board": ["# cassetete edgematch board 2 x 2, score 4/4\n0,0 1,0\n2,0 3,0\n",
                             "0,1 1,0\n2,0 3,0\n", "# score 0/4\n3,2 1,3\n2,1 0,0\n"],
    "polyomino.parse_picture": ["###\n#..", ".#.\n###\n.#.", "#"],
}


def array_targets() -> Dict[str, Callable[[np.ndarray], None]]:
    """Targets that take an array (of any shape and dtype) instead of text."""

    def matrix(array: np.ndarray) -> None:
        _exactcover_count(exactcover.ExactCover.from_matrix(array))

    def sudoku_grid(array: np.ndarray) -> None:
        puzzle = sudoku.parse(array)
        if puzzle.size <= 16:
            sudoku.solve(puzzle, node_limit=FUZZ_NODES)

    def region(array: np.ndarray) -> None:
        mask = polyomino.parse_region(array)
        area = int(mask.sum())
        if area <= 40:
            # area / 2 dominoes and a monomino when the area is odd: the region's area always matches.
            pieces = {f"d{i}": "##" for i in range(area // 2)}
            pieces.update({"m": "#"} if area % 2 else {})
            polyomino.solve(mask, pieces, node_limit=FUZZ_NODES)

    def edge_pieces(array: np.ndarray) -> None:
        rows, cols = edgematch.infer_size(array)
        puzzle = edgematch.EdgePuzzle(rows, cols, array)
        if rows * cols <= 36:
            edgematch.solve(puzzle, node_limit=FUZZ_NODES)

    def hashi_grid(array: np.ndarray) -> None:
        puzzle = hashi.parse(array)
        hashi.solve(puzzle, node_limit=FUZZ_NODES)

    return {
        "ExactCover.from_matrix": matrix,
        "sudoku.parse(array)": sudoku_grid,
        "polyomino.parse_region(array)": region,
        "edgematch.EdgePuzzle(array)": edge_pieces,
        "hashi.parse(array)": hashi_grid,
    }
