"""Classes of one tab and one blank (``jigsaw.solve(..., classes="pairs")``): every label has
exactly one partner, the labels assemble cuts exactly, and on the real scans the paper's labels
pipeline then assembles all 104 pieces (k-means leaves a label without a partner there)."""

from __future__ import annotations

import glob
from pathlib import Path

import numpy as np
import pytest
from jigsaw_checker import assembly_correct

from cassetete import PuzzleError, jigsaw

SCANS = sorted(glob.glob(str(Path(__file__).resolve().parents[2] / "shared" / "data" / "jigsaw" /
                              "m1s2_horsesNumbered" / "[0-9]*.png")))


def test_each_pair_class_holds_one_tab_and_one_blank():
    puzzle, _ = jigsaw.generate(5, 6, seed=4)
    edges = jigsaw.find_edges(puzzle)
    labels = jigsaw.pair_labels(edges, *jigsaw.encode_edges(edges))
    inner = labels[labels != 0]
    assert sorted(set(np.abs(inner).tolist())) == list(range(1, jigsaw.inner_joins(5, 6) + 1))
    for label in range(1, jigsaw.inner_joins(5, 6) + 1):
        assert (labels == label).sum() == 1 and (labels == -label).sum() == 1
    # a tab is +i and a blank -i: the signs follow the edges' kinds
    assert ((labels > 0) == (edges.kinds == jigsaw.TAB)).all() and ((labels < 0) == (edges.kinds == jigsaw.BLANK)).all()


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_pair_labels_assemble_generated_cuts(seed):
    puzzle, truth = jigsaw.generate(4, 6, seed=seed)
    result = jigsaw.solve(puzzle, method="labels", classes="pairs")
    assert result.status in ("solved", "feasible") and result.stats["class_method"] == "pairs"
    assert assembly_correct(result.solution, truth, jigsaw.find_edges(puzzle).corners)


def test_classes_are_checked():
    puzzle, _ = jigsaw.generate(3, 3, seed=1)
    with pytest.raises(PuzzleError, match="classes"):
        jigsaw.solve(puzzle, classes="spectral")
    with pytest.raises(PuzzleError, match="one class per join"):
        jigsaw.solve(puzzle, method="labels", classes="pairs", k=5)


@pytest.mark.skipif(not SCANS, reason="the real scans are in ../shared/data/jigsaw (not in the repository)")
def test_real_scans_assemble_by_labels_with_pair_classes():
    puzzle = jigsaw.JigsawPuzzle(jigsaw.read_image(SCANS))
    paper = jigsaw.solve(puzzle, method="labels")
    assert paper.status == "unsatisfiable" and "cannot match" in paper.stats["labels_error"]
    pairs = jigsaw.solve(puzzle, method="labels", classes="pairs")
    fit = jigsaw.solve(puzzle, method="fit")
    assert pairs.solution is not None and pairs.stats["label_solutions"] == 1
    assert jigsaw.board_problem(jigsaw.find_edges(puzzle), pairs.solution) is None
    turned = [np.rot90(fit.solution, -q).copy() for q in (0, 2)]
    for q, board in zip((0, 2), turned):
        board[:, :, 1] = (board[:, :, 1] + q) % 4
    assert any(np.array_equal(pairs.solution, board) for board in turned)  # the fit's board, found by labels
    # a unique assembly under pair classes confirms no doubtful join: the status stays feasible
    assert pairs.status == "feasible" and pairs.stats["doubtful_joins"] == fit.stats["doubtful_joins"]
