"""The narrowing commands: counts, exit codes, JSON."""

from __future__ import annotations

import io
import json

from cassetete.cli import main
from cassetete.cli.narrowing import demo


def run(argv, capsys):
    code = main(argv)
    return code, capsys.readouterr()


def test_pentomino_count_by_narrowing(capsys):
    code, out = run(["pentomino", "count", "3x20", "--method", "narrowing"], capsys)
    assert code == 0 and out.out.startswith("3x20: 2 packings") and "cuts" in out.out


def test_narrowing_count_json_and_limits(capsys):
    code, out = run(["narrowing", "count", "3x20", "--all", "--json", "--narrowing", "placement"], capsys)
    data = json.loads(out.out)
    assert code == 0 and data["count"] == 8 and data["complete"] and data["stats"]["cuts"] > 0
    code, out = run(["narrowing", "count", "4x15", "--node-limit", "100"], capsys)
    assert code == 3 and "at least" in out.out


def test_narrowing_solve_exit_codes(capsys):
    assert run(["narrowing", "solve", "2x30"], capsys)[0] == 1
    code, out = run(["narrowing", "solve", "3x21"], capsys)
    assert code == 2 and "63 cells" in out.err and "Traceback" not in out.err
    code, out = run(["narrowing", "solve", "3x20"], capsys)
    assert code == 0 and len(out.out.splitlines()) == 4


def test_demo_shows_the_cuts():
    out = io.StringIO()
    demo(out)
    assert "3x20 has 2 pentomino packings" in out.getvalue() and "cuts" in out.getvalue()
