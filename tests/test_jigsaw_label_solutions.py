"""Issue 17, item 6: the labelled puzzle is asked for two assemblies; one means the labels
answer, none or several mean the fit assembly decides (``stats["label_solutions"]``); and
the doubtful joins get a second look that confirms them only through a unique labelled
assembly. Answers are checked against the generator's truth (tests/jigsaw_checker.py)."""

from __future__ import annotations

import numpy as np

from cassetete import jigsaw
from cassetete.jigsaw._assemble import dissimilarities, improve_doubtful

from jigsaw_checker import assembly_correct


def test_a_clean_cut_has_one_labelled_assembly_and_the_labels_answer():
    puzzle, truth = jigsaw.generate(3, 4, seed=2)
    for method in ("labels", "auto"):
        result = jigsaw.solve(puzzle, method=method)
        assert result.stats["label_solutions"] == 1 and result.stats["label_solutions_complete"]
        assert result.stats["method"] == "labels" and result.status == "solved"
        assert assembly_correct(result.solution, truth, jigsaw.find_edges(puzzle).corners)


def test_a_square_board_counts_its_four_turns_as_one_assembly():
    puzzle, truth = jigsaw.generate(3, 3, seed=5)
    result = jigsaw.solve(puzzle, method="labels")
    assert result.stats["label_solutions"] == 1 and result.status == "solved"
    assert assembly_correct(result.solution, truth, jigsaw.find_edges(puzzle).corners)


def test_identical_labels_are_ambiguous_and_auto_falls_back_to_the_fit():
    # one class for every join: every tab fits every blank, so many boards fit the labels
    puzzle, truth = jigsaw.generate(3, 4, seed=2)
    labels_only = jigsaw.solve(puzzle, method="labels", k=1)
    assert labels_only.stats["label_solutions"] == "2+"
    # a complete assembly that keeps the rules, one of several: an answer not proved intended
    assert labels_only.status == "feasible" and labels_only.stats["unproved"] == "label_solutions"
    result = jigsaw.solve(puzzle, method="auto", k=1)
    assert result.stats["label_solutions"] == "2+" and result.stats["method"] == "fit"
    assert result.status == "solved"
    assert assembly_correct(result.solution, truth, jigsaw.find_edges(puzzle).corners)


def test_a_swap_that_improves_the_fit_is_made():
    puzzle, truth = jigsaw.generate(4, 5, seed=3)
    edges = jigsaw.find_edges(puzzle)
    diss = dissimilarities(edges)
    board = jigsaw.solve(puzzle).solution
    assert assembly_correct(board, truth, edges.corners)
    wrong = board.copy()
    wrong[1, 1], wrong[2, 3] = board[2, 3].copy(), board[1, 1].copy()   # two inner pieces exchanged
    wrong[1, 1, 1] = (wrong[1, 1, 1] + 1) % 4                            # and one of them turned
    assert not assembly_correct(wrong, truth, edges.corners)
    fixed, info = improve_doubtful(edges, diss, wrong, [((1, 1), (1, 2)), ((2, 3), (2, 4))])
    assert info["moves"] >= 1 and info["converged"]
    assert assembly_correct(fixed, truth, edges.corners)


def test_doubtful_joins_are_confirmed_only_by_a_unique_labelled_assembly():
    # a doubt threshold below every fit makes every join doubtful by cost
    puzzle, truth = jigsaw.generate(3, 4, seed=2)
    corners = jigsaw.find_edges(puzzle).corners
    unique = jigsaw.solve(puzzle, doubt_cost=1e-300)
    assert unique.stats["label_solutions"] == 1
    before = unique.stats["doubtful_before"]
    assert before > 0 and unique.stats["reexamined"]["confirmed"] == before
    assert unique.status == "solved" and unique.stats["doubtful_joins"] == 0
    assert assembly_correct(unique.solution, truth, corners)
    ambiguous = jigsaw.solve(puzzle, doubt_cost=1e-300, k=1)
    assert ambiguous.stats["label_solutions"] == "2+"
    assert ambiguous.status == "feasible" and ambiguous.stats["doubtful_joins"] > 0
    assert ambiguous.stats["reexamined"]["confirmed"] == 0
    assert np.asarray(ambiguous.solution).shape == (3, 4, 2)
