"""`python bench/reproduce.py --quick` (issue 31): every reproduction of the five papers runs and
none fails, so no bench script can go stale unnoticed.

The whole quick mode runs once (one subprocess, about 40 s on the 2-core CI machine), with
--json; the tests read its rows. Nothing here measures time: the quick checks use iteration and
node limits, counts and shapes, not speeds. Skipped under the sanitizer builds (.ci/sanitize
runs the suite again on instrumented code, several times slower; the reproductions exercise no
C++ path the rest of the suite does not).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "bench" / "reproduce.py"
PARTS = ["gilleta.table", "schaus_deville.table1", "schaus_deville.fig4", "schaus_deville.fig5", "schaus_deville.fig6",
         "schaus_deville.section5", "rafaralahy.shikaku", "rafaralahy.hashi", "behague.labels",
         "behague.approximations", "behague.exact", "sudoku_notes.notes"]
KEYS = {"paper", "table", "row", "quantity", "method", "theirs", "ours", "tolerance", "status", "must", "reproduction"}

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not SCRIPT.exists(), reason="bench/ is not beside the tests (installed package only)"),
    pytest.mark.skipif(bool(os.environ.get("CASSETETE_SANITIZED")), reason="not under the sanitizer builds"),
]


def _run(*args: str, tmp: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(SCRIPT), *args], cwd=str(ROOT), capture_output=True, text=True,
                          timeout=1800, env={**os.environ, "MPLBACKEND": "Agg"})


@pytest.fixture(scope="module")
def quick(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("reproduce")
    out = tmp / "quick.json"
    proc = _run("--quick", "--no-pages", "--json", str(out), tmp=tmp)
    data = json.loads(out.read_text()) if out.exists() else None
    return proc, data


def test_quick_exits_zero_and_writes_json(quick):
    proc, data = quick
    assert data is not None, proc.stdout[-3000:] + proc.stderr[-3000:]
    failed = [r for r in data["rows"] if r["status"] in ("FAIL", "error")]
    assert proc.returncode == 0 and data["ok"] and not failed, (failed, proc.stdout[-3000:], proc.stderr[-3000:])
    assert data["mode"] == "quick"


def test_every_part_ran(quick):
    _, data = quick
    assert sorted(data["parts"]) == sorted(PARTS)
    for row in data["rows"]:
        assert KEYS <= set(row), row


@pytest.mark.parametrize("part", PARTS)
def test_every_part_checks_something_that_can_fail(quick, part):
    """A part whose rows are all `info` could never fail: each has compared rows (must or not)."""
    _, data = quick
    rows = [r for r in data["rows"] if f"{r['paper']}.{r['reproduction']}" == part]
    assert rows, part
    assert any(r["must"] and r["status"] == "match" for r in rows), rows


def test_paper_values_present(quick):
    """Spot checks of values the papers print, as the JSON carries them."""
    _, data = quick
    by = {(r["paper"], r["table"], r["row"], r["quantity"], r["method"]): r for r in data["rows"]}
    row = by["gilleta", "section 7 table", "6x10", "solutions up to symmetry (paper: 2 339)", "polyomino.count"]
    assert (row["theirs"], row["ours"], row["status"]) == (2339, 2339, "match")
    row = by["schaus_deville", "table 1", "figure 3 example", "weight of the maximum matching", "max_weight_assignment"]
    assert (row["theirs"], row["ours"]) == (13, 13)
    fib = [r for r in data["rows"] if r["table"] == "figure 18" and r["quantity"] == "solutions = F(n-2)"]
    assert fib and all(r["status"] == "match" for r in fib)


FIGURES = {("schaus_deville", "figure 4"), ("schaus_deville", "figure 5"), ("schaus_deville", "figure 6"),
           ("rafaralahy", "figure 6"), ("rafaralahy", "figure 7"), ("rafaralahy", "figure 10"),
           ("rafaralahy", "figure 12"), ("rafaralahy", "figure 13")}


def test_every_figure_of_the_papers_has_its_picture(quick):
    """Each figure the papers draw comes with the values of its picture (a point per x, a box
    of samples per start), in the JSON as on the page; figure 5's bars are the solved counts of its rows."""
    _, data = quick
    plots = {(p["paper"], p["figure"]): p for p in data["plots"]}
    assert set(plots) == FIGURES
    for spec in plots.values():
        assert spec["kind"] in ("line", "bars", "box") and spec["x"], spec
        for label, values in spec["series"].items():
            assert len(values) == len(spec["x"]) or spec["kind"] == "box", (spec["figure"], label)
    fig5 = plots["schaus_deville", "figure 5"]
    solved = {(r["method"], int(r["row"].split()[0])): r["ours"] for r in data["rows"]
              if r["table"] == "figure 5" and r["quantity"].startswith("relaxed problems solved")}
    for method, values in fig5["series"].items():
        assert [solved.get((method, k)) for k in fig5["x"]] == values  # None where not run


def test_a_picture_is_a_png_of_its_values(tmp_path):
    """bench/_reproduce_plots.py draws every kind (with matplotlib, an extra)."""
    pytest.importorskip("matplotlib")
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        from _reproduce_plots import draw
    finally:
        sys.path.remove(str(ROOT / "bench"))
    for kind, series in (("line", {"a": [1, 2], "b": [2, 1]}), ("bars", {"a": [0, 3]}), ("box", {"x": [1, 2, 3], "y": [4, 5]})):
        path = tmp_path / f"{kind}.png"
        spec = {"figure": "figure 1", "kind": kind, "title": kind, "xlabel": "x", "ylabel": "y",
                "x": ["x", "y"] if kind == "box" else [1, 2], "series": series}
        assert draw(spec, path) is None
        assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    with pytest.raises(ValueError, match="unknown plot kind"):
        draw({**spec, "kind": "pie"}, tmp_path / "pie.png")


def test_only_and_list(tmp_path):
    proc = _run("--list", "--only", "schaus_deville.table1,sudoku_notes", tmp=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines()[0].startswith("schaus_deville.table1:")
    assert len(proc.stdout.splitlines()) == 2
    bad = _run("--only", "nosuchpaper", tmp=tmp_path)
    assert bad.returncode != 0 and "unknown paper" in bad.stderr


def test_a_failing_check_fails_the_command(tmp_path):
    """The exit status follows the verdicts: a wrong paper value (injected) makes it non-zero."""
    code = ("import sys; sys.path.insert(0, 'bench'); import reproduce as r; "
            "r.SCHAUS_TABLE1[0][0] = (2, 0); "
            "sys.exit(r.main(['--only', 'schaus_deville.table1', '--no-pages', '--json', sys.argv[1]]))")
    out = tmp_path / "bad.json"
    proc = subprocess.run([sys.executable, "-c", code, str(out)], cwd=str(ROOT), capture_output=True, text=True,
                          timeout=300)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    data = json.loads(out.read_text())
    assert not data["ok"] and any(r["status"] == "FAIL" for r in data["rows"])


def test_a_part_not_rerun_keeps_its_section_of_the_page(tmp_path):
    """A full run made part by part: rerunning one part keeps the page's sections of the others
    (marked as kept, with the command and date of their run) and counts their verdicts."""
    earlier = "\n".join([
        "# Reproduction: Schaus and Deville", "",
        "Command: `python bench/reproduce.py --only schaus_deville.fig4` (full: the paper’s sizes; 9 s; 2026-01-02).", "",
        "Verdicts: differs 1.", "",
        "## figure 4 (score against |S|)", "",
        "Part `schaus_deville.fig4`; scripts: bench/edgematch_local_fig4.py; 9.0 s.", "",
        "| table / figure | row | quantity | method | paper | ours | tolerance | verdict |",
        "|---|---|---|---|---|---|---|---|",
        "| figure 4 | \\|S\\| = 2 | mean best score | paper | 401 | 399 | shape | **differs** |", "",
        "## Not covered yet", "", "- old text", ""])
    (tmp_path / "reproduce_schaus_deville.md").write_text(earlier, encoding="utf-8")
    proc = _run("--only", "schaus_deville.table1", "--out", str(tmp_path), tmp=tmp_path)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    page = (tmp_path / "reproduce_schaus_deville.md").read_text(encoding="utf-8")
    assert "## table 1 (the matching of figure 3's example)" in page
    assert ("Kept from the page's previous run, not rerun by this command: `python bench/reproduce.py --only "
            "schaus_deville.fig4` (full: the paper’s sizes; 9 s; 2026-01-02).") in page
    assert "| figure 4 | \\|S\\| = 2 | mean best score | paper | 401 | 399 | shape | **differs** |" in page
    assert "differs 1," in page.split("Verdicts: ")[1].split("\n")[0]  # the kept row's verdict counted
    assert "- `schaus_deville.fig5`" in page and "- `schaus_deville.fig4`" not in page  # only the parts not kept
    assert "old text" not in page
    # the index sums the page as it stands: the kept part included, the parts without a section named
    index = (tmp_path / "reproduce.md").read_text(encoding="utf-8")
    row = next(line for line in index.splitlines() if line.startswith("| Schaus and Deville"))
    assert "| table1, fig4 | 2 | 1 | 0 | 1 |" in row, row  # table 1: 2 match, 1 info; the kept fig4: 1 differs
    assert "- Schaus and Deville, figure 4, \\|S\\| = 2: mean best score (paper): paper 401, ours 399" in index
    assert "`schaus_deville.fig5`" in index.split("Parts with no section in their page yet: ")[1]
