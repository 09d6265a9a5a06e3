"""``ExactCover.from_matrix`` takes a ``scipy.sparse`` matrix (issue 16: it used to refuse one):
csr, csc and coo give the solutions of the dense matrix, which a brute force over subsets of
rows, written from the definition of an exact cover, confirms."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from cassetete import PuzzleError
from cassetete.exactcover import ExactCover

sparse = pytest.importorskip("scipy.sparse")


def brute_force_covers(matrix: np.ndarray, secondary: int = 0) -> set:
    """Every set of rows covering each primary column exactly once and each secondary column at
    most once (the definition of a generalised exact cover)."""
    primary = matrix.shape[1] - secondary
    found = set()
    for size in range(1, matrix.shape[0] + 1):
        for rows in itertools.combinations(range(matrix.shape[0]), size):
            sums = matrix[list(rows)].sum(axis=0)
            if (sums[:primary] == 1).all() and (sums[primary:] <= 1).all():
                found.add(frozenset(rows))
    return found


def random_matrix(seed: int, rows: int = 12, cols: int = 7) -> np.ndarray:
    """A 0/1 matrix with a planted cover (a partition of the columns) among random rows."""
    rng = np.random.default_rng(seed)
    labels = rng.integers(0, 3, size=cols)
    planted = [labels == k for k in range(3) if (labels == k).any()]
    extra = rng.random((rows - len(planted), cols)) < 0.3
    extra[~extra.any(axis=1), 0] = True  # no empty row
    matrix = np.vstack(planted + [extra]).astype(np.int8)
    return matrix[rng.permutation(matrix.shape[0])]


def solutions_of(ec: ExactCover) -> set:
    return {frozenset(s) for s in ec.solutions()}


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("kind", ["csr", "csc", "coo"])
def test_sparse_matrix_gives_the_dense_solutions(seed, kind):
    dense = random_matrix(seed)
    expected = brute_force_covers(dense)
    assert expected  # the planted cover at least
    matrix = getattr(sparse, f"{kind}_matrix")(dense)
    assert solutions_of(ExactCover.from_matrix(matrix)) == solutions_of(ExactCover.from_matrix(dense)) == expected
    assert ExactCover.from_matrix(matrix).count_solutions() == len(expected)


@pytest.mark.parametrize("kind", ["csr", "csc"])
def test_sparse_matrix_with_secondary_columns_and_bool_data(kind):
    dense = random_matrix(11, rows=10, cols=6).astype(bool)
    dense[~dense[:, :4].any(axis=1), 0] = True  # every option has a primary item
    expected = brute_force_covers(dense.astype(np.int8), secondary=2)
    matrix = getattr(sparse, f"{kind}_array")(dense)  # the newer sparse arrays too
    assert solutions_of(ExactCover.from_matrix(matrix, secondary=2)) == expected
    assert solutions_of(ExactCover.from_matrix(dense, secondary=2)) == expected


def test_sparse_matrix_explicit_zeros_are_no_entries():
    dense = np.array([[1, 0, 1], [0, 1, 0], [1, 1, 0]], dtype=np.int8)
    # A csr matrix storing an explicit 0 at (1, 0): not an entry of the option.
    matrix = sparse.csr_matrix((np.array([1, 1, 0, 1, 1, 1]), np.array([0, 2, 0, 1, 0, 1]),
                                np.array([0, 2, 4, 6])), shape=(3, 3))
    assert solutions_of(ExactCover.from_matrix(matrix)) == brute_force_covers(dense)


def test_bad_sparse_matrices_are_puzzle_errors():
    with pytest.raises(PuzzleError, match="boolean"):
        ExactCover.from_matrix(sparse.csr_matrix(np.array([[2, 0], [0, 1]])))
    with pytest.raises(PuzzleError, match="row 1 is empty"):
        ExactCover.from_matrix(sparse.csc_matrix(np.array([[1, 1], [0, 0]])))
    with pytest.raises(PuzzleError, match="secondary"):
        ExactCover.from_matrix(sparse.csr_matrix(np.eye(2, dtype=np.int8)), secondary=3)
