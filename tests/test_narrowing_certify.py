"""Issue 22: every narrowing answer (plain models and packings) is checked against the model's
constraints, and a packing's grid against the packing rules, before it is returned."""

from __future__ import annotations

import pytest

import cassetete
from cassetete import narrowing


def small_model():
    m = narrowing.Model()
    xs = [m.int_var(0, 2, name=f"x{i}") for i in range(3)]
    m.add_all_different(xs)
    m.add_product(m.int_var(0, 4, name="d"), 2, xs[0])
    return m


def test_answers_pass_the_check():
    m = small_model()
    for sol in m.solutions():
        assert len({sol["x0"], sol["x1"], sol["x2"]}) == 3 and sol["d"] == 2 * sol["x0"]
        assert narrowing.verify(m, sol)
    assert not narrowing.verify(m, {"x0": 0, "x1": 0, "x2": 1, "d": 0})
    assert not narrowing.verify(m, {"x0": 1, "x1": 0, "x2": 2, "d": 1})


def test_wrong_first_answer_raises(monkeypatch):
    monkeypatch.setattr(cassetete._core.narrowing, "first",
                        lambda *args, **kwargs: ("solved", [1, 1, 0, 2], {"nodes": 1, "cuts": 0}))
    with pytest.raises(cassetete.CheckFailed, match="all_different"):
        small_model().solve()


def test_wrong_streamed_answer_raises(monkeypatch):
    class Wrong:
        complete = True

        def __init__(self, *args, **kwargs):
            pass

        def __iter__(self):
            yield [0, 1, 2, 1]  # d = 1 is not 2 * x0

        def stats(self):
            return {"nodes": 1, "cuts": 0}

    monkeypatch.setattr(cassetete._core.narrowing, "Iterator", Wrong)
    with pytest.raises(cassetete.CheckFailed, match="product"):
        next(small_model().solutions())


def test_wrong_packing_raises(monkeypatch):
    pm = narrowing.packing_model((3, 20))
    real = cassetete._core.narrowing.first
    status, values, stats = real(pm._core_model(), [], None, None, strategy="smallest-min", incremental=True,
                                 profile=False)
    assert narrowing.verify(pm, pm.decode(values))
    x0 = pm.points[0][0][0].index  # move one cell of the first piece: its shape breaks
    bad = list(values)
    bad[x0] = (bad[x0] + 1) % 3
    monkeypatch.setattr(cassetete._core.narrowing, "first", lambda *a, **k: ("solved", bad, stats))
    with pytest.raises(cassetete.CheckFailed, match="narrowing"):
        pm.solve()
