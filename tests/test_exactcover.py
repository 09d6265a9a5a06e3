"""The exact cover engine against a brute-force reference written here (every subset of the
options checked against the definition), plus the API: streaming, limits, split, pickling and
bad input."""

from __future__ import annotations

import itertools
import pickle
import random
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import numpy as np
import pytest

from cassetete import LimitReached

import cassetete
from cassetete.exactcover import ExactCover, Subproblem, count_subproblem


def brute_force(primary, secondary, options):
    """All sets of options covering each primary item exactly once and each secondary at most once."""
    out = []
    for r in range(len(options) + 1):
        for combo in itertools.combinations(range(len(options)), r):
            counts = [0] * (primary + secondary)
            for o in combo:
                for i in options[o]:
                    counts[i] += 1
            if all(c == 1 for c in counts[:primary]) and all(c <= 1 for c in counts[primary:]):
                out.append(tuple(combo))
    return sorted(out)


def random_problem(rng, primary, secondary, n_options):
    """Random options, each with at least one primary item (Algorithm X's convention)."""
    options = []
    for _ in range(n_options):
        first = rng.randrange(primary)
        others = [i for i in range(primary + secondary) if i != first]
        options.append(sorted([first] + rng.sample(others, rng.randint(0, min(2, len(others))))))
    return options


@pytest.mark.parametrize("seed", range(40))
def test_random_problems_match_brute_force(seed):
    rng = random.Random(seed)
    primary, secondary = rng.randint(1, 6), rng.randint(0, 3)
    options = random_problem(rng, primary, secondary, rng.randint(1, 12))
    expected = brute_force(primary, secondary, options)
    ec = ExactCover.from_options(options, primary=primary, secondary=secondary)
    found = sorted(tuple(sorted(s)) for s in ec.solutions())
    assert found == expected
    assert ec.count_solutions() == len(expected)
    result = ec.solve()
    if expected:
        assert result.status == "solved" and tuple(sorted(result.solution)) in expected
    else:
        assert result.status == "unsatisfiable" and result.solution is None
    for depth in range(3):
        parts = ec.split(depth)
        assert sum(p.count_solutions() for p in parts) == len(expected)
        assert sorted(tuple(sorted(s)) for p in parts for s in p.solutions()) == expected


def test_knuth_example():
    # TAOCP 7.2.2.1 (6): items a..g, options 'c e', 'a d g', 'b c f', 'a d f', 'b g', 'd e g'.
    options = [[2, 4], [0, 3, 6], [1, 2, 5], [0, 3, 5], [1, 6], [3, 4, 6]]
    ec = ExactCover.from_options(options)
    assert [sorted(s) for s in ec.solutions()] == [[0, 3, 4]]
    assert ec.last_stats["nodes"] > 0 and ec.last_stats["rules"]["updates"] > 0


def test_from_matrix_and_add_option():
    m = np.array([[1, 0, 0], [0, 1, 1], [1, 1, 0], [0, 0, 1]], dtype=bool)
    ec = ExactCover.from_matrix(m)
    assert sorted(sorted(s) for s in ec.solutions()) == [[0, 1], [2, 3]]
    ec2 = ExactCover(3)
    for row in m:
        ec2.add_option(np.flatnonzero(row).tolist())
    assert ec2.count_solutions() == 2
    ec2.add_option([0, 1, 2])  # options added after a search are seen by the next one
    assert ec2.count_solutions() == 3


def test_solutions_stream_and_limits():
    n = 8  # all perfect matchings of K_8 as options = pairs: 105 solutions
    options = [list(p) for p in itertools.combinations(range(n), 2)]
    ec = ExactCover.from_options(options)
    gen = ec.solutions()
    first = next(gen)  # the generator yields before the search has finished
    assert len(first) == 4
    gen.close()
    assert ec.count_solutions() == 105
    assert ec.count_solutions(limit=7) == 7
    assert len(list(ec.solutions(limit=5))) == 5
    with pytest.raises(LimitReached) as stopped:
        ec.count_solutions(node_limit=3)
    assert stopped.value.count < 105 and stopped.value.stats["stop"] == "node_limit"
    assert ec.last_stats["complete"] is False
    assert ec.solve(node_limit=0).status == "limit"
    assert ec.solve(time_limit=0).status == "limit"


def test_split_over_threads_and_processes():
    options = [list(p) for p in itertools.combinations(range(10), 2)]
    ec = ExactCover.from_options(options)
    parts = ec.split(2)
    assert all(isinstance(p, Subproblem) for p in parts)
    clone = pickle.loads(pickle.dumps(parts[0]))
    assert clone.count_solutions() == parts[0].count_solutions()
    with ThreadPoolExecutor(2) as pool:
        assert sum(pool.map(count_subproblem, parts)) == 945
    with ProcessPoolExecutor(2) as pool:
        assert sum(pool.map(count_subproblem, parts)) == 945


def test_secondary_items():
    # items 0, 1 primary; 2, 3 secondary: options 0 and 2 both use item 2, so not together.
    ec = ExactCover.from_options([[0, 2], [0], [1, 2], [1, 3]], primary=2, secondary=2)
    assert sorted(sorted(s) for s in ec.solutions()) == [[0, 3], [1, 2], [1, 3]]


@pytest.mark.parametrize(
    "build, message",
    [
        (lambda: ExactCover(2).add_option([0, 2]), "out of range"),
        (lambda: ExactCover(2).add_option([1, 1]), "twice"),
        (lambda: ExactCover(2).add_option([]), "empty"),
        (lambda: ExactCover(-1), ">= 0"),
        (lambda: ExactCover.from_matrix(np.array([[0.5, 1.0]])), "boolean"),
        (lambda: ExactCover.from_matrix(np.array([[2, 1]])), "boolean"),
        (lambda: ExactCover.from_matrix(np.ones(3, dtype=bool)), "2-D"),
        (lambda: ExactCover.from_options([[0, 1]]).count_solutions(prefix=[5]), "out of range"),
        (lambda: ExactCover.from_options([[0, 1], [1]]).count_solutions(prefix=[0, 1]), "clash"),
        (lambda: ExactCover.from_options([[0]]).split(-1), ">= 0"),
        (lambda: ExactCover(2).add_option(["a"]), "integer"),
        (lambda: ExactCover(1, secondary=1).add_option([1]), "no primary item"),
    ],
)
def test_bad_input(build, message):
    with pytest.raises(cassetete.PuzzleError, match=message):
        build()


def test_limits_stop_a_long_search():
    from cassetete.polyomino import Packing

    cover = Packing("3x4x5").cover  # all 31520 packings would take minutes
    with pytest.raises(LimitReached) as stopped:
        cover.count_solutions(time_limit=0.2)
    assert stopped.value.count < 31520 and stopped.value.stats["stop"] == "time_limit"
    assert cover.last_stats["complete"] is False
    with pytest.raises(LimitReached) as stopped:
        cover.count_solutions(node_limit=5000)
    assert stopped.value.count < 31520 and cover.last_stats["stop"] == "node_limit"
    found = []
    with pytest.raises(LimitReached) as stopped:  # a stream cut short never looks complete
        for solution in cover.solutions(node_limit=20000):
            found.append(solution)
    assert stopped.value.count == len(found) < 31520 and cover.last_stats["stop"] == "node_limit"


def test_ctrl_c_interrupts_the_search():
    import signal
    import subprocess
    import sys
    import time

    code = (
        "import sys\n"
        "from cassetete.polyomino import Packing\n"
        "c = Packing('3x4x5').cover\n"
        "print('ready', flush=True)\n"
        "try:\n"
        "    c.count_solutions()\n"
        "except KeyboardInterrupt:\n"
        "    print('interrupted', flush=True)\n"
        "    sys.exit(0)\n"
        "sys.exit(1)\n"
    )
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    assert proc.stdout.readline().strip() == "ready"
    time.sleep(0.5)
    proc.send_signal(signal.SIGINT)
    out, _ = proc.communicate(timeout=60)
    assert proc.returncode == 0 and "interrupted" in out


def test_many_items_take_the_trail_path():
    # More than 1024 items switches the engine from per-level size snapshots to the trail.
    # The dimer coverings of a cycle of n (even) vertices: exactly 2.
    n = 1100
    ec = ExactCover.from_options([[i, (i + 1) % n] for i in range(n)])
    assert ec.count_solutions() == 2
    assert sum(p.count_solutions() for p in ec.split(3)) == 2
    # A ladder-like variant with choices: each vertex pairs with the next one or is covered alone
    # by a secondary-free singleton: 2^k ways when k disjoint pairs are optional.
    k = 600
    options = [[2 * i, 2 * i + 1] for i in range(k)] + [[j] for j in range(2 * k)]
    ec2 = ExactCover.from_options(options)
    assert ec2.count_solutions(limit=1000) == 1000
    # 21 primary items, 1080 secondary ones: 2^10 ways for items 0..19, times 2 for item 20
    # (alone, or with secondary item 21; secondary item 1100 taken by an option of item 0).
    options = [[2 * i, 2 * i + 1] for i in range(10)] + [[j] for j in range(20)] + [[20], [20, 21], [0, 1100]]
    mixed = ExactCover.from_options(options, primary=21, secondary=1080)
    assert mixed.count_solutions() == 2**10 * 2 + 2**9 * 2
    assert sum(p.count_solutions() for p in mixed.split(2)) == mixed.count_solutions()
