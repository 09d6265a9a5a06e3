"""The glue between Python and the C++ core: the `_core` submodules, the one result shape of the
exact engines, the abstract parallel Job, the model -> render import direction, and the local
search's memory (its reverse-move tabu list must grow linearly with the board)."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

from cassetete import _core
from cassetete import edgematch as em
from cassetete import hashi, shikaku

sys.path.insert(0, str(Path(__file__).resolve().parent))
from edgematch_checker import check_board  # noqa: E402

PACKAGE = Path(__file__).resolve().parent.parent / "python" / "cassetete"
FAMILIES = ("common", "sudoku", "exactcover", "edgematch", "shikaku", "hashi", "narrowing", "polyomino")
OUTCOME_KEYS = {"status", "count", "complete", "stats"}


def test_core_has_one_submodule_per_family_and_no_prefixed_names():
    public = {name for name in dir(_core) if not name.startswith("_")}
    assert public == set(FAMILIES)
    for family in FAMILIES:
        module = getattr(_core, family)
        names = [name for name in dir(module) if not name.startswith("_")]
        assert names, family
        for name in names:
            assert not name.lower().startswith(family), f"_core.{family}.{name} repeats its family"
    assert _core.common.hardware_threads() >= 1
    assert callable(_core.sudoku.solve) and callable(_core.exactcover.bitboard_count)


def test_exact_engines_share_one_result_shape():
    """shikaku, hashi and edge-matching exact searches report status, count, complete and stats
    (with the stop reason) the same way, converted in one place."""
    sh = shikaku.generate(5, 5, 3, seed=2)
    out_sh = _core.shikaku.exact(sh.clues, 10, 1)
    hs = hashi.generate(8, seed=3)
    out_hs = _core.hashi.solve_exact(hs.islands, None, None, 10, 1)
    puzzle, _ = em.generate(3, 3, colors=3, seed=1)
    ids, compl, _ = puzzle.encode()
    order = np.arange(9, dtype=np.int32)
    out_em = _core.edgematch.search(3, 3, ids, compl, puzzle.fixed_array(), order, count=True)
    for out in (out_sh, out_hs, out_em):
        assert OUTCOME_KEYS <= set(out), out.keys()
        assert out["status"] == "solved" and out["complete"] and out["count"] >= 1
        assert out["stats"]["stop"] == "none"
    assert out_em["count"] == em.count_solutions(puzzle, symmetry=False)
    assert check_board(3, 3, puzzle.pieces, out_em["board"], puzzle.matching)
    # a node limit: the same fields say the search was cut short
    stopped = _core.edgematch.search(3, 3, ids, compl, puzzle.fixed_array(), order, count=True, node_limit=1)
    assert stopped["complete"] is False and stopped["stats"]["stop"] == "node_limit"
    # a stream's outcome is the same shape
    stream = _core.edgematch.stream(3, 3, ids, compl, puzzle.fixed_array(), order)
    boards = list(stream)
    outcome = stream.outcome()
    assert OUTCOME_KEYS <= set(outcome) and outcome["count"] == len(boards) == out_em["count"]


def test_job_is_abstract_and_every_job_finds_a_first_solution():
    from cassetete.edgematch._jobs import EdgematchJob
    from cassetete.parallel import Job

    with pytest.raises(TypeError):
        Job()  # type: ignore[abstract]
    puzzle, _ = em.generate(4, 4, colors=4, seed=6)
    job = EdgematchJob(puzzle)
    status, board, _nodes = job.first(job.roots()[0][0], None)
    assert status == "solved" and check_board(4, 4, puzzle.pieces, board, puzzle.matching)


@pytest.mark.parametrize("family", ["sudoku", "shikaku", "hashi"])
def test_models_import_their_render_lazily(family):
    """Render modules depend on models, never the reverse: a model module imports no render
    module at its top level (only inside the methods that draw, e.g. _repr_svg_)."""
    model = ast.parse((PACKAGE / family / "_model.py").read_text())
    for node in model.body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            names = [getattr(node, "module", None) or ""] + [alias.name for alias in node.names]
            assert not any("_render" in name for name in names), f"{family}/_model.py imports {names}"
    render = (PACKAGE / family / "_render.py").read_text()
    assert "_model" in render or "_formats" in render  # the render side reads the model
    from cassetete import sudoku

    puzzle = {"sudoku": lambda: sudoku.parse("." * 16), "shikaku": lambda: shikaku.generate(5, 5, 3, seed=2),
              "hashi": lambda: hashi.generate(8, seed=3)}[family]()
    assert puzzle._repr_svg_().lstrip().startswith("<svg")


# Peak resident memory added by solve_local(iterations=10, init="random") at n x n, measured in a
# fresh interpreter (the same probe as bench/reliability_memory.py).
_MEMORY_PROBE = textwrap.dedent("""
    import json, resource, sys
    n = int(sys.argv[1])
    from cassetete import edgematch, exactcover, hashi, polyomino, shikaku, sudoku  # noqa: F401
    puzzle, _ = edgematch.generate(n, n, colors=max(3, n // 2), seed=1)
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    edgematch.solve_local(puzzle, iterations=10, seed=1, init="random")
    after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(json.dumps({"added_kb": max(0, after - before)}))
""")


def _local_search_peak_kb(n: int) -> int:
    out = subprocess.run([sys.executable, "-c", _MEMORY_PROBE, str(n)], capture_output=True, text=True,
                         check=True, timeout=300)
    return int(json.loads(out.stdout.strip().splitlines()[-1])["added_kb"])


def test_local_search_memory_is_linear_in_the_board():
    """At 70 x 70 the old n^2 tabu table alone was 4900^2 * 8 bytes = 192 MB; linear structures
    need a few KB per cell. 30 x 30 -> 70 x 70 multiplies the cells by 5.4 (their square by 29)."""
    small, large = _local_search_peak_kb(30), _local_search_peak_kb(70)
    assert large < 40 * 1024, f"{large} KB added at 70 x 70"
    assert large < 12 * max(small, 1024), (small, large)


def test_reverse_move_tabu_list_stays_within_its_linear_bound():
    puzzle, _ = em.generate(12, 12, colors=6, seed=4)
    ids, compl, _ = puzzle.encode()
    tuning = dict(_core.edgematch.tuning_defaults())
    search = _core.edgematch.LocalSearch(12, 12, ids, compl, puzzle.fixed_array(), seed=3, init="random",
                                         tuning=tuning)
    search.run(60.0, 3000)
    info = search.info()
    assert info["iterations"] > 0
    cells = 12 * 12
    # each cell receives at most one piece per iteration: at most tenure (+1 not yet dropped)
    assert 0 < info["tabu_entries"] <= cells * (tuning["tabu_arcs_max"] + 1)
    # and in practice far fewer than the cells^2 table it replaces
    assert info["tabu_entries"] < cells * cells // 4


def _misaligned_copy(values: np.ndarray) -> np.ndarray:
    """The same int32 values in a buffer that starts one byte past an aligned address, as an array
    unpickled from an out-of-band (pickle 5 / Dask) buffer can."""
    raw = np.ascontiguousarray(values, dtype=np.int32)
    buffer = bytearray(raw.nbytes + 1)
    out = np.frombuffer(buffer, dtype=np.int32, count=raw.size, offset=1).reshape(raw.shape)
    out[...] = raw
    return out


def test_misaligned_input_arrays_are_copied_before_the_engine_reads_them():
    """Under UBSan a misaligned int read aborts; the binding must hand the engine an aligned copy."""
    puzzle, _ = em.generate(6, 6, colors=4, seed=5)
    ids, compl, _ = puzzle.encode()
    odd_ids, odd_compl = _misaligned_copy(ids), _misaligned_copy(compl)
    assert not odd_ids.flags.aligned and not odd_compl.flags.aligned
    boards = []
    for pieces, complement in ((ids, compl), (odd_ids, odd_compl)):
        search = _core.edgematch.LocalSearch(6, 6, pieces, complement, puzzle.fixed_array(), seed=3,
                                             init="random", tuning=dict(_core.edgematch.tuning_defaults()))
        search.run(60.0, 200)
        boards.append(np.asarray(search.best_board()))
    np.testing.assert_array_equal(boards[0], boards[1])
