"""Certified answers (issue 22): Shikaku and Hashiwokakero check every ``solved`` result, every
yielded solution and the first solution behind a count with their independent ``verify``
before returning it. An engine patched to answer wrongly must give ``cassetete.CheckFailed``,
never the wrong answer."""

from __future__ import annotations

from typing import Any, Callable, List

import pytest

import cassetete
from cassetete import CheckFailed, _core, hashi, shikaku

SHIKAKU = "4x4:a2_2b2_2c2_2_2a2a"
HASHI = "3x3m2:2a2c2a2"


def _covers_exactly_once(puzzle: Any, rects: List[Any]) -> bool:
    """The Shikaku rules, written again here: one rectangle per clue, of its area, holding it,
    covering every cell once."""
    p = shikaku.parse(puzzle)
    seen = set()
    for (cr, cc), value, (r, c, h, w) in zip(p.clue_positions(), p.clue_values(), rects):
        if h * w != value or not (r <= cr < r + h and c <= cc < c + w):
            return False
        cells = {(i, j) for i in range(r, r + h) for j in range(c, c + w)}
        if cells & seen:
            return False
        seen |= cells
    return len(seen) == p.rows * p.cols and len(rects) == len(p.clue_values())


def _wrong_rects(rects: Any) -> List[Any]:
    """A plausible but wrong answer: the first rectangle moved one column."""
    rects = [tuple(int(v) for v in r) for r in rects]
    r, c, h, w = rects[0]
    return [(r, c + 1, h, w)] + rects[1:]


def _wrong_bridges(bridges: Any) -> List[Any]:
    """A wrong answer: the first bridge doubled (island degrees no longer match)."""
    bridges = [tuple(int(v) for v in b) for b in bridges]
    r1, c1, r2, c2, n = bridges[0]
    return [(r1, c1, r2, c2, 3 - n)] + bridges[1:]


class _WrongStream:
    """Wraps a C++ solution stream and spoils every item."""

    def __init__(self, stream: Any, spoil: Callable[[Any], Any]) -> None:
        self.stream, self.spoil = stream, spoil

    def __iter__(self) -> "_WrongStream":
        return self

    def __next__(self) -> Any:
        return self.spoil(next(self.stream))

    def close(self) -> None:
        self.stream.close()

    def outcome(self) -> Any:
        return self.stream.outcome()


def test_the_honest_engines_pass_the_certificate():
    result = shikaku.solve(SHIKAKU)
    assert result.status == "solved" and _covers_exactly_once(SHIKAKU, result.solution)
    assert shikaku.count_solutions(SHIKAKU) == 1 and hashi.count_solutions(HASHI) == 1
    assert hashi.solve(HASHI).status == "solved"


def test_shikaku_exact_answer_that_breaks_the_rules_is_refused(monkeypatch):
    real = _core.shikaku.exact

    def wrong(*args: Any) -> Any:
        out = dict(real(*args))
        out["solutions"] = [_wrong_rects(s) for s in out["solutions"]]
        return out

    monkeypatch.setattr(_core.shikaku, "exact", wrong)
    with pytest.raises(CheckFailed, match="shikaku"):
        shikaku.solve(SHIKAKU)
    with pytest.raises(CheckFailed, match="shikaku"):
        shikaku.count_solutions(SHIKAKU)
    assert issubclass(CheckFailed, RuntimeError) and cassetete.CheckFailed is CheckFailed


def test_shikaku_stream_and_progress_count_are_certified(monkeypatch):
    real = _core.shikaku.stream
    monkeypatch.setattr(_core.shikaku, "stream", lambda *a: _WrongStream(real(*a), _wrong_rects))
    with pytest.raises(CheckFailed):
        next(shikaku.solutions(SHIKAKU))
    with pytest.raises(CheckFailed):
        shikaku.count_solutions(SHIKAKU, progress=True)


def test_shikaku_ilp_and_annealing_are_certified(monkeypatch):
    from cassetete.shikaku import _ilp

    real_ilp = _ilp.solve_ilp

    def wrong_ilp(*args: Any, **kwargs: Any) -> Any:
        result = real_ilp(*args, **kwargs)
        return cassetete.Result("solved", _wrong_rects(result.solution), result.stats, puzzle=result.puzzle)

    monkeypatch.setattr(_ilp, "solve_ilp", wrong_ilp)
    with pytest.raises(CheckFailed):
        shikaku.solve(SHIKAKU, method="ilp")
    real_anneal = _core.shikaku.anneal

    def wrong_anneal(*args: Any) -> Any:
        out = dict(real_anneal(*args))
        out["status"], out["best"] = "solved", _wrong_rects(shikaku.solve(SHIKAKU).solution)
        return out

    monkeypatch.setattr(_core.shikaku, "anneal", wrong_anneal)
    with pytest.raises(CheckFailed):
        shikaku.solve(SHIKAKU, method="annealing", seed=1, iterations=10)


def test_hashi_exact_answer_that_breaks_the_rules_is_refused(monkeypatch):
    real = _core.hashi.solve_exact

    def wrong(*args: Any) -> Any:
        out = dict(real(*args))
        out["solutions"] = [_wrong_bridges(s) for s in out["solutions"]]
        return out

    monkeypatch.setattr(_core.hashi, "solve_exact", wrong)
    with pytest.raises(CheckFailed, match="hashi"):
        hashi.solve(HASHI)
    with pytest.raises(CheckFailed, match="hashi"):
        hashi.count_solutions(HASHI)


def test_hashi_stream_and_progress_count_are_certified(monkeypatch):
    real = _core.hashi.stream
    monkeypatch.setattr(_core.hashi, "stream", lambda *a: _WrongStream(real(*a), _wrong_bridges))
    with pytest.raises(CheckFailed):
        list(hashi.solutions(HASHI))
    with pytest.raises(CheckFailed):
        hashi.count_solutions(HASHI, progress=True)


def test_hashi_ilp_and_annealing_are_certified(monkeypatch):
    from cassetete.hashi import _ilp

    real_ilp = _ilp.solve_ilp

    def wrong_ilp(*args: Any, **kwargs: Any) -> Any:
        result = real_ilp(*args, **kwargs)
        return cassetete.Result("solved", _wrong_bridges(result.solution), result.stats, puzzle=result.puzzle)

    monkeypatch.setattr(_ilp, "solve_ilp", wrong_ilp)
    with pytest.raises(CheckFailed):
        hashi.solve(HASHI, method="ilp")
    real_anneal = _core.hashi.solve_annealing

    def wrong_anneal(*args: Any, **kwargs: Any) -> Any:
        out = dict(real_anneal(*args, **kwargs))
        out["status"], out["bridges"] = "solved", _wrong_bridges(hashi.solve(HASHI).solution)
        return out

    monkeypatch.setattr(_core.hashi, "solve_annealing", wrong_anneal)
    with pytest.raises(CheckFailed):
        hashi.solve(HASHI, method="annealing", seed=1, node_limit=10)
