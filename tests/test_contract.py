"""The contract every family keeps (docs/ARCHITECTURE.md), checked family by family: the
verbs, the shared options and their bad values, counts that never return a partial answer,
streaming solutions, results that pickle, compare and draw, and the command line's exit codes."""

from __future__ import annotations

import itertools
import json
import pickle
import atexit
import shutil
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List

import pytest

import cassetete
from cassetete import LimitReached, PuzzleError, Result
from cassetete.cli import main


@dataclass
class Family:
    """How to exercise one family: a solvable puzzle, one with no solution, one with an
    astronomically large number of solutions (to see streams and limits), its verify call."""

    name: str
    module: Any
    solvable: Any
    unsatisfiable: Any
    huge: Any
    huge_options: Dict[str, Any] = field(default_factory=dict)
    verbs: tuple = ("parse", "load", "format", "dump", "solve", "solutions", "count_solutions", "verify", "render")
    check: Callable[[Any, Any], bool] = None  # type: ignore[assignment]
    cli_solved: List[str] = field(default_factory=list)
    cli_unsatisfiable: List[str] = field(default_factory=list)
    cli_limit: List[str] = field(default_factory=list)
    cli_bad: List[str] = field(default_factory=list)


def _sudoku() -> Family:
    from cassetete import sudoku

    return Family(
        "sudoku", sudoku,
        solvable="4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        unsatisfiable="12345678." + "........9" + "." * 63,
        huge="." * 81,
        verbs=("parse", "load", "format", "dump", "parse_many", "load_many", "solve", "solutions", "count_solutions",
               "generate", "verify", "render"),
        check=lambda p, s: sudoku.verify(p, s),
        cli_solved=["sudoku", "solve", "." * 16],
        cli_unsatisfiable=["sudoku", "solve", "12345678." + "........9" + "." * 63],
        cli_limit=["sudoku", "solve", "." * 625, "--count", "--time-limit", "0"],
        cli_bad=["sudoku", "solve", "11" + "." * 79],
    )


def _exactcover() -> Family:
    from cassetete import exactcover

    pairs = [list(p) for p in itertools.combinations(range(24), 2)]  # 23!! = 3.2e11 perfect matchings
    return Family(
        "exactcover", exactcover,
        solvable=[[0, 1], [2], [1, 2], [0]],
        unsatisfiable=[[0, 1], [1, 2]],
        huge=pairs,
        verbs=("parse", "load", "format", "dump", "solve", "solutions", "count_solutions", "verify", "render"),
        check=lambda p, s: exactcover.verify(p, s),
    )


def _polyomino() -> Family:
    from cassetete import polyomino

    return Family(
        "polyomino", polyomino,
        solvable="3x20",
        unsatisfiable="2x30",
        huge="3x4x5",
        huge_options={"up_to_symmetry": False, "method": "cells"},
        verbs=("solve", "solutions", "count_solutions", "verify", "render", "parse_region"),
        check=lambda p, s: polyomino.verify(p, s),
        cli_solved=["pentomino", "solve", "3x20"],
        cli_unsatisfiable=["pentomino", "solve", "2x30"],
        cli_limit=["pentomino", "count", "3x4x5", "--all", "--node-limit", "10"],
        cli_bad=["pentomino", "count", "3xx"],
    )


EVERY_VERB = ("parse", "load", "format", "dump", "parse_many", "load_many", "solve", "solutions", "count_solutions",
              "generate", "verify", "render")


def _shikaku() -> Family:
    import numpy as np

    from cassetete import shikaku

    board = np.zeros((16, 16), dtype=int)  # clue 2 on the black cells: ~10^22 domino tilings
    board[(np.add.outer(np.arange(16), np.arange(16)) % 2) == 0] = 2
    text = "\n".join(" ".join(str(v) if v else "." for v in row) for row in board)
    return Family("shikaku", shikaku, "4x4:a2_2b2_2c2_2_2a2a", "2 .\n. 3", board, verbs=EVERY_VERB, check=shikaku.verify,
                  cli_solved=["shikaku", "solve", "4x4:a2_2b2_2c2_2_2a2a"], cli_unsatisfiable=["shikaku", "solve", "2 .\n. 3"],
                  cli_limit=["shikaku", "solve", text, "--count", "--node-limit", "10"],
                  cli_bad=["shikaku", "solve", "3x2:2a2_2a"])


def _hashi() -> Family:
    import numpy as np

    from cassetete import hashi

    lattice = np.zeros((23, 23), dtype=int)  # 12 x 12 islands, each valued its number of neighbours
    for i in range(12):
        for j in range(12):
            lattice[2 * i, 2 * j] = (i > 0) + (i < 11) + (j > 0) + (j < 11)
    text = "\n".join("".join(str(v) if v else "." for v in row) for row in lattice)
    return Family("hashi", hashi, "3x3m2:2a2c2a2", "1.1\n...\n1.1", lattice, verbs=EVERY_VERB, check=hashi.verify,
                  cli_solved=["hashi", "solve", "3x3m2:2a2c2a2"], cli_unsatisfiable=["hashi", "solve", "1.1\n...\n1.1"],
                  cli_limit=["hashi", "solve", text, "--count", "--node-limit", "10"],
                  cli_bad=["hashi", "solve", "3x3m2:zz"])


def _edgematch() -> Family:
    from cassetete import edgematch

    solvable, _ = edgematch.generate(4, 4, colors=3, seed=2)
    corner = int((solvable.pieces == 0).sum(axis=1).argmax())
    unsatisfiable = solvable.with_fixed({(1, 1): (corner, 0)})  # a corner piece in the middle
    huge, _ = edgematch.generate(5, 5, colors=1, frame_colors=1, seed=3)  # over 9! * 4^9 solutions
    folder = Path(tempfile.mkdtemp(prefix="cassetete-contract-"))  # the command line reads files
    atexit.register(shutil.rmtree, folder, True)  # made at collection: removed when the run ends
    files = {}
    for name, puzzle in (("solvable", solvable), ("unsatisfiable", unsatisfiable), ("huge", huge)):
        files[name] = str(folder / f"{name}.txt")
        edgematch.dump(puzzle, files[name])
    (folder / "bad.txt").write_text("edgematch 2 2\n1 2 3\n")
    return Family("edgematch", edgematch, solvable, unsatisfiable, huge, verbs=EVERY_VERB, check=edgematch.verify,
                  cli_solved=["edgematch", "solve", files["solvable"]],
                  cli_unsatisfiable=["edgematch", "solve", files["unsatisfiable"]],
                  cli_limit=["edgematch", "solve", files["huge"], "--count", "--node-limit", "10"],
                  cli_bad=["edgematch", "solve", str(folder / "bad.txt")])


def _all_different(size: int, values: int) -> Any:
    from cassetete import narrowing

    model = narrowing.Model()
    model.add_all_different([model.int_var(0, values - 1, name=f"x{k}") for k in range(size)])
    return model


def _narrowing() -> Family:
    from cassetete import narrowing

    return Family("narrowing", narrowing, solvable=_all_different(3, 3), unsatisfiable=_all_different(3, 2),
                  huge=_all_different(40, 40), verbs=("solve", "solutions", "count_solutions", "verify", "render"),
                  check=narrowing.verify)


FAMILIES = [_sudoku(), _exactcover(), _polyomino(), _shikaku(), _hashi(), _edgematch(), _narrowing()]
IDS = [f.name for f in FAMILIES]


@pytest.fixture(params=FAMILIES, ids=IDS)
def family(request) -> Family:
    return request.param


def test_every_verb_exists(family):
    missing = [verb for verb in family.verbs if not callable(getattr(family.module, verb, None))]
    assert not missing, f"{family.name} lacks {missing}"


def test_solve_returns_a_checked_result_that_keeps_its_puzzle(family):
    result = family.module.solve(family.solvable)
    assert isinstance(result, Result) and result.status == "solved"
    assert family.check(family.solvable, result.solution)
    assert result.puzzle is not None and result.family == family.name
    assert {"nodes", "seconds"} <= set(result.stats)


def test_unsatisfiable_is_a_status_not_an_error(family):
    result = family.module.solve(family.unsatisfiable)
    assert result.status == "unsatisfiable" and result.solution is None
    assert family.module.count_solutions(family.unsatisfiable) == 0


@pytest.mark.parametrize("option, value", [("time_limit", "x"), ("time_limit", -1.0), ("time_limit", float("nan")),
                                           ("node_limit", 1.5), ("node_limit", -3), ("node_limit", True)])
def test_bad_limit_values_are_puzzle_errors(family, option, value):
    with pytest.raises(PuzzleError, match=option):
        family.module.solve(family.solvable, **{option: value})
    with pytest.raises(PuzzleError, match=option):
        family.module.count_solutions(family.solvable, **{option: value})


@pytest.mark.parametrize("value", [2.5, 0, -1, "2"])
def test_bad_count_limits_are_puzzle_errors(family, value):
    with pytest.raises(PuzzleError, match="limit"):
        family.module.count_solutions(family.solvable, limit=value)
    with pytest.raises(PuzzleError, match="limit"):
        family.module.solutions(family.solvable, limit=value)


def test_a_count_stopped_by_a_limit_is_never_a_plain_int(family):
    with pytest.raises(LimitReached) as stopped:
        family.module.count_solutions(family.huge, node_limit=10, **family.huge_options)
    assert stopped.value.count >= 0 and stopped.value.stats["stop"] == "node_limit"
    assert isinstance(stopped.value, TimeoutError)
    with pytest.raises(LimitReached):
        family.module.count_solutions(family.huge, time_limit=0, **family.huge_options)


def test_a_user_limit_caps_the_count(family):
    assert family.module.count_solutions(family.huge, limit=3, **family.huge_options) == 3


def test_solutions_stream_before_the_search_ends(family):
    # The count is far beyond what any machine enumerates in a test run: the first items can
    # only arrive if the generator streams them.
    stream = family.module.solutions(family.huge, **family.huge_options)
    first = [next(stream) for _ in range(3)]
    stream.close()
    assert all(family.check(family.huge, s) for s in first)


def test_a_stream_cut_short_by_a_limit_says_so(family):
    found = []
    with pytest.raises(LimitReached) as stopped:
        for solution in family.module.solutions(family.huge, node_limit=50, **family.huge_options):
            found.append(solution)
    assert stopped.value.count == len(found)


def test_results_pickle_and_compare(family):
    result = family.module.solve(family.solvable)
    clone = pickle.loads(pickle.dumps(result))
    assert clone == result and not (clone != result)
    assert repr(clone).startswith("Result(status='solved'")
    other = family.module.solve(family.unsatisfiable)
    assert other != result


def test_render_text_and_valid_svg(family):
    result = family.module.solve(family.solvable)
    text = family.module.render(family.solvable, result.solution, format="text")
    assert isinstance(text, str) and text.strip()
    svg = family.module.render(family.solvable, result.solution, format="svg")
    assert ET.fromstring(svg).tag.endswith("svg")
    assert ET.fromstring(result.to_svg()).tag.endswith("svg")
    assert result._repr_svg_() == result.to_svg()
    with pytest.raises(PuzzleError):
        family.module.render(family.solvable, result.solution, format="png")


def _run(argv, capsys):
    code = main(argv)
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    return code, captured


CLI_FAMILIES = [f for f in FAMILIES if f.cli_solved]


@pytest.mark.parametrize("fam", CLI_FAMILIES, ids=[f.name for f in CLI_FAMILIES])
def test_cli_exit_codes(fam, capsys):
    assert _run(fam.cli_solved, capsys)[0] == 0
    assert _run(fam.cli_unsatisfiable, capsys)[0] == 1
    code, captured = _run(fam.cli_bad, capsys)
    assert code == 2 and captured.err.startswith("cassetete: error:")
    assert _run(fam.cli_limit, capsys)[0] == 3


@pytest.mark.parametrize("fam", CLI_FAMILIES, ids=[f.name for f in CLI_FAMILIES])
def test_cli_json_parses(fam, capsys):
    code, captured = _run(fam.cli_solved + ["--json"], capsys)
    records = [json.loads(line) for line in captured.out.splitlines()]
    assert code == 0 and records and all(r["status"] == "solved" for r in records)


def test_cli_version(capsys):
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0 and cassetete.__version__ in capsys.readouterr().out


def test_missing_files_and_directories_are_named(tmp_path):
    for family in FAMILIES:
        load = getattr(family.module, "load", None)
        if load is None:
            continue
        with pytest.raises(PuzzleError, match="no such file"):
            load(str(tmp_path / "absent.txt"))
        with pytest.raises(PuzzleError, match="directory"):
            load(str(tmp_path))


# ---- every option's bad values, in every family (jigsaw and narrowing included) ----------------

def _jigsaw_puzzle() -> Any:
    from cassetete import jigsaw

    return jigsaw.generate(2, 2, seed=1)[0]


def _narrowing_model(n: int = 4) -> Any:
    from cassetete import narrowing

    model = narrowing.Model()
    xs = [model.int_var(0, n - 1, name=f"x{i}") for i in range(n)]
    model.add_all_different(xs)  # n! solutions
    return model


def _option_calls() -> List[tuple]:
    """(family, verb, call) for every verb of every family, the puzzle already given: the options
    each takes are read from its signature."""
    from cassetete import edgematch, hashi, jigsaw, shikaku, sudoku

    calls = []
    for fam in FAMILIES:
        for verb in ("solve", "solutions", "count_solutions"):  # count: a deprecated alias (test_count_solutions_name)
            if callable(getattr(fam.module, verb, None)):
                calls.append((fam.name, verb, getattr(fam.module, verb), (fam.solvable,)))
        for verb in ("solve_many", "count_solutions_many"):
            if callable(getattr(fam.module, verb, None)):
                calls.append((fam.name, verb, getattr(fam.module, verb), ([fam.solvable],)))
    calls += [("sudoku", "generate", sudoku.generate, ((2, 2),)), ("shikaku", "generate", shikaku.generate, (4, 4)),
              ("hashi", "generate", hashi.generate, (6,)), ("edgematch", "generate", edgematch.generate, (3, 3)),
              ("jigsaw", "solve", jigsaw.solve, (_jigsaw_puzzle(),)), ("jigsaw", "generate", jigsaw.generate, (2, 2))]
    model = _narrowing_model()
    calls += [("narrowing", verb, getattr(model, verb), ()) for verb in ("solve", "solutions", "count_solutions")]
    return calls


BAD_OPTION_VALUES = {"seed": ["x", -1.5, -1], "workers": ["x", 0, 1.5], "method": ["nope"], "progress": ["x"],
                     "time_limit": ["x", -1.0], "node_limit": [1.5, -3], "limit": [2.5, 0]}

def _option_cases() -> List[Any]:
    import inspect

    cases = []
    for family, verb, call, args in _option_calls():
        parameters = inspect.signature(call).parameters
        for option, values in BAD_OPTION_VALUES.items():
            if option not in parameters:
                continue
            for value in values:
                cases.append(pytest.param(call, args, option, value, id=f"{family}.{verb}-{option}={value!r}"))
    return cases


@pytest.mark.parametrize("call, args, option, value", _option_cases())
def test_every_bad_option_value_is_a_puzzle_error(call, args, option, value):
    with pytest.raises(PuzzleError, match=option):
        out = call(*args, **{option: value})
        if hasattr(out, "__next__"):  # a generator checks its options when the stream starts at the latest
            next(out)


def test_every_family_takes_the_shared_options_somewhere():
    import inspect

    taken: Dict[str, set] = {}
    for family, _verb, call, _args in _option_calls():
        taken.setdefault(family, set()).update(inspect.signature(call).parameters)
    for family, names in taken.items():
        assert {"time_limit"} <= names, family
    assert {"seed", "method"} <= taken["jigsaw"] and {"workers", "progress"} <= taken["narrowing"]


def _generate_size_calls() -> List[Any]:
    from cassetete import edgematch, hashi, jigsaw, narrowing, shikaku, sudoku

    return [
        pytest.param(lambda: sudoku.generate(2.5), id="sudoku-2.5"),
        pytest.param(lambda: sudoku.generate((2, 2.5)), id="sudoku-(2,2.5)"),
        pytest.param(lambda: shikaku.generate(2.5, 4), id="shikaku-2.5"),
        pytest.param(lambda: shikaku.generate(4, "4"), id="shikaku-'4'"),
        pytest.param(lambda: hashi.generate(2.5), id="hashi-2.5"),
        pytest.param(lambda: hashi.generate(6, size=2.5), id="hashi-size=2.5"),
        pytest.param(lambda: edgematch.generate(2.5, 3), id="edgematch-2.5"),
        pytest.param(lambda: edgematch.generate(3, -3), id="edgematch--3"),
        pytest.param(lambda: jigsaw.generate(2.5, 3), id="jigsaw-2.5"),
        pytest.param(lambda: jigsaw.generate(2, "3"), id="jigsaw-'3'"),
        pytest.param(lambda: narrowing.packing_model((2.5, 20)), id="narrowing-2.5"),
    ]


@pytest.mark.parametrize("call", _generate_size_calls())
def test_generate_with_a_bad_size_is_a_puzzle_error(call):
    with pytest.raises(PuzzleError):
        call()


# ---- narrowing and jigsaw on the rest of the contract (their verbs: Model methods, module solve) ----

def test_narrowing_counts_never_lie_and_streams_stream():
    model = _narrowing_model(4)
    solutions = list(model.solutions())
    assert model.count_solutions() == len(solutions) == len({tuple(sorted(s.items())) for s in solutions})
    assert all(sorted(s.values()) == [0, 1, 2, 3] for s in solutions)  # all different, from the rule
    huge = _narrowing_model(12)  # 12! = 479,001,600 solutions
    with pytest.raises(LimitReached) as stopped:
        huge.count_solutions(node_limit=10)
    assert stopped.value.count >= 0 and isinstance(stopped.value, TimeoutError)
    assert huge.count_solutions(limit=3) == 3
    stream = huge.solutions()
    first = [next(stream) for _ in range(3)]
    stream.close()
    assert all(sorted(s.values()) == list(range(12)) for s in first)


def test_narrowing_result_statuses_and_pickle():
    model = _narrowing_model(3)
    result = model.solve()
    assert result.status == "solved" and sorted(result.solution.values()) == [0, 1, 2]
    assert _narrowing_model(12).solve(node_limit=0).status in ("limit", "solved")
    from cassetete import narrowing

    empty = narrowing.Model()
    a, b = empty.int_var(0, 0, name="a"), empty.int_var(0, 0, name="b")
    empty.add_all_different([a, b])
    assert empty.solve().status == "unsatisfiable" and empty.count_solutions() == 0
    clone = pickle.loads(pickle.dumps(result))
    assert clone.status == result.status and clone.solution == result.solution


def test_jigsaw_solve_checks_its_answer_and_limits():
    from cassetete import jigsaw

    puzzle, truth = jigsaw.generate(2, 2, seed=3)
    result = jigsaw.solve(puzzle)
    assert isinstance(result, Result) and result.status == "solved"
    assert result.solution.shape == (2, 2, 2)
    placed = sorted(int(v) for v in result.solution[:, :, 0].ravel())
    assert placed == list(range(4))  # every piece exactly once
    assert {"nodes", "seconds"} <= set(result.stats)
    for option, value in (("time_limit", "x"), ("node_limit", 1.5)):
        with pytest.raises(PuzzleError, match=option):
            jigsaw.solve(puzzle, **{option: value})
    svg = jigsaw.render(puzzle, result.solution, format="svg")
    assert ET.fromstring(svg).tag.endswith("svg")


def test_exactcover_has_no_command_line_yet():
    # If one is added, its exit codes join test_cli_exit_codes through Family.cli_*.
    with pytest.raises(SystemExit) as done:
        main(["exactcover", "--help"])
    assert done.value.code == 2


def test_jigsaw_reads_and_writes_its_pieces_file_and_verifies_boards(tmp_path):
    # issue 27: jigsaw had no parse, load, format, dump or verify; a scan is now segmented once,
    # saved as a pieces file and solved from it many times
    from cassetete import jigsaw

    for verb in ("parse", "load", "format", "dump", "solve", "verify", "render", "generate"):
        assert callable(getattr(jigsaw, verb, None)), verb
    puzzle, _truth = jigsaw.generate(3, 4, seed=5, piece_size=40)
    path = tmp_path / "pieces.json"
    jigsaw.dump(puzzle, str(path))
    again = jigsaw.load(str(path))
    assert again == puzzle and jigsaw.parse(jigsaw.format(puzzle)) == puzzle
    board = jigsaw.solve(again).solution
    assert jigsaw.verify(puzzle, board) is True
    assert jigsaw.verify(puzzle, board, tolerance=1.0) is True
    swapped = board.copy()
    swapped[0, 0], swapped[0, 1] = board[0, 1].copy(), board[0, 0].copy()
    assert jigsaw.verify(puzzle, swapped) is False  # pieces once, but the rim or a join breaks
    for malformed in (board[:2], board[:, :, :1], board.astype(float), board + [[[100, 0]]], None):
        with pytest.raises(PuzzleError):
            jigsaw.verify(puzzle, malformed)
    with pytest.raises(PuzzleError, match="not valid JSON"):
        jigsaw.parse("{pieces")
