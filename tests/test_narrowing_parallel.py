"""The narrowing count spread on executors (issue 21): same totals as the serial count."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

from cassetete import LimitReached, narrowing
from cassetete.narrowing._jobs import NarrowingJob


def small_box():
    return narrowing.packing_model((3, 20), up_to_symmetry=False, narrowing="placement")


@pytest.mark.parametrize("make", [lambda: ThreadPoolExecutor(2), lambda: ProcessPoolExecutor(2)])
def test_counts_equal_the_serial_one(make):
    serial = small_box().count_solutions()
    with make() as pool:
        assert small_box().count_solutions(executor=pool) == serial
        pm = narrowing.packing_model((3, 20))
        assert pm.count_solutions(executor=pool) == narrowing.packing_model((3, 20)).count_solutions()
        assert pm.last_stats["complete"]


def test_plain_model_and_limit():
    m = narrowing.Model()
    xs = [m.int_var(0, 4) for _ in range(5)]
    m.add_all_different(xs)
    with ThreadPoolExecutor(2) as pool:
        assert m.count_solutions(executor=pool) == 120
        assert m.count_solutions(executor=pool, limit=7) == 7


def test_checkpoint_resumes_to_the_same_total(tmp_path):
    path = str(tmp_path / "count.ckpt")
    pm = small_box()
    with ThreadPoolExecutor(1) as pool:
        with pytest.raises(LimitReached):
            pm.count_solutions(executor=pool, checkpoint=path, node_limit=1)
        assert pm.count_solutions(executor=pool, checkpoint=path) == small_box().count_solutions()


def test_job_split_partitions_the_tree():
    m = narrowing.Model()
    xs = [m.int_var(0, 3) for _ in range(4)]
    m.add_all_different(xs)
    job = NarrowingJob(m)
    total = sum(job.count(child, None)[0] for part in job.split(()) for child in job.split(part))
    assert total == 24
