"""Type stubs of the C++ extension cassetete._core (internal; use the cassetete.* modules).

One class per submodule (_core.sudoku, _core.edgematch, ...; see src/module.cpp): mypy reads
them as classes of static methods, which type the calls `_core.sudoku.solve(...)` exactly.
"""
from typing import Any, Dict, Iterator, List, Optional, Sequence, Tuple
import numpy as np

_Path = Sequence[Tuple[int, int, int]]  # (variable, lo, hi) restrictions along a branch (narrowing)

class common:
    """_core.common (a submodule at run time; a class here so that one stub file types it)."""
    # --- common (src/bind_common.cpp) ---------------------------------------------------------
    @staticmethod
    def hardware_threads() -> int: ...
    @staticmethod
    def build_info() -> str: ...

class sudoku:
    """_core.sudoku (a submodule at run time; a class here so that one stub file types it)."""
    # --- sudoku (src/bind_sudoku.cpp) --------------------------------------------------------
    @staticmethod
    def simd_variants() -> List[str]:
        """The 9x9 engine's variants this CPU and build can run, worst to best (scalar, baseline, avx2, avx512)."""

    @staticmethod
    def simd_selected() -> str:
        """The variant the 9x9 engine runs: CASSETETE_SIMD when it names an available one, else the best."""

    @staticmethod
    def kernel9(simd: str) -> str:
        """The kernel that runs a variant of the 9x9 engine: "fast9" (scalar, baseline) or "vec9" (avx2, avx512)."""

    @staticmethod
    def solve9_with(grid: np.ndarray, limit: int, simd: str) -> Tuple[int, Optional[np.ndarray], int]:
        """The 9x9 engine on one variant: (count up to limit (0 = all), first solution (81,) uint8 or None, guesses)."""

    @staticmethod
    def vec9_simd_variants() -> List[str]:
        """The variants of vec9's kernel this CPU and build can run (tests and benches), worst to best."""

    @staticmethod
    def solve9_vec_with(grid: np.ndarray, limit: int, simd: str) -> Tuple[int, Optional[np.ndarray], int]:
        """vec9's kernel on one variant, whichever the engine runs: (count, first solution or None, guesses)."""

    @staticmethod
    def solve(
        grid: np.ndarray,
        box_rows: int,
        box_cols: int,
        limit: int,
        rules: List[str],
        time_limit: Optional[float],
        node_limit: Optional[int],
        seed: Optional[int],
        plain: bool = False,
        learning: Optional[bool] = None,
    ) -> Tuple[int, Optional[np.ndarray], str, bool, Dict[str, Any]]:
        """(count up to limit (0 = all), first solution (N*N,) uint8 or None, status, complete, stats);
        learning: True / False forces the learning / depth-first engine, None lets the engine choose."""

    @staticmethod
    def propagate(
        grid: np.ndarray, box_rows: int, box_cols: int, rules: List[str], trace: bool
    ) -> Tuple[bool, np.ndarray, Dict[str, Any], List[Tuple[str, str, int, int, int]]]:
        """(contradiction, candidate masks (N*N,) uint64, stats, [(rule, action, value, cell, cause)])."""

    @staticmethod
    def solve_many(
        puzzles: np.ndarray, box_rows: int, box_cols: int, limit: int, rules: List[str], workers: int,
        node_limit: Optional[int]
    ) -> Tuple[np.ndarray, np.ndarray, int]:
        """(solutions (k, N*N) uint8, counts (k,) int64 (-1 = stopped), nodes)."""

    class SolutionStream(Iterator[np.ndarray]):
        def __iter__(self) -> "sudoku.SolutionStream": ...
        def __next__(self) -> np.ndarray: ...
        def close(self) -> None: ...
        def outcome(self) -> Dict[str, Any]: ...

    @staticmethod
    def stream(
        grid: np.ndarray,
        box_rows: int,
        box_cols: int,
        rules: List[str],
        limit: int,
        time_limit: Optional[float],
        node_limit: Optional[int],
    ) -> sudoku.SolutionStream:
        """Solutions streamed from a background thread; outcome() = {count, complete, stats}."""

class shikaku:
    """_core.shikaku (a submodule at run time; a class here so that one stub file types it)."""
    # --- shikaku (src/bind_shikaku.cpp) -------------------------------------------------------

    @staticmethod
    def candidates(grid: np.ndarray) -> Tuple[np.ndarray, np.ndarray]:
        """(owner clue per candidate, (n, 4) int32 rows of row, col, height, width)."""

    @staticmethod
    def exact(
        grid: np.ndarray,
        limit: int = 1,
        keep: int = 1,
        time_limit: Optional[float] = None,
        node_limit: Optional[int] = None,
    ) -> Dict[str, Any]:
        """{"status", "count", "complete", "solutions": [(K, 4) int32 arrays], "stats"}."""

    @staticmethod
    def anneal(
        grid: np.ndarray,
        iterations: int,
        t0: float,
        cooling: float,
        seed: int,
        time_limit: Optional[float] = None,
        node_limit: Optional[int] = None,
    ) -> Dict[str, Any]:
        """{"status", "best": (K, 4) int32 array or None, "energy", "target", "trajectory", "stats"}."""

    @staticmethod
    def exact_many(
        grids: List[np.ndarray],
        limit: int = 2,
        time_limit: Optional[float] = None,
        node_limit: Optional[int] = None,
        workers: int = 1,
    ) -> Tuple[np.ndarray, np.ndarray]:
        """(counts int64, seconds float64) per grid on `workers` threads; count -1 = stopped by a
        per-puzzle limit."""

    class SolutionStream(Iterator[List[Tuple[int, int, int, int]]]):
        def __iter__(self) -> "shikaku.SolutionStream": ...
        def __next__(self) -> List[Tuple[int, int, int, int]]: ...
        def close(self) -> None: ...
        def outcome(self) -> Dict[str, Any]:
            """{"status", "count", "complete", "stats"} once the search has stopped (closes it first)."""

    @staticmethod
    def stream(
        grid: np.ndarray, limit: int = 0, time_limit: Optional[float] = None, node_limit: Optional[int] = None
    ) -> shikaku.SolutionStream:
        """Solutions as the exact search finds them, from a C++ thread; limit 0 = all."""

    # ---- below a prefix of branching choices (src/bind_splits.cpp, cassetete.parallel) ----------
    @staticmethod
    def count_below(
        grid: np.ndarray, prefix: Sequence[int], limit: int = 0, time_limit: Optional[float] = None,
        node_limit: Optional[int] = None,
    ) -> Tuple[int, bool, int]:
        """(count, complete, nodes) of the solutions below a prefix of chosen candidates; 0 = no limit."""
    @staticmethod
    def first_below(
        grid: np.ndarray, prefix: Sequence[int], time_limit: Optional[float] = None,
    ) -> Tuple[str, Optional[List[Tuple[int, int, int, int]]], int]:
        """(status, first solution below the prefix or None, nodes)."""
    @staticmethod
    def split(grid: np.ndarray, prefix: Sequence[int], depth: int) -> List[List[int]]:
        """The prefixes `depth` branchings below `prefix` (their solutions partition the prefix's)."""

class hashi:
    """_core.hashi (a submodule at run time; a class here so that one stub file types it)."""
    # ---- hashi (src/bind_hashi.cpp) -------------------------------------------------------------
    @staticmethod
    def graph(grid: np.ndarray) -> Dict[str, np.ndarray]: ...
    @staticmethod
    def solve_exact(
        grid: np.ndarray,
        time_limit: Optional[float] = None,
        node_limit: Optional[int] = None,
        limit: int = 1,
        keep: int = 1,
    ) -> Dict[str, Any]: ...
    @staticmethod
    def solve_annealing(
        grid: np.ndarray,
        time_limit: Optional[float] = None,
        node_limit: Optional[int] = None,
        seed: int = 0,
        initial_temperature: float = 2.0,
        final_temperature: float = 0.02,
        steps_per_round: int = 0,
    ) -> Dict[str, Any]: ...

    class SolutionStream(Iterator[List[Tuple[int, int, int, int, int]]]):
        def __iter__(self) -> "hashi.SolutionStream": ...
        def __next__(self) -> List[Tuple[int, int, int, int, int]]: ...
        def close(self) -> None: ...
        def outcome(self) -> Dict[str, Any]:
            """{"status", "count", "complete", "stats"} once the search has stopped (closes it first)."""

    @staticmethod
    def stream(
        grid: np.ndarray, limit: int = 0, time_limit: Optional[float] = None, node_limit: Optional[int] = None
    ) -> hashi.SolutionStream:
        """Solutions (bridge lists) as the exact search finds them, from a C++ thread; limit 0 = all."""

    # ---- below a prefix of (edge, bridges) decisions (src/bind_splits.cpp, cassetete.parallel) --
    @staticmethod
    def count_below(
        grid: np.ndarray, prefix: Sequence[int], limit: int = 0, time_limit: Optional[float] = None,
        node_limit: Optional[int] = None,
    ) -> Tuple[int, bool, int]:
        """(count, complete, nodes) of the solutions below a flat (edge, bridges) prefix; 0 = no limit."""
    @staticmethod
    def first_below(
        grid: np.ndarray, prefix: Sequence[int], time_limit: Optional[float] = None,
    ) -> Tuple[str, Optional[List[Tuple[int, int, int, int, int]]], int]:
        """(status, first solution below the prefix as bridges or None, nodes)."""
    @staticmethod
    def split(grid: np.ndarray, prefix: Sequence[int], depth: int) -> List[List[int]]:
        """The prefixes `depth` decisions below `prefix` (their solutions partition the prefix's)."""

class exactcover:
    """_core.exactcover (a submodule at run time; a class here so that one stub file types it)."""
    # --- exactcover -------------------------------------------------------------------------
    class Problem:
        def __init__(self, primary: int, secondary: int = 0) -> None: ...
        def add_options_csr(self, starts: np.ndarray, items: np.ndarray) -> None: ...
        @property
        def primary(self) -> int: ...
        @property
        def secondary(self) -> int: ...
        @property
        def options(self) -> int: ...

    @staticmethod
    def count(
        problem: exactcover.Problem,
        prefixes: Sequence[Sequence[int]],
        limit: int = 0,
        time_limit: Optional[float] = None,
        node_limit: Optional[int] = None,
        weights: Sequence[int] = (),
    ) -> Tuple[int, bool, Dict[str, Any]]: ...
    @staticmethod
    def first(
        problem: exactcover.Problem,
        prefix: Sequence[int],
        time_limit: Optional[float] = None,
        node_limit: Optional[int] = None,
    ) -> Tuple[str, Optional[List[int]], Dict[str, Any]]: ...
    @staticmethod
    def split(problem: exactcover.Problem, prefix: Sequence[int], depth: int) -> List[List[int]]: ...

    class Iterator:
        def __init__(
            self,
            problem: exactcover.Problem,
            prefix: Sequence[int],
            time_limit: Optional[float] = None,
            node_limit: Optional[int] = None,
        ) -> None: ...
        def __iter__(self) -> "exactcover.Iterator": ...
        def __next__(self) -> List[int]: ...
        def stats(self) -> Dict[str, Any]: ...
        @property
        def complete(self) -> bool: ...

    class BitboardPacker:
        def __init__(self, full: int, pieces: int, piece_of: np.ndarray, masks: np.ndarray,
                     shifts: Sequence[int] = ..., neighbour_masks: Sequence[int] = ...) -> None: ...
        @property
        def placements(self) -> int: ...
        def set_neighbours(self, shifts: Sequence[int], masks: Sequence[int]) -> None: ...
        def set_min_remaining(self, on: bool) -> None: ...
        def set_simd(self, on: bool) -> None: ...

    @staticmethod
    def bitboard_count(
        packer: exactcover.BitboardPacker,
        prefixes: Sequence[Sequence[int]],
        limit: int = 0,
        time_limit: Optional[float] = None,
        node_limit: Optional[int] = None,
        weights: Sequence[int] = (),
    ) -> Tuple[int, bool, Dict[str, Any]]: ...
    @staticmethod
    def bitboard_solutions(
        packer: exactcover.BitboardPacker,
        prefix: Sequence[int],
        limit: int,
        pieces: int,
        time_limit: Optional[float] = None,
        node_limit: Optional[int] = None,
    ) -> Tuple[np.ndarray, bool, Dict[str, Any]]: ...

class edgematch:
    """_core.edgematch (a submodule at run time; a class here so that one stub file types it)."""
    # --- edgematch (src/bind_edgematch.cpp) ---
    @staticmethod
    def search(
        rows: int,
        cols: int,
        pieces: np.ndarray,  # (k, 4) int32 colour ids, N E S W; id 0 = frame
        compl: np.ndarray,  # (C,) int32: colour that must face each colour
        fixed: np.ndarray,  # (f, 3) int32: cell, piece, rotation
        order: np.ndarray,  # (rows*cols,) int32 cell order
        first_fail: bool = False,
        count: bool = False,
        limit: int = 0,
        seed: Optional[int] = None,
        time_limit: Optional[float] = None,
        node_limit: Optional[int] = None,
        cancel: Optional["edgematch.Cancel"] = None,  # shared stop flag (parallel counts, Ctrl-C)
    ) -> Dict[str, Any]: ...  # status, count, complete, board (rows, cols, 2) or None, stats

    class Cancel:
        def __init__(self) -> None: ...
        def cancel(self) -> None: ...
        def cancelled(self) -> bool: ...

    @staticmethod
    def split(
        rows: int, cols: int, pieces: np.ndarray, compl: np.ndarray, fixed: np.ndarray, order: np.ndarray, depth: int
    ) -> List[np.ndarray]: ...

    class SolutionStream:  # solutions streamed from a search on its own thread
        def __iter__(self) -> "edgematch.SolutionStream": ...
        def __next__(self) -> np.ndarray: ...  # (rows*cols, 2) int32: piece, rotation per cell
        def close(self) -> None: ...
        def outcome(self) -> Dict[str, Any]: ...  # status, count, complete, stats (stats["stop"]: the limit)

    @staticmethod
    def stream(
        rows: int,
        cols: int,
        pieces: np.ndarray,
        compl: np.ndarray,
        fixed: np.ndarray,
        order: np.ndarray,
        first_fail: bool = False,
        limit: int = 0,
        seed: Optional[int] = None,
        time_limit: Optional[float] = None,
        node_limit: Optional[int] = None,
    ) -> edgematch.SolutionStream: ...
    # --- edgematch local search (src/bind_edgematch_local.cpp) ---
    @staticmethod
    def assignment(weight: np.ndarray) -> np.ndarray: ...  # (n,) int32 column per row, -1 if left out
    @staticmethod
    def tuning_defaults() -> Dict[str, Any]: ...  # TabuOptions defaults by name (size, greed, ...)
    @staticmethod
    def local_init(
        rows: int,
        cols: int,
        pieces: np.ndarray,
        compl: np.ndarray,
        fixed: np.ndarray,
        init: str = "cp",  # "cp" | "cp_first_fail" | "random" | "checkerboard"
        relax: int = 0,
        seed: int = 0,
        node_limit: int = 0,
        time_limit: Optional[float] = None,
    ) -> Dict[str, Any]: ...  # board, score, solved, depth, cells, nodes
    # --- edgematch breaks (src/bind_edgematch_breaks.cpp) ---
    @staticmethod
    def breaks(
        rows: int,
        cols: int,
        pieces: np.ndarray,
        compl: np.ndarray,
        fixed: np.ndarray,
        order: np.ndarray,
        allowed: np.ndarray,
        quota: np.ndarray,
        pattern: np.ndarray,
        seed: int = 0,
        restart_seconds: float = 0.0,
        restart_nodes: int = 0,
        complete_nodes: int = 20000,
        complete_from: int = 0,
        complete_tail: int = 0,
        workers: int = 1,
        time_limit: Optional[float] = None,
        node_limit: Optional[int] = None,
    ) -> Dict[str, Any]: ...  # board, score, total, trajectory, best_depth, nodes, seconds, ...

    class LocalSearch:
        def __init__(
            self,
            rows: int,
            cols: int,
            pieces: np.ndarray,
            compl: np.ndarray,
            fixed: np.ndarray,
            seed: int = 0,
            init: str = "cp",
            relax: int = 0,
            node_limit: int = 0,
            board: Optional[np.ndarray] = None,  # (rows, cols, 2) starting board (checkpoint)
            tuning: Dict[str, Any] = ...,  # overrides of edgematch_tuning_defaults() (the defaults live in C++ only)
        ) -> None: ...
        def run(self, seconds: float, iterations: int = 0) -> Dict[str, Any]: ...  # stop, score, best, iterations, seconds
        def cancel(self) -> None: ...
        def best_score(self) -> int: ...
        def best_board(self) -> Optional[np.ndarray]: ...
        def trajectory(self) -> List[Tuple[float, int]]: ...
        def info(self) -> Dict[str, Any]: ...
    # --- edgematch exact engines (src/bind_edgematch_exact.cpp) ---
    @staticmethod
    def checkerboard(
        rows: int, cols: int, pieces: np.ndarray, compl: np.ndarray, fixed: np.ndarray, count: bool = False,
        limit: int = 0, parity: int = 0, order: np.ndarray = ..., time_limit: Optional[float] = None,
        node_limit: Optional[int] = None,
    ) -> Dict[str, Any]: ...  # status, count, complete, board, stats
    @staticmethod
    def cp(
        rows: int, cols: int, pieces: np.ndarray, compl: np.ndarray, fixed: np.ndarray, relaxed: np.ndarray,
        count: bool = False, limit: int = 0, seed: Optional[int] = None, alldifferent: str = "gac",
        restart_base: int = 0, time_limit: Optional[float] = None, node_limit: Optional[int] = None,
    ) -> Dict[str, Any]: ...  # status, count, complete, board, deepest, depth, cells, stats
    @staticmethod
    def relaxed_loop(
        rows: int, cols: int, pieces: np.ndarray, compl: np.ndarray, fixed: np.ndarray, relaxed: np.ndarray,
        seed: Optional[int] = None, alldifferent: str = "gac", max_solutions: int = 0,
        time_limit: Optional[float] = None, node_limit: Optional[int] = None,
    ) -> Dict[str, Any]: ...  # status, relaxed_solutions, best_score, complete, board, deepest, depth, cells, stats
    @staticmethod
    def pair_search(
        rows: int, cols: int, pieces: np.ndarray, compl: np.ndarray, fixed: np.ndarray, order: np.ndarray,
        pair_pruning: bool = True, count: bool = False, limit: int = 0, time_limit: Optional[float] = None,
        node_limit: Optional[int] = None,
    ) -> Dict[str, Any]: ...  # status, count, complete, board, stats
    @staticmethod
    def fill_holes(
        rows: int, cols: int, pieces: np.ndarray, compl: np.ndarray, board: np.ndarray,
    ) -> Tuple[np.ndarray, int]: ...  # (filled board, matched inner joins)

class narrowing:
    """_core.narrowing (a submodule at run time; a class here so that one stub file types it)."""
    # -- narrowing (cpp/narrowing, src/bind_narrowing.cpp) ------------------------------------

    class Model:
        def __init__(self) -> None: ...
        def add_var(self, lo: int, hi: int) -> int: ...
        def add_product(self, x: int, a: int, y: int) -> int: ...
        def add_sum(self, x: int, ys: Sequence[int]) -> int: ...
        def add_all_different(self, xs: Sequence[int], algorithm: str = "sort") -> int: ...
        def add_class(self, vars: Sequence[int], dim: int, offsets: Sequence[int], translated: bool = False) -> int: ...
        def add_placement(
            self, vars: Sequence[int], cells: Sequence[int], box: Sequence[int], offsets: Sequence[int],
            all_cells: Sequence[int], cells_mode: str = "exact",
        ) -> int: ...
        def set_branching(self, vars: Sequence[int]) -> None: ...
        @property
        def vars(self) -> int: ...
        @property
        def constraints(self) -> int: ...

    @staticmethod
    def propagate(
        model: narrowing.Model, path: _Path, strategy: str = "smallest-min", incremental: bool = True,
        profile: bool = False,
    ) -> Tuple[bool, List[int], List[int], Dict[str, Any]]: ...
    @staticmethod
    def count(
        model: narrowing.Model, paths: Sequence[_Path], limit: int = 0, time_limit: Optional[float] = None,
        node_limit: Optional[int] = None, strategy: str = "smallest-min", incremental: bool = True,
        profile: bool = False, careful: bool = True,
    ) -> Tuple[int, bool, Dict[str, Any]]: ...
    @staticmethod
    def first(
        model: narrowing.Model, path: _Path, time_limit: Optional[float] = None, node_limit: Optional[int] = None,
        strategy: str = "smallest-min", incremental: bool = True, profile: bool = False,
    ) -> Tuple[str, Optional[List[int]], Dict[str, Any]]: ...
    @staticmethod
    def split(
        model: narrowing.Model, path: _Path, depth: int, strategy: str = "smallest-min", incremental: bool = True,
    ) -> Tuple[List[List[Tuple[int, int, int]]], Dict[str, Any]]: ...

    class Iterator:
        def __init__(
            self, model: narrowing.Model, path: _Path, time_limit: Optional[float] = None,
            node_limit: Optional[int] = None, strategy: str = "smallest-min", incremental: bool = True,
            profile: bool = False,
        ) -> None: ...
        def __iter__(self) -> "narrowing.Iterator": ...
        def __next__(self) -> List[int]: ...
        def stats(self) -> Dict[str, Any]: ...
        @property
        def complete(self) -> bool: ...

class polyomino:
    """_core.polyomino (a submodule at run time; a class here so that one stub file types it)."""
    @staticmethod
    def model(shape: Sequence[int], mask: np.ndarray, pieces: Sequence[Sequence[Sequence[int]]],
              flips: bool) -> Dict[str, Any]: ...
    @staticmethod
    def weighted_prefixes(pieces: int, area: int, piece: np.ndarray, starts: np.ndarray, cells: np.ndarray,
                          images: np.ndarray) -> Tuple[List[List[int]], List[int]]: ...
