"""Every ``cassetete ...`` command the README and the docs show runs, on small inputs, with the
exit code it should have (issue 27).

The commands are read from the fenced code blocks of README.md and docs/*.md, so a command added
to the documentation is run here without a line of this file. The file names they use are made
here (small instances from tests/data or our own generators); a long time budget is cut to one
second (such a command must then stop on its limit: exit code 3); a command that needs what a
test cannot have (a Dask scheduler on the network) is listed in SKIPPED with the reason.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path
from typing import Dict, List

import pytest

from cassetete.cli import main

ROOT = Path(__file__).resolve().parents[1]
DATA = Path(__file__).resolve().parent / "data"
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]

SKIPPED = {"--scheduler": "needs a Dask scheduler listening on the network"}
NEEDS_EXTRA = {"--png": ("PIL", "skimage"), "scan.png": ("PIL", "skimage"), "cbc": ("pulp",)}
# Commands whose whole run would take minutes: their time budget is cut, so they stop on it.
LONG_BUDGET = re.compile(r"--time(-limit)?\s+(\d+(\.\d+)?)")


def documented_commands() -> List[str]:
    """The ``cassetete`` command lines of the fenced code blocks, without comments and redirections."""
    commands = []
    for document in DOCUMENTS:
        if not document.exists():
            continue
        inside = False
        for line in document.read_text(encoding="utf-8").splitlines():
            if line.strip().startswith("```"):
                inside = not inside
                continue
            text = line.strip()
            if inside and text.startswith("cassetete ") and "…" not in text:
                text = re.split(r"\s#\s", text)[0]
                text = re.split(r"\s>\s", text)[0].strip()
                commands.append(text)
    return list(dict.fromkeys(commands))


def _write_inputs(folder: Path) -> Dict[str, Path]:
    """The files the documented commands name, made small."""
    from cassetete import hashi, shikaku

    top = [line for line in (DATA / "sudoku" / "top1465.txt").read_text().splitlines() if line.strip()][:5]
    files = {
        "puzzles.txt": "\n".join(top) + "\n",
        "millions.txt": "\n".join(top * 4) + "\n",
        "grid.txt": "\n".join(" ".join(top[0][9 * r: 9 * r + 9]) for r in range(9)) + "\n",
        "empty.txt": "." * 81 + "\n",
        "region.txt": "########\n###..###\n###..###\n########\n########\n########\n########\n########\n",
        "big.txt": shikaku.format(shikaku.generate(8, 8, seed=3, unique=True), format="grid"),
        "puzzle.txt": shikaku.format(shikaku.generate(6, 6, seed=4, unique=True), format="grid"),
        "puzzle.has": hashi.format(hashi.generate(12, seed=1, unique=True), format="has"),
    }
    paths = {}
    for name, text in files.items():
        paths[name] = folder / name
        paths[name].write_text(text)
    paths["../shared/data/sudoku/puzzles3_magictour_top1465"] = paths["puzzles.txt"]
    return paths


def _argv(command: str, paths: Dict[str, Path]) -> List[str]:
    """The arguments of ``main``: file names made here, time budgets cut to one second."""
    text = LONG_BUDGET.sub(lambda m: m.group(0)[: m.start(2) - m.start(0)] + "1", command)
    return [str(paths[word]) if word in paths else word for word in shlex.split(text)[1:]]


def _expected(command: str) -> int:
    """0, or 3 when a time budget cut here stops a search that the documentation gives longer."""
    match = LONG_BUDGET.search(command)
    return 3 if match and float(match.group(2)) > 1 else 0


COMMANDS = documented_commands()


def test_the_documents_show_commands_of_every_family():
    from cassetete.cli import FAMILY_COMMANDS

    shown = {command.split()[1] for command in COMMANDS}
    assert set(FAMILY_COMMANDS) <= shown, set(FAMILY_COMMANDS) - shown


@pytest.mark.parametrize("command", COMMANDS)
def test_a_documented_command_runs(command, tmp_path, monkeypatch, capsys):
    for flag, reason in SKIPPED.items():
        if flag in command.split():
            pytest.skip(f"{command}: {reason}")
    for word, modules in NEEDS_EXTRA.items():
        if word in command.split():
            for module in modules:
                pytest.importorskip(module)
    monkeypatch.chdir(tmp_path)
    paths = _write_inputs(tmp_path)
    # a command that reads what an earlier documented command writes: run that one first
    for earlier in COMMANDS[: COMMANDS.index(command)]:
        if " generate " in f" {earlier} " and any(Path(w).name in command.split() for w in _outputs(earlier)):
            if not _have_extras():  # the outlines without the scan picture
                earlier = re.sub(r"\s--png\s+\S+", "", earlier)
            assert main(_argv(earlier, paths)) == 0, earlier
    capsys.readouterr()
    code = main(_argv(command, paths))
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    assert code == _expected(command), f"{command}: exit {code}\n{captured.err[-2000:]}"


def _outputs(command: str) -> List[str]:
    words = command.split()
    return [words[k + 1] for k, word in enumerate(words[:-1]) if word in ("-o", "--output", "--json", "--png")]


def _have_extras() -> bool:
    try:
        import PIL  # noqa: F401
        import skimage  # noqa: F401
    except ImportError:
        return False
    return True
