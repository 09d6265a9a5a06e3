"""Fuzzing every entry point that reads outside data, with a small hypothesis budget.

The property: whatever the input (mutated valid files, random text, random arrays of any
shape and dtype), a parser and a short search on what it parsed either succeed or raise
``PuzzleError``; never another exception, a crash or a hang. The targets and their valid seed
inputs live in ``fuzz/targets.py``, shared with the long coverage-guided runs of
``fuzz/atheris_fuzz.py`` (figures in ``bench/results/reliability.md``).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from cassetete import PuzzleError

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from fuzz.targets import SEEDS, TEXT_TARGETS, array_targets  # noqa: E402

# A modest budget per target keeps this file near 15 s; CASSETETE_FUZZ_EXAMPLES raises it.
EXAMPLES = int(os.environ.get("CASSETETE_FUZZ_EXAMPLES", "250"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large])

# Characters that the formats give meaning to, so random text reaches deep into the parsers.
# Unicode digits too: "¹".isdigit() is True but int("¹") fails; int("٣") and int("３") work.
ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ .-_|+#:/?{}[],\"\n\t-x×¹²٣３"


@st.composite
def mutated(draw, seeds):
    """A valid input with a few random edits: replace, insert, delete, duplicate a slice."""
    text = draw(st.sampled_from(seeds))
    for _ in range(draw(st.integers(0, 6))):
        kind = draw(st.sampled_from(["replace", "insert", "delete", "duplicate", "number"]))
        at = draw(st.integers(0, len(text)))
        if kind == "replace" and text:
            at = min(at, len(text) - 1)
            text = text[:at] + draw(st.sampled_from(ALPHABET)) + text[at + 1:]
        elif kind == "insert":
            text = text[:at] + draw(st.text(ALPHABET, max_size=4)) + text[at:]
        elif kind == "delete":
            text = text[:at] + text[at + draw(st.integers(1, 5)):]
        elif kind == "duplicate":
            end = draw(st.integers(at, len(text)))
            text = text[:end] + text[at:end] + text[end:]
        else:  # a number at its edges: huge, negative, zero
            number = draw(st.sampled_from(["0", "-1", "99999999999999999999", "4000000", "65536", "-0", "1e9", "nan"]))
            text = text[:at] + number + text[at:]
    return text


def inputs(name: str):
    return st.one_of(mutated(SEEDS[name]), st.text(ALPHABET, max_size=120), st.text(max_size=40))


def check_clean(target, value) -> None:
    """Success or PuzzleError; any other exception fails the test with the input shown."""
    try:
        target(value)
    except PuzzleError:
        pass


@pytest.mark.parametrize("name", sorted(TEXT_TARGETS))
def test_text_parsers_raise_only_puzzle_error(name):
    @FUZZ
    @given(inputs(name))
    def run(text):
        check_clean(TEXT_TARGETS[name], text)

    run()


DTYPES = st.sampled_from([np.bool_, np.int8, np.uint8, np.int16, np.int32, np.int64, np.uint64, np.float64,
                          np.float32, np.complex64])
ARRAYS = hnp.arrays(DTYPES, hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=10),
                    elements={"allow_nan": True, "allow_infinity": True, "allow_subnormal": False})
# Arrays of a plausible shape with small integer values: they get past the first checks.
SMALL_INT_ARRAYS = st.one_of(
    hnp.arrays(np.int64, st.tuples(st.integers(0, 9), st.integers(0, 9)), elements=st.integers(-2, 10)),
    hnp.arrays(np.int64, st.tuples(st.integers(0, 9), st.just(4)), elements=st.integers(-2, 5)),
    hnp.arrays(np.int64, st.sampled_from([(4, 4), (9, 9), (1, 1), (16, 16)]), elements=st.integers(-1, 17)),
)


@pytest.mark.parametrize("name", sorted(array_targets()))
def test_array_inputs_raise_only_puzzle_error(name):
    target = array_targets()[name]

    @FUZZ
    @given(st.one_of(ARRAYS, SMALL_INT_ARRAYS))
    def run(array):
        check_clean(target, array)

    run()


@FUZZ
@given(st.lists(st.lists(st.one_of(st.integers(-3, 12), st.integers(), st.floats(), st.text(max_size=2), st.none()),
                         max_size=6), max_size=8),
       st.one_of(st.none(), st.integers(-2, 14), st.floats(), st.text(max_size=2)),
       st.one_of(st.integers(-2, 4), st.floats(), st.none()))
def test_exactcover_from_options_raises_only_puzzle_error(options, primary, secondary):
    from cassetete.exactcover import ExactCover

    from fuzz.targets import _exactcover_count

    def build_and_count(_):
        _exactcover_count(ExactCover.from_options(options, primary=primary, secondary=secondary))

    check_clean(build_and_count, None)


@FUZZ
@given(st.dictionaries(st.text(max_size=3),
                       st.one_of(st.text("#.\n ", max_size=20),
                                 st.lists(st.lists(st.one_of(st.integers(-3, 5), st.integers(), st.floats()),
                                                   max_size=4), max_size=6),
                                 st.integers(), st.none()),
                       max_size=4))
def test_polyomino_piece_dicts_raise_only_puzzle_error(pieces):
    from cassetete import polyomino

    def build(_):
        shapes = polyomino.piece_set(pieces)
        area = sum(len(cells) for cells in shapes.values())
        if 0 < area <= 30:
            polyomino.solve(f"1x{area}", shapes, node_limit=2000)

    check_clean(build, None)
