"""The ``cassetete sudoku`` command line and Ctrl-C during long searches."""

from __future__ import annotations

import io
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from cassetete import sudoku
from cassetete.cli import main
from sudoku_checker import decode_line, is_solution

DATA = Path(__file__).parent / "data" / "sudoku"
TOP1465 = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"


def test_solve_many_lines(tmp_path, capsys):
    lines = (DATA / "top1465.txt").read_text().splitlines()[:20]
    source = tmp_path / "p.txt"
    source.write_text("\n".join(lines) + "\n")
    assert main(["sudoku", "solve", str(source)]) == 0
    out = capsys.readouterr().out.split()
    assert len(out) == 20
    for line, answer in zip(lines, out):
        assert is_solution(decode_line(line), decode_line(answer), (3, 3))


def test_solve_seed_format_with_count_explain_svg(tmp_path, capsys):
    source = tmp_path / "grid.txt"
    source.write_text(sudoku.parse(TOP1465).to_grid_text())
    svg = tmp_path / "out.svg"
    assert main(["sudoku", "solve", str(source), "--count", "--explain", "--svg", str(svg)]) == 0
    out = capsys.readouterr().out
    assert "solutions: 1" in out and "exclusivity: removes" in out
    assert svg.read_text().startswith("<svg")
    grid_lines = [line for line in out.splitlines() if len(line.split()) == 9 and line.split()[0].isdigit()
                  and all(tok.isdigit() for tok in line.split())]
    answer = [int(tok) for line in grid_lines[-9:] for tok in line.split()]
    assert is_solution(decode_line(TOP1465), answer, (3, 3))


def test_solve_stdin_and_unsatisfiable_exit_code(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO("12345678." + "........9" + "." * 63 + "\n"))
    assert main(["sudoku", "solve", "-"]) == 1
    assert "unsatisfiable" in capsys.readouterr().out


def test_bad_input_exit_code_2(tmp_path, capsys):
    bad = tmp_path / "bad.txt"
    bad.write_text("." * 80 + "\n")
    assert main(["sudoku", "solve", str(bad)]) == 2
    assert "line 1" in capsys.readouterr().err
    assert main(["sudoku", "solve", str(tmp_path / "missing.txt")]) == 2


def test_generate_and_bench(tmp_path, capsys):
    assert main(["sudoku", "generate", "--seed", "4", "-n", "3", "--rate"]) == 0
    out = capsys.readouterr().out.splitlines()
    puzzles = [line for line in out if not line.startswith("#")]
    assert len(puzzles) == 3 and all(sudoku.count_solutions(p) == 1 for p in puzzles)
    assert sum(line.startswith("# clues") for line in out) == 3
    source = tmp_path / "gen.txt"
    source.write_text("\n".join(puzzles) + "\n")
    assert main(["sudoku", "bench", str(source), "--limit", "2"]) == 0
    assert "puzzles 3  solved 3  several-solutions 0" in capsys.readouterr().out
    assert main(["sudoku", "generate", "--box", "2", "3", "--seed", "1"]) == 0
    six = capsys.readouterr().out.strip()
    assert sudoku.count_solutions(sudoku.parse(six, box=(2, 3))) == 1


def test_python_dash_m_and_demo():
    done = subprocess.run([sys.executable, "-m", "cassetete", "sudoku", "solve", TOP1465],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0
    assert "4 6 8 9 3 1 5 2 7" in done.stdout
    demo = subprocess.run([sys.executable, "-m", "cassetete", "demo"], capture_output=True, text=True, timeout=300)
    assert demo.returncode == 0 and "== Sudoku" in demo.stdout


LONG_SEARCHES = {
    "count": "sudoku.count_solutions('.' * 81, limit=None)",
    "batch": "sudoku.solve_many(['.' * 81] * 4, limit=None, workers=2)",
    "stream": "[None for _ in sudoku.solutions('.' * 81)]",
}


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
@pytest.mark.parametrize("kind", sorted(LONG_SEARCHES))
def test_sigint_stops_a_long_search_within_one_second(kind):
    script = textwrap.dedent(f"""
        import sys
        from cassetete import sudoku
        sudoku.solve('.' * 81)  # warm up imports before announcing
        print('ready', flush=True)
        try:
            {LONG_SEARCHES[kind]}
        except KeyboardInterrupt:
            print('interrupted', flush=True)
            sys.exit(3)
        print('finished', flush=True)
    """)
    process = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    assert process.stdout.readline().strip() == "ready"
    time.sleep(0.5)
    start = time.monotonic()
    process.send_signal(signal.SIGINT)
    try:
        process.wait(timeout=10)
    finally:
        process.kill()
    elapsed = time.monotonic() - start
    assert process.returncode == 3, process.stdout.read()
    assert elapsed < 1.0


def test_batch_path_with_count_matches_single_path(tmp_path, capsys):
    lines = (DATA / "serg_first1000.txt").read_text().splitlines()[:5] + [TOP1465]
    source = tmp_path / "p.txt"
    source.write_text("\n".join(lines) + "\n")
    assert main(["sudoku", "solve", str(source), "--count"]) == 0
    batch = capsys.readouterr().out.splitlines()
    assert main(["sudoku", "solve", str(source), "--count", "--rules", "exclusivity", "uniqueness"]) == 0
    single = capsys.readouterr().out.splitlines()
    assert [l for l in batch if l.startswith("solutions")] == [l for l in single if l.startswith("solutions")]
    assert batch.count("solutions: 2+") == 5 and batch[-1] == "solutions: 1"
    answers = [l for l in batch if not l.startswith("solutions")]
    for line, answer in zip(lines, answers):
        assert is_solution(decode_line(line), decode_line(answer), (3, 3))


def test_batch_reports_duplicate_clues_with_puzzle_number(tmp_path, capsys):
    source = tmp_path / "p.txt"
    source.write_text(TOP1465 + "\n" + "11" + "." * 79 + "\n")
    assert main(["sudoku", "solve", str(source)]) == 2
    assert "puzzle 2 (line 2): duplicate clue 1 in row 1" in capsys.readouterr().err
