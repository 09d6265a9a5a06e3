"""``cassetete jigsaw``: exit codes 0 / 1 / 2 / 3, files written, no tracebacks; the demo."""

from __future__ import annotations

import io
import json

import numpy as np
import pytest

from cassetete import jigsaw
from cassetete.cli import main, run_demo


def _mixed_outlines(path):
    """A 2 x 2 cut with one piece swapped for the same piece of another cut: nothing fits it."""
    a, ta = jigsaw.generate(2, 2, seed=1, rotate=False)
    b, tb = jigsaw.generate(2, 2, seed=2, rotate=False)
    pieces = [p.contour.tolist() for p in a]
    home = int(ta.board[0, 0])
    pieces[home] = (b[int(tb.board[0, 0])].contour - b[int(tb.board[0, 0])].centroid + a[home].centroid).tolist()
    path.write_text(json.dumps({"pieces": pieces}))
    return str(path)


def test_generate_then_solve_a_scan(tmp_path, capsys):
    pytest.importorskip("skimage")
    scan, svg, png = tmp_path / "scan.png", tmp_path / "out.svg", tmp_path / "out.png"
    assert main(["jigsaw", "generate", "3", "4", "--seed", "5", "--piece-size", "60", "--png", str(scan)]) == 0
    assert main(["jigsaw", "solve", str(scan), "--svg", str(svg), "--png", str(png)]) == 0
    out = capsys.readouterr().out
    assert "status: solved" in out and "board: 3 x 4" in out
    assert svg.read_text().count("<path") == 12
    from PIL import Image

    assert Image.open(png).size[0] > 4 * 50


def test_solve_outlines_from_json(tmp_path, capsys):
    path = tmp_path / "cut.json"
    assert main(["jigsaw", "generate", "3", "3", "--seed", "2", "--json", str(path)]) == 0
    capsys.readouterr()
    assert main(["jigsaw", "solve", str(path), "--json"]) == 0
    payload = json.loads(capsys.readouterr().out)
    assert payload["status"] == "solved" and np.asarray(payload["solution"]).shape == (3, 3, 2)


def test_exit_codes_for_no_solution_and_doubtful_joins(tmp_path, capsys):
    path = _mixed_outlines(tmp_path / "mixed.json")
    assert main(["jigsaw", "solve", path, "--method", "labels"]) == 1
    assert main(["jigsaw", "solve", path, "--method", "fit"]) == 3
    out = capsys.readouterr().out
    assert "status: limit" in out


@pytest.mark.parametrize("content, message", [
    (None, "no such file"), ("{not json", "not valid JSON"), ('{"pieces": 3}', "expected a list"),
    ('[[[0, 0], [1, 0], [1, 1]]]', "at least 8"),
])
def test_bad_input_exit_2_without_traceback(tmp_path, capsys, content, message):
    path = tmp_path / "bad.json"
    if content is not None:
        path.write_text(content)
    assert main(["jigsaw", "solve", str(path)]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err and err.count("\n") == 1


def test_unreadable_image_exit_2(tmp_path, capsys):
    pytest.importorskip("skimage")
    junk = tmp_path / "scan.png"
    junk.write_bytes(b"\x89PNG broken")
    assert main(["jigsaw", "solve", str(junk)]) == 2
    assert "cannot read image" in capsys.readouterr().err


def test_demo_includes_the_jigsaw():
    out = io.StringIO()
    run_demo(None, out)
    text = out.getvalue()
    assert "== jigsaw:" in text and "solved; doubtful joins: 0 of 38" in text


def test_limits_on_the_command_line(tmp_path, capsys):
    path = tmp_path / "cut.json"
    assert main(["jigsaw", "generate", "3", "3", "--seed", "4", "--json", str(path)]) == 0
    assert main(["jigsaw", "solve", str(path), "--method", "fit", "--time-limit", "0"]) == 3
    assert main(["jigsaw", "solve", str(path), "--time-limit", "-1"]) == 2
    assert "time_limit" in capsys.readouterr().err


class _Stdin:
    """A stand-in for sys.stdin whose ``buffer`` holds the given bytes."""

    def __init__(self, data: bytes) -> None:
        self.buffer = io.BytesIO(data)


def test_solve_reads_outlines_from_stdin(tmp_path, capsys, monkeypatch):
    """Issue 16: '-' reads standard input (JSON outlines)."""
    from jigsaw_checker import assembly_correct

    puzzle, truth = jigsaw.generate(3, 4, seed=6)
    data = json.dumps({"pieces": [p.contour.tolist() for p in puzzle]}).encode()
    monkeypatch.setattr("sys.stdin", _Stdin(data))
    assert main(["jigsaw", "solve", "-", "--json"]) == 0
    payload = json.loads(capsys.readouterr().out)
    assert payload["status"] == "solved"
    assert assembly_correct(payload["solution"], truth, jigsaw.find_edges(puzzle).corners)


def test_solve_reads_a_scan_from_stdin(tmp_path, capsys, monkeypatch):
    pytest.importorskip("skimage")
    scan = tmp_path / "scan.png"
    assert main(["jigsaw", "generate", "3", "3", "--seed", "5", "--piece-size", "60", "--png", str(scan)]) == 0
    capsys.readouterr()
    monkeypatch.setattr("sys.stdin", _Stdin(scan.read_bytes()))
    assert main(["jigsaw", "solve", "-"]) == 0
    assert "status: solved" in capsys.readouterr().out


@pytest.mark.parametrize("data, message", [(b"", "empty input"), (b"not a puzzle", "neither JSON outlines nor"),
                                           (b'{"pieces": 3}', "expected a list")])
def test_bad_stdin_exit_2(capsys, monkeypatch, data, message):
    monkeypatch.setattr("sys.stdin", _Stdin(data))
    assert main(["jigsaw", "solve", "-"]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_written_files_are_closed(tmp_path, capsys):
    """Issue 16: generate --json and solve --svg close their files (no ResourceWarning)."""
    import gc
    import warnings

    cut, svg = tmp_path / "cut.json", tmp_path / "out.svg"
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert main(["jigsaw", "generate", "3", "3", "--seed", "2", "--json", str(cut)]) == 0
        assert main(["jigsaw", "solve", str(cut), "--svg", str(svg)]) == 0
        gc.collect()
    assert not [w for w in caught if issubclass(w.category, ResourceWarning)]
    assert json.loads(cut.read_text())["pieces"] and svg.read_text().count("<path") == 9
