"""Issue 17: the labels use the chain code by default, the encoding that survives scanning
(bench/results/jigsaw_accuracy.md: 21 of 45 rendered scans assembled by the labels alone,
against 1 of 45 for the ordinates)."""

from __future__ import annotations

import inspect

import pytest

from cassetete import jigsaw

from jigsaw_checker import assembly_correct, truth_for


def test_the_default_encoding_is_the_chain_code():
    assert inspect.signature(jigsaw.solve).parameters["encoding"].default == "chain"
    puzzle, truth = jigsaw.generate(3, 4, seed=2)
    result = jigsaw.solve(puzzle, method="labels")
    assert result.stats["encoding"] == "chain" and result.status == "solved"
    assert assembly_correct(result.solution, truth, jigsaw.find_edges(puzzle).corners)


def test_a_rendered_scan_assembles_from_the_labels_alone():
    pytest.importorskip("skimage")
    puzzle, truth = jigsaw.generate(6, 8, seed=1, piece_size=100)
    image = jigsaw.render_scan(puzzle, blur=0.7, noise=0.01, labels=True, border=True, seed=1)
    found = jigsaw.JigsawPuzzle(jigsaw.read_image(image))
    result = jigsaw.solve(found, method="labels")
    assert result.status == "solved"
    assert assembly_correct(result.solution, truth_for(found, puzzle, truth), jigsaw.find_edges(found).corners)
