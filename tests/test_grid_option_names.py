"""Shikaku and Hashi name their shared options once (issue 27): the annealing's temperatures are
``initial_temperature`` and ``final_temperature`` in both (Shikaku's ``t0`` and ``t_end`` stay
as older names), the MILP solver is ``ilp_solver`` in both (``solver`` and ``backend`` stay)."""

from __future__ import annotations

import pytest

from cassetete import PuzzleError, hashi, shikaku

SHIKAKU = "4x4:a2_2b2_2c2_2_2a2a"
HASHI = "3x3m2:2a2c2a2"


@pytest.mark.parametrize("family, puzzle", [(shikaku, SHIKAKU), (hashi, HASHI)])
def test_the_annealing_temperatures_have_one_name(family, puzzle):
    result = family.solve(puzzle, method="annealing", seed=3, initial_temperature=1.5, final_temperature=0.1)
    assert result.status == "solved" and family.verify(puzzle, result.solution)
    with pytest.raises(PuzzleError):
        family.solve(puzzle, method="annealing", seed=3, initial_temperature="hot")


def test_shikaku_still_reads_the_older_names_and_refuses_both_at_once():
    older = shikaku.solve(SHIKAKU, method="annealing", seed=3, t0=1.5, t_end=0.1)
    newer = shikaku.solve(SHIKAKU, method="annealing", seed=3, initial_temperature=1.5, final_temperature=0.1)
    assert older.solution == newer.solution and older.stats["nodes"] == newer.stats["nodes"]
    with pytest.raises(PuzzleError, match="not both"):
        shikaku.solve(SHIKAKU, method="annealing", t0=1.0, initial_temperature=1.0)


@pytest.mark.parametrize("family, puzzle", [(shikaku, SHIKAKU), (hashi, HASHI)])
def test_the_ilp_solver_has_one_name(family, puzzle):
    assert family.solve(puzzle, method="ilp", ilp_solver="highs").stats["ilp_solver"] == "highs"


@pytest.mark.parametrize("family, puzzle", [(shikaku, SHIKAKU), (hashi, HASHI)])
@pytest.mark.parametrize("method", ["exact", "ilp"])
def test_a_deterministic_method_refuses_a_seed(family, puzzle, method):
    # issue 27: an option a method cannot honour is refused, never ignored (declared once, for both)
    with pytest.raises(PuzzleError, match=f"method '{method}' of {family.__name__.split('.')[-1]}.solve does not use seed"):
        family.solve(puzzle, method=method, seed=1)
    assert family.solve(puzzle, method="annealing", seed=1).stats["seed"] == 1
