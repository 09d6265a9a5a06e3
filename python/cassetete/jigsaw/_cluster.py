"""Edge classes: k-means on the encodings (Béhague, "Résolution de puzzles dépourvus
d'indice graphique" (2024), section 2.2 and annex algorithm 2), turned into the signed labels
of PUZZLE: 0 flat, +i a tab, -i the blank that fits it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

import numpy as np

from .._errors import PuzzleError
from .._options import check_choice, check_count, check_seed
from ._edges import BLANK, TAB, EdgeSet

INITS = ("tabs", "kmeans++")
#: How edges are grouped into classes: ``"kmeans"`` (the paper's annex algorithm 2) or ``"pairs"``
#: (one tab and one blank per class, see :func:`pair_labels`).
CLASSES = ("kmeans", "pairs")


@dataclass
class Clusters:
    """k-means outcome: ``assignment`` (e,) cluster of each feature row, ``centres`` (k, d),
    ``iterations`` of the loop, ``seed`` used by a random start.

    Example:
        >>> clusters = kmeans(np.array([[0.0], [0.1], [5.0], [5.2]]), 2, seed=0)
        >>> a = clusters.assignment.tolist()
        >>> a[0] == a[1] != a[2] == a[3], clusters.centres.shape
        (True, (2, 1))
    """

    assignment: np.ndarray
    centres: np.ndarray
    iterations: int
    seed: Optional[int] = None


def _sq_distances(x: np.ndarray, c: np.ndarray) -> np.ndarray:
    d = (x * x).sum(1)[:, None] - 2.0 * x @ c.T + (c * c).sum(1)[None, :]
    return np.maximum(d, 0.0)


def kmeans(features: np.ndarray, k: int, *, init="kmeans++", seed=None, max_iterations: int = 300) -> Clusters:
    """Annex algorithm 2: pick k centres (Selectionner), then repeat: every point joins its
    nearest centre (PlusProche), every centre moves to the mean of its points (NouveauCentre),
    until the centres stop moving. An empty cluster keeps its centre.

    Args:
        init: ``"kmeans++"`` (random, spread-out centres; ``seed``), or an (k, d) array of
            starting centres.

    Example:
        >>> x = np.array([[0.0], [0.1], [5.0], [5.2]])
        >>> sorted(kmeans(x, 2, seed=1).assignment.tolist())
        [0, 0, 1, 1]
    """
    x = np.asarray(features, dtype=np.float64)
    if x.ndim != 2 or not len(x):
        raise PuzzleError(f"k-means needs a non-empty (e, d) feature array, got shape {x.shape}")
    k = check_count(k, "k", 1)
    if k > len(x):
        raise PuzzleError(f"k = {k} classes for only {len(x)} edges")
    used_seed = None
    if isinstance(init, str):
        check_choice(init, "init", ("kmeans++",))
        used_seed = check_seed(seed)
        rng = np.random.default_rng(used_seed)
        chosen = [int(rng.integers(len(x)))]
        nearest = _sq_distances(x, x[chosen]).min(axis=1)
        for _ in range(1, k):
            total = nearest.sum()
            pick = int(rng.choice(len(x), p=nearest / total)) if total > 0 else int(rng.integers(len(x)))
            chosen.append(pick)
            nearest = np.minimum(nearest, _sq_distances(x, x[[pick]])[:, 0])
        centres = x[chosen].copy()
    else:
        centres = np.array(init, dtype=np.float64)
        if centres.shape != (k, x.shape[1]):
            raise PuzzleError(f"initial centres must have shape {(k, x.shape[1])}, got {centres.shape}")
    assignment = np.zeros(len(x), dtype=np.int64)
    iterations = 0
    for iterations in range(1, max_iterations + 1):  # noqa: B007 - reported after the loop
        assignment = _sq_distances(x, centres).argmin(axis=1)                 # PlusProche
        sums = np.zeros_like(centres)
        np.add.at(sums, assignment, x)
        counts = np.bincount(assignment, minlength=k)
        moved = np.where(counts[:, None] > 0, sums / np.maximum(counts, 1)[:, None], centres)  # NouveauCentre
        if np.array_equal(moved, centres):
            break
        centres = moved
    return Clusters(assignment, centres, iterations, used_seed)


def inner_joins(rows: int, cols: int) -> int:
    """2mn - m - n, the inner joins of an m x n board (one class per join).

    Example:
        >>> inner_joins(6, 8)
        82
    """
    return 2 * rows * cols - rows - cols


def edge_labels(edges: EdgeSet, features: np.ndarray, where: np.ndarray, k: Optional[int] = None,
                *, init: str = "tabs", seed=None) -> np.ndarray:
    """Signed labels (n, 4) from k-means on the matching forms of tabs and blanks (stage 4):
    a class i gets label +i on its tabs and -i on its blanks, flat edges 0.

    ``k`` defaults to the number of tabs (one class per inner join on a consistent puzzle);
    ``init="tabs"`` starts from the tabs themselves as centres (each blank then joins the tab
    nearest to it), ``"kmeans++"`` from random spread-out edges (``seed``).

    Example:
        >>> from cassetete.jigsaw import generate, find_edges, encode_edges
        >>> puzzle, truth = generate(3, 3, seed=2)
        >>> es = find_edges(puzzle)
        >>> labels = edge_labels(es, *encode_edges(es))
        >>> int(labels.max()), int((labels == 0).sum())
        (12, 12)
    """
    check_choice(init, "init", INITS)
    kinds = edges.kinds[where[:, 0], where[:, 1]]
    tabs = np.flatnonzero(kinds == TAB)
    if k is None:
        k = len(tabs)
    if not len(tabs) or not (kinds == BLANK).any():
        raise PuzzleError("the pieces have tabs but no blanks (or blanks but no tabs): no join can fit")
    if init == "tabs":
        if k != len(tabs):
            raise PuzzleError(f"init='tabs' needs k = the number of tabs ({len(tabs)}), got {k}")
        clusters = kmeans(features, k, init=features[tabs])
    else:
        clusters = kmeans(features, k, init="kmeans++", seed=seed)
    used = np.unique(clusters.assignment)
    renumber = np.zeros(k, dtype=np.int64)
    renumber[used] = np.arange(1, len(used) + 1)
    labels = np.zeros(edges.kinds.shape, dtype=np.int64)
    labels[where[:, 0], where[:, 1]] = renumber[clusters.assignment] * kinds
    return labels


def pair_labels(edges: EdgeSet, features: np.ndarray, where: np.ndarray) -> np.ndarray:
    """Signed labels (n, 4) whose classes each hold exactly one tab and one blank: k-means with one
    class per inner join under the constraint that a class is one join (a tab and the blank it
    fits). Its within-class sum of squares is the sum of the pairs' squared distances (halved),
    so the optimum is a minimum-cost perfect matching of tabs to blanks, found exactly by an
    assignment (the Hungarian method of :func:`cassetete.edgematch.max_weight_assignment`).
    A principled change to the paper's k-means (Béhague 2024, section 2.2): on real die-cut
    pieces k-means can leave a class with a tab and no blank, which makes the labelled puzzle
    unsolvable; here every label has exactly one partner.

    Example:
        >>> from cassetete.jigsaw import generate, find_edges, encode_edges
        >>> puzzle, truth = generate(3, 3, seed=2)
        >>> es = find_edges(puzzle)
        >>> labels = pair_labels(es, *encode_edges(es))
        >>> int(labels.max()), sorted(set(np.bincount(np.abs(labels[labels != 0])).tolist()) - {0})
        (12, [2])
    """
    from ..edgematch import max_weight_assignment

    kinds = edges.kinds[where[:, 0], where[:, 1]]
    tabs, blanks = np.flatnonzero(kinds == TAB), np.flatnonzero(kinds == BLANK)
    if not len(tabs) or len(tabs) != len(blanks):
        raise PuzzleError(f"{len(tabs)} tabs and {len(blanks)} blanks: one class per join needs as many of each")
    x = np.asarray(features, dtype=np.float64)
    cost = _sq_distances(x[tabs], x[blanks])
    # integer weights for the assignment: larger is better, the distances scaled to keep 6 digits
    scale = 1e6 / max(float(cost.max()), 1e-12)
    partner = max_weight_assignment(np.rint((cost.max() - cost) * scale).astype(np.int64))
    labels = np.zeros(edges.kinds.shape, dtype=np.int64)
    for number, (tab, blank) in enumerate(zip(tabs, blanks[partner]), start=1):
        labels[where[tab, 0], where[tab, 1]] = number
        labels[where[blank, 0], where[blank, 1]] = -number
    return labels
