"""cassetete.hashi: the ILP (HiGHS, CBC), simulated annealing and generator of Rafaralahy."""

import json
from pathlib import Path

import pytest

from cassetete import PuzzleError, hashi
from test_hashi_checker import check

DATA = Path(__file__).parent / "data" / "hashi"
CASES = [json.loads(line) for line in (DATA / "tatham.jsonl").read_text().splitlines()]


def degrees_ok(grid, bridges):
    """Rules (4)-(8) only: line, no crossing, multiplicity, island values (connectivity aside)."""
    reason = check(grid, bridges)
    return reason is None or reason == "not connected"


# ---------------------------------------------------------------- ILP
@pytest.mark.parametrize("case", CASES[:8], ids=lambda c: c["seed"])
def test_ilp_highs_with_cuts_is_exact(case):
    p = hashi.parse(case["id"])
    r = hashi.solve(p, method="ilp")
    assert r.status == "solved" and r.stats["ilp_solver"] == "highs"
    assert check(p.islands.tolist(), r.solution) is None
    assert r.stats["connected"]


def test_ilp_objective_and_none_respect_constraints_4_to_8():
    p = hashi.generate(40, seed=3)
    grid = p.islands.tolist()
    for connectivity in ("objective", "none"):
        r = hashi.solve(p, method="ilp", connectivity=connectivity)
        assert degrees_ok(grid, r.solution)
        assert r.stats["connected"] == (check(grid, r.solution) is None)
        # "solved" only for a network that keeps every rule; otherwise the best state, "limit"
        assert r.status == ("solved" if r.stats["connected"] else "limit")


def test_ilp_cuts_reconnect_a_network_that_can_split():
    # 2x2 block of 2s: 2-0-2-0 satisfies (4)-(8) but is disconnected; cuts force the ring.
    p = hashi.parse("22\n22")
    split = hashi.solve(p, method="ilp", connectivity="none")
    if not split.stats["connected"]:
        assert split.status == "limit" and split.solution is not None
    r = hashi.solve(p, method="ilp", connectivity="cuts")
    assert check(p.islands.tolist(), r.solution) is None


def test_ilp_unsatisfiable_and_bad_options():
    assert hashi.solve("3x1m2:1a2", method="ilp").status == "unsatisfiable"
    assert hashi.solve("1.1\n...\n1.1", method="ilp").status == "unsatisfiable"
    with pytest.raises(PuzzleError):
        hashi.solve("3x1m2:1a1", method="ilp", connectivity="magic")
    with pytest.raises(PuzzleError):
        hashi.solve("3x1m2:1a1", method="ilp", backend="gurobi")


def test_ilp_cbc_through_pulp():
    pytest.importorskip("pulp")
    case = CASES[3]
    p = hashi.parse(case["id"])
    r = hashi.solve(p, method="ilp", backend="cbc")
    assert r.status == "solved"
    assert check(p.islands.tolist(), r.solution) is None


# ---------------------------------------------------------------- annealing
@pytest.mark.parametrize("case", CASES[:4], ids=lambda c: c["seed"])
def test_annealing_solves_small_tatham_puzzles(case):
    p = hashi.parse(case["id"])
    r = hashi.solve(p, method="annealing", seed=1, time_limit=20)
    assert r.status == "solved"
    assert check(p.islands.tolist(), r.solution) is None


def test_annealing_same_seed_same_run_and_limits():
    p = hashi.generate(15, seed=4)
    a = hashi.solve(p, method="annealing", seed=7)
    b = hashi.solve(p, method="annealing", seed=7)
    assert a.status == b.status == "solved"
    assert a.solution == b.solution and a.stats["nodes"] == b.stats["nodes"]
    assert check(p.islands.tolist(), a.solution) is None
    stuck = hashi.solve("3x1m2:1a2", method="annealing", node_limit=10_000, seed=1)
    # the contract of optimisation methods: the best state is the solution, status "limit"
    assert stuck.status == "limit" and stuck.solution == stuck.stats["best"]
    assert not hashi.verify("3x1m2:1a2", stuck.solution)
    assert stuck.stats["seed"] == 1 and stuck.stats["stop"] == "node_limit"
    trajectory = stuck.stats["trajectory"]
    assert trajectory[0][0] == 0 and trajectory[-1][1] == stuck.stats["energy"]
    assert all(a[0] < b[0] and a[1] > b[1] for a, b in zip(trajectory, trajectory[1:]))


# ---------------------------------------------------------------- generator
@pytest.mark.parametrize("n", [4, 10, 20, 40])
def test_generated_planted_solution_is_valid(n):
    p, planted = hashi.generate(n, seed=n, with_solution=True)
    assert check(p.islands.tolist(), planted) is None
    assert p.n_islands >= 2
    assert hashi.solve(p).status == "solved"


def test_generate_same_seed_same_puzzle():
    assert hashi.generate(25, seed=9) == hashi.generate(25, seed=9)


@pytest.mark.parametrize("seed", range(6))
def test_generate_unique(seed):
    p, planted = hashi.generate(20, seed=seed, unique=True, with_solution=True)
    assert hashi.count_solutions(p, limit=2) == 1
    assert check(p.islands.tolist(), planted) is None
    assert sorted(hashi.solve(p).solution) == sorted(planted)


def test_generate_bad_arguments():
    with pytest.raises(PuzzleError):
        hashi.generate(1)
    with pytest.raises(PuzzleError):
        hashi.generate(5, size=(0, 3))
