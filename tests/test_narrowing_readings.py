"""Readings of Gilleta, "Résolution du puzzle tridimensionnel des pentaminos" for its table of
cuts (section 7): ``narrowing="paper"`` (the same constraints as ``"occupied-placed"``: Class over
the cells of no placed piece) and ``narrowing="occupied"`` (Class over the free cells, the cell
numbers left to the Sums) give the paper's solution counts and cuts within a factor 1.5 of the
paper's on these rows; the other readings tried keep the counts, ``"literal"`` (the formulas as
written) with more cuts. The cut counts are deterministic, so they are pinned."""

from __future__ import annotations

import io

import pytest

from cassetete.narrowing import packing_model
from cassetete.narrowing._formats import format as dump_text, load

# box -> (the paper's solutions, the paper's cuts, our cuts with narrowing="occupied", with
# narrowing="occupied-placed")
PAPER = {
    (3, 20): (2, 43_080, 32_768, 42_132),
    (4, 15): (368, 771_425, 635_574, 970_903),
    (2, 3, 10): (24, 1_559_135, 1_165_348, 1_755_286),
}


@pytest.mark.parametrize("narrowing", ["occupied", "occupied-placed", "paper"])
# The larger boxes: counts of a minute or more under the sanitizers, whose code the 3x20 row runs too.
@pytest.mark.parametrize("box", [
    pytest.param(box, id="x".join(map(str, box)), marks=[pytest.mark.slow] if box != (3, 20) else [])
    for box in PAPER
])
def test_occupied_readings_give_the_papers_counts_and_cuts_within_1_5(box, narrowing):
    solutions, paper_cuts, *ours = PAPER[box]
    cuts = ours[["occupied", "occupied-placed"].index({"paper": "occupied-placed"}.get(narrowing, narrowing))]
    model = packing_model(box, narrowing=narrowing)
    assert model.count_solutions() == solutions
    assert model.last_stats["cuts"] == cuts
    assert 1 / 1.5 <= cuts / paper_cuts <= 1.5


def test_the_readings_order_their_trees():
    # the stronger the narrowing, the smaller the tree, the same solutions
    cuts = {}
    for narrowing in ("literal", "paper", "occupied-placed", "occupied", "occupied-bounds", "placement"):
        model = packing_model((3, 20), narrowing=narrowing)
        assert model.count_solutions() == 2
        cuts[narrowing] = model.last_stats["cuts"]
    assert cuts == {"literal": 65_563, "paper": 42_132, "occupied-placed": 42_132, "occupied": 32_768,
                    "occupied-bounds": 32_404, "placement": 22_877}


def test_occupied_solutions_are_certified_packings():
    model = packing_model((3, 20), narrowing="occupied")
    result = model.solve()
    assert result.status == "solved"
    assert model.check_grid(result.solution)
    assert model.last_stats["narrowings"]["placement"] > 0


@pytest.mark.parametrize("narrowing, note", [("occupied", "coordinates"), ("occupied-bounds", "bounds_in"),
                                             ("occupied-placed", "placed")])
def test_text_form_keeps_the_cells_mode(narrowing, note):
    model = packing_model((3, 5), pieces=["P", "U", "V"], up_to_symmetry=False, narrowing=narrowing)
    text = dump_text(model)
    assert f"cassetete_cells_{note}" in text
    again = load(io.StringIO(text))
    assert again.count_solutions() == model.count_solutions() == 4
    assert again.last_stats["cuts"] == model.last_stats["cuts"]


@pytest.mark.parametrize("narrowing", ["occupied", "paper"])
def test_the_readings_need_a_box_of_at_most_64_cells(narrowing):
    from cassetete import PuzzleError

    with pytest.raises(PuzzleError, match="at most 64 cells; narrowing='literal' takes any box"):
        packing_model((5, 13), pieces={"a": [(0, 0)], "b": [(0, 0)]}, narrowing=narrowing)


@pytest.mark.parametrize("box", [(3, 5), (5, 3)])
def test_bisect_split_keeps_the_counts(box):
    # rule 6 cut in the middle of the interval: another tree, the same solutions
    model = packing_model(box, pieces=["P", "U", "V"], up_to_symmetry=False)
    assert model.count_solutions() == 4
    first = model.last_stats["cuts"]
    assert model.count_solutions(strategy="smallest-min-bisect") == 4
    assert model.last_stats["cuts"] > first
